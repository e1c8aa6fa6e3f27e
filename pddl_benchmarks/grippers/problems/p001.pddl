(define (problem grippers-p001)
  (:domain gripper-strips)
  (:objects
    ball1 ball2 ball3 ball4 - object
    lgripper1 rgripper1 - gripper
    robot1 - robot
    room1 room2 - room
  )
  (:init
    (at ball1 room1)
    (at ball2 room2)
    (at ball3 room2)
    (at ball4 room2)
    (at-robby robot1 room1)
    (free robot1 lgripper1)
    (free robot1 rgripper1)
  )
  (:goal (and
    (at ball1 room1)
    (at ball2 room1)
    (at ball3 room2)
    (at ball4 room2)
  ))
)
