(define (problem grippers-p022)
  (:domain gripper-strips)
  (:objects
    ball1 ball2 ball3 ball4 ball5 ball6 ball7 - object
    lgripper1 lgripper2 rgripper1 rgripper2 - gripper
    robot1 robot2 - robot
    room1 room2 room3 room4 room5 room6 - room
  )
  (:init
    (at ball1 room3)
    (at ball2 room3)
    (at ball3 room3)
    (at ball4 room6)
    (at ball5 room5)
    (at ball6 room1)
    (at ball7 room6)
    (at-robby robot1 room2)
    (at-robby robot2 room3)
    (free robot1 lgripper1)
    (free robot1 rgripper1)
    (free robot2 lgripper2)
    (free robot2 rgripper2)
  )
  (:goal (and
    (at ball1 room4)
    (at ball2 room3)
    (at ball3 room2)
    (at ball4 room2)
    (at ball5 room1)
    (at ball6 room5)
    (at ball7 room4)
  ))
)
