"""How Glonk analysis judges a flick (issue 22): the shots at targets it screens first, the
refined shots around the best, and the stratified errors of the hand both shots are flicked
with, so a small analysis and a ten times larger one mark the same mistakes."""
import json
import math

import numpy as np

from analysis.executors import open_executor
from analysis.glonk import (best_shot, first_hit, judged_explore, refined_flicks,
                            target_shots)
from analysis.glonk.skill import SKILLS, stratified_errors
from games.glonk import GAME
from games.glonk.actions import Flick
from games.glonk.positions import position


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def lined_up():
    """P1 with an enemy saucer V0 straight east of it and V1 hidden behind P0 to its north."""
    return position(["space_pirates", "invaders"],
                    {"P1": (0.0, -0.2), "V0": (0.25, -0.2), "P0": (0.0, 0.0),
                     "V1": (0.0, 0.2), "V2": at(0.45, 200)}, asteroids=0)


def test_stratified_errors_take_one_draw_from_each_equal_chance_stratum_of_each_error():
    from statistics import NormalDist

    errors = stratified_errors(16, seed=3)
    assert len(errors) == 16 and errors == stratified_errors(16, seed=3)
    assert errors != stratified_errors(16, seed=4)
    for dim in range(3):
        strata = sorted(int(NormalDist().cdf(e[dim]) * 16) for e in errors)
        assert strata == list(range(16)), (dim, strata)  # each stratum exactly once


def test_a_shot_at_a_target_goes_where_the_line_meets_it_first_and_never_through_a_piece():
    s = lined_up()
    assert s.turn_player == GAME.current_player(s)
    shots = [f for f in target_shots(s) if f.piece == "P1"]
    p1 = s.piece("P1")
    east = [f for f in shots if abs((f.angle + 180) % 360 - 180) < 1e-6]
    assert len(east) >= 2 and len({f.speed for f in east}) == len(east)
    for f in shots:  # every one meets an enemy ship first
        hit = first_hit(s, p1, f.angle, f.speed)
        assert hit is not None and hit[0].owner != p1.owner and hit[0].is_ship, f
    # V1 lies behind P0, P1's own ship: no shot is aimed at it through P0
    north = [f for f in shots if abs(f.angle - 90.0) < 1.0]
    assert north == []
    hit = first_hit(s, p1, 90.0, 3.0)
    assert hit[0].id == "P0" and abs(hit[1] - (0.2 - p1.radius - hit[0].radius)) < 1e-9


def test_refined_shots_turn_a_little_each_way_and_go_softer_and_harder():
    s = lined_up()
    f = Flick.make("P1", 0.0, 1.0)
    near = refined_flicks(s, f)
    assert {round((g.angle + 180) % 360 - 180, 2) for g in near} == {-2.5, 0.0, 2.5}
    assert sorted({g.speed for g in near}) == [0.85, 1.0, 1.18]
    assert all(GAME.is_legal(s, g) for g in near)


def test_a_judged_shot_gives_the_same_bytes_on_every_executor_and_two_shots_share_the_draws():
    s = lined_up()
    aimed = Flick.make("P1", 0.0, 1.0)
    answers = set()
    for spec, workers in (("inprocess", 1), ("local", 2)):
        with open_executor(spec, workers) as executor:
            r = judged_explore(s, aimed, SKILLS["club"], samples=12, seed=7, executor=executor)
        answers.add(json.dumps(r, sort_keys=True))
    assert len(answers) == 1
    # the same seed, the same hand: a shot compared with itself loses nothing
    again = judged_explore(s, aimed, SKILLS["club"], samples=12, seed=7)
    assert again["expected_value"] == json.loads(answers.pop())["expected_value"]


def test_a_search_with_targets_and_refinement_is_reproducible_and_finds_a_hit():
    s = lined_up()
    one = best_shot(s, "club", budget=24, samples_per_candidate=4, seed=2, refine=2,
                    targets=True)
    two = best_shot(s, "club", budget=24, samples_per_candidate=4, seed=2, refine=2,
                    targets=True)
    assert one == two
    assert one["screened"] > 12  # the refined shots were screened beside the first half
    chosen = GAME.parse_action(s, one["action"])
    hit = first_hit(s, s.piece(chosen.piece), chosen.angle, chosen.speed)
    assert hit is not None and hit[0].owner != s.piece(chosen.piece).owner
    assert isinstance(np.float64(one["expected_value"]), np.floating)
