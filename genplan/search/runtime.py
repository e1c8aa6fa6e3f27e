"""genplan's search engine: a lifted successor generator, greedy best-first search and enforced hill climbing.

Why a self-contained, standard-library-only module: a search artifact's heuristic is untrusted code, so
the search runs where it runs, in the sandbox. :mod:`genplan.search.compose` pastes this module's text
(everything below the ``# --- runtime ---`` line) into the program it composes, beside the domain's action
schemas (a data literal, :func:`genplan.search.compose.domain_literal`) and the model's code; the sandbox
then runs that program like any other. genplan's own process also imports this module (the checks compare
the model's successors with these), which is safe: it is genplan's code, not the model's.

Every name defined here starts with ``_gp`` or ``GP``, so the model's code (pasted before it) cannot
clash with it by accident.

States are frozensets of *fluent* facts only (facts of predicates some action adds or deletes): the static
facts never change, so they are kept once (``static``) instead of being copied into every state. The
searches keep even less: a state they have met is stored as the sorted ids of the facts in which it
differs from the initial state (:class:`GPPacked`), a few dozen integers where the full state of a large
sokoban grid holds thousands of ``clear`` facts. A full frozenset exists only while a state is expanded or
evaluated, so memory grows with the number of states met times the size of their *difference*, not of
the states themselves.
"""

# --- runtime ---
import heapq as _gp_heapq
import sys as _gp_sys
from bisect import bisect_left as _gp_bisect
from time import perf_counter as _gp_clock
from time import process_time as _gp_cpu_clock

GP_INF = float("inf")


def _gp_is_var(term):
    return term[:1] == "?"


