"""What a text field shows while it is edited (issue 24 point 6, tried in a real window): Ctrl+A
lights the field, so a person sees the whole text is selected before typing over it (the old
light, a card on the entry's text node, was never drawn: a PGEntry lays its text out without
the card), and a description pasted over a longer one fills its box from the top again instead
of showing its last line alone in an otherwise empty box. Drawn offscreen, read from pixels."""
from __future__ import annotations

import numpy as np
import pytest

LONG = ("Yellow has three action points and must bring two of its stones together. The obvious "
        "slide runs into the brown field and stops short, so look for a stone that can stop "
        "your slide instead. Think about which stone moves first and where it ends before you "
        "touch anything on the board.")
SHORT = "Two yellow stones must touch by the end of this turn."


@pytest.fixture()
def window():
    from direct.gui.DirectGui import DirectEntry

    from timeline import Record, Session
    from viewer.fields import FieldKeys
    from viewer.render import offscreen_app

    app = offscreen_app(Session(Record.new("glik", {"players": 2})), (640, 360))
    keys = FieldKeys(app)
    made = []

    def field(lines: int, text: str):
        e = DirectEntry(parent=app.aspect2d, scale=0.06, width=14, numLines=lines,
                        pos=(-0.45, 0, 0.3), initialText=text, focus=1)
        made.append(e)
        return e
    yield app, keys, field
    keys.ignoreAll()
    for e in made:
        e.destroy()


def lit_pixels(app) -> int:
    from viewer.fields import SELECTED_BG

    app.render_frames(2)
    img = app.capture()[..., :3].astype(float)
    return int((np.abs(img - np.array(SELECTED_BG[:3]) * 255).sum(-1) < 30).sum())


def test_select_all_lights_the_field_until_the_selection_goes(window):
    app, keys, field = window
    e = field(1, "The long way round the corner")
    assert lit_pixels(app) == 0
    keys.select_all()
    assert keys.selected is not None and keys.selected is keys.focused()
    box = 14 * 0.06 * 360 / 2 * 0.06 * 360 / 2  # the field's box in pixels, about
    assert lit_pixels(app) > 0.5 * box
    keys.cut()  # the selection replaced: the light goes with it
    assert e.get() == "" and keys.selected is None
    assert lit_pixels(app) == 0


def test_a_shorter_text_pasted_over_a_scrolled_field_shows_from_its_top(window, monkeypatch):
    from viewer import clipboard

    app, keys, field = window
    e = field(3, "")
    box = keys.scroll(e, 3)
    e.enterText(LONG)
    e.guiItem.setCursorPosition(len(LONG))
    app.render_frames(2)
    box.sync()
    assert box.lines >= 2  # the box follows the cursor to the last lines
    monkeypatch.setattr(clipboard, "paste", lambda: SHORT)
    keys.select_all()
    keys.paste()
    app.render_frames(2)
    box.sync()
    assert e.get() == SHORT
    assert box.lines == 0, box.lines  # two lines of text, in a box of three
