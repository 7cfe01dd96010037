"""The shot explorer's pure parts: the odds in words, the heatmap's squares, the kept candidate
aims, and the job that explores an aim one batch at a time (same bytes as `explore`) in the
explorer's worker process of the window's job service."""
from __future__ import annotations

import time

import pytest

from analysis.glonk import explore
from games.glonk.actions import Flick
from test_analysis import duel, without_times
from viewer.glonk.explorer import (HEAT_BINS, MAX_CANDIDATES, WINDOW_BATCH, Candidates,
                                   explore_in_steps, heat_cells, heat_colour, odds_words,
                                   outcome_shares, percentages, progress_words)

INTO_THE_HOLE = Flick.make("P1", 180, 1.4)  # P1 sits 0.2 m east of the Black Hole
GENTLE = Flick.make("P1", 0, 0.3)


def report_of(flick, samples=16, skill="club", seed=3):
    return explore(duel(), flick, skill, samples=samples, seed=seed, bins=HEAT_BINS,
                   batch_size=WINDOW_BATCH)


# --- words ----------------------------------------------------------------------------------
def test_percentages_add_up_to_the_rounded_total_by_largest_remainder():
    assert percentages([0.624, 0.296, 0.08]) == [62, 30, 8]
    assert percentages([1 / 3, 1 / 3, 1 / 3]) == [34, 33, 33]
    assert sum(percentages([0.505, 0.495, 0.0])) == 100
    assert percentages([0.5, 0.0]) == [50, 0]


def test_the_odds_read_standard_hyper_lost_and_the_expected_points():
    fake = {"p_standard": 0.62, "p_hyper": 0.34, "expected_value": 0.7,
            "outcomes": {"lose_piece": 0.08, "lost_in_space": 0.04, "atomise_enemy": 0.0,
                         "board_after": 0.0, "atomise_target": 0.0, "black_hole": 0.0}}
    shares = outcome_shares(fake)
    assert shares["hyper"] == pytest.approx(0.30)  # the piece lost in space is "lost" only
    assert sum(shares.values()) == pytest.approx(1.0)
    assert odds_words(fake) == "standard 62 %, hyper 30 %, lost 8 %, expected +0.7"


def test_a_flick_into_the_black_hole_reads_lost_and_a_gentle_one_standard():
    hole = odds_words(report_of(INTO_THE_HOLE, skill="expert"))
    assert hole.startswith("lost 100 %, expected -")
    gentle = odds_words(report_of(GENTLE))
    assert gentle.startswith("standard 100 %, expected ")
    assert progress_words({"samples": 8}, 120, "club") == "club: 8 of 120 flicks"
    assert progress_words({"samples": 120}, 120, "club") == "club: 120 flicks"


# --- the heatmap ---------------------------------------------------------------------------------
def test_the_hottest_square_is_where_the_disc_ends_and_empty_mat_stays_dark():
    r = report_of(GENTLE, samples=16, skill="expert")
    cells = heat_cells(r["end_histogram"])
    hottest = max(cells, key=lambda c: c.heat)
    assert hottest.heat == 1.0
    # a gentle flick east from (0.2, 0): the disc ends a few cm further east
    mid = ((hottest.x0 + hottest.x1) / 2, (hottest.y0 + hottest.y1) / 2)
    assert 0.2 < mid[0] < 0.35 and abs(mid[1]) < 0.05
    assert all(c.x1 > 0.1 for c in cells), "nothing lights up west of the piece"
    assert all(0 < c.heat <= 1 for c in cells)


def test_blur_spreads_a_lone_sample_and_no_samples_light_nothing():
    edges = [i / 10 - 0.5 for i in range(11)]
    counts = [[0] * 10 for _ in range(10)]
    counts[4][6] = 3
    hist = {"x_edges": edges, "y_edges": edges, "counts": counts}
    sharp = heat_cells(hist, blur=0)
    assert [(round(c.x0, 3), round(c.y0, 3), c.heat) for c in sharp] == [(-0.1, 0.1, 1.0)]
    soft = heat_cells(hist, blur=1)
    assert len(soft) == 9 and max(c.heat for c in soft) == 1.0
    assert heat_cells({"x_edges": edges, "y_edges": edges,
                       "counts": [[0] * 10 for _ in range(10)]}) == []


def test_the_ramp_is_fainter_and_cooler_for_few_discs():
    low, high = heat_colour(0.05), heat_colour(1.0)
    assert low[3] < high[3] and low[2] > high[2] and low[0] < high[0]


