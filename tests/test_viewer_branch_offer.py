"""A game played on after the cards came out another way (issue 24 point 5): replaying a
Grendizer decision of a record, the card drawn after it differs from the record's, so the game
goes on in a variation the player never chose; the window says so, names the record's draw,
and Shift+M makes the new line the main line (Ctrl+Z takes it back). Offscreen, in a child process
(one ShowBase a process)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_draw_that_leaves_the_record_is_said_and_made_main_on_request():
    result = subprocess.run([sys.executable, __file__], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "branch offer checks passed" in result.stdout, result.stderr[-3000:]


def grendizer_record():
    import numpy as np

    from games.api import CHANCE, random_action
    from games.grendizer.bot import choose_action
    from timeline import Record

    record = Record.new("grendizer", headers={"created": None})
    rng = np.random.default_rng(7)
    node, game = record.root, record.game
    for _ in range(60):
        if game.is_terminal(node.state):
            break
        state = node.state
        action = (random_action(game, state, rng) if game.current_player(state) == CHANCE
                  else choose_action(state, rng))
        node = record.add_child(node, action)
    return record


def _ancestors(node):
    while node.parent is not None:
        node = node.parent
        yield node


def child() -> None:
    import numpy as np

    sys.path.insert(0, str(ROOT))
    from games.api import CHANCE, sample_chance
    from timeline import Session
    from viewer.app import ViewerApp
    from viewer.main import demo_for

    record = grendizer_record()
    game = record.game
    line = record.mainline()
    # a decision followed by a card draw, and a seed that draws another card there
    found = None
    for a, b, c in zip(line, line[1:], line[2:]):
        if game.current_player(a.state) >= 0 and game.current_player(b.state) == CHANCE:
            for seed in range(20):
                if str(sample_chance(game, b.state, np.random.default_rng(seed))) != c.action_text:
                    found = (a, b, c, seed)
                    break
        if found:
            break
    assert found, "no decision followed by a draw that can come out otherwise"
    a, b, c, seed = found

    app = ViewerApp(demo_for(None), offscreen=True, size=(1280, 720), interactive=True)
    ctl = app.controller
    ctl.records.swap(Session(record), None, "a Grendizer game")
    app.render_frames(2)
    ctl.navigation.go_to(a)
    ctl.session.rng = np.random.default_rng(seed)
    assert ctl.moves.play(b.action)  # the record's own decision again
    node = ctl.session.node  # after the draw (and any chance steps after it)
    assert len(b.variations) == 2 and b.variations[0] is c and not node.is_mainline()
    assert b.variations[1] in (node, *_ancestors(node))
    said = ctl.message_text
    assert "goes on as a variation (Shift+M makes it the main line)" in said, said
    assert f"the record had {app.scene.action_label(c)} here" in said, said
    ctl._key("shift-m")
    assert node.is_mainline() and "main line now" in ctl.message_text, ctl.message_text
    ctl.edits.undo()
    assert not node.is_mainline() and c.is_mainline()
    # a decision of the player's own is a variation they chose: said as before
    ctl.navigation.go_to(a)
    other = next(x for x in game.legal_actions(a.state) if str(x) != b.action_text)
    assert ctl.moves.play(other)
    assert "makes it the main line" not in ctl.message_text

    # a game that ends in a variation says so too: a Glik game whose record's main line went
    # another way from the first deal, its own line played to the last move
    glik = glik_game_in_a_variation()
    ctl.records.swap(Session(glik), None, "a Glik game")
    app.render_frames(2)
    last = glik.root.variations[1]
    while last.variations:
        last = last.variations[0]
    ctl.navigation.go_to(last)
    final = glik.game.parse_action(last.state, FINAL[0])
    assert ctl.moves.play(final)
    until_played(app, ctl, lambda: glik.game.is_terminal(ctl.session.node.state))
    assert ctl.message_text.startswith("The game is over in a variation"), ctl.message_text
    ctl._key("shift-m")
    assert ctl.session.node.is_mainline()
    print("branch offer checks passed", flush=True)


FINAL: list = []


def glik_game_in_a_variation():
    """A finished Glik self-play game as the root's second line, its last move left to play;
    the main line another first deal."""
    from games.api import CHANCE, random_action
    from games.glik.bot import choose_action
    import numpy as np
    from timeline import Record

    rng = np.random.default_rng(5)
    start = Record.new("glik", headers={"created": None})
    game = start.game
    actions, state = [], start.root.state
    while not game.is_terminal(state) and len(actions) < 400:
        a = (random_action(game, state, rng) if game.current_player(state) == CHANCE
             else choose_action(state, rng))
        actions.append(a)
        state = game.apply(state, a).state
    assert game.is_terminal(state), "the self-play game did not end"
    record = Record.new("glik", headers={"created": None})
    other = next(a for a in game.legal_actions(record.root.state) if str(a) != str(actions[0])) \
        if game.current_player(record.root.state) != CHANCE else next(
            a for a, _ in game.chance_outcomes(record.root.state) if str(a) != str(actions[0]))
    record.add_child(record.root, other)
    node = record.root
    for a in actions[:-1]:
        node = record.add_child(node, a)
    FINAL[:] = [str(actions[-1])]
    return record


def until_played(app, ctl, cond, frames: int = 2000):
    for _ in range(frames):
        if cond() and not app.clock.stepping and ctl.moves.pending is None:
            return
        app.render_frames(1)
    raise AssertionError("the move did not play")


if __name__ == "__main__":
    child()
