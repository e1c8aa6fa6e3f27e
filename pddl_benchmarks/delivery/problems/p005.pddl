(define (problem delivery-p005)
  (:domain trapnewspapers)
  (:objects
    loc-0 loc-1 loc-2 loc-3 loc-4 loc-5 - loc
    paper-0 paper-1 paper-2 paper-3 paper-4 - paper
  )
  (:init
    (at loc-0)
    (ishomebase loc-0)
    (safe loc-0)
    (safe loc-2)
    (safe loc-4)
    (safe loc-5)
    (unpacked paper-0)
    (unpacked paper-1)
    (unpacked paper-2)
    (unpacked paper-3)
    (unpacked paper-4)
    (wantspaper loc-2)
    (wantspaper loc-4)
    (wantspaper loc-5)
  )
  (:goal (and
    (satisfied loc-2)
    (satisfied loc-4)
    (satisfied loc-5)
  ))
)