class GPSuccessors:
    """The successors of a state under the domain's action schemas, grounded lazily.

    Nothing is grounded up front. For each schema, the positive preconditions are joined against the
    state's facts in an order chosen once per task (fewest expected matches first, from the initial
    state's fact counts), so that an atom whose arguments are all bound becomes a set-membership test;
    a partly bound atom is looked up in an index keyed by its bound positions (built once for static
    predicates, once per state for fluent ones, and only for the patterns a join needs). Parameters no
    positive precondition binds range over the objects of their type. Types, (in)equalities and negative
    preconditions are then checked on the full binding.
    """

    def __init__(self, domain, objects, init):
        self.actions = domain["actions"]
        ancestors = domain["ancestors"]
        typed = domain["typed"]
        names = {}
        for item in objects:
            if typed:
                name, typ = item
            else:
                name, typ = item, "object"
            names[name] = typ
        for name, typ in domain["constants"]:
            names.setdefault(name, typ)
        self.objects = names
        members = {}
        for name, typ in names.items():
            for t in ancestors.get(typ, (typ, "object")):
                members.setdefault(t, set()).add(name)
        self.members = members
        self.sorted_members = {t: sorted(m) for t, m in members.items()}
        fluent_preds = set()
        for action in self.actions:
            for pred, _args in action[6]:
                fluent_preds.add(pred)
            for pred, _args in action[7]:
                fluent_preds.add(pred)
        self.fluent_preds = frozenset(fluent_preds)
        self.static = frozenset(f for f in init if f[0] not in fluent_preds)
        self.initial = frozenset(f for f in init if f[0] in fluent_preds)
        counts = {}
        for fact in init:
            counts[fact[0]] = counts.get(fact[0], 0) + 1
        self.counts = counts
        self.static_index = {}
        self.plans = [self._plan(action) for action in self.actions]
        self.by_name = None

    # --------------------------------------------------------------------------------- join order
    def _plan(self, action):
        """The join steps of one schema: ``(pred, args, bound_positions, free_positions, fluent)``."""
        params = [p for p, _t in action[1]]
        bound = set()
        left = list(action[2])
        steps = []
        n = max(2, len(self.objects))
        while left:
            best = None
            for atom in left:
                pred, args = atom
                free = {a for a in args if _gp_is_var(a) and a not in bound}
                if not free:
                    cost = -1.0
                else:
                    nbound = sum(1 for a in args if not _gp_is_var(a) or a in bound)
                    cost = self.counts.get(pred, 0) / (n**nbound)
                key = (cost, pred in self.fluent_preds, len(free), pred, args)
                if best is None or key < best[0]:
                    best = (key, atom)
            atom = best[1]
            left.remove(atom)
            pred, args = atom
            bound_pos = tuple(i for i, a in enumerate(args) if not _gp_is_var(a) or a in bound)
            free_pos = tuple(i for i in range(len(args)) if i not in bound_pos)
            steps.append((pred, tuple(args), bound_pos, free_pos, pred in self.fluent_preds))
            bound.update(a for a in args if _gp_is_var(a))
        unbound = [p for p in params if p not in bound]
        return steps, unbound

    def _lookup(self, pred, pattern, key, state, fluent, memo):
        if fluent:
            state_index, parts = memo
            index = state_index.get((pred, pattern))
            if index is None:
                index = {}
                for fact in state if parts is None else parts(pred):
                    if fact[0] == pred and len(fact) > (pattern[-1] + 1 if pattern else 0):
                        index.setdefault(tuple(fact[i + 1] for i in pattern), []).append(fact)
                state_index[(pred, pattern)] = index
        else:
            index = self.static_index.get((pred, pattern))
            if index is None:
                index = {}
                for fact in self.static:
                    if fact[0] == pred and len(fact) > (pattern[-1] + 1 if pattern else 0):
                        index.setdefault(tuple(fact[i + 1] for i in pattern), []).append(fact)
                self.static_index[(pred, pattern)] = index
        return index.get(key, ())

    # ---------------------------------------------------------------------------------- successors
    def __call__(self, state):
        """Every ``(action, next_state)`` applicable in ``state`` (fluent facts), sorted by action text."""
        return [(text, state.union(added).difference(removed)) for text, removed, added in self.deltas(state)]

    def deltas(self, state, parts=None):
        """Every ``(action, removed, added)`` applicable in ``state``, sorted by action text: the facts the
        action really removes from and adds to this state (a fact both deleted and added stays, as PDDL
        applies deletes first), so ``(state - removed) | added`` is the next state (built as
        ``state.union(added).difference(removed)``, the two fastest copies, as the two are disjoint). The
        searches use this form: a duplicate is recognised from the difference alone, before any next state
        is built.

        ``parts``, when given, maps a predicate to the state's facts of that predicate (a search derives
        them from the few facts that differ from the initial state, :meth:`GPPacked.parts`), so a join
        never scans the whole state, whose bulk (a grid's ``clear`` facts) it does not need."""
        out = []
        state_index = {}
        for action, (steps, unbound) in zip(self.actions, self.plans, strict=True):
            for binding in self._bind(steps, 0, {}, state, (state_index, parts)):
                for full in self._fill(action, unbound, 0, binding):
                    result = self._apply(action, full, state)
                    if result is not None:
                        out.append(result)
        out.sort(key=_gp_first)
        return out

    def replay(self, state, actions):
        """Follow ``actions`` (normalised action strings) from ``state`` by the PDDL's semantics: the state
        they lead to, or ``None`` and the index of the first one that is not an action of the domain or not
        applicable where it is taken. The state is updated in place as a set, so each step costs what it
        changes, not the size of the state (a plan of 10,000 steps on a grid of 8,000 ``clear`` facts)."""
        by_name = self.by_name
        if by_name is None:
            by_name = self.by_name = {a[0]: a for a in self.actions}
        current = set(state)
        static = self.static
        for index, text in enumerate(actions):
            words = text.strip("()").split()
            action = by_name.get(words[0]) if words else None
            if action is None or len(words) - 1 != len(action[1]):
                return None, index
            binding = {p: w for (p, _t), w in zip(action[1], words[1:], strict=True)}
            ok = True
            for pred, args in action[2]:
                fact = (pred, *[binding.get(a, a) for a in args])
                if fact not in current and fact not in static:
                    ok = False
                    break
            result = self._apply(action, binding, current) if ok else None
            if result is None:
                return None, index
            _text, removed, added = result
            current.difference_update(removed)
            current.update(added)
        return frozenset(current), None

    def _bind(self, steps, i, binding, state, memo):
        if i == len(steps):
            yield binding
            return
        pred, args, bound_pos, free_pos, fluent = steps[i]
        if not free_pos:
            fact = (pred, *[binding.get(a, a) for a in args])
            if fact in (state if fluent else self.static):
                yield from self._bind(steps, i + 1, binding, state, memo)
            return
        key = tuple(binding.get(args[p], args[p]) for p in bound_pos)
        arity = len(args) + 1
        for fact in self._lookup(pred, bound_pos, key, state, fluent, memo):
            if len(fact) != arity:
                continue
            new = dict(binding)
            ok = True
            for p in free_pos:
                var = args[p]
                value = fact[p + 1]
                if new.setdefault(var, value) != value:
                    ok = False
                    break
            if ok:
                yield from self._bind(steps, i + 1, new, state, memo)

    def _fill(self, action, unbound, i, binding):
        if i == len(unbound):
            yield binding
            return
        var = unbound[i]
        typ = dict(action[1])[var]
        for obj in self.sorted_members.get(typ, ()):
            new = dict(binding)
            new[var] = obj
            yield from self._fill(action, unbound, i + 1, new)

    def _apply(self, action, binding, state):
        name, params, _pos, neg, eq, neq, add, delete = action
        members = self.members
        for var, typ in params:
            if binding[var] not in members.get(typ, ()):
                return None
        for a, b in eq:
            if binding.get(a, a) != binding.get(b, b):
                return None
        for a, b in neq:
            if binding.get(a, a) == binding.get(b, b):
                return None
        for pred, args in neg:
            fact = (pred, *[binding.get(a, a) for a in args])
            if fact in state or fact in self.static:
                return None
        added = frozenset((pred, *[binding.get(a, a) for a in args]) for pred, args in add)
        removed = frozenset(
            fact
            for fact in ((pred, *[binding.get(a, a) for a in args]) for pred, args in delete)
            if fact in state and fact not in added
        )
        text = "(" + " ".join([name, *[binding[p] for p, _t in params]]) + ")"
        return text, removed, added - state


