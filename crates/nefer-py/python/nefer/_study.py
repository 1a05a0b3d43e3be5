"""``nefer.study``: a study of one rule set, on this machine or sharded over a Dask cluster.

A study's games are independent of one another: game ``i`` depends on the seed and ``i`` alone.
So its games can be played in ranges (shards) anywhere, each range by one Rust call that plays
its games in parallel without the GIL (:meth:`nefer.Study.play`), and the shards merged into the
study's metrics (:meth:`nefer.Study.summary`), which are then exactly those of one machine. See
docs/dev/python.md, "Studies on a cluster".
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Optional

from ._nefer import NeferError, Study

if TYPE_CHECKING:
    from ._nefer import Options


def play_shard(study: Study, start: int, stop: int, threads: Optional[int] = None) -> bytes:
    """Plays games ``start`` to ``stop`` of ``study`` (on a worker: a Study pickles as its
    arguments, this function by its name)."""
    return study.play(start, stop, threads)


def _shard_size(shard_games: Any) -> Optional[int]:
    """``shard_games`` checked: ``None``, or a whole number of at least 1."""
    if shard_games is None:
        return None
    if isinstance(shard_games, bool) or not isinstance(shard_games, int) or shard_games < 1:
        raise NeferError(
            "shard_games is how many games one shard plays, a whole number of at least 1, "
            f"not {shard_games!r}"
        )
    return shard_games


def study(
    rules: str,
    a: str = "random",
    b: str = "random",
    games: int = 1000,
    seed: int = 1,
    options: "Options" = None,
    interaction: bool = False,
    win_chances: Optional[int] = None,
    duplicate: bool = False,
    threads: Optional[int] = None,
    client: Any = None,
    shard_games: Optional[int] = None,
) -> dict[str, Any]:
    """The metrics of ``games`` games of player ``a`` against ``b`` in rule set ``rules``
    (``nefer study``'s outcome, duration, decision, interaction and win-chance blocks, with
    their 95 % intervals; docs/dev/study.md defines them), as a dict.

    ``interaction`` counts the moves' effects; ``win_chances`` (a depth, 1 to 4) reviews every
    game and adds the metrics of win chances; ``duplicate`` plays pairs of games on the same
    throws, seats swapped, and takes the pair as the unit of every interval.

    ``client``: a ``dask.distributed.Client``, or a scheduler's address (``"tcp://host:8786"``)
    to connect to for this call, shards the games over the cluster's workers, ``shard_games``
    games a task (default: four tasks a worker); the result is the same dict, to the bit, as
    on this machine for the same seed. Without one, the games are played here on ``threads``
    threads (default: one per core), in shards of ``shard_games`` if given. Raises NeferError
    on bad arguments, and on shards that do not make up the study (a worker with another
    version of nefer).
    """
    s = Study(rules, a, b, games, seed, options, interaction, win_chances, duplicate)
    size = _shard_size(shard_games)
    if client is None:
        size = size or games
        ranges = [(lo, min(lo + size, games)) for lo in range(0, games, size)]
        return s.summary([s.play(lo, hi, threads) for lo, hi in ranges])
    own = isinstance(client, str)
    if own:
        from dask.distributed import Client

        client = Client(client)
    try:
        if size is None:
            workers = max(1, len(client.nthreads()))
            size = math.ceil(games / (4 * workers))
        futures = [
            client.submit(play_shard, s, lo, min(lo + size, games), threads, pure=False)
            for lo in range(0, games, size)
        ]
        shards = client.gather(futures)
    finally:
        if own:
            client.close()
    return s.summary(shards)


__all__ = ["play_shard", "study"]
