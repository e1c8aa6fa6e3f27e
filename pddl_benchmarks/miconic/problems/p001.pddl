(define (problem miconic-p001)
  (:domain miconic)
  (:objects
    f0_b0 f1_b0 f2_b0 f3_b0 - floor
    p0_b0 p1_b0 p2_b0 - passenger
  )
  (:init
    (above f0_b0 f1_b0)
    (above f0_b0 f2_b0)
    (above f0_b0 f3_b0)
    (above f1_b0 f2_b0)
    (above f1_b0 f3_b0)
    (above f2_b0 f3_b0)
    (destin p0_b0 f1_b0)
    (destin p1_b0 f1_b0)
    (destin p2_b0 f1_b0)
    (lift-at f0_b0)
    (origin p0_b0 f0_b0)
    (origin p1_b0 f3_b0)
    (origin p2_b0 f3_b0)
  )
  (:goal (and
    (served p0_b0)
    (served p1_b0)
    (served p2_b0)
  ))
)
