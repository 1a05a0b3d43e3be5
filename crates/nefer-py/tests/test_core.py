"""The bindings: rule sets, options, games with explicit chance, records, players, sim."""

import copy
import json
import os
import shutil
import subprocess
from fractions import Fraction

import pytest

import nefer

KEYS = [r.key for r in nefer.rule_sets()]


def test_rule_sets_have_keys_names_and_options():
    assert "senet.kendall" in KEYS and "hj.skiryuk" in KEYS
    r = nefer.RuleSet("senet.kendall")
    assert r.family == "senet" and r.title and r.rules
    opts = r.options()
    assert opts and {"name", "values", "default", "implemented", "clause", "help"} <= set(opts[0])
    assert opts[0]["default"] == opts[0]["values"][0]
    with pytest.raises(nefer.NeferError, match="unknown rule set `nope`; known: "):
        nefer.RuleSet("nope")


def test_options_as_dict_string_or_list():
    name = "senet.kendall.trap"
    spec = next(o for o in nefer.RuleSet("senet.kendall").options() if o["name"] == name)
    other = next(v for v in spec["implemented"] if v != spec["default"])
    for given in ({name: other}, f"{name}={other}", [f"{name}={other}"]):
        assert nefer.Game("senet.kendall", given).options == {name: other}
    with pytest.raises(ValueError, match="unknown option `x.y`"):
        nefer.Game("senet.kendall", {"x.y": 1})
    with pytest.raises(nefer.NeferError, match="not NAME=VALUE"):
        nefer.Game("senet.kendall", ["trap"])


@pytest.mark.parametrize("key", KEYS)
def test_chance_is_explicit_and_exact(key):
    g = nefer.Game(key)
    assert g.status == "chance" and g.is_chance
    outs = g.chance_outcomes()
    assert sum(Fraction(n, d) for _, _, n, d in outs) == 1
    for o, p, n, d in outs:
        assert p == pytest.approx(n / d)
    assert g.legal_moves() == [] and g.legal_actions() == sorted(o for o, *_ in outs)


def test_kendall_opening_and_illegal_actions():
    g = nefer.Game("senet.kendall")
    assert g.seat == "A"
    assert [o for o, *_ in g.chance_outcomes()] == ["1", "2", "3", "4", "5"]
    g.apply("2")
    assert g.status == "decide" and g.seat == "A" and g.throw == 2
    assert g.legal_moves() == ["14-16"]
    with pytest.raises(ValueError, match=r"legal here: 14-16"):
        g.apply("12-14")
    with pytest.raises(nefer.NeferError, match="legal here"):
        g.apply("7")
    g.apply("14-16")
    assert g.actions() == ["2", "14-16"]


@pytest.mark.parametrize("key", KEYS)
def test_position_and_record_round_trip(key):
    g = nefer.Game(key)
    for i in range(40):
        if g.is_over:
            break
        acts = g.legal_actions()
        g.apply(acts[i % len(acts)])
    back = nefer.Game.from_position(g.position())
    assert back == g and back.position() == g.position()
    text = g.record({"player-A": "Ahmose"})
    assert "player-A: Ahmose" in text
    again = nefer.Game.from_record(text)
    assert again == g and again.actions() == g.actions()
    # A game set up from a position records it.
    h = nefer.Game.from_position(g.position())
    if not h.is_over:
        h.apply(h.legal_actions()[0])
        assert nefer.Game.from_record(h.record()) == h
    with pytest.raises(nefer.NeferError):
        nefer.Game.from_position("senet.kendall nonsense")
    with pytest.raises(nefer.NeferError):
        nefer.Game.from_record("rules: senet.kendall\nactions: 7\n")


def test_clone_is_independent():
    g = nefer.Game("hj.french")
    h = g.clone()
    h.apply(h.legal_actions()[0])
    assert g != h and g.actions() == []
    assert copy.deepcopy(h) == h and copy.copy(h) == h
    assert len({g, g.clone()}) == 1


