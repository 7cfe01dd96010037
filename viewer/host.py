"""What a scene may ask of the window: the narrow host interface.

A game's scene, its keys, its drags and its modes get a `Host` (the window's, made by the
controller) and talk to the window only through it: the position at the cursor and the one
shown, a line in the message line, a move to play, a click, the pointer and what is under it,
a mode to push while a second choice is picked. They never read the controller's attributes,
so the window's insides can change without touching any game's package.
"""
from __future__ import annotations


class Host:
    def __init__(self, ctl):
        self._ctl = ctl

    # --- what is shown ----------------------------------------------------------------------
    @property
    def game(self):
        return self._ctl.session.game

    @property
    def scene(self):
        return self._ctl.app.scene

    @property
    def state(self):
        """The state at the cursor (where a move would be played)."""
        return self._ctl.session.node.state

    @property
    def shown_state(self):
        """The state drawn now (during playback, not the cursor's)."""
        return self._ctl.app.shown_state

    @property
    def record_id(self) -> int:
        """Which record is shown (a new one when another is opened)."""
        return id(self._ctl.session.record)

    def at_line_end(self) -> bool:
        """Whether the cursor's position has no move after it (a game being played on)."""
        return not self._ctl.session.node.variations

    def busy(self) -> bool:
        """Whether playback, an animation or a dialog holds the window (a clock pauses)."""
        ctl = self._ctl
        return ctl.player.playing or ctl.app.animating or ctl.dialog is not None

    def seat_count(self) -> int:
        return len(list(self.scene.seat_headings(self.state)))

    def keyframe_selected(self, setting: bool = False) -> bool:
        """A keyframe's tick (`setting`: one with a setting Shift+B changes) is selected on
        the scrub bar (viewer.keyframe_ticks)."""
        ticks = self._ctl.ticks
        return ticks.setting_selected() if setting else ticks.tick(ticks.selected) is not None

    def has_hints(self) -> bool:
        """Whether H has hints to give here (a puzzle or a lesson is open)."""
        ctl = self._ctl
        return ctl.lesson_box.active or ctl.puzzle_box.puzzle is not None

    def logged_at_table(self) -> bool:
        """Whether the record shown is a game logged at a real table (viewer.tablelog)."""
        return self._ctl.session.record.headers.get("logged") == "table"

    def completing(self) -> bool:
        """Whether a move is being typed in log mode's field (Tab completes it)."""
        return self._ctl.table_log.completing()

    # --- asking the window --------------------------------------------------------------------
    def say(self, text: str) -> None:
        self._ctl.say(text)

    def play(self, action, step=None, intent=None) -> bool:
        """Play `action` at the cursor, as a click or a key would (`step`: simulated already;
        `intent`: what the hand meant, when the table feel's scatter made `action` of it)."""
        return self._ctl.moves.play(action, step=step, intent=intent)

    @property
    def node(self):
        """The node at the cursor (a table feel seeds its hand's scatter from where it is)."""
        return self._ctl.session.node

    def click(self, pick) -> None:
        """What a left click on `pick` does in play (select, play, or the rule that forbids)."""
        self._ctl.moves.click(pick)

    def refresh_status(self) -> None:
        self._ctl.app.refresh_status()

    def mark(self, name: str) -> None:
        """A moment the probe reports (tests wait on it)."""
        self._ctl.app.mark(name)

    def deselect(self) -> None:
        self._ctl.app.scene.deselect()

    # --- the pointer ----------------------------------------------------------------------------
    def pointer(self):
        """The pointer in film coordinates, or None outside the window."""
        return self._ctl.pointer.position()

    def pick_at(self, pos):
        """What lies under film position `pos` (a `viewer.scene.Pick`)."""
        return self._ctl.pointer.pick(pos)

    def pixels(self, a, b) -> float:
        """Screen pixels between two film positions."""
        return self._ctl.pointer.pixels(a, b)

    def held(self, button) -> bool:
        """Whether a keyboard or mouse button (a Panda ButtonHandle) is down."""
        mw = self._ctl.app.mouseWatcherNode
        return mw is not None and mw.isButtonDown(button)

    # --- modes ----------------------------------------------------------------------------------
    def push_mode(self, mode_class, *args):
        """Put the window in a new `mode_class(window, *args)` (a `viewer.modes.Mode`) until
        `pop_mode`; returns that mode."""
        mode = mode_class(self._ctl, *args)
        self._ctl.modes.push(mode)
        return mode

    def pop_mode(self, mode=None) -> None:
        self._ctl.modes.pop(mode)

    @property
    def mode(self) -> str:
        return self._ctl.modes.active.name

    # --- what a game's window-side parts read (viewer.glonk: input, explorer, labels) ---------
    @property
    def drag(self):
        """The drag in progress (a `viewer.modes.Drag`, e.g. a flick being aimed), or None."""
        return self._ctl.drag

    def editing(self) -> bool:
        """Whether the position editor (F2) is open."""
        return self._ctl.editor.active

    def move_pending(self) -> bool:
        """Whether a move played is still being simulated (its step not there yet)."""
        return self._ctl.moves.pending is not None

    @property
    def panel(self):
        """The window's panel: its `side` (where a box of the side panel docks) and its
        `message` line (labels on the table keep off it)."""
        return self._ctl.panel

    @property
    def turn_log(self):
        """The turn log (viewer.turnlog: its `frame`, the entries `visible()`), or None."""
        return getattr(self._ctl, "log", None)

    @property
    def win_graph(self):
        """The side panel's win graph (viewer.wingraph: `shown`, `give_way`), or None."""
        return getattr(self._ctl, "graph", None)

    def cancel_flick(self) -> None:
        """Esc or F1 while aiming: the flick being pulled back ends without effect."""
        self._ctl.pointer.cancel_flick()

    def scene_mode(self, mode_class, *args):
        """A `mode_class(window, *args)` of this window, made for the scene's own list of
        modes (`Scene.modes`), not pushed."""
        return mode_class(self._ctl, *args)

    # --- what log mode's flick entry asks (viewer.glonk.tablelog) ------------------------------
    @property
    def message_text(self) -> str:
        """What the message line says now."""
        return self._ctl.message_text

    def end_turn(self) -> None:
        """E: the scene's turn button that ends the turn, if there is one here."""
        self._ctl.moves.end_turn()

    def playing_back(self) -> bool:
        """Whether the line is being played back (viewer.clock)."""
        return self._ctl.player.playing

    def stop_playback(self) -> None:
        self._ctl.player.stop()

    def board_press(self, button, mods: str, pos):
        """Play mode's answer to a press: the scene's own drag first, then a click that may
        become an orbit, a pan or a drawing."""
        return self._ctl.pointer.board_press(button, mods, pos)

    def camera_drag(self, button, pos, kind: str):
        """A drag that orbits ("orbit") or pans ("pan") the camera from film position `pos`."""
        from viewer.camera_drag import CameraDrag

        return CameraDrag(self._ctl, button, pos, kind)

    # --- what the position editor asks (viewer.glonk.editor) ----------------------------------
    @property
    def record(self):
        """The record shown (a scenario's is set up again from its own words)."""
        return self._ctl.session.record

    def toggle_editor(self) -> None:
        """F2: into the position editor, or out of it with the position set up."""
        self._ctl.editor.toggle()
