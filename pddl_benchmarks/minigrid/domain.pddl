;; MiniGrid-style navigation: a robot walks between connected places (the cells of a floorplan of
;; rooms) to reach a goal place. Doors are locked places; a locked place opens for a key of the same
;; shape as its lock, held by the robot next to it. The robot carries at most one key.
;; The untyped STRIPS domain of Bonet's mini-grid generator (bonetblai/mini-grid), a variant of the
;; IPC Grid domain, as used in the genplan17 benchmark. Types are unary predicates. Written for genplan.

(define (domain grid)
  (:requirements :strips)

  (:predicates
    (place ?x) (key ?k) (shape ?s)                       ; object kinds
    (conn ?x ?y) (key-shape ?k ?s) (lock-shape ?x ?s)    ; never change
    (at ?k ?x) (at-robot ?x) (holding ?k) (arm-empty)
    (locked ?x) (open ?x))

  ;; Step to a neighbouring place that is open.
  (:action move
    :parameters (?curpos ?nextpos)
    :precondition (and (place ?curpos) (place ?nextpos) (conn ?curpos ?nextpos)
                       (at-robot ?curpos) (open ?nextpos))
    :effect (and (at-robot ?nextpos) (not (at-robot ?curpos))))

  ;; Pick up a key lying here, with nothing in hand.
  (:action pickup
    :parameters (?curpos ?key)
    :precondition (and (place ?curpos) (key ?key) (at ?key ?curpos) (at-robot ?curpos) (arm-empty))
    :effect (and (holding ?key) (not (at ?key ?curpos)) (not (arm-empty))))

  ;; Swap keys: leave the held key here and take the one lying here.
  (:action pickup-and-loose
    :parameters (?curpos ?newkey ?oldkey)
    :precondition (and (place ?curpos) (key ?newkey) (key ?oldkey) (at ?newkey ?curpos)
                       (at-robot ?curpos) (holding ?oldkey))
    :effect (and (holding ?newkey) (at ?oldkey ?curpos) (not (holding ?oldkey)) (not (at ?newkey ?curpos))))

  ;; Leave the held key here.
  (:action putdown
    :parameters (?curpos ?key)
    :precondition (and (place ?curpos) (key ?key) (at-robot ?curpos) (holding ?key))
    :effect (and (arm-empty) (at ?key ?curpos) (not (holding ?key))))

  ;; Open a neighbouring locked place with a held key of the lock's shape.
  (:action unlock
    :parameters (?curpos ?lockpos ?key ?shape)
    :precondition (and (place ?curpos) (place ?lockpos) (key ?key) (shape ?shape)
                       (conn ?curpos ?lockpos) (key-shape ?key ?shape) (lock-shape ?lockpos ?shape)
                       (at-robot ?curpos) (locked ?lockpos) (holding ?key))
    :effect (and (open ?lockpos) (not (locked ?lockpos))))
)
