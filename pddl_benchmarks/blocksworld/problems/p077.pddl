(define (problem blocksworld-p077)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b3)
    (clear b5)
    (handempty)
    (on b1 b2)
    (on b4 b1)
    (on b5 b6)
    (on b6 b4)
    (ontable b2)
    (ontable b3)
  )
  (:goal (and
    (on b2 b6)
    (on b4 b2)
    (on b5 b4)
    (on b6 b1)
  ))
)
