(define (problem blocksworld-p066)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4 b5
  )
  (:init
    (clear b1)
    (clear b2)
    (handempty)
    (on b1 b3)
    (on b3 b4)
    (on b4 b5)
    (ontable b2)
    (ontable b5)
  )
  (:goal (and
    (on b2 b1)
    (on b3 b2)
  ))
)
