(define (problem blocksworld-p014)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (handempty)
    (on b1 b3)
    (on b3 b4)
    (on b4 b2)
    (ontable b2)
  )
  (:goal (and
    (on b2 b4)
    (on b4 b1)
  ))
)
