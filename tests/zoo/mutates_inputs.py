"""Changes all three inputs in place; reports the sizes it saw on entry (a second run must see them
whole again)."""


def generate_solution(objects, init, goal):
    sizes = f"(sizes {len(objects)} {len(init)} {len(goal)})"
    objects.pop()
    init.clear()
    goal.add(("invented",))
    return [sizes]
