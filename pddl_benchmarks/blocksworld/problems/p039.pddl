(define (problem blocksworld-p039)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b3)
    (handempty)
    (on b3 b4)
    (on b4 b2)
    (ontable b1)
    (ontable b2)
  )
  (:goal (and
    (on b1 b4)
    (on b2 b1)
  ))
)
