(define (problem blocksworld-p064)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b2)
    (handempty)
    (on b2 b5)
    (on b3 b1)
    (on b4 b3)
    (on b5 b4)
    (ontable b1)
  )
  (:goal (and
    (on b3 b1)
    (on b4 b5)
    (on b5 b3)
  ))
)
