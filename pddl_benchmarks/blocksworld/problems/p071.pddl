(define (problem blocksworld-p071)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b2)
    (clear b6)
    (handempty)
    (on b1 b5)
    (on b2 b4)
    (on b4 b3)
    (on b6 b1)
    (ontable b3)
    (ontable b5)
  )
  (:goal (and
    (on b1 b4)
    (on b3 b1)
    (on b4 b2)
    (on b5 b3)
    (on b6 b5)
  ))
)
