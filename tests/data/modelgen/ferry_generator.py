# A ferry task generator as a model would write it (the scripted model replies in
# tests/test_modelgen.py answer with this file, whole or broken on purpose).
import random

PARAMETERS = {"locations": 2, "cars": 1}


def params_for_size(size):
    locations = max(2, size // 5)
    return {"locations": locations, "cars": max(1, size - locations)}


def generate(params, seed):
    rng = random.Random(seed)
    locations = [f"l{i}" for i in range(params["locations"])]
    cars = [f"c{i}" for i in range(params["cars"])]
    init = {("location", loc) for loc in locations} | {("car", c) for c in cars}
    init |= {("not-eq", a, b) for a in locations for b in locations if a != b}
    init.add(("at-ferry", rng.choice(locations)))
    init.add(("empty-ferry",))
    goal = set()
    for c in cars:
        init.add(("at", c, rng.choice(locations)))
        goal.add(("at", c, rng.choice(locations)))
    return set(locations + cars), init, goal
