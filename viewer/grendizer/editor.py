"""The Grendizer XperienZ editor in the window (edit mode, F2, on a Grendizer record): a click
on a lane space puts what the chosen tool says there (a MiniFO, the lane's Saucer Beast,
Grendizer in that zone) or takes it away; the panel sets damage, threat, the hand, the goal,
the hidden cards' order, the words; Verify shows the verdict; Save writes the puzzle under
scenarios/grendizer/. The position and puzzle live in
`scenarios.grendizer.editor.GrendizerEditorModel`, which knows no window."""
from __future__ import annotations

import time
from pathlib import Path

from games.grendizer.data import BEASTS, BOARD
from games.grendizer.rules import zone_name, zone_of
from scenarios.grendizer.editor import GrendizerEditorModel
from viewer.editing import X0, Verifying, WordEntries, panel_frame, panel_label, show_hints
from viewer.layout import SMALL

#: where the panel's controls sit (a2dTopRight units), for the panel and for tests
SPOTS = {"tool": (X0 + 0.09, -0.17, 0.185), "damage": (X0 + 0.36, -0.28, 0.09),
         "threat": (X0 + 0.62, -0.28, 0.09), "card": (X0 + 0.09, -0.28),
         "hand": (X0, -0.39), "goal": (X0 + 0.09, -0.50, 0.185),
         "turns": (X0 + 0.36, -0.61, 0.09), "amount": (X0 + 0.62, -0.61, 0.09),
         "order": (X0 + 0.09, -0.74, 0.185), "title": (X0, -0.94), "description": (X0, -1.06),
         "hint": (X0, -1.24), "verify": (X0 + 0.12, -1.41), "save": (X0 + 0.42, -1.41)}
TOOLS = (("MiniFO", "minifo"), ("Beast", "beast"), ("Remove", "remove"),
         ("Grendizer", "grendizer"))
GOALS = (("Destroy it", "beast"), ("Destroy N", "count"), ("Low threat", "threat"),
         ("Survive", "survive"))
ENTRY_FIELDS = ("title", "description", "hint", "hand")
#: How wide (ems of SMALL text) the line about the hidden cards may be: the panel's width.
ORDER_EMS = 22.0


def order_words(order: dict | None) -> str:
    """The hidden cards' order in one line of the panel: the next cards named while they fit
    (it ran into the Title label below when it wrapped)."""
    from viewer.dialogs import text_ems

    if order is None:
        return "Hidden cards: shuffled (a success chance)"
    upcoming = list(order["actions"])
    for n in range(min(4, len(upcoming)), 0, -1):
        more = " ..." if n < len(upcoming) else ""
        text = f"Hidden cards: fixed, next {' '.join(upcoming[:n])}{more}"
        if text_ems(text) <= ORDER_EMS:
            return text
    return "Hidden cards: in a fixed order"


def spot(name: str, i: int = 0) -> tuple[float, float]:
    """A control's centre in a2dTopRight units (the i-th of a row of buttons)."""
    x, y, *step = SPOTS[name]
    if name in ENTRY_FIELDS:
        return x + 0.3, y + 0.012
    return x + (step[0] * i if step else 0.0), y


