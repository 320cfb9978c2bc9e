"""The Riffifi report's figures: the study's own."""

from __future__ import annotations

from pathlib import Path

from razzmatazz.analysis.report.findings import FigureFile, Tables


def riffifi_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Riffifi figures (the study's own); returns them by topic title."""
    from razzmatazz.analysis.riffifi.plots import study_figures

    study = {k: tables[f"riffifi_{k}"] for k in ("policies", "positions", "officer", "cards")}
    work = directory / ".riffifi-figures"
    work.mkdir()
    names = study_figures(study)(work)
    for n in names:
        (work / n).rename(directory / f"riffifi-{n.replace('_', '-')}")
    work.rmdir()
    file = {n.split(".")[0]: f"riffifi-{n.replace('_', '-')}" for n in names}
    return {
        "Which policy wins": [
            FigureFile(
                file["study_policies"],
                "Win rate by player count with 95 % intervals (no Officer); the dashed line is a fair share.",
            )
        ],
        "Start position": [
            FigureFile(
                file["study_positions"],
                "Left: chips a deal by start position; right: the Officer holder's advantage; 95 % intervals.",
            )
        ],
        "The Officer and early cards": [
            FigureFile(
                file["study_cards"],
                "How often the first card a player plays in a deal pays, by its value; 95 % Wilson intervals.",
            )
        ],
    }
