"""The best shot's pure parts: its words (the odds in the explorer's words), the arrow and
label geometry, the search worker's answers (run in this process), the session edit that
keeps it as a variation, and the F1 help's line for its keys."""
from __future__ import annotations

import math
import queue

import pytest

from games.glonk import GAME
from games.glonk.actions import Flick
from games.glonk.positions import position
from timeline import Record, Session
from viewer.glonk import aim as AIM
from viewer.glonk.bestshot import (LABEL_GAP_PX, arrow_points, label_spot, label_text,
                                   mark_points, shot_words)


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def duel():
    """Two saucers and a Black Hole: P1 (a Corsair) sits 0.2 m east of the Black Hole."""
    return position(["space_pirates", "invaders"],
                    {"BH": (0.0, 0.0), "P0": at(0.335, 130), "V0": at(0.335, 250),
                     "P1": at(0.20, 0), "V1": at(0.335, 300), "V2": at(0.45, 60)}, asteroids=0)


def summary(standard, lost, value):
    outcomes = {"lose_piece": lost, "lost_in_space": 0.0, "atomise_enemy": 0.0,
                "atomise_target": 0.0, "board_after": 0.0, "black_hole": lost}
    return {"p_standard": standard, "p_hyper": 1.0 - standard - lost, "outcomes": outcomes,
            "expected_value": value}


# --- words -------------------------------------------------------------------------------------
def test_the_best_shot_line_names_the_piece_its_kind_the_flick_and_the_odds():
    s = duel()
    words = shot_words(s, Flick.make("P1", 184.4, 2.06), summary(0.71, 0.09, 1.23))
    assert words == ("Best: P1 Corsair 184 deg 2.1 m/s \u2014 standard 71 %, hyper 20 %, "
                     "lost 9 %, expected +1.2")
    assault = shot_words(s, Flick.make("P1", 90, 1.0, assault="V2"), summary(1.0, 0.0, 0.5))
    assert assault.startswith("Best: P1 Corsair, heroic assault on V2 90 deg 1.0 m/s")
    assert assault.endswith("\u2014 standard 100 %, expected +0.5")
    assert label_text(summary(0.9, 0.0, 0.12)) == "best +0.1\n90 % standard"
    assert label_text(summary(0.6, 0.4, -0.04)) == "best +0.0\n60 % standard"


# --- geometry ------------------------------------------------------------------------------------
def test_the_arrow_runs_from_the_discs_edge_to_where_a_lone_slide_would_stop():
    s = duel()
    p = s.piece("P1")
    start, end = arrow_points(s, Flick.make("P1", 90, 1.2))
    assert start == pytest.approx((p.x, p.y + p.radius))
    assert end == pytest.approx(AIM.estimate(s, "P1", 90, 1.2).rest)
    soft = arrow_points(s, Flick.make("P1", 0, 0.05))  # a nudge is still drawn
    assert math.dist(*soft) == pytest.approx(0.02)


