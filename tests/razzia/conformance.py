"""Razzia's cases for the shared conformance suite (``tests/conformance/``; see ``tests/conformance/cases.py``).

The reference counts are rebuilt from games played by the plain reference
(``tests/reference/razzia.py``): the kernel's policies have no Python twin, so each game is first
traced by the kernel for its decisions only (where money goes, the cards played, offers and
answers), and the reference then replays the game on the same streams with those decisions
(:func:`tests.razzia.test_engine_reference.replay_policies`, which makes the reference check every
decision for legality). Every count (per player and seat, by distance from the croupier, the global
and haggling counters, the card study tables and the block cross-products) is then summed from the
reference's own outcomes, in the layout of :func:`razzmatazz.core.razzia.engine.layout`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from razzmatazz.core import batch
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia import search
from razzmatazz.core.razzia.policies import REGISTRY
from tests.conformance.cases import Engine, Pin
from tests.razzia.test_engine_reference import replay_policies
from tests.reference import razzia as ref

UNIT = R.UNIT


def _razzia(settings: R.Settings, policies: list[str], duplicate: bool = False) -> Callable[[int, int], batch.Job]:
    lineup = tuple(REGISTRY.parse(p) for p in policies)
    return lambda seed, n: E.GameJob(settings, lineup, seed, n, duplicate)


def _ref_settings(settings: R.Settings) -> ref.Settings:
    return ref.Settings(**{k: getattr(settings, k) for k in vars(settings)})


def _order_rolloff_groups(contestants: list[int], value: dict[int, int], croupier: int, n: int) -> int:
    """H1 ``circular``: the groups of two or more contestants equal in card value and circular distance."""
    groups: dict[tuple[int, int], int] = {}
    for s in contestants:
        d = (s - croupier) % n
        key = (value[s], min(d, n - d))
        groups[key] = groups.get(key, 0) + 1
    return sum(1 for k in groups.values() if k > 1)


def reference_game(job: E.GameJob, g: int, out: np.ndarray) -> tuple[list[int], list[int]]:
    """Replay game ``g`` in the reference and add its counts to ``out``; returns each seat's money (units)
    and win (out of ``E.WIN``)."""
    s = job.settings
    n = s.players
    lay = E.layout(n)
    o_glob = lay["global"]
    item = g // n if job.duplicate else g
    log = job.trace(g).log
    shuffler, die = ref.stream_randomness(job.seed, item)
    pol = replay_policies(log, n, s.spielbox)
    seen: dict = {"bars": []}

    def observe(stage, game, info=None):
        if stage == "bar":
            seen["bars"].append((game.round, game.croupier, *info))
        elif stage == "end":
            seen["game"] = game

    result = ref.play_game(_ref_settings(s), shuffler, die, pol, observe)
    game = seen["game"]
    assert all(not q for p in pol for q in p.q.values()), f"game {g}: kernel decisions left unused"
    money = [sum(w) // UNIT for w in game.won]
    wins = [int(w * E.WIN) for w in result.wins]
    leftover = result.leftover // UNIT
    r = g % n
    for seat in range(n):
        p = (seat - r) % n
        for base in (lay["player"] + p * E.N_PFIELDS, lay["seat"] + seat * E.N_PFIELDS):
            out[base + E.P_GAMES] += 1
            out[base + E.P_MONEY] += money[seat]
            out[base + E.P_MONEY2] += money[seat] ** 2
            out[base + E.P_WIN] += wins[seat]
            out[base + E.P_WIN2] += wins[seat] ** 2
            out[base + E.P_MLEFT] += money[seat] * leftover
            out[base + E.P_BARS_WON] += result.bars_won[seat]
    # money won a round by distance from that round's croupier
    per_round = [[0] * n for _ in range(result.rounds)]
    for rnd, _, bar in result.results:
        for seat, cards in bar.payout.items():
            per_round[rnd][seat] += sum(cards) // UNIT
    for rnd, won in enumerate(per_round):
        c = rnd % n
        for seat in range(n):
            base = lay["croupier"] + ((seat - c) % n) * E.N_CFIELDS
            out[base] += 1
            out[base + 1] += won[seat]
            out[base + 2] += won[seat] ** 2
    out[o_glob + E.G_GAMES] += 1
    out[o_glob + E.G_ROUNDS] += result.rounds
    out[o_glob + E.G_LEFTOVER] += leftover
    out[o_glob + E.G_LEFTOVER2] += leftover**2
    out[o_glob + E.G_RESHUFFLES] += game.reshuffles
    out[o_glob + E.G_SHARED] += sum(1 for w in wins if w) > 1
    # haggling (H1-H9) and the card tables, bar by bar
    for _, croupier, _bar, played, before, res in seen["bars"]:
        units = sum(before) // UNIT
        police = any(k == ref.POLICE for _, k, _ in played)
        for seat, kind, value in played:
            won = sum(res.payout[seat]) // UNIT
            table = "police" if kind == ref.POLICE else "gambler_police" if police else "gambler_free"
            at = lay[table] + E.table_index(value, units, min(len(played) - 1, E.N_OTHERS - 1), 0)
            out[at + E.T_PLAYS] += 1
            out[at + E.T_WON] += won > 0
            out[at + E.T_MONEY] += won
        if len(res.contestants) < 2:
            continue
        out[o_glob + E.G_HAGGLES] += 1
        if res.offer is None:  # the proposer called for a duel (offer_duel): everyone else duels
            out[o_glob + E.G_NO_OFFER] += 1
            decliners = len(res.contestants) - 1
        else:
            decliners = sum(1 for a in res.answers.values() if a == ref.DUEL)
            out[o_glob + E.G_ACCEPTS] += sum(1 for a in res.answers.values() if a == ref.ACCEPT)
            out[o_glob + E.G_DECLINES] += decliners
        for duel in res.duels:
            out[o_glob + E.G_DUELS] += 1
            if duel.caller is not None:
                out[o_glob + E.G_CALLED] += 1
                out[o_glob + E.G_CALLER_WINS] += duel.winner == duel.caller
        if decliners >= 2:
            out[o_glob + (E.G_KNOCKOUTS if s.multi_duel == "knockout" else E.G_ROLLOFFS)] += 1
        if s.furthest == "circular":
            value = {seat: v for seat, _, v in played if seat in res.contestants}
            out[o_glob + E.G_ORDER_ROLLOFFS] += _order_rolloff_groups(res.contestants, value, croupier, n)
    return money, wins


def reference_counts(job: E.GameJob, start: int, stop: int) -> np.ndarray:
    """The counts of ``job.run_chunk(start, stop)``, from games played by the reference."""
    n = job.settings.players
    lay = E.layout(n)
    out = np.zeros(lay["size"], np.int64)
    per_item = n if job.duplicate else 1
    for item in range(start, stop):
        block = np.zeros(n, np.int64)
        block_win = np.zeros(n, np.int64)
        for g in range(item * per_item, (item + 1) * per_item):
            money, wins = reference_game(job, g, out)
            for seat in range(n):
                p = (seat - g % n) % n
                block[p] += money[seat]
                block_win[p] += wins[seat]
        out[lay["global"] + E.G_BLOCKS] += 1
        out[lay["cross"] : lay["cross"] + n * n] += np.outer(block, block).ravel()
        out[lay["cross"] + n * n :] += np.outer(block_win, block_win).ravel()
    return out


def _money_conserved(settings: R.Settings, games_per_item: int = 1) -> Callable[[np.ndarray, int], None]:
    """Every game's money cards are won or left at the bars; one win a game; every seat every game and round;
    every card played is in the study tables; B3/B4 hold."""
    n = settings.players
    rounds = -(-sum(c for _, c in settings.money_cards()) // (settings.n_bars + 1))

    def check(counts: np.ndarray, items: int) -> None:
        c = E.view(counts, n)
        games = items * games_per_item
        per_player, per_seat, crou, glob = c["player"], c["seat"], c["croupier"], c["global"]
        assert counts.dtype == np.int64 and (counts[: E.layout(n)["cross"]] >= 0).all()
        assert (per_player[:, E.P_GAMES] == games).all() and (per_seat[:, E.P_GAMES] == games).all()
        assert glob[E.G_GAMES] == games and glob[E.G_BLOCKS] == items and glob[E.G_ROUNDS] == games * rounds
        won = per_player[:, E.P_MONEY].sum()
        assert won + glob[E.G_LEFTOVER] == games * settings.money_total
        assert per_seat[:, E.P_MONEY].sum() == won and crou[:, 1].sum() == won
        assert (per_player[:, E.P_MONEY2] >= per_player[:, E.P_MONEY]).all()
        assert per_player[:, E.P_WIN].sum() == per_seat[:, E.P_WIN].sum() == E.WIN * games
        assert (crou[:, 0] == glob[E.G_ROUNDS]).all()
        tables = [c[k] for k in ("police", "gambler_police", "gambler_free")]
        assert sum(t[..., E.T_PLAYS].sum() for t in tables) == glob[E.G_ROUNDS] * n
        assert sum(t[..., E.T_MONEY].sum() for t in tables) == won
        assert sum(t[..., E.T_WON].sum() for t in tables) == per_player[:, E.P_BARS_WON].sum()
        assert all((t[..., E.T_WON] <= t[..., E.T_PLAYS]).all() for t in tables)
        assert tables[0][:, :, 0, E.T_WON].sum() == 0  # B3: a police card alone at a bar
        assert tables[1][..., E.T_WON].sum() == 0  # B4: a gambler beside police
        assert tables[0][:, 0, :, E.T_WON].sum() == 0 and tables[2][:, 0, :, E.T_WON].sum() == 0  # B6: no money
        assert glob[E.G_ACCEPTS] + glob[E.G_DECLINES] >= glob[E.G_HAGGLES] - glob[E.G_NO_OFFER]
        assert glob[E.G_CALLER_WINS] <= glob[E.G_CALLED] <= glob[E.G_DUELS]
        cross_win = c["cross_win"]
        assert cross_win.sum() == items * (E.WIN * games_per_item) ** 2  # each block's wins add up to its games
        cross = c["cross"]
        assert (np.diag(cross) >= 0).all() and np.array_equal(cross, cross.T)
        assert glob[E.G_ROLLOFFS if settings.multi_duel == "knockout" else E.G_KNOCKOUTS] == 0
        if settings.furthest == "clockwise":
            assert glob[E.G_ORDER_ROLLOFFS] == 0

    return check


_DEFAULT = R.Settings(players=5)
_SWITCHES = R.Settings(
    players=3,
    three_player_deck="full",
    dropped_bars="random",
    leftover="split",
    reshuffle="refill_first",
    furthest="circular",
    offer_duel=True,
    duel_tie="reroll",
    one_declines="own_share",
    multi_duel="rolloff",
    spielbox=True,
    bars="players_plus_one",
    final_ties="bars_won",
    open_money=False,
)
_EIGHT = R.Settings(players=8, free_card="random", many_order="seat")
RAZZIA_ENGINES = [
    Engine(
        "razzia 5 players, default mix",
        _razzia(_DEFAULT, ["greedy", "hunter", "bigpot", "crowd", "random"]),
        reference_counts,
        _money_conserved(_DEFAULT),
        items=10_000,
    ),
    Engine(
        "razzia 3 players, switches, spielbox, duplicate",
        _razzia(_SWITCHES, ["random:no_offer=0.3", "greedy:haggle=2", "hunter:margin=0.5"], duplicate=True),
        reference_counts,
        _money_conserved(_SWITCHES, 3),
        items=4_000,
    ),
    Engine(
        "razzia 8 players, knockouts by seat",
        _razzia(
            _EIGHT,
            [
                "greedy",
                "random",
                "hunter:haggle=2",
                "crowd",
                "bigpot:haggle=1",
                "random:accept=0.2",
                "greedy:haggle=2",
                "hunter",
            ],
        ),
        reference_counts,
        _money_conserved(_EIGHT),
        items=6_000,
    ),
]
"""Razzia in the conformance suite: the default game, every switch at a small duplicate table, a full table."""
ENGINES = RAZZIA_ENGINES

PINS = [
    Pin("razzia four, the default mix", {"players": 4}, [], False, 1, 3000, ("845de5dbf7e0fe49", 3141, 6855052809)),
    Pin(
        "razzia three, duplicate",
        {"players": 3},
        ["hunter", "greedy:haggle=2"],
        True,
        2,
        2000,
        ("270463232b22404f", 3110, 7671217512),
    ),
    Pin(
        "razzia five, switches",
        {"players": 5, "duel_tie": "reroll", "offer_duel": True, "dropped_bars": "random"},
        ["crowd", "bigpot", "random"],
        False,
        3,
        2000,
        ("1d6ea6904fa98764", 3176, 4552609029),
    ),
    Pin(
        "razzia two, spielbox",
        {"players": 2, "spielbox": True},
        ["greedy", "random"],
        False,
        4,
        2000,
        ("45a15db7c907411c", 3083, 4729514929),
    ),
]
"""Runs whose counts are pinned (``tests/conformance/test_pinned_games.py``; ``python -m
tests.conformance.test_pinned_games`` prints the pins anew)."""

POSITIONS = (
    5,
    [
        ["greedy", "crowd", "bigpot", "hunter", "random"],
        ["random"],
        ["search:samples=2", "greedy", "hunter", "random", "search:samples=1,rollout=0"],
    ],
)
"""Players and lineups stepped through the decision-point interface (``tests/conformance/test_positions.py``)."""


KERNELS = [E.play_games, E.play_games_with, E.trace_game, E.trace_game_with, search.play_games, search.trace_game]
"""The kernels that take the job's ``Args`` first (``tests/common/test_job.py``)."""
JOB = (4, ["greedy", "random", "hunter", "greedy"])
"""A small job: players and policy texts (``tests/common/test_job.py``)."""
OFFSETS = ("seat", "croupier", "global", "police", "cross", "size")
"""The blocks whose offsets the kernels take from ``count_offsets``, in its order."""

PLAYTHROUGH = (3, ["greedy", "hunter", "random"], 11, 0)
"""The game written decision by decision (``tests/conformance/playthrough.py``): players, policies, seed, game."""

RESUME = [
    (
        ["--players", "4", "--policy", "greedy", "--policy", "random", "--games", "150000"],
        ["--duel-tie", "reroll"],
    )
]
"""A ``play`` run long enough to be killed mid-way (its options), and an option that changes it
(``tests/cli/test_play_resume.py``)."""
