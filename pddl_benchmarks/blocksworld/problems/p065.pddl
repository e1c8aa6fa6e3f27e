(define (problem blocksworld-p065)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b5)
    (handempty)
    (on b1 b2)
    (on b2 b3)
    (on b4 b1)
    (on b5 b4)
    (ontable b3)
  )
  (:goal (and
    (on b3 b2)
    (on b5 b3)
  ))
)
