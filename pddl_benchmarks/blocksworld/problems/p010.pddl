(define (problem blocksworld-p010)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3
  )
  (:init
    (clear b1)
    (clear b2)
    (clear b3)
    (handempty)
    (ontable b1)
    (ontable b2)
    (ontable b3)
  )
  (:goal (and
    (on b3 b1)
  ))
)
