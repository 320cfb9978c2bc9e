"""The report: a self-contained HTML page and a Markdown file per game, made from fresh runs.

:mod:`.build` runs and renders, :mod:`.sections` holds what every game's section is made of (each game's
own section is in its room, ``analysis/<game>/report``), :mod:`.findings` the sentences and their
cells, :mod:`.strong` what the sections share under strong play (leaders, pairs, verdicts), :mod:`.figures` the
shared figures, ``templates/`` the pages.
"""

from razzmatazz.analysis.report.build import (
    REPORT_RUNS,
    GamePart,
    Report,
    build_report,
    finding_texts,
    findings_table,
    games_of,
    make_part,
    render,
    reproduce_command,
    sizes_for,
)

__all__ = [
    "REPORT_RUNS",
    "GamePart",
    "Report",
    "build_report",
    "finding_texts",
    "findings_table",
    "games_of",
    "make_part",
    "render",
    "reproduce_command",
    "sizes_for",
]
