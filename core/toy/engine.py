"""The toy engine's facade: every name of the engine, re-exported from the modules that do each job.

* :mod:`.layout`: the counts vector (``blocks``, ``layout``, ``count_offsets``, ``view``, the ``P_*``, ``G_*``,
  ``T_*`` fields, ``WIN``), a game's results ``H_*`` and the position a game lives in (``PS_*``, ``POS_LEN``,
  ``results``);
* :mod:`.flow`: a game decision by decision (``begin_game``, ``fill_view``, ``repair``, ``apply_move``,
  ``settle``, ``take_turn``, ``decide_and_apply``, ``play_move``, ``play_game``); ``seat_policies`` from
  :mod:`razzmatazz.core.harness`, what every game's play loop shares;
* :mod:`.kernels`: ``play_games``, ``play_games_with``, ``trace_game``, ``trace_game_with`` and the tallies;
* :mod:`.job`: the batch runner's :class:`~.job.GameJob` and its kernels' arguments ``Args``.
"""

from __future__ import annotations

from razzmatazz.core.harness import seat_policies as seat_policies
from razzmatazz.core.toy import policies as policies
from razzmatazz.core.toy import rules as R  # noqa: F401  (re-exported: E.R)
from razzmatazz.core.toy.flow import apply_move as apply_move
from razzmatazz.core.toy.flow import begin_game as begin_game
from razzmatazz.core.toy.flow import decide_and_apply as decide_and_apply
from razzmatazz.core.toy.flow import fill_view as fill_view
from razzmatazz.core.toy.flow import play_game as play_game
from razzmatazz.core.toy.flow import play_move as play_move
from razzmatazz.core.toy.flow import repair as repair
from razzmatazz.core.toy.flow import settle as settle
from razzmatazz.core.toy.flow import take_turn as take_turn
from razzmatazz.core.toy.job import Args as Args
from razzmatazz.core.toy.job import GameJob as GameJob
from razzmatazz.core.toy.kernels import play_games as play_games
from razzmatazz.core.toy.kernels import play_games_with as play_games_with
from razzmatazz.core.toy.kernels import tally_block as tally_block
from razzmatazz.core.toy.kernels import tally_game as tally_game
from razzmatazz.core.toy.kernels import trace_game as trace_game
from razzmatazz.core.toy.kernels import trace_game_with as trace_game_with
from razzmatazz.core.toy.layout import G_BEST as G_BEST
from razzmatazz.core.toy.layout import G_BLOCKS as G_BLOCKS
from razzmatazz.core.toy.layout import G_DRAWS as G_DRAWS
from razzmatazz.core.toy.layout import G_GAMES as G_GAMES
from razzmatazz.core.toy.layout import G_SHARED as G_SHARED
from razzmatazz.core.toy.layout import H_CARD as H_CARD
from razzmatazz.core.toy.layout import H_CHIPS as H_CHIPS
from razzmatazz.core.toy.layout import H_PAYOFF as H_PAYOFF
from razzmatazz.core.toy.layout import H_WIN as H_WIN
from razzmatazz.core.toy.layout import N_GFIELDS as N_GFIELDS
from razzmatazz.core.toy.layout import N_PFIELDS as N_PFIELDS
from razzmatazz.core.toy.layout import N_RES as N_RES
from razzmatazz.core.toy.layout import N_TABLE as N_TABLE
from razzmatazz.core.toy.layout import P_DRAWS as P_DRAWS
from razzmatazz.core.toy.layout import P_GAMES as P_GAMES
from razzmatazz.core.toy.layout import P_PAYOFF as P_PAYOFF
from razzmatazz.core.toy.layout import P_PAYOFF2 as P_PAYOFF2
from razzmatazz.core.toy.layout import P_WIN as P_WIN
from razzmatazz.core.toy.layout import P_WIN2 as P_WIN2
from razzmatazz.core.toy.layout import POS_LEN as POS_LEN
from razzmatazz.core.toy.layout import PS_ACTOR as PS_ACTOR
from razzmatazz.core.toy.layout import PS_CARD as PS_CARD
from razzmatazz.core.toy.layout import PS_DECK as PS_DECK
from razzmatazz.core.toy.layout import PS_DREW as PS_DREW
from razzmatazz.core.toy.layout import PS_FIRST as PS_FIRST
from razzmatazz.core.toy.layout import PS_GAME as PS_GAME
from razzmatazz.core.toy.layout import PS_NEXT as PS_NEXT
from razzmatazz.core.toy.layout import PS_POLICY as PS_POLICY
from razzmatazz.core.toy.layout import PS_RES as PS_RES
from razzmatazz.core.toy.layout import PS_SIZE as PS_SIZE
from razzmatazz.core.toy.layout import PS_SWAP as PS_SWAP
from razzmatazz.core.toy.layout import T_DEALT as T_DEALT
from razzmatazz.core.toy.layout import T_DRAWN as T_DRAWN
from razzmatazz.core.toy.layout import T_PAYOFF as T_PAYOFF
from razzmatazz.core.toy.layout import WIN as WIN
from razzmatazz.core.toy.layout import blocks as blocks
from razzmatazz.core.toy.layout import count_offsets as count_offsets
from razzmatazz.core.toy.layout import layout as layout
from razzmatazz.core.toy.layout import results as results
from razzmatazz.core.toy.layout import view as view
from razzmatazz.core.toy.policies import USER_ID as USER_ID
from razzmatazz.core.toy.policies import decide as decide
