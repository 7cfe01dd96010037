"""Where each command of the window runs: the modes of `viewer.modes` it is declared for.

A command's body does not test the window's flags (a dialog open, the editor on, a field typed
in, the computer's turn): the controller asks `WHERE` before it runs one
(`Controller.run_command`) and, outside its modes, says on the message line which command,
the mode now and where it works. A key map binds a command only in a mode it runs in (a test
holds every mode's keys to this table), so F1 never lists a key that would be refused, and a
key the mode shown does not bind says where it works (`Controller.not_a_key_here`).

The sets of modes are named once here. A command may name another for a mode (`instead`):
Undo while setting up is the editor's own undo, so the bar's Undo button does what Ctrl+Z does
in every mode.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Where:
    """The modes a command runs in (`modes`; None: every mode but those in `not_in`), in
    the words the message line uses (`words`: "in play or replay mode"), and the command
    that stands for it in a mode of its own (`instead`: mode -> command)."""

    modes: frozenset | None
    words: str
    not_in: frozenset = frozenset()
    instead: dict = field(default_factory=dict)

    def holds(self, mode: str) -> bool:
        if mode in self.instead:
            return True
        if self.modes is None:
            return mode not in self.not_in
        return mode in self.modes

    def command_in(self, name: str, mode: str) -> str:
        """The command that runs for `name` in `mode` (itself, or the mode's own)."""
        return self.instead.get(mode, name)

    def with_instead(self, **instead: str) -> "Where":
        return Where(self.modes, self.words, self.not_in, dict(instead))


#: Browsing the record and its replay: the record's own keys (edits, direction, the best shot).
BROWSING = Where(frozenset({"play", "replay"}), "in play or replay mode")
#: ... and logging a game from a real table (navigation, the clock, the turn's end).
RECORD = Where(frozenset({"play", "replay", "log"}), "in play, replay or log mode")
#: Anything but a dialog on top (the files, the views, the help): Esc closes the dialog first.
OUTSIDE_DIALOG = Where(None, "outside a dialog (Esc closes it)", not_in=frozenset({"dialog"}))
#: Every mode (a screenshot).
ANYWHERE = Where(None, "in every mode")


def only(*modes: str, words: str) -> Where:
    return Where(frozenset(modes), words)


#: Each command of `Controller.commands` -> where it runs.
WHERE: dict[str, Where] = {
    # navigation
    **dict.fromkeys(("back", "forward", "start", "end", "next_variation",
                     "previous_variation"), RECORD),
    # playback
    **dict.fromkeys(("play_pause", "play_reverse", "faster", "slower", "presentation"), RECORD),
    # moves
    "end_turn": RECORD,
    # edits: while setting up, Undo and Redo are the editor's
    "undo": RECORD.with_instead(edit="setup_undo"),
    "redo": RECORD.with_instead(edit="setup_redo"),
    "setup_undo": only("edit", words="while setting up a position (F2)"),
    "setup_redo": only("edit", words="while setting up a position (F2)"),
    **dict.fromkeys(("promote", "make_main_line", "delete_from_here", "write_comment",
                     "clear_drawings"), BROWSING),
    # direction
    **dict.fromkeys(("camera_key", "follow_key", "note_here", "slow_motion", "hold", "mark",
                     "reel_review"), BROWSING),
    # views
    **dict.fromkeys(("view_top", "view_seat", *(f"view_seat_{n}" for n in range(1, 7)),
                     "list_up", "list_down"), OUTSIDE_DIALOG),
    "save_view": RECORD,
    "toggle_variations": BROWSING,
    "screenshot": ANYWHERE,
    # files
    **dict.fromkeys(("save", "open", "learn", "new_game"), OUTSIDE_DIALOG),
    # dialogs
    "help": OUTSIDE_DIALOG,
    "close_help": only("dialog", words="while the help is shown"),
    "close_dialog": only("dialog", words="while a dialog is shown"),
    "help_page_next": only("dialog", words="while the help is shown"),
    "help_page_back": only("dialog", words="while the help is shown"),
    "escape": OUTSIDE_DIALOG,
    # teaching
    "hint": BROWSING,
    "lessons": BROWSING,
    # the pointer
    "cancel_drag": only("aim", words="while aiming a flick"),
    # the parts'
    "leave_field": only("typing", words="while typing in a field"),
    "complete": only("typing", words="while typing a move in log mode's field"),
    "edit_mode": BROWSING.with_instead(edit="edit_done"),
    "edit_done": only("edit", words="while setting up a position (F2)"),
    "table_log": BROWSING,
    "next_mistake": BROWSING,
    "previous_mistake": BROWSING,
    "analyse": BROWSING,
    "computer_seat": BROWSING,
    "computer_take_back": only("computer", words="while the computer thinks"),
    "best_shot": BROWSING,
    "best_play": BROWSING,
    "best_add": BROWSING,
    "delete_keyframe": BROWSING,
    "cycle_setting": BROWSING,
}
