"""A PettingZoo AEC environment: two agents play a nefer rule set.

::

    import nefer.pettingzoo
    env = nefer.pettingzoo.env(rules="hj.skiryuk")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents ``player_0`` (seat A) and ``player_1`` (seat B). Throws are drawn with their exact
probabilities from the environment's seeded generator between the agents' actions, so
``agent_selection`` is always the seat that decides next (a bonus throw can give the same agent
several decisions in a row). Each observation is a dict, as PettingZoo's classic games have it:
``"observation"``, ``nefer.Game.observation`` from the agent's seat, and ``"action_mask"``, 1 for
the legal move codes (all 0 for the agent not to act). Rewards are +1 / -1 at the end (0 for a
draw). An illegal action raises ``nefer.NeferError``.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import nefer
from nefer._chance import action_mask, observation_high, resolve_chance

AGENTS = ["player_0", "player_1"]


class NeferAECEnv(AECEnv):
    """Two agents at a nefer game; see the module's documentation."""

    metadata = {"render_modes": ["ansi"], "name": "nefer_v0", "is_parallelizable": False}

    def __init__(self, rules: str = "senet.kendall", options: Any = None,
                 render_mode: Optional[str] = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self._start = nefer.Game(rules, options)
        self.render_mode = render_mode
        self.possible_agents = AGENTS[:]
        n = nefer.observation_size(rules)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, observation_high(), (n,), np.float32),
                "action_mask": spaces.Box(0, 1, (nefer.NUM_MOVE_CODES,), np.int8),
            })
            for a in AGENTS
        }
        self.action_spaces = {a: spaces.Discrete(nefer.NUM_MOVE_CODES) for a in AGENTS}
        self.game = self._start.clone()
        self._rng = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = "AB"[AGENTS.index(agent)]
        mask = action_mask(self.game) if self.game.seat == seat else np.zeros(
            nefer.NUM_MOVE_CODES, np.int8)
        return {
            "observation": np.asarray(self.game.observation(seat), dtype=np.float32),
            "action_mask": mask,
        }

    def _select(self) -> None:
        """Draws chance, then selects the deciding seat's agent, or ends the game."""
        resolve_chance(self.game, self._rng)
        if self.game.is_over:
            for a, r in zip(AGENTS, self.game.returns()):
                self.rewards[a] = r
                self.terminations[a] = True
        else:
            self.agent_selection = AGENTS["AB".index(self.game.seat)]

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        self.game = self._start.clone()
        self.agents = AGENTS[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[0]
        self._select()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.game.apply_code(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._select()
        if self.game.is_over:
            # Every agent is terminated; they leave one by one through _was_dead_step, starting
            # with the agent that just acted.
            self.agent_selection = agent
        self._accumulate_rewards()
        for a in self.agents:
            self.infos[a] = {"position": self.game.position(), "legal_moves": self.game.legal_moves()}

    def render(self):
        if self.render_mode == "ansi":
            return f"{self.game.position()}\n{self.game.board()}"
        return None

    def close(self):
        pass


def env(**kwargs) -> NeferAECEnv:
    """The AEC environment (``rules``, ``options``, ``render_mode``)."""
    return NeferAECEnv(**kwargs)
