(define (problem blocksworld-p013)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b4)
    (handempty)
    (on b2 b3)
    (on b3 b1)
    (on b4 b2)
    (ontable b1)
  )
  (:goal (and
    (on b3 b4)
  ))
)
