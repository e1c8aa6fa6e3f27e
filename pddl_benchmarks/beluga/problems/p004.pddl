(define (problem beluga-p004)
  (:domain beluga)
  (:objects
    n03 n06 n09 n12 n15 - num
    part1 part2 - part
    pla - production-line
    rack1 rack2 - rack
    t1 - beluga-truck
    t2 - fab-truck
  )
  (:init
    (empty t1)
    (empty t2)
    (fit-n-sum n00 n03 n03)
    (fit-n-sum n00 n06 n06)
    (fit-n-sum n03 n03 n06)
    (fit-n-sum n03 n06 n09)
    (fit-n-sum n06 n03 n09)
    (fit-n-sum n06 n06 n12)
    (fit-n-sum n09 n03 n12)
    (fit-n-sum n09 n06 n15)
    (fit-n-sum n12 n03 n15)
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
    (size part1 n03)
    (size part2 n06)
    (unused rack1)
    (unused rack2)
  )
  (:goal (and
    (processed part1)
    (processed part2)
  ))
)
