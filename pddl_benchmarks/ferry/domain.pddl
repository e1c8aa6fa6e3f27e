;; Ferry: the classic STRIPS ferry domain (as distributed with AI-Planning/pddl-generators and used by
;; Silver et al.), as used in the genplan17 benchmark.
;;
;; One ferry shuttles cars between locations; it carries at most one car at a time. The domain is
;; untyped: the unary predicates car and location say what an object is, and not-eq lists every pair of
;; distinct locations so that the ferry never "sails" to where it already is.

(define (domain ferry)
  (:requirements :strips)

  (:predicates
    (not-eq ?x ?y)      ; ?x and ?y are different locations
    (car ?c)
    (location ?l)
    (at-ferry ?l)       ; the ferry is docked at ?l
    (at ?c ?l)          ; car ?c stands on land at ?l
    (empty-ferry)       ; no car is aboard
    (on ?c))            ; car ?c is aboard the ferry

  ;; Cross from one location to a different one.
  (:action sail
    :parameters (?from ?to)
    :precondition (and (not-eq ?from ?to) (location ?from) (location ?to) (at-ferry ?from))
    :effect (and (at-ferry ?to)
                 (not (at-ferry ?from))))

  ;; Drive a car standing where the ferry is docked onto the empty ferry.
  (:action board
    :parameters (?car ?loc)
    :precondition (and (car ?car) (location ?loc) (at ?car ?loc) (at-ferry ?loc) (empty-ferry))
    :effect (and (on ?car)
                 (not (at ?car ?loc))
                 (not (empty-ferry))))

  ;; Drive the car aboard off at the current location.
  (:action debark
    :parameters (?car ?loc)
    :precondition (and (car ?car) (location ?loc) (on ?car) (at-ferry ?loc))
    :effect (and (at ?car ?loc)
                 (empty-ferry)
                 (not (on ?car))))
)
