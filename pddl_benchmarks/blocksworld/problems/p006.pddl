(define (problem blocksworld-p006)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3
  )
  (:init
    (clear b1)
    (clear b3)
    (handempty)
    (on b3 b2)
    (ontable b1)
    (ontable b2)
  )
  (:goal (and
    (on b1 b3)
  ))
)
