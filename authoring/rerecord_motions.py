"""Re-record a record's stored motions under a chosen physics version, and solve its puzzle
verdict again under it, saying what changed; after a physics change, for the bundled files.

A record keeps the physics version its flicks were made by (`headers.physics_version`) and
every later flick from it is simulated by that version, so nothing changes by itself when a
new version comes. This script moves a record to another version: every stored flick is
simulated again from its position under `--physics N` (default: the newest), and the header
says N. For each flick it says whether the outcome changed (which pieces ended atomised, lost,
captured or turned over, the scores, whose turn) or only how far a resting place moved. A
puzzle's verdict (`scenario.verdict`: the most robust flick's success chance at each skill,
analysis.puzzles) is solved again under N with the stored number of samples; a verdict whose
chances moved outside their error bars, or whose best flick is another, is reported, and the
new best flick becomes the main line (the old one stays, as a variation).

A file whose outcomes or verdict changed is left as it is (its stored motions still play)
unless --force; a file where a later action is no longer legal after the change is never
written (re-make it with its authoring script, e.g. authoring/glonk/make_puzzles.py).

    python authoring/rerecord_motions.py [--physics N] [--check] [--force] [--no-verdict]
                                         [--samples N] FILE...

Exit status: 0 when every file was re-recorded (or, with --check, would be unchanged in
outcome), 1 when one was left as it is, 2 for bad input (one line).
"""
from __future__ import annotations

import base64
import copy
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games import get_game  # noqa: E402
from games.api import IllegalAction  # noqa: E402
from timeline import RecordFileError, save_record  # noqa: E402
from timeline.fileformat import read_json, record_from_json  # noqa: E402


class Refused(ValueError):
    """Input this script cannot work on, in one line (exit 2)."""


def outcome(state) -> tuple:
    """What the rules made of a flick, leaving out exact resting places."""
    pieces = tuple((p.id, p.status, p.owner, p.active, p.molten) for p in state.pieces)
    return (pieces, state.scores(), state.phase, state.turn_player, state.winners)


@dataclass
class Rerecorded:
    """What re-recording one file found: the new file JSON, the flicks simulated again, one
    line per change (`changed`: outcomes and moved discs, `verdict`: the puzzle's verdict),
    `serious` those that keep the file as it is without --force, `blocked` those that keep it
    as it is in any case (an action no longer legal)."""

    data: dict
    made_by: str
    physics: str
    flicks: int = 0
    changed: list[str] = field(default_factory=list)
    verdict: list[str] = field(default_factory=list)
    serious: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)


def _start(game, data: dict):
    if data.get("start") is not None:
        return game.state_from_json(data["start"])
    return game.new_initial_state(data.get("config") or {})


def _encode(motion) -> str:
    return base64.b64encode(motion.to_bytes()).decode("ascii")


def _set_physics(game, data: dict, physics: str) -> None:
    """The header, and any config that names a physics version, say `physics` (a config
    leaves the newest unsaid, as the game writes it)."""
    data["headers"]["physics_version"] = physics
    newest = physics == game.motion.physics_version
    for config in (data.get("config"), (data.get("start") or {}).get("config")):
        if isinstance(config, dict) and ("physics" in config or not newest):
            if newest:
                del config["physics"]
            else:
                config["physics"] = int(physics)


