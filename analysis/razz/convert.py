"""Site hand histories written as PHH files (``razz convert``): each hand read (:mod:`.sites`), replayed
(:func:`.replay.replay`) and, if it plays, written with the others all at once (:func:`.game.write_folder`)."""

from __future__ import annotations

from pathlib import Path

from razzmatazz.analysis.razz import replay as RP
from razzmatazz.analysis.razz import sites
from razzmatazz.analysis.razz.game import check_phh_request, write_folder
from razzmatazz.analysis.razz.phh import toml_value


def convert_paths(paths: list[Path], out: Path) -> tuple[int, list[str], list[str]]:
    """Convert every hand of the site files in ``paths`` (folders: their entries) into ``out``; returns the
    hands written, one error a bad file or hand, and the files written with a note that PokerKit refuses
    the hand (a raise capped at what the others can call)."""
    check_phh_request(out, 0, "--out")
    files, errors = RP.history_files(paths)
    written: dict[str, str] = {}
    flagged: list[str] = []
    for path in files:
        try:
            text = RP.read_text(path)
        except RP.ReplayError as e:
            errors.append(str(e))
            continue
        site = sites.site_of(text)
        if RP.is_blank(text):
            errors.append(f"{path}: {RP.EMPTY}")
            continue
        if site is None:
            errors.append(f"{path}: not a site hand history razzmatazz reads ({', '.join(sites.SITES)})")
            continue
        found, others = sites.razz_hands(text)
        if not found:
            errors.append(f"{path}: {sites.no_razz(text, others)}")
        for first, lines in found:
            name = f"{sites.site_of(lines[0])}-{sites.hand_id(lines)[:40]}.phh"
            try:
                hand, history = RP.read_site_hand(lines, first, str(path))
                result = RP.replay(history)
            except RP.ReplayError as e:
                errors.append(str(e))
                continue
            if name in written:
                errors.append(f"{path} [#{sites.hand_id(lines)}]: the hand is given twice")
                continue
            notes = [n for n in result.notes if "PokerKit refuses" in n]
            source = f"{path.name}, hand #{sites.hand_id(lines)}"
            written[name] = phh_text(hand.table, source, notes)
            if notes:
                flagged.append(name)
    if written:
        write_folder(out, sorted(written.items()))
    return len(written), errors, flagged


def phh_text(table: dict, source: str, notes: list[str] | tuple[str, ...] = ()) -> str:
    """A PHH document of one hand's table, its source and notes in comments."""
    lines = [f"# {site_line(source)}", *(f"# Note: {' '.join(n.split())}." for n in notes)]
    lines += [f"{key} = {toml_value(value)}" for key, value in table.items() if key != "actions"]
    lines.append("actions = [")
    lines += [f"  {toml_value(a)}," for a in table["actions"]]
    lines.append("]")
    return "\n".join(lines) + "\n"


def site_line(source: str) -> str:
    """The comment naming where the hand came from (one line)."""
    return "Converted by razzmatazz razz convert from " + " ".join(source.split())
