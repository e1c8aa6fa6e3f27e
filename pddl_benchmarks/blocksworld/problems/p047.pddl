(define (problem blocksworld-p047)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b2)
    (clear b4)
    (handempty)
    (on b1 b3)
    (on b4 b1)
    (ontable b2)
    (ontable b3)
  )
  (:goal (and
    (on b3 b4)
    (on b4 b1)
  ))
)
