(define (problem blocksworld-p063)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b4)
    (handempty)
    (on b2 b1)
    (on b3 b5)
    (on b4 b3)
    (on b5 b2)
    (ontable b1)
  )
  (:goal (and
    (on b2 b1)
    (on b3 b5)
    (on b4 b2)
  ))
)
