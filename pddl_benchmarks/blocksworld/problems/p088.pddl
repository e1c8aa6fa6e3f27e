(define (problem blocksworld-p088)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6 b7 b8
  )
  (:init
    (clear b4)
    (handempty)
    (on b2 b5)
    (on b3 b7)
    (on b4 b3)
    (on b5 b6)
    (on b6 b1)
    (on b7 b8)
    (on b8 b2)
    (ontable b1)
  )
  (:goal (and
    (on b2 b5)
    (on b6 b1)
    (on b7 b8)
    (on b8 b6)
  ))
)
