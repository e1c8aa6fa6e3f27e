(define (problem blocksworld-p037)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b2)
    (clear b3)
    (handempty)
    (on b2 b4)
    (on b3 b1)
    (ontable b1)
    (ontable b4)
  )
  (:goal (and
    (on b1 b2)
    (on b2 b3)
  ))
)
