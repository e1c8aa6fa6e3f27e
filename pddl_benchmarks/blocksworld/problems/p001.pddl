(define (problem blocksworld-p001)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3
  )
  (:init
    (clear b2)
    (handempty)
    (on b1 b3)
    (on b2 b1)
    (ontable b3)
  )
  (:goal (and
    (on b1 b3)
    (on b3 b2)
  ))
)
