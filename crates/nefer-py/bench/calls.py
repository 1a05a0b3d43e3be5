"""The cost of crossing from Python into nefer: one call, a playout stepped from Python, one
call for a whole playout, one call for a batch (issue 20, part 5).

Run it against a release build of the module (a debug build is tens of times slower)::

    cd crates/nefer-py && maturin build --release -o /tmp/wheels
    python -m pip install --force-reinstall /tmp/wheels/nefer-*.whl
    python crates/nefer-py/bench/calls.py senet.kendall hj.french

Prints one Markdown row per rule set; docs/dev/python.md keeps the figures.
"""

import random
import sys
import time

import nefer


def best_of(f, repeat=5):
    """The least time of `repeat` runs of `f` (the noise of a shared machine only adds)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def stepped_playout(rules, rng):
    """A random playout driven from Python: one call per question and per action."""
    g = nefer.Game(rules)
    while not g.is_over:
        actions = g.legal_actions()
        if g.is_chance:
            outcomes = g.chance_outcomes()
            g.apply(rng.choices(actions, [p for _, p, _, _ in outcomes])[0])
        else:
            g.apply(rng.choice(actions))
    return g


def main(rules_sets):
    print(f"nefer {nefer.__version__}, Python {sys.version.split()[0]}, best of 5 runs\n")
    print(
        "| rule set | one call (`legal_moves`) | one `apply` | playout stepped from Python "
        "| `random_playout` (one call a game) | `playouts` batch, 1 thread | ratio batch / stepped |"
    )
    print("|---|---|---|---|---|---|---|")
    for rules in rules_sets:
        g = nefer.Game(rules)
        while g.is_chance:
            g.apply(g.legal_actions()[0])
        n = 100_000
        call = best_of(lambda: [g.legal_moves() for _ in range(n)]) / n
        first = g.legal_moves()[0]

        def applies():
            for _ in range(n // 10):
                h = g.clone()
                h.apply(first)

        clone = best_of(lambda: [g.clone() for _ in range(n // 10)]) / (n // 10)
        apply = best_of(applies) / (n // 10) - clone
        rng = random.Random(1)
        games = 200
        stepped = games / best_of(lambda: [stepped_playout(rules, rng) for _ in range(games)])
        whole = games * 10 / best_of(
            lambda: [nefer.Game(rules).random_playout(seed=i) for i in range(games * 10)]
        )
        batch_n = 100_000
        batch = batch_n / best_of(lambda: nefer.playouts(rules, batch_n, seed=1, threads=1), 3)
        print(
            f"| `{rules}` | {call * 1e6:.2f} µs | {apply * 1e6:.2f} µs | {stepped:,.0f} games/s "
            f"| {whole:,.0f} games/s | {batch:,.0f} games/s | {batch / stepped:,.0f}× |"
        )


if __name__ == "__main__":
    main(sys.argv[1:] or ["senet.kendall", "hj.french"])
