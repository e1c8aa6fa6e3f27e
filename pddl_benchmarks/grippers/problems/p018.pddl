(define (problem grippers-p018)
  (:domain gripper-strips)
  (:objects
    ball1 ball2 ball3 ball4 ball5 ball6 ball7 ball8 ball9 - object
    lgripper1 rgripper1 - gripper
    robot1 - robot
    room1 room2 room3 room4 - room
  )
  (:init
    (at ball1 room3)
    (at ball2 room4)
    (at ball3 room4)
    (at ball4 room4)
    (at ball5 room1)
    (at ball6 room1)
    (at ball7 room4)
    (at ball8 room2)
    (at ball9 room1)
    (at-robby robot1 room1)
    (free robot1 lgripper1)
    (free robot1 rgripper1)
  )
  (:goal (and
    (at ball1 room1)
    (at ball2 room2)
    (at ball3 room3)
    (at ball4 room1)
    (at ball5 room3)
    (at ball6 room3)
    (at ball7 room4)
    (at ball8 room4)
    (at ball9 room4)
  ))
)
