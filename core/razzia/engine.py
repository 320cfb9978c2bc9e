"""The Razzia engine's facade: every name of the engine, re-exported from the modules that do each job.

The engine settles bars, plays whole games between policies and sums what happened. It was one module; it is
now split by job, and this module only re-exports their names (``from razzmatazz.core.razzia import engine as
E`` then ``E.<name>`` works as before, the private names the other modules and the tests use included):

* :mod:`.layout`: the counts vector (:func:`~.layout.layout`, :func:`~.layout.blocks`, ``count_offsets``,
  ``view``, ``table_index``, the ``P_*``, ``G_*``, ``T_*`` and ``H_*`` fields, the money buckets) and the
  workspace a game lives in (the offsets ``W_*``, ``_workspace``, ``set_workspace``, the log ``_log``,
  ``_logged``, the global counters ``_count``, ``player_of``).
* :mod:`.ask`: asking a seat's policy (``_ask``, ``_ask_card``).
* :mod:`.bars`: settling one bar (B1-B6, H1-H9): ``settle_bar``, the haggle (``_haggle_open``,
  ``_haggle_close``, the offers' codes ``offer_count``, ``offer_code``, ``offer_division``), duels,
  knockouts and roll-offs, ``_decision_view``, and ``_resolve_bar``, the kernel of ``resolve_bar``.
* :mod:`.flow`: a whole game, decision by decision: the deck (``_shuffle``, ``_reshuffle``, ``_refill``, ...),
  rounds and bars in turn, ``begin``, ``step``, ``act``, ``apply``, ``no_search``, ``play_game``,
  ``seat_policies``.
* :mod:`.kernels`: the play and trace kernels (``play_games``, ``play_games_by``, ``play_games_with``,
  ``_play_games``, ``_play_builtin``, ``trace_game``, ``trace_game_with``, ``_trace``, ``_trace_builtin``,
  ``_tally``).
* :mod:`.job`: the batch runner's :class:`~.job.GameJob`, its kernels' arguments ``Args`` and its lanes.
* ``resolve_bar``, one bar settled from Python (``razzia explain``, the scenario files), is the analysis side's:
  :mod:`razzmatazz.analysis.razzia.resolve`.

:func:`settle_bar` settles one bar with decisions from policies or scripts and dice from the dice stream or
scripts; ``analysis/razzia/resolve.py`` is its entry point for Python. :func:`play_game` plays one game (K1-K8, R1-R9,
E1-E4, V1-V4) following, draw for draw and decision for decision, the order written in the docstring of
``tests/reference/razzia.py``, one decision at a time (:func:`begin`, :func:`step`: what :mod:`.state` stops
at). :func:`play_games` plays games ``start..stop-1`` of a run and returns integer sums (their layout:
:mod:`.layout`); :class:`GameJob` is what the batch runner runs. Game ``g`` shuffles from stream
``razzia/deal`` and rolls from ``razzia/dice``, both at index ``g`` (``g // N`` with duplicate deals, so the N
rotations of a deal also share the dice); the policy in seat s draws from ``razzia/policy`` (s) at index g.
Player ``p`` sits in seat ``(p + g) mod N``.
"""

from __future__ import annotations

