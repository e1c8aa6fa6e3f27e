;; Gripper: the IPC-1998 gripper domain (STRIPS, untyped), in the many-rooms variant's file of Silver et
;; al. (llm-genplan "manygripper"), as used in the genplan17 benchmark.
;;
;; A robot with grippers moves between rooms and carries balls, one per gripper. Object kinds are given
;; by the unary predicates room, ball and gripper.

(define (domain gripper-strips)
  (:requirements :strips)

  (:predicates
    (room ?r)
    (ball ?b)
    (gripper ?g)
    (at-robby ?r)       ; the robot is in room ?r
    (at ?b ?r)          ; ball ?b lies in room ?r
    (free ?g)           ; gripper ?g holds nothing
    (carry ?o ?g))      ; gripper ?g holds ball ?o

  ;; The robot goes to another room (any room is reachable in one step).
  (:action move
    :parameters (?from ?to)
    :precondition (and (room ?from) (room ?to) (at-robby ?from))
    :effect (and (at-robby ?to)
                 (not (at-robby ?from))))

  ;; Grab a ball in the robot's room with a free gripper.
  (:action pick
    :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper)
                       (at ?obj ?room) (at-robby ?room) (free ?gripper))
    :effect (and (carry ?obj ?gripper)
                 (not (at ?obj ?room))
                 (not (free ?gripper))))

  ;; Put a held ball down in the robot's room.
  (:action drop
    :parameters (?obj ?room ?gripper)
    :precondition (and (ball ?obj) (room ?room) (gripper ?gripper)
                       (carry ?obj ?gripper) (at-robby ?room))
    :effect (and (at ?obj ?room)
                 (free ?gripper)
                 (not (carry ?obj ?gripper))))
)
