;; Delivery: the "trap newspapers" domain of Silver et al. (PG3 / llm-genplan benchmarks), as used in
;; the genplan17 benchmark.
;;
;; A courier starts at its home base, where the newspapers lie unpacked. It may pick papers up only at
;; the home base and hand one to the location it is standing at. Some locations want a paper; the task
;; is to satisfy all of them. The trap: the courier can only move away from a *safe* location, so a
;; step onto an unsafe location strands it for good.

(define (domain trapnewspapers)
  (:requirements :strips :typing)

  (:types loc paper)

  (:predicates
    (at ?loc - loc)             ; the courier stands at ?loc
    (isHomeBase ?loc - loc)     ; papers can be picked up here
    (satisfied ?loc - loc)      ; ?loc got its paper
    (wantsPaper ?loc - loc)     ; ?loc still waits for a paper
    (safe ?loc - loc)           ; the courier can leave ?loc again
    (unpacked ?paper - paper)   ; ?paper still lies at the home base
    (carrying ?paper - paper))  ; the courier holds ?paper

  ;; Take one paper from the pile at the home base.
  (:action pick-up
    :parameters (?paper - paper ?loc - loc)
    :precondition (and (at ?loc) (isHomeBase ?loc) (unpacked ?paper))
    :effect (and (not (unpacked ?paper))
                 (carrying ?paper)))

  ;; Go anywhere, but only from a safe location.
  (:action move
    :parameters (?from - loc ?to - loc)
    :precondition (and (at ?from) (safe ?from))
    :effect (and (not (at ?from))
                 (at ?to)))

  ;; Hand a carried paper to the current location.
  (:action deliver
    :parameters (?paper - paper ?loc - loc)
    :precondition (and (at ?loc) (carrying ?paper))
    :effect (and (not (carrying ?paper))
                 (not (wantsPaper ?loc))
                 (satisfied ?loc)))
)
