(define (problem transport-p003)
  (:domain transport)
  (:objects
    capacity-0 capacity-1 capacity-2 capacity-3 capacity-4 - capacity-number
    city-loc-1 city-loc-2 city-loc-3 city-loc-4 - location
    package-1 package-2 - package
    truck-1 truck-2 - vehicle
  )
  (:init
    (at package-1 city-loc-3)
    (at package-2 city-loc-2)
    (at truck-1 city-loc-4)
    (at truck-2 city-loc-2)
    (capacity truck-1 capacity-3)
    (capacity truck-2 capacity-2)
    (capacity-predecessor capacity-0 capacity-1)
    (capacity-predecessor capacity-1 capacity-2)
    (capacity-predecessor capacity-2 capacity-3)
    (capacity-predecessor capacity-3 capacity-4)
    (road city-loc-1 city-loc-2)
    (road city-loc-1 city-loc-3)
    (road city-loc-1 city-loc-4)
    (road city-loc-2 city-loc-1)
    (road city-loc-2 city-loc-3)
    (road city-loc-2 city-loc-4)
    (road city-loc-3 city-loc-1)
    (road city-loc-3 city-loc-2)
    (road city-loc-3 city-loc-4)
    (road city-loc-4 city-loc-1)
    (road city-loc-4 city-loc-2)
    (road city-loc-4 city-loc-3)
  )
  (:goal (and
    (at package-1 city-loc-2)
    (at package-2 city-loc-1)
  ))
)
