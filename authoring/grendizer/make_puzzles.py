"""Write the bundled Grendizer XperienZ puzzles: each set up with the editor model, its hidden
cards put in a fixed order, verified by the exact search and saved with its verdict.

    python authoring/grendizer/make_puzzles.py   (from the checkout's root)
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from analysis.puzzles import verify  # noqa: E402
from scenarios.grendizer.editor import GAME_NAME, GrendizerEditorModel, first_position  # noqa: E402

FOLDER = ROOT / "scenarios" / "grendizer"  # the bundled files this script writes


def blank(players: int = 1, difficulty: str = "easy") -> GrendizerEditorModel:
    """An editor on an empty board: no Vega Forces, empty hands, threat 0, Grendizer at the
    Laboratory (a new game played to its first action phase, then cleared)."""
    m = GrendizerEditorModel(first_position(players, difficulty))
    for seat, hand in enumerate(m.state().hands):
        for card in hand:
            m.remove_card(seat, card)
    for lane, L in enumerate(m.state().lanes):
        for space in L.minifos:
            m.remove_minifo(lane, space)
        if L.beast_token != "pile":
            m.remove_beast(lane)
    m.set_threat(0)
    return m


def setup(m, *, beasts=(), minifos=(), hand=(), grendizer=None, threat=None, top=(), seed=0):
    """Place `beasts` (lane, space, card, damage), `minifos` (lane, space), deal `hand` to
    seat 0, then fix the hidden cards' order (`top` first)."""
    for lane, space, card, damage in beasts:
        _ok(m.place_beast(lane, space, card))
        _ok(m.set_damage(lane, damage))
    for lane, space in minifos:
        _ok(m.add_minifo(lane, space))
    for card in hand:
        _ok(m.add_card(0, card))
    if grendizer is not None:
        _ok(m.set_grendizer(grendizer))
    if threat is not None:
        _ok(m.set_threat(threat))
    m.fix_order(seed)
    _ok(m.set_top_cards(list(top)))
    return m


def _ok(problem):
    if problem:
        raise ValueError(problem)


def puzzles():
    out = []
    m = setup(blank(), beasts=[(2, 3, "S01", 2)], hand=["C05", "C16", "C36"], top=["C44", "C45"])
    m.title, m.difficulty = "Last Hit Point", 1
    m.description = "Gilgil is down to its last hit point over Tokyo. Finish it."
    m.hints = ["Grendizer is at the Laboratory; which of your cards can strike Tokyo from afar?"]
    m.set_goal("destroy", beast="S01", turns=1)
    out.append(m)

    m = setup(blank(), beasts=[(2, 3, "S01", 0)], hand=["C05", "C16", "C36"],
              top=["C44", "C45", "C46"])
    m.title, m.difficulty = "Two Strikes", 2
    m.description = "Gilgil lands at Tokyo unhurt. Wear it down and finish it before it settles in."
    m.hints = ["A Drill Spazer hits Tokyo from anywhere.",
               "The action phase comes before the movement: place Grendizer for next turn."]
    m.set_goal("destroy", beast="S01", turns=2)
    out.append(m)

    m = setup(blank(), beasts=[(0, 4, "S05", 3), (3, 2, "S06", 2)], minifos=[(2, 4), (2, 4)],
              hand=["C12", "C24", "C39", "C49"], threat=8, top=["C44", "C47", "C45"])
    m.title, m.difficulty = "Hold the Line", 3
    m.description = "Kikkiku is at the Ranch's gate and MiniFOs swarm Tokyo. Keep the threat below 9."
    m.hints = ["Every beast and MiniFO group in a strategic location raises the threat."]
    m.set_goal("threat", below=9, turns=3)
    out.append(m)

    m = setup(blank(), beasts=[(1, 4, "S04", 2), (2, 3, "S07", 1)],
              hand=["C24", "C17", "C33", "C40"], grendizer=3, threat=4,
              top=["C28", "C06", "C44"])
    m.title, m.difficulty = "Double Trouble", 4
    m.description = "Zurizuri regenerates, Mugamuga spreads dread. Destroy both in three turns."
    m.hints = ["Zurizuri heals every threat phase: hit it hard once, not softly twice.",
               "Double Harken strikes the zone Grendizer stands in."]
    m.set_goal("destroy", count=2, turns=3)
    out.append(m)

    m = setup(blank(1, "difficult"), beasts=[(3, 4, "S03", 0), (0, 3, "S12", 1)],
              minifos=[(1, 4), (1, 3), (2, 4)], hand=["C46", "C49", "C21", "C42"], grendizer=5,
              threat=11, top=["C30", "C44", "C19"])
    m.title, m.difficulty = "Last Stand", 5
    m.description = ("On the difficult track, Dagondagon is racing to the Harbour. Hold Earth "
                     "for three turns.")
    m.hints = ["Dagondagon is swift: it moves two spaces at a time."]
    m.set_goal("survive", turns=3)
    out.append(m)
    return out


def main() -> int:
    from scenarios import load_scenario

    for i, m in enumerate(puzzles(), 1):
        v = verify(GAME_NAME, m.state(), m.goal())
        m.accept(v, m.key())
        print(f"{m.title}: {v.words()}  line: {' ; '.join(v.line)}  ({v.states} states, "
              f"{v.seconds:.2f} s)")
        if not (v.exact and v.solved):
            raise SystemExit(f"{m.title}: not solved: {v.words()}")
        path = FOLDER / f"{i:02d}-{m.default_path().stem}.flick"
        m.save(path, overwrite=True)
        load_scenario(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
