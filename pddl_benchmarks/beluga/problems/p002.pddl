(define (problem beluga-p002)
  (:domain beluga)
  (:objects
    n06 n12 - num
    part1 part2 - part
    pla - production-line
    rack1 rack2 - rack
    t1 - beluga-truck
    t2 - fab-truck
  )
  (:init
    (empty t1)
    (empty t2)
    (fit-n-sum n00 n06 n06)
    (fit-n-sum n06 n06 n12)
    (level rack1 n00)
    (level rack2 n00)
    (needed-next nonep)
    (next-to-unload part1 part2)
    (next-to-unload part2 nonep)
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
    (ready-to-unload part1)
    (size part1 n06)
    (size part2 n06)
    (unused rack1)
    (unused rack2)
  )
  (:goal (and
    (processed part1)
    (processed part2)
  ))
)
