(define (problem blocksworld-p062)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b4)
    (handempty)
    (on b1 b3)
    (on b3 b2)
    (on b4 b5)
    (on b5 b1)
    (ontable b2)
  )
  (:goal (and
    (on b3 b5)
    (on b4 b2)
    (on b5 b1)
  ))
)
