(define (problem blocksworld-p009)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3
  )
  (:init
    (clear b1)
    (clear b2)
    (handempty)
    (on b1 b3)
    (ontable b2)
    (ontable b3)
  )
  (:goal (and
    (on b1 b2)
    (on b2 b3)
  ))
)
