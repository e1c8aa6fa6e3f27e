;; Sokoban, genplan's own formulation (the domain of genplan/generators/sokoban.py).
;;
;; The warehouse is a grid of locations. A location is either a wall or a floor square; walls are
;; simply never clear and take part in no adjacent fact, so nothing can ever enter them.
;;
;; - (adjacent ?a ?b ?d): floor square ?b is the neighbour of floor square ?a in direction ?d; given
;;   both ways for every pair of neighbouring floor squares, and never changed.
;; - (clear ?l): floor square ?l holds no box. The robot's own square counts as clear: the robot never
;;   blocks itself, and a box can only be pushed onto a square that no box occupies.
;; - (at ?b ?l): box ?b stands on ?l; (at-robot ?l): the robot stands on ?l.
;;
;; The robot walks to a neighbouring box-free square, or pushes a box one square further in the
;; direction it walks; it can never pull. Goals place each box on its own goal square.

(define (domain sokoban)
  (:requirements :strips :typing)
  (:types location direction box)
  (:constants down up left right - direction)

  (:predicates
    (at-robot ?l - location)
    (at ?b - box ?l - location)
    (adjacent ?from - location ?to - location ?d - direction)
    (clear ?l - location))

  ;; Walk one square: the target must hold no box (walls are never clear).
  (:action move
    :parameters (?from - location ?to - location ?d - direction)
    :precondition (and (at-robot ?from) (adjacent ?from ?to ?d) (clear ?to))
    :effect (and (at-robot ?to) (not (at-robot ?from))))

  ;; Push box ?b from ?boxloc to ?beyond while walking from ?robotloc onto ?boxloc: the three squares
  ;; lie in a line in direction ?d, and ?beyond must hold no box.
  (:action push
    :parameters (?robotloc - location ?boxloc - location ?beyond - location ?d - direction ?b - box)
    :precondition (and (at-robot ?robotloc) (at ?b ?boxloc) (clear ?beyond)
                       (adjacent ?robotloc ?boxloc ?d) (adjacent ?boxloc ?beyond ?d))
    :effect (and (at-robot ?boxloc) (not (at-robot ?robotloc))
                 (at ?b ?beyond) (not (at ?b ?boxloc))
                 (clear ?boxloc) (not (clear ?beyond)))))
