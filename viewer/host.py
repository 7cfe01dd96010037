"""What a scene may ask of the window: the narrow host interface.

A game's scene, its keys, its drags, its editor and every mode (the window's own too) get a
`Host` (the window's, made by the controller) and talk to the window only through it: the
position at the cursor and the one shown, a line in the message line, a move to play, a click,
the pointer and what is under it, a mode to push while a second choice is picked, a command to
run, a question to ask. They never read the controller's attributes, so the window's insides
can change without touching any game's package (tests/test_host_wall.py holds the wall).
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

    @shown_state.setter
    def shown_state(self, state) -> None:
        """An editor draws the position it sets up (the record's stays as it was)."""
        self._ctl.app.shown_state = state

    @property
    def jobs(self):
        """The window's one job service (viewer.jobs): work off the frame thread."""
        return self._ctl.app.jobs

    @property
    def record(self):
        """The record shown (an editor sets up from it: a puzzle at its start is the puzzle)."""
        return self._ctl.session.record

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
        """Put the window in a new `mode_class(host, *args)` (a `viewer.modes.Mode`, given
        this host) until `pop_mode`; returns that mode."""
        mode = mode_class(self, *args)
        self._ctl.modes.push(mode)
        return mode

    def pop_mode(self, mode=None) -> None:
        self._ctl.modes.pop(mode)

    @property
    def mode(self) -> str:
        return self._ctl.modes.active.name

    # --- what a mode's keys, presses and wheel reach (viewer.modes) ---------------------------
    def run_command(self, name: str) -> None:
        """Run a command of the window's one table (a key map's, a Done button's)."""
        self._ctl.run_command(name)

    def board_press(self, button: int, mods: str, pos):
        """A press on the board in play: the scene's flick, a click, an orbit or a drawing
        (a `viewer.modes.Drag`, or None)."""
        return self._ctl.pointer.board_press(button, mods, pos)

    def editor_press(self, button: int, mods: str, pos):
        """A press while setting up a position: the editor's (a `Drag`, or None)."""
        return self._ctl.pointer.editor_press(button, mods, pos)

    def camera_drag(self, button: int, pos, kind: str):
        """A drag that orbits (`kind` "orbit") or pans ("pan") the camera."""
        from viewer.camera_drag import CameraDrag

        return CameraDrag(self._ctl, button, pos, kind)

    def wheel_zoom(self, factor: float) -> None:
        self._ctl.pointer.wheel_zoom(factor)

    def editor_mouse_help(self) -> tuple:
        """What the mouse does in the game's editor (edit mode's F1)."""
        return self._ctl.editor.mouse_help()

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
        """A `mode_class(host, *args)` of this window, made for the scene's own list of
        modes (`Scene.modes`), not pushed."""
        return mode_class(self, *args)

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

    def cancel_drag(self) -> None:
        """End the drag under way without its effect (a field or a dialog takes the window)."""
        self._ctl.cancel_drag()

    def leave_field(self) -> None:
        """The text field with the keyboard lets go of it, its text kept."""
        self._ctl.leave_field()

    def computer_thinking(self) -> bool:
        """Whether the computer is choosing its move (its mode holds while it does)."""
        return self._ctl.computer.thinking is not None

    def logging(self) -> bool:
        """Whether a game from a real table is being logged (log mode holds), not set up."""
        return self._ctl.table_log.active and not self._ctl.editor.active

    @property
    def table_log(self):
        """Log mode's state (viewer.tablelog.TableLog): its entry's keys, presses and help."""
        return self._ctl.table_log

    # --- what log mode asks of the window (viewer.tablelog) -------------------------------------
    def hide_puzzle_box(self) -> None:
        """The puzzle box makes way (the log box sits where it does)."""
        self._ctl.puzzle_box.hide()

    def show_puzzle_box(self) -> None:
        """The puzzle box again, where there is one."""
        box = self._ctl.puzzle_box
        if box.frame is not None:
            box.frame.show()

    def sync_modes(self) -> None:
        """The mode machine looks again at what holds (a field took the keys, a mode ended)."""
        self._ctl.modes.sync()

    def escape_best_shot(self) -> bool:
        """Esc stops or hides the best shot first; whether it did."""
        return self._ctl.best.escape()

    def cursor_to(self, node) -> None:
        """Put the cursor at `node` (nothing animates)."""
        self._ctl.session.go_to(node)

    def play_observed(self, action, observed):
        """Record `action` at the cursor as observed at a real table (its entered places);
        returns the new node (raises what the rules or the record refuse)."""
        return self._ctl.session.play(action, observed=observed)

    def follow_turn_log(self, node) -> None:
        """The turn log shows the moves up to `node`."""
        self._ctl.log.follow(node)

    def show_node(self, node) -> None:
        """Draw `node`'s position (no motion)."""
        self._ctl.app.show_node(node)

    def animate_steps(self, parent, nodes) -> None:
        """Play the motion from `parent` through `nodes`."""
        self._ctl.app.animate_steps(parent, nodes)

    @property
    def a2dTopLeft(self):
        """The window's top-left corner: the log box hangs from it (Panda's name)."""
        return self._ctl.app.a2dTopLeft

    @property
    def screen(self):
        """The layout's screen (viewer.layout): a box asks it for its place and gives it back."""
        return self._ctl.app.screen

    # --- what an editor asks of the window (viewer.editing, viewer/<game>/editor.py) ----------
    def every_frame(self, lane: str, task, name: str) -> None:
        """Run `task(task)` each frame in `lane` of the window's frame order (viewer.frame)."""
        self._ctl.app.frame.add(lane, task, name)

    @property
    def a2dTopRight(self):
        """The window's top-right corner: an editor's panel hangs from it (Panda's name, so
        `viewer.editing.panel_frame` takes the host as it takes the app)."""
        return self._ctl.app.a2dTopRight

    def ask(self, text: str, answers) -> None:
        """A question with buttons: `answers` is [(words, what it runs or None)]."""
        self._ctl.dialogs.ask(text, answers)

    def scroll_field(self, entry) -> None:
        """A text field of several lines scrolls past them (viewer.fields)."""
        self._ctl.fields.scroll(entry)

    def hand_back_keys(self) -> None:
        """A field took the keyboard's keys up to its Enter (viewer.keyfocus)."""
        from viewer.keyfocus import hand_back_keys

        hand_back_keys(self._ctl.app)

    # --- what the position editor asks (viewer.glonk.editor) ----------------------------------
    def toggle_editor(self) -> None:
        """F2: into the position editor, or out of it with the position set up."""
        self._ctl.editor.toggle()
