(define (problem spanner-p004)
  (:domain spanner)
  (:objects
    bob - man
    gate location1 location2 location3 location4 location5 shed - location
    nut1 nut2 - nut
    spanner1 spanner2 spanner3 spanner4 - spanner
  )
  (:init
    (at bob shed)
    (at nut1 gate)
    (at nut2 gate)
    (at spanner1 location3)
    (at spanner2 location5)
    (at spanner3 location3)
    (at spanner4 location5)
    (link location1 location2)
    (link location2 location3)
    (link location3 location4)
    (link location4 location5)
    (link location5 gate)
    (link shed location1)
    (loose nut1)
    (loose nut2)
    (useable spanner1)
    (useable spanner2)
    (useable spanner3)
    (useable spanner4)
  )
  (:goal (and
    (tightened nut1)
    (tightened nut2)
  ))
)
