"""A Gymnasium environment: one agent plays a nefer rule set against a nefer level.

::

    import gymnasium as gym
    import nefer.gym  # registers "nefer/<key>-v0" for every rule set
    env = gym.make("nefer/senet.kendall-v0", opponent="easy")
    obs, info = env.reset(seed=1)
    mask = info["action_mask"]                      # 1 for the legal move codes
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))

The agent sits in ``seat`` (``"A"``, ``"B"`` or ``"random"``, drawn at each reset); throws are
drawn with their exact probabilities from the environment's seeded generator, and the opponent
(a level or player spec, as ``nefer.Player``) moves in between, so each step returns at the
agent's next decision. Observations are ``nefer.Game.observation`` from the agent's seat;
actions are move codes (``nefer.NUM_MOVE_CODES``), the legal ones given by
``info["action_mask"]`` and by ``env.action_masks()``. The reward is +1 / -1 for a win / loss at
the end, 0 otherwise (and for a draw). An illegal action ends the episode with reward
``illegal_reward`` (default -1) and ``info["illegal"] = True``.
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

import nefer
from nefer._chance import action_mask, observation_high, resolve_chance


class NeferEnv(gymnasium.Env):
    """One agent against a nefer level; see the module's documentation."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        rules: str = "senet.kendall",
        options: Any = None,
        opponent: str = "easy",
        seat: str = "A",
        illegal_reward: float = -1.0,
        render_mode: Optional[str] = None,
    ):
        if seat not in ("A", "B", "random"):
            raise ValueError(f"seat must be A, B or random, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self._start = nefer.Game(rules, options)
        nefer.Player(opponent)  # an unknown opponent fails here, not at reset
        self.opponent_spec = opponent
        self.seat_choice = seat
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0.0, observation_high(), (nefer.observation_size(rules),), np.float32
        )
        self.action_space = spaces.Discrete(nefer.NUM_MOVE_CODES)
        self.game = self._start.clone()
        self.seat = "A" if seat == "random" else seat
        self._opponent: Optional[nefer.Player] = None

    def _advance(self) -> None:
        """Chance and the opponent's moves until the agent decides or the game is over."""
        resolve_chance(self.game, self.np_random)
        while not self.game.is_over and self.game.seat != self.seat:
            self.game.apply(self._opponent.choose(self.game))
            resolve_chance(self.game, self.np_random)

    def _obs(self) -> np.ndarray:
        return np.asarray(self.game.observation(self.seat), dtype=np.float32)

    def _info(self, **extra) -> dict:
        info = {
            "action_mask": action_mask(self.game),
            "legal_moves": self.game.legal_moves(),
            "position": self.game.position(),
            "seat": self.seat,
        }
        info.update(extra)
        return info

    def action_masks(self) -> np.ndarray:
        """The legal move codes as a 0/1 vector (the interface of maskable agents)."""
        return action_mask(self.game)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self.game = self._start.clone()
        if self.seat_choice == "random":
            self.seat = "AB"[int(self.np_random.integers(2))]
        self._opponent = nefer.Player(self.opponent_spec, int(self.np_random.integers(2**63)))
        self._advance()
        return self._obs(), self._info()

    def step(self, action):
        if self.game.is_over:
            raise RuntimeError("the episode is over: call reset()")
        codes = dict(self.game.move_codes())
        if int(action) not in codes:
            return self._obs(), self.illegal_reward, True, False, self._info(illegal=True)
        self.game.apply_code(int(action))
        self._advance()
        reward = 0.0
        if self.game.is_over:
            reward = self.game.returns()["AB".index(self.seat)]
        return self._obs(), reward, self.game.is_over, False, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return f"{self.game.position()}\n{self.game.board()}"
        return None


def _register() -> None:
    for rs in nefer.rule_sets():
        env_id = f"nefer/{rs.key}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=NeferEnv, kwargs={"rules": rs.key})


_register()
