(define (problem beluga-p006)
  (:domain beluga)
  (:objects
    n05 n06 n10 n11 n12 n15 - num
    part1 part2 - part
    pla - production-line
    rack1 rack2 - rack
    t1 - beluga-truck
    t2 - fab-truck
  )
  (:init
    (empty t1)
    (empty t2)
    (fit-n-sum n00 n05 n05)
    (fit-n-sum n00 n06 n06)
    (fit-n-sum n05 n05 n10)
    (fit-n-sum n05 n06 n11)
    (fit-n-sum n06 n05 n11)
    (fit-n-sum n06 n06 n12)
    (fit-n-sum n10 n05 n15)
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
    (p-line-next pla part2)
    (p-line-succ nonep nonep)
    (p-line-succ part1 nonep)
    (p-line-succ part2 part1)
    (ready-to-unload part2)
    (size part1 n05)
    (size part2 n06)
    (unused rack1)
    (unused rack2)
  )
  (:goal (and
    (processed part1)
    (processed part2)
  ))
)
