(define (problem blocksworld-p007)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3
  )
  (:init
    (clear b1)
    (clear b3)
    (handempty)
    (on b1 b2)
    (ontable b2)
    (ontable b3)
  )
  (:goal (and
    (on b2 b3)
    (on b3 b1)
  ))
)
