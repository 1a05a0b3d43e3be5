"""Interval widths of the win-chance metrics of `master` against itself, on independent dice
and on duplicate dice (docs/dev/study.md, "Duplicate dice in `nefer study`"): a Markdown table,
each cell "independent → duplicate (ratio)". Run it on a release build of the module
(`maturin develop --release` in crates/nefer-py):

    python crates/nefer-py/bench/duplicate_chances.py GAMES RULES[,RULES...]
"""

import sys
import time

import nefer

if len(sys.argv) != 3:
    sys.exit(__doc__)

games = int(sys.argv[1])
rules_list = sys.argv[2].split(",")
KEYS = [
    ("luck per throw", "luck_per_throw", 100),
    ("luck's share", "luck_share", 100),
    ("critical decisions", "critical_decisions", 100),
    ("drama", "drama", 100),
    ("lead changes", "lead_changes", 1),
    ("decided at", "decisiveness", 100),
]


def width(ci):
    return None if ci[0] is None or ci[1] is None else ci[1] - ci[0]


print("| rule set | " + " | ".join(k[0] for k in KEYS) + " |")
print("|---|" + "--:|" * len(KEYS))
for rules in rules_list:
    got = []
    for dup in (False, True):
        t = time.time()
        r = nefer.study(
            rules, "master", "master", games=games, seed=1, win_chances=2, duplicate=dup
        )
        print(f"{rules} duplicate={dup}: {time.time() - t:.0f} s", file=sys.stderr)
        got.append(r["win_chances"])
    cells = []
    for _, key, scale in KEYS:
        a, b = (width(g[key]["ci95"]) for g in got)
        if a is None or b is None or a == 0:
            cells.append("—")
        else:
            cells.append(f"{scale * a:.3g} → {scale * b:.3g} ({b / a:.2f})")
    print(f"| `{rules}` | " + " | ".join(cells) + " |", flush=True)
