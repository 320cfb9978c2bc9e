"""Razzia, one bar (or a round of bars) settled step by step from a scenario file: ``razzia explain``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path

from razzmatazz.analysis.inputs import load_json, shorten
from razzmatazz.analysis.inputs import quote as _q
from razzmatazz.analysis.razzia.game import describe
from razzmatazz.analysis.razzia.resolve import resolve_bar
from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Policy
from razzmatazz.core.razzia import rules as R

_SCENARIO_KEYS = {
    "players",
    "croupier",
    "bar",
    "money",
    "cards",
    "offer",
    "answers",
    "dice",
    "settings",
    "bars",
    "about",
    "expect",
}
_BAR_KEYS = {"bar", "money", "cards", "offer", "answers", "dice", "about", "expect"}
_SETTING_NAMES = tuple(f.name for f in fields(R.Settings) if f.name != "players")
"""The switches a scenario's ``settings`` may hold (the fields of :class:`~razzmatazz.core.razzia.rules.Settings`)."""


def load_scenario(path: str | Path) -> dict:
    """A scenario file as a dict, read strictly (:func:`razzmatazz.analysis.inputs.load_json`)."""
    data = load_json(path, "scenario")
    if not isinstance(data, dict):
        raise InputError(f"scenario {shorten(str(path))} must hold a JSON object")
    return data


