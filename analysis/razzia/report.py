"""The Razzia part of the report: its runs, tables, findings and figures (:mod:`razzmatazz.analysis.report`)."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from razzmatazz.analysis.report.findings import (
    Cells,
    Display,
    FigureFile,
    Tables,
    Topic,
    against_reference,
    comparisons,
    half_width,
    say,
    spread,
    strong_lead_low,
    strong_seat,
    verdict_columns,
    verdict_rule,
    verdict_table,
)
from razzmatazz.analysis.report.sections import (
    Run,
    Section,
    Sizes,
    Timer,
    best_win,
    display,
    established_count,
    established_findings,
    lead,
    policy_displays,
    precision_table,
    precision_topic,
    row_findings,
    save_figure,
    spread_finding,
)
from razzmatazz.analysis.report.strong import (
    STRONG,
    Wording,
    lead_verdict,
    spread_verdict,
    verdict_display,
    verdict_finding,
)
from razzmatazz.analysis.report.strong import leaders as best_two

PLAYERS = {"quick": (3, 5, 7), "full": (3, 4, 5, 6, 7, 8)}
"""The police study's player counts in each mode."""
SEATS_PLAYERS = 5
DEFAULT_MIX = "default mix"
HAGGLING_MIX = "haggling styles"
STRONG_MIXES = (DEFAULT_MIX, HAGGLING_MIX)
STRONG_DIVISOR = {"quick": 3, "full": 4}
"""The strong-play runs play the police study's games per mix and player count divided by this."""
STRONG_TABLES = ("lineups", "policies", "pairs", "croupier", "cards")


