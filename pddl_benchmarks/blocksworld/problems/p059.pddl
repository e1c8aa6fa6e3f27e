(define (problem blocksworld-p059)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b2)
    (clear b3)
    (clear b4)
    (handempty)
    (ontable b1)
    (ontable b2)
    (ontable b3)
    (ontable b4)
  )
  (:goal (and
    (on b1 b3)
    (on b4 b1)
  ))
)
