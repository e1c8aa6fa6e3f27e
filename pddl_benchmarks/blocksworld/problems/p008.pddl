(define (problem blocksworld-p008)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3
  )
  (:init
    (clear b2)
    (clear b3)
    (handempty)
    (on b3 b1)
    (ontable b1)
    (ontable b2)
  )
  (:goal (and
    (on b1 b3)
  ))
)