def simulate_razzia(sizes: Sizes, seed: int, progress: bool | None) -> tuple[Tables, list[Run]]:
    """The police study (three mixes per player count) and one run for the seats."""
    from razzmatazz.analysis.razzia import game as razzia
    from razzmatazz.core.razzia.rules import Settings

    timer, games = Timer(), sizes.shares()
    study = razzia.police_study(list(PLAYERS[sizes.mode]), games, seed, progress=progress)
    names = ("cards", "by_value", "by_bucket", "by_others", "policies", "pairs", "croupier", "haggling")
    runs = [
        Run(
            f"Razzia police study: {len(razzia.DEFAULT_STUDY_MIXES)} policy mixes x "
            f"{len(PLAYERS[sizes.mode])} player counts",
            ", ".join(f"razzia_{n}" for n in names),
            f"{games:,} games per mix and player count",
            seed,
            timer(),
        )
    ]
    timer, n = Timer(), SEATS_PLAYERS
    result = razzia.play(Settings(players=n), razzia.lineup([], n), games, seed, progress=progress)
    runs.append(
        Run(
            f"Razzia, {n} players, default mix (for the seats)",
            "razzia_seats",
            f"{result.games:,} games",
            seed,
            timer(),
        )
    )
    tables = {f"razzia_{k}": study[k].reset_index(drop=True) for k in names}
    tables["razzia_seats"] = result.seats.assign(players=n)
    timer, games = Timer(), max(200, sizes.shares() // STRONG_DIVISOR[sizes.mode])
    tables.update(strong_study(tables["razzia_policies"], list(PLAYERS[sizes.mode]), games, seed, progress))
    runs.append(
        Run(
            f"Razzia under strong play: one {STRONG} seat in the {DEFAULT_MIX} and the {HAGGLING_MIX} of "
            f"{len(PLAYERS[sizes.mode])} player counts",
            ", ".join(f"razzia_strong_{k}" for k in STRONG_TABLES),
            f"{games:,} games per mix and player count",
            seed,
            timer(),
        )
    )
    return tables, runs


def leaders(pol: pd.DataFrame, n: int, mix: str) -> tuple[str, ...]:
    """The two policies of one lineup with the highest win rates, best first (the pair the lead finding states)."""
    return best_two(pol[(pol.players == n) & (pol.mix == mix)], "win_rate")


def strong_study(pol: pd.DataFrame, players: list[int], games: int, seed: int, progress: bool | None) -> Tables:
    """The default and haggling mixes played again with one :data:`STRONG` seat, in place of a policy that
    neither of the two leaders plays, so that every headline finding can be measured again."""
    from razzmatazz.analysis.razzia import game as razzia
    from razzmatazz.core.razzia.rules import Settings

    lineups = razzia.study_lineups(players)
    parts: dict[str, list[pd.DataFrame]] = {k: [] for k in STRONG_TABLES}
    for mix in STRONG_MIXES:
        for n in players:
            labels = [x.label for x in lineups[n, mix]]
            seat = strong_seat(labels, leaders(pol, n, mix))
            texts = [STRONG if i == seat else x for i, x in enumerate(labels)]  # the labels the findings name
            result = razzia.play(Settings(players=n), razzia.lineup(texts, n), games, seed, progress=progress)
            parts["lineups"].append(
                pd.DataFrame(
                    [
                        {
                            "seat": seat + 1,
                            "replaced": labels[seat],
                            "games": result.games,
                            "lineup": ", ".join(x.label for x in result.lineup),
                        }
                    ]
                )
            )
            for k in STRONG_TABLES[1:]:
                parts[k].append(getattr(result, k))
            for k in STRONG_TABLES:
                parts[k][-1] = parts[k][-1].assign(players=n, mix=mix)
    out = {}
    for k, frames in parts.items():
        f = pd.concat(frames, ignore_index=True)
        out[f"razzia_strong_{k}"] = f[["players", "mix"] + [c for c in f.columns if c not in ("players", "mix")]]
    return out


def derive_razzia(tables: Tables, sizes: Sizes) -> None:
    """Add the police rates, comparisons, croupier spread, seat and haggling tables, and the verdicts under
    strong play."""
    tables["razzia_police_rates"] = _card_rates(tables["razzia_by_value"])
    b = tables["razzia_by_bucket"]
    police = b[(b.kind == "police") & (b.mix == DEFAULT_MIX)]
    tables["razzia_best_bucket"] = police.loc[police.groupby("players").win_rate.idxmax()].reset_index(drop=True)
    tables["razzia_comparisons"] = comparisons(
        tables["razzia_pairs"], "win_rate_difference", "win_rate_low", "win_rate_high", ["players", "mix"]
    )
    comp = tables["razzia_comparisons"]
    established_count(comp[comp.mix == DEFAULT_MIX], ["players", "mix"], "razzia_comparison_counts", tables)
    crou = tables["razzia_croupier"]
    tables["razzia_croupier_spread"] = spread(
        crou[crou.mix == DEFAULT_MIX], "distance", "money_per_round", "ci_low", "ci_high", ["players"]
    )
    seats = tables["razzia_seats"]
    v = tables["razzia_seats_vs_fair"] = against_reference(seats, "win_rate", "win_low", "win_high", 1 / seats.players)
    tables["razzia_seat_counts"] = pd.DataFrame(
        [
            {
                "players": int(v.players.iloc[0]),
                "seats": len(v),
                "established": int(v.established.sum()),
                "fair_share": float(v.reference.iloc[0]),
            }
        ]
    )
    tables["razzia_haggling_rates"] = _haggling_rates(tables["razzia_haggling"])
    if "razzia_strong_lineups" in tables:
        tables["razzia_strong_police_rates"] = _card_rates(tables["razzia_strong_cards"])
        tables["razzia_verdicts"] = verdicts(tables)
    pol = tables["razzia_policies"]
    hi_, lo_ = half_width(pol.win_low, pol.win_high)
    rates_hi, rates_lo = half_width(tables["razzia_police_rates"].win_low, tables["razzia_police_rates"].win_high)
    tables["razzia_precision"] = precision_table(
        [
            {
                "quantity": "Razzia win rates of the policies",
                "n": int(pol.games.min()),
                "n_unit": "games per mix and player count",
                "unit": "points",
                "fmt": "%",
                "target": sizes.share_target,
                "max_half_width": hi_,
                "min_half_width": lo_,
            },
            {
                "quantity": "How often a card played wins money",
                "n": int(tables["razzia_police_rates"].plays.min()),
                "n_unit": "plays at the least",
                "unit": "points",
                "fmt": "%",
                "target": math.nan,
                "max_half_width": rates_hi,
                "min_half_width": rates_lo,
            },
        ]
    )


def _card_rates(cards: pd.DataFrame) -> pd.DataFrame:
    """How often a card of each kind wins money, by player count and mix, with Wilson intervals."""
    from razzmatazz.analysis.stats import rate_interval

    rates = cards.groupby(["players", "mix", "kind"], as_index=False, sort=True)[["plays", "won"]].sum()
    lo, hi = rate_interval(rates.won.to_numpy("int64"), rates.plays.to_numpy("int64"))
    return rates.assign(win_rate=rates.won / rates.plays, win_low=lo, win_high=hi)


# ----------------------------------------------------------------------------- the findings under strong play

POLICE, RANKING, HAGGLING, CROUPIER = "police cards", "policy ranking", "haggling styles", "croupier effect"
VERDICT_COLUMNS = verdict_columns("mix")


def verdicts(tables: Tables) -> pd.DataFrame:
    """Every headline finding with its measurement under strong play and the verdict (:func:`strong_verdict`).

    A row states the finding's difference ``higher - lower`` as first measured (``first``: established or
    not, as the finding says it), the same difference in the run with one :data:`STRONG` seat (in place of
    ``seated``) with its 95 % interval, and the verdict from that interval.
    """
    rows = []
    for r in tables["razzia_strong_lineups"].itertuples():
        base = {"players": int(r.players), "mix": r.mix, "seated": r.replaced}
        found = (
            [
                _police_verdict(tables, r.players),
                _lead_verdict(tables, r.players, r.mix, RANKING),
                _croupier_verdict(tables, r.players),
            ]
            if r.mix == DEFAULT_MIX
            else [_lead_verdict(tables, r.players, r.mix, HAGGLING)]
        )
        pairs = tables["razzia_strong_pairs"]
        at = pairs[(pairs.players == r.players) & (pairs.mix == r.mix)]
        lead = strong_lead_low(at, STRONG, "win_rate_low", "win_rate_high")
        rows += [{**base, **f, "strong_lead_low": lead} for f in found]
    return verdict_table(rows, VERDICT_COLUMNS, (POLICE, RANKING, HAGGLING, CROUPIER))


def _at(frame: pd.DataFrame, n: int, mix: str) -> pd.DataFrame:
    """The rows of ``frame`` at ``n`` players in ``mix``."""
    return frame[(frame.players == n) & (frame.mix == mix)]


def _lead_verdict(tables: Tables, n: int, mix: str, finding: str) -> dict:
    """The lead of the best policy over the second (as the lead finding states it), and with a strong seat."""
    comp, pairs = (_at(tables[k], n, mix) for k in ("razzia_comparisons", "razzia_strong_pairs"))
    columns = ("win_rate_difference", "win_rate_low", "win_rate_high")
    lead = leaders(tables["razzia_policies"], n, mix)
    return lead_verdict(finding, "+%", lead, comp, pairs, columns, f"at {n} players in {mix}")


def _police_verdict(tables: Tables, n: int) -> dict:
    """A police card against a gambling card at a bar without police: how often each wins money."""

    def part(name: str) -> pd.DataFrame:
        r = tables[name]
        return r[(r.players == n) & (r.mix == DEFAULT_MIX) & r.kind.isin(["police", "gambler_free"])]

    columns = ("kind", "win_rate", "win_low", "win_high")
    return spread_verdict(
        POLICE, "+%", part("razzia_police_rates"), part("razzia_strong_police_rates"), columns, _kind_label
    )


def _croupier_verdict(tables: Tables, n: int) -> dict:
    """The distances from the croupier that win the most and the least money a round."""

    def part(name: str) -> pd.DataFrame:
        r = tables[name]
        return r[(r.players == n) & (r.mix == DEFAULT_MIX)]

    columns = ("distance", "money_per_round", "ci_low", "ci_high")
    return spread_verdict(
        CROUPIER, "+$", part("razzia_croupier"), part("razzia_strong_croupier"), columns, lambda d: f"distance {d}"
    )


def _haggling_rates(hag: pd.DataFrame) -> pd.DataFrame:
    """How often an offer is accepted and how often the caller wins a duel, with Wilson intervals."""
    from razzmatazz.analysis.stats import rate_interval

    rows = []
    for (n, mix), part in hag.groupby(["players", "mix"], sort=True):
        t = dict(zip(part.counter, part.total))
        for what, k, m in (
            ("answers that accept an offer", t["answers_accepted"], t["answers_accepted"] + t["answers_declined"]),
            ("duels won by the player who called", t["duels_won_by_the_caller"], t["duels_with_a_caller"]),
        ):
            lo, hi = rate_interval(int(k), int(m))
            rows.append(
                {
                    "players": n,
                    "mix": mix,
                    "rate": what,
                    "count": int(k),
                    "of": int(m),
                    "value": k / m if m else math.nan,
                    "low": float(lo),
                    "high": float(hi),
                }
            )
    return pd.DataFrame(rows)


def razzia_topics(tables: Tables) -> list[Topic]:
    """Findings, displays and figure plans of the Razzia report, from its tables."""
    strong = [_razzia_strong_topic(tables)] if "razzia_verdicts" in tables else []
    return [
        _razzia_police_topic(tables),
        _razzia_policies_topic(tables),
        _razzia_seats_topic(tables),
        *strong,
        precision_topic(tables, "razzia_precision", "games"),
    ]


WORDING = Wording(
    {"+%": " points", "+$": " a round"},
    "+%",
    " points of win rate",
    " points",
    ("finding", "players", "mix", "higher", "lower", "difference", "ci_low", "ci_high", "first", "seated")
    + ("strong_difference", "strong_low", "strong_high", "verdict", "strong_lead_low"),
)
"""How the verdicts are worded: units, the gate's, and the order of a sentence's cells."""


def _razzia_strong_topic(tables: Tables) -> Topic:
    name, v = "razzia_verdicts", tables["razzia_verdicts"]
    seated = f"one {STRONG} seat in place of {{seated}}"
    out = [verdict_finding(tables, name, i, WORDING, "with {players} players ({mix})", seated) for i in v.index]
    head = {"finding": "finding", "players": "players", "mix": "mix"}
    shown = verdict_display(v, WORDING, head, ("search seated in place of", "seated"), "with one search seat (95 % CI)")
    return Topic(
        "Under strong play",
        "Each headline finding measured again with a strong player seated: the "
        f"default and haggling mixes are played again with one {STRONG} seat (its default budget: it "
        "samples the unseen cards and plays each move on against the lineup's own policies), in place "
        "of a policy that neither of the two leaders plays. The finding's difference (higher minus "
        "lower as first measured: police card against a gambling card without police, the best "
        "policy against the second, the distances from the croupier that won the most and the "
        "least; established or not as the finding itself judged it) is measured the same way in that "
        "run (paired within its games; for a gap, its conservative interval), with its 95 % interval: "
        + verdict_rule(STRONG),
        out,
        displays=[
            Display(
                "Findings under strong play",
                "Each headline finding first and with one "
                f"{STRONG} seat, with 95 % intervals (win-rate points, or dollars a round).",
                shown,
            )
        ],
    )


def _razzia_police_topic(tables: Tables) -> Topic:
    cell, name, out = Cells(tables), "razzia_police_rates", []
    r = tables[name]
    for n in sorted(r.players.unique()):
        i = r[(r.players == n) & (r.mix == DEFAULT_MIX) & (r.kind == "police")].index
        j = r[(r.players == n) & (r.mix == DEFAULT_MIX) & (r.kind == "gambler_free")].index
        if not len(i) or not len(j):
            continue
        c = {
            k: cell(name, i[0], k, f)
            for k, f in (
                ("players", "d"),
                ("mix", "s"),
                ("win_rate", "%"),
                ("win_low", "%"),
                ("win_high", "%"),
                ("plays", "d"),
            )
        }
        c.update(
            {
                f"g_{k}": cell(name, j[0], k, f)
                for k, f in (("win_rate", "%"), ("win_low", "%"), ("win_high", "%"), ("plays", "d"))
            }
        )
        out.append(
            say(
                "With {players} players ({mix}), a police card played wins money {win_rate} % of the time "
                "(95 % CI {win_low}–{win_high} %, {plays} plays); a gambling card at a bar without police "
                "wins {g_win_rate} % (95 % CI {g_win_low}–{g_win_high} %, {g_plays} plays).",
                **c,
            )
        )
    out += row_findings(
        tables,
        "razzia_best_bucket",
        (("players", "d"), ("bucket", "s"), ("win_rate", "%"), ("win_low", "%"), ("win_high", "%"), ("plays", "d")),
        "With {players} players, a police card wins most often when the bar holds {bucket} money "
        "cards' worth ($5,000 units): {win_rate} % (95 % CI {win_low}–{win_high} %, {plays} plays).",
    )
    shown = display(
        r.assign(kind=r.kind.map(_kind_label)),
        {
            "players": "players",
            "mix": "mix",
            "card": "kind",
            "plays": "plays",
            "wins money (95 % CI)": ("win_rate", "win_low", "win_high", "%", " %"),
        },
    )
    return Topic(
        "Police cards",
        "How often a card played at a bar wins money, by player count and policy mix: "
        "police cards, gambling cards beside police, gambling cards at a bar without police. Rates have "
        "Wilson intervals over plays (the plays of one game are taken as independent).",
        out,
        displays=[Display("Cards that win money", "Share of plays that win money, 95 % Wilson interval.", shown)],
    )


def _kind_label(kind: str) -> str:
    from razzmatazz.analysis.razzia.game import KIND_LABEL

    return KIND_LABEL.get(kind, kind)


def _razzia_policies_topic(tables: Tables) -> Topic:
    pol, comp, out = tables["razzia_policies"], tables["razzia_comparisons"], []
    cell = Cells(tables)
    for n in sorted(pol.players.unique()):
        rows = pol[(pol.players == n) & (pol.mix == DEFAULT_MIX)].index
        if not len(rows):
            continue
        out.append(
            best_win(
                tables,
                "razzia_policies",
                rows,
                "With {players} players (default mix), {policy} "
                "wins {win_rate} % of games (95 % CI {win_low}–{win_high} %, {games} games).",
            )
        )
        out += lead(
            tables,
            "razzia_policies",
            "razzia_comparisons",
            rows,
            comp[(comp.players == n) & (comp.mix == DEFAULT_MIX)].index,
            "win_rate",
            "%",
            "points",
        )
    hag = comp[comp.mix == HAGGLING_MIX]
    for n in sorted(hag.players.unique()):
        rows = pol[(pol.players == n) & (pol.mix == HAGGLING_MIX)].index
        leads = lead(
            tables,
            "razzia_policies",
            "razzia_comparisons",
            rows,
            hag[hag.players == n].index,
            "win_rate",
            "%",
            "points of win rate",
        )
        out += [
            say(
                "Haggling, same play policy, {n} players: " + f.template,
                n=cell("razzia_policies", rows[0], "players", "d"),
                **f.refs,
            )
            for f in leads
        ]
    out += established_findings(tables, "razzia_comparison_counts", "with {n} players ({mix})")
    hr = tables["razzia_haggling_rates"]
    out += row_findings(
        tables,
        "razzia_haggling_rates",
        (("players", "d"), ("rate", "s"), ("value", "%"), ("low", "%"), ("high", "%"), ("of", "d")),
        "With {players} players (default mix), {rate}: {value} % (95 % CI {low}–{high} %, of {of}).",
        hr[hr.mix == DEFAULT_MIX].index,
    )
    by = {"players": "players", "mix": "mix"}
    money = ("money a game", ("money", "money_low", "money_high", "$", ""))
    differences = (
        "Differences between policies",
        "Win-rate difference in percentage points, paired; the simultaneous interval covers all comparisons of one "
        "table at once.",
    )
    return Topic(
        "Policies and haggling",
        "Win rates (a shared win counts 1/k) of the default mix of policies, and "
        "of one play policy with three haggling styles (exact, always accept, always duel), each "
        "with 95 % intervals over games; differences are paired.",
        out,
        displays=policy_displays(pol, money, comp, differences, (by, by)),
    )


def _razzia_seats_topic(tables: Tables) -> Topic:
    name, out = "razzia_croupier_spread", []
    for i in tables[name].index:
        out.append(
            spread_finding(
                tables,
                name,
                i,
                "With {players} players (default mix), money won in a round",
                "distance",
                "$",
                "a round",
            )
        )
    cell = Cells(tables)
    out.append(
        say(
            "With {players} players, {k} of the {n} seats win a share of games that differs from a fair "
            "{fair} %, once the intervals are widened for all the seats.",
            players=cell("razzia_seat_counts", 0, "players", "d"),
            k=cell("razzia_seat_counts", 0, "established", "d"),
            n=cell("razzia_seat_counts", 0, "seats", "d"),
            fair=cell("razzia_seat_counts", 0, "fair_share", "%"),
        )
    )
    crou = tables["razzia_croupier"]
    shown = display(
        crou[crou.mix == DEFAULT_MIX],
        {
            "players": "players",
            "distance": "distance",
            "rounds": "rounds",
            "money a round (95 % CI)": ("money_per_round", "ci_low", "ci_high", "$", ""),
        },
    )
    return Topic(
        "The croupier and the seats",
        "Money a player wins in a round by its distance (clockwise) from "
        "that round's croupier, and win rates by seat (the first seat holds the first "
        "croupier), each with 95 % intervals.",
        out,
        displays=[Display("Money by distance from the croupier", "Default mix; dollars a round.", shown)],
    )


def razzia_figures(tables: Tables, directory: Path) -> dict[str, list[FigureFile]]:
    """Draw the Razzia figures; returns them by topic title."""
    from razzmatazz.analysis.report.figures import interval_figure, rate_by_bucket_figure
    from razzmatazz.core.razzia.engine import BUCKET_NAMES

    b = tables["razzia_by_bucket"]
    pol, comp, crou = tables["razzia_policies"], tables["razzia_comparisons"], tables["razzia_croupier"]
    hag = comp[comp.mix == HAGGLING_MIX].assign(pair=lambda f: f.policy.map(_short) + " - " + f.versus.map(_short))
    crou = crou[crou.mix == DEFAULT_MIX].assign(where=lambda f: "distance " + f.distance.astype(str))
    return {
        "Police cards": [
            save_figure(
                rate_by_bucket_figure(
                    b[(b.kind == "police") & (b.mix == DEFAULT_MIX)],
                    series="players",
                    bucket="bucket",
                    order=list(BUCKET_NAMES),
                    xlabel="money at the bar when it is settled ($5,000 units)",
                    ylabel="police cards that win money, % (95 % interval)",
                    title="Razzia: when does a police card pay? (default mix)",
                ),
                directory,
                "razzia-police-by-pot.png",
                "Share of police cards played that win money, by the money at the bar, one line per player count.",
            )
        ],
        "Policies and haggling": [
            save_figure(
                interval_figure(
                    pol[pol.mix == DEFAULT_MIX],
                    "policy",
                    "win_rate",
                    "win_low",
                    "win_high",
                    group="players",
                    group_name="players",
                    scale=100,
                    xlabel="games won, % (95 % interval)",
                    title="Razzia policies (default mix)",
                ),
                directory,
                "razzia-policies.png",
                "Win rate of each policy of the default mix by player count.",
            ),
            save_figure(
                interval_figure(
                    hag,
                    "pair",
                    "difference",
                    "ci_low",
                    "ci_high",
                    group="players",
                    group_name="players",
                    scale=100,
                    reference=0.0,
                    xlabel="difference in games won, percentage points (95 % interval)",
                    title="Razzia: how much does haggling matter?",
                ),
                directory,
                "razzia-haggling.png",
                "Win-rate differences between haggling styles of one play "
                "policy (exact: greedy, always accept: haggle=1, always duel: haggle=2).",
            ),
        ],
        "The croupier and the seats": [
            save_figure(
                interval_figure(
                    crou,
                    "where",
                    "money_per_round",
                    "ci_low",
                    "ci_high",
                    group="players",
                    group_name="players",
                    xlabel="money won in a round, $ (95 % interval)",
                    title="Razzia: distance from the croupier (default mix)",
                ),
                directory,
                "razzia-croupier.png",
                "Money won in a round by distance from the croupier (0 = the croupier).",
            )
        ],
    }


def _short(policy: str) -> str:
    return policy.replace("greedy:", "")


SECTION = Section("Razzia", simulate_razzia, derive_razzia, razzia_topics, razzia_figures)
