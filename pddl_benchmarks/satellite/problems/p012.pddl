(define (problem satellite-p012)
  (:domain satellite)
  (:objects
    infrared0 - mode
    instrument0 instrument1 instrument2 instrument3 instrument4 instrument5 instrument6 - instrument
    planet1 star0 star2 - direction
    satellite0 - satellite
  )
  (:init
    (calibration_target instrument0 star0)
    (calibration_target instrument1 star0)
    (calibration_target instrument2 star0)
    (calibration_target instrument3 star0)
    (calibration_target instrument4 star0)
    (calibration_target instrument5 star0)
    (calibration_target instrument6 star0)
    (on_board instrument0 satellite0)
    (on_board instrument1 satellite0)
    (on_board instrument2 satellite0)
    (on_board instrument3 satellite0)
    (on_board instrument4 satellite0)
    (on_board instrument5 satellite0)
    (on_board instrument6 satellite0)
    (pointing satellite0 star2)
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
    (have_image planet1 infrared0)
    (have_image star2 infrared0)
  ))
)