# --- candidates ------------------------------------------------------------------------------------
def test_candidates_keep_three_and_a_fourth_replaces_the_oldest():
    s = duel()
    c = Candidates()
    flicks = [Flick.make("P1", a, 1.0) for a in (0, 30, 60, 90)]
    words = [c.keep(s, f)[1] for f in flicks[:3]]
    assert words == [f"Kept as candidate {i} of {MAX_CANDIDATES}" for i in (1, 2, 3)]
    assert c.keep(s, flicks[1])[1] == "That aim is candidate 2 already"
    cand, said = c.keep(s, flicks[3])
    assert cand.slot == 1 and "replaces the oldest" in said
    assert [str(x.flick) for x in c.by_slot()] == [str(flicks[i]) for i in (3, 1, 2)]


def test_an_aim_from_another_position_starts_a_new_comparison():
    c = Candidates()
    c.keep(duel(), GENTLE, job=4)
    assert c.for_job(4).flick == GENTLE
    other = duel()
    cand, _ = c.keep(other, INTO_THE_HOLE)
    assert c.state is other and [x.slot for x in c.items] == [1] and cand.flick is INTO_THE_HOLE
    assert len(c.clear()) == 1 and c.items == [] and c.state is None


# --- the exploring job ------------------------------------------------------------------------------
def _steps(*args):
    """What the job in steps reports, batch by batch, and its answer."""
    steps, job = [], explore_in_steps(*args)
    while True:
        try:
            steps.append(next(job))
        except StopIteration as end:
            return steps, end.value


def test_the_job_reports_every_batch_and_ends_with_explores_own_bytes():
    steps, last = _steps(duel(), GENTLE, "club", 20, 5)
    assert [s[2]["samples"] for s in steps] == list(range(WINDOW_BATCH, 20, WINDOW_BATCH))
    assert [s[:2] for s in steps] == [(i, 4) for i in range(1, 4)] and last["samples"] == 20
    want = explore(duel(), GENTLE, "club", samples=20, seed=5, batch_size=WINDOW_BATCH,
                   bins=HEAT_BINS)
    assert without_times(last)["end_histogram"] == want["end_histogram"]
    for k in ("p_standard", "p_hyper", "expected_value", "outcomes", "expected_value_error"):
        assert last[k] == want[k]


def test_an_illegal_aim_comes_back_as_the_rule():
    steps, answer = _steps(duel(), Flick.make("V1", 0, 1.0), "club", 8, 1)
    assert steps == [] and answer["refused"]


@pytest.fixture
def worker():
    from viewer.glonk.explorer_view import ExplorerWorker
    from viewer.jobs import Jobs

    jobs = Jobs()
    yield ExplorerWorker(jobs)
    jobs.close()


def _heard_until(worker, numbers, seconds=120.0):
    """What the explorer hears until the jobs `numbers` ended (polling the job service)."""
    got, ended = [], set()
    deadline = time.monotonic() + seconds
    while not set(numbers) <= ended:
        assert time.monotonic() < deadline, "timed out"
        worker.jobs.poll()
        for message in worker.poll():
            got.append(message)
            if message[0] == "error" or message[3]:
                ended.add(message[1])
        time.sleep(0.01)
    return got


def test_a_new_aim_replaces_the_live_one_but_a_kept_one_carries_on(worker):
    worker.send("explore", 1, duel(), GENTLE, "club", 16, 5, False)
    worker.send("drop", 1)  # the aim moved on
    worker.send("explore", 2, duel(), INTO_THE_HOLE, "club", 16, 5, False)
    got = _heard_until(worker, {2})
    assert {g[1] for g in got} == {2}, "the replaced aim sends nothing"
    assert list(worker.jobs.workers()) == ["flickbook-explorer"]  # the explorer's own process
    worker.send("explore", 3, duel(), GENTLE, "club", 40, 5, False)
    worker.send("keep", 3)
    worker.send("explore", 4, duel(), INTO_THE_HOLE, "novice", 16, 5, False)
    got = _heard_until(worker, {3, 4})
    order = [g[1] for g in got]
    kept, live = -(-40 // WINDOW_BATCH), -(-16 // WINDOW_BATCH)
    before = order.index(4)  # steps the kept one took before the live aim reached the worker
    assert before < kept and order == [3] * before + [4] * live + [3] * (kept - before), \
        "the live aim first, the kept one after"
    assert worker.jobs.started_workers == 1  # one worker process for all of them
