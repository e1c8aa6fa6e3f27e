(define (problem blocksworld-p040)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b3)
    (handempty)
    (on b1 b2)
    (on b3 b4)
    (ontable b2)
    (ontable b4)
  )
  (:goal (and
    (on b1 b2)
    (on b2 b4)
    (on b3 b1)
  ))
)
