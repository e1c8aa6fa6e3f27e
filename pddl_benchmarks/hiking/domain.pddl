;; Hiking: the trail-following grid domain of Silver et al. (called Forest in their PG3 paper, "hiking"
;; in llm-genplan), as used in the genplan17 benchmark. Not the pddl-generators hiking domain.
;;
;; A hiker moves between adjacent grid cells towards a goal cell. Water cells are traps: once in the
;; water the hiker cannot leave. Hills cannot be walked onto, only climbed. The static onTrail facts mark
;; a safe route from the start to the goal; no action mentions them, they are a hint for a policy.

(define (domain hiking)
  (:requirements :strips :typing :negative-preconditions)

  (:types loc)

  (:predicates
    (at ?loc - loc)                    ; the hiker is at ?loc
    (isWater ?loc - loc)
    (isHill ?loc - loc)
    (adjacent ?loc1 - loc ?loc2 - loc) ; one step leads from ?loc1 to ?loc2
    (onTrail ?from - loc ?to - loc))   ; the trail continues from ?from to ?to

  ;; Step onto an adjacent cell that is not a hill.
  (:action walk
    :parameters (?from - loc ?to - loc)
    :precondition (and (not (isHill ?to))
                       (at ?from)
                       (adjacent ?from ?to)
                       (not (isWater ?from)))
    :effect (and (at ?to)
                 (not (at ?from))))

  ;; Climb onto an adjacent hill.
  (:action climb
    :parameters (?from - loc ?to - loc)
    :precondition (and (isHill ?to)
                       (at ?from)
                       (adjacent ?from ?to)
                       (not (isWater ?from)))
    :effect (and (at ?to)
                 (not (at ?from))))
)