def _gp_first(pair):
    return pair[0]


# ------------------------------------------------------------------------------------------ search
class GPSearchError(Exception):
    """The search could not return a plan (exhausted, or a component returned something unusable)."""


class GPStats:
    """What a search did, reported beside the plan (see :func:`gp_report`)."""

    def __init__(self):
        self.expansions = 0
        self.evaluations = 0
        self.strategy = ""
        self.fallback = False
        self.initial_h = None
        self.best_h = GP_INF
        # With the model's own states, the expanded state with the lowest h (its repr goes with each
        # progress line: where a search stalls, the model sees the state it stalled on).
        self.best_state = None
        # With the model's own states: the facts of the lowest-h state, worked out by replaying its steps
        # (``best_facts(state)``, set by gp_solve), written after a progress line when that state changed
        # and enough CPU time has gone by since the last time (see gp_progress), and when they were last.
        self.best_facts = None
        self.parents = None  # the own-state search's parents (gp_gbfs_own), which best_facts follows
        self.facts_shown = None
        self.facts_line = ""
        self.next_facts = 0.0
        self.facts_seconds = 0.0
        self.next_progress = 1
        # Where the time went: the model's h and successors, timed around each call by the wall clock (cheap
        # to read), as shares of the search's wall time; the search's CPU time, what the limit counts.
        self.started = _gp_clock()
        self.started_cpu = _gp_cpu_clock()
        self.h_seconds = 0.0
        self.successors_seconds = 0.0
        # With the model's own states: the duplicate check (the states' __hash__ and __eq__, the model's code,
        # called by a dictionary lookup), timed around each lookup.
        self.duplicate_seconds = 0.0
        # When the lowest h was reached: expansions, evaluations and CPU seconds (see gp_progress).
        self.best_at = (0, 0, 0.0)
        # Progress lines by CPU time as well (see tick): calls until the clock is read again, and
        # the CPU seconds of the next line.
        self.ticks = GP_TICKS
        self.next_line = GP_PROGRESS_SECONDS

    def expanded(self, value, state=None):
        """Count an expansion of a state with h = ``value``; at 1, 2, 4, 8, ... expansions, one line on
        stderr (:func:`gp_progress`), so that a search stopped at its time or memory limit leaves behind
        how far it got (genplan shows the last line in the feedback on the timeout or the memory error:
        a search that runs out of memory after a few hundred states keeps far too much per state)."""
        self.expansions += 1
        if value < self.best_h:
            self.best_h = value
            self.best_state = state
            self.best_at = (self.expansions, self.evaluations, _gp_cpu_clock() - self.started_cpu)
        if self.expansions >= self.next_progress:
            self.next_progress *= 2
            gp_progress(self)
        else:
            self.tick()

    def tick(self):
        """Every :data:`GP_TICKS` calls (expansions, and h on the model's own states), read the CPU clock;
        a progress line when :data:`GP_PROGRESS_SECONDS`, or a tenth of the time so far, has gone by since
        the last. Why: the CPU-time limit ends the process without a word from it, so the last line
        written is all genplan learns of how the search ended; with lines at doubled expansions only, a
        search that walked down to h 97 in 2,505 expansions and 16 s, then computed h 18,000 times in 39 s with
        253 expansions (hard p15 of the Learning Track's sokoban), was last seen at 2,048 expansions and 13 s,
        and told it was still going down."""
        self.ticks -= 1
        if self.ticks > 0:
            return
        self.ticks = GP_TICKS
        if _gp_cpu_clock() - self.started_cpu >= self.next_line:
            gp_progress(self)


#: How often a search reads the CPU clock (every this many expansions or own-state h calls), and the
#: least CPU seconds between two progress lines written by time (see :meth:`GPStats.tick`).
GP_TICKS = 32
GP_PROGRESS_SECONDS = 2.0


