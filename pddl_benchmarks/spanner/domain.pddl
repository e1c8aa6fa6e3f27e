;; Spanner: a man walks down a one-way corridor from the shed to the gate, collecting spanners
;; on the way; every spanner tightens one loose nut at the gate and is spent afterwards.
;; The learning variant used by Silver et al. (llm-genplan "spannerlearning") and by the genplan17
;; benchmark; originally an IPC-2011 learning-track domain. Written for genplan.

(define (domain spanner)
  (:requirements :strips :typing)

  (:types
    location locatable - object
    man nut spanner - locatable)

  (:predicates
    (at ?m - locatable ?l - location)
    (carrying ?m - man ?s - spanner)
    (useable ?s - spanner)
    (link ?l1 - location ?l2 - location)
    (tightened ?n - nut)
    (loose ?n - nut))

  ;; Move one step along a (directed) corridor link.
  (:action walk
    :parameters (?start - location ?end - location ?m - man)
    :precondition (and (at ?m ?start) (link ?start ?end))
    :effect (and (not (at ?m ?start))
                 (at ?m ?end)))

  ;; Take a spanner lying where the man stands.
  (:action pickup_spanner
    :parameters (?l - location ?s - spanner ?m - man)
    :precondition (and (at ?m ?l) (at ?s ?l))
    :effect (and (not (at ?s ?l))
                 (carrying ?m ?s)))

  ;; Tighten a loose nut with a carried, still useable spanner; the spanner breaks.
  (:action tighten_nut
    :parameters (?l - location ?s - spanner ?m - man ?n - nut)
    :precondition (and (at ?m ?l) (at ?n ?l) (carrying ?m ?s) (useable ?s) (loose ?n))
    :effect (and (not (loose ?n))
                 (not (useable ?s))
                 (tightened ?n))))
