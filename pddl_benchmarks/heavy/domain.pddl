;; Heavy: the heavy-pack domain of Silver et al. (llm-genplan "heavypack"), as used in the genplan17
;; benchmark.
;;
;; Items must all be packed into one box as a single stack. The first item goes into the empty box;
;; every further item is put on top of the stack, and only onto an item heavier than itself. A task
;; lists the heavier relation for every pair of items, so the solution packs them heaviest first.

(define (domain heavy-pack)
  (:requirements :strips)

  (:predicates
    (heavier ?item1 ?item2)   ; ?item1 weighs more than ?item2
    (packed ?item)            ; ?item is in the box
    (unpacked ?item)          ; ?item is still outside
    (nothing-above ?item)     ; ?item is the top of the stack
    (box-empty))

  ;; Put the first item into the empty box.
  (:action pack-first
    :parameters (?item)
    :precondition (and (box-empty))
    :effect (and (not (box-empty))
                 (packed ?item)
                 (nothing-above ?item)
                 (not (unpacked ?item))))

  ;; Put an unpacked item onto the top of the stack, which must be heavier than it.
  (:action stack
    :parameters (?bottom ?top)
    :precondition (and (packed ?bottom) (nothing-above ?bottom) (heavier ?bottom ?top) (unpacked ?top))
    :effect (and (packed ?top)
                 (nothing-above ?top)
                 (not (nothing-above ?bottom))
                 (not (unpacked ?top))))
)
