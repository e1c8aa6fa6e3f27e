;; Beluga: aircraft parts arrive by Beluga cargo plane in a fixed unloading order and must reach the
;; production line in a fixed order. Between the two, parts wait on racks. A rack is a row of parts
;; reachable from two ends: the beluga truck adds and removes parts at the beluga end, the factory
;; truck at the factory end. Every part has a size, and the parts on a rack may not exceed its
;; capacity: rack levels are number objects linked by (fit-n-sum a b c), which holds when a + b = c
;; fits on a rack.
;; This is the simplified, classical model of the Beluga logistics challenge (TUPLES project) used
;; for the ASNets experiments of Eisenhut et al. (fai-saarland/bughive) and in the genplan17
;; benchmark; action costs are left out. Written for genplan.

(define (domain beluga)
  (:requirements :strips :typing :equality)

  (:types
    part rack part-type truck production-line num num-swaps - object
    beluga-truck fab-truck - truck)

  (:constants
    nonep - part   ; "no part": end of the unloading and production sequences
    noner - rack   ; "no rack": where a part is while it is not on a rack
    n00 - num)     ; the level of an empty rack

  (:predicates
    (ready-to-unload ?p - part)              ; ?p is the next part to leave the Beluga
    (next-to-unload ?pc - part ?pn - part)   ; ?pn leaves the Beluga right after ?pc
    (on-truck ?p - part ?t - truck)
    (empty ?t - truck)
    (on-rack ?r - rack ?p - part)
    (rack-succ ?p1 - part ?p2 - part)        ; ?p2 is next to ?p1 on the factory side
    (no-rack-succ ?p - part)                 ; nothing beyond ?p towards the factory
    (no-rack-pre ?p - part)                  ; nothing beyond ?p towards the Beluga
    (p-line-next ?pl - production-line ?p - part)
    (p-line-succ ?p1 - part ?p2 - part)      ; the line needs ?p2 right after ?p1
    (needed-next ?p - part)                  ; ?p is the part the line waits for (nonep: none chosen)
    (processed ?p - part)
    (unused ?r - rack)
    (size ?p - part ?n - num)
    (level ?r - rack ?n - num)
    (fit-n-sum ?n1 - num ?n2 - num ?n3 - num))

  ;; The next part leaves the Beluga onto the (empty) beluga truck.
  (:action unload-from-beluga
    :parameters (?p - part ?np - part ?t - beluga-truck)
    :precondition (and (ready-to-unload ?p) (next-to-unload ?p ?np) (empty ?t))
    :effect (and (not (ready-to-unload ?p)) (ready-to-unload ?np) (not (empty ?t)) (on-truck ?p ?t)))

  ;; Beluga side, empty rack: the part becomes the rack's only part.
  (:action put-on-rack-first-beluga
    :parameters (?t - beluga-truck ?p - part ?r - rack ?pSize - num)
    :precondition (and (on-truck ?p ?t) (on-rack noner ?p) (no-rack-pre ?p) (no-rack-succ ?p)
                       (size ?p ?pSize) (level ?r n00) (fit-n-sum n00 ?pSize ?pSize))
    :effect (and (not (on-truck ?p ?t)) (empty ?t)
                 (not (on-rack noner ?p)) (on-rack ?r ?p) (not (unused ?r))
                 (not (level ?r n00)) (level ?r ?pSize)))

  ;; Beluga side: take a rack's only part back onto the beluga truck.
  (:action put-on-truck-first-beluga
    :parameters (?t - beluga-truck ?p - part ?r - rack ?pSize - num)
    :precondition (and (empty ?t) (on-rack ?r ?p) (no-rack-pre ?p) (no-rack-succ ?p)
                       (size ?p ?pSize) (level ?r ?pSize) (fit-n-sum n00 ?pSize ?pSize))
    :effect (and (on-truck ?p ?t) (not (empty ?t))
                 (on-rack noner ?p) (not (on-rack ?r ?p))
                 (not (level ?r ?pSize)) (level ?r n00)))

  ;; Beluga side: put the part in front of ?pFirst, the part nearest the Beluga, if it fits.
  (:action put-on-rack-beluga
    :parameters (?t - beluga-truck ?p - part ?r - rack ?pFirst - part
                 ?pSize - num ?rLevel - num ?newLevel - num)
    :precondition (and (not (= ?p ?pFirst))
                       (on-truck ?p ?t) (on-rack ?r ?pFirst) (on-rack noner ?p)
                       (no-rack-pre ?pFirst) (no-rack-pre ?p) (no-rack-succ ?p)
                       (size ?p ?pSize) (level ?r ?rLevel) (fit-n-sum ?rLevel ?pSize ?newLevel))
    :effect (and (not (on-truck ?p ?t)) (empty ?t)
                 (not (on-rack noner ?p)) (on-rack ?r ?p)
                 (not (no-rack-pre ?pFirst)) (not (no-rack-succ ?p)) (rack-succ ?p ?pFirst)
                 (not (ready-to-unload ?p)) (not (unused ?r))
                 (not (level ?r ?rLevel)) (level ?r ?newLevel)))

  ;; Beluga side: take the part nearest the Beluga (?pFirst is next to it) onto the beluga truck.
  (:action put-on-truck-beluga
    :parameters (?t - beluga-truck ?p - part ?r - rack ?pFirst - part
                 ?pSize - num ?rLevel - num ?newLevel - num)
    :precondition (and (not (= ?p ?pFirst))
                       (empty ?t) (on-rack ?r ?pFirst) (on-rack ?r ?p) (no-rack-pre ?p)
                       (rack-succ ?p ?pFirst) (size ?p ?pSize) (level ?r ?newLevel)
                       (fit-n-sum ?rLevel ?pSize ?newLevel))
    :effect (and (not (on-rack ?r ?p)) (on-rack noner ?p)
                 (on-truck ?p ?t) (not (empty ?t))
                 (no-rack-pre ?pFirst) (no-rack-succ ?p) (not (rack-succ ?p ?pFirst))
                 (not (level ?r ?newLevel)) (level ?r ?rLevel)))

  ;; The production line ?pl moves on: ?pA becomes the part it waits for.
  (:action set-next
    :parameters (?pl - production-line ?pA - part ?pn - part)
    :precondition (and (needed-next nonep) (p-line-next ?pl ?pA) (p-line-succ ?pA ?pn))
    :effect (and (needed-next ?pA) (not (needed-next nonep))
                 (not (p-line-next ?pl ?pA)) (p-line-next ?pl ?pn)))

  ;; Factory side: take a rack's only part onto the factory truck (?rLevel, ?newLevel play no role).
  (:action put-on-truck-fab-last
    :parameters (?t - fab-truck ?r - rack ?p - part ?pSize - num ?rLevel - num ?newLevel - num)
    :precondition (and (empty ?t) (on-rack ?r ?p) (no-rack-pre ?p) (no-rack-succ ?p)
                       (size ?p ?pSize) (level ?r ?pSize))
    :effect (and (not (on-rack ?r ?p)) (on-rack noner ?p)
                 (not (empty ?t)) (on-truck ?p ?t)
                 (not (level ?r ?pSize)) (level ?r n00)))

  ;; Factory side, empty rack: the part becomes the rack's only part (?rLevel, ?newLevel play no role).
  (:action put-on-rack-fab-last
    :parameters (?t - fab-truck ?r - rack ?p - part ?pSize - num ?rLevel - num ?newLevel - num)
    :precondition (and (on-truck ?p ?t) (on-rack noner ?p) (no-rack-pre ?p) (no-rack-succ ?p)
                       (size ?p ?pSize) (level ?r n00))
    :effect (and (not (on-rack noner ?p)) (on-rack ?r ?p)
                 (empty ?t) (not (on-truck ?p ?t))
                 (not (level ?r n00)) (level ?r ?pSize)))

  ;; Factory side: take the part nearest the factory (?pRight, next to ?pBefore) onto the truck.
  (:action put-on-truck-fab
    :parameters (?t - fab-truck ?r - rack ?pRight - part ?pBefore - part
                 ?pSize - num ?rLevel - num ?newLevel - num)
    :precondition (and (not (= ?pRight ?pBefore))
                       (empty ?t) (on-rack ?r ?pRight) (on-rack ?r ?pBefore)
                       (rack-succ ?pBefore ?pRight) (no-rack-succ ?pRight)
                       (size ?pRight ?pSize) (level ?r ?rLevel) (fit-n-sum ?newLevel ?pSize ?rLevel))
    :effect (and (not (empty ?t)) (on-truck ?pRight ?t)
                 (not (on-rack ?r ?pRight)) (on-rack noner ?pRight)
                 (not (rack-succ ?pBefore ?pRight)) (no-rack-pre ?pRight) (no-rack-succ ?pBefore)
                 (not (level ?r ?rLevel)) (level ?r ?newLevel)))

  ;; Factory side: put the part next to ?pBefore, the part nearest the factory, if it fits.
  (:action put-on-rack-fab
    :parameters (?t - fab-truck ?r - rack ?pRight - part ?pBefore - part
                 ?pSize - num ?rLevel - num ?newLevel - num)
    :precondition (and (not (= ?pRight ?pBefore))
                       (on-truck ?pRight ?t) (on-rack noner ?pRight)
                       (no-rack-pre ?pRight) (no-rack-succ ?pRight)
                       (on-rack ?r ?pBefore) (no-rack-succ ?pBefore)
                       (size ?pRight ?pSize) (level ?r ?newLevel) (fit-n-sum ?newLevel ?pSize ?rLevel))
    :effect (and (empty ?t) (not (on-truck ?pRight ?t))
                 (not (on-rack noner ?pRight)) (on-rack ?r ?pRight)
                 (not (no-rack-pre ?pRight)) (rack-succ ?pBefore ?pRight)
                 (not (level ?r ?newLevel)) (level ?r ?rLevel)))

  ;; The factory truck hands over the part the production line waits for.
  (:action to-fab
    :parameters (?t - fab-truck ?p - part)
    :precondition (and (needed-next ?p) (on-truck ?p ?t))
    :effect (and (not (on-truck ?p ?t)) (empty ?t)
                 (not (needed-next ?p)) (needed-next nonep) (processed ?p)))
)
