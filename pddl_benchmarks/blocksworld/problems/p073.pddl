(define (problem blocksworld-p073)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b1)
    (clear b3)
    (handempty)
    (on b1 b6)
    (on b4 b2)
    (on b5 b4)
    (on b6 b5)
    (ontable b2)
    (ontable b3)
  )
  (:goal (and
    (on b1 b6)
    (on b3 b2)
    (on b4 b3)
    (on b5 b4)
  ))
)
