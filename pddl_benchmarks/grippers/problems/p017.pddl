(define (problem grippers-p017)
  (:domain gripper-strips)
  (:objects
    ball1 ball10 ball2 ball3 ball4 ball5 ball6 ball7 ball8 ball9 - object
    lgripper1 rgripper1 - gripper
    robot1 - robot
    room1 room2 - room
  )
  (:init
    (at ball1 room2)
    (at ball10 room2)
    (at ball2 room1)
    (at ball3 room2)
    (at ball4 room2)
    (at ball5 room2)
    (at ball6 room2)
    (at ball7 room1)
    (at ball8 room2)
    (at ball9 room1)
    (at-robby robot1 room1)
    (free robot1 lgripper1)
    (free robot1 rgripper1)
  )
  (:goal (and
    (at ball1 room2)
    (at ball10 room1)
    (at ball2 room2)
    (at ball3 room2)
    (at ball4 room2)
    (at ball5 room2)
    (at ball6 room1)
    (at ball7 room2)
    (at ball8 room2)
    (at ball9 room1)
  ))
)
