"""Each street's all-in equity: exact heads-up, Monte Carlo multiway (stream ``razz/street``)."""

from __future__ import annotations

import numpy as np

from razzmatazz.analysis.razz.replay.records import Result, Street
from razzmatazz.core.cards import UNKNOWN, card_str
from razzmatazz.core.errors import InputError


def street_seed(seed: int, street: int) -> int:
    """The root seed of one street's Monte Carlo, from stream ``razz/street`` (as ``razz street``)."""
    from razzmatazz.core import streams

    return int(streams.key(seed, "razz", "street", street)) >> 1


def street_equity(street: Street, trials: int, seed: int) -> dict:
    """All-in equity of each player still in at ``street`` from the cards known then (unknown ones random)."""
    live = [p for p, x in enumerate(street.live) if x]
    hands = {p: street.cards[p] for p in live}
    base = {"method": None, "trials": None, "deals": None, "seed": None, "note": ""}
    if all(UNKNOWN not in h for h in hands.values()) and street.street == 7:
        return {**base, **_final_shares(hands, street.community)}
    if street.community >= 0:
        return {**base, "note": "not computed: a community card with unknown cards"}
    known = [p for p in live if UNKNOWN not in hands[p]]
    if not known:
        return {**base, "note": "not computed: no player's cards are all known"}
    return {**base, **_equity_query(street, hands, known[0], trials, seed)}


def _final_shares(hands: dict[int, list[int]], community: int) -> dict:
    """Every card known at 7th street: the showdown itself (exact)."""
    from razzmatazz.core.razz.evaluate import evaluate

    extra = [community] if community >= 0 else []
    classes = {p: int(evaluate(np.array((h + extra)[-7:], np.int64))) for p, h in hands.items()}
    best = min(classes.values())
    winners = [p for p, c in classes.items() if c == best]
    shares = {p: (1 / len(winners) if p in winners else 0.0) for p in hands}
    return {"method": "exact", "deals": 1, "equity": {p: (e, e, e) for p, e in shares.items()}}


def _equity_query(street: Street, hands: dict[int, list[int]], hero: int, trials: int, seed: int) -> dict:
    """The project's equity question for this street: exact heads-up, Monte Carlo multiway."""
    from razzmatazz.analysis.razz.equities import equity

    order = [hero] + [p for p in hands if p != hero]
    texts = ["".join(card_str(c) for c in hands[p]) for p in order]
    dead = "".join(card_str(c) for c in street.dead)
    exact = len(order) == 2
    try:
        res = equity(
            texts[0],
            texts[1:],
            dead,
            trials=None if exact else trials,
            exact_enum=exact,
            seed=None if exact else street_seed(seed, street.street),
        )
    except InputError as e:
        return {"note": f"not computed: {e}"}
    shares = {p: (s.equity, *s.ci95) for p, s in zip(order, res.shares)}
    return {
        "method": "exact" if res.exact else "Monte Carlo",
        "trials": None if res.exact else res.trials,
        "deals": res.trials if res.exact else None,
        "seed": res.seed,
        "equity": shares,
        "community_card": res.community_card,
    }


def analyse(result: Result, trials: int, seed: int) -> Result:
    """Add each street's equity to a replayed hand."""
    for street in result.streets:
        street.equity = street_equity(street, trials, seed)
    return result