@pytest.mark.parametrize("key", KEYS)
def test_random_playout_ends_the_game_and_records_it(key):
    g = nefer.Game(key)
    n = g.random_playout(7)
    assert g.is_over and n > 0
    r = g.returns()
    assert sum(r) == 0 and (g.winner is None) == (r == [0.0, 0.0])
    assert g.result in ("A", "B", "draw")
    assert nefer.Game.from_record(g.record()) == g
    h = nefer.Game(key)
    h.random_playout(7)
    assert h == g, "a seeded playout is deterministic"


def test_playouts_batch():
    r = nefer.playouts("senet.school", 200, seed=3)
    assert r["games"] == 200 and r["wins"]["A"] + r["wins"]["B"] + r["draws"] == 200
    assert r == nefer.playouts("senet.school", 200, seed=3)
    assert r["decisions"] > 0
    # The same games on one thread as on two.
    assert nefer.playouts("senet.school", 200, seed=3, threads=1) == r
    assert nefer.playouts("senet.school", 200, seed=3, threads=2) == r
    with pytest.raises(nefer.NeferError, match="threads: at least 1"):
        nefer.playouts("senet.school", 10, threads=0)


def test_players_choose_legal_moves():
    assert [name for name, _ in nefer.levels()] == ["beginner", "easy", "medium", "hard", "expert", "master"]
    g = nefer.Game("senet.kendall")
    g.apply("3")
    for spec in ["beginner", "greedy", "expectimax:depth=2", "mcts:iters=50"]:
        p = nefer.Player(spec, 1)
        assert p.choose(g) in g.legal_moves()
    with pytest.raises(nefer.NeferError, match="not a player"):
        nefer.Player("nobody")
    with pytest.raises(nefer.NeferError, match="decision"):
        nefer.Player("random").choose(nefer.Game("senet.kendall"))
    # A whole game between two levels, chance from the seeded sticks of a playout.
    g = nefer.Game("hj.walker")
    players = {"A": nefer.Player("easy", 1), "B": nefer.Player("beginner", 2)}
    i = 0
    while not g.is_over:
        if g.is_chance:
            outs = g.chance_outcomes()
            g.apply(outs[i % len(outs)][0])
            i += 1
        else:
            g.apply(players[g.seat].choose(g))
    assert g.result is not None


def test_sim_matches_the_command_line():
    r = nefer.sim("senet.kendall", "random", "greedy", games=40, seed=5, threads=2)
    assert r["games"] == 40 and r["a"]["player"] == "random" and r["b"]["player"] == "greedy"
    assert r["a"]["wins"] + r["b"]["wins"] + r["draws"] == 40
    with pytest.raises(nefer.NeferError):
        nefer.sim("senet.kendall", "perfect", "random", games=2)
    # The command line, where one is built (scripts/python-test builds none).
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    built = [os.path.join(target, d, "nefer") for d in ("release", "debug")]
    # The newest build: a release binary left from an earlier checkout can be stale.
    built = sorted((b for b in built if os.access(b, os.X_OK)), key=os.path.getmtime)
    cli = (built[-1] if built else None) or shutil.which("nefer")
    if cli:
        out = subprocess.run(
            [cli, "sim", "--rules", "senet.kendall", "--a", "random", "--b", "greedy",
             "--games", "40", "--seed", "5", "--json"],
            check=True, capture_output=True, text=True,
        ).stdout
        want = json.loads(out)
        for k in ("a", "b", "draws", "turns", "moves", "first_seat"):
            assert r[k] == want[k]


def test_sim_takes_the_luck_out_as_the_command_line():
    r = nefer.sim("hj.french", "greedy", "greedy", games=60, seed=4, luck=1)
    plain = nefer.sim("hj.french", "greedy", "greedy", games=60, seed=4)
    assert r["a"] == plain["a"] and "luck_adjusted" not in plain
    l = r["luck_adjusted"]
    assert l["judge"] == "neural" and l["depth"] == 1
    assert abs(l["score"] - (r["a"]["wins"] + r["draws"] / 2) / 60) < 1e-12
    assert l["adjusted_ci95"][0] <= l["adjusted"] <= l["adjusted_ci95"][1]
    with pytest.raises(nefer.NeferError):
        nefer.sim("hj.french", "greedy", "greedy", games=2, luck=9)
