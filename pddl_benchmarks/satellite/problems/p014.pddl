(define (problem satellite-p014)
  (:domain satellite)
  (:objects
    groundstation0 phenomenon1 phenomenon2 - direction
    infrared0 - mode
    instrument0 instrument1 instrument2 instrument3 instrument4 instrument5 instrument6 - instrument
    satellite0 - satellite
  )
  (:init
    (calibration_target instrument0 groundstation0)
    (calibration_target instrument1 groundstation0)
    (calibration_target instrument2 groundstation0)
    (calibration_target instrument3 groundstation0)
    (calibration_target instrument4 groundstation0)
    (calibration_target instrument5 groundstation0)
    (calibration_target instrument6 groundstation0)
    (on_board instrument0 satellite0)
    (on_board instrument1 satellite0)
    (on_board instrument2 satellite0)
    (on_board instrument3 satellite0)
    (on_board instrument4 satellite0)
    (on_board instrument5 satellite0)
    (on_board instrument6 satellite0)
    (pointing satellite0 phenomenon1)
    (power_avail satellite0)
    (supports instrument0 infrared0)
    (supports instrument1 infrared0)
    (supports instrument2 infrared0)
    (supports instrument3 infrared0)
    (supports instrument4 infrared0)
    (supports instrument5 infrared0)
    (supports instrument6 infrared0)
  )
  (:goal (and
    (have_image phenomenon1 infrared0)
    (have_image phenomenon2 infrared0)
  ))
)