def test_the_main_mark_is_the_real_path_so_a_bounce_ends_where_the_disc_rests():
    # P1 flicked straight at a neighbour: it stops against it, short of the textbook slide
    s = position(["zorgs", "space_pirates"], at={"Z1": (0.30, 0.0), "P5": (0.40, 0.0),
                                                 "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)})
    flick = Flick.make("Z1", 0.0, 1.5)
    step = GAME.apply(s, flick)
    pts = mark_points(s, flick, step)
    rest = step.state.piece("Z1")
    assert pts[-1] == pytest.approx((rest.x, rest.y), abs=0.005)  # the odds go there
    straight = arrow_points(s, flick)[1]
    assert math.dist(pts[-1], straight) > 0.1  # not where the lone slide would end
    z1 = s.piece("Z1")
    assert all(math.dist(pt, (z1.x, z1.y)) >= z1.radius - 1e-9 for pt in pts)  # from its edge
    assert mark_points(s, flick, None) == list(arrow_points(s, flick))  # before simulating


def test_the_label_sits_just_past_the_head_on_the_side_it_points_to():
    size = (60, 30)
    x, y = label_spot((500, 300), (400, 300), size)  # pointing right on the screen
    assert y == 300 and x - size[0] / 2 == 500 + LABEL_GAP_PX  # its left edge past the head
    x, y = label_spot((500, 300), (600, 300), size)  # pointing left
    assert x + size[0] / 2 == 500 - LABEL_GAP_PX
    x, y = label_spot((500, 300), (500, 400), size)  # pointing up the screen
    assert x == 500 and y + size[1] / 2 == 300 - LABEL_GAP_PX


def test_the_odds_at_the_head_are_readable_and_cover_no_disc():
    """Drawn in a window (offscreen, 1280x720, the default view): a shot that ends among
    discs shows its odds at 12 pixels or more a line, near the arrow's head, over no disc and
    no panel; it follows when the camera turns; cleared with the shot."""
    from viewer.glonk.labels import free_area, hud_boxes, overlaps
    from viewer.render import offscreen_app

    s = position(["zorgs", "space_pirates"],
                 at={"BH": (0.0, 0.0), "Z1": (0.30, 0.0), "P5": (0.40, 0.0), "P4": (0.40, 0.05),
                     "P3": (0.45, -0.03), "Z0": (-0.3, 0.0), "P0": (0.0, -0.33)})
    record = Record.new("glonk", s.config.to_json(), start_state_json=GAME.state_to_json(s))
    app = offscreen_app(Session(record), (1280, 720))
    app.show_node(app.session.node)
    app.render_frames(2)
    scene = app.scene
    flick = Flick.make("Z1", 0.0, 1.5)
    scene.show_best_shot(s, flick, summary(0.9, 0.0, 0.4), GAME.apply(s, flick))
    for view in (None, app.preset("top")):
        if view is not None:
            app.set_view(view)
        app.render_frames(2)
        best = scene.best
        assert best.box is not None and not best.label.isHidden()
        box = best.box
        assert box[3] - box[1] >= 2 * 12  # two lines of 12 px or more
        discs = scene.disc_labels.disc_boxes()
        for pid, disc in discs.items():
            assert not overlaps(box, disc), (pid, box, disc)
        free = free_area(app)
        assert free[0] <= box[0] and free[1] <= box[1] and box[2] <= free[2] \
            and box[3] <= free[3]
        assert not any(overlaps(box, h) for h in hud_boxes(app))
        head = app.project(best._head[0])
        near = max(abs(head[0] - (box[0] + box[2]) / 2) - (box[2] - box[0]) / 2,
                   abs(head[1] - (box[1] + box[3]) / 2) - (box[3] - box[1]) / 2)
        assert near <= 80, (head, box)  # beside the head, not across the table
    scene.clear_best_shot()
    assert best.label is None and best.box is None
    app.render_frames(1)


# --- the worker ----------------------------------------------------------------------------------
def test_the_worker_counts_its_flicks_and_answers_with_the_flick_and_its_step():
    from viewer.jobs import process_worker

    s = duel()
    requests, results = queue.Queue(), queue.Queue()  # the analysis worker, run in this thread
    requests.put(("run", 7, "viewer.bestshot:best_shot_search", ("glonk", s, "club", 12, 3, 0)))
    requests.put(("stop",))
    process_worker(requests, results)
    said = []
    while not results.empty():
        said.append(results.get())
    kinds = [m[0] for m in said]
    assert kinds[0] == "started" and kinds[-1] == "done" and len(kinds) > 2
    assert kinds[1:-1] == ["progress"] * (len(kinds) - 2)
    assert all(m[1] == 7 for m in said)
    dones = [m[2] for m in said[1:-1]]
    assert dones == sorted(dones) and said[-2][2] == said[-2][3]  # all planned flicks done
    answer = said[-1][2]
    assert answer[0] == "done"
    found, step = answer[1], answer[2]
    action = GAME.parse_action(s, found["action"])
    assert isinstance(action, Flick) and found["flicks"] <= 12
    assert step.state == GAME.apply(s, action).state  # it plays at once, as simulated


def test_the_worker_says_when_there_is_no_flick_to_search():
    from viewer.bestshot import best_shot_search

    s = Record.new("glonk", GAME.default_config()).root.state  # setup: armadas being drawn
    assert best_shot_search("glonk", s, "club", 8, 2, 0) == ("none",)


# --- the record -----------------------------------------------------------------------------------
def test_a_best_shot_kept_as_a_variation_leaves_the_cursor_and_the_main_line_alone():
    s = duel()
    record = Record.new("glonk", GAME.state_to_json(s)["config"],
                        start_state_json=GAME.state_to_json(s), headers={"created": None})
    session = Session(record)
    played = session.play(Flick.make("P1", 90, 0.5))
    session.back()
    best = Flick.make("P1", 270, 0.6)
    node = session.add_variation(best, step=GAME.apply(s, best))
    root = record.root
    assert session.node is root and root.variations == [played, node]
    assert session.add_variation(best) is node and len(root.variations) == 2  # not twice
    assert session.undo() == f"add the variation {best}"
    assert root.variations == [played] and session.node is root
    session.redo()
    assert root.variations == [played, node] and session.node is root


def test_f1_lists_the_best_shot_keys():
    from viewer.keys import PLAY, help_lines

    lines = dict(help_lines(PLAY))  # (bound where the game has a best-shot search: Glonk)
    assert lines["B"] == "Best shot here (again: stop)"
    assert lines["Enter"] == "Play the best shot"
    assert lines["Shift+Enter"] == "Best shot as a variation"
