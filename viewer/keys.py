"""Keys as the modes bind them: each mode builds its key map from the groups below plus the
keys of the game shown (`Scene.keys(mode)`, kept in that game's package), so a key that works
in one game only is bound, and listed by F1, only while that game is shown.

A `Key` names a Panda event, what it runs and the words F1 shows. What it runs is either a
command's name (one of `Controller.commands`, the window's one command table, gathered from
`viewer.commands`) or a callable given the window's host
(`viewer.host.Host`): the game's own keys are callables on its scene. `when`, if given, is
asked with the host each time the map is built: a key that would do nothing now (H without a
puzzle or lesson, B where the game has no best-shot search, seat 4 in a two-seat game) is
not bound then, so F1 cannot list it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Key:
    event: str
    run: str | Callable[[Any], None]
    words: str
    when: Callable[[Any], bool] | None = None

    def bound(self, host) -> bool:
        return self.when is None or bool(self.when(host))


def _has_part(name: str):
    def when(host) -> bool:
        from analysis.registry import part_for

        return part_for(host.game.name, name) is not None
    return when


def _seat(n: int):
    return lambda host: n <= host.seat_count()


NAVIGATE = [
    Key("arrow_left", "back", "Step back"),
    Key("arrow_right", "forward", "Step forward (animated)"),
    Key("arrow_up", "previous_variation", "Previous variation (sibling move)"),
    Key("arrow_down", "next_variation", "Next variation (sibling move)"),
    Key("home", "start", "Go to the start"),
    Key("end", "end", "Go to the end of the line"),
]
PLAYBACK = [
    Key("space", "play_pause", "Play / pause"),
    Key("shift-space", "play_reverse", "Play backwards / pause"),
    Key("=", "faster", "Faster playback (up to 4x)"),
    Key("+", "faster", "Faster playback (up to 4x)"),
    Key("-", "slower", "Slower playback (down to 0.25x)"),
    Key("f5", "presentation",
        "Presentation: captions hold to be read, then pause on each comment (Space goes on), then off"),
]
UNDO = [
    Key("control-z", "undo", "Undo the last edit"),
    Key("control-y", "redo", "Redo"),
    Key("control-shift-z", "redo", "Redo"),
]
FILES = [
    Key("control-s", "save", "Save the record (file dialog)"),
    Key("control-o", "open", "Open a record or scenario (file dialog)"),
    Key("l", "learn", "Learn: courses, tutorials, puzzles, lessons and reviews due"),
    Key("control-n", "new_game", "New game: play, or log a table game"),
]
HELP = [Key("f1", "help", "Show / hide this help")]
SCREENSHOT = [Key("f12", "screenshot", "Save a screenshot (in the data folder)")]
CAMERA = [
    Key("t", "view_top", "Camera: top-down"),
    Key("v", "view_seat", "Camera: seat of the player to move"),
] + [Key(str(n), f"view_seat_{n}", "Camera: the seat of that number", _seat(n))
     for n in (1, 2, 3, 4, 5, 6)]
MOVE_LIST = [
    Key("page_up", "list_up", "Scroll the move list up"),
    Key("page_down", "list_down", "Scroll the move list down"),
]
RECORD = [
    Key("k", "save_view", "Keep the camera view in this position"),
    Key("j", "camera_key", "Direction: camera / follow keyframe, ring note here"),
    Key("shift-j", "follow_key", "Direction: camera / follow keyframe, ring note here"),
    Key("shift-n", "note_here", "Direction: camera / follow keyframe, ring note here"),
    Key("m", "mark", "Highlight reel: mark this moment / keep or drop"),
    Key("f7", "reel_review", "Highlight reel: mark this moment / keep or drop"),
    Key("shift-b", "cycle_setting", "Direction: the selected keyframe's next blend, rate or hold",
        lambda host: host.keyframe_selected(setting=True)),
    Key("shift-s", "slow_motion", "Direction: slow motion from / to here, a hold here"),
    Key("shift-h", "hold", "Direction: slow motion from / to here, a hold here"),
    Key("c", "clear_drawings", "Clear this position's arrows and marks"),
    Key("n", "write_comment", "Write this position's comment (Enter keeps it)"),
    Key("p", "promote", "Promote this variation"),
    Key("shift-m", "make_main_line", "Make this line the main line"),
    Key("o", "toggle_variations", "Open / close the variations at this move in the move list"),
    Key("delete", "delete_from_here", "Delete from here"),
    Key("delete", "delete_keyframe", "Remove the keyframe selected on the scrub bar",
        lambda host: host.keyframe_selected()),
]
PLAY = [
    Key("escape", "escape", "Drop the selection; stop or hide the best shot"),
    Key("e", "end_turn", "End your turn"),
    Key("f2", "edit_mode", "Set up a position / puzzle (edit mode) and back"),
    Key("control-l", "table_log", "Log mode again (a game logged at a real table)",
        lambda host: host.logged_at_table()),
    Key("h", "hint", "Puzzle or lesson: the next hint",
        lambda host: host.has_hints()),
    Key("]", "next_mistake", "Analysed game: the next mistake"),
    Key("[", "previous_mistake", "Analysed game: the previous mistake"),
    Key("f6", "analyse", "Analyse this game in the background (again: cancel)"),
    Key("f3", "lessons", "Lessons: write one; analysed game: learn from its mistakes"),
    Key("f4", "computer_seat", "Computer plays the seat to move (again: stronger, then you)"),
    Key("b", "best_shot", "Best shot here (again: stop)", _has_part("best_shot")),
    Key("enter", "best_play", "Play the best shot", _has_part("best_shot")),
    Key("shift-enter", "best_add", "Best shot as a variation", _has_part("best_shot")),
]

#: Every group the play and replay modes bind, in the order F1 lists them.
PLAY_GROUPS = (NAVIGATE, PLAYBACK, UNDO, FILES, HELP, PLAY, CAMERA, RECORD, SCREENSHOT,
               MOVE_LIST)
#: Setting up a position: the editor's undo, the camera, help and F2 back.
EDIT_GROUPS = (HELP, [Key("escape", "escape", "Drop the selection"),
                      Key("f2", "edit_done", "Done: play from this position (edit mode off)")],
               [Key(k.event, "setup_" + k.run, "Undo the last set-up edit" if k.run == "undo"
                    else "Redo the set-up edit") for k in UNDO],
               CAMERA, SCREENSHOT)

#: The mouse in the window's own modes: (control, what it does), for F1.
ORBIT = ("Left drag, middle drag", "Orbit the camera")
#: Where a left drag on a piece is the game's (a Glonk flick), it orbits only elsewhere.
ORBIT_ELSEWHERE = ("Left drag elsewhere, middle drag", "Orbit the camera")
PAN = ("Shift+left drag", "Pan (also right drag off the board)")
ZOOM = ("Wheel", "Zoom (over the move list or the turn log: scroll it)")
DRAW = [("Right drag on board", "Draw an arrow (Shift red, Ctrl blue)"),
        ("Right click on board", "Mark / unmark a field")]
PANEL = [("Move list", "Click: go there; - / + beside a variation: close / open it; right click: "
                       "promote, main line, delete; wheel anywhere over it: scroll"),
         ("Scrub bar", "Click to jump, drag to scrub")]
#: Typing a move in log mode's field: Tab completes it (viewer.tablelog).
COMPLETE = Key("tab", "complete", "Complete the move typed (again: the next match)",
               lambda host: host.completing())
FIELD = ("Typing in a field", "Every key goes to the field; Enter keeps it, Esc leaves it")


def key_name(event: str) -> str:
    """How F1 writes a Panda event ("control-shift-z" -> "Ctrl+Shift+Z")."""
    names = {"arrow_left": "Left", "arrow_right": "Right", "arrow_up": "Up", "arrow_down": "Down",
             "home": "Home", "end": "End", "space": "Space", "escape": "Esc", "delete": "Delete",
             "page_up": "PgUp", "page_down": "PgDn", "enter": "Enter", "tab": "Tab",
             "backspace": "Backspace"}
    if event.endswith("--") or event == "-":  # the minus key itself
        mods, key = event[:-2].split("-") if len(event) > 1 else [], "-"
    else:
        *mods, key = event.split("-")
    mod_words = {"shift": "Shift+", "control": "Ctrl+", "alt": "Alt+"}
    if key in names:
        base = names[key]
    elif len(key) == 1:
        base = key.upper()
    else:
        base = key.upper() if key.startswith("f") and key[1:].isdigit() else key
    return "".join(mod_words.get(m, m + "+") for m in mods) + base


def help_lines(keys: list[Key]) -> list[tuple[str, str]]:
    """A key map as the F1 help lists it: the keys that do one thing together ("= / +"), in
    the order the map binds them, each with what it does."""
    by_words: dict[str, list[str]] = {}
    for k in keys:
        by_words.setdefault(k.words, []).append(key_name(k.event))
    return [(" / ".join(names), what) for what, names in by_words.items()]
