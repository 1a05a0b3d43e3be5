"""nefer: Senet and Hounds & Jackals, reconstructed, with explicit chance nodes.

The engine is Rust (``nefer._nefer``); this package re-exports it::

    import nefer
    g = nefer.Game("senet.kendall")
    g.apply("2")                 # chance: the sticks show 2
    g.legal_moves()              # ['14-16']
    g.apply(g.legal_moves()[0])
    nefer.Player("expert", seed=7).choose(g)   # at a decision
    nefer.analyze(g)["moves"]     # every move's win chance and loss, best first
    nefer.review(g.record())      # marks, luck, accuracy (docs/dev/review.md)
    nefer.study("senet.kendall", games=200)   # nefer study's metrics; client= shards on Dask

Submodules (imported on demand, each needs its package): ``nefer.openspiel`` (pyspiel games),
``nefer.gym`` (a Gymnasium environment), ``nefer.pettingzoo`` (a PettingZoo AEC environment).
See docs/dev/python.md.
"""

from ._nefer import (
    NUM_CHANCE_CODES,
    NUM_MOVE_CODES,
    Game,
    NeferError,
    Player,
    RuleSet,
    Study,
    __version__,
    analyze,
    levels,
    observation_size,
    playouts,
    review,
    rule_sets,
    sim,
    win_chances,
)
from ._study import study

__all__ = [
    "NUM_CHANCE_CODES",
    "NUM_MOVE_CODES",
    "Game",
    "NeferError",
    "Player",
    "RuleSet",
    "Study",
    "__version__",
    "analyze",
    "levels",
    "observation_size",
    "playouts",
    "review",
    "rule_sets",
    "sim",
    "study",
    "win_chances",
]
