# planted-correct: gripper
"""Gripper: fill every gripper in one room, then drop each ball at its goal room.

Balls already held are dropped first (at their goal room, or where the robot stands if they have none),
so every gripper starts free. Then, room by room, the robot picks up as many misplaced balls as it has
grippers and carries each to its goal room. A goal position of the robot, if any, is reached last.
"""


def generate_solution(objects, init, goal):
    robot = None
    grippers = []
    where = {}  # ball -> room, for balls lying in a room
    held = {}  # gripper -> ball
    for fact in init:
        if fact[0] == "at-robby":
            robot = fact[1]
        elif fact[0] == "gripper":
            grippers.append(fact[1])
        elif fact[0] == "at":
            where[fact[1]] = fact[2]
        elif fact[0] == "carry":
            held[fact[2]] = fact[1]
    grippers.sort()
    targets = {fact[1]: fact[2] for fact in goal if fact[0] == "at"}
    plan = []

    def move(to):
        nonlocal robot
        if to != robot:
            plan.append(f"(move {robot} {to})")
            robot = to

    # Empty the hands first; visiting the goal rooms in sorted order keeps the plan deterministic.
    for gripper, ball in sorted(held.items(), key=lambda kv: (targets.get(kv[1], ""), kv[0])):
        move(targets.get(ball, robot))
        plan.append(f"(drop {ball} {robot} {gripper})")
        where[ball] = robot

    by_room = {}
    for ball in sorted(targets):
        if where[ball] != targets[ball]:
            by_room.setdefault(where[ball], []).append(ball)
    for room in sorted(by_room):
        waiting = by_room[room]
        for start in range(0, len(waiting), len(grippers)):
            batch = list(zip(waiting[start : start + len(grippers)], grippers, strict=False))
            move(room)
            for ball, gripper in batch:
                plan.append(f"(pick {ball} {room} {gripper})")
            for ball, gripper in sorted(batch, key=lambda bg: targets[bg[0]]):
                move(targets[ball])
                plan.append(f"(drop {ball} {robot} {gripper})")

    for fact in goal:
        if fact[0] == "at-robby":
            move(fact[1])
    return plan
