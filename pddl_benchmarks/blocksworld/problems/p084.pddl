(define (problem blocksworld-p084)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6 b7
  )
  (:init
    (clear b3)
    (clear b7)
    (handempty)
    (on b1 b6)
    (on b2 b4)
    (on b4 b5)
    (on b6 b2)
    (on b7 b1)
    (ontable b3)
    (ontable b5)
  )
  (:goal (and
    (on b1 b2)
    (on b5 b7)
    (on b6 b5)
  ))
)
