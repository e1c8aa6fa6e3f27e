;; Visitall: a robot on a grid of places (4-connected, possibly with holes) must visit a given
;; set of places; every place it steps onto counts as visited. The STRIPS version from the
;; IPC-2011 and IPC-2014 competitions as kept in pddl-generators, used in the genplan17 benchmark.
;; Written for genplan.

(define (domain grid-visit-all)
  (:requirements :strips :typing)

  (:types place - object)

  (:predicates
    (connected ?x - place ?y - place)
    (at-robot ?x - place)
    (visited ?x - place))

  ;; Step to an adjacent place, marking it visited.
  (:action move
    :parameters (?curpos - place ?nextpos - place)
    :precondition (and (at-robot ?curpos) (connected ?curpos ?nextpos))
    :effect (and (at-robot ?nextpos)
                 (not (at-robot ?curpos))
                 (visited ?nextpos))))
