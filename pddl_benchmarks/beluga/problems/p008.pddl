(define (problem beluga-p008)
  (:domain beluga)
  (:objects
    n04 n07 n08 n11 n12 n14 n15 - num
    part1 part2 - part
    pla - production-line
    rack1 rack2 - rack
    t1 - beluga-truck
    t2 - fab-truck
  )
  (:init
    (empty t1)
    (empty t2)
    (fit-n-sum n00 n04 n04)
    (fit-n-sum n00 n07 n07)
    (fit-n-sum n04 n04 n08)
    (fit-n-sum n04 n07 n11)
    (fit-n-sum n07 n04 n11)
    (fit-n-sum n07 n07 n14)
    (fit-n-sum n08 n04 n12)
    (fit-n-sum n08 n07 n15)
    (fit-n-sum n11 n04 n15)
    (level rack1 n00)
    (level rack2 n00)
    (needed-next nonep)
    (next-to-unload part1 nonep)
    (next-to-unload part2 part1)
    (no-rack-pre part1)
    (no-rack-pre part2)
    (no-rack-succ part1)
    (no-rack-succ part2)
    (on-rack noner part1)
    (on-rack noner part2)
    (p-line-next pla part1)
    (p-line-succ nonep nonep)
    (p-line-succ part1 part2)
    (p-line-succ part2 nonep)
    (ready-to-unload part2)
    (size part1 n04)
    (size part2 n07)
    (unused rack1)
    (unused rack2)
  )
  (:goal (and
    (processed part1)
    (processed part2)
  ))
)
