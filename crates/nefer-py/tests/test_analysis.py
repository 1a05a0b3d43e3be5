"""Win chances, move analysis and game review from Python: the objects the command line prints."""

import pathlib
import random

import pytest

import nefer

WEIGHTS = pathlib.Path(__file__).resolve().parents[2] / "nefer-players" / "weights"


def throw(g, rng):
    """A chance outcome of `g` drawn by its probability (always the same throw can loop for
    ever: a lost throw passes, and the same throw comes again)."""
    outcomes = g.chance_outcomes()
    return rng.choices([o for o, _, _, _ in outcomes], [p for _, p, _, _ in outcomes])[0]


def at_decision(rules, seed=3):
    """A game of `rules` played at random to its first decision with two legal moves or more."""
    g = nefer.Game(rules)
    p = nefer.Player("random", seed)
    rng = random.Random(seed)
    while True:
        if g.is_chance:
            g.apply(throw(g, rng))
        elif len(g.legal_moves()) > 1:
            return g
        else:
            g.apply(p.choose(g))


@pytest.mark.parametrize("rules", ["senet.kendall", "hj.skiryuk", "hj.french"])
def test_analysis_ranks_every_legal_move_best_first(rules):
    g = at_decision(rules)
    a = nefer.analyze(g)
    assert a["kind"] == "decide" and a["seat"] == g.seat and a["calibrated"]
    moves = a["moves"]
    assert sorted(m["move"] for m in moves) == sorted(g.legal_moves())
    chances = [m["win_chance"] for m in moves]
    assert chances == sorted(chances, reverse=True)
    for m in moves:
        assert 0 <= m["win_chance"] <= 1
        assert m["loss"] == pytest.approx(chances[0] - m["win_chance"], abs=1e-12)
    assert a["best_move"] == moves[0]["move"] and a["win_chance"] == pytest.approx(chances[0])


def test_analysis_of_a_throw_gives_each_outcome_with_its_probability():
    a = nefer.analyze(nefer.Game("senet.kendall"), depth=1)
    assert a["kind"] == "throw"
    assert [o["outcome"] for o in a["outcomes"]] == ["1", "2", "3", "4", "5"]
    assert sum(o["probability"] for o in a["outcomes"]) == pytest.approx(1)


@pytest.mark.parametrize("depth", [0, 5])
def test_a_depth_out_of_range_is_refused(depth):
    with pytest.raises(nefer.NeferError, match=f"depth {depth}: from 1 to 4"):
        nefer.analyze(nefer.Game("hj.french"), depth=depth)


def test_review_of_a_played_game_covers_every_action():
    g = nefer.Game("hj.skiryuk")
    players = {"A": nefer.Player("easy", 1), "B": nefer.Player("random", 2)}
    rng = random.Random(1)
    while not g.is_over:
        g.apply(throw(g, rng) if g.is_chance else players[g.seat].choose(g))
    r = nefer.review(g.record(), depth=1)
    assert r["rules"] == "hj.skiryuk" and r["plies"] == len(g.actions())
    assert len(r["graph"]) == r["plies"] + 1 and r["result"] == g.result
    marks = {"best", "good", "inaccuracy", "mistake", "blunder", "forced"}
    assert {d["mark"] for d in r["decisions"]} <= marks
    for seat in "AB":
        s = r["seats"][seat]
        assert s["decisions"] + s["forced"] == sum(1 for d in r["decisions"] if d["seat"] == seat)
        assert s["accuracy"] is None or 0 <= s["accuracy"] <= 100
    assert r["seats"]["A"]["result"] + r["seats"]["B"]["result"] == 1


def test_a_malformed_record_names_its_line():
    with pytest.raises(nefer.NeferError, match="line"):
        nefer.review("rules: senet.kendall\n\nnot an action\n")


def test_win_chances_sum_to_one_for_either_seat():
    g = at_decision("senet.school")
    c = nefer.win_chances(g)
    assert c["seat"] == g.seat and c["evaluator"] == "neural"
    assert c["win"] + c["draw"] + c["loss"] == pytest.approx(1)
    other = nefer.win_chances(g, seat="B" if g.seat == "A" else "A")
    assert other["win"] + other["draw"] + other["loss"] == pytest.approx(1)
    with pytest.raises(nefer.NeferError, match='seat "C"'):
        nefer.win_chances(g, seat="C")


def test_a_network_of_other_rules_or_no_network_is_refused():
    g = at_decision("hj.french")
    kendall = str(WEIGHTS / "senet.kendall.nnw")
    with pytest.raises(nefer.NeferError, match="trained for senet.kendall"):
        nefer.analyze(g, weights=kendall)
    with pytest.raises(nefer.NeferError, match="nope.nnw"):
        nefer.win_chances(g, weights="nope.nnw")
    # The same network where it fits values the game.
    s = at_decision("senet.kendall")
    assert nefer.win_chances(s, weights=kendall)["evaluator"] == "neural"


def test_without_a_network_chances_are_refused_and_moves_only_ranked():
    # A rule option no shipped network was trained with (a turn cap would not do: networks
    # ignore it).
    g = nefer.Game("senet.kendall", {"senet.kendall.trap": "on"})
    with pytest.raises(nefer.NeferError, match="only ranks positions"):
        nefer.win_chances(g)
    assert nefer.analyze(g, depth=1)["calibrated"] is False
