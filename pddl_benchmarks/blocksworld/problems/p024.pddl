(define (problem blocksworld-p024)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b2)
    (handempty)
    (on b1 b3)
    (on b2 b4)
    (on b4 b1)
    (ontable b3)
  )
  (:goal (and
    (on b1 b4)
    (on b4 b2)
  ))
)
