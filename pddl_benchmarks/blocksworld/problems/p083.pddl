(define (problem blocksworld-p083)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6 b7
  )
  (:init
    (clear b3)
    (clear b6)
    (handempty)
    (on b1 b4)
    (on b3 b2)
    (on b4 b7)
    (on b6 b1)
    (on b7 b5)
    (ontable b2)
    (ontable b5)
  )
  (:goal (and
    (on b1 b7)
    (on b2 b5)
    (on b3 b1)
    (on b4 b6)
  ))
)
