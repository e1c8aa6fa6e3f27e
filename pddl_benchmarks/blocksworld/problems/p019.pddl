(define (problem blocksworld-p019)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b4)
    (handempty)
    (on b1 b2)
    (on b2 b3)
    (on b4 b1)
    (ontable b3)
  )
  (:goal (and
    (on b2 b1)
    (on b4 b2)
  ))
)
