(define (problem blocksworld-p029)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b2)
    (handempty)
    (on b2 b3)
    (on b3 b4)
    (ontable b1)
    (ontable b4)
  )
  (:goal (and
    (on b2 b4)
    (on b3 b1)
  ))
)
