;; Childsnack: children wait at tables for a sandwich. The kitchen holds portions of bread and of
;; filling; a sandwich is made from one of each, put on a tray in the kitchen, and carried on that tray
;; to a table, where it is handed to a child waiting there. Some children are allergic to gluten: they
;; only eat sandwiches made from gluten-free bread and gluten-free filling. Every ingredient and every
;; sandwich name is used once, so wasting gluten-free portions on other children can leave an allergic
;; child unfed.
;;
;; genplan's own formulation, written for genplan's childsnack generator from the domain's semantics.
;; Predicate and action names are the usual ones of the domain (as the IPC 2023 Learning Track writes
;; them), so that the conversion to that formulation only rebuilds the task over its domain file.

(define (domain childsnack)
  (:requirements :strips :typing :negative-preconditions)

  (:types
    child bread-portion content-portion sandwich tray place - object)

  ;; Trays start in, and sandwiches are made in, the kitchen; the tables are the problem's places.
  (:constants kitchen - place)

  (:predicates
    ;; ingredients still in the kitchen, and which of them are gluten-free
    (at_kitchen_bread ?bread - bread-portion)
    (at_kitchen_content ?filling - content-portion)
    (no_gluten_bread ?bread - bread-portion)
    (no_gluten_content ?filling - content-portion)
    ;; a sandwich name not used yet; once made, a sandwich is in the kitchen or on a tray
    (notexist ?sw - sandwich)
    (at_kitchen_sandwich ?sw - sandwich)
    (ontray ?sw - sandwich ?tr - tray)
    (no_gluten_sandwich ?sw - sandwich)
    ;; the children: allergic or not, where each waits, who has eaten
    (allergic_gluten ?kid - child)
    (not_allergic_gluten ?kid - child)
    (waiting ?kid - child ?where - place)
    (served ?kid - child)
    ;; where each tray is
    (at ?tr - tray ?where - place))

  ;; A gluten-free sandwich: both ingredients gluten-free. The sandwich remembers it.
  (:action make_sandwich_no_gluten
    :parameters (?sw - sandwich ?bread - bread-portion ?filling - content-portion)
    :precondition (and (notexist ?sw)
                       (at_kitchen_bread ?bread) (no_gluten_bread ?bread)
                       (at_kitchen_content ?filling) (no_gluten_content ?filling))
    :effect (and (not (notexist ?sw))
                 (not (at_kitchen_bread ?bread))
                 (not (at_kitchen_content ?filling))
                 (at_kitchen_sandwich ?sw)
                 (no_gluten_sandwich ?sw)))

  ;; Any sandwich, from any two ingredients; it is not known to be gluten-free, even if it is.
  (:action make_sandwich
    :parameters (?sw - sandwich ?bread - bread-portion ?filling - content-portion)
    :precondition (and (notexist ?sw)
                       (at_kitchen_bread ?bread)
                       (at_kitchen_content ?filling))
    :effect (and (not (notexist ?sw))
                 (not (at_kitchen_bread ?bread))
                 (not (at_kitchen_content ?filling))
                 (at_kitchen_sandwich ?sw)))

  ;; Load a sandwich onto a tray standing in the kitchen (a tray holds any number).
  (:action put_on_tray
    :parameters (?sw - sandwich ?tr - tray)
    :precondition (and (at_kitchen_sandwich ?sw) (at ?tr kitchen))
    :effect (and (not (at_kitchen_sandwich ?sw))
                 (ontray ?sw ?tr)))

  ;; Carry a tray between two different places (the kitchen or any table).
  (:action move_tray
    :parameters (?tr - tray ?from ?to - place)
    :precondition (and (at ?tr ?from) (not (at ?tr ?to)))
    :effect (and (not (at ?tr ?from))
                 (at ?tr ?to)))

  ;; Hand a gluten-free sandwich from a tray to an allergic child waiting where the tray is.
  (:action serve_sandwich_no_gluten
    :parameters (?sw - sandwich ?kid - child ?tr - tray ?where - place)
    :precondition (and (allergic_gluten ?kid) (waiting ?kid ?where)
                       (at ?tr ?where) (ontray ?sw ?tr) (no_gluten_sandwich ?sw))
    :effect (and (not (ontray ?sw ?tr))
                 (served ?kid)))

  ;; Hand any sandwich from a tray to a child without the allergy waiting where the tray is.
  (:action serve_sandwich
    :parameters (?sw - sandwich ?kid - child ?tr - tray ?where - place)
    :precondition (and (not_allergic_gluten ?kid) (waiting ?kid ?where)
                       (at ?tr ?where) (ontray ?sw ?tr))
    :effect (and (not (ontray ?sw ?tr))
                 (served ?kid))))
