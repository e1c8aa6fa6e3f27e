(define (problem heavy-p001)
  (:domain heavy-pack)
  (:objects
    o492 o531 o701
  )
  (:init
    (box-empty)
    (heavier o492 o531)
    (heavier o492 o701)
    (heavier o531 o701)
    (unpacked o492)
    (unpacked o531)
    (unpacked o701)
  )
  (:goal (and
    (packed o492)
    (packed o531)
    (packed o701)
  ))
)
