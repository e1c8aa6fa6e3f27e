(define (problem blocksworld-p080)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6 b7
  )
  (:init
    (clear b2)
    (handempty)
    (on b1 b4)
    (on b2 b1)
    (on b3 b5)
    (on b4 b3)
    (on b5 b7)
    (on b7 b6)
    (ontable b6)
  )
  (:goal (and
    (on b1 b2)
    (on b3 b6)
    (on b6 b5)
    (on b7 b3)
  ))
)
