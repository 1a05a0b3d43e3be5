"""Chance for the environments: outcomes drawn with their exact probabilities."""

from __future__ import annotations

import numpy as np

import nefer


def resolve_chance(game: nefer.Game, rng: np.random.Generator) -> None:
    """Plays chance outcomes at `game`, drawn from `rng`, until it waits for a decision or is
    over."""
    while game.is_chance:
        outcomes = game.chance_codes()
        probs = np.array([p for _, _, p in outcomes])
        i = rng.choice(len(outcomes), p=probs / probs.sum())
        game.apply_code(outcomes[i][0])


def action_mask(game: nefer.Game) -> np.ndarray:
    """The legal moves as a 0/1 vector over the move codes (all 0 unless at a decision)."""
    mask = np.zeros(nefer.NUM_MOVE_CODES, np.int8)
    if game.status == "decide":
        mask[[code for code, _ in game.move_codes()]] = 1
    return mask


def observation_high() -> float:
    """A bound of every entry of the observation: counts of at most seven pieces, and flags."""
    return 7.0
