"""Riffifi, a scripted position played step by step: ``riffifi explain``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from razzmatazz.analysis.inputs import load_json, shorten
from razzmatazz.analysis.inputs import quote as _q
from razzmatazz.analysis.riffifi.game import describe
from razzmatazz.core.errors import InputError
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.policies import leader

_SCRIPT_KEYS = {"players", "start", "officer", "chips", "face_up", "plays", "hands", "rules", "choices", "about"}
"""Keys of a script; ``about`` is a comment for people."""
_RULES = {"chips_per_colour": (12, 10), "reveal_own": (False, True), "after_claim": R.AFTER, "tie": R.TIE}
"""The rules a script may set and their values (the default first; ``tie``'s default is ``chooser``)."""
_NOT_IN_A_SCRIPT = ("end", "max_deals", "passing", "redeal", "scoring", "tally", "tick_at")
"""Switches of :class:`~razzmatazz.core.riffifi.rules.Settings` that a scripted position never reaches."""


def load_scenario(path: str | Path) -> dict:
    """A script file as a dict, read strictly (:func:`razzmatazz.analysis.inputs.load_json`)."""
    data = load_json(path, "script")
    if not isinstance(data, dict):
        raise InputError(f"script {shorten(str(path))} must hold a JSON object")
    return data


def _seat(key: object, n: int, what: str) -> int:
    """The seat ``key`` names: a number written plainly (``"1"`` or 1, not ``" 1"`` or ``"01"``)."""
    s = -1
    if isinstance(key, int | str) and not isinstance(key, bool):
        try:
            s = int(key)
        except ValueError:
            pass
    if str(key) != str(s) or not 0 <= s < n:
        raise InputError(f"{what}: seat {_q(key)} does not exist with {n} players (seats 0 to {n - 1})")
    return s


def _by_seat(value: object, n: int, what: str, shape: str) -> dict[int, object]:
    """An object keyed by seat (each seat once) whose values are ``shape``."""
    if not isinstance(value, dict):
        raise InputError(f"{what} must map seats to {shape}, got {_q(value)}")
    out: dict[int, object] = {}
    for key, v in value.items():
        s = _seat(key, n, what)
        if s in out:
            raise InputError(f"{what}: seat {s} is given twice")
        out[s] = v
    return out


def _card(text: object, what: str) -> int:
    if isinstance(text, str):
        try:
            return R.parse_card(text)
        except InputError:
            pass
    raise InputError(
        f"{what}: unknown card {_q(text)}: write a colour ({', '.join(R.COLOURS)}) and a value "
        '1-8, e.g. "blue 5", or "officer"'
    )


def _settings(script: dict) -> R.Settings:
    players = script.get("players")
    if isinstance(players, bool) or players not in (3, 4, 5) or not isinstance(players, int):
        raise InputError(f"Riffifi is for 3, 4 or 5 players, got {_q(players)}")
    officer = script.get("officer", False)
    if not isinstance(officer, bool):
        raise InputError(f"officer must be true or false, got {_q(officer)}")
    rules = script.get("rules", {})
    if not isinstance(rules, dict):
        raise InputError(f"rules must be an object that may set {', '.join(_RULES)}; got {_q(rules)}")
    for key, value in rules.items():
        _check_rule(key, value)
    return R.Settings(players=players, officer=officer, **rules)


def _check_rule(key: str, value: object) -> None:
    """A rule of a script's ``rules``: one that exists, with one of its values."""
    if key in _SCRIPT_KEYS:
        raise InputError(f"rules: {_q(key)} belongs at the top of the script, not in rules")
    if key not in _RULES:
        why = " (a scripted position never reaches it)" if key in _NOT_IN_A_SCRIPT else ""
        raise InputError(f"rules: unknown rule {_q(key)}{why}; rules may set {', '.join(_RULES)}")
    allowed = _RULES[key]
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise InputError(f"rules: {key} must be {' or '.join(json.dumps(a) for a in allowed)}, got {_q(value)}")


@dataclass
class Script:
    """A checked script: settings, the position (state array) and the plays."""

    settings: R.Settings
    start: int
    state: np.ndarray
    plays: list[tuple[int, int]]  # (card, officer target colour or -1)
    hands: dict[int, int] | None
    choices: list[int]


def check_script(script: dict) -> Script:
    """The script checked against the rules (C1-C4, D2, D6, G5); every problem is an InputError naming it."""
    if not isinstance(script, dict):
        raise InputError(f"a script is a JSON object, got {_q(script)}")
    unknown = sorted(str(k) for k in set(script) - _SCRIPT_KEYS)
    if unknown:
        if unknown[0] in _RULES:
            raise InputError(f"{_q(unknown[0])} belongs in the script's rules, not at its top")
        raise InputError(
            f"unknown script keys: {shorten(', '.join(unknown))}; a script has {', '.join(sorted(_SCRIPT_KEYS))}"
        )
    settings = _settings(script)
    n = settings.players
    start = _seat(script.get("start", 0), n, "start")
    st = np.zeros(R.VIEW_LEN, np.int64)
    R.new_deal(settings.row(), st, np.zeros(R.MAX_PLAYERS, np.int64), 0, start, settings.chips_per_colour)
    _place_chips(script.get("chips", {}), settings, st)
    seen: dict[int, str] = {}
    _place_face_up(script.get("face_up", {}), n, st, seen)
    hands = _hands(script.get("hands"), n, settings, seen)
    plays = _plays(script.get("plays"), settings, seen, hands, start)
    _check_deck(settings, set(seen) | {card for card, _ in plays})
    _check_hand_sizes(settings, st, hands, plays, start)
    choices = _choices(script.get("choices"), settings)
    if hands is not None:
        for s, h in hands.items():
            st[R.ST_HAND + s] = h
    return Script(settings, start, st, plays, hands, choices)


def _place_chips(chips: object, settings: R.Settings, st: np.ndarray) -> None:
    n = settings.players
    for s, held in _by_seat(chips, n, "chips", "{colour: count}").items():
        if not isinstance(held, dict):
            raise InputError(f"chips of seat {s} must map colours to counts, got {_q(held)}")
        for colour, k in held.items():
            if colour not in R.COLOURS:
                raise InputError(f"chips of seat {s}: unknown colour {_q(colour)}; colours: {', '.join(R.COLOURS)}")
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= R.CAP:
                raise InputError(f"chips of seat {s}: {colour} must be 0 to {R.CAP}, got {_q(k)}")
            c = R.COLOURS.index(colour)
            st[R.ST_CHIPS + s * R.N_COLOURS + c] = k
            st[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS + c] -= k
    for c, colour in enumerate(R.COLOURS):
        if st[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS + c] < 0:
            raise InputError(f"the seats hold more than the {settings.chips_per_colour} {colour} chips there are")


def _place_face_up(face_up: object, n: int, st: np.ndarray, seen: dict[int, str]) -> None:
    for s, text in _by_seat(face_up, n, "face_up", "a card").items():
        card = _card(text, f"face_up of seat {s}")
        if card == R.OFFICER:
            raise InputError("face_up: the Officer never lies face up")
        c = card // R.N_VALUES
        if st[R.ST_UP_OWNER + c] >= 0:
            raise InputError(f"face_up: two {R.COLOURS[c]} cards face up; only one card of a colour lies face up")
        st[R.ST_UP_OWNER + c] = s
        st[R.ST_UP_VALUE + c] = card % R.N_VALUES + 1
        st[R.ST_PUBLIC] |= 1 << card
        st[R.ST_PLAYED + s] |= 1 << card
        seen[card] = f"face up at seat {s}"


def _hands(hands: object, n: int, settings: R.Settings, seen: dict[int, str]) -> dict[int, int] | None:
    if hands is None:
        return None
    out: dict[int, int] = {}
    for s, cards in _by_seat(hands, n, "hands", "lists of cards").items():
        if not isinstance(cards, list):
            raise InputError(f"hands of seat {s} must be a list of cards, got {_q(cards)}")
        mask = 0
        for text in cards:
            card = _card(text, f"hand of seat {s}")
            _check_exists(card, settings, f"hand of seat {s}")
            if card in seen:
                raise InputError(f"hand of seat {s}: {R.card_name(card)} is also {seen[card]}")
            seen[card] = f"in the hand of seat {s}"
            mask |= 1 << card
        out[s] = mask
    return out


def _check_exists(card: int, settings: R.Settings, what: str) -> None:
    if card == R.OFFICER and not settings.officer:
        raise InputError(f'{what}: the Officer is only in the game with "officer": true')


def _check_deck(settings: R.Settings, cards: set[int]) -> None:
    """The 1s a script names are in the deck of its player count and variant (C2, C4)."""
    ones = sorted(c for c in cards if c != R.OFFICER and c % R.N_VALUES == 0)
    if settings.players == 3:
        most, why = (
            (0, "with 3 players and the Officer all five 1s leave the game")
            if settings.officer
            else (1, "with 3 players four of the five 1s are set aside, so one 1 at most is in the game")
        )
    else:
        most, why = (4, "with the Officer one of the five 1s leaves the game") if settings.officer else (5, "")
    if len(ones) > most:
        raise InputError(f"{why}; the script has {len(ones)}: {', '.join(R.card_name(c) for c in ones)}")


def _check_hand_sizes(
    settings: R.Settings, st: np.ndarray, hands: dict[int, int] | None, plays: list[tuple[int, int]], start: int
) -> None:
    """No seat has more cards in this deal than a hand holds (C2): its face-up card, and its hand or its plays."""
    n, size = settings.players, settings.hand_size
    played = [0] * n
    for i in range(len(plays)):
        played[(start + i) % n] += 1
    for s in range(n):
        up = int(st[R.ST_PLAYED + s]).bit_count()
        held, where = (int(hands.get(s, 0)).bit_count(), "in hand") if hands is not None else (played[s], "played")
        if up + held > size:
            face = f" and {up} face up" if up else ""
            raise InputError(f"seat {s} has {held} cards {where}{face}: more than a hand of {size} with {n} players")


def _choices(choices: object, settings: R.Settings) -> list[int]:
    """The seats that give the odd chips of ties, in order (D6, ``tie chooser`` only)."""
    if choices is None:
        return []
    if not isinstance(choices, list):
        raise InputError(f"choices must be a list of seats, got {_q(choices)}")
    if choices and settings.tie != "chooser":
        raise InputError(
            'choices name who gives an odd chip when the collector chooses; this script\'s rules say "tie": "clockwise"'
        )
    return [_seat(c, settings.players, "choices") for c in choices]


def _plays(
    plays: object, settings: R.Settings, seen: dict[int, str], hands: dict[int, int] | None, start: int
) -> list[tuple[int, int]]:
    if not isinstance(plays, list) or not plays:
        raise InputError(f"plays must be a non-empty list of cards, got {_q(plays)}")
    out = []
    n = settings.players
    played: set[int] = set()
    for i, item in enumerate(plays):
        s = (start + i) % n
        what = f"play {i + 1} (seat {s})"
        card, target = _play(item, what)
        _check_exists(card, settings, what)
        if card in played:
            raise InputError(f"{what}: {R.card_name(card)} was already played")
        if hands is not None:
            if s not in hands or not (hands[s] >> card) & 1:
                raise InputError(f"{what}: seat {s} does not hold {R.card_name(card)}")
        elif card in seen:
            raise InputError(f"{what}: {R.card_name(card)} is {seen[card]}")
        played.add(card)
        out.append((card, target))
    return out


def _play(item: object, what: str) -> tuple[int, int]:
    """One play: ``"blue 5"``, or ``{"card": "officer", "target": colour or null}``; (card, target colour)."""
    if not isinstance(item, dict):
        return _card(item, what), R.NO_TARGET
    if set(item) - {"card", "target"} or "card" not in item:
        raise InputError(f'{what}: write a card, or {{"card": "officer", "target": colour or null}}')
    card = _card(item["card"], what)
    if "target" not in item:
        return card, R.NO_TARGET
    if card != R.OFFICER:
        raise InputError(f"{what}: only the Officer takes a target")
    t = item["target"]
    if t is not None and t not in R.COLOURS:
        raise InputError(f"{what}: the Officer's target must be a colour ({', '.join(R.COLOURS)}) or null, got {_q(t)}")
    return card, R.COLOURS.index(t) if t is not None else R.NO_TARGET


def explain(script: dict) -> dict:
    """Play a script and report the steps and the position after the last play.

    Returns ``{"chips": {"middle": {...}, "0": {...}, ...}, "face_up": {seat: [cards]}, "steps": [...],
    "settings": {...}}``; each step is ``{"seat", "event", "text", ...}``. Under ``tie chooser`` (the default)
    the script's ``choices`` give the odd chips of ties in turn; without one, the leader gives it, as the
    built-in policies choose. Every choice must be used.
    """
    sc = check_script(script)
    cfg = sc.settings.row()
    n = sc.settings.players
    st = sc.state
    log = np.zeros((R.LOG_ROWS, 5), np.int64)
    choices = list(sc.choices)
    notes: list[tuple[int, str]] = []
    for i, (card, target) in enumerate(sc.plays):
        s = (sc.start + i) % n
        R.log_row(log, R.L_TURN, s, i // n, 0, 0)
        if cfg[R.C_AFTER] == 1:
            R.retire_paid(st, s, log)
        c = R.claim_colour(st, s)
        if c >= 0:
            odd, tied = R.claim(cfg, st, s, c, log)
            while odd > 0:
                giver = _odd_giver(sc.settings, st, s, tied, choices, notes, int(log[0, 0]))
                R.move_chips(st, giver, s, c, 1, log)
                tied &= ~(1 << giver)
                odd -= 1
        if card == R.OFFICER:
            R.play_officer(st, s, target, log)
        else:
            R.play_card(cfg, st, s, card, i // n, log)
    if choices:
        k = len(choices)
        raise InputError(
            f"choices: {k} of the script's {len(sc.choices)} {'is' if k == 1 else 'are'} never used: "
            f"no tie leaves an odd chip for {'it' if k == 1 else 'them'}"
        )
    steps = _steps(log[1 : log[0, 0] + 1], notes)
    return {
        "settings": {k: v for k, v in vars(sc.settings).items()},
        "start": sc.start,
        "chips": _chips(st, n),
        "face_up": _face_up(st, n),
        "steps": steps,
    }


def _odd_giver(
    settings: R.Settings, st: np.ndarray, s: int, tied: int, choices: list[int], notes: list[tuple[int, str]], row: int
) -> int:
    """The tied seat that gives seat ``s`` one odd chip (D6): the next of ``choices``, else the leader
    (:func:`razzmatazz.core.riffifi.policies.leader`, noted), or with ``tie clockwise`` the first clockwise."""
    n = settings.players
    if settings.tie == "clockwise":
        return R.clockwise_from(s, n, tied)
    seats = [o for o in range(n) if (tied >> o) & 1]
    if choices:
        giver = choices.pop(0)
        if giver not in seats:
            raise InputError(
                f"choices: seat {giver} cannot give seat {s} an odd chip; the tied seats are "
                f"{', '.join(map(str, seats))}"
            )
        return giver
    view = np.zeros(R.VIEW_LEN, np.int64)
    view[: R.ST_LEN] = st[: R.ST_LEN]
    view[R.V_SEAT] = s
    giver = int(leader(view, np.int64(tied)))
    notes.append((row, f"no choice given: seat {giver}, the leader (the built-in policies' choice)"))
    return giver


def _steps(rows: np.ndarray, notes: list[tuple[int, str]]) -> list[dict]:
    names = {
        R.L_PLAY: "play",
        R.L_UNDERCUT: "turned down",
        R.L_SELF: "set aside",
        R.L_CLAIM: "claim",
        R.L_TAKE: "take",
        R.L_LAPSE: "lapse",
        R.L_OFFICER: "officer",
        R.L_STAY_OFF: "retire",
    }
    by_row = dict(notes)
    steps = []
    for i, row in enumerate(rows, start=1):
        kind, seat, a, b, c = (int(x) for x in row)
        if kind in names:
            step: dict = {"seat": seat, "event": names[kind], "text": (describe(row) or "").strip()}
            if kind in (R.L_PLAY, R.L_UNDERCUT, R.L_SELF, R.L_CLAIM, R.L_STAY_OFF):
                step["card"] = R.card_name(a)
            if kind == R.L_UNDERCUT:
                step["owner"] = b
            if kind == R.L_CLAIM:
                step["chips"] = b
            if kind == R.L_TAKE:
                step.update({"colour": R.COLOURS[a], "chips": b, "from": "middle" if c == R.MIDDLE else str(c)})
            if kind == R.L_LAPSE:
                step.update({"colour": R.COLOURS[a], "chips": b})
            if kind == R.L_OFFICER:
                step.update(
                    {
                        "target": R.COLOURS[a] if a >= 0 else None,
                        "card": R.card_name(b) if a >= 0 else None,
                        "owner": c if a >= 0 else None,
                    }
                )
            steps.append(step)
        if i in by_row:
            steps.append({"seat": seat, "event": "note", "text": by_row[i]})
    return steps


def _chips(st: np.ndarray, n: int) -> dict:
    out = {"middle": {col: int(st[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS + c]) for c, col in enumerate(R.COLOURS)}}
    for s in range(n):
        out[str(s)] = {col: int(st[R.ST_CHIPS + s * R.N_COLOURS + c]) for c, col in enumerate(R.COLOURS)}
    return out


def _face_up(st: np.ndarray, n: int) -> dict:
    out: dict[str, list[str]] = {str(s): [] for s in range(n)}
    for c in range(R.N_COLOURS):
        owner = int(st[R.ST_UP_OWNER + c])
        if owner >= 0:
            out[str(owner)].append(R.card_name(c * R.N_VALUES + int(st[R.ST_UP_VALUE + c]) - 1))
    return out


def explain_text(result: dict) -> str:
    """The steps and final position of :func:`explain` as text."""
    lines = [f"Riffifi, {result['settings']['players']} players, seat {result['start']} plays first"]
    sub = ("take", "lapse", "turned down", "set aside", "retire", "note")
    lines += [("    " if s["event"] in sub else "") + s["text"] for s in result["steps"]]
    lines.append("")
    lines.append("Chips now (" + ", ".join(R.COLOURS) + "):")
    for holder, held in result["chips"].items():
        name = "middle" if holder == "middle" else f"seat {holder}"
        lines.append(f"  {name:8} " + " ".join(f"{held[c]:2d}" for c in R.COLOURS))
    up = [f"seat {s}: {', '.join(cards)}" for s, cards in result["face_up"].items() if cards]
    lines.append("Face up: " + ("; ".join(up) if up else "nothing"))
    return "\n".join(lines)
