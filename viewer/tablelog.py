"""Logging a game played at a real table (issue 25): the window's log mode.

`flickbook log GAME ...` and the new-game dialog's "Log a table game" put the window in
log mode (`LogMode`, a mode of its own: it owns its keys, F1 lists them). What the user enters
depends on the game (`entry_class`): Glonk's flicks are entered as where the discs stopped
(`viewer.glonk.tablelog.GlonkFlickEntry`: the disc flicked, the discs that moved dragged to
their resting places, those that left the Galaxy marked; the flick is inferred in the
window's analysis worker and recorded as an observed action), other games' moves are typed
in their readable notation with completion (`TypedEntry`, from `games.entry`). In log mode
chance is never drawn: the cards dealt and drawn at the table are entered as they came.

Undo reaches every step: while a Glonk entry holds anything, Ctrl+Z takes its last step back
(the disc chosen, a drag, a removal); with nothing entered, Ctrl+Z takes back the last logged
move like any edit.

The one new box is the log box (`LogBox`): top left, where the puzzle box sits (a2dTopLeft,
`viewer.editing.BOX_TOP`), with what to do now, what is entered, the inference's progress,
its buttons, and for typed entry the field and its completions.

Log mode, its state and the typed entry are made with the window's host (`viewer.host.Host`)
and reach the window only through it.
"""
from __future__ import annotations

from games.api import CHANCE
from games.registry import part
from viewer import keys as K
from viewer.layout import SMALL, TITLE
from viewer.modes import Mode

#: Chance outcomes offered as buttons when there are at most this many (else typed).
CHANCE_BUTTONS = 8
#: The log box: its frame (a2dTopLeft units, at (0.03, viewer.editing.BOX_TOP)).
BOX_W, BOX_H = 1.3, 0.42
ROW_H = 0.07  # a row of the box's buttons
BUTTON_PAD = 0.05  # a button's width beyond its words


def flow(labels, width: float) -> list[tuple[float, int, float]]:
    """(x, row, width) of each button, left to right and row by row within `width`, each as
    wide as its words (measured at SMALL), so no label runs into the next."""
    from viewer.layout import text_width

    out, x, row = [], 0.0, 0
    for label in labels:
        w = min(max(text_width(label, SMALL) + BUTTON_PAD, 0.2), width)
        if x > 0 and x + w > width:
            x, row = 0.0, row + 1
        out.append((x, row, w))
        x += w + 0.015
    return out


def entry_class(game_name: str):
    """The game's own entry of a table move (its manifest's `table_entry`); every other game
    types its moves."""
    return part(game_name, "table_entry") or TypedEntry


def _log(host) -> "TableLog":
    return host.table_log


def _undo(host):
    _log(host).undo()


def _redo(host):
    _log(host).redo()


def _confirm(host):
    _log(host).confirm()


def _clear(host):
    _log(host).clear()


def _stop(host):
    _log(host).toggle()


#: Log mode's own keys (the entry adds its own: `entry.keys()`).
LOG_KEYS = [
    K.Key("enter", _confirm, "Log it: the entry is confirmed (Glonk: the flick is inferred)"),
    K.Key("escape", _clear, "Clear the entry (the inference under way is stopped)"),
    K.Key("control-z", _undo, "Undo the last step of the entry (nothing entered: the last move)"),
    K.Key("control-y", _redo, "Redo"),
    K.Key("control-shift-z", _redo, "Redo"),
    K.Key("control-l", _stop, "Stop logging (back to play)"),
    K.Key("e", "end_turn", "End the turn"),
]


class LogMode(Mode):
    """A game from a real table is being logged: the log keys, the record's navigation and
    files, the camera; a press goes to the entry (Glonk: choose, drag and remove discs)."""

    name = "log"
    groups = (LOG_KEYS, K.HELP, K.NAVIGATE, K.FILES, K.CAMERA, K.MOVE_LIST, K.SCREENSHOT)

    def holds(self) -> bool:
        return self.host.logging()

    def title(self) -> str:
        return f"Controls: log mode, a game from a real table ({self.host.game.title})"

    def bindings(self):
        keys = super().bindings()
        own = self.host.table_log.entry_keys()
        events = {k.event for k in own}
        return own + [k for k in keys if k.event not in events]

    def press(self, button, mods, pos):
        return self.host.table_log.press(button, mods, pos)

    def gestures(self):
        return list(self.host.table_log.gestures()) + [
            ("Middle drag", "Orbit the camera"), ("Shift+left drag", "Pan the camera"),
            ("Wheel", "Zoom")]


