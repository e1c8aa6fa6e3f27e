(define (problem delivery-p002)
  (:domain trapnewspapers)
  (:objects
    loc-0 loc-1 loc-2 loc-3 loc-4 - loc
    paper-0 paper-1 paper-2 paper-3 - paper
  )
  (:init
    (at loc-0)
    (ishomebase loc-0)
    (safe loc-0)
    (safe loc-1)
    (safe loc-2)
    (safe loc-3)
    (unpacked paper-0)
    (unpacked paper-1)
    (unpacked paper-2)
    (unpacked paper-3)
    (wantspaper loc-1)
    (wantspaper loc-2)
    (wantspaper loc-3)
  )
  (:goal (and
    (satisfied loc-1)
    (satisfied loc-2)
    (satisfied loc-3)
  ))
)
