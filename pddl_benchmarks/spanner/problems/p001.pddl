(define (problem spanner-p001)
  (:domain spanner)
  (:objects
    bob - man
    gate location1 location2 location3 location4 shed - location
    nut1 nut2 - nut
    spanner1 spanner2 spanner3 - spanner
  )
  (:init
    (at bob shed)
    (at nut1 gate)
    (at nut2 gate)
    (at spanner1 location1)
    (at spanner2 location2)
    (at spanner3 location2)
    (link location1 location2)
    (link location2 location3)
    (link location3 location4)
    (link location4 gate)
    (link shed location1)
    (loose nut1)
    (loose nut2)
    (useable spanner1)
    (useable spanner2)
    (useable spanner3)
  )
  (:goal (and
    (tightened nut1)
    (tightened nut2)
  ))
)