def _gp_value(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise GPSearchError(f"h returned {value!r} ({type(value).__name__}) {where}; it must return a number")
    if value != value:
        raise GPSearchError(f"h returned NaN {where}; it must return a number (float('inf') for a dead end)")
    return value


class GPPacked:
    """Compact states for the searches: a state is the sorted tuple of the ids of the facts in which it
    differs from the initial state.

    Why: a search keeps every state it has met (to prune duplicates and to rebuild the plan), and on an
    IPC-sized sokoban grid a full state is thousands of ``clear`` facts, of which an action changes three.
    A packed state costs a few dozen integers; it is hashable and equal exactly when the states are
    equal (the ids are assigned once per search, and sorting makes the tuple canonical). ``unpack``
    rebuilds the frozenset with one C-level symmetric difference.
    """

    def __init__(self, initial):
        self.initial = initial
        self.ids = {}
        self.facts = []
        self.actions = {}
        by_pred = {}
        for fact in initial:
            by_pred.setdefault(fact[0], []).append(fact)
        self.by_pred = {pred: frozenset(facts) for pred, facts in by_pred.items()}

    def child(self, key, removed, added):
        """The packed state after an action that removes ``removed`` and adds ``added`` in state ``key``:
        each fact that changes toggles its membership in the difference."""
        ids = self.ids
        diff = list(key)
        for changed in (removed, added):
            for fact in changed:
                i = ids.get(fact)
                if i is None:
                    i = ids[fact] = len(self.facts)
                    self.facts.append(fact)
                # A sorted insert or delete: one memmove, where a set and a sort would touch every id.
                pos = _gp_bisect(diff, i)
                if pos < len(diff) and diff[pos] == i:
                    del diff[pos]
                else:
                    diff.insert(pos, i)
        return tuple(diff)

    def unpack(self, key):
        facts = self.facts
        return self.initial.symmetric_difference([facts[i] for i in key])

    def parts(self, key):
        """``pred -> the facts of pred in state key``, from the initial state's facts of pred and the few
        that differ (:meth:`GPSuccessors.deltas` joins on these instead of scanning the whole state)."""
        facts = self.facts
        diff = {}
        for i in key:
            fact = facts[i]
            diff.setdefault(fact[0], []).append(fact)
        by_pred = self.by_pred
        empty = frozenset()

        def part(pred):
            changed = diff.get(pred)
            base = by_pred.get(pred, empty)
            return base.symmetric_difference(changed) if changed else base

        return part

    def action(self, text):
        """One string object per distinct action, however many states it leads to."""
        return self.actions.setdefault(text, text)


def _gp_plan(parents, key):
    """The plan to the state packed as ``key``: its steps' actions from the start, a macro step's actions
    (one string, joined by newlines, see :func:`gp_model_successors`) in their order."""
    steps = []
    while True:
        parent, action = parents[key]
        if parent is None:
            break
        steps.extend(reversed(action.split("\n")))
        key = parent
    steps.reverse()
    return steps


def _gp_new_children(pack, key, state, succ, parents):
    """``(action, packed child, child state)`` for each successor of ``state`` (packed as ``key``) not met
    before, recorded in ``parents`` as it is found: the step both searches share. A duplicate is known
    from its packed key, before its state is built."""
    for item in succ(state, pack.parts(key)):
        action, removed, added = item[0], item[1], item[2]
        child = pack.child(key, removed, added)
        if child in parents:
            continue
        parents[child] = (key, pack.action(action))
        yield action, child, (item[3] if len(item) > 3 else state.union(added).difference(removed))


def gp_gbfs(initial, goal, succ, h, stats):
    """Greedy best-first search on h (ties: fewer steps, then first generated); duplicates are pruned,
    and states with ``h == inf`` are never expanded. ``succ(state)`` gives ``(action, removed, added)``
    triples (:meth:`GPSuccessors.deltas`), or with the next state as a fourth item (the model's
    successors); the states met are kept packed (:class:`GPPacked`)."""
    stats.strategy = stats.strategy or "gbfs"
    if goal <= initial:
        return []
    pack = GPPacked(initial)
    counter = 0
    value = _gp_value(h(initial), "on the initial state")
    stats.evaluations += 1
    stats.initial_h = value
    root = ()
    parents = {root: (None, None)}
    frontier = [(value, 0, counter, root)]
    # The states generated by the last expansion, kept whole: greedy search often expands one of them
    # next, which then needs no unpacking.
    recent = {}
    while frontier:
        _value, g, _c, key = _gp_heapq.heappop(frontier)
        state = recent.get(key)
        if state is None:
            state = pack.unpack(key)
        recent = {}
        stats.expanded(_value)
        for action, child, nxt in _gp_new_children(pack, key, state, succ, parents):
            if goal <= nxt:
                return _gp_plan(parents, child)
            value = _gp_value(h(nxt), f"after {action}")
            stats.evaluations += 1
            if value == GP_INF:
                continue
            counter += 1
            recent[child] = nxt
            _gp_heapq.heappush(frontier, (value, g + 1, counter, child))
    raise GPSearchError(
        f"greedy best-first search explored every reachable state with finite h ({stats.expansions} "
        "expansions) without reaching the goal"
    )


#: The most states hill climbing expands looking for one better state before it gives up and starts over
#: with greedy best-first search (see :func:`gp_hill_climbing`).
GP_PLATEAU = 1000


def gp_hill_climbing(initial, goal, succ, h, stats):
    """Enforced hill climbing: from the current state, a breadth-first search for the nearest state with a
    strictly lower h, which becomes the current state (its path is appended to the plan).

    With a direct heuristic the nearest better state is always a successor, so this is plain hill climbing
    and expands one state a step. The plateau rule: on a plateau or a local minimum the breadth-first search
    goes deeper (it is complete within the states reachable from the current one); if it finds no better
    state (the current state leads only into dead ends or worse), or has to expand more than
    :data:`GP_PLATEAU` states to find one, the search starts over from the initial state with greedy
    best-first search, which is complete. The bound is there because a heuristic found direct on the
    small states genplan checks may not be direct on large tasks: on the Learning Track's sokoban, climbing
    committed to pushes that left a box stuck, and the breadth-first search from there went on for the
    whole time limit where greedy best-first search from the start solved the task in 5 s. States are
    packed as in :func:`gp_gbfs`.
    """
    stats.strategy = "hill climbing"
    if goal <= initial:
        return []
    pack = GPPacked(initial)
    plan = []
    current = ()
    best = _gp_value(h(initial), "on the initial state")
    stats.evaluations += 1
    stats.initial_h = best
    seen_best = set()
    while True:
        seen_best.add(current)
        parents = {current: (None, None)}
        layer = [current]
        found = None
        budget = GP_PLATEAU
        while layer and found is None and budget > 0:
            nxt_layer = []
            for key in layer:
                budget -= 1
                state = pack.unpack(key)
                stats.expanded(best)
                for action, child, nxt in _gp_new_children(pack, key, state, succ, parents):
                    if goal <= nxt:
                        return plan + _gp_plan(parents, child)
                    value = _gp_value(h(nxt), f"after {action}")
                    stats.evaluations += 1
                    if value == GP_INF:
                        continue
                    if value < best and child not in seen_best:
                        found = (child, value)
                        break
                    nxt_layer.append(child)
                if found is not None or budget <= 0:
                    break
            layer = nxt_layer
        if found is None:
            stats.fallback = True
            return gp_gbfs(initial, goal, succ, h, stats)
        plan.extend(_gp_plan(parents, found[0]))
        current, best = found


def gp_goal_aware(func, goal):
    """The model's ``successors`` or ``encode`` as a function of ``(state, static, objects)``: when it
    takes a fourth positional parameter, the task's goal (the frozenset ``h`` gets) is passed as it.

    Why: with partial expansion the order of a state's steps matters (the first step down is taken), and
    ordering them by promise needs the goal; a fourth parameter is how the model asks for it, and code
    written for three parameters runs as before."""
    import inspect as _gp_inspect

    try:
        params = _gp_inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return func
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(positional) < 4:
        return func

    def with_goal(state, static, objects):
        return func(state, static, objects, goal)

    return with_goal


def gp_given_goal(model_successors, encode, goal):
    """The model's ``successors`` and ``encode`` (either may be None), each given the goal if it asks for it
    (:func:`gp_goal_aware`): the search and the checks call them alike."""
    return tuple(None if func is None else gp_goal_aware(func, goal) for func in (model_successors, encode))


def gp_action_text(action):
    """A step the model's ``successors`` returned, as the engine keeps it: one action string normalised
    (lower case, single spaces), or a macro step, a non-empty list or tuple of action strings applied in
    order, as those strings joined by newlines (which no normalised action contains)."""
    if isinstance(action, str):
        return " ".join(action.lower().split())
    if isinstance(action, (list, tuple)) and action and all(isinstance(a, str) for a in action):
        return "\n".join(" ".join(a.lower().split()) for a in action)
    raise GPSearchError(
        f"successors returned the action {action!r}; an action is a string, or a non-empty list of strings "
        "for a macro step"
    )


def gp_model_successors(model, static, objects, stats=None):
    """The model's ``successors(state, static, objects)`` wrapped to the engine's form: a list of
    ``(action text, removed, added, next_state)`` (:meth:`GPSuccessors.deltas` gives the first three),
    each action normalised to lower case, sorted. ``next_state`` is the model's own frozenset (a subclass
    carrying what its ``h`` needs included), so ``h`` is called on the very object its ``successors``
    returned; anything else iterable is made a frozenset. Whatever it claims, the plan is validated."""

    def succ(state, parts=None):
        out = []
        started = _gp_clock()
        items = list(model(state, static, objects))
        if stats is not None:
            stats.successors_seconds += _gp_clock() - started
        for item in items:
            try:
                action, nxt = item
            except (TypeError, ValueError):
                raise GPSearchError(
                    f"successors returned {item!r}; each item must be a pair (action string, next state)"
                ) from None
            nxt = nxt if isinstance(nxt, frozenset) else frozenset(nxt)
            out.append((gp_action_text(action), state - nxt, nxt - state, nxt))
        out.sort(key=_gp_first)
        return out

    return succ


def gp_step_actions(action):
    """The action strings of one step of the model's own-state successors: an action string, a macro step
    (a non-empty list or tuple of them), or a function of no arguments returning either, called only for
    the steps of the plan found (so that a search need not spell out the path of every step it meets)."""
    if callable(action):
        try:
            action = action()
        except Exception as exc:
            raise GPSearchError(f"the function successors returned as an action raised {_gp_error(exc)}") from exc
    return gp_action_text(action).split("\n")


def _gp_own_plan(parents, state):
    """The steps' actions from the start to ``state``, as the model returned them (not yet spelled out)."""
    steps = []
    while True:
        entry = parents[state]
        if entry is None:
            break
        state, action = entry
        steps.append(action)
    steps.reverse()
    return steps


def _gp_own_pairs(succ, state):
    """The model's ``(action, next_state)`` pairs for ``state``, each checked to be a pair."""
    for item in succ(state):
        try:
            action, nxt = item
        except (TypeError, ValueError):
            raise GPSearchError(
                f"successors returned {item!r}"[:300] + "; each item must be a pair (action, next state)"
            ) from None
        yield action, nxt


def _gp_own_value(h, state, stats):
    """``h`` of one of the model's states, counted, and checked to be a number (the common case, an int or
    a float that is not NaN, costs two class tests)."""
    value = h(state)
    stats.evaluations += 1
    stats.tick()
    if (value.__class__ is not float and value.__class__ is not int) or value != value:
        value = _gp_value(value, "on a state successors returned")
    return value


def gp_gbfs_own(start, succ, h, stats):
    """Greedy best-first search over the model's own states (see :func:`gp_solve`): ``succ(state)`` gives
    the model's ``(action, next_state)`` pairs in its own order, a state is a goal when ``h`` is 0, and the
    states met are kept as the model made them (their hashes and equality decide what is a duplicate).
    Returns the steps' actions as the model returned them; :func:`gp_solve` spells them out and replays
    them on the task's facts before trusting them.

    Expanding a state evaluates its successors in the model's order only until one has a lower h than the
    state; the successors after it are queued unevaluated under the state's own h and evaluated when they
    come up (one whose h then turns out higher goes back into the queue under that h). Why: on an
    IPC-sized task a state has a hundred successors and the model's h is most of the cost, so evaluating
    every successor of every state (plain greedy best-first search) pays a hundred calls for each step
    down. Stopping at the first better successor pays a few, while the next state expanded is still the
    lowest-h one known. Measured on the Learning Track's sokoban (README, *Partial expansion*); which
    successor is taken first depends on the model's order. Ties: fewer steps, then first queued."""
    stats.strategy = stats.strategy or "gbfs"
    value = _gp_value(h(start), "on the initial state")
    stats.evaluations += 1
    stats.initial_h = value
    stats.best_state = start
    if value == 0:
        return []
    try:
        parents = stats.parents = {start: None}
    except TypeError:
        raise GPSearchError(
            f"encode returned a {type(start).__name__}, which is not hashable; your own states must be hashable "
            "(tuples, frozensets, strings, numbers)"
        ) from None
    counter = 0
    # (the queue's key: h, or the parent's h while unevaluated; steps; order; state; h or None)
    frontier = [(value, 0, counter, start, value)]
    while frontier:
        key, g, _c, state, value = _gp_heapq.heappop(frontier)
        if value is None:
            value = _gp_own_value(h, state, stats)
            if value == 0:
                return _gp_own_plan(parents, state)
            if value == GP_INF:
                continue
            if value > key:
                counter += 1
                _gp_heapq.heappush(frontier, (value, g, counter, state, value))
                continue
        stats.expanded(value, state)
        improved = False
        for action, nxt in _gp_own_pairs(succ, state):
            started = _gp_clock()
            try:
                if nxt in parents:
                    stats.duplicate_seconds += _gp_clock() - started
                    continue
            except TypeError:
                raise GPSearchError(
                    f"successors returned a next state of type {type(nxt).__name__}, which is not hashable; "
                    "your own states must be hashable (tuples, frozensets, strings, numbers)"
                ) from None
            parents[nxt] = (state, action)
            stats.duplicate_seconds += _gp_clock() - started
            counter += 1
            if improved:
                _gp_heapq.heappush(frontier, (value, g + 1, counter, nxt, None))
                continue
            child = _gp_own_value(h, nxt, stats)
            if child == 0:
                return _gp_own_plan(parents, nxt)
            if child == GP_INF:
                continue
            improved = child < value
            _gp_heapq.heappush(frontier, (child, g + 1, counter, nxt, child))
    raise GPSearchError(
        f"greedy best-first search explored every reachable state with finite h ({stats.expansions} "
        "expansions) without reaching a state where h is 0"
    )


def gp_own_plan(generic, goal_fluent, steps):
    """The plan of the model's own-state steps, spelled out and replayed on the task's facts: a plan whose
    action is not applicable, or that ends where the goal does not hold, is the model's bug, said as such
    (the validator would reject the plan too, without saying which function is wrong)."""
    plan = []
    for action in steps:
        plan.extend(gp_step_actions(action))
    end, bad = generic.replay(generic.initial, plan)
    if end is None:
        raise GPSearchError(
            f"the search reached a state where h is 0 along the steps of your successors, but the plan's action "
            f"{bad + 1} of {len(plan)}, {plan[bad]}, is not applicable where it is taken: successors returned a "
            "step the PDDL does not allow from the facts that hold there"
        )
    missing = sorted(goal_fluent - end)
    if missing:
        shown = ", ".join("(" + " ".join(f) + ")" for f in missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise GPSearchError(
            f"h returned 0 on a state where the goal does not hold (after the {len(plan)} actions of the plan "
            f"found, {len(missing)} goal facts are false: {shown}); with your own states the search stops at "
            "the first state where h is 0, so h must return 0 only when every goal fact holds"
        )
    return plan


#: The most characters of the lowest-h state's repr a progress line shows.
GP_SHOWN_STATE = 1000


def gp_progress(stats):
    """One line on stderr with how far the search got so far (informational, as :func:`gp_report`): the
    counts, the lowest h and when it was reached (``best_at``: expansions, evaluations, CPU seconds), and
    where the time went."""
    cpu = _gp_cpu_clock() - stats.started_cpu
    stats.next_line = cpu + max(GP_PROGRESS_SECONDS, cpu / 10)
    at_expansions, at_evaluations, at_cpu = stats.best_at
    _gp_sys.stderr.write(
        f"genplan-search-progress: expansions={stats.expansions} evaluations={stats.evaluations} "
        f"best_h={stats.best_h!r} initial_h={stats.initial_h!r} cpu_seconds={cpu:.2f} "
        f"wall_seconds={_gp_clock() - stats.started:.2f} h_seconds={stats.h_seconds:.2f} "
        f"successors_seconds={stats.successors_seconds:.2f} "
        f"best_at={at_expansions},{at_evaluations},{at_cpu:.2f} duplicate_seconds={stats.duplicate_seconds:.2f} "
        f"facts_seconds={stats.facts_seconds:.2f}\n"
    )
    if stats.best_state is not None:
        try:
            shown = repr(stats.best_state)
        except Exception as exc:
            shown = f"<repr raised {type(exc).__name__}>"
        shown = " ".join(shown.split())
        more = " ..." if len(shown) > GP_SHOWN_STATE else ""
        _gp_sys.stderr.write(f"genplan-search-best-state: {shown[:GP_SHOWN_STATE]}{more}\n")
        if stats.best_facts is not None and stats.best_state is not stats.facts_shown and cpu >= stats.next_facts:
            gp_best_facts(stats, cpu)
        if stats.facts_line:  # with every progress line: the output keeps only its head and its tail
            _gp_sys.stderr.write(stats.facts_line)


#: How often the lowest-h state's facts are worked out (see :func:`gp_best_facts`): after at least this
#: share of the CPU time so far has gone by since the last time, and a first time after this many seconds.
GP_FACTS_SHARE = 0.25
GP_FACTS_FIRST = 1.0
#: The most characters of the facts line (base64 of compressed JSON); a longer one is not written.
GP_FACTS_CHARS = 2400


def gp_best_facts(stats, cpu):
    """The line with the facts of the own-state search's lowest-h state (its h, then what changed from the
    initial state, facts added and facts deleted, as JSON compressed and in base64), written after every
    progress line from then on. Why: the model's state is shown as its own repr, which genplan cannot
    read; its facts let genplan draw the state it stalled on (a map of a grid task,
    :mod:`genplan.pddl.gridmap`). Working them out replays the steps from the start, so it is done rarely
    (:data:`GP_FACTS_SHARE`) and its time is counted (``facts_seconds``). Informational only, like every
    progress line."""
    import base64 as _gp_b64
    import json as _gp_json
    import zlib as _gp_zlib

    started = _gp_cpu_clock()
    stats.facts_shown = stats.best_state
    try:
        delta = stats.best_facts(stats.best_state)
    except Exception:  # the model's steps could not be spelled out: nothing to draw
        delta = None
    if delta is not None:
        data = _gp_json.dumps([sorted(" ".join(f) for f in part) for part in delta], separators=(",", ":"))
        line = _gp_b64.b64encode(_gp_zlib.compress(data.encode(), 9)).decode()
        if len(line) <= GP_FACTS_CHARS:
            stats.facts_line = f"genplan-search-best-facts: h={stats.best_h!r} {line}\n"
    spent = _gp_cpu_clock() - started
    stats.facts_seconds += spent
    stats.next_facts = cpu + spent + max(GP_FACTS_FIRST, cpu * GP_FACTS_SHARE)


def gp_report(stats):
    """One line on stderr with the search's counts: informational only (the program could print anything,
    so genplan never trusts it for a verdict, only shows it)."""
    _gp_sys.stderr.write(
        f"\ngenplan-search: strategy={stats.strategy} expansions={stats.expansions} "
        f"evaluations={stats.evaluations} fallback={int(stats.fallback)}\n"
    )


def gp_solve(domain, objects, init, goal, h, model_successors, strategy, encode=None):
    """The plan for the task, by ``strategy`` (``"gbfs"`` or ``"hill"``) with ``h`` and the successor
    generator (the model's when given, else :class:`GPSuccessors`).

    With ``encode`` (the model's own states): the search starts at ``encode(initial fluent facts, static,
    objects)``, calls the model's ``successors`` and ``h`` on the model's own states (greedy best-first
    search, a goal where h is 0), and replays the plan on the facts before returning it
    (:func:`gp_own_plan`). Its states are what the model made them: a tuple of a few dozen box cells where
    the facts are thousands of ``clear`` atoms, so a state costs what the model's representation costs."""
    generic = GPSuccessors(domain, objects, init)
    static = generic.static
    static_goal = frozenset(f for f in goal if f[0] not in generic.fluent_preds)
    goal_fluent = frozenset(goal) - static_goal
    missing = static_goal - static
    if missing:
        raise GPSearchError(f"the goal facts {sorted(missing)} are static and false: the task has no plan")
    objs = frozenset(objects)
    goal_all = frozenset(goal)
    stats = GPStats()
    model_successors, encode = gp_given_goal(model_successors, encode, goal_all)

    def heuristic(state):
        started = _gp_clock()
        value = h(state, goal_all, static, objs)
        stats.h_seconds += _gp_clock() - started
        return value

    if encode is not None:
        if model_successors is None:
            raise GPSearchError(
                "the code defines encode but no successors: with your own states genplan cannot compute "
                "successors itself, so define successors(state, static, objects) over them"
            )

        def own_successors(state):
            started = _gp_clock()
            items = list(model_successors(state, static, objs))
            stats.successors_seconds += _gp_clock() - started
            return items

        def best_facts(state):
            plan = []
            for action in _gp_own_plan(stats.parents, state):
                plan.extend(gp_step_actions(action))
            end, _bad = generic.replay(generic.initial, plan)
            if end is None:
                return None
            return end - generic.initial, generic.initial - end

        stats.best_facts = best_facts
        try:
            start = encode(generic.initial, static, objs)
            stats.strategy = "gbfs-own-states"
            return gp_own_plan(generic, goal_fluent, gp_gbfs_own(start, own_successors, heuristic, stats))
        finally:
            gp_report(stats)
    succ = generic.deltas if model_successors is None else gp_model_successors(model_successors, static, objs, stats)
    search = gp_hill_climbing if strategy == "hill" else gp_gbfs
    try:
        return search(generic.initial, goal_fluent, succ, heuristic, stats)
    finally:
        gp_report(stats)


# ------------------------------------------------------------------------------------------- checks
def _gp_error(exc):
    """An exception as one line, with the line of the model's code it came from when there is one."""
    import traceback as _gp_tb

    frames = [f for f in _gp_tb.extract_tb(exc.__traceback__) if f.filename == "<program>"]
    where = f" (line {frames[-1].lineno}: {(frames[-1].line or '').strip()})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"[:2000]


def _gp_number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None, f"h returned {value!r} ({type(value).__name__}), not a number"[:500]
    if value != value:
        return None, "h returned NaN"
    return float(value), None


def gp_check_states(domain, objects, init, goal, states, h, model_successors, encode=None):
    """One JSON line per state in ``states`` (lists of fluent facts): h on the state and on each of its
    real successors, and, when the model wrote ``successors``, what it returned (as facts added and
    removed). Only numbers and strings cross back; genplan parses every line strictly on its side.

    With ``encode`` (the model's own states), h and successors see ``encode`` of each state; each step
    successors returns is followed on the facts here (:meth:`GPSuccessors.replay`), reported by the facts
    it leads to (none when an action is not applicable: genplan finds which on its side), and, when
    ``encode`` of those facts differs from the state the model returned, listed in ``own_mismatch``."""
    import json as _gp_json

    generic = GPSuccessors(domain, objects, init)
    static = generic.static
    objs = frozenset(objects)
    goal_all = frozenset(goal)
    own = encode is not None
    model_successors, encode = gp_given_goal(model_successors, encode, goal_all)

    def view(facts):
        return encode(facts, static, objs) if own else facts

    out = []
    for index, facts in enumerate(states):
        state = frozenset(tuple(f) for f in facts)
        record = {"i": index}
        mine = None
        try:
            mine = view(state)
            value, problem = _gp_number(h(mine, goal_all, static, objs))
            record["h"] = value if problem is None else None
            if problem:
                record["h_error"] = problem
        except Exception as exc:
            record["h"] = None
            record["h_error"] = ("encode or h: " if own else "") + _gp_error(exc)
        succ_h = []
        for action, nxt in generic(state):
            try:
                value, problem = _gp_number(h(view(nxt), goal_all, static, objs))
                succ_h.append([action, value, problem])
            except Exception as exc:
                succ_h.append([action, None, _gp_error(exc)])
        record["succ_h"] = succ_h
        if model_successors is not None and not (own and mine is None):
            try:
                listed = []
                mismatch = []
                for item in model_successors(mine if own else state, static, objs):
                    action, nxt = item
                    if own:
                        steps = gp_step_actions(action)
                        end, _bad = generic.replay(state, steps)
                        if end is None:
                            listed.append(["\n".join(steps), [], []])
                            continue
                        mapped = encode(end, static, objs)
                        if mapped != nxt:
                            mismatch.append([len(listed), repr(nxt)[:600], repr(mapped)[:600]])
                        nxt = end
                        action = steps
                    nxt = frozenset(nxt)
                    listed.append(
                        [gp_action_text(action), sorted(list(f) for f in nxt - state),
                         sorted(list(f) for f in state - nxt)]
                    )  # fmt: skip
                record["succ"] = listed
                if own:
                    record["own_mismatch"] = mismatch
            except Exception as exc:
                record["succ_error"] = _gp_error(exc)
        out.append(_gp_json.dumps(record, sort_keys=True))
    return out
