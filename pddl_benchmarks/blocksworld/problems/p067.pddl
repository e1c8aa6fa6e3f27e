(define (problem blocksworld-p067)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b1)
    (clear b4)
    (handempty)
    (on b2 b3)
    (on b4 b5)
    (on b5 b2)
    (ontable b1)
    (ontable b3)
  )
  (:goal (and
    (on b1 b2)
    (on b5 b4)
  ))
)
