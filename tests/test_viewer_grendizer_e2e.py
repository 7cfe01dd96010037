"""End-to-end: Grendizer XperienZ in a real viewer window under Xvfb, driven by xdotool.

`flickbook play grendizer --players 2 --difficulty easy --seed 1` opens the game; the test
clicks a card of the active player's hand and then its target (a MiniFO of the card's lane),
clicks a zone next to Grendizer to move him (which ends the turn: the session draws the next
turn's cards and tokens by itself), steps back with the Left key to the last draw and clicks
another outcome in the outcome list: a branch at a draw. After each step the viewer's autosave
must hold exactly the tree of a mirror session played the same way offscreen, where the test
also finds where things are on the screen. Skipped only when Xvfb or xdotool is missing.
"""
from __future__ import annotations

import time
from argparse import Namespace
from pathlib import Path

import pytest

from xvfb.desk import MISSING, SKIP_REASON, Desk, wait_for_autosave_tree

W, H = 1280, 720
ARGS = ["play", "grendizer", "--players", "2", "--difficulty", "easy", "--seed", "1"]

pytestmark = pytest.mark.skipif(MISSING, reason=SKIP_REASON)


class Mirror:
    """The same session drawn offscreen at the window's size, panels and camera."""

    def __init__(self):
        from viewer.main import session_for_args
        from viewer.panel import BAR_H, PANEL_W
        from viewer.render import offscreen_app

        args = Namespace(command="play", game="grendizer", players=2, seed=1, difficulty="easy")
        self.session, _ = session_for_args(args)
        self.app = offscreen_app(self.session, (W, H))
        self.app.set_insets(PANEL_W, BAR_H)
        self.scene = self.app.scene
        self.scene.ui.force_insets = (PANEL_W, BAR_H)
        self.scene.ui.picker_enabled = True
        self.sync()

    def close(self):
        self.scene.ui.force_insets = None
        self.scene.ui.picker_enabled = False
        self.app.set_insets(0, 0)

    def sync(self):
        self.app.show_node(self.session.node)
        self.app.set_view(self.app.preset("top"))
        self.app.render_frames(1)

    def px(self, point):
        p = self.app.project(point)
        assert p is not None, f"{point} is off screen"
        return p

    def screen(self, target):
        p = self.scene.ui.pixel_of(target, (W, H))
        assert p is not None, f"{target} is not on the screen"
        return p

    def play(self, action):
        """As the viewer's controller does: play, then let the session draw by itself."""
        from games.api import CHANCE

        self.session.play(action)
        if self.session.game.current_player(self.session.state) == CHANCE:
            self.session.auto_chance()
        self.sync()


def _same_record(tmp: Path, mirror, seconds: float = 10.0) -> None:
    """The viewer's autosave holds the mirror's tree."""
    wait_for_autosave_tree(tmp, mirror.session, seconds)


def test_a_turn_and_a_branch_at_a_draw_with_real_clicks(tmp_path):
    from games.api import CHANCE
    from games.grendizer.actions import Move, Play
    from games.grendizer.data import ACTIONS
    from timeline import load_record
    from viewer.grendizer import layout as L

    desk = Desk(tmp_path)
    mirror = Mirror()
    try:
        desk.start(*ARGS)  # card faces are drawn at start-up
        desk.key("t")  # top-down camera, as in the mirror
        desk.settled()
        game = mirror.session.game
        state = mirror.session.state
        assert game.current_player(state) == state.player and state.queue[0][0] == "action"
        # 1. a card of the hand, then its target: a MiniFO of the card's lane
        play = next(a for a in game.legal_actions(state)
                    if isinstance(a, Play) and a.target == "minifo"
                    and ACTIONS[a.card].kind == "eagle")
        lane = ACTIONS[play.card].lane
        space = max(state.lanes[lane].minifos)
        desk.click(*mirror.screen(("hand", play.card)))
        desk.click(*mirror.px(L.minifo_slot(lane, space, 0)))
        mirror.play(play)
        _same_record(tmp_path, mirror)
        # 2. Grendizer moves to a zone next to his: the turn ends, the next one is drawn
        state = mirror.session.state
        assert state.queue[0][0] == "move"
        move = next(a for a in game.legal_actions(state) if isinstance(a, Move))
        x, y = L.zone_center(move.zone)
        desk.click(*mirror.px((x - 0.3, y, L.SURFACE)))
        mirror.play(move)
        _same_record(tmp_path, mirror)
        assert mirror.session.state.player != state.player  # the other player's turn
        desk.settled()  # the move and its draws animate one after the other
        # 3. back to the last draw, and another outcome from the list: a branch at a draw
        desk.key("Left")
        mirror.session.back()
        mirror.sync()
        at = mirror.session.node
        assert game.current_player(at.state) == CHANCE
        played = str(at.variations[0].action)
        other = next(a for a in mirror.scene.ui.shown_outcomes if str(a) != played)  # page 1
        desk.click(*mirror.screen(("outcome", other)))
        mirror.play(other)
        _same_record(tmp_path, mirror)
        rec = load_record(tmp_path / "home" / "autosave.flick")
        branch = rec.node_at(at.path)  # the draw where the line now forks
        assert [str(v.action) for v in branch.variations] == [played, str(other)]
    finally:
        mirror.close()
        desk.stop()
