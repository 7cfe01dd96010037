"""Every text field edits like one (issue 24, point 6): Ctrl+A selects the whole text and what
is typed next replaces it, Ctrl+C copies it to the system clipboard, Ctrl+V pastes it (from
another program too), Home and End move to the ends. In a real window, typed as a person would."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from test_e2e_viewer import Desk, pytestmark  # noqa: F401

SENTENCE = "The red stone should have waited one more turn before sliding north"


def clipboard(desk) -> str:
    """What another program reads from the display's clipboard."""
    done = subprocess.run(["xclip", "-selection", "clipboard", "-out"], env=desk.env,
                          capture_output=True, text=True, timeout=10)
    return done.stdout


@pytest.mark.skipif(shutil.which("xclip") is None, reason="xclip not installed (apt-get install xclip)")
def test_select_all_copy_paste_home_and_end_in_the_comment_box(tmp_path):
    desk = Desk(tmp_path)
    try:
        desk.start("demo", "glik")
        p = desk.settled()
        desk.key("n")
        p = desk.wait(lambda p: p["mode"] == "typing", 20, "the comment box to take the keys")
        desk.key("ctrl+a")  # whatever the box held goes at the first key typed
        desk.type(SENTENCE)
        p = desk.wait(lambda p: p["comment_box"] == SENTENCE, 30, "the sentence replacing the text")
        desk.key("ctrl+a")
        desk.key("ctrl+c")
        desk.wait(lambda p: clipboard(desk) == SENTENCE, 20,
                  "Ctrl+C to put the text on the system clipboard")
        desk.key("BackSpace")
        p = desk.wait(lambda p: p["comment_box"] == "", 20, "Backspace clearing the selection")
        desk.key("ctrl+v")
        p = desk.wait(lambda p: p["comment_box"] == SENTENCE, 20, "Ctrl+V pasting it back")
        desk.key("Home")
        desk.type("Q: ")
        desk.key("End")
        desk.type("?")
        p = desk.wait(lambda p: p["comment_box"] == f"Q: {SENTENCE}?", 20, "Home and End")
        subprocess.run(["xclip", "-selection", "clipboard", "-in"], input="pasted from outside",
                       env=desk.env, text=True, timeout=10, stdout=subprocess.DEVNULL)
        desk.key("ctrl+a")
        desk.key("ctrl+v")
        p = desk.wait(lambda p: p["comment_box"] == "pasted from outside", 20,
                      "another program's text pasted over the selection")
        desk.key("Return")
        p = desk.wait(lambda p: p["mode"] == "play", 20, "Enter to keep it")
        assert p["comment"] == "pasted from outside"
    except BaseException:
        desk.key("F12")
        raise
    finally:
        desk.stop()


PARAGRAPH = ("Glik rewards patience: the red stone should have waited one more turn before "
             "sliding north, because the yellow pair was about to open the corner. Count the "
             "action points first, then look for the slide that leaves two of your stones in "
             "touch; only then place the new board. When in doubt, ask what your opponent "
             "needs and take it away, even at the cost of a slower line of your own.")


def test_a_comment_longer_than_its_box_scrolls_keeps_every_character_and_undoes(tmp_path):
    """Issue 24 point 6: a five-sentence comment typed key by key into the four-line comment
    box scrolls (the box shows the lines at the cursor) instead of refusing keys; Enter keeps
    every character in the record and Ctrl+Z takes the edit back."""
    desk = Desk(tmp_path)
    try:
        desk.start("demo", "glik")
        p = desk.settled()
        before = p["comment"]
        desk.key("n")
        p = desk.wait(lambda p: p["mode"] == "typing", 20, "the comment box to take the keys")
        desk.key("ctrl+a")
        desk.type(PARAGRAPH)
        p = desk.wait(lambda p: p["comment_box"] == PARAGRAPH, 60,
                      "every character of the paragraph in the box")
        assert p["comment_scrolled"] >= 3, p["comment_scrolled"]  # the box follows the cursor
        desk.key("Return")
        p = desk.wait(lambda p: p["mode"] == "play", 20, "Enter to keep it")
        assert p["comment"] == PARAGRAPH and p["comment_scrolled"] == 0  # its top shows again
        desk.key("ctrl+z")
        p = desk.wait(lambda p: p["comment"] == before, 20, "Ctrl+Z to take the comment back")
        desk.key("ctrl+y")
        desk.wait(lambda p: p["comment"] == PARAGRAPH, 20, "Ctrl+Y to put it back")
    except BaseException:
        desk.key("F12")
        raise
    finally:
        desk.stop()
