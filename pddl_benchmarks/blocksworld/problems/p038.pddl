(define (problem blocksworld-p038)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b1)
    (clear b4)
    (handempty)
    (on b2 b3)
    (on b4 b2)
    (ontable b1)
    (ontable b3)
  )
  (:goal (and
    (on b2 b4)
    (on b4 b1)
  ))
)
