"""Many files: every hand of every file or folder replayed, then given equities and the search player's answers."""

from __future__ import annotations

from pathlib import Path

from razzmatazz.analysis.razz.replay.equity import analyse
from razzmatazz.analysis.razz.replay.follow import ask_search
from razzmatazz.analysis.razz.replay.play import replay
from razzmatazz.analysis.razz.replay.read import ReplayError, history_files, read_histories
from razzmatazz.analysis.razz.replay.records import Result, Searcher
from razzmatazz.core.policy import Policy


def replay_paths(
    paths: list[Path], policies: tuple[Policy, ...], trials: int, seed: int, searcher: Searcher | None = None
) -> tuple[list[Result], list[str]]:
    """Replay every hand of every file (all are checked before any equity or search); returns the hands and the
    errors, one a bad file or hand."""
    results, errors = replayed(paths, policies)
    return [ask_search(analyse(r, trials, seed), searcher) for r in results], errors


def replayed(paths: list[Path], policies: tuple[Policy, ...] = ()) -> tuple[list[Result], list[str]]:
    """Every hand of every file (folders: their entries, :func:`history_files`) replayed and checked, without
    equities or search; returns the hands and the errors, one a bad file or hand."""
    files, errors = history_files(paths)
    results = []
    for path in files:
        for history in read_histories(path):
            try:
                if isinstance(history, ReplayError):
                    raise history
                results.append(replay(history, policies))
            except ReplayError as e:
                errors.append(str(e))
    return results, errors
