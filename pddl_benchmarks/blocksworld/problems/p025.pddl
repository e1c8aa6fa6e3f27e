(define (problem blocksworld-p025)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b3)
    (handempty)
    (on b2 b4)
    (on b3 b2)
    (on b4 b1)
    (ontable b1)
  )
  (:goal (and
    (on b1 b4)
  ))
)