from razzmatazz.core.razzia import policies as policies
from razzmatazz.core.razzia import rules as R  # noqa: F401  (re-exported: E.R)
from razzmatazz.core.razzia.ask import _ask as _ask
from razzmatazz.core.razzia.ask import _ask_card as _ask_card
from razzmatazz.core.razzia.bars import _all_to as _all_to
from razzmatazz.core.razzia.bars import _answered as _answered
from razzmatazz.core.razzia.bars import _caller as _caller
from razzmatazz.core.razzia.bars import _decision_view as _decision_view
from razzmatazz.core.razzia.bars import _division_ok as _division_ok
from razzmatazz.core.razzia.bars import _duel as _duel
from razzmatazz.core.razzia.bars import _duels as _duels
from razzmatazz.core.razzia.bars import _haggle_close as _haggle_close
from razzmatazz.core.razzia.bars import _haggle_open as _haggle_open
from razzmatazz.core.razzia.bars import _knockout_order as _knockout_order
from razzmatazz.core.razzia.bars import _legal_offer as _legal_offer
from razzmatazz.core.razzia.bars import _offer_made as _offer_made
from razzmatazz.core.razzia.bars import _open_bar as _open_bar
from razzmatazz.core.razzia.bars import _order_rolloff as _order_rolloff
from razzmatazz.core.razzia.bars import _parts as _parts
from razzmatazz.core.razzia.bars import _pay_bar as _pay_bar
from razzmatazz.core.razzia.bars import _police_mask as _police_mask
from razzmatazz.core.razzia.bars import _proposer as _proposer
from razzmatazz.core.razzia.bars import _resolve_bar as _resolve_bar
from razzmatazz.core.razzia.bars import _roll as _roll
from razzmatazz.core.razzia.bars import _units as _units
from razzmatazz.core.razzia.bars import offer_code as offer_code
from razzmatazz.core.razzia.bars import offer_count as offer_count
from razzmatazz.core.razzia.bars import offer_division as offer_division
from razzmatazz.core.razzia.bars import settle_bar as settle_bar
from razzmatazz.core.razzia.flow import _all_placed as _all_placed
from razzmatazz.core.razzia.flow import _bar_settled as _bar_settled
from razzmatazz.core.razzia.flow import _begin_play as _begin_play
from razzmatazz.core.razzia.flow import _begin_round as _begin_round
from razzmatazz.core.razzia.flow import _discard_played as _discard_played
from razzmatazz.core.razzia.flow import _end_game as _end_game
from razzmatazz.core.razzia.flow import _end_round as _end_round
from razzmatazz.core.razzia.flow import _free_placed as _free_placed
from razzmatazz.core.razzia.flow import _legal_bar as _legal_bar
from razzmatazz.core.razzia.flow import _legal_slot as _legal_slot
from razzmatazz.core.razzia.flow import _money_out as _money_out
from razzmatazz.core.razzia.flow import _new_game as _new_game
from razzmatazz.core.razzia.flow import _next_answer as _next_answer
from razzmatazz.core.razzia.flow import _next_bar as _next_bar
from razzmatazz.core.razzia.flow import _offered as _offered
from razzmatazz.core.razzia.flow import _place as _place
from razzmatazz.core.razzia.flow import _placement as _placement
from razzmatazz.core.razzia.flow import _played as _played
from razzmatazz.core.razzia.flow import _pose as _pose
from razzmatazz.core.razzia.flow import _refill as _refill
from razzmatazz.core.razzia.flow import _replied as _replied
from razzmatazz.core.razzia.flow import _reshuffle as _reshuffle
from razzmatazz.core.razzia.flow import _shuffle as _shuffle
from razzmatazz.core.razzia.flow import _study as _study
from razzmatazz.core.razzia.flow import _study_bar as _study_bar
from razzmatazz.core.razzia.flow import _top as _top
from razzmatazz.core.razzia.flow import act as act
from razzmatazz.core.razzia.flow import apply as apply
from razzmatazz.core.razzia.flow import begin as begin
from razzmatazz.core.razzia.flow import no_search as no_search
from razzmatazz.core.razzia.flow import play_game as play_game
from razzmatazz.core.razzia.flow import seat_policies as seat_policies
from razzmatazz.core.razzia.flow import step as step
from razzmatazz.core.razzia.job import Args as Args
from razzmatazz.core.razzia.job import GameJob as GameJob
from razzmatazz.core.razzia.job import _builtin_run as _builtin_run
from razzmatazz.core.razzia.job import _builtin_trace as _builtin_trace
from razzmatazz.core.razzia.job import _fast_run as _fast_run
from razzmatazz.core.razzia.job import _fast_takes as _fast_takes
from razzmatazz.core.razzia.job import _plugin_run as _plugin_run
from razzmatazz.core.razzia.job import _plugin_trace as _plugin_trace
from razzmatazz.core.razzia.job import _search_run as _search_run
from razzmatazz.core.razzia.job import _search_trace as _search_trace
from razzmatazz.core.razzia.job import _user as _user
from razzmatazz.core.razzia.kernels import _play_builtin as _play_builtin
from razzmatazz.core.razzia.kernels import _play_games as _play_games
from razzmatazz.core.razzia.kernels import _tally as _tally
from razzmatazz.core.razzia.kernels import _trace as _trace
from razzmatazz.core.razzia.kernels import _trace_builtin as _trace_builtin
from razzmatazz.core.razzia.kernels import play_games as play_games
from razzmatazz.core.razzia.kernels import play_games_by as play_games_by
from razzmatazz.core.razzia.kernels import play_games_with as play_games_with
from razzmatazz.core.razzia.kernels import trace_game as trace_game
from razzmatazz.core.razzia.kernels import trace_game_with as trace_game_with
from razzmatazz.core.razzia.layout import BUCKET_NAMES as BUCKET_NAMES
from razzmatazz.core.razzia.layout import BUCKETS as BUCKETS
from razzmatazz.core.razzia.layout import DECK_ROOM as DECK_ROOM
from razzmatazz.core.razzia.layout import G_ACCEPTS as G_ACCEPTS
from razzmatazz.core.razzia.layout import G_BLOCKS as G_BLOCKS
from razzmatazz.core.razzia.layout import G_CALLED as G_CALLED
from razzmatazz.core.razzia.layout import G_CALLER_WINS as G_CALLER_WINS
from razzmatazz.core.razzia.layout import G_DECLINES as G_DECLINES
from razzmatazz.core.razzia.layout import G_DUELS as G_DUELS
from razzmatazz.core.razzia.layout import G_GAMES as G_GAMES
from razzmatazz.core.razzia.layout import G_HAGGLES as G_HAGGLES
from razzmatazz.core.razzia.layout import G_KNOCKOUTS as G_KNOCKOUTS
from razzmatazz.core.razzia.layout import G_LEFTOVER as G_LEFTOVER
from razzmatazz.core.razzia.layout import G_LEFTOVER2 as G_LEFTOVER2
from razzmatazz.core.razzia.layout import G_NO_OFFER as G_NO_OFFER
from razzmatazz.core.razzia.layout import G_ORDER_ROLLOFFS as G_ORDER_ROLLOFFS
from razzmatazz.core.razzia.layout import G_RESHUFFLES as G_RESHUFFLES
from razzmatazz.core.razzia.layout import G_ROLLOFFS as G_ROLLOFFS
from razzmatazz.core.razzia.layout import G_ROUNDS as G_ROUNDS
from razzmatazz.core.razzia.layout import G_SHARED as G_SHARED
from razzmatazz.core.razzia.layout import H_BARS_WON as H_BARS_WON
from razzmatazz.core.razzia.layout import H_MONEY as H_MONEY
from razzmatazz.core.razzia.layout import H_WIN as H_WIN
from razzmatazz.core.razzia.layout import K_OVER as K_OVER
from razzmatazz.core.razzia.layout import LOWEST as LOWEST
from razzmatazz.core.razzia.layout import N_BUCKETS as N_BUCKETS
from razzmatazz.core.razzia.layout import N_CFIELDS as N_CFIELDS
from razzmatazz.core.razzia.layout import N_CTRL as N_CTRL
from razzmatazz.core.razzia.layout import N_GFIELDS as N_GFIELDS
from razzmatazz.core.razzia.layout import N_OTHERS as N_OTHERS
from razzmatazz.core.razzia.layout import N_PFIELDS as N_PFIELDS
from razzmatazz.core.razzia.layout import N_RES as N_RES
from razzmatazz.core.razzia.layout import N_TABLE as N_TABLE
from razzmatazz.core.razzia.layout import NSD as NSD
from razzmatazz.core.razzia.layout import P_BARS_WON as P_BARS_WON
from razzmatazz.core.razzia.layout import P_GAMES as P_GAMES
from razzmatazz.core.razzia.layout import P_MLEFT as P_MLEFT
from razzmatazz.core.razzia.layout import P_MONEY as P_MONEY
from razzmatazz.core.razzia.layout import P_MONEY2 as P_MONEY2
from razzmatazz.core.razzia.layout import P_WIN as P_WIN
from razzmatazz.core.razzia.layout import P_WIN2 as P_WIN2
from razzmatazz.core.razzia.layout import POPCOUNT as POPCOUNT
from razzmatazz.core.razzia.layout import SCRIPT_ASK as SCRIPT_ASK
from razzmatazz.core.razzia.layout import SCRIPT_DIVISION as SCRIPT_DIVISION
from razzmatazz.core.razzia.layout import SCRIPT_NO_OFFER as SCRIPT_NO_OFFER
from razzmatazz.core.razzia.layout import T_MONEY as T_MONEY
from razzmatazz.core.razzia.layout import T_PLAYS as T_PLAYS
from razzmatazz.core.razzia.layout import T_WON as T_WON
from razzmatazz.core.razzia.layout import W_ACTOR as W_ACTOR
from razzmatazz.core.razzia.layout import W_ANS as W_ANS
from razzmatazz.core.razzia.layout import W_AT as W_AT
from razzmatazz.core.razzia.layout import W_BAR as W_BAR
from razzmatazz.core.razzia.layout import W_BARS as W_BARS
from razzmatazz.core.razzia.layout import W_BOUND as W_BOUND
from razzmatazz.core.razzia.layout import W_CALLED as W_CALLED
from razzmatazz.core.razzia.layout import W_CFG as W_CFG
from razzmatazz.core.razzia.layout import W_CONTEST as W_CONTEST
from razzmatazz.core.razzia.layout import W_COUNTS as W_COUNTS
from razzmatazz.core.razzia.layout import W_CTRL as W_CTRL
from razzmatazz.core.razzia.layout import W_DEAL as W_DEAL
from razzmatazz.core.razzia.layout import W_DECL as W_DECL
from razzmatazz.core.razzia.layout import W_DICE as W_DICE
from razzmatazz.core.razzia.layout import W_DISCARD as W_DISCARD
from razzmatazz.core.razzia.layout import W_FAR as W_FAR
from razzmatazz.core.razzia.layout import W_FIRST as W_FIRST
from razzmatazz.core.razzia.layout import W_GOT as W_GOT
from razzmatazz.core.razzia.layout import W_GROUP as W_GROUP
from razzmatazz.core.razzia.layout import W_HERE as W_HERE
from razzmatazz.core.razzia.layout import W_K as W_K
from razzmatazz.core.razzia.layout import W_KIND as W_KIND
from razzmatazz.core.razzia.layout import W_KO as W_KO
from razzmatazz.core.razzia.layout import W_LEFT as W_LEFT
from razzmatazz.core.razzia.layout import W_LOG as W_LOG
from razzmatazz.core.razzia.layout import W_LOG_ROWS as W_LOG_ROWS
from razzmatazz.core.razzia.layout import W_MDECK as W_MDECK
from razzmatazz.core.razzia.layout import W_MM as W_MM
from razzmatazz.core.razzia.layout import W_MTOP as W_MTOP
from razzmatazz.core.razzia.layout import W_NCARDS as W_NCARDS
from razzmatazz.core.razzia.layout import W_OCC as W_OCC
from razzmatazz.core.razzia.layout import W_OCROU as W_OCROU
from razzmatazz.core.razzia.layout import W_OFF as W_OFF
from razzmatazz.core.razzia.layout import W_OFFSETS as W_OFFSETS
from razzmatazz.core.razzia.layout import W_OGLOB as W_OGLOB
from razzmatazz.core.razzia.layout import W_ORDER as W_ORDER
from razzmatazz.core.razzia.layout import W_OTAB as W_OTAB
from razzmatazz.core.razzia.layout import W_OTHERS as W_OTHERS
from razzmatazz.core.razzia.layout import W_PAID as W_PAID
from razzmatazz.core.razzia.layout import W_POLICE as W_POLICE
from razzmatazz.core.razzia.layout import W_POS as W_POS
from razzmatazz.core.razzia.layout import W_POT as W_POT
from razzmatazz.core.razzia.layout import W_PROPOSER as W_PROPOSER
from razzmatazz.core.razzia.layout import W_PSCR as W_PSCR
from razzmatazz.core.razzia.layout import W_PSTATE as W_PSTATE
from razzmatazz.core.razzia.layout import W_RANKED as W_RANKED
from razzmatazz.core.razzia.layout import W_RES as W_RES
from razzmatazz.core.razzia.layout import W_ROLLS as W_ROLLS
from razzmatazz.core.razzia.layout import W_ROT as W_ROT
from razzmatazz.core.razzia.layout import W_STEP as W_STEP
from razzmatazz.core.razzia.layout import W_STOCK as W_STOCK
from razzmatazz.core.razzia.layout import W_SWAP as W_SWAP
from razzmatazz.core.razzia.layout import W_TOTALS as W_TOTALS
from razzmatazz.core.razzia.layout import W_UNITS as W_UNITS
from razzmatazz.core.razzia.layout import W_UNRES as W_UNRES
from razzmatazz.core.razzia.layout import W_USED as W_USED
from razzmatazz.core.razzia.layout import W_VIEW as W_VIEW
from razzmatazz.core.razzia.layout import W_WON0 as W_WON0
from razzmatazz.core.razzia.layout import WIN as WIN
from razzmatazz.core.razzia.layout import _count as _count
from razzmatazz.core.razzia.layout import _log as _log
from razzmatazz.core.razzia.layout import _logged as _logged
from razzmatazz.core.razzia.layout import _workspace as _workspace
from razzmatazz.core.razzia.layout import blocks as blocks
from razzmatazz.core.razzia.layout import count_offsets as count_offsets
from razzmatazz.core.razzia.layout import layout as layout
from razzmatazz.core.razzia.layout import player_of as player_of
from razzmatazz.core.razzia.layout import set_workspace as set_workspace
from razzmatazz.core.razzia.layout import table_index as table_index
from razzmatazz.core.razzia.layout import view as view
from razzmatazz.core.razzia.policies import USER_ID as USER_ID
