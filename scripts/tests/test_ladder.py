"""scripts/ladder.py: its scores and intervals, and the tables docs/STRENGTH.md shows from it.

The strength figures are data (docs/strength.jsonl, docs/strength-confirm.jsonl, each line one
`nefer sim --json`); the tables in docs/STRENGTH.md are ladder.py's rendering of them. These tests
keep the two together: a row added without the table regenerated, or a change to how ladder.py
scores a pair, fails here.
"""

import importlib.util
import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LADDER = ROOT / "scripts" / "ladder.py"
DOC = ROOT / "docs" / "STRENGTH.md"

spec = importlib.util.spec_from_file_location("ladder", LADDER)
ladder = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ladder)


def run(*args):
    """What `python3 scripts/ladder.py ARGS` prints, run from the repository's root."""
    out = subprocess.run([sys.executable, str(LADDER), *args], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return out.stdout.rstrip("\n").split("\n")


def row(rules, a, b, a_wins, b_wins, draws, first_wins, options="", seed=1):
    """A `nefer sim --json` line with what ladder.py reads of it."""
    games = a_wins + b_wins + draws
    return {"rules": rules, "options": options, "games": games, "seed": seed, "draws": draws,
            "a": {"wins": a_wins, "win_rate": a_wins / games, "ci95": list(ladder.wilson(a_wins, games)),
                  "player_level": a},
            "b": {"wins": b_wins, "win_rate": b_wins / games, "player_level": b},
            "first_seat": {"wins": first_wins}, "seconds": 1.0}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


@pytest.mark.parametrize("data", ["strength.jsonl", "strength-confirm.jsonl"])
def test_the_interval_without_draws_is_the_one_nefer_sim_reports(data):
    # Without draws the score is the win rate, and ladder.py's Wilson interval must be the
    # simulator's own (nefer_players::sim::Rate), to the last bits printed in the JSON.
    checked = 0
    for line in open(ROOT / "docs" / data):
        r = json.loads(line)
        if r["draws"] == 0:
            s, lo, hi = ladder.score(r["a"]["wins"], 0, r["games"])
            assert s == pytest.approx(r["a"]["win_rate"], abs=1e-15)
            assert (lo, hi) == pytest.approx(tuple(r["a"]["ci95"]), abs=1e-12)
            checked += 1
    assert checked > 0


def test_a_draw_counts_half_a_win():
    # The Walker variation's neural:expert row: 1,044 wins, 634 losses, 322 jams.
    s, lo, hi = ladder.score(1044, 322, 2000)
    assert s == pytest.approx(0.6025)
    assert lo < s < hi
    # Half a win for each draw: the interval of 1,205 successes in 2,000.
    assert (lo, hi) == pytest.approx(ladder.wilson(1205, 2000))
    # All draws is an even match, whatever the sample's size.
    assert ladder.score(0, 500, 500)[0] == 0.5


def test_the_verdict_reads_the_interval_against_half():
    assert ladder.verdict(0.501, 0.52) == "yes"
    assert ladder.verdict(0.49, 0.52) == "no"
    assert ladder.verdict(0.47, 0.499) == "no (b better)"
    assert ladder.verdict(0.47, 0.499, below="yes (second better)") == "yes (second better)"
    # The bound itself is not clear of 50 %.
    assert ladder.verdict(0.5, 0.6) == "no"


def test_the_tables_score_draws_as_half_and_show_them(tmp_path):
    data = tmp_path / "rows.jsonl"
    rows = [
        # 600 first-player wins, 200 draws: first player's score (600 + 100) / 1,400 = 50 %.
        row("hj.walker", "neural", "expert", 700, 500, 200, 600, options="hj.walker.variation=true"),
        row("hj.french", "master", "expert", 560, 440, 0, 530),
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))

    table = run("--out", str(data), "--table", "--pairs", "neural:expert", "master:expert")
    assert cells(table[0])[4:6] == ["draws", "a's score"]
    variation = cells(table[2])
    assert variation[0] == "hj.walker (hj.walker.variation=true)"
    assert variation[4:6] == ["200", "57.1 %"]  # (700 + 100) / 1,400
    assert variation[7] == "yes"
    french = cells(table[3])
    assert french[4:6] == ["0", "56.0 %"] and french[7] == "yes"

    first = run("--out", str(data), "--first")
    assert cells(first[2])[1:6] == ["1400", "200", "50.0 %", "47.4 – 52.6 %", "no"]
    assert cells(first[3])[1:6] == ["1000", "0", "53.0 %", "49.9 – 56.1 %", "no"]

    # Two seeds of one pair, then their pool: 1,400 + 1,000 games, 800 + 700 points.
    data.write_text(json.dumps(rows[0]) + "\n" + json.dumps(
        row("hj.walker", "neural", "expert", 600, 400, 0, 500, options="hj.walker.variation=true",
            seed=2)) + "\n")
    pooled = run("--out", str(data), "--pooled")
    assert [cells(l)[3] for l in pooled[2:]] == ["1", "2", "**1 + 2**"]
    assert cells(pooled[4])[4:7] == ["2400", "200", "58.3 %"]  # (600 + 700 + 100) / 2,400


def doc_lines():
    # Tables inside a list item are indented; compare them as they read.
    return [l.strip() for l in DOC.read_text().split("\n")]


@pytest.mark.parametrize("args", [
    ["--table"],
    ["--table", "--luck", "--pairs", "master:expert", "master:random", "neural:expert", "master:perfect"],
    ["--first"],
    ["--out", "docs/strength-confirm.jsonl", "--pooled"],
], ids=["ladder", "learned levels", "first player", "Kendall confirmation"])
def test_strength_md_shows_what_ladder_prints_from_the_data(args):
    table = run(*args)
    assert len(table) > 2 and table[0].startswith("| rule set |")
    doc = doc_lines()
    starts = [i for i, l in enumerate(doc) if l == table[0]]
    assert any(doc[i:i + len(table)] == table for i in starts), (
        "docs/STRENGTH.md does not show `ladder.py %s` as it prints now:\n%s"
        % (" ".join(args), "\n".join(table)))
