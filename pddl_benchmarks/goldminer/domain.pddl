;; Gold Miner: a robot on a grid of cells wants to hold the gold. Cells are blocked by soft or hard
;; rock. A laser (which can be put down again) clears any neighbouring cell but also destroys gold
;; there; a bomb (an endless supply lies on one cell) clears only soft rock and is used up. So the
;; gold cell itself must be opened with a bomb.
;; The typed STRIPS domain of the IPC-2008 learning track, as kept in pddl-generators and used in
;; the genplan17 benchmark. Written for genplan.

(define (domain gold-miner-typed)
  (:requirements :strips :typing)

  (:types LOC)

  (:predicates
    (robot-at ?x - LOC)
    (bomb-at ?x - LOC)
    (laser-at ?x - LOC)
    (soft-rock-at ?x - LOC)
    (hard-rock-at ?x - LOC)
    (gold-at ?x - LOC)
    (arm-empty)
    (holds-bomb)
    (holds-laser)
    (holds-gold)
    (clear ?x - LOC)
    (connected ?x - LOC ?y - LOC))

  ;; Step to a neighbouring cell that holds no rock.
  (:action move
    :parameters (?x - LOC ?y - LOC)
    :precondition (and (robot-at ?x) (connected ?x ?y) (clear ?y))
    :effect (and (robot-at ?y) (not (robot-at ?x))))

  (:action pickup-laser
    :parameters (?x - LOC)
    :precondition (and (robot-at ?x) (laser-at ?x) (arm-empty))
    :effect (and (not (arm-empty)) (holds-laser) (not (laser-at ?x))))

  ;; The supply stays where it is: bombs can be fetched again and again.
  (:action pickup-bomb
    :parameters (?x - LOC)
    :precondition (and (robot-at ?x) (bomb-at ?x) (arm-empty))
    :effect (and (not (arm-empty)) (holds-bomb)))

  (:action putdown-laser
    :parameters (?x - LOC)
    :precondition (and (robot-at ?x) (holds-laser))
    :effect (and (arm-empty) (not (holds-laser)) (laser-at ?x)))

  ;; A bomb only breaks soft rock, and the gold survives it.
  (:action detonate-bomb
    :parameters (?x - LOC ?y - LOC)
    :precondition (and (robot-at ?x) (holds-bomb) (connected ?x ?y) (soft-rock-at ?y))
    :effect (and (not (holds-bomb)) (arm-empty) (clear ?y) (not (soft-rock-at ?y))))

  ;; The laser clears any neighbouring cell, destroying whatever gold is there.
  (:action fire-laser
    :parameters (?x - LOC ?y - LOC)
    :precondition (and (robot-at ?x) (holds-laser) (connected ?x ?y))
    :effect (and (clear ?y) (not (soft-rock-at ?y)) (not (gold-at ?y)) (not (hard-rock-at ?y))))

  ;; Pick up the gold on the robot's cell with an empty hand.
  (:action pick-gold
    :parameters (?x - LOC)
    :precondition (and (robot-at ?x) (arm-empty) (gold-at ?x))
    :effect (and (not (arm-empty)) (holds-gold)))
)
