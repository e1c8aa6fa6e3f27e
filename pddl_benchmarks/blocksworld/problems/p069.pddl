(define (problem blocksworld-p069)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5 b6
  )
  (:init
    (clear b5)
    (clear b6)
    (handempty)
    (on b1 b4)
    (on b2 b1)
    (on b3 b2)
    (on b6 b3)
    (ontable b4)
    (ontable b5)
  )
  (:goal (and
    (on b1 b5)
    (on b3 b4)
    (on b4 b1)
    (on b5 b6)
  ))
)