class TableLog:
    """Log mode's state: whether it is on, the entry for the game shown, the box."""

    def __init__(self, host):
        self.host = host  # the window's (viewer.host.Host): all log mode asks of the window
        self.active = False
        self.entry = None
        self.box: LogBox | None = None
        self.logged = 0  # moves logged (the probe; tests wait on it)
        host.every_frame("jobs", self._frame, "flickbook-table-log")

    # --- on and off -----------------------------------------------------------------------------
    def toggle(self) -> None:
        if self.active:
            self.stop()
            self.host.say("Logging stopped: play and review as usual"
                          + (" (Ctrl+L logs again)" if self.host.logged_at_table() else ""))
        else:
            self.start()

    def start(self) -> None:
        """Log mode, unless a position is being set up (a record shown meanwhile)."""
        host = self.host
        if host.editing():
            host.say("Setting up: press F2 (Done) first, then log the table game")
            return
        self.begin()

    def begin(self) -> None:
        """Ctrl+L in play or replay mode (viewer.commands.where): log mode again."""
        host = self.host
        host.stop_playback()
        host.hide_puzzle_box()  # the log box sits where it does
        self.entry = entry_class(host.game.name)(self)
        self.active = True
        self.box = LogBox(self, getattr(self.entry, "box_height", BOX_H))
        self.entry.reset()
        self.entry.begin()
        self.refresh()
        host.sync_modes()
        host.say(self.entry.step_words())

    def stop(self) -> None:
        if self.entry is not None:
            self.entry.close()
        self.entry = None
        if self.box is not None:
            self.box.destroy()
        self.box = None
        self.active = False
        self.host.show_puzzle_box()
        self.host.sync_modes()
        self.host.show_node(self.host.node)

    def follow(self, session) -> None:
        """Another record is shown: a record logged at a table goes on being logged (its
        game's entry), any other ends log mode."""
        if not self.active:
            if session.record.headers.get("logged") == "table":
                self.start()
            return
        self.stop()
        if session.record.headers.get("logged") == "table":
            self.start()

    # --- what the controller asks -----------------------------------------------------------------
    def chooses_chance(self) -> bool:
        """In log mode chance is never drawn: the user enters what came at the table."""
        return self.active

    def typing(self) -> bool:
        return self.active and self.box is not None and self.box.typing()

    def unfocus(self) -> None:
        if self.box is not None:
            self.box.unfocus()

    def completing(self) -> bool:
        return self.typing() and isinstance(self.entry, TypedEntry)

    def complete(self) -> None:
        if self.completing():
            self.entry.complete()

    def entry_keys(self) -> list:
        return list(self.entry.keys()) if self.entry is not None else []

    def gestures(self):
        return self.entry.gestures() if self.entry is not None else []

    def press(self, button, mods, pos):
        if self.entry is None:
            return None
        return self.entry.press(button, mods, pos)

    def confirm(self) -> None:
        if self.entry is not None:
            self.entry.confirm()

    def clear(self) -> None:
        if self.host.escape_best_shot():
            return
        if self.entry is not None:
            self.host.say(self.entry.clear() or "")
            self.refresh()

    def undo(self) -> None:
        """The entry's last step, else the last edit of the record (a logged move)."""
        words = self.entry.undo() if self.entry is not None else None
        if words:
            self.host.say(f"Undone: {words}")
            self.refresh()
        else:
            self.host.run_command("undo")

    def redo(self) -> None:
        words = self.entry.redo() if self.entry is not None else None
        if words:
            self.host.say(f"Redone: {words}")
            self.refresh()
        else:
            self.host.run_command("redo")

    # --- recording ------------------------------------------------------------------------------
    def record(self, parent, action, *, observed=None, words: str = "") -> bool:
        """Log `action` at `parent` (the cursor is put back there if it left): an observed
        flick with its entered places, or a move typed or chosen. The motion plays."""
        host = self.host
        if host.node is not parent:
            host.cursor_to(parent)
        if observed is None:
            ok = host.play(action)
            if ok:
                self.logged += 1
            return ok
        from games.api import IllegalAction

        try:
            node = host.play_observed(action, observed)
        except IllegalAction as exc:
            host.say(f"Not logged: {exc.rule}")
            return False
        except ValueError as exc:
            host.say(f"Not logged: {exc}")
            return False
        self.logged += 1
        host.deselect()
        host.follow_turn_log(host.node)
        host.say(words)
        host.animate_steps(parent, [node])
        return True

    # --- the frame --------------------------------------------------------------------------------
    def _frame(self, task):
        if self.active and self.entry is not None:
            self.entry.frame()
            if self.entry.node is not self.host.node and not self.entry.busy():
                self.entry.reset()
                self.refresh()
        return task.cont

    def refresh(self) -> None:
        if self.box is not None and self.entry is not None:
            self.box.show(self.entry)

    def probe(self) -> dict:
        out = {"active": self.active, "logged": self.logged}
        if self.entry is not None:
            out.update(self.entry.probe())
        return out


