"""The timeline panel (DirectGUI on aspect2d): scrub bar, transport buttons, move tree,
comment box and glyph buttons, plus the message line.

The panel draws what the controller tells it and calls controller commands; it holds no
record logic of its own beyond laying out the tree as rows.
"""
from __future__ import annotations

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectEntry, DirectFrame, DirectLabel
from panda3d.core import TextNode

from timeline import GLYPHS
from viewer.keyfocus import hand_back_keys
from viewer.layout import MESSAGE_LINES, MESSAGE_PAD, MESSAGE_SCALE, SMALL
from viewer.movelist import MoveList, tree_rows  # noqa: F401 - tree_rows: the rows' order

PANEL_W = 0.80  # right panel width in aspect2d units
BAR_H = 0.215  # bottom bar height
ROW_H = 0.052
ROWS = 12
TEXT = (0.93, 0.93, 0.90, 1)
DIM = (0.62, 0.63, 0.66, 1)
BG = (0.09, 0.10, 0.12, 0.88)
BTN = (0.22, 0.24, 0.28, 1)
BTN_HOT = (0.34, 0.38, 0.46, 1)
CURRENT = (0.85, 0.62, 0.15, 1)
MESSAGE_BG = (0.03, 0.04, 0.06, 0.78)
#: A second row of the bar, for turn buttons that do not fit beside the transport buttons.
BAR_ROW = 0.085
PLAYER_FG = {"yellow": (0.98, 0.84, 0.30, 1), "red": (1.0, 0.48, 0.42, 1),
             "green": (0.45, 0.88, 0.52, 1), "blue": (0.52, 0.68, 1.0, 1)}


def _button(parent, text, command, pos, width=0.16, height=0.07, scale=0.038, **kw):
    scale = max(scale, SMALL)  # no smaller than a player can read
    w, h = width / 2, height / 2
    return DirectButton(parent=parent, text=text, command=command, pos=pos, relief=DGG.FLAT,
                        frameSize=(-w, w, -h, h), frameColor=(BTN, BTN_HOT, BTN_HOT, BTN),
                        text_scale=scale, text_fg=TEXT, text_pos=(0, -scale * 0.35),
                        pressEffect=1, **kw)


