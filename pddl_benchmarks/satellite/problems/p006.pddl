(define (problem satellite-p006)
  (:domain satellite)
  (:objects
    groundstation0 phenomenon1 - direction
    image0 - mode
    instrument0 instrument1 instrument2 instrument3 instrument4 - instrument
    satellite0 - satellite
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
    (pointing satellite0 groundstation0)
    (power_avail satellite0)
    (supports instrument0 image0)
    (supports instrument1 image0)
    (supports instrument2 image0)
    (supports instrument3 image0)
    (supports instrument4 image0)
  )
  (:goal (and
    (have_image phenomenon1 image0)
  ))
)