class GrendizerEditor(Verifying, WordEntries):
    """Edit mode on the Grendizer board: place Vega Forces and Grendizer, set hands, threat,
    goal and words; verify; save."""

    #: What the mouse does while setting up a Grendizer position (the F1 help of edit mode).
    mouse_help = (("Left click a lane space", "The chosen tool's edit there"),
                  ("Right click a lane space", "Take away what is there"),
                  ("Left click a Saucer Beast", "Choose its lane"))

    WORD_FIELDS = ("title", "description")

    def __init__(self, host):
        self.host = host  # the window's (viewer.host.Host): all this editor asks of the window
        self.model: GrendizerEditorModel | None = None
        self.active = False
        self.tool = "minifo"
        self.lane: int | None = None  # the Saucer Beast last placed or clicked
        self.path: Path | None = None
        self.asked: dict = {}
        self.frame = None
        self.entries: dict = {}
        self._job = None  # verifying (viewer.editing.VerifyJob)
        host.every_frame("jobs", self._poll, "flickbook-grendizer-editor-poll")

    # --- entering and leaving ---------------------------------------------------------------
    def enter(self) -> bool:
        record, node = self.host.record, self.host.node
        try:
            if record.kind == "scenario" and node is record.root \
                    and record.scenario and record.scenario.get("goal"):
                from analysis.puzzles import Verdict
                from scenarios import Scenario

                scenario = Scenario.from_record(record)
                self.model = GrendizerEditorModel.from_scenario(scenario)
                if scenario.verdict:  # found for this very position and goal when saved
                    self.model.accept(Verdict.from_json(scenario.verdict), self.model.key())
            else:
                self.model = GrendizerEditorModel(node.state)
        except ValueError as exc:
            self.host.say(f"Setting up from a new game ({exc})")
            self.model = GrendizerEditorModel()
        self.lane, self.path, self.active = None, None, True
        self._build_panel()
        self.show()
        self.host.say("Set up: choose a tool, then click lane spaces")
        return True

    def finish(self):
        """The record to play from the set-up position and what to say."""
        self._sync_entries()
        scenario = self.model.scenario()
        return scenario.to_record(), f"{scenario.title}: playing from the set-up position"

    def close(self) -> None:
        self.active = False
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
        self.entries = {}

    # --- the board --------------------------------------------------------------------------
    def show(self) -> None:
        state = self.model.state()
        self.host.shown_state = state
        self.host.scene.show(state)
        self.host.refresh_status()
        self._refresh_panel()

    def board_click(self, pick, button: int = 1) -> None:
        """Left click on a lane space: the tool's edit there; right click: take away."""
        if pick is None or pick.cell is None:
            if pick is not None and pick.target and pick.target[0] == "beast":
                self.lane = pick.target[1]
                self._refresh_panel()
            return
        lane, space = pick.cell
        m = self.model
        tool = "remove" if button == 3 else self.tool
        if tool == "minifo":
            msg = m.add_minifo(lane, space) or f"A {BOARD.colours[lane]} MiniFO on space {space}"
        elif tool == "beast":
            msg = m.place_beast(lane, space)
            if msg is None:
                self.lane = lane
                msg = f"{BEASTS[m.state().lanes[lane].beast_card].name} on space {space}"
        elif tool == "grendizer":
            zone = zone_of(lane, space)
            msg = m.set_grendizer(zone) or f"Grendizer in {zone_name(zone)}"
        else:
            L = m.state().lanes[lane]
            if L.beast_pos == space:
                msg = m.remove_beast(lane) or "The Saucer Beast is back in its pile"
            else:
                msg = m.remove_minifo(lane, space) or "The MiniFO is back in its pile"
        self.host.say(msg)
        self.show()

    # --- panel ------------------------------------------------------------------------------
    def _entry_done(self, name: str) -> None:
        if name != "hand":
            return super()._entry_done(name)
        e = self.entries.get(name)
        if e is None or self.model is None:
            return
        msg = self.model.set_hand(self.model.state().player, e.get().upper().split())
        self.host.say(msg or "Hand set")
        self.show()

    def _build_panel(self) -> None:
        from viewer.panel import DIM, _button

        f = self.frame = panel_frame(self.host)

        def label(text, y, scale=0.034, fg=None, x=X0, wrap=None):
            return panel_label(f, text, y, scale, fg, x, wrap)

        def button(text, name, i, command, args=(), width=0.17, scale=0.026):
            x, y = spot(name, i)
            return _button(f, text, command, (x, 0, y), width=width, height=0.06, scale=scale,
                           extraArgs=list(args))

        label("Set up a Grendizer puzzle", -0.075, 0.042)
        _button(f, "Done (F2)", lambda: self.host.run_command("edit_mode"), (-0.13, 0, -0.062), width=0.2,
                height=0.06, scale=0.032)
        self.tool_buttons = [button(t, "tool", i, self.set_tool, [k])
                             for i, (t, k) in enumerate(TOOLS)]
        button("Next card", "card", 0, self.next_beast_card)
        label("damage", -0.235, 0.024, DIM, x=SPOTS["damage"][0] - 0.04)
        label("threat", -0.235, 0.024, DIM, x=SPOTS["threat"][0] - 0.04)
        for i, (t, d) in enumerate((("-", -1), ("+", 1))):
            button(t, "damage", i, self._damage, [d], width=0.08, scale=0.04)
            button(t, "threat", i, self._threat, [d], width=0.08, scale=0.04)
        self._make_entries(f, (("hand", "Hand of the player to move (card ids; Enter)", 1),
                               ("title", "Title", 1), ("description", "Description", 2),
                               ("hint", "Hint (Enter adds it)", 1)), SPOTS)
        self.entries["hand"].enterText(" ".join(self.model.state().hands[self.model.state().player]))
        label("Goal", -0.455, 0.028, DIM)
        for i, (t, k) in enumerate(GOALS):
            button(t, "goal", i, self.set_goal, [k])
        label("turns", -0.565, 0.024, DIM, x=SPOTS["turns"][0] - 0.04)
        label("N / T", -0.565, 0.024, DIM, x=SPOTS["amount"][0] - 0.04)
        for i, (t, d) in enumerate((("-", -1), ("+", 1))):
            button(t, "turns", i, self._turns, [d], width=0.08, scale=0.04)
            button(t, "amount", i, self._amount, [d], width=0.08, scale=0.04)
        self.goal_label = label("", -0.675, 0.028, (0.75, 0.95, 0.75, 1), wrap=27)
        button("Fix order", "order", 0, self.fix_order)
        button("Shuffled", "order", 1, self.shuffle_order)
        self.order_label = label("", -0.805, SMALL, DIM)  # one line (order_words): Title is below
        self.hints_label = label("", -1.315, 0.026, wrap=28)
        _button(f, "Verify", self.verify, (spot("verify")[0], 0, spot("verify")[1]),
                width=0.24, height=0.07)
        _button(f, "Save puzzle", self.save, (spot("save")[0], 0, spot("save")[1]),
                width=0.3, height=0.07)
        self.result_label = label("", -1.51, 0.03, (0.98, 0.84, 0.30, 1), wrap=25)
        self.problem_label = label("", -1.60, 0.026, (1, 0.7, 0.5, 1), wrap=28)
        label("Click: the tool's edit   Right-click: take away", -1.93, 0.024, DIM)

    def _refresh_panel(self) -> None:
        if self.frame is None:
            return
        m = self.model
        for b, (_, k) in zip(self.tool_buttons, TOOLS):
            b["frameColor"] = (0.45, 0.38, 0.15, 1) if k == self.tool else (0.22, 0.24, 0.29, 1)
        self.goal_label["text"] = m.goal_words()
        self.order_label["text"] = order_words(m.order)
        show_hints(self.hints_label, m.hints, 2)  # the room above Verify
        self.result_label["text"] = self.verify_words()
        problems = m.problems()
        self.problem_label["text"] = problems[0] if problems else ""

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.host.say(f"Tool: {tool} (click a lane space; right-click takes away)")
        self._refresh_panel()

    def _selected_lane(self) -> int | None:
        if self.lane is None or self.model.state().lanes[self.lane].beast_token != "board":
            self.host.say("Place or click a Saucer Beast first")
            return None
        return self.lane

    def next_beast_card(self) -> None:
        lane = self._selected_lane()
        if lane is None:
            return
        s = self.model.state()
        L = s.lanes[lane]
        later = [c for c in s.beast_deck if c > L.beast_card] or list(s.beast_deck)
        if not later:
            self.host.say("No other Saucer Beast card is left in the deck")
            return
        msg = self.model.place_beast(lane, L.beast_pos, later[0])
        self.host.say(msg or f"{BEASTS[later[0]].name} ({BEASTS[later[0]].life} HP, "
                            f"{BEASTS[later[0]].power})")
        self.show()

    def _damage(self, d: int) -> None:
        lane = self._selected_lane()
        if lane is None:
            return
        L = self.model.state().lanes[lane]
        self.host.say(self.model.set_damage(lane, L.damage + d) or f"Damage {L.damage + d}")
        self.show()

    def _threat(self, d: int) -> None:
        t = self.model.state().threat + d
        self.host.say(self.model.set_threat(t) or f"Threat {t}")
        self.show()

    def set_goal(self, kind: str) -> None:
        m = self.model
        if kind == "beast":
            lane = self._selected_lane()
            if lane is None:
                return
            m.set_goal("destroy", beast=m.state().lanes[lane].beast_card)
        elif kind == "count":
            m.set_goal("destroy", beast=None)
        else:
            m.set_goal(kind)
        self.host.say(m.goal_words())
        self._refresh_panel()

    def _turns(self, d: int) -> None:
        self.model.goal_turns = max(1, min(12, self.model.goal_turns + d))
        self._refresh_panel()

    def _amount(self, d: int) -> None:
        m = self.model
        if m.goal_kind == "threat":
            m.goal_below = max(1, m.goal_below + d)
        else:
            m.goal_count = max(1, min(4, m.goal_count + d))
        self._refresh_panel()

    def fix_order(self) -> None:
        self.model.fix_order(int(time.time()) % 1000)
        self.host.say("The hidden cards come in a fixed order: Verify searches every line")
        self._refresh_panel()

    def shuffle_order(self) -> None:
        self.model.shuffle_order()
        self.host.say("The hidden cards are shuffled: Verify estimates the success chance")
        self._refresh_panel()

    # --- verify and save --------------------------------------------------------------------
    def verify(self) -> None:
        """Verify in a thread (playouts can take a while); the panel polls it."""
        if self._job is not None:
            return
        self._sync_entries()
        problems = self.model.problems()
        if problems:
            self.host.say(problems[0])
            return
        from analysis.puzzles import verify

        state, goal = self.model.state(), self.model.goal()
        self.start_verify(lambda: verify("grendizer", state, goal, samples=100), self.model.key())

    def save(self) -> None:
        self._sync_entries()
        if not self.model.verified:
            self.host.say("Verify the puzzle first: a puzzle is saved with its verdict")
            return
        self._save_to_default_path()