class TimelinePanel:
    """Bottom transport bar with the scrub bar; right panel with moves and annotations."""

    def __init__(self, app, controller):
        self.app = app
        self.ctl = controller
        self._scrubbing = False
        self._last_fraction = None
        # bottom bar
        self.bar = DirectFrame(parent=app.a2dBottomLeft, frameColor=BG,
                               frameSize=(0, 3.0, 0, BAR_H), pos=(0, 0, 0))
        self.track = DirectFrame(parent=self.bar, frameColor=(0, 0, 0, 0), state=DGG.NORMAL,
                                 frameSize=(0, 1, -0.03, 0.03), pos=(0.05, 0, 0.165))
        self.track_line = DirectFrame(parent=self.track, frameColor=(0.30, 0.32, 0.36, 1),
                                      frameSize=(0, 1, -0.008, 0.008))
        self.track_fill = DirectFrame(parent=self.track, frameColor=(0.85, 0.62, 0.15, 1),
                                      frameSize=(0, 1, -0.008, 0.008))
        self.knob = DirectFrame(parent=self.track, frameColor=(0.98, 0.86, 0.55, 1),
                                frameSize=(-0.012, 0.012, -0.028, 0.028))
        self.track.bind(DGG.B1PRESS, self._scrub_press)
        self.ply_label = DirectLabel(parent=self.bar, text="", text_scale=0.036, text_fg=DIM,
                                     frameColor=(0, 0, 0, 0), text_align=TextNode.ARight,
                                     pos=(1.0, 0, 0.115))
        x = 0.11
        self.buttons = {}
        specs = [("|<", "start", 0.09), ("<", "back", 0.09),
                 ("Rev", "play_reverse", 0.11), ("Play", "play_pause", 0.13),
                 (">", "forward", 0.09), (">|", "end", 0.09),
                 ("-", "slower", 0.07), ("1x", None, 0.10), ("+", "faster", 0.07),
                 ("Undo", "undo", 0.13), ("Redo", "redo", 0.13),
                 ("Top", "view_top", 0.11), ("Seat", "view_seat", 0.11),
                 ("Keep view", "save_view", 0.2), ("Save", "save", 0.12),
                 ("Open", "open", 0.12), ("Learn", "learn", 0.13),
                 ("F1 Help", "help", 0.16)]
        for label, cmd, width in specs:
            x += width / 2
            if cmd is None:
                self.speed_label = DirectLabel(parent=self.bar, text=label, text_scale=0.036,
                                               text_fg=TEXT, frameColor=(0, 0, 0, 0),
                                               pos=(x, 0, 0.048))
            else:
                self.buttons[cmd] = _button(self.bar, label, controller.press_button,
                                            (x, 0, 0.06), width=width - 0.012, extraArgs=[cmd])
            x += width / 2 + 0.004
        self.turn_buttons: list = []
        self.turn_x = x + 0.03
        # message line (rule messages, file results): placed and wrapped by viewer.layout
        self.message = DirectLabel(parent=app.a2dTopLeft, text="", text_scale=MESSAGE_SCALE,
                                   text_fg=(1, 0.82, 0.5, 1), text_shadow=(0, 0, 0, 1),
                                   frameColor=MESSAGE_BG, text_align=TextNode.ALeft,
                                   frameSize=(0, 0.1, -0.1, 0), pos=(0.05, 0, -1.5))
        self.message.hide()
        self.message_cut = False
        app.screen.on_message = self._place_message
        app.screen.set_message("")
        # right panel
        self.side = DirectFrame(parent=app.a2dTopRight, frameColor=BG,
                                frameSize=(-PANEL_W, 0, -2.0, 0))
        DirectLabel(parent=self.side, text="Moves", text_scale=0.045, text_fg=TEXT,
                    frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(-PANEL_W + 0.04, 0, -0.07))
        self.up_btn = _button(self.side, "^", lambda: self.scroll_by(-ROWS // 2), (-0.14, 0, -0.06),
                              width=0.08, height=0.06)
        self.down_btn = _button(self.side, "v", lambda: self.scroll_by(ROWS // 2), (-0.05, 0, -0.06),
                                width=0.08, height=0.06)
        top = -0.13
        self.moves = MoveList(app, self.side, (-PANEL_W + 0.03, top + ROW_H * 0.7, -0.02,
                                               top - ROWS * ROW_H + ROW_H * 0.7),
                              go_to=controller.navigation.go_to, menu=self._row_menu)
        y = top - ROWS * ROW_H - 0.02
        DirectLabel(parent=self.side, text="What happened", text_scale=SMALL, text_fg=DIM,
                    frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(-PANEL_W + 0.04, 0, y))
        self.log_top = y - 0.02  # the turn log's box (viewer.turnlog) is docked here
        from viewer.turnlog import TurnLog

        y = self.log_top - TurnLog.height() - 0.05
        DirectLabel(parent=self.side, text="Comment (Enter keeps it)", text_scale=SMALL, text_fg=DIM,
                    frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft, pos=(-PANEL_W + 0.04, 0, y))
        self.comment = DirectEntry(parent=self.side, scale=SMALL, width=(PANEL_W - 0.08) / SMALL,
                                   numLines=4, pos=(-PANEL_W + 0.04, 0, y - 0.05),
                                   frameColor=(0.16, 0.17, 0.2, 1), text_fg=TEXT,
                                   command=self._comment_entered, focusOutCommand=self._comment_left,
                                   initialText="", cursorKeys=1)
        self.comment.bind(DGG.OVERFLOW, lambda *_event: self.ctl.say(
            f"The comment box is full ({self.comment['numLines']} lines): shorten it to add more"))
        y -= 0.26
        self.glyph_buttons = {}
        gx = -PANEL_W + 0.08
        for g in GLYPHS:
            self.glyph_buttons[g] = _button(self.side, g, controller.edits.glyph, (gx, 0, y),
                                            width=0.105, height=0.065, extraArgs=[g])
            gx += 0.118
        y -= 0.075
        self.hint = DirectLabel(parent=self.side, text="Right-drag: arrow  Right-click: field\n"
                                "Shift/Ctrl: red/blue  C: clear",
                                text_scale=SMALL, text_fg=DIM, frameColor=(0, 0, 0, 0),
                                text_align=TextNode.ALeft, pos=(-PANEL_W + 0.04, 0, y - 0.02))
        self.menu = None
        self._comment_node = None
        self.layout()
        app.accept("window-event", self._window_event)

    # --- layout -------------------------------------------------------------------------------
    def _window_event(self, win):
        self.app.windowEvent(win)  # ShowBase's own handling (aspect ratio, close)
        self.layout()

    def width(self) -> float:
        return 2 * self.app.getAspectRatio() - PANEL_W

    def layout(self) -> None:
        w = self.width()
        self.bar["frameSize"] = (0, w, 0, self.bar_height())
        self.track_w = max(w - 0.3, 0.5)
        self.track["frameSize"] = (0, self.track_w, -0.03, 0.03)
        self.track_line["frameSize"] = (0, self.track_w, -0.008, 0.008)
        self.ply_label.setX(w - 0.03)
        # the knob and the filled part stand where the last fraction falls on the new track
        # (a window made taller or narrower changes the track's length: until the cursor next
        # moved, they stood where the old track put them, past its end)
        shown, self._last_fraction = self._last_fraction, None
        if shown is not None:
            self.set_fraction(shown, self.ply_label["text"])
        if getattr(self, "turn_buttons", None):
            self._place_turn_buttons()
        self.app.screen.set_fixed(PANEL_W, self.bar_height())

    def bar_height(self) -> float:
        """The bar's height: a second row when the turn buttons do not fit beside the rest."""
        return BAR_H + (BAR_ROW if self.turn_buttons and not self._turn_fits() else 0.0)

    def _turn_fits(self) -> bool:
        widths = [b["frameSize"][1] - b["frameSize"][0] for b in self.turn_buttons]
        total = sum(widths) + 0.01 * max(len(widths) - 1, 0)
        return self.turn_x + total <= self.width() - 0.02

    def dock_log(self, log) -> None:
        """The turn log's place: in the side panel, under the move list."""
        log.dock(self.side, -PANEL_W + 0.03, self.log_top, PANEL_W - 0.05)

    def typing(self) -> bool:
        """True while the comment box has the keyboard (bindings stand aside)."""
        return bool(self.comment.guiItem.getFocus())  # the real focus: a click sets it too

    # --- scrub bar ----------------------------------------------------------------------------
    def set_fraction(self, fraction: float, label: str) -> None:
        fraction = min(max(fraction, 0.0), 1.0)
        if fraction != self._last_fraction:
            self._last_fraction = fraction
            x = fraction * self.track_w
            self.knob.setX(x)
            self.track_fill["frameSize"] = (0, max(x, 0.0001), -0.008, 0.008)
        if self.ply_label["text"] != label:
            self.ply_label["text"] = label

    def mouse_fraction(self) -> float | None:
        mw = self.app.mouseWatcherNode
        if mw is None or not mw.hasMouse():
            return None
        m = mw.getMouse()
        p = self.track.getRelativePoint(self.app.render2d, (m.x, 0, m.y))
        return min(max(p.x / self.track_w, 0.0), 1.0)

    def _scrub_press(self, _event):
        self._scrubbing = True
        self.ctl.player.scrub_to(self.mouse_fraction())

    def scrub_release(self):
        self._scrubbing = False

    @property
    def scrubbing(self) -> bool:
        return self._scrubbing

    def set_playing(self, playing: bool, speed: float) -> None:
        self.buttons["play_pause"]["text"] = "Pause" if playing and speed > 0 else "Play"
        self.buttons["play_reverse"]["text"] = "Pause" if playing and speed < 0 else "Rev"
        text = f"{abs(speed):g}x" + (" rev" if speed < 0 else "")
        if self.speed_label["text"] != text:
            self.speed_label["text"] = text

    def set_message(self, text: str) -> None:
        """The message line shows `text` wrapped to the room the layout gives it."""
        self.app.screen.set_message(text)

    def _place_message(self, rect, lines, cut) -> None:
        self.message_cut = cut
        text = "\n".join(lines)
        if rect is None or not text:
            self.message.hide()
            if self.message["text"]:
                self.message["text"] = ""
            return
        u = self.app.screen.unit()
        x, z = self.app.screen.top_left(rect)
        n = max(len(lines), 1)
        # the backdrop holds the lines shown, at the bottom of the room (nearest the bar)
        line = (rect.h - 2 * MESSAGE_PAD) / MESSAGE_LINES
        h = n * line + 2 * MESSAGE_PAD
        width = max(self.app.screen.measure(s) for s in lines) + 2 * MESSAGE_PAD + 2
        top = rect.y1 - h
        self.message.setPos(x, 0, -top / u)
        self.message["frameSize"] = (0, min(width, rect.w) / u, -h / u, 0)
        self.message["text_pos"] = (MESSAGE_PAD / u, -(MESSAGE_PAD + line * 0.78) / u)
        if self.message["text"] != text:
            self.message["text"] = text
        self.message.show()

    def set_turn_actions(self, actions) -> None:
        """Buttons for whole-turn game actions (end turn, offers): (label, callback) pairs."""
        key = tuple(label for label, _ in actions)
        if key == tuple(b["text"] for b in self.turn_buttons):
            for b, (_, cb) in zip(self.turn_buttons, actions):
                b["command"] = cb
            return
        for b in self.turn_buttons:
            b.destroy()
        self.turn_buttons = []
        for label, cb in actions:
            b = _button(self.bar, label, cb, (0, 0, 0.06), width=0.05 + 0.024 * len(label))
            b["frameColor"] = ((0.45, 0.30, 0.08, 1), (0.62, 0.44, 0.12, 1), (0.62, 0.44, 0.12, 1), BTN)
            self.turn_buttons.append(b)
        self._place_turn_buttons()

    def _place_turn_buttons(self) -> None:
        """After the transport buttons when they fit in the bar; else in a row just above the
        bar's right end (a narrow window, two turn buttons), never under the move list."""
        widths = [b["frameSize"][1] - b["frameSize"][0] for b in self.turn_buttons]
        total = sum(widths) + 0.01 * max(len(widths) - 1, 0)
        fits = self._turn_fits()
        x, z = (self.turn_x, 0.06) if fits else (self.width() - 0.02 - total, BAR_H + BAR_ROW / 2)
        for b, width in zip(self.turn_buttons, widths):
            b.setPos(x + width / 2, 0, z)
            x += width + 0.01
        self.bar["frameSize"] = (0, self.width(), 0, self.bar_height())
        self.app.screen.set_fixed(PANEL_W, self.bar_height())

    # --- move list ----------------------------------------------------------------------------
    def refresh_tree(self, session, force: bool = False) -> None:
        """Lay out the tree as rows; keep the cursor's row in view (viewer.movelist)."""
        self.moves.refresh(session, force)

    def scroll_by(self, n: int) -> None:
        self.moves.scroll_by(n)

    @property
    def scroll(self) -> int:
        """The first row shown."""
        return self.moves.first

    @scroll.setter
    def scroll(self, first: int) -> None:
        self.moves.first = max(0, first)
        self.moves.draw()

    def _row_menu(self, node, button) -> None:
        self.close_menu()
        pos = button.getPos(self.app.aspect2d)
        menu = DirectFrame(parent=self.app.aspect2d, frameColor=(0.13, 0.14, 0.17, 0.97),
                           frameSize=(-0.02, 0.5, -0.33, 0.05), pos=(min(pos.x, self.app.getAspectRatio() - 0.55), 0, pos.z))
        menu.setBin("gui-popup", 10)
        items = [("Promote", self.ctl.edits.promote), ("Make main line", self.ctl.edits.make_main_line),
                 ("Delete from here", self.ctl.edits.delete_from_here), ("Cancel", None)]
        for j, (label, cmd) in enumerate(items):
            _button(menu, label, self._menu_pick, (0.24, 0, -0.03 - j * 0.08), width=0.48,
                    height=0.07, extraArgs=[cmd, node])
        self.menu = menu

    def _menu_pick(self, cmd, node) -> None:
        self.close_menu()
        if cmd is not None:
            cmd(node)

    def close_menu(self) -> None:
        if self.menu is not None:
            self.menu.destroy()
            self.menu = None

    # --- annotations ----------------------------------------------------------------------------
    def show_annotations(self, node) -> None:
        if not self.typing():
            self._comment_node = node
            if self.comment.get() != node.comment:
                self.comment.enterText(node.comment)
        for g, b in self.glyph_buttons.items():
            on = g in node.glyphs
            b["frameColor"] = ((0.62, 0.44, 0.12, 1) if on else BTN, BTN_HOT, BTN_HOT, BTN)

    # The box's text belongs to the node it was typed on (`_comment_node`): Enter, Esc and a
    # click elsewhere all keep it there, whatever the cursor did meanwhile.
    def focus_comment(self, node) -> None:
        self._comment_node = node
        if self.comment.get() != node.comment:
            self.comment.enterText(node.comment)
        self.comment["focus"] = 1

    def leave_comment(self) -> None:
        if self.typing():
            self._comment_left()  # now, not when the focus-out event comes round
            self.comment["focus"] = 0

    def keep_draft(self, node) -> None:
        """Each frame: a box not being typed in shows the cursor's node's comment."""
        if not self.typing() and self._comment_node is not node:
            self.show_annotations(node)

    def forget_drafts(self) -> None:
        if self.typing():
            self.comment["focus"] = 0
        self._comment_node = None

    def _comment_entered(self, text: str) -> None:
        hand_back_keys(self.app)
        self._comment_left()
        self.comment["focus"] = 0

    def _comment_left(self) -> None:
        node = self._comment_node
        if node is not None and node.record is self.ctl.session.record:
            self.ctl.edits.comment(self.comment.get(), node)
