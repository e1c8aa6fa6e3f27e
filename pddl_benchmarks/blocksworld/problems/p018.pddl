(define (problem blocksworld-p018)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b2)
    (handempty)
    (on b1 b4)
    (on b2 b1)
    (on b4 b3)
    (ontable b3)
  )
  (:goal (and
    (on b2 b4)
    (on b3 b1)
  ))
)
