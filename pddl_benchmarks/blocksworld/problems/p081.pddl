(define (problem blocksworld-p081)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6 b7
  )
  (:init
    (clear b4)
    (handempty)
    (on b1 b2)
    (on b3 b5)
    (on b4 b7)
    (on b5 b6)
    (on b6 b1)
    (on b7 b3)
    (ontable b2)
  )
  (:goal (and
    (on b1 b5)
    (on b2 b4)
    (on b3 b6)
    (on b4 b1)
    (on b5 b7)
  ))
)
