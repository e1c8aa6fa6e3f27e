(define (problem satellite-p015)
  (:domain satellite)
  (:objects
    groundstation0 planet1 planet2 - direction
    instrument0 instrument1 instrument2 instrument3 instrument4 instrument5 instrument6 - instrument
    satellite0 - satellite
    thermograph0 - mode
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
    (pointing satellite0 planet2)
    (power_avail satellite0)
    (supports instrument0 thermograph0)
    (supports instrument1 thermograph0)
    (supports instrument2 thermograph0)
    (supports instrument3 thermograph0)
    (supports instrument4 thermograph0)
    (supports instrument5 thermograph0)
    (supports instrument6 thermograph0)
  )
  (:goal (and
    (have_image planet1 thermograph0)
    (have_image planet2 thermograph0)
  ))
)
