(define (problem blocksworld-p049)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b3)
    (clear b4)
    (handempty)
    (on b3 b1)
    (on b4 b2)
    (ontable b1)
    (ontable b2)
  )
  (:goal (and
    (on b2 b3)
    (on b3 b4)
  ))
)
