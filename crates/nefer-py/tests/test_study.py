"""nefer.study: one machine, shards, and a two-worker Dask cluster give the same study, to the
bit; shards that do not make up the study are refused (issue 20 part 4, issue 18 item 3)."""

import json
import pickle

import pytest

import nefer

# Small enough for a debug build; win chances make the floats worth comparing bit by bit.
STUDIES = [
    dict(rules="senet.kendall", a="greedy", b="random", games=40, seed=5, interaction=True),
    dict(
        rules="hj.french", a="greedy", b="random", games=12, seed=3, win_chances=1, duplicate=True
    ),
]


def same(x, y):
    """Equal as objects and as JSON text: every float the same double."""
    assert x == y
    assert json.dumps(x, sort_keys=True) == json.dumps(y, sort_keys=True)


@pytest.mark.parametrize("kw", STUDIES, ids=lambda kw: kw["rules"])
def test_shards_are_the_study_whatever_their_sizes(kw):
    whole = nefer.study(**kw)
    assert whole["games"] == kw["games"] and whole["rules"] == kw["rules"]
    assert whole["unit"] == ("pair" if kw.get("duplicate") else "game")
    for size in (1, 5, 7):
        same(nefer.study(**kw, shard_games=size, threads=1), whole)
    # The two steps by hand, shards in any order.
    s = nefer.Study(**kw)
    n = kw["games"]
    shards = [s.play(n // 2, n), s.play(0, n // 2)]
    same(s.summary(shards), whole)


def test_a_study_has_every_block():
    r = nefer.study(**STUDIES[1])
    assert r["duplicate"] is True and r["depth"] == 1 and r["evaluator"]
    out = r["outcome"]
    assert 0.0 <= out["first_player"]["ci95"][0] <= out["first_player"]["rate"]
    assert r["duration"]["turns"]["mean"] > 0
    assert r["win_chances"]["games"] == 12
    assert r["interaction"] is None
    r = nefer.study(**STUDIES[0])
    assert r["win_chances"] is None and r["depth"] is None
    assert set(r["interaction"]) >= {"captures", "exchanges", "bonus_throws"}


def test_a_study_pickles_as_its_arguments():
    s = nefer.Study(**STUDIES[1])
    back = pickle.loads(pickle.dumps(s))
    assert repr(back) == repr(s)
    assert back.play(0, 4) == s.play(0, 4)


def test_a_two_worker_dask_cluster_gives_the_one_machine_study():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.nthreads()) == 2
        for kw in STUDIES:
            here = nefer.study(**kw)
            with distributed.get_task_stream(client) as tasks:
                same(nefer.study(**kw, client=client, shard_games=3), here)
            # Both workers played shards.
            assert len({t["worker"] for t in tasks.data}) == 2
            # The default split (four tasks a worker), and a scheduler's address.
            same(nefer.study(**kw, client=client), here)
            same(nefer.study(**kw, client=cluster.scheduler_address), here)


def test_bad_shards_and_bad_sizes_are_refused():
    kw = STUDIES[0]
    for bad in (0, -3, 2.5, True, "4"):
        with pytest.raises(nefer.NeferError, match="shard_games is how many games"):
            nefer.study(**kw, shard_games=bad)
    s = nefer.Study(**kw)
    for start, stop in ((5, 5), (6, 2), (0, 41)):
        message = f"games {start}..{stop} are not a range of the study's 40 games"
        with pytest.raises(nefer.NeferError, match=message):
            s.play(start, stop)
    other = nefer.Study(**{**kw, "seed": 6})
    with pytest.raises(nefer.NeferError, match="another study: its seed is 6, the study's 5"):
        s.summary([s.play(0, 20), other.play(20, 40)])
    greedy = nefer.Study(**{**kw, "b": "greedy"})
    with pytest.raises(nefer.NeferError, match="its player b is greedy, the study's random"):
        s.summary([greedy.play(0, 40)])
    with pytest.raises(nefer.NeferError, match="games 20..40 are in no shard"):
        s.summary([s.play(0, 20)])
    with pytest.raises(nefer.NeferError, match="plays games before 20 again"):
        s.summary([s.play(0, 20), s.play(10, 40)])
    with pytest.raises(nefer.NeferError, match="shard 1 is not bytes but str"):
        s.summary([s.play(0, 20), "20..40"])
    with pytest.raises(nefer.NeferError, match="shard 0 is not a nefer study shard"):
        s.summary([s.play(0, 40)[:-2]])
    with pytest.raises(nefer.NeferError, match="games must be even, not 41"):
        nefer.Study("senet.kendall", games=41, duplicate=True)
    with pytest.raises(nefer.NeferError, match="a review's depth, 1 to 4, not 9"):
        nefer.Study("hj.french", games=4, win_chances=9)
    with pytest.raises(nefer.NeferError, match="games: at least 1"):
        nefer.Study("hj.french", games=0)
