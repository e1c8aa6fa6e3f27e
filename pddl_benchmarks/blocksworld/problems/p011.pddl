(define (problem blocksworld-p011)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b3)
    (handempty)
    (on b1 b4)
    (on b3 b1)
    (on b4 b2)
    (ontable b2)
  )
  (:goal (and
    (on b3 b4)
  ))
)
