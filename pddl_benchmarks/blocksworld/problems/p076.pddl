(define (problem blocksworld-p076)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b2)
    (clear b5)
    (handempty)
    (on b2 b6)
    (on b3 b1)
    (on b5 b4)
    (on b6 b3)
    (ontable b1)
    (ontable b4)
  )
  (:goal (and
    (on b5 b3)
    (on b6 b1)
  ))
)
