(define (problem blocksworld-p015)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b2)
    (handempty)
    (on b1 b3)
    (on b2 b1)
    (on b3 b4)
    (ontable b4)
  )
  (:goal (and
    (on b4 b3)
  ))
)
