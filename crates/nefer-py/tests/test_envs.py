"""nefer.gym and nefer.pettingzoo, checked by Gymnasium's and PettingZoo's own checkers."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import nefer  # noqa: E402
import nefer.gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

KEYS = [r.key for r in nefer.rule_sets()]


@pytest.mark.parametrize("key", KEYS)
def test_gymnasium_check_env(key):
    # Made by gymnasium.make, so that the checker also tries the render modes.
    env = gymnasium.make(f"nefer/{key}-v0", opponent="easy", seat="random", render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("key", ["senet.kendall", "hj.washburne"])
def test_gymnasium_episode_with_masks(key):
    env = gymnasium.make(f"nefer/{key}-v0", opponent="beginner")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) == len(info["legal_moves"]) > 0
        assert env.unwrapped.action_masks().tolist() == info["action_mask"].tolist()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert obs.shape == env.observation_space.shape and not truncated
        total += reward
        steps += 1
    assert total in (-1.0, 0.0, 1.0) and steps > 0
    assert "illegal" not in info


def test_gymnasium_illegal_action_ends_the_episode():
    env = nefer.gym.NeferEnv("senet.kendall")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)


def test_gymnasium_same_seed_same_episode():
    def run(seed):
        env = nefer.gym.NeferEnv("hj.skiryuk", opponent="easy", seat="random")
        _, info = env.reset(seed=seed)
        positions = [info["position"]]
        done = False
        while not done:
            _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            positions.append(info["position"])
        return positions

    assert run(9) == run(9)


def test_unknown_opponent_fails_at_once():
    with pytest.raises(nefer.NeferError, match="not a player"):
        nefer.gym.NeferEnv("senet.kendall", opponent="grandmaster")


pettingzoo = pytest.importorskip("pettingzoo")
import nefer.pettingzoo  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402


@pytest.mark.parametrize("key", KEYS)
def test_pettingzoo_api_test(key):
    # PettingZoo warns that a dict observation is not a Box: its classic games (chess, go) do
    # the same, the action mask beside the observation.
    api_test(nefer.pettingzoo.env(rules=key), num_cycles=1000)


def test_pettingzoo_whole_game_rewards_are_zero_sum():
    env = nefer.pettingzoo.env(rules="hj.french")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
