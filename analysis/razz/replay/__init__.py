"""Replaying PHH hand histories of fixed-limit Razz (``razzmatazz razz replay``).

A PHH file (TOML; https://phh.readthedocs.io) of variant ``FR`` is read with :mod:`tomllib` and
its actions are played one by one under the rules PokerKit, the reference PHH implementation,
applies to it: antes (``ante_trimming_status``: the antes count toward side pots, else they are
dead money every player still in can win), the highest door card brings in or completes (a tie
broken by suit, clubs < diamonds < hearts < spades), fixed-limit betting with at most 4 bets a
round, the best board showing opens later streets (G2-G8 of ``seeds/razz.md``), a player who
cannot cover a call calls all-in, and, as in PokerKit, a short all-in completion, bet or raise
is allowed (razzmatazz's own engine never makes one); a player it leaves facing less than a full
bet may then only call or fold. When the betting ends with at most one player still able to bet,
the players show (``sm``) and the remaining streets are dealt. At the showdown on 7th street a
player's hand is the cards its ``sm`` shows, as in PokerKit: the best five of them (and the
community card); one that shows fewer than five has no hand and cannot win. ``d dh p1 ????7h``
deals two cards nobody knows and a known one. Files written by ``razz play --phh`` may use rules PokerKit lacks;
their user-defined fields say so and are followed: ``_cap``, ``_uncapped_heads_up``, ``_bring_in_tie = "seat"`` and
``_exhausted = "community"`` (G6). A deck short on 7th street deals one community card
(``d db``), or first shuffles the folded cards back in (PokerKit's rule).

Every action is checked: the first that breaks a rule raises :class:`ReplayError`, one line naming
the file, the action and the problem; so do a card dealt twice and a malformed or incomplete file.
Then :func:`analyse` adds each street's all-in equity (heads-up exact, multiway Monte Carlo with a
95 % interval, seeded from stream ``razz/street``) and, at every decision, what the asked policies
would have done there: the view a policy would see is built from the replayed state (layout
``V_*`` in :mod:`razzmatazz.core.razz.rules`) and the engine's dispatcher answers; its answer is
played as the engine plays it (G10). A decision whose player's own cards are not all known gets
no answers, and says so.

:func:`ask_search` then asks the search player (:mod:`razzmatazz.core.razz.search`), which searches from
a position of the engine: one is built from the file (its table as :class:`~razzmatazz.core.razz.rules.
Settings`, seat s = player s, rotation 0; its cards in the engine's dealing order, each unknown card
filled with an unused one, which the search never sees: it draws the cards its seat has not seen) and
plays the file's moves. Before each decision the engine must agree with the file (actor, pot, cards, the
move legal, a raise's amount); where they part (PokerKit's short all-in raise, a reshuffled 7th street,
unequal antes, ...) the search is not asked for the rest of the hand, and the first decision not asked
says why. At each decision the search player sits in the deciding seat and the field model in every other
(the rollouts' lineup); it answers on a copy, drawing from that seat's policy stream of ``--seed``, which
starts as in hand ``hand`` of a run with that seed and advances one draw a decision, as in ``razz play``.
"""

from razzmatazz.analysis.razz.replay.equity import (
    analyse,
    street_equity,
    street_seed,
)
from razzmatazz.analysis.razz.replay.follow import (
    MOVE_NAMES,
    STOPPED_EARLIER,
    _Diverged,
    _file_move,
    _Follow,
    _i64,
    ask_search,
    engine_deck,
    engine_settings,
    searcher,
)
from razzmatazz.analysis.razz.replay.hand import (
    DOWN_SLOTS,
    STREET_NAMES,
    Hand,
    award,
)
from razzmatazz.analysis.razz.replay.paths import (
    replay_paths,
    replayed,
)
from razzmatazz.analysis.razz.replay.play import (
    DEFAULT_POLICIES,
    NOT_ASKED,
    apply,
    policy_list,
    policy_view,
    replay,
    unknown_note,
)
from razzmatazz.analysis.razz.replay.read import (
    EMPTY,
    EXHAUSTED,
    KINDS,
    MAX_BYTES,
    MAX_CAP,
    MAX_CHIPS,
    MAX_DEPTH,
    MAX_HAND,
    POKERKIT_CAP,
    REQUIRED,
    SUFFIXES,
    VARIANT,
    History,
    ReplayError,
    Table,
    history_files,
    is_blank,
    parse_histories,
    parse_history,
    phh_cards,
    phh_text,
    read_histories,
    read_history,
    read_site_hand,
    read_text,
    site_hand,
    table_history,
)
from razzmatazz.analysis.razz.replay.records import (
    Decision,
    EngineRun,
    Result,
    Searcher,
    Street,
)
from razzmatazz.analysis.razz.replay.render import (
    POLICY_NOTE,
    as_dict,
    legend,
    text,
)
from razzmatazz.core.cards import UNKNOWN  # the unknown card, as callers test cards against it

__all__ = [
    "UNKNOWN",
    "VARIANT",
    "POKERKIT_CAP",
    "REQUIRED",
    "MAX_CHIPS",
    "MAX_CAP",
    "MAX_HAND",
    "MAX_BYTES",
    "MAX_DEPTH",
    "EXHAUSTED",
    "EMPTY",
    "is_blank",
    "ReplayError",
    "Table",
    "History",
    "table_history",
    "parse_history",
    "parse_histories",
    "site_hand",
    "read_site_hand",
    "read_text",
    "KINDS",
    "read_histories",
    "read_history",
    "phh_text",
    "phh_cards",
    "SUFFIXES",
    "history_files",
    "Decision",
    "Street",
    "Result",
    "Searcher",
    "EngineRun",
    "DOWN_SLOTS",
    "STREET_NAMES",
    "Hand",
    "award",
    "DEFAULT_POLICIES",
    "NOT_ASKED",
    "unknown_note",
    "policy_view",
    "apply",
    "replay",
    "policy_list",
    "STOPPED_EARLIER",
    "MOVE_NAMES",
    "_Diverged",
    "searcher",
    "engine_settings",
    "engine_deck",
    "_file_move",
    "_i64",
    "_Follow",
    "ask_search",
    "street_seed",
    "street_equity",
    "analyse",
    "POLICY_NOTE",
    "as_dict",
    "text",
    "legend",
    "replay_paths",
    "replayed",
]
