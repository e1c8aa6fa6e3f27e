;; Transport: trucks drive along roads between locations to pick up packages and drop them where they
;; are wanted. A truck carries only as many packages as its capacity allows: its free capacity is a
;; capacity number, one step down the capacity-predecessor chain per package picked up.
;; The STRIPS domain of the IPC 2008-2014 transport tracks without road lengths and action costs, as
;; used in the genplan17 benchmark. The type target is declared but never used, as in the original.
;; Written for genplan.

(define (domain transport)
  (:requirements :strips :typing)

  (:types
    location target locatable capacity-number - object
    vehicle package - locatable)

  (:predicates
    (road ?l1 - location ?l2 - location)
    (at ?x - locatable ?v - location)
    (in ?x - package ?v - vehicle)
    (capacity ?v - vehicle ?s1 - capacity-number)                  ; free capacity
    (capacity-predecessor ?s1 - capacity-number ?s2 - capacity-number))  ; ?s1 + 1 = ?s2

  (:action drive
    :parameters (?v - vehicle ?l1 - location ?l2 - location)
    :precondition (and (at ?v ?l1) (road ?l1 ?l2))
    :effect (and (not (at ?v ?l1)) (at ?v ?l2)))

  ;; Loading a package takes one unit of free capacity: ?s2 becomes ?s1.
  (:action pick-up
    :parameters (?v - vehicle ?l - location ?p - package ?s1 - capacity-number ?s2 - capacity-number)
    :precondition (and (at ?v ?l) (at ?p ?l) (capacity-predecessor ?s1 ?s2) (capacity ?v ?s2))
    :effect (and (not (at ?p ?l)) (in ?p ?v) (capacity ?v ?s1) (not (capacity ?v ?s2))))

  ;; Unloading gives the unit back: ?s1 becomes ?s2.
  (:action drop
    :parameters (?v - vehicle ?l - location ?p - package ?s1 - capacity-number ?s2 - capacity-number)
    :precondition (and (at ?v ?l) (in ?p ?v) (capacity-predecessor ?s1 ?s2) (capacity ?v ?s1))
    :effect (and (not (in ?p ?v)) (at ?p ?l) (capacity ?v ?s2) (not (capacity ?v ?s1))))
)
