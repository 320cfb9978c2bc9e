"""One bar from Python (``razzia explain``, the scenario files): :func:`resolve_bar` settles a bar with
scripted decisions and dice, the missing ones taken by a lineup's policies and the dice stream, through the
engine's kernel :func:`razzmatazz.core.razzia.bars._resolve_bar`."""

from __future__ import annotations

import numpy as np

from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Policy
from razzmatazz.core.razzia import policies
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.bars import _resolve_bar
from razzmatazz.core.razzia.job import GameJob
from razzmatazz.core.rng import game_state


def _is_card(value: object, denoms: list[int]) -> bool:
    """Is ``value`` (dollars) exactly a money card of the table, a whole number (no text, no truncation)?"""
    return (
        isinstance(value, (int, np.integer))
        and not isinstance(value, bool)
        and value % R.UNIT == 0
        and value // R.UNIT in denoms
    )


def resolve_bar(
    settings: R.Settings,
    croupier: int,
    money,
    cards,
    offer=None,
    answers=None,
    dice=None,
    *,
    bar: int = 0,
    lineup: tuple[Policy, ...] | None = None,
    seed: int = 0,
    game: int = 0,
):
    """Settle one bar from Python (``razzia explain``, the scenario files) with scripted decisions.

    ``money``: the bar's money cards in dollars; ``cards``: (seat, kind "gambler"/"police" or 0/1,
    value) per card played there; ``offer``: {seat: [money cards]} (the division), ``"none"`` (the
    proposer calls a duel, offer_duel only), or None (ask the proposer's policy); ``answers``: {seat:
    "accept"/"duel"} (a contestant not listed is asked); ``dice``: {seat: [rolls]} (a seat's rolls
    after these are drawn from the dice stream ``razzia/dice`` game ``game`` under ``seed``). Missing
    decisions are taken by ``lineup`` (one policy per seat; default: ``greedy`` everywhere) with the
    policy streams of ``seed``. Returns a dict: ``payout`` {seat: dollars}, ``remains`` (money cards
    left, dollars), ``proposer`` (None if nobody haggled), ``log`` (rows, money in units), ``dice_left``
    {seat: rolls not used}.

    The kernel is :func:`.bars._resolve_bar` (arrays: money in units, per money card the seat it goes to
    (-1 ask, -2 no offer), answers per seat 0 ask / 1 accept / 2 duel, dice[seat, i] (-1 absent)).
    """
    n = settings.players
    denoms = settings.denominations()
    if not all(_is_card(v, denoms) for v in money):
        raise InputError("money cards must be values of the money table (whole dollars)")
    units = np.array([int(v) // R.UNIT for v in money], np.int64)
    seats, kinds, values = [], [], []
    for card in cards:
        if isinstance(card, dict):
            card = (card["seat"], card["kind"], card["value"])
        s, kind, v = card
        kind = R.KINDS.index(kind) if isinstance(kind, str) and kind in R.KINDS else kind
        if not (0 <= int(s) < n) or kind not in (0, 1) or not 1 <= int(v) <= 6 or int(s) in seats:
            raise InputError(f"a card is (seat 0-{n - 1}, gambler or police, value 1-6), one a seat; got {card!r}")
        seats.append(int(s))
        kinds.append(int(kind))
        values.append(int(v))
    if not 0 <= croupier < n or not 0 <= bar < R.MAX_BARS:
        raise InputError(f"the croupier must be a seat 0-{n - 1} and the bar 0-5")
    per_card = np.full(len(units), -1, np.int64)
    if offer == "none":
        per_card[:] = -2
    elif offer is not None:
        left = list(units)
        per_card[:] = -3
        for seat, vals in offer.items():
            for v in vals:
                if not _is_card(v, denoms):
                    raise InputError("an offer gives money cards of the money table (whole dollars)")
                u = int(v) // R.UNIT
                i = next((i for i, x in enumerate(units) if x == u and per_card[i] == -3), None)
                if i is None or not 0 <= int(seat) < n:
                    raise InputError("the offer does not divide exactly the bar's money cards")
                per_card[i] = int(seat)
                left.remove(u)
        if left:
            raise InputError("the offer does not divide exactly the bar's money cards")
    ans = np.zeros(n, np.int64)
    for seat, a in (answers or {}).items():
        if a not in ("accept", "duel"):
            raise InputError(f"an answer is accept or duel, got {a!r}")
        ans[int(seat)] = R.ACCEPT if a == "accept" else R.DUEL
    width = max([len(v) for v in (dice or {}).values()] + [1])
    script = np.full((n, width), -1, np.int64)
    for seat, rolls in (dice or {}).items():
        for i, r in enumerate(rolls):
            if not 1 <= int(r) <= 6:
                raise InputError(f"a die shows 1-6, got {r!r}")
            script[int(seat), i] = int(r)
    if lineup is None:
        lineup = tuple(Policy(policies.GREEDY, policies.GREEDY.defaults()) for _ in range(n))
    job = GameJob(settings, tuple(lineup), seed, 1)
    a = job.kernel_args()
    cfg, dice_key, pids, params = a.cfg, a.dice_key, a.lineup_pids, a.lineup_params
    if job.searching:  # a bar settles without searching: a search seat plays as its rollout model
        from razzmatazz.core.razzia.search import model

        pids, params = model(pids, params)
    pstate = np.array([game_state(a.policy_keys[s], game) for s in range(n)], np.uint64)
    payout, remains, proposer, _, log, used = _resolve_bar(
        cfg,
        bar,
        croupier,
        units,
        np.array(seats, np.int64),
        np.array(kinds, np.int64),
        np.array(values, np.int64),
        per_card,
        ans,
        script,
        pids,
        params,
        pstate,
        np.uint64(game_state(dice_key, game)),
    )
    dice_left = {s: [int(r) for r in script[s, used[s] :] if r >= 1] for s in range(n)}
    return {
        "payout": {s: int(payout[s]) * R.UNIT for s in range(n)},
        "remains": [int(v) * R.UNIT for v in remains],
        "proposer": None if proposer < 0 else int(proposer),
        "log": log,
        "dice_left": {s: d for s, d in dice_left.items() if d},
    }