class LogBox:
    """The log box, top left where the puzzle box sits: the step, what is entered, buttons
    (the entry's, or chance outcomes to choose), and a field for typed entry."""

    def __init__(self, log: TableLog, height: float = BOX_H):
        from viewer.editing import gui
        from viewer.panel import BG, TEXT

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
        self.log = log
        self.height = height
        host = log.host
        self.host = host
        self.frame = DirectFrame(parent=host.a2dTopLeft, frameColor=(*BG[:3], 0.78),
                                 frameSize=(0, BOX_W, -height, 0), pos=(0.03, 0, -0.2))

        def text(y, scale, fg, wrap=40):
            return DirectLabel(parent=self.frame, text="", text_scale=scale, text_fg=fg,
                               text_wordwrap=wrap, frameColor=(0, 0, 0, 0),
                               text_align=TextNode.ALeft, pos=(0.03, 0, y))

        self.title = text(-0.055, TITLE, (0.98, 0.84, 0.30, 1), wrap=BOX_W / TITLE - 2)
        self.step = text(-0.105, SMALL, TEXT, wrap=BOX_W / SMALL - 2)
        self.detail = text(-0.19, SMALL, (0.75, 0.95, 0.75, 1), wrap=BOX_W / SMALL - 2)
        self.buttons: list = []
        self.field = None
        self.completions = None
        self._shown_buttons = None
        # the layout gives the box its room in the column of boxes (never over the table)
        host.screen.request("table-log", BOX_W, height, self._place, order=15, rank=2)

    def _place(self, rect, folded) -> None:
        self.host.screen.put(self.frame, rect)

    def make_field(self, on_enter) -> None:
        """A one-line field for typed moves (its Enter logs; Tab completes)."""
        from viewer.editing import gui
        from viewer.panel import TEXT

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
        if self.field is not None:
            return
        self.field = DirectEntry(parent=self.frame, scale=SMALL, width=(BOX_W - 0.08) / SMALL,
                                 numLines=1, pos=(0.03, 0, -0.255), frameColor=(0.16, 0.17, 0.2, 1),
                                 text_fg=TEXT, initialText="", cursorKeys=1, overflow=1,
                                 command=on_enter, focusInCommand=self.log.host.sync_modes)
        self.completions = DirectLabel(parent=self.frame, text="", text_scale=SMALL,
                                       text_fg=(0.6, 0.85, 1, 1), text_wordwrap=48,
                                       frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                       pos=(0.03, 0, -0.30))

    def typing(self) -> bool:
        return self.field is not None and bool(self.field.guiItem.getFocus())

    def unfocus(self) -> None:
        if self.typing():
            self.field["focus"] = 0

    def show(self, entry) -> None:
        from viewer.panel import _button

        self.title["text"] = entry.title()
        self.step["text"] = entry.step_words()
        self.detail["text"] = entry.detail_words()
        if self.completions is not None:
            self.completions["text"] = entry.completion_words()
        wanted = (id(entry.node),) + tuple(label for label, _ in entry.buttons())
        if wanted != self._shown_buttons:
            for b in self.buttons:
                b.destroy()
            self.buttons = []
            top = -0.235 if self.field is None else -0.345  # under the words (and the field)
            rows = 0
            for (label, cb), (x, row, width) in zip(entry.buttons(), flow(
                    [label for label, _ in entry.buttons()], BOX_W - 0.06)):
                self.buttons.append(_button(self.frame, label, cb,
                                            (0.03 + x + width / 2, 0, top - ROW_H * (row + 0.5)),
                                            width=width, height=ROW_H - 0.01, scale=SMALL))
                rows = row + 1
            self._shown_buttons = wanted
            # the box grows to hold its rows of buttons, and the layout finds it the room
            height = max(BOX_H, -top + rows * ROW_H + 0.02)
            if height != self.height:
                self.height = height
                self.frame["frameSize"] = (0, BOX_W, -height, 0)
                self.host.screen.request("table-log", BOX_W, height, self._place, order=15, rank=2)

    def destroy(self) -> None:
        self.host.screen.release("table-log")
        self.frame.destroy()


