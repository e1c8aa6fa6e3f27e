(define (problem blocksworld-p072)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b2)
    (clear b4)
    (handempty)
    (on b2 b6)
    (on b3 b5)
    (on b4 b3)
    (on b5 b1)
    (ontable b1)
    (ontable b6)
  )
  (:goal (and
    (on b1 b3)
    (on b4 b2)
    (on b5 b1)
    (on b6 b5)
  ))
)
