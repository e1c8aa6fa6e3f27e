(define (problem grippers-p023)
  (:domain gripper-strips)
  (:objects
    ball1 ball2 ball3 ball4 ball5 ball6 ball7 - object
    lgripper1 lgripper2 rgripper1 rgripper2 - gripper
    robot1 robot2 - robot
    room1 room2 room3 room4 room5 room6 - room
  )
  (:init
    (at ball1 room5)
    (at ball2 room2)
    (at ball3 room5)
    (at ball4 room3)
    (at ball5 room4)
    (at ball6 room2)
    (at ball7 room2)
    (at-robby robot1 room1)
    (at-robby robot2 room2)
    (free robot1 lgripper1)
    (free robot1 rgripper1)
    (free robot2 lgripper2)
    (free robot2 rgripper2)
  )
  (:goal (and
    (at ball1 room6)
    (at ball2 room1)
    (at ball3 room6)
    (at ball4 room3)
    (at ball5 room4)
    (at ball6 room4)
    (at ball7 room6)
  ))
)
