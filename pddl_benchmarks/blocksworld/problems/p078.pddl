(define (problem blocksworld-p078)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b3)
    (clear b6)
    (handempty)
    (on b1 b4)
    (on b3 b5)
    (on b5 b1)
    (on b6 b2)
    (ontable b2)
    (ontable b4)
  )
  (:goal (and
    (on b2 b5)
    (on b3 b4)
    (on b6 b2)
  ))
)
