;; Miconic: the STRIPS elevator domain of IPC-2000 (Koehler's Miconic-10, simple version), in the file of
;; Silver et al.'s many-buildings variant (llm-genplan "manymiconic"), as used in the genplan17
;; benchmark.
;;
;; Lifts move between floors; passengers board at their origin floor and get off (are served) at their
;; destination. (above ?floor1 ?floor2) means ?floor2 is higher than ?floor1. A task may hold several
;; buildings, each with its own floors, lift and passengers; nothing links the buildings.

(define (domain miconic)
  (:requirements :strips :typing)

  (:types passenger floor - object)

  (:predicates
    (origin ?person - passenger ?floor - floor)  ; ?person waits at ?floor
    (destin ?person - passenger ?floor - floor)  ; ?person wants to go to ?floor
    (above ?floor1 - floor ?floor2 - floor)      ; ?floor2 is above ?floor1
    (boarded ?person - passenger)
    (served ?person - passenger)
    (lift-at ?floor - floor))

  ;; A passenger waiting at the lift's floor gets in (origin stays true: it is static).
  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f))
    :effect (and (boarded ?p)))

  ;; A boarded passenger gets out at their destination and is served.
  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p))
                 (served ?p)))

  ;; The lift goes up from ?f1 to a higher floor ?f2.
  (:action up
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2)
                 (not (lift-at ?f1))))

  ;; The lift goes down from ?f1 to a lower floor ?f2.
  (:action down
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2)
                 (not (lift-at ?f1))))
)
