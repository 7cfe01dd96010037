"""Glonk's own modes and keys: the aim (a flick being pulled back), the picking of a second
choice (the enemy a heroic assault attacks, the disc a power moves, where a Jumper lands or a
Kiboom goes), and the keys only Glonk has (aim preview, shot explorer, disc labels).

`AimMode` holds while a `FlickDrag` lasts (its `mode` names it). `PickMode` is pushed on the
window's mode machine when a piece-action button asks for a second choice, and popped when
the choice is made, cancelled (Esc) or the position changes: the scene reads what is being
picked from it (`GlonkScene.mode`), so there is one mode machine, not a second one hidden in
the scene.
"""
from __future__ import annotations

from viewer import keys as K
from viewer.modes import Mode, PlayMode


def _explorer(host):
    inp = getattr(host.scene, "input", None)
    return getattr(inp, "explorer", None) if inp is not None else None


def _explorer_key(key: str):
    def run(host):
        host.scene.input.on_key(key)
    return run


def _labels(host):
    host.scene.disc_labels.toggle()


def _has_labels(host) -> bool:
    return getattr(host.scene, "disc_labels", None) is not None


def _ghost(host):
    host.say(host.scene.toggle_ghost())


def _cancel_pick(host):
    scene = host.scene
    what = scene.picking_words()
    scene.set_mode(host.shown_state, None)
    host.say(f"{what} cancelled: choose the disc's action again" if what else "")


def _has_explorer(host) -> bool:
    return _explorer(host) is not None


GHOST = K.Key("g", _ghost, "Aim preview (ghost path) on / off: off for match play")
LABELS = [K.Key(e, _labels, "Label every disc with its id, on / off", _has_labels)
          for e in ("i", "shift-i", "control-i")]

#: The keys of each mode name that only Glonk has (`GlonkScene.keys`).
KEYS = {
    "play": [GHOST,
             K.Key("x", _explorer_key("x"), "Shot explorer (heatmap of a flick) on / off",
                   _has_explorer),
             K.Key("a", _explorer_key("a"), "Shot explorer: replay the kept aims", _has_explorer),
             K.Key("shift-a", _explorer_key("shift-a"), "Shot explorer: clear the kept aims",
                   _has_explorer),
             LABELS[0]],
    # Spin is Shift or Ctrl held while aiming, so A and I work whichever is down.
    "aim": [K.Key("x", _explorer_key("x"), "Shot explorer on / off", _has_explorer)]
    + [K.Key(e, _explorer_key("a"), "Keep this aim as a candidate (shot explorer)", _has_explorer)
       for e in ("a", "shift-a", "control-a")] + LABELS,
    "pick": [GHOST, LABELS[0]],
}


class AimMode(Mode):
    """A flick is being pulled back: Esc cancels it, the explorer's keys (X, A) and the disc
    labels' (I) work; nothing else reaches the game."""

    name = "aim"
    groups = ([K.Key("escape", "cancel_drag", "Cancel the flick"),
               K.Key("f1", "help", "Cancel the flick and show this help")], K.SCREENSHOT)
    scene_keys = "aim"

    def press(self, button, mods, pos):
        return None  # another button while aiming does nothing

    def wheel(self, factor):
        pass  # the zoom stays put: the pull is read in table metres anyway

    def key(self, event):
        if event == "f1":  # help closes the aim: the overlay takes the window
            self.host.cancel_flick()
        return super().key(event)

    def gestures(self):
        return [("Release the button", "Flick: away from the pull, harder the longer it is"),
                ("Shift / Ctrl held", "Add clockwise / anticlockwise spin"),
                ("Alt held", "Fine control: the pull moves at a quarter pace"),
                ("Release off the window", "Cancels the flick")]


#: What each pick asks for, in F1's words: (title, the click, what the click does).
PICKS = {
    "assault": ("Heroic assault", "Left click a ringed enemy", "Choose the one your disc attacks; "
                "then drag back from your disc and release"),
    "telekinesis": ("Telekinesis", "Left click a ringed enemy saucer",
                    "Choose the saucer; then drag back from it and release"),
    "fission": ("Meteoric fission", "Left click a ringed Asteroid",
                "Choose the Asteroid; then drag back from it and release"),
    "jump": ("Jump", "Left click on the Galaxy", "The Jumper lands there"),
    "place": ("Placing", "Left click beside the Base", "The piece goes there, touching the Base "
              "(a click on the Base: the first free spot facing the centre)"),
}


class PickMode(PlayMode):
    """A piece's action waits for a second choice (`kind`: a viewer.glonk.picking.Awaiting,
    an assault's or a power's target, a Jump's landing, or where a Kiboom or a teleported
    saucer goes): a left click makes it, Esc cancels it; the camera keys and the help still
    work, the record's keys wait."""

    name = "pick"
    groups = ([K.Key("escape", _cancel_pick, "Cancel this choice (back to the disc's actions)")],
              K.HELP, K.CAMERA, K.SCREENSHOT)
    scene_keys = "pick"

    def __init__(self, window, kind):
        super().__init__(window)
        self.kind = kind

    @property
    def what(self) -> str:
        return self.kind.choice.value

    def title(self) -> str:
        return f"Controls: {PICKS[self.what][0]}, pick mode ({self.host.game.title})"

    def gestures(self):
        _, click, does = PICKS[self.what]
        return [(click, does), K.ORBIT_ELSEWHERE, K.PAN, K.ZOOM]
