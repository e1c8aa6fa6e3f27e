(define (problem rovers-p007)
  (:domain rover)
  (:objects
    camera0 - camera
    colour high_res low_res - mode
    general - lander
    objective0 objective1 - objective
    rover0 - rover
    rover0store - store
    waypoint0 waypoint1 waypoint2 - waypoint
  )
  (:init
    (at rover0 waypoint1)
    (at_lander general waypoint0)
    (at_rock_sample waypoint0)
    (at_rock_sample waypoint2)
    (available rover0)
    (calibration_target camera0 objective0)
    (can_traverse rover0 waypoint0 waypoint1)
    (can_traverse rover0 waypoint1 waypoint0)
    (can_traverse rover0 waypoint1 waypoint2)
    (can_traverse rover0 waypoint2 waypoint1)
    (channel_free general)
    (empty rover0store)
    (equipped_for_imaging rover0)
    (equipped_for_rock_analysis rover0)
    (equipped_for_soil_analysis rover0)
    (on_board camera0 rover0)
    (store_of rover0store rover0)
    (supports camera0 high_res)
    (supports camera0 low_res)
    (visible waypoint0 waypoint1)
    (visible waypoint0 waypoint2)
    (visible waypoint1 waypoint0)
    (visible waypoint1 waypoint2)
    (visible waypoint2 waypoint0)
    (visible waypoint2 waypoint1)
    (visible_from objective0 waypoint0)
    (visible_from objective0 waypoint1)
    (visible_from objective0 waypoint2)
    (visible_from objective1 waypoint0)
    (visible_from objective1 waypoint2)
  )
  (:goal (and
    (communicated_image_data objective0 low_res)
    (communicated_image_data objective1 low_res)
  ))
)
