(define (problem blocksworld-p051)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b4)
    (handempty)
    (on b1 b2)
    (on b2 b3)
    (ontable b3)
    (ontable b4)
  )
  (:goal (and
    (on b2 b3)
    (on b3 b1)
  ))
)
