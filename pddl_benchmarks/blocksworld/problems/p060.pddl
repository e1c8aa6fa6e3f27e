(define (problem blocksworld-p060)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b5)
    (handempty)
    (on b1 b2)
    (on b2 b4)
    (on b4 b3)
    (on b5 b1)
    (ontable b3)
  )
  (:goal (and
    (on b1 b3)
    (on b3 b4)
    (on b5 b1)
  ))
)
