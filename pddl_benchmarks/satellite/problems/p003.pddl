(define (problem satellite-p003)
  (:domain satellite)
  (:objects
    image0 - mode
    instrument0 instrument1 instrument2 instrument3 - instrument
    satellite0 - satellite
    star0 star1 - direction
  )
  (:init
    (calibration_target instrument0 star0)
    (calibration_target instrument1 star0)
    (calibration_target instrument2 star0)
    (calibration_target instrument3 star0)
    (on_board instrument0 satellite0)
    (on_board instrument1 satellite0)
    (on_board instrument2 satellite0)
    (on_board instrument3 satellite0)
    (pointing satellite0 star0)
    (power_avail satellite0)
    (supports instrument0 image0)
    (supports instrument1 image0)
    (supports instrument2 image0)
    (supports instrument3 image0)
  )
  (:goal (and
    (have_image star1 image0)
  ))
)