class TypedEntry:
    """Moves typed in the game's readable notation (`games.entry`): the field completes as
    you type (Tab: the next match), Enter logs the one meant; at a chance node the outcomes
    that came at the table are chosen (buttons, or typed), never drawn. A click on the board
    plays as in play."""

    def __init__(self, log: TableLog):
        self.log = log
        self.host = log.host
        self.node = None
        self.cycle = 0  # Tab: which match is filled in
        self.refusal = ""
        self._cands = None  # (node, its candidates)

    # the entry's words and buttons ---------------------------------------------------------------
    def title(self) -> str:
        return f"Logging a table game of {self.host.game.title}"

    def chance(self) -> bool:
        return self.host.game.current_player(self.node.state) == CHANCE

    def candidates(self):
        """What may be entered here (made once a position: completion runs per keystroke)."""
        from games.entry import candidates

        if self._cands is None or self._cands[0] is not self.node:
            self._cands = (self.node, candidates(self.host.game, self.node.state))
        return self._cands[1]

    def step_words(self) -> str:
        game = self.host.game
        if game.is_terminal(self.node.state):
            return "The game is over"
        if self.chance() and self.buttons():
            return "What came at the table? Choose it (or type it), as it came: nothing is drawn"
        if self.chance():
            return "What came at the table? Type it (Tab completes; Enter logs it): nothing is drawn"
        return "Type the move (Tab completes; Enter logs it), or click as in play"

    def detail_words(self) -> str:
        return self.refusal

    def completion_words(self) -> str:
        from games.entry import distinct, matching

        field = self.log.box.field if self.log.box is not None else None
        typed = field.get() if field is not None else ""
        if not typed.strip():
            return ""
        found = distinct(matching(self.candidates(), typed))
        if not found:
            return "No move matches"
        more = f" (+{len(found) - 4} more)" if len(found) > 4 else ""
        return "; ".join(text for text, _ in found[:4]) + more

    def buttons(self):
        if not self.chance():
            return []
        outcomes = self.candidates()
        if len(outcomes) > CHANCE_BUTTONS:
            return []
        return [(_short(text), (lambda a=action: self._log(a))) for text, action in outcomes]

    def keys(self):
        return []

    def gestures(self):
        return [("Click in the field", "Type a move (Tab completes, Enter logs it)"),
                ("Left click on the board", "Play as in play")]

    # steps ------------------------------------------------------------------------------------
    def reset(self) -> None:
        self.node = self.host.node
        self.cycle = 0
        self.refusal = ""
        box = self.log.box
        if box is not None:
            box.make_field(self._entered)
            box.field.enterText("")

    def begin(self) -> None:
        """Log mode starts: the field has the keys (fast entry: type at once; Esc leaves)."""
        self.log.box.field["focus"] = 1

    def busy(self) -> bool:
        return False

    def frame(self) -> None:
        box = self.log.box
        if box is not None and box.field is not None:
            text = box.field.get()
            if text != getattr(self, "_seen", None):
                self._seen = text
                self.cycle = 0
                box.completions["text"] = self.completion_words()

    def complete(self) -> None:
        """Tab: the field holds the next match of what was typed."""
        from games.entry import distinct, matching

        field = self.log.box.field
        typed = field.get().replace("\t", "")
        base = getattr(self, "_typed_base", None)
        if self.cycle == 0 or base is None:
            base = self._typed_base = typed
        found = distinct(matching(self.candidates(), base))
        if not found:
            self.host.say(f"No move matches {base!r}")
            return
        text = found[self.cycle % len(found)][0]
        self.cycle += 1
        field.enterText(text)
        self._seen = text
        field.guiItem.setCursorPosition(len(text))
        self.host.say(f"{len(found)} moves match" if len(found) > 1 else "One move matches: Enter logs it")

    def _entered(self, text: str) -> None:
        from games.entry import resolve

        try:
            action = resolve(self.host.game, self.node.state, text)
        except ValueError as exc:
            self.refusal = str(exc)
            self.host.say(self.refusal)
            self.log.refresh()
            self.log.box.field["focus"] = 1  # the field keeps the keys: mend it
            return
        self._log(action)
        box = self.log.box
        box.field.enterText("")
        box.field["focus"] = 1  # the next move is typed at once

    def _log(self, action) -> None:
        self.refusal = ""
        self.log.record(self.node, action)
        self.log.refresh()

    def confirm(self) -> None:
        box = self.log.box
        if box is not None and box.field is not None:
            if box.field.get().strip():
                self._entered(box.field.get())
            else:
                box.field["focus"] = 1
                self.host.say("Type the move in the field (Tab completes)")

    def clear(self) -> str:
        box = self.log.box
        if box is not None and box.field is not None:
            box.field.enterText("")
        self.refusal = ""
        return "Entry cleared"

    def undo(self):
        return None  # typed moves are edits of the record: Ctrl+Z takes them back

    def redo(self):
        return None

    def press(self, button, mods, pos):
        return self.host.board_press(button, mods, pos)

    def close(self) -> None:
        pass

    def probe(self) -> dict:
        box = self.log.box
        return {"entry": "typed", "typed": box.field.get() if box and box.field else "",
                "completions": self.completion_words(), "chance": self.chance()}


def _short(text: str) -> str:
    return text if len(text) <= 22 else text[:20] + "..."
