(define (problem grippers-p028)
  (:domain gripper-strips)
  (:objects
    ball1 ball10 ball11 ball2 ball3 ball4 ball5 ball6 ball7 ball8 ball9 - object
    lgripper1 rgripper1 - gripper
    robot1 - robot
    room1 room2 room3 room4 room5 room6 room7 room8 room9 - room
  )
  (:init
    (at ball1 room6)
    (at ball10 room3)
    (at ball11 room7)
    (at ball2 room3)
    (at ball3 room5)
    (at ball4 room7)
    (at ball5 room4)
    (at ball6 room1)
    (at ball7 room4)
    (at ball8 room1)
    (at ball9 room5)
    (at-robby robot1 room9)
    (free robot1 lgripper1)
    (free robot1 rgripper1)
  )
  (:goal (and
    (at ball1 room1)
    (at ball10 room3)
    (at ball11 room1)
    (at ball2 room3)
    (at ball3 room9)
    (at ball4 room3)
    (at ball5 room1)
    (at ball6 room2)
    (at ball7 room8)
    (at ball8 room5)
    (at ball9 room4)
  ))
)
