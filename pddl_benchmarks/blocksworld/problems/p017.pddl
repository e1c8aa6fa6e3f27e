(define (problem blocksworld-p017)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b3)
    (handempty)
    (on b1 b2)
    (on b2 b4)
    (on b3 b1)
    (ontable b4)
  )
  (:goal (and
    (on b2 b1)
    (on b3 b2)
    (on b4 b3)
  ))
)