def rerecord(path: Path, physics: str | None = None, *, verdict: bool = True,
             samples: int | None = None) -> Rerecorded:
    """Every stored flick of the record at `path` simulated again under `physics` (default:
    the newest), and its puzzle verdict solved again (`verdict`; `samples` per skill, default
    the stored verdict's); the file itself is not touched."""
    try:
        record_from_json(read_json(path), path.name)  # the strict reader's checks first
    except RecordFileError as exc:
        raise Refused(str(exc)) from None
    data = read_json(path)
    game = get_game(data["game"])
    if game.motion is None or game.motion.physics_of is None:
        raise Refused(f"{path.name}: a {game.title} record stores no motions")
    if game.game_type.upgrades_records and \
            str(data["headers"].get("rules_version", "1")) != game.rules_version:
        data = game.upgrade_record(data)
    made_by = str(data["headers"].get("physics_version", "1"))
    physics = str(physics) if physics is not None else game.motion.physics_version
    refused = game.motion.unavailable(physics)
    if refused is not None:
        raise Refused(f"--physics {physics}: this Flickbook simulates physics "
                      f"{' and '.join(game.motion.physics_versions)}")
    start = _start(game, data)
    out = Rerecorded(copy.deepcopy(data), made_by, physics)
    old_states = [game.motion.with_physics(start, made_by)]
    new_states = [game.motion.with_physics(start, physics)]
    from physics import Motion

    for i, entry in enumerate(out.data["nodes"][1:], start=1):
        p = int(entry["parent"])
        old_parent, new_parent = old_states[p], new_states[p]
        text = entry["action"]
        where = f"node {i} ({text})"
        old_action = game.parse_action(old_parent, text)
        if "motion" in entry:
            stored = Motion.from_bytes(base64.b64decode(entry["motion"]))
            old = game.apply_with_motion(old_parent, old_action, stored)
        else:
            old = game.apply(old_parent, old_action)
        old_states.append(old.state)
        if new_parent is None:
            new_states.append(None)  # after an action the new physics no longer allows
            continue
        try:
            action = game.parse_action(new_parent, text)
            if "observed" in entry:  # a real table's: blended to the places entered there
                fresh = game.apply_with_motion(new_parent, action, game.observed.observed_motion(
                    new_parent, action, entry["observed"]))
            else:
                fresh = game.apply(new_parent, action)
        except (IllegalAction, ValueError) as exc:
            out.blocked.append(f"{where}: no longer legal under physics {physics}: {exc}")
            new_states.append(None)
            continue
        new_states.append(fresh.state)
        if "motion" not in entry:
            continue
        out.flicks += 1
        entry["motion"] = _encode(fresh.motion)
        if outcome(old.state) != outcome(fresh.state):
            line = f"{where}: the outcome changed"
            out.changed.append(line)
            out.serious.append(line)
        else:
            moved = max((math.hypot(a.x - b.x, a.y - b.y) for a, b in
                         zip(old.state.pieces, fresh.state.pieces)), default=0.0)
            if moved > 0.005:
                out.changed.append(f"{where}: same outcome, a disc rests "
                                   f"{moved * 1000:.0f} mm from where it did")
    _set_physics(game, out.data, physics)
    if verdict and not out.blocked:
        _resolve(game, out, new_states[0], samples)
    return out


def _resolve(game, out: Rerecorded, start, samples: int | None) -> None:
    """The puzzle's verdict solved again from `start` (under the new physics): the new one
    is stored; a change a player would notice is reported (and, for another best flick, it
    becomes the main line)."""
    from analysis.puzzles import verdict_problem, verify

    scenario = out.data.get("scenario") or {}
    stored, goal = scenario.get("verdict"), scenario.get("goal")
    if stored is None or not goal or stored.get("exact"):
        return
    n = samples or stored.get("samples") or 200
    fresh = verify(game.name, start, goal, samples=n)
    before, after = stored.get("verdict"), fresh.words()
    out.verdict.append(f"verdict: {before!r} -> {after!r}" if before != after
                       else f"verdict: {after!r}, as before")
    problem = verdict_problem(stored, fresh) if n == stored.get("samples") else None
    if problem is not None:
        out.serious.append(f"verdict: {problem}")
    if not fresh.solved:
        out.blocked.append(f"verdict: the puzzle can no longer be solved under physics "
                           f"{out.physics} ({after})")
        return
    if list(fresh.line) != list(stored.get("line") or []):
        line = (f"verdict: the most robust flick is now {' ; '.join(fresh.line) or 'none'} "
                f"(was {' ; '.join(stored.get('line') or []) or 'none'})")
        out.verdict.append(line)
        out.serious.append(line)
        _make_main_line(game, out, start, list(fresh.line))
    scenario["verdict"] = fresh.to_json()


