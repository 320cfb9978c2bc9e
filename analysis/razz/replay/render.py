"""A replayed hand as text for people (:func:`text`, :func:`legend`) and as JSON (:func:`as_dict`)."""

from __future__ import annotations

from razzmatazz.analysis.razz.replay.follow import STOPPED_EARLIER
from razzmatazz.analysis.razz.replay.hand import STREET_NAMES, _slot_is_down
from razzmatazz.analysis.razz.replay.read import VARIANT
from razzmatazz.analysis.razz.replay.records import Decision, EngineRun, Result, Searcher, Street
from razzmatazz.core.cards import UNKNOWN, card_str
from razzmatazz.core.policy import Policy

POLICY_NOTE = (
    "the search player (column search) is asked from an engine position that follows the file, its rollouts "
    "playing every other seat as the field model; where the engine and the file part, it is not asked for the "
    "rest of the hand and the output says why"
)


def _cards_text(cards: list[int]) -> str:
    """Stud order, face-down cards in brackets, unknown ones as ??."""
    words = [("??" if c == UNKNOWN else card_str(c)) for c in cards]
    return " ".join(f"[{w}]" if _slot_is_down(j) else w for j, w in enumerate(words))


def as_dict(result: Result, policies: tuple[Policy, ...]) -> dict:
    """One hand for ``--format json``."""
    h, t = result.history, result.history.table
    return {
        "file": h.path,
        "site": h.site,
        "hand_id": h.hand_id,
        "players": list(h.players),
        "variant": VARIANT,
        "antes": list(t.antes),
        "bring_in": t.bring_in,
        "small_bet": t.small_bet,
        "big_bet": t.big_bet,
        "starting_stacks": list(t.stacks),
        "policies": [p.label for p in policies],
        "policy_note": POLICY_NOTE,
        "search": _engine_dict(result.engine),
        "streets": [_street_dict(s) for s in result.streets],
        "showdown": [
            {"player": f"p{p + 1}", "class": c, "low": _low_name(c)}
            for p, c in enumerate(result.shown)
            if c is not None
        ],
        "won": result.won,
        "finishing_stacks": result.finishing,
        "file_finishing_stacks": list(h.finishing) if h.finishing is not None else None,
        "collected": list(h.collected) if h.collected is not None else None,
        "agrees": result.agrees,
        "notes": result.notes,
    }


def _engine_dict(run: EngineRun | None) -> dict | None:
    if run is None:
        return None
    return {
        "asked": run.asked,
        "stopped": run.stopped or None,
        "stopped_at": run.at or None,
        "engine_finishing_stacks": run.finishing,
    }


def _answer_dict(d: Decision, answer: tuple[str, str]) -> dict:
    return {"action": answer[0], "move": answer[1], "same": answer[0] == d.phh}


def _low_name(cls: int) -> str:
    from razzmatazz.core.razz.names import hand_name

    return hand_name(cls)


def _street_dict(s: Street) -> dict:
    eq = s.equity or {}
    shares = eq.get("equity", {})
    return {
        "street": s.street,
        "pot": s.pot,
        "community_card": card_str(s.community) if s.community >= 0 else None,
        "equity_method": eq.get("method"),
        "trials": eq.get("trials"),
        "deals": eq.get("deals"),
        "seed": eq.get("seed"),
        "equity_note": eq.get("note", ""),
        "equity": [
            {
                "player": f"p{p + 1}",
                "cards": _cards_text(s.cards[p]),
                "equity": shares[p][0] if p in shares else None,
                "ci95": list(shares[p][1:]) if p in shares else None,
            }
            for p, x in enumerate(s.live)
            if x
        ],
        "actions": [
            {
                "player": f"p{d.player + 1}",
                "action": d.phh,
                "move": d.move,
                "policies": (None if d.answers is None else {k: _answer_dict(d, a) for k, a in d.answers.items()}),
                "search": None if d.search is None else _answer_dict(d, d.search),
                **({"note": d.note} if d.note else {}),
                **({"search_note": d.search_note} if d.search_note else {}),
            }
            for d in s.actions
        ],
    }


def text(result: Result, policies: tuple[Policy, ...]) -> str:
    """One hand for people: the table, then each street, then the result."""
    h, t = result.history, result.history.table
    stakes = f"ante {'/'.join(map(str, sorted(set(t.antes))))}, bring-in {t.bring_in}, bets {t.small_bet}/{t.big_bet}"
    lines = [f"{h.path}: Razz ({VARIANT}), {t.n} players, {stakes}"]
    lines += [f"  {_who(p, h.players)}: {t.stacks[p]:,} chips" for p in range(t.n)]
    for street in result.streets:
        lines += _street_lines(street, policies, h.players, result.engine is not None)
    lines += _result_lines(result)
    return "\n".join(lines)


def _who(p: int, names: tuple[str, ...]) -> str:
    """``p1``, with the player's name when the file gives one."""
    return f"p{p + 1}" + (f" {names[p]}" if names[p] != f"p{p + 1}" else "")


