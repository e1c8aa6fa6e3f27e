# planted-correct: satellite
"""Satellite: take the images one at a time, then turn each satellite to its goal direction.

For an image of direction d in mode m, pick an instrument that supports m, preferring one that is already
powered and calibrated, then one that is powered. Its satellite powers off whatever other instrument it
has on (one at a time per satellite), powers it on, turns to one of its calibration targets and
calibrates, turns to d and takes the image. Goals on where a satellite points are met at the end.
"""


def generate_solution(objects, init, goal):
    satellite_of = {}
    supports = {}
    targets = {}
    for fact in init:
        if fact[0] == "on_board":
            satellite_of[fact[1]] = fact[2]
        elif fact[0] == "supports":
            supports.setdefault(fact[2], []).append(fact[1])
        elif fact[0] == "calibration_target":
            targets.setdefault(fact[1], []).append(fact[2])
    pointing = {f[1]: f[2] for f in init if f[0] == "pointing"}
    powered = {f[1] for f in init if f[0] == "power_on"}
    calibrated = {f[1] for f in init if f[0] == "calibrated"}
    have = {(f[1], f[2]) for f in init if f[0] == "have_image"}
    plan = []

    def turn(satellite, direction):
        if pointing[satellite] != direction:
            plan.append(f"(turn_to {satellite} {direction} {pointing[satellite]})")
            pointing[satellite] = direction

    for direction, mode in sorted((f[1], f[2]) for f in goal if f[0] == "have_image"):
        if (direction, mode) in have:
            continue
        usable = sorted(i for i in supports.get(mode, ()) if i in targets or (i in powered and i in calibrated))
        instrument = min(usable, key=lambda i: (i not in powered or i not in calibrated, i not in powered, i))
        satellite = satellite_of[instrument]
        if instrument not in powered:
            for other in sorted(powered):
                if satellite_of[other] == satellite:
                    plan.append(f"(switch_off {other} {satellite})")
                    powered.discard(other)
            plan.append(f"(switch_on {instrument} {satellite})")
            powered.add(instrument)
            calibrated.discard(instrument)
        if instrument not in calibrated:
            target = sorted(targets[instrument])[0]
            turn(satellite, target)
            plan.append(f"(calibrate {satellite} {instrument} {target})")
            calibrated.add(instrument)
        turn(satellite, direction)
        plan.append(f"(take_image {satellite} {direction} {instrument} {mode})")
        have.add((direction, mode))

    for satellite, direction in sorted((f[1], f[2]) for f in goal if f[0] == "pointing"):
        turn(satellite, direction)
    return plan
