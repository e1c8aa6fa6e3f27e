(define (problem satellite-p004)
  (:domain satellite)
  (:objects
    instrument0 instrument1 instrument2 instrument3 instrument4 - instrument
    phenomenon1 star0 - direction
    satellite0 - satellite
    thermograph0 - mode
  )
  (:init
    (calibration_target instrument0 star0)
    (calibration_target instrument1 star0)
    (calibration_target instrument2 star0)
    (calibration_target instrument3 star0)
    (calibration_target instrument4 star0)
    (on_board instrument0 satellite0)
    (on_board instrument1 satellite0)
    (on_board instrument2 satellite0)
    (on_board instrument3 satellite0)
    (on_board instrument4 satellite0)
    (pointing satellite0 star0)
    (power_avail satellite0)
    (supports instrument0 thermograph0)
    (supports instrument1 thermograph0)
    (supports instrument2 thermograph0)
    (supports instrument3 thermograph0)
    (supports instrument4 thermograph0)
  )
  (:goal (and
    (have_image phenomenon1 thermograph0)
  ))
)
