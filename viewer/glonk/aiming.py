"""The Glonk scene's aiming room: the flick gesture from the press to the release (the
slingshot's band, arrow, rest ring and power gauge), the flick a release would play, the
ghost path simulated off the frame thread, and the table feel (practice, club, expert) that
decides how much of that path the table shows and how the hand scatters the flick.

The aim's state lives on the scene (`aim`, `spin`, `aim_line`, `ghost_line`), where the
flick drag (viewer.glonk.input.FlickDrag), the shot explorer and the status lines read it.
"""
from __future__ import annotations

import math

from games.glonk import rules as R
from games.glonk.actions import Flick
from viewer import geometry
from viewer.glonk import aim as AIM
from viewer.glonk import meshes, words
from viewer.glonk.picking import Choice, choice_of
from viewer.glonk.settings import save_setting as _save_setting
from viewer.scene import ClickResult, Pick

AIM_OK = (0.30, 1.0, 0.45, 0.9)
AIM_HYPER = (1.0, 0.62, 0.12, 0.9)
AIM_LOST = (1.0, 0.22, 0.18, 0.9)
GHOST = (0.80, 0.90, 1.0, 0.75)
CONTACT = (1.0, 0.95, 0.35, 0.95)

#: Picks whose flick moves another disc than the selected one (a power's).
POWERS = (Choice.TELEKINESIS, Choice.FISSION)


def assault_verdict(step) -> str | None:
    """The simulator's verdict on a heroic assault: "heroic assault on V1 succeeds", or
    "... fails" with why (the first disc touched, a hyper-propulsion, a shield); None for a
    flick that is no assault."""
    ev = next((e for e in getattr(step, "events", ()) if e.kind == "heroic_assault"), None)
    if ev is None:
        return None
    d = ev.data
    head = f"heroic assault on {d.get('target')}"
    if d.get("success"):
        return f"{head} succeeds"
    first = d.get("first_touched")
    if first != d.get("target"):
        why = f"first touches {first}" if first else "touches nothing"
    elif any(e.kind == "hyper_propulsion" for e in step.events):
        why = "a hyper-propulsion"
    elif any(e.kind == "shield" for e in step.events):
        why = "shielded"
    else:
        why = "stopped first"
    return f"{head} fails: {why}"


def ending_words(step) -> str | None:
    """How the simulated flick ends, in the aim line's words (the path line's event says the
    same of the same step); None when its events name no propulsion."""
    kinds = {e.kind for e in getattr(step, "events", ())}
    if "lost_in_space" in kinds:
        return AIM.LOST_WORDS
    if "hyper_propulsion" in kinds:
        return AIM.HYPER_WORDS
    if "standard_propulsion" in kinds:
        return AIM.STANDARD_WORDS
    return None


