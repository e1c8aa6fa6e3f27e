# planted-correct: grippers
"""Grippers: the robots take turns; each fills its grippers in one room and drops each ball at its goal.

Every ball not yet in its goal room is pending. On its turn a robot goes to the room of the first
pending ball, picks up as many of the pending balls there as it has grippers, and carries each to its
goal room. A ball carried from the start is dropped at its goal room first. Robots move between any
two rooms directly.
"""


def generate_solution(objects, init, goal):
    kind = dict(objects)
    robots = sorted(name for name, t in kind.items() if t == "robot")
    room_of = {f[1]: f[2] for f in init if f[0] == "at-robby"}
    where = {f[1]: f[2] for f in init if f[0] == "at"}
    grippers = {robot: [] for robot in robots}
    carried = []
    for fact in init:
        if fact[0] == "free":
            grippers[fact[1]].append(fact[2])
        elif fact[0] == "carry":
            grippers[fact[1]].append(fact[3])
            carried.append((fact[1], fact[2], fact[3]))
    for held in grippers.values():
        held.sort()
    targets = {f[1]: f[2] for f in goal if f[0] == "at"}
    plan = []

    def move(robot, room):
        if room_of[robot] != room:
            plan.append(f"(move {robot} {room_of[robot]} {room})")
            room_of[robot] = room

    for robot, ball, gripper in sorted(carried):
        move(robot, targets.get(ball, room_of[robot]))
        plan.append(f"(drop {robot} {ball} {room_of[robot]} {gripper})")
        where[ball] = room_of[robot]

    pending = sorted(ball for ball, target in targets.items() if where.get(ball) != target)
    while pending:
        for robot in robots:
            if not pending:
                break
            room = where[pending[0]]
            batch = [ball for ball in pending if where[ball] == room][: len(grippers[robot])]
            move(robot, room)
            for ball, gripper in zip(batch, grippers[robot], strict=False):
                plan.append(f"(pick {robot} {ball} {room} {gripper})")
            for ball, gripper in zip(batch, grippers[robot], strict=False):
                move(robot, targets[ball])
                plan.append(f"(drop {robot} {ball} {targets[ball]} {gripper})")
                where[ball] = targets[ball]
            pending = [ball for ball in pending if ball not in batch]
    return plan
