"""Glonk's Damage rule on a motion that physics made (physics 4 can turn a disc over).

Book: "A Base or Flying Saucer that is turned over 'accidentally', for example after being
violently struck, cannot be activated again during that turn."

Every Glonk piece lies on the mat, where no hit turns a disc over (tests/test_physics_tip.py,
physics/README.md). The one way physics turns a disc over is a disc lying on another, struck at
its chamfer; a Glonk position holds no heights, so the probe gives physics the start with the
struck saucer lying on another one and judges the real simulated motion by the rules."""
from __future__ import annotations

import math
from dataclasses import replace

import pytest

import physics
from games.api import IllegalAction
from games.glonk import GAME
from games.glonk.actions import Flick
from games.glonk.positions import position
from games.glonk.rules import discs_of

PV = ["space_pirates", "invaders"]  # P0 Galleon (a Base), P1-P4 Corsairs; V0 Hive, V1...


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def struck_saucer_lying_on_another(speed: float):
    """The Galleon P0 flicked along +x at the Corsair P1, which lies on the Corsair P2."""
    p2 = (0.30, 0.05)
    p1 = (p2[0] - 0.012, p2[1])
    p0 = (p1[0] - 0.020 - 0.0325 - 0.004, p2[1])
    s = position(PV, {"P0": p0, "P1": p1, "P2": p2, "V0": at(0.335, 250), "V1": at(0.335, 300),
                      "BH": (0.0, 0.0)}, asteroids=0)
    discs = [replace(d, z=d.thickness) if d.id == "P1" else d for d in discs_of(s)]
    flick = Flick.make("P0", 0.0, speed)
    motion = physics.simulate(discs, physics.Flick("P0", 0.0, speed),
                              table_radius=None)
    return s, flick, motion


def test_a_saucer_turned_over_by_a_violent_hit_cannot_be_activated_again_that_turn():
    s, flick, motion = struck_saucer_lying_on_another(1.0)
    assert s.piece("P1").active
    assert next(d for d in motion.final if d.id == "P1").upside_down  # physics turned it over
    step = GAME.apply_with_motion(s, flick, motion)
    st = step.state
    damaged = [e for e in step.events if e.kind == "damaged"]
    assert [e.data["piece"] for e in damaged] == ["P1"]
    assert st.turn_player == 0 and "P1" in st.damaged
    assert st.piece("P1").active is False  # its face turned over: the passive face is up
    with pytest.raises(IllegalAction, match="turned over"):
        GAME.apply(st, Flick.make("P1", 0, 1.0))
    # The saucer beneath it was not turned over and can still be activated.
    assert "P2" not in st.damaged and st.piece("P2").active
    GAME.apply(st, Flick.make("P2", 90, 0.5))


def test_a_hit_that_only_rocks_the_saucer_damages_nothing():
    s, flick, motion = struck_saucer_lying_on_another(0.18)
    assert not any(d.upside_down for d in motion.final)
    step = GAME.apply_with_motion(s, flick, motion)
    assert not [e for e in step.events if e.kind == "damaged"]
    assert step.state.piece("P1").active and "P1" not in step.state.damaged


def test_a_violent_hit_on_the_mat_turns_no_saucer_over_so_nothing_is_damaged():
    """The same Galleon at 3 m/s into a Corsair lying on the mat, centred and glancing."""
    for dy in (0.0, 0.03, 0.05):
        s = position(PV, {"P0": (0.20, 0.05), "P1": (0.26, 0.05 + dy), "V0": at(0.335, 250),
                          "V1": at(0.335, 300), "BH": (0.0, 0.0)}, asteroids=0)
        step = GAME.apply(s, Flick.make("P0", 0.0, 3.0))
        assert any(c.involves("P1") for c in step.motion.contacts)
        assert not [e for e in step.events if e.kind == "damaged"]
