"""A plain-Python toy engine, written from ``seeds/toy.md`` alone, played against the kernel game by game.

It shares with the kernel only the random streams (``core/rng.py``: the shuffle and SplitMix64), which define
what "game g of seed s" deals; the rules, the policies, the seating and the counts are written out again here.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core import streams
from razzmatazz.core.rng import deal_from, game_state, next_u64

WIN = 60
VALUES = 10


def policy_move(name: str, params: dict[str, float], card: int, discards: list[int], copies: int, state):
    """(move, state): 1 draws, 0 stands, as the policy ``name`` of ``seeds/toy.md`` decides."""
    if name == "random":
        state, x = next_u64(np.uint64(state))
        return (1 if (int(x) >> 11) / 2.0**53 < 0.5 else 0), state
    if name == "redraw":
        return (1 if card < params["below"] else 0), state
    if name == "odds":
        seen = [d for d in discards if d > 0]
        unseen = VALUES * copies - 1 - len(seen)
        higher = (VALUES - card) * copies - sum(d > card for d in seen)
        return (1 if unseen > 0 and higher / unseen > params["edge"] else 0), state
    return 0, state


def deck_of(settings, deal_state) -> list[int]:
    """The shuffled deck of a game: ``copies`` of each value 1-10, in that order, then shuffled (T2)."""
    size = VALUES * settings.copies
    deck = np.array([i % VALUES + 1 for i in range(size)], np.int64)
    deal_from(np.uint64(deal_state), deck, size, np.zeros(size, np.int64))
    return deck.tolist()


def reference_game(settings, seats, deal_state, policy_states) -> dict:
    """One game: ``seats`` the policies seat by seat; returns per seat the payoff, win, drew and first card."""
    n = settings.players
    deck = deck_of(settings, deal_state)
    first = deck[:n]
    card = list(first)
    nxt = n
    drew = [0] * n
    discards = [0] * n
    for s in range(n):  # T4: in seat order, stand or draw once
        shown = [discards[o] if (o == s or settings.discards == "up") else 0 for o in range(n)]
        move, policy_states[s] = policy_move(
            seats[s].spec.name, seats[s].params, card[s], shown, settings.copies, policy_states[s]
        )
        if move == 1:
            drew[s] = 1
            discards[s] = card[s]
            card[s] = deck[nxt]
            nxt += 1
    best = max(card)
    winners = [s for s in range(n) if card[s] == best]
    k = len(winners)
    chips = [0] * n
    for i, s in enumerate(winners):  # T5: N // k each, the odd chips to the winners nearest seat 0
        chips[s] = n // k + (1 if i < n % k else 0)
    return {
        "payoff": [c - 1 for c in chips],
        "win": [WIN // k if s in winners else 0 for s in range(n)],
        "drew": drew,
        "first": first,
        "best": best,
        "shared": k > 1,
    }


def reference_counts(job, start: int, stop: int) -> np.ndarray:
    """The counts of items ``start..stop-1`` of ``job`` (a toy ``GameJob``), in the kernel's layout."""
    from razzmatazz.core.toy import layout

    settings, lineup, n = job.settings, job.lineup, job.settings.players
    deal_key = streams.key(job.seed, "toy", "deal")
    policy_keys = [streams.key(job.seed, "toy", "policy", s) for s in range(n)]
    c = layout.view(np.zeros(layout.layout(n)["size"], np.int64), n)
    per_item = n if job.duplicate else 1
    for item in range(start, stop):
        block, block_win = [0] * n, [0] * n
        for g in range(item * per_item, (item + 1) * per_item):
            seats = [lineup[(s - g) % n] for s in range(n)]  # T6: player p in seat (p + g) mod n
            states = [game_state(policy_keys[s], g) for s in range(n)]
            r = reference_game(settings, seats, game_state(deal_key, item), states)
            c["global"][layout.G_GAMES] += 1
            c["global"][layout.G_DRAWS] += sum(r["drew"])
            c["global"][layout.G_SHARED] += r["shared"]
            c["global"][layout.G_BEST] += r["best"]
            for s in range(n):
                p = (s - g) % n
                row = [1, r["payoff"][s], r["payoff"][s] ** 2, r["win"][s], r["win"][s] ** 2, r["drew"][s]]
                c["player"][p] += row
                c["seat"][s] += row
                block[p] += r["payoff"][s]
                block_win[p] += r["win"][s]
                c["table"][r["first"][s] - 1] += [1, r["drew"][s], r["payoff"][s]]
        c["global"][layout.G_BLOCKS] += 1
        cross, cross_win = c["cross"], c["cross_win"]
        cross += np.outer(block, block)
        cross_win += np.outer(block_win, block_win)
    return c.counts
