(define (problem blocksworld-p058)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b2)
    (clear b3)
    (handempty)
    (on b1 b4)
    (ontable b2)
    (ontable b3)
    (ontable b4)
  )
  (:goal (and
    (on b1 b4)
    (on b2 b1)
    (on b3 b2)
  ))
)
