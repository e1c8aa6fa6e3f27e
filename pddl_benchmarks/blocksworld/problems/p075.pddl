(define (problem blocksworld-p075)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b4)
    (clear b5)
    (handempty)
    (on b1 b6)
    (on b2 b3)
    (on b4 b1)
    (on b5 b2)
    (ontable b3)
    (ontable b6)
  )
  (:goal (and
    (on b2 b1)
    (on b4 b3)
    (on b5 b4)
    (on b6 b2)
  ))
)
