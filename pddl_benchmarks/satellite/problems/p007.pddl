(define (problem satellite-p007)
  (:domain satellite)
  (:objects
    groundstation0 planet1 - direction
    instrument0 instrument1 instrument2 instrument3 instrument4 - instrument
    satellite0 - satellite
    spectrograph0 - mode
  )
  (:init
    (calibration_target instrument0 groundstation0)
    (calibration_target instrument1 groundstation0)
    (calibration_target instrument2 groundstation0)
    (calibration_target instrument3 groundstation0)
    (calibration_target instrument4 groundstation0)
    (on_board instrument0 satellite0)
    (on_board instrument1 satellite0)
    (on_board instrument2 satellite0)
    (on_board instrument3 satellite0)
    (on_board instrument4 satellite0)
    (pointing satellite0 planet1)
    (power_avail satellite0)
    (supports instrument0 spectrograph0)
    (supports instrument1 spectrograph0)
    (supports instrument2 spectrograph0)
    (supports instrument3 spectrograph0)
    (supports instrument4 spectrograph0)
  )
  (:goal (and
    (have_image planet1 spectrograph0)
  ))
)
