;; Satellite: satellites carry instruments that support observation modes; to take an image of a
;; direction in a mode, a satellite powers one instrument on (one at a time per satellite),
;; calibrates it by pointing at one of its calibration targets, then turns to the direction.
;; The STRIPS version from the IPC-2002 competition as kept in pddl-generators, used in the
;; genplan17 benchmark. Written for genplan.

(define (domain satellite)
  (:requirements :strips :typing)

  (:types satellite direction instrument mode)

  (:predicates
    (on_board ?i - instrument ?s - satellite)
    (supports ?i - instrument ?m - mode)
    (pointing ?s - satellite ?d - direction)
    (power_avail ?s - satellite)
    (power_on ?i - instrument)
    (calibrated ?i - instrument)
    (have_image ?d - direction ?m - mode)
    (calibration_target ?i - instrument ?d - direction))

  ;; Slew the satellite from its current direction to another one.
  (:action turn_to
    :parameters (?s - satellite ?d_new - direction ?d_prev - direction)
    :precondition (and (pointing ?s ?d_prev))
    :effect (and (pointing ?s ?d_new)
                 (not (pointing ?s ?d_prev))))

  ;; Power an instrument on; it uses the satellite's only power supply and loses its calibration.
  (:action switch_on
    :parameters (?i - instrument ?s - satellite)
    :precondition (and (on_board ?i ?s) (power_avail ?s))
    :effect (and (power_on ?i)
                 (not (calibrated ?i))
                 (not (power_avail ?s))))

  ;; Power an instrument off, freeing the satellite's power supply.
  (:action switch_off
    :parameters (?i - instrument ?s - satellite)
    :precondition (and (on_board ?i ?s) (power_on ?i))
    :effect (and (not (power_on ?i))
                 (power_avail ?s)))

  ;; Calibrate a powered instrument while pointing at one of its calibration targets.
  (:action calibrate
    :parameters (?s - satellite ?i - instrument ?d - direction)
    :precondition (and (on_board ?i ?s)
                       (calibration_target ?i ?d)
                       (pointing ?s ?d)
                       (power_on ?i))
    :effect (calibrated ?i))

  ;; Record an image of the pointed-at direction in a mode the calibrated instrument supports.
  (:action take_image
    :parameters (?s - satellite ?d - direction ?i - instrument ?m - mode)
    :precondition (and (calibrated ?i)
                       (on_board ?i ?s)
                       (supports ?i ?m)
                       (power_on ?i)
                       (pointing ?s ?d))
    :effect (have_image ?d ?m)))
