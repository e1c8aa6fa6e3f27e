;; Blocksworld with four operators: a single hand picks blocks up from the table, puts them
;; down, stacks them onto other blocks and unstacks them again. This is the untyped 4-operator
;; formulation (handempty / ontable) that PlanBench and AutoPlanBench use and that the genplan17
;; benchmark adopts for its IPC-2000 and randomly generated tasks. Written for genplan.

(define (domain blocksworld-4ops)
  (:requirements :strips)

  (:predicates
    (clear ?x)
    (ontable ?x)
    (handempty)
    (holding ?x)
    (on ?x ?y))

  ;; Lift a clear block from the table.
  (:action pick-up
    :parameters (?ob)
    :precondition (and (clear ?ob) (ontable ?ob) (handempty))
    :effect (and (holding ?ob)
                 (not (clear ?ob))
                 (not (ontable ?ob))
                 (not (handempty))))

  ;; Place the held block on the table.
  (:action put-down
    :parameters (?ob)
    :precondition (holding ?ob)
    :effect (and (clear ?ob)
                 (handempty)
                 (ontable ?ob)
                 (not (holding ?ob))))

  ;; Place the held block on top of a clear block.
  (:action stack
    :parameters (?ob ?underob)
    :precondition (and (clear ?underob) (holding ?ob))
    :effect (and (handempty)
                 (clear ?ob)
                 (on ?ob ?underob)
                 (not (clear ?underob))
                 (not (holding ?ob))))

  ;; Lift a clear block off the block beneath it.
  (:action unstack
    :parameters (?ob ?underob)
    :precondition (and (on ?ob ?underob) (clear ?ob) (handempty))
    :effect (and (holding ?ob)
                 (clear ?underob)
                 (not (on ?ob ?underob))
                 (not (clear ?ob))
                 (not (handempty)))))
