# planted-bug: grippers
# bug: Assumes a single robot: one robot does all the work using every gripper of the `free` facts as its own.
# reveals: two or more robots: it picks balls up with another robot's gripper (builtin p021, genplan17 instance-6)
"""Grippers: the robot fills its grippers in one room and drops each ball at its goal.

Every ball not yet in its goal room is pending. The robot goes to the room of the first pending ball,
picks up as many of the pending balls there as it has grippers, and carries each to its goal room. A
ball carried from the start is dropped at its goal room first. The robot moves between any two rooms
directly.
"""


def generate_solution(objects, init, goal):
    kind = dict(objects)
    robot = min(name for name, t in kind.items() if t == "robot")
    room_of = {f[1]: f[2] for f in init if f[0] == "at-robby"}
    where = {f[1]: f[2] for f in init if f[0] == "at"}
    grippers = []
    carried = []
    for fact in init:
        if fact[0] == "free":
            grippers.append(fact[2])
        elif fact[0] == "carry":
            grippers.append(fact[3])
            carried.append((fact[2], fact[3]))
    grippers.sort()
    targets = {f[1]: f[2] for f in goal if f[0] == "at"}
    plan = []

    def move(robot, room):
        if room_of[robot] != room:
            plan.append(f"(move {robot} {room_of[robot]} {room})")
            room_of[robot] = room

    for ball, gripper in sorted(carried):
        move(robot, targets.get(ball, room_of[robot]))
        plan.append(f"(drop {robot} {ball} {room_of[robot]} {gripper})")
        where[ball] = room_of[robot]

    pending = sorted(ball for ball, target in targets.items() if where.get(ball) != target)
    while pending:
        room = where[pending[0]]
        batch = [ball for ball in pending if where[ball] == room][: len(grippers)]
        move(robot, room)
        for ball, gripper in zip(batch, grippers, strict=False):
            plan.append(f"(pick {robot} {ball} {room} {gripper})")
        for ball, gripper in zip(batch, grippers, strict=False):
            move(robot, targets[ball])
            plan.append(f"(drop {robot} {ball} {targets[ball]} {gripper})")
            where[ball] = targets[ball]
        pending = [ball for ball in pending if ball not in batch]
    return plan
