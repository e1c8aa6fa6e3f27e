(define (problem blocksworld-p028)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b3)
    (clear b4)
    (handempty)
    (on b2 b1)
    (on b3 b2)
    (ontable b1)
    (ontable b4)
  )
  (:goal (and
    (on b2 b1)
    (on b3 b4)
  ))
)
