(define (problem blocksworld-p068)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b1)
    (clear b2)
    (clear b3)
    (handempty)
    (on b2 b4)
    (on b4 b5)
    (ontable b1)
    (ontable b3)
    (ontable b5)
  )
  (:goal (and
    (on b2 b4)
    (on b4 b3)
    (on b5 b1)
  ))
)
