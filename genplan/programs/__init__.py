"""Using a synthesized program: solving a task with it, with a planner to fall back on."""
