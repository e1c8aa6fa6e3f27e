(define (problem satellite-p002)
  (:domain satellite)
  (:objects
    groundstation0 phenomenon1 - direction
    infrared0 - mode
    instrument0 instrument1 instrument2 - instrument
    satellite0 - satellite
  )
  (:init
    (calibration_target instrument0 groundstation0)
    (calibration_target instrument1 groundstation0)
    (calibration_target instrument2 groundstation0)
    (on_board instrument0 satellite0)
    (on_board instrument1 satellite0)
    (on_board instrument2 satellite0)
    (pointing satellite0 groundstation0)
    (power_avail satellite0)
    (supports instrument0 infrared0)
    (supports instrument1 infrared0)
    (supports instrument2 infrared0)
  )
  (:goal (and
    (have_image phenomenon1 infrared0)
  ))
)
