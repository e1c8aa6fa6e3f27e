;; Grippers: several robots, each with its own grippers, carry balls between rooms; a robot can
;; move between any two rooms. This is the multi-robot gripper domain of the pddl-generators
;; collection ("grippers"), as used in the genplan17 benchmark. The balls have no type of their
;; own: they are plain objects. Written for genplan.

(define (domain gripper-strips)
  (:requirements :strips :typing)

  (:types room robot gripper)

  (:predicates
    (at-robby ?r - robot ?x - room)
    (at ?o - object ?x - room)
    (free ?r - robot ?g - gripper)
    (carry ?r - robot ?o - object ?g - gripper))

  ;; A robot goes from one room to another.
  (:action move
    :parameters (?r - robot ?from - room ?to - room)
    :precondition (and (at-robby ?r ?from))
    :effect (and (at-robby ?r ?to)
                 (not (at-robby ?r ?from))))

  ;; A robot grasps an object in its room with one of its free grippers.
  (:action pick
    :parameters (?r - robot ?obj - object ?room - room ?g - gripper)
    :precondition (and (at ?obj ?room) (at-robby ?r ?room) (free ?r ?g))
    :effect (and (carry ?r ?obj ?g)
                 (not (at ?obj ?room))
                 (not (free ?r ?g))))

  ;; A robot releases a carried object in the room it is in.
  (:action drop
    :parameters (?r - robot ?obj - object ?room - room ?g - gripper)
    :precondition (and (carry ?r ?obj ?g) (at-robby ?r ?room))
    :effect (and (at ?obj ?room)
                 (free ?r ?g)
                 (not (carry ?r ?obj ?g)))))