def _equity_cell(eq: dict, p: int) -> str:
    shares = eq.get("equity", {})
    if p not in shares:
        return ""
    e, lo, hi = shares[p]
    return f"{e:.2%}" if eq["method"] == "exact" else f"{e:.2%} ({lo:.2%}-{hi:.2%})"


def _street_lines(s: Street, policies: tuple[Policy, ...], names: tuple[str, ...], search: bool) -> list[str]:
    from razzmatazz.analysis.cli.options import columns

    eq = s.equity or {}
    how = eq.get("note") or (
        "equity exact"
        if eq.get("method") == "exact"
        else f"equity Monte Carlo, {eq['trials']:,} trials, street seed {eq['seed']}"
    )
    board = f", community card {card_str(s.community)}" if s.community >= 0 else ""
    lines = ["", f"{STREET_NAMES[s.street]} street: pot {s.pot:,}{board}; {how}"]
    rows = [
        {"player": _who(p, names), "cards": _cards_text(s.cards[p]), "equity": _equity_cell(eq, p)}
        for p, x in enumerate(s.live)
        if x
    ]
    lines += ["  " + line for line in columns(rows, ["player", "cards", "equity"], ("equity",)).splitlines()]
    if s.actions:
        lines.append("")
        lines += ["  " + line for line in _action_table(s.actions, policies, search).splitlines()]
    return lines


def _action_table(actions: list[Decision], policies: tuple[Policy, ...], search: bool) -> str:
    from razzmatazz.analysis.cli.options import columns

    labels = [p.label for p in policies]
    rows = []
    for d in actions:
        row = {"action": f"p{d.player + 1} {d.move}"}
        for label in labels:
            row[label] = ("?" if d.note else "") if d.answers is None else _cell(d, d.answers[label])
        if search:
            row["search"] = _search_cell(d)
        rows.append(row)
    notes = [f"  ? {note}" for d in actions for note in (d.note, "" if _no_longer(d) else d.search_note) if note]
    stops = [f"  - search not asked from {d.phh!r} on: {d.search_note}" for d in actions if d.search_stops]
    return "\n".join(
        [columns(rows, ["action", *labels, *(["search"] if search else [])]), *dict.fromkeys(notes), *stops]
    )


def _cell(d: Decision, answer: tuple[str, str]) -> str:
    """An answer in words, ``*`` when it is the file's move."""
    return answer[1] + (" *" if answer[0] == d.phh else "")


def _search_cell(d: Decision) -> str:
    """The search column: its answer, ? (own cards unknown), - (no longer asked) or blank (a showdown)."""
    if d.search is not None:
        return _cell(d, d.search)
    if d.pot is None:
        return ""
    return "-" if _no_longer(d) else "?"


def _no_longer(d: Decision) -> bool:
    """The search player is no longer asked at ``d``: the engine left the file here or earlier."""
    return d.search_stops or d.search_note == STOPPED_EARLIER


def _result_lines(result: Result) -> list[str]:
    h = result.history
    lines = [""]
    shown = [f"p{p + 1} {_low_name(c)}" for p, c in enumerate(result.shown) if c is not None]
    if shown:
        lines.append("Showdown: " + ", ".join(shown))
    if result.won is not None:
        lines.append("Won: " + ", ".join(f"p{p + 1} {w:,}" for p, w in enumerate(result.won) if w))
    if result.finishing is None:
        lines.append("Finishing stacks: not computed (a hand at the showdown is not known)")
    else:
        lines.append("Finishing stacks: " + ", ".join(f"p{p + 1} {s:,}" for p, s in enumerate(result.finishing)))
    if h.finishing is not None:
        verdict = {True: "agree", False: "DISAGREE", None: "cannot be compared"}[result.agrees]
        lines.append(f"The file's finishing_stacks ({', '.join(f'{s:,}' for s in h.finishing)}) {verdict}.")
    lines += [f"Note: {note}." for note in result.notes]
    run = result.engine
    if run is not None and run.stopped and not run.at:
        lines.append(f"Note: the engine position the search player is asked from parts from the file: {run.stopped}.")
    return lines


def legend(policies: tuple[Policy, ...], seed: int, searcher: Searcher | None = None) -> str:
    """What the columns are, and the root seed of the Monte Carlo streets and of the search."""
    import textwrap

    names = ", ".join(p.label for p in policies)
    search = (
        f"search: what the search player {searcher.policy.label} would have done, asked from an engine position "
        f"that follows the file (its rollouts play every other seat as {searcher.model.label}; its draws seeded "
        "from --seed; - : not asked for the rest of the hand where the engine and the file part, the reason "
        "given once); "
        if searcher
        else "the search player is not asked (--search none); "
    )
    return textwrap.fill(
        f"Policies asked at each decision: {names} (the built-in heuristics); {search}* marks the "
        "move the file shows, ? a decision they could not be asked about. Equity: each player's chance of the "
        "best low (a tie shared) with no more betting, from the cards known at the street (?? unknown, dealt at "
        f"random; side pots not weighed): exact heads-up, else Monte Carlo with its 95 % interval, each street "
        f"seeded from --seed {seed} (razz equity --seed STREET_SEED gives the same numbers).",
        100,
    )
