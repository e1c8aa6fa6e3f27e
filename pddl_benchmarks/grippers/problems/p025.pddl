(define (problem grippers-p025)
  (:domain gripper-strips)
  (:objects
    ball1 ball2 ball3 ball4 ball5 ball6 ball7 ball8 ball9 - object
    lgripper1 lgripper2 rgripper1 rgripper2 - gripper
    robot1 robot2 - robot
    room1 room2 room3 room4 room5 room6 - room
  )
  (:init
    (at ball1 room3)
    (at ball2 room6)
    (at ball3 room2)
    (at ball4 room4)
    (at ball5 room3)
    (at ball6 room3)
    (at ball7 room5)
    (at ball8 room1)
    (at ball9 room5)
    (at-robby robot1 room4)
    (at-robby robot2 room2)
    (free robot1 lgripper1)
    (free robot1 rgripper1)
    (free robot2 lgripper2)
    (free robot2 rgripper2)
  )
  (:goal (and
    (at ball1 room5)
    (at ball2 room4)
    (at ball3 room3)
    (at ball4 room6)
    (at ball5 room4)
    (at ball6 room1)
    (at ball7 room5)
    (at ball8 room6)
    (at ball9 room6)
  ))
)
