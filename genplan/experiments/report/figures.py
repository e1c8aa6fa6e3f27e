"""Plots of a report: the computed tables in, PNG files out (drawing itself is :mod:`genplan.experiments.plots`)."""

from __future__ import annotations

from pathlib import Path

from genplan.experiments.report.tables import ALL, CoverageTable, Report, config_order, domain_order
from genplan.experiments.report.views import available_plots, fmt


def make_plots(report: Report, out: Path) -> dict[str, Path]:
    """Draw the report's plots into ``out``; returns the files written by name."""
    from genplan.experiments import plots

    wanted = available_plots(report)
    done: dict[str, Path] = {}
    cov = report.coverage
    if "coverage.png" in wanted:
        columns = [*cov.configs, *cov.baselines]
        values = [[_cell_value(cov, d, c) for c in columns] for d in cov.domains]
        averages = [cov.average(c)[0] for c in cov.configs] + [cov.baseline_average(b)[0] for b in cov.baselines]
        # The cells' text is the coverage table's (one rounding rule: 99.95% is 99.9 in both, never 100).
        labels = [[fmt(v, "pct") for v in row] for row in [*values, averages]]
        done["coverage.png"] = plots.coverage_heatmap(
            list(cov.domains), columns, values, out / "coverage.png", n_configs=len(cov.configs), averages=averages,
            labels=labels,
        )  # fmt: skip
    if "runtime.png" in wanted:
        ffs = sorted({r.ff for r in report.speed if r.domain != ALL})
        done["runtime.png"] = plots.runtime_scatter(
            [(p.domain, p.config, p.program_time, p.ff_time) for p in report.speed_points],
            out / "runtime.png",
            domains=domain_order(p.domain for p in report.speed_points),
            configs=config_order(p.config for p in report.speed_points),
            ff_label=", ".join(ffs),
        )
    if "scaling.png" in wanted:
        from genplan.experiments.scale import plot_scaling

        done["scaling.png"] = plot_scaling([dict(s) for s in report.scale], out / "scaling.png")
    return done


def _cell_value(cov: CoverageTable, domain: str, column: str) -> float | None:
    if column in cov.configs:
        cell = cov.cell(domain, column)
        return cell.mean if cell else None
    bc = cov.baseline_cells.get((domain, column))
    return bc.coverage if bc else None
