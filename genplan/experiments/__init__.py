"""Experiments over many runs and tasks: sweeps, Fast Downward baselines, scaling, reports, published
results. They use the protocols and are used only by the command line."""
