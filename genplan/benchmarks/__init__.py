"""Benchmark suites: the builtin domains, their generated tasks and splits, and imported datasets."""
