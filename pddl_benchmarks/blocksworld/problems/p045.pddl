(define (problem blocksworld-p045)
  (:domain blocksworld-4ops)
  (:objects
    b1 b2 b3 b4
  )
  (:init
    (clear b2)
    (clear b3)
    (handempty)
    (on b3 b4)
    (on b4 b1)
    (ontable b1)
    (ontable b2)
  )
  (:goal (and
    (on b2 b1)
    (on b4 b3)
  ))
)
