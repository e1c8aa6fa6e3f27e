(define (problem blocksworld-p048)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b2)
    (handempty)
    (on b1 b3)
    (on b2 b4)
    (ontable b3)
    (ontable b4)
  )
  (:goal (and
    (on b1 b4)
  ))
)