def _int(x: object, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise InputError(f"{what} must be a whole number, got {_q(x)}")
    return x


def _seat_key(key: object, n: int, what: str) -> int:
    try:
        s = int(str(key)) if isinstance(key, (int, str)) and not isinstance(key, bool) else -1
    except ValueError:
        s = -1
    if str(key).strip() != str(s) or not 0 <= s < n:
        raise InputError(f"{what}: seat {_q(key)} does not exist with {n} players (seats 0 to {n - 1})")
    return s


def _by_seat(value: dict, n: int, what: str) -> dict[int, object]:
    """An object keyed by seat, each seat once."""
    out: dict[int, object] = {}
    for key, v in value.items():
        s = _seat_key(key, n, what)
        if s in out:
            raise InputError(f"{what}: seat {s} is given twice")
        out[s] = v
    return out


def scenario_settings(scenario: dict) -> R.Settings:
    """The settings of a scenario: its player count and optional ``settings`` switches."""
    if not isinstance(scenario, dict):
        raise InputError(f"a scenario is a JSON object, got {_q(scenario)}")
    unknown = set(scenario) - _SCENARIO_KEYS
    if unknown:
        raise InputError(
            f"unknown scenario keys: {shorten(', '.join(sorted(unknown)))}; a scenario has "
            + ", ".join(sorted(_SCENARIO_KEYS))
        )
    players = _int(scenario.get("players"), "players")
    extra = scenario.get("settings", {})
    if not isinstance(extra, dict):
        raise InputError(f"settings must be an object of switches, got {_q(extra)}")
    if "players" in extra:
        raise InputError('"players" belongs at the top of the scenario, not in "settings"')
    wrong = sorted(k for k in extra if k not in _SETTING_NAMES)
    if wrong:
        raise InputError(f"unknown setting {_q(wrong[0])}; the settings are {', '.join(_SETTING_NAMES)}")
    for name, value in extra.items():
        allowed = R.CHOICES.get(name, (True, False) if name in ("offer_duel", "spielbox", "open_money") else None)
        if allowed is not None and not any(value is a or (isinstance(a, str) and value == a) for a in allowed):
            raise InputError(f"settings: {name} must be one of {', '.join(map(json.dumps, allowed))}, got {_q(value)}")
        if allowed is None and value is not None and not isinstance(value, str):
            raise InputError(f"settings: {name} must be a file name, got {_q(value)}")
    return R.Settings(players=players, **extra)


def _bar_index(name: object, settings: R.Settings) -> int:
    if name is None:
        return 0
    if isinstance(name, int) and not isinstance(name, bool):
        index = name
    elif isinstance(name, str) and name in R.BAR_NAMES:
        index = R.BAR_NAMES.index(name)
    else:
        raise InputError(f"unknown bar {_q(name)}; bars: {', '.join(R.BAR_NAMES)} (or 0-5)")
    if not 0 <= index < R.MAX_BARS:
        raise InputError(f"bar {_q(name)} does not exist; bars 0 to 5")
    if settings.dropped_bars == "last" and index >= settings.n_bars:
        raise InputError(f"the {R.BAR_NAMES[index]} is not in play with {settings.players} players")
    return index


def _check_cards(cards: object, settings: R.Settings, bar: str) -> list[tuple[int, str, int]]:
    """The cards played at a bar, checked against the deck of that player count (K2, K4)."""
    n = settings.players
    if not isinstance(cards, list):
        raise InputError(f"{bar}: cards must be a list of {{seat, kind, value}}, got {_q(cards)}")
    in_deck = {(R.KINDS[k], v): c for k, v, c in settings.card_rows()}
    seen: set[int] = set()
    used: dict[tuple[str, int], int] = {}
    out = []
    for card in cards:
        if not isinstance(card, dict) or set(card) != {"seat", "kind", "value"}:
            raise InputError(f'{bar}: a card is {{"seat", "kind", "value"}}, got {_q(card)}')
        s = _seat_key(card["seat"], n, bar)
        kind, value = card["kind"], card["value"]
        if not isinstance(kind, str) or kind not in R.KINDS:
            raise InputError(f"{bar}: a card's kind is gambler or police, got {_q(kind)}")
        value = _int(value, f"{bar}: a card's value")
        if s in seen:
            raise InputError(f"{bar}: seat {s} plays two cards; every player plays one card a round")
        used[(kind, value)] = used.get((kind, value), 0) + 1
        if used[(kind, value)] > in_deck.get((kind, value), 0):
            have = in_deck.get((kind, value), 0)
            raise InputError(
                f"{bar}: {kind} {_q(value)} cannot be played {used[(kind, value)]} times with {n} "
                f"players (each bar's colour has {have})"
            )
        seen.add(s)
        out.append((s, kind, value))
    return out


def _check_money(money: object, settings: R.Settings, bar: str) -> list[int]:
    if not isinstance(money, list) or not all(isinstance(m, int) and not isinstance(m, bool) for m in money):
        raise InputError(f"{bar}: money must be a list of money cards in dollars, got {_q(money)}")
    _check_supply(money, settings, bar)
    return list(money)


def _check_supply(money: list[int], settings: R.Settings, where: str) -> None:
    """No money card the game does not have, none more often than the game has it (K5, K6)."""
    table = dict(settings.money_cards())
    for value in sorted(set(money)):
        if value not in table:
            raise InputError(
                f"{where}: there is no {shorten(f'${value:,}')} money card; cards: "
                + ", ".join(f"${v:,}" for v in sorted(table))
            )
        if money.count(value) > table[value]:
            raise InputError(f"{where}: {money.count(value)} cards of ${value:,}, but the game has {table[value]}")


def _check_offer(offer: dict, money: list[int], n: int, bar: str) -> dict[int, list[int]]:
    """H2: an offer gives each of the bar's money cards, as it is, to one seat; nothing else."""
    out: dict[int, list[int]] = {}
    for seat, vals in _by_seat(offer, n, f"{bar}: offer").items():
        if not isinstance(vals, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
            raise InputError(
                f"{bar}: the offer to seat {seat} must be a list of money cards in dollars, got {_q(vals)}"
            )
        out[seat] = vals
    given = sorted(v for vals in out.values() for v in vals)
    if given != sorted(money):
        raise InputError(
            f"{bar}: the offer {_q(offer)} does not divide exactly the money cards {_q(money)} "
            "(every card to one seat, as it is: no change is made)"
        )
    return out


def _check_dice(dice: dict, n: int, bar: str) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for seat, rolls in _by_seat(dice, n, f"{bar}: dice").items():
        if not isinstance(rolls, list) or not all(
            isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 6 for r in rolls
        ):
            raise InputError(f"{bar}: seat {seat}'s dice must be a list of rolls 1-6, got {_q(rolls)}")
        out[seat] = rolls
    return out


def _parse_bar(settings: R.Settings, spec: dict) -> dict:
    """One bar of a scenario, checked against the deck and the rules of its player count."""
    n = settings.players
    unknown = set(spec) - _BAR_KEYS
    if unknown:
        raise InputError(
            f"unknown keys in a bar: {shorten(', '.join(sorted(unknown)))}; a bar has " + ", ".join(sorted(_BAR_KEYS))
        )
    bar = _bar_index(spec.get("bar"), settings)
    name = R.BAR_NAMES[bar]
    money = _check_money(spec.get("money"), settings, name)
    cards = _check_cards(spec.get("cards", []), settings, name)
    offer = spec.get("offer")
    answers = {} if spec.get("answers") is None else spec["answers"]
    dice = {} if spec.get("dice") is None else spec["dice"]
    for what, value in (("offer", offer), ("answers", answers), ("dice", dice)):
        if not isinstance(value, dict) and not (what == "offer" and value in (None, "none")):
            raise InputError(f"{name}: {what} must be an object keyed by seat, got {_q(value)}")
    if isinstance(offer, dict):
        offer = _check_offer(offer, money, n, name)
    answers = _by_seat(answers, n, f"{name}: answers")
    for seat, a in answers.items():
        if a not in ("accept", "duel"):
            raise InputError(f"{name}: seat {seat}'s answer must be accept or duel, got {_q(a)}")
    if offer == "none" and not settings.offer_duel:
        raise InputError(f'{name}: "offer": "none" (a call for a duel) needs the offer_duel setting')
    return {
        "index": bar,
        "name": name,
        "money": money,
        "cards": cards,
        "offer": offer,
        "answers": answers,
        "dice": _check_dice(dice, n, name),
    }


def _check_round(settings: R.Settings, bars: list[dict]) -> None:
    """Several bars are one round: each bar once, no more bars than are in play (K3, V2), each player's one card
    at one bar (R3), and no more money cards of a value than the game has (K5, K6)."""
    names = [b["name"] for b in bars]
    twice = next((x for x in names if names.count(x) > 1), None)
    if twice is not None:
        raise InputError(f"a bar appears twice in bars: the {twice}")
    if len(bars) > settings.n_bars:
        raise InputError(
            f"bars lists {len(bars)} bars, but {settings.n_bars} are in play with {settings.players} players"
        )
    where: dict[int, str] = {}
    for b in bars:
        for seat, _, _ in b["cards"]:
            if seat in where:
                raise InputError(
                    f"seat {seat} plays at the {where[seat]} and the {b['name']}; every player plays one card a round"
                )
            where[seat] = b["name"]
    _check_supply([m for b in bars for m in b["money"]], settings, "the bars together")


def explain_bar(
    settings: R.Settings, croupier: int, spec: dict, *, seed: int = 0, policies: Sequence[Policy] | None = None
) -> dict:
    """Settle one bar of a scenario; decisions it leaves out are taken by ``policies``, missing rolls drawn
    from ``seed``. Returns proposer, payout (dollars by seat), remains (dollars), steps and what was filled in."""
    return _settle(settings, croupier, _parse_bar(settings, spec), seed, policies)


def _settle(settings: R.Settings, croupier: int, parsed: dict, seed: int, policies: Sequence[Policy] | None) -> dict:
    """Settle a checked bar (:func:`_parse_bar`) with the engine's resolver and say what was filled in."""
    n = settings.players
    name, offer, answers, dice = parsed["name"], parsed["offer"], parsed["answers"], parsed["dice"]
    lineup_ = tuple(policies) if policies is not None else None
    result = resolve_bar(
        settings,
        croupier,
        parsed["money"],
        parsed["cards"],
        offer,
        answers,
        dice,
        bar=parsed["index"],
        lineup=lineup_,
        seed=seed,
    )
    log = result["log"]
    steps = [{"row": [int(x) for x in row], "text": (describe(row) or "").strip()} for row in log if describe(row)]
    contest = next((int(r[4]) for r in log if r[0] == R.L_PROPOSER), 0)
    _check_script_used(name, result["proposer"], contest, offer, answers)
    asked = [s for s in range(n) if (contest >> s) & 1 and s != result["proposer"] and s not in answers]
    filled = []
    if result["proposer"] is not None and offer is None:
        filled.append(f"the offer: seat {result['proposer']}'s policy")
    if asked and any(r[0] == R.L_ANSWER for r in log):
        filled.append("answers of seats " + ", ".join(map(str, asked)) + ": their policies")
    thrown: dict[int, int] = {}
    for r in log:
        if r[0] == R.L_THROW:
            thrown[int(r[1])] = thrown.get(int(r[1]), 0) + 1
            thrown[int(r[3])] = thrown.get(int(r[3]), 0) + 1
        elif r[0] in (R.L_ROLL, R.L_ROLLOFF):
            thrown[int(r[1])] = thrown.get(int(r[1]), 0) + 1
    drawn = {s: k - len(dice.get(s, [])) for s, k in thrown.items() if k > len(dice.get(s, []))}
    if result["dice_left"]:  # rolls the bar never threw: a mistake, unless a policy's decision changed the duels
        seat, rolls = next(iter(sorted(result["dice_left"].items())))
        if not filled:
            raise InputError(f"{name}: seat {seat}'s rolls {shorten(str(rolls))} are never thrown")
        filled.append(
            "rolls not thrown after the policies' decisions: "
            + "; ".join(f"seat {s} {shorten(str(r))}" for s, r in sorted(result["dice_left"].items()))
        )
    if drawn:
        filled.append("dice drawn from the seed: " + ", ".join(f"seat {s} {k}" for s, k in sorted(drawn.items())))
    return {
        "bar": name,
        "proposer": result["proposer"],
        "payout": {str(s): v for s, v in result["payout"].items()},
        "remains": sum(result["remains"]),
        "remaining_cards": result["remains"],
        "steps": steps,
        "filled_in": filled,
    }


def _check_script_used(bar: str, proposer: int | None, contest: int, offer: object, answers: dict) -> None:
    """Refuse scripted decisions the bar never asks for: an offer without haggling or to a non-contestant, an
    answer from the proposer or a non-contestant."""
    contestants = [s for s in range(R.MAX_PLAYERS) if (contest >> s) & 1]
    if isinstance(offer, dict):
        if proposer is None:
            raise InputError(f"{bar}: an offer is given, but nobody haggles at this bar")
        outside = [s for s in offer if s not in contestants]
        if outside:
            raise InputError(
                f"{bar}: the offer gives money to seat {outside[0]}, which is not haggling "
                f"(contestants: {', '.join(map(str, contestants))})"
            )
    for seat in answers:
        if seat not in contestants or seat == proposer:
            why = "is the proposer" if seat == proposer else "is not haggling"
            raise InputError(f"{bar}: an answer is given for seat {seat}, which {why}")


def explain(scenario: dict, *, seed: int = 0, policies: Sequence[Policy] | None = None) -> dict:
    """Settle the bar (or every bar of ``bars``) of a scenario; see :func:`explain_bar`.

    The whole scenario is checked before any bar is settled (:func:`_check_round`). Returns ``{"proposer",
    "payout", "remains", "steps", "filled_in"}`` for a one-bar scenario, and ``{"bars": [...], "payout":
    totals}`` for several bars.
    """
    settings = scenario_settings(scenario)
    n = settings.players
    croupier = _int(scenario.get("croupier", 0), "croupier")
    if not 0 <= croupier < n:
        raise InputError(f"the croupier must be a seat 0 to {n - 1}, got {shorten(str(croupier))}")
    if policies is not None and len(policies) != n:
        raise InputError(f"{len(policies)} policies for {n} players")
    if "bars" in scenario:
        bars = scenario["bars"]
        if not isinstance(bars, list) or not bars or any(k in scenario for k in _BAR_KEYS - {"about", "expect"}):
            raise InputError(
                "bars must be a non-empty list of bars, and then bar, money, cards, offer, answers and "
                "dice belong to each bar"
            )
        parsed_bars = [_parse_bar(settings, b if isinstance(b, dict) else {"bar": b}) for b in bars]
        _check_round(settings, parsed_bars)
        results = [_settle(settings, croupier, b, seed, policies) for b in parsed_bars]
        total = {str(s): sum(r["payout"][str(s)] for r in results) for s in range(n)}
        return {
            "players": n,
            "croupier": croupier,
            "bars": results,
            "payout": total,
            "remains": sum(r["remains"] for r in results),
        }
    parsed = _parse_bar(settings, {k: scenario[k] for k in _BAR_KEYS if k in scenario})
    return {"players": n, "croupier": croupier, **_settle(settings, croupier, parsed, seed, policies)}


def explain_text(result: dict) -> str:
    """The steps and payouts of :func:`explain` as text."""
    lines = [f"Razzia, {result['players']} players, seat {result['croupier']} is the croupier"]
    for bar in result.get("bars", [result]):
        lines.append("")
        lines += [s["text"] if s["text"].startswith(bar["bar"]) else "  " + s["text"] for s in bar["steps"]]
        if not bar["steps"]:
            lines.append(f"{bar['bar']}: no card played")
        paid = ", ".join(f"seat {s} ${v:,}" for s, v in bar["payout"].items() if v)
        lines.append(f"  payout: {paid or 'nobody'}; stays at the bar: ${bar['remains']:,}")
        for note in bar["filled_in"]:
            lines.append(f"  (filled in: {note})")
    if "bars" in result:
        lines.append("")
        lines.append("Total: " + ", ".join(f"seat {s} ${v:,}" for s, v in result["payout"].items()))
    return "\n".join(lines)
