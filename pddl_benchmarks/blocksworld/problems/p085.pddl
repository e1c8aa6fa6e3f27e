(define (problem blocksworld-p085)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6 b7
  )
  (:init
    (clear b2)
    (clear b3)
    (handempty)
    (on b1 b5)
    (on b2 b7)
    (on b3 b4)
    (on b5 b6)
    (on b7 b1)
    (ontable b4)
    (ontable b6)
  )
  (:goal (and
    (on b1 b6)
    (on b4 b5)
    (on b7 b2)
  ))
)
