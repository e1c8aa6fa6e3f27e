(define (problem blocksworld-p042)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b2)
    (clear b4)
    (handempty)
    (on b2 b1)
    (on b4 b3)
    (ontable b1)
    (ontable b3)
  )
  (:goal (and
    (on b1 b2)
    (on b4 b3)
  ))
)