def _make_main_line(game, out: Rerecorded, start, line: list[str]) -> None:
    """`line` (the new solution) played from the root as the main line, with its motions
    under the new physics; every node already there stays, the old line as a variation."""
    nodes = out.data["nodes"]
    state, parent = start, 0
    for text in line:
        action = game.parse_action(state, text)
        there = next((i for i, e in enumerate(nodes) if i and e["parent"] == parent
                      and e["action"] == text), None)
        step = game.apply(state, action)
        if there is None:
            entry = {"parent": parent, "action": text}
            if step.motion is not None:
                entry["motion"] = _encode(step.motion)
            nodes.append(entry)
            there = len(nodes) - 1
        parent, state = there, step.state
    out.data["nodes"] = _main_first(nodes, parent)
    out.data["scenario"]["solution"] = list(line)


def _main_first(nodes: list[dict], last: int) -> list[dict]:
    """The node list in depth-first order, the path from the root to node `last` first at
    every branching (a file's first child of a node is its main line); parents renumbered."""
    kids: dict[int, list[int]] = {}
    for i, e in enumerate(nodes[1:], start=1):
        kids.setdefault(e["parent"], []).append(i)
    path, at = set(), last
    while at:
        path.add(at)
        at = nodes[at]["parent"]
    order, stack = [], [0]
    while stack:
        i = stack.pop()
        order.append(i)
        children = sorted(kids.get(i, []), key=lambda k: k not in path)  # stable
        stack.extend(reversed(children))
    new_index = {old: new for new, old in enumerate(order)}
    return [nodes[0]] + [{**nodes[i], "parent": new_index[nodes[i]["parent"]]}
                         for i in order[1:]]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    physics = samples = None
    try:
        if "--physics" in argv:
            k = argv.index("--physics")
            physics = argv[k + 1] if k + 1 < len(argv) else ""
            del argv[k:k + 2]
            if not (physics.isascii() and physics.isdigit()):
                raise Refused(f"--physics {physics!r}: a physics version is a whole number")
        if "--samples" in argv:
            k = argv.index("--samples")
            text = argv[k + 1] if k + 1 < len(argv) else ""
            del argv[k:k + 2]
            if not (text.isascii() and text.isdigit() and int(text) > 0):
                raise Refused(f"--samples {text!r}: a whole number from 1")
            samples = int(text)
        flags = {a for a in argv if a.startswith("--")}
        unknown = flags - {"--check", "--force", "--no-verdict"}
        if unknown:
            raise Refused(f"unknown option {sorted(unknown)[0]} (--physics N, --check, "
                          "--force, --no-verdict, --samples N)")
        files = [a for a in argv if not a.startswith("--")]
        if not files:
            raise Refused("name the record files to re-record")
        bad = 0
        for name in files:
            path = Path(name)
            if not path.is_file():
                raise Refused(f"{name}: no such file")
            found = rerecord(path, physics, verdict="--no-verdict" not in flags,
                             samples=samples)
            for line in found.changed + found.verdict + found.blocked:
                print(f"{path.name}: {line}")
            if found.blocked:
                print(f"{path.name}: left as it is (an action is no longer legal; re-make it "
                      "with its authoring script)")
                bad += 1
                continue
            if found.serious and "--force" not in flags:
                print(f"{path.name}: left as it is ({len(found.serious)} change(s) in outcome "
                      "or verdict; --force writes it)")
                bad += 1
                continue
            if "--check" not in flags:
                save_record(record_from_json(found.data, path.name), path)
            print(f"{path.name}: {found.flicks} flick(s) "
                  f"{'would be ' if '--check' in flags else ''}re-recorded with physics "
                  f"{found.physics} (made by {found.made_by})")
        return 1 if bad else 0
    except Refused as exc:
        print(f"rerecord_motions: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
