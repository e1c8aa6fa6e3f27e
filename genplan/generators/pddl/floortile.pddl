; Floortile, as genplan formulates it (written for genplan from the domain's semantics).
;
; A floor is a grid of tiles. Robots stand on tiles, one robot per tile, and carry a paint color.
; A robot paints the tile directly above or below it (never sideways, never its own tile), and a
; painted tile can be neither painted again nor walked on: painting walls part of the floor off.
; Tiles are linked by four direction facts, each read "the first tile lies <direction> of the
; second": (up a b) says a is the tile above b, (right a b) says a is the tile right of b.
; A tile is clear when no robot stands on it and it is not painted.
;
; Names follow the IPC 2023 Learning Track's floortile (move_* actions, underscores), so a task of
; this domain is word for word a task of that one; that formulation also declares a predicate no
; action uses (free-color), left out here.

(define (domain floortile)
  (:requirements :typing)
  (:types robot tile color - object)

  (:predicates
    (robot-at ?r - robot ?t - tile)     ; where a robot stands
    (up ?a - tile ?b - tile)            ; a is above b
    (down ?a - tile ?b - tile)          ; a is below b
    (right ?a - tile ?b - tile)         ; a is right of b
    (left ?a - tile ?b - tile)          ; a is left of b
    (clear ?t - tile)                   ; neither painted nor stood on
    (painted ?t - tile ?c - color)
    (robot-has ?r - robot ?c - color)   ; the color a robot paints with
    (available-color ?c - color))       ; a color a robot may switch to

  ; Switch paint: any available color, at any time and place.
  (:action change_color
    :parameters (?r - robot ?c - color ?c2 - color)
    :precondition (and (robot-has ?r ?c) (available-color ?c2))
    :effect (and (not (robot-has ?r ?c)) (robot-has ?r ?c2)))

  ; Paint the clear tile ?y above the robot's tile ?x.
  (:action paint_up
    :parameters (?r - robot ?y - tile ?x - tile ?c - color)
    :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (up ?y ?x) (clear ?y))
    :effect (and (not (clear ?y)) (painted ?y ?c)))

  ; Paint the clear tile ?y below the robot's tile ?x.
  (:action paint_down
    :parameters (?r - robot ?y - tile ?x - tile ?c - color)
    :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (down ?y ?x) (clear ?y))
    :effect (and (not (clear ?y)) (painted ?y ?c)))

  ; Step from ?x to the clear neighbouring tile ?y; ?x becomes clear behind the robot.
  (:action move_up
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (up ?y ?x) (clear ?y))
    :effect (and (not (robot-at ?r ?x)) (robot-at ?r ?y) (not (clear ?y)) (clear ?x)))

  (:action move_down
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (down ?y ?x) (clear ?y))
    :effect (and (not (robot-at ?r ?x)) (robot-at ?r ?y) (not (clear ?y)) (clear ?x)))

  (:action move_right
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (right ?y ?x) (clear ?y))
    :effect (and (not (robot-at ?r ?x)) (robot-at ?r ?y) (not (clear ?y)) (clear ?x)))

  (:action move_left
    :parameters (?r - robot ?x - tile ?y - tile)
    :precondition (and (robot-at ?r ?x) (left ?y ?x) (clear ?y))
    :effect (and (not (robot-at ?r ?x)) (robot-at ?r ?y) (not (clear ?y)) (clear ?x))))
