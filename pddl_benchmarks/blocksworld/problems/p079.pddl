(define (problem blocksworld-p079)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6 b7
  )
  (:init
    (clear b7)
    (handempty)
    (on b1 b4)
    (on b2 b6)
    (on b3 b1)
    (on b4 b2)
    (on b6 b5)
    (on b7 b3)
    (ontable b5)
  )
  (:goal (and
    (on b1 b3)
    (on b2 b1)
    (on b3 b7)
    (on b5 b2)
    (on b7 b4)
  ))
)