class Aiming:
    """The aim of the Glonk scene `scene`: what a drag flicks and how it is drawn."""

    def __init__(self, scene):
        self.scene = scene
        self._ghost_shown = None
        self._aim_parts: dict = {}

    def clear_aim(self) -> None:
        s = self.scene
        s.aim = None
        s.aim_line = None
        s.aim_root.getChildren().detach()
        s.ghost_root.getChildren().detach()
        s.ghost_line = None
        self._ghost_shown = None

    def toggle_ghost(self) -> str:
        """G: the aim preview (ghost path) on or off (a house setting: off for match play)."""
        s = self.scene
        s.ghost_on = not s.ghost_on
        _save_setting("aim_preview", s.ghost_on)
        s.ghost_root.getChildren().detach()
        self._ghost_shown = None
        s.ghost_line = None
        return ("Aim preview on: the ghost path shows where a flick goes" if s.ghost_on
                else "Aim preview off (match play)")

    def flick_piece(self, state) -> str | None:
        """The disc a drag would flick now: the selection, or the target of a power."""
        s = self.scene
        if state is None or state.phase != "actions":
            return None
        if choice_of(s.mode) in POWERS:
            return s.target
        if s.selected is not None:
            p = state.get(s.selected)
            if p is not None and R.activatable(state, p) and p.speed > 0:
                return p.id
        return None

    # --- the flick gesture ------------------------------------------------------------------------
    def press(self, state, pick, button, mods, host):
        """A left press on your own active disc (or the disc a power moves) starts a flick:
        the scene's `FlickDrag` runs it, so the camera stays put while you aim."""
        s = self.scene
        if button != 1 or state is None or state.phase != "actions":
            return None
        start = host.pointer()
        pressed = s.input.pointer("mouse1", "down") if s.input is not None else None
        if pressed is not None and pressed != start:  # where the button went down
            start, pick = pressed, host.pick_at(pressed)
        if pick.piece is None:
            return None
        if self.flick_piece(state) != pick.piece:
            if s.mode is not None:
                return None  # a power or an assault waits for its target first
            p = state.get(pick.piece)
            if p is None or p.owner != state.turn_player:
                return None
            if not p.is_ship or not R.activatable(state, p) or p.speed <= 0:
                # your own disc that cannot be flicked (the Base, one already played): the
                # press says why it does not move (then drags the camera, as anywhere)
                why = host.game.refusal(state, Flick(p.id, 0.0, 1.0, 0.0))
                host.say(f"{p.id} does not move: {why[:1].lower()}{why[1:]}" if why else
                         f"{p.id} cannot be flicked now")
                return None
            s.picking.select(state, p.id)
        if not self.drag_begin(state, pick):
            return None
        from viewer.glonk.input import FlickDrag

        return FlickDrag(host, s, state, pick, start)

    # --- the table feel and the flick a release plays ---------------------------------------------
    def feel(self) -> str:
        """The table feel of the game shown (config.feel): practice, club or expert."""
        return getattr(getattr(self.scene.state, "config", None), "feel", "practice")

    def guide(self) -> str:
        """How much of the aimed flick's simulated path the table shows: "path" (practice),
        "contact" (club: the first contact only) or "none" (expert)."""
        return {"club": "contact", "expert": "none"}.get(self.feel(), "path")

    @staticmethod
    def executed(node, intent):
        """The flick the hand makes of `intent` at `node` under the game's table feel: the
        intent itself at practice, else one draw of the feel's scatter (analysis.glonk.skill),
        seeded by the record and the place in it, so it is the same every time."""
        from analysis.glonk.skill import executed_flick

        feel = getattr(node.state.config, "feel", "practice")
        if not isinstance(intent, Flick) or feel == "practice":
            return intent
        key = f"{node.record.headers.get('created')}|{'.'.join(map(str, node.path))}"
        return executed_flick(intent, feel, key)

    def intended_flick(self, aim):
        """The Flick a release would play for `aim` (None: no aim, or no target chosen yet)."""
        s = self.scene
        if aim is None:
            return None
        choice = choice_of(s.mode)
        if choice in POWERS:
            return Flick.make(aim.piece, aim.angle, aim.speed, s.spin, power=choice.value,
                              by=s.selected)
        if choice is Choice.ASSAULT and s.target is None:
            return None
        return Flick.make(aim.piece, aim.angle, aim.speed, s.spin,
                          assault=s.target if choice is Choice.ASSAULT else None)

    def aimed_flick(self, aim):
        """The Flick the current aim would play, for the ghost path (None: nothing to show,
        as at the expert table)."""
        if not self.scene.ghost_on or self.guide() == "none":
            return None
        return self.intended_flick(aim)

    # --- the ghost path (the aimed flick, simulated off the frame thread) --------------------------
    def ghost_frame(self) -> None:
        """Draw the newest simulated ghost path while aiming (called each frame)."""
        s = self.scene
        if s.ghost is None:
            return
        got = s.ghost.take() if s.aim is not None else None
        if got is self._ghost_shown:
            return
        self._ghost_shown = got
        s.ghost_root.getChildren().detach()
        s.ghost_line = None
        base = s.base
        if got is None or got[1] is None or got[1].motion is None:
            if got is not None and isinstance(s.aim, AIM.Aim) and s.aim_line:  # no simulation:
                s.aim_line = s.aim_line.replace(f": {AIM.SIMULATING}", ": " + (  # the textbook's
                    AIM.STANDARD_WORDS if s.aim.standard else AIM.HYPER_WORDS))
            base.refresh_status() if hasattr(base, "refresh_status") else None
            return
        flick, step = got
        self.draw_ghost(flick.piece, step)
        if hasattr(base, "wake"):
            base.wake()
            base.mark("ghost_path")
            base.refresh_status()

    def draw_ghost(self, pid: str, step) -> None:
        """The flicked disc's simulated path, where it rests, and its first contact."""
        from viewer.glonk.bestshot import path_points

        s = self.scene
        m = step.motion
        if pid not in m.ids:
            return
        i = m.index(pid)
        whole = self.guide() == "path"  # the club table shows the first contact alone
        pts = path_points(step, pid, samples=120)
        if len(pts) >= 2 and whole:
            path = meshes.polyline_mesh("ghost", pts, 0.003, GHOST)
            path.setZ(0.0018)
            path.reparentTo(s.ghost_root)
        p = s.state.get(pid) if s.state is not None else None
        radius = p.radius if p is not None else 0.02
        if whole:
            rest = meshes.ring_mesh("ghost-rest", radius - 0.002, 0.002, GHOST)
            rest.setPos(pts[-1][0], pts[-1][1], 0.0019)
            rest.reparentTo(s.ghost_root)
        first = m.first_contact
        hit = None
        if first is not None:
            other = first.b if first.a == pid else first.a
            x, y = m.pose_at(first.t)[i][:2]
            mark = meshes.ring_mesh("ghost-contact", radius * 0.55, 0.004, CONTACT)
            mark.setPos(float(x), float(y), 0.0022)
            mark.reparentTo(s.ghost_root)
            hit = other
        outcome = words.event_lines(step, lambda seat: f"P{seat + 1}")
        said = next((w for w in outcome if "propulsion" in w or "atomised" in w or "lost" in w), "")
        if not whole:
            said = ""  # where it ends is for the hand to find out
        s.ghost_line = "Path: " + (f"first touches {hit}" if hit else "touches nothing") + (
            f"; {said}" if said else "")
        verdict = assault_verdict(step)
        if verdict is not None and whole:  # the aim line and the path line say the same
            s.ghost_line = f"Path: {verdict}"
        elif whole:
            verdict = ending_words(step)
            if verdict is None and isinstance(s.aim, AIM.Aim):  # no propulsion to judge
                verdict = AIM.STANDARD_WORDS if s.aim.standard else AIM.HYPER_WORDS
        if verdict is not None and whole and s.aim_line and f": {AIM.SIMULATING}" in s.aim_line:
            s.aim_line = s.aim_line.replace(f": {AIM.SIMULATING}", f": {verdict}")

    # --- the slingshot ---------------------------------------------------------------------------
    def drag_begin(self, state, pick: Pick) -> bool:
        """A press on the disc to flick starts aiming (True); anything else is not ours."""
        pid = self.flick_piece(state)
        if pid is None or pick.piece != pid:
            return False
        self.clear_aim()
        return True

    def drag_update(self, state, pick: Pick) -> AIM.Aim | None:
        """Show direction, power and reach for the mouse pulled back to `pick.point`."""
        s = self.scene
        pid = self.flick_piece(state)
        s.aim_root.getChildren().detach()
        if pid is None or pick.point is None:
            s.aim = None
            return None
        p = state.piece(pid)
        aim = AIM.aim_from_pull(state, pid, (p.x, p.y), pick.point[:2])
        s.aim = aim
        if aim is None:
            s.aim_line = "Pull further back to flick"
            return None
        choice = choice_of(s.mode)
        power_of = state.piece(s.selected) if choice in POWERS else p
        limit = (None if choice is Choice.FISSION else power_of.speed
                 if choice is not Choice.TELEKINESIS else p.speed)
        if choice is Choice.ASSAULT and s.target is not None:
            # one verdict, the simulator's (the path line gives it once simulated): the
            # textbook slide cannot say whether the first touch is the target
            s.aim_line = (f"Flick {pid}: {aim.speed:.2f} m/s, heroic assault on "
                          f"{s.target}" + (": simulating..." if self.guide() == "path" else ""))
        else:  # one judgment: where the path is simulated, the simulator's, said once known
            s.aim_line = f"Flick {pid}: " + aim.words(
                limit, AIM.SIMULATING if self.guide() == "path" and s.ghost_on else None)
        if s.spin:
            way = "anticlockwise" if s.spin > 0 else "clockwise"
            s.aim_line += f", spinning {way} ({abs(s.spin):.0f} rad/s)"
        colour = (AIM_LOST if aim.lost else AIM_OK if (aim.standard or choice is Choice.FISSION)
                  else AIM_HYPER)
        a = math.radians(aim.angle)
        ux, uy = math.cos(a), math.sin(a)
        # The rubber band back to the mouse, the arrow out to the predicted rest point.
        band = meshes.polyline_mesh("band", [(p.x, p.y), tuple(pick.point[:2])], 0.004,
                                    (1, 1, 1, 0.55))
        band.setZ(p.thickness + 0.002)
        band.reparentTo(s.aim_root)
        sx, sy = p.x + ux * p.radius, p.y + uy * p.radius
        ex, ey = aim.rest
        if math.hypot(ex - sx, ey - sy) > 0.01:
            arrow = geometry.arrow("aim", (sx, sy), (ex, ey), 0.010, colour, z=0.0)
            arrow.setZ(0.009)
            arrow.reparentTo(s.aim_root)
        ghost = self._aim_part(("rest", p.radius, colour), lambda: meshes.ring_mesh(
            "rest", p.radius - 0.002, 0.003, colour))
        ghost.setPos(ex, ey, 0.0016)
        # a power gauge: an arc around the disc, longer when harder (built once per 1 % of
        # power at angle 0 and turned to the aim: a moving pull rebuilds no mesh for it)
        power = round(aim.speed / 3.0, 2)
        ring = p.radius + 0.012
        gauge = self._aim_part(("power", p.radius, power, colour), lambda: meshes.polyline_mesh(
            "power", [(ring * math.cos(math.pi - k / 24 * power * math.pi),
                       ring * math.sin(math.pi - k / 24 * power * math.pi)) for k in range(25)],
            0.006, colour))
        gauge.setPos(p.x, p.y, 0.0016)
        gauge.setH(math.degrees(a))
        return aim

    def _aim_part(self, key, build):
        """A copy under the aim of the overlay part `key` (sharing its geometry), built by
        `build()` the first time: the aim is redrawn at every pointer move."""
        parts = self._aim_parts
        proto = parts.get(key)
        if proto is None:
            if len(parts) > 512:
                parts.clear()
            proto = parts[key] = build()
        return proto.copyTo(self.scene.aim_root)

    def drag_end(self, state, pick: Pick) -> ClickResult:
        """Release: the flick to play (or why there is none)."""
        s = self.scene
        aim = self.drag_update(state, pick) if pick.point is not None else s.aim
        self.clear_aim()
        if aim is None:
            return ClickResult(message="Pull back further from the disc to flick it")
        choice = choice_of(s.mode)
        if choice in POWERS:
            action = Flick.make(aim.piece, aim.angle, aim.speed, s.spin, power=choice.value,
                                by=s.selected)
        else:
            action = Flick.make(aim.piece, aim.angle, aim.speed, s.spin,
                                assault=s.target if choice is Choice.ASSAULT else None)
            if choice is Choice.ASSAULT and s.target is None:
                return ClickResult(message="Heroic assault: click the target first")
        return s.picking.attempt(state, action)
