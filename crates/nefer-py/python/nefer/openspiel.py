"""Every nefer rule set as an OpenSpiel game (``pyspiel``), so OpenSpiel's algorithms run on it.

Importing this module registers one Python game per rule set, named ``nefer_`` plus the key with
dots as underscores (``nefer_senet_kendall``, ``nefer_hj_skiryuk``)::

    import nefer.openspiel, pyspiel
    game = pyspiel.load_game("nefer_senet_kendall")
    game = pyspiel.load_game("nefer_senet_kendall", {"options": "senet.kendall.trap=on"})

The games are sequential, two-player, zero-sum, perfect-information, with explicit stochastic
chance (every throw of the sticks, every draw of the first seat and every throw of Washburne's
d4 is a chance node with its exact probabilities) and terminal rewards: +1 / -1 for a win, 0
for both in a draw (a jam or the optional turn cap).

Actions are the codes of ``nefer.Game.move_codes`` (player 0 is seat A, player 1 seat B) and
chance outcomes those of ``nefer.Game.chance_codes``; ``num_distinct_actions`` is
``nefer.NUM_MOVE_CODES`` and ``max_chance_outcomes`` ``nefer.NUM_CHANCE_CODES`` for every rule
set. The observation tensor is ``nefer.Game.observation`` (docs/dev/python.md gives its
layout); the observation string is the position string, which is the whole state. The
information state (perfect recall) is the history of actions, as a string; no information-state
tensor is provided (a tensor of the whole history would be unbounded, and the position is
Markov: learners use the observation).
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import nefer

# Not a bound of the rules (without `max_turns` a game has none): the length OpenSpiel is told,
# far above any game seen (random Senet games take a few hundred actions).
MAX_GAME_LENGTH = 100_000


def short_name(key: str) -> str:
    """The OpenSpiel name of rule set `key`: ``senet.kendall`` -> ``nefer_senet_kendall``."""
    return "nefer_" + key.replace(".", "_")


def _game_type(rs: nefer.RuleSet) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(rs.key),
        long_name=f"nefer {rs.key}: {rs.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # The rule set's options as in a record: "NAME=VALUE, NAME=VALUE".
        parameter_specification={"options": ""},
    )


class NeferGame(pyspiel.Game):
    """A nefer rule set as a pyspiel game; one subclass per rule set (its ``RULES``)."""

    RULES = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params=None):
        params = dict(params or {})
        options = params.get("options", "")
        info = pyspiel.GameInfo(
            num_distinct_actions=nefer.NUM_MOVE_CODES,
            max_chance_outcomes=nefer.NUM_CHANCE_CODES,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.GAME_TYPE, info, {"options": options})
        # Raises nefer.NeferError (a ValueError) on an unknown option; after the base class is
        # set up, so that the half-made game can still be shown in the traceback.
        self._start = nefer.Game(self.RULES, options or None)

    def new_initial_state(self):
        """The start of a game."""
        return NeferState(self, self._start.clone())

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of the observation tensor, or of the history for perfect recall."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return NeferObserver(self.RULES, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class NeferState(pyspiel.State):
    """A state of a nefer game; ``nefer_game`` is the ``nefer.Game`` it wraps."""

    def __init__(self, game, nefer_game: nefer.Game):
        super().__init__(game)
        self.nefer_game = nefer_game

    def current_player(self):
        """Seat A is player 0, seat B player 1; chance, or terminal."""
        g = self.nefer_game
        if g.is_over:
            return pyspiel.PlayerId.TERMINAL
        if g.is_chance:
            return pyspiel.PlayerId.CHANCE
        return 0 if g.seat == "A" else 1

    def _legal_actions(self, player):
        return [code for code, _ in self.nefer_game.move_codes()]

    def chance_outcomes(self):
        """The outcomes' codes with their exact probabilities."""
        return [(code, p) for code, _, p in self.nefer_game.chance_codes()]

    def _apply_action(self, action):
        self.nefer_game.apply_code(int(action))

    def _action_to_string(self, player, action):
        action = int(action)
        g = self.nefer_game
        if player == pyspiel.PlayerId.CHANCE:
            names = {code: o for code, o, _ in g.chance_codes()}
        else:
            names = dict(g.move_codes()) if not g.is_chance and not g.is_over else {}
        return names.get(action, describe_code(action, chance=player == pyspiel.PlayerId.CHANCE))

    def is_terminal(self):
        return self.nefer_game.is_over

    def returns(self):
        return self.nefer_game.returns()

    def __str__(self):
        return self.nefer_game.position()


class NeferObserver:
    """The observation tensor (``nefer.Game.observation``) and the position string."""

    def __init__(self, rules: str, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.tensor = np.zeros(nefer.observation_size(rules), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.nefer_game.observation("AB"[player])

    def string_from(self, state, player):
        return state.nefer_game.position()


_PLACES = ["hand", "off", "S"] + [str(n) for n in range(1, 31)]
_PLACES += [f"L{n}" for n in range(1, 30)] + [f"R{n}" for n in range(1, 30)]
_PAIRS = [f"{a}+{b}" for a in range(1, 5) for b in range(a, 5)]


def describe_code(code: int, chance: bool = False) -> str:
    """A code in words, where no state names it: ``from 14``, ``spend 4 from 26``."""
    if chance:
        if code < 5:
            return str(code + 1)
        if code < 7:
            return "AB"[code - 5]
        return f"d4 {_PAIRS[code - 7]}" if code - 7 < len(_PAIRS) else f"chance {code}"
    if code == 0:
        return "pass"
    if code == 1:
        return "throw"
    n = len(_PLACES)
    if code < 2 + n:
        return f"capture-{_PLACES[code - 2]}"
    value, place = divmod(code - 2 - n, n)
    return f"from {_PLACES[place]}" if value == 0 else f"spend {value} from {_PLACES[place]}"


class PlayoutEvaluator:
    """An evaluator for OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts``) whose random
    rollouts run in Rust (``nefer.Game.random_playout``), one call a rollout: the same values
    as ``mcts.RandomRolloutEvaluator``'s, far fewer Python calls.

    ``n_rollouts`` playouts to the end, seeded from ``seed`` and a counter, averaged; the prior
    is uniform over the legal actions (the exact probabilities at a chance node)."""

    def __init__(self, n_rollouts: int = 1, seed: int = 0):
        self.n_rollouts = n_rollouts
        self._seed = seed
        self._calls = 0

    def evaluate(self, state):
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            g = state.nefer_game.clone()
            self._calls += 1
            g.random_playout(self._seed * 1_000_003 + self._calls)
            total += g.returns()
        return total / self.n_rollouts

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


GAMES: dict[str, type[NeferGame]] = {}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for rs in nefer.rule_sets():
        name = short_name(rs.key)
        cls = type(
            "NeferGame_" + rs.key.replace(".", "_"),
            (NeferGame,),
            {"RULES": rs.key, "GAME_TYPE": _game_type(rs), "__doc__": f"nefer {rs.key}"},
        )
        GAMES[rs.key] = cls
        if name not in registered:
            pyspiel.register_game(cls.GAME_TYPE, cls)


_register()
