"""Reports over many runs: the paper's tables (coverage, programs vs ff, error types) plus LLM usage.

The report is a pipeline of stages, one module each, kept apart so each can be tested and reused on its own:

1. **loading** (:mod:`~genplan.experiments.report.runs`) reads run folders and baseline choices into plain
   frozen dataclasses (:class:`RunSummary`, :class:`~genplan.experiments.baselines.BaselineSet`); nothing
   later touches the disk;
2. **computing** (:mod:`genplan.experiments.report.tables`) turns them into the numbers of each table
   (:func:`coverage_table`, :func:`speed_comparison`, :func:`error_distribution`, :func:`usage_summary`,
   :func:`cost_comparison`, all gathered by :func:`build_report` into a :class:`Report`);
3. **views** (:mod:`genplan.experiments.report.views`) turn the :class:`Report` into format-neutral :class:`Table`
   values and the document's outline (sections, summary, plots);
4. **rendering**: :mod:`genplan.experiments.report.markdown`, :mod:`genplan.experiments.report.html` and
   :mod:`~genplan.experiments.report.figures` (plots, drawn by :mod:`~genplan.experiments.plots`) turn views
   into text and images; :mod:`~genplan.experiments.report.files` reads everything from disk
   (:func:`report_from_disk`) and writes every file
   (:func:`write_report`, CSV included).

:mod:`~genplan.experiments.report.paper` holds the facts of the paper the layout follows (its domain and column
order). Every public name is re-exported here: ``from genplan.experiments.report import build_report`` works
as before the split.

Choices that decide the numbers, stated once (the report repeats them in its notes):

- a *configuration* is the preset a run started from; runs that share a preset but differ in another
  setting (model, suite, limits, ...) are told apart by a suffix, so different protocols are never
  averaged together; the seed is what varies within a configuration;
- coverage is the share of held-out tasks solved in every input ordering; a run without a held-out
  evaluation (crashed, stopped, still running, no program) is listed as incomplete and left out of
  the mean, never counted as 0 behind the reader's back;
- programs are compared with ff on tasks both solved, using each domain's best seed (as the paper
  does) and the ff baseline with the largest time limit; times below 1 ms count as 1 ms (the clocks'
  resolution), and tasks whose ff plan is empty have no plan-length ratio;
- LLM cost is summed only where every call had a known price; otherwise it is "unknown";
- what coverage cost is compared per configuration on the domains every compared configuration has an
  evaluated run of (:func:`cost_comparison`): calls and tokens a run needed (paid or from the cache, see
  :mod:`genplan.runs.cost`), the cost paid, and coverage per call and per 1,000 tokens (the mean
  coverage over the mean calls or tokens).
"""

from __future__ import annotations

from genplan.experiments.report.figures import (
    make_plots,
)
from genplan.experiments.report.files import (
    ReportFiles,
    report_from_disk,
    table_csv,
    write_report,
)
from genplan.experiments.report.html import (
    render_html,
    table_html,
)
from genplan.experiments.report.markdown import (
    render_markdown,
    table_markdown,
)
from genplan.experiments.report.paper import (
    PAPER_CONFIGS,
    PAPER_DOMAINS,
    PAPER_TABLE1,
    PAPER_TABLE1_AVERAGE,
    REPORT_MODEL,
    TABLE1_COLUMNS,
    TABLE1_PRESETS,
    PaperCoverage,
)
from genplan.experiments.report.runs import (
    HeldoutTask,
    LLMUsage,
    RunSummary,
    add_task_sizes,
    find_runs,
    load_run,
    select_baselines,
    suite_family,
)
from genplan.experiments.report.tables import (
    ALL,
    MIN_TIME,
    OTHER,
    BaselineCell,
    CostRow,
    CoverageCell,
    CoverageTable,
    ErrorRow,
    FailureRow,
    PaperRow,
    Report,
    SpeedPoint,
    SpeedRow,
    UsageRow,
    build_report,
    config_labels,
    cost_comparison,
    coverage_table,
    domain_order,
    error_categories,
    error_distribution,
    failure_analysis,
    heldout_ids,
    paper_comparison,
    pick_ff,
    shared_domains,
    speed_comparison,
    suite_option,
    usage_summary,
)
from genplan.experiments.report.views import (
    FEWER_DOMAINS_MARK,
    INCOMPLETE_MARK,
    OTHER_TASKS_MARK,
    PLOTS,
    Column,
    Flagged,
    Section,
    Table,
    available_plots,
    cost_table,
    coverage_view,
    error_tables,
    failure_table,
    fmt,
    incomplete_table,
    paper_table,
    report_tables,
    runs_table,
    scale_tables,
    sections,
    speed_table,
    usage_table,
    why_empty,
)

__all__ = [
    "ALL",
    "FEWER_DOMAINS_MARK",
    "INCOMPLETE_MARK",
    "MIN_TIME",
    "OTHER",
    "OTHER_TASKS_MARK",
    "PAPER_CONFIGS",
    "PAPER_DOMAINS",
    "PAPER_TABLE1",
    "PAPER_TABLE1_AVERAGE",
    "PLOTS",
    "REPORT_MODEL",
    "TABLE1_COLUMNS",
    "TABLE1_PRESETS",
    "BaselineCell",
    "Column",
    "CostRow",
    "CoverageCell",
    "CoverageTable",
    "ErrorRow",
    "FailureRow",
    "Flagged",
    "HeldoutTask",
    "LLMUsage",
    "PaperCoverage",
    "PaperRow",
    "Report",
    "ReportFiles",
    "RunSummary",
    "Section",
    "SpeedPoint",
    "SpeedRow",
    "Table",
    "UsageRow",
    "add_task_sizes",
    "available_plots",
    "build_report",
    "config_labels",
    "cost_comparison",
    "cost_table",
    "coverage_table",
    "coverage_view",
    "domain_order",
    "error_categories",
    "error_distribution",
    "error_tables",
    "failure_analysis",
    "failure_table",
    "find_runs",
    "fmt",
    "heldout_ids",
    "incomplete_table",
    "load_run",
    "make_plots",
    "paper_comparison",
    "paper_table",
    "pick_ff",
    "render_html",
    "render_markdown",
    "report_from_disk",
    "report_tables",
    "runs_table",
    "scale_tables",
    "sections",
    "select_baselines",
    "shared_domains",
    "speed_comparison",
    "speed_table",
    "suite_family",
    "suite_option",
    "table_csv",
    "table_html",
    "table_markdown",
    "usage_summary",
    "usage_table",
    "why_empty",
    "write_report",
]
