(define (problem blocksworld-p054)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b3)
    (clear b4)
    (handempty)
    (on b3 b2)
    (ontable b1)
    (ontable b2)
    (ontable b4)
  )
  (:goal (and
    (on b1 b3)
    (on b2 b1)
    (on b3 b4)
  ))
)
