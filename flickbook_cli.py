"""`flickbook`: the command line, a thin layer over games, timeline, scenarios and viewer.

Every user error (a wrong argument, an unreadable or damaged file, an illegal move) prints one
line that says what is wrong and exits with status 2; a user never sees a traceback.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import sys
import time
from pathlib import Path

from flickbook import __version__

EXIT_USAGE = 2


class UserError(Exception):
    """A problem with what the user asked for: shown as one line, exit status 2."""


def _finite(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def _positive(text: str) -> float:
    value = _finite(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be more than 0")
    return value


def _seconds(text: str) -> float:
    value = _finite(text)
    if not 0 <= value <= 600:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 to 600 seconds")
    return value


def _things(n: int, noun: str) -> str:
    """`3 questions`, `1 question`."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


#: The most flicks or playouts one command may ask for (`--samples`, `--budget`): each keeps
#: a seed and a small summary, so a billion would exhaust memory before the first flick.
MAX_SAMPLES = 100_000


def _samples(text: str) -> int:
    """A count of flicks or playouts: a whole number from 1 to MAX_SAMPLES."""
    value = _count(text)
    if not 1 <= value <= MAX_SAMPLES:
        raise argparse.ArgumentTypeError(f"{text!r} must be from 1 to {MAX_SAMPLES:,} (the most "
                                         "one command runs)")
    return value


CAMERA_PRESETS = "top, seat, seat1..seatN (seat1 = P1), or saved (the node's own view)"


def _camera(text: str) -> str:
    """A camera preset name; whether seatN exists is checked once the game is known."""
    if text in ("top", "seat", "saved", "node") or re.fullmatch(r"seat[1-9]\d?", text):
        return text
    raise argparse.ArgumentTypeError(f"unknown camera preset {text!r}: use {CAMERA_PRESETS}")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage block
        raise UserError(f"{message} (see `{self.prog} --help`)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="flickbook", description=(
        "Flickbook: play, record, replay, branch and annotate Glonk, Glik and Grendizer XperienZ. "
        "With no command, opens the viewer on the demo replay."))
    parser.add_argument("--version", action="version", version=f"flickbook {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("play", help="start a hot-seat game in the viewer")
    p.add_argument("game", help="glik, glonk or grendizer")
    p.add_argument("--players", type=_count, default=None)
    p.add_argument("--seed", type=_count, default=None)
    p.add_argument("--armadas", nargs="+", default=None, help="Glonk: armada names")
    p.add_argument("--difficulty", choices=["easy", "difficult"], default=None,
                   help="Grendizer: threat track")
    p.add_argument("--chrono", action="store_true", help="Glonk: Chrono mode (60 s a turn)")
    p.add_argument("--feel", choices=["practice", "club", "expert"], default=None,
                   help="Glonk table feel: practice (exact flicks, full ghost path), club "
                        "(the hand errs like a club player; the guide shows the first contact) "
                        "or expert (an expert's smaller errors; no guide)")
    p.add_argument("--computer", action="append", default=None, metavar="SEAT=STRENGTH",
                   help="seat SEAT (1 = P1, the first player) is played by the computer: "
                        "Glonk's shot bot at "
                        "STRENGTH (novice, club or expert), or the game's own bot (bot); "
                        "repeat for more seats; F4 in the window does it too")

    p = sub.add_parser("log", help="log a game played at a real table: Glonk flicks inferred "
                                   "from where the discs stopped, Glik and Grendizer moves typed")
    p.add_argument("game", help="glik, glonk or grendizer")
    p.add_argument("--players", type=_count, default=None)
    p.add_argument("--armadas", nargs="+", default=None, help="Glonk: armada names, in seat order")
    p.add_argument("--first", type=_count, default=None, metavar="SEAT",
                   help="the seat that plays first (1 = P1); else it is entered in the window")
    p.add_argument("--difficulty", choices=["easy", "difficult"], default=None,
                   help="Grendizer: threat track")

    p = sub.add_parser("demo", help="open a bundled demo replay (glonk, the default, or glik)")
    p.add_argument("game", nargs="?", default=None,
                   help="a game with a demo (its manifest's); none: the showcase game's")

    p = sub.add_parser("open", help="open a record or scenario in the viewer")
    p.add_argument("file")

    p = sub.add_parser("render", help="render a position to a PNG without a window")
    p.add_argument("file")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--ply", type=_count, default=None, help="position after N plies of the main line")
    where.add_argument("--node", default=None, help="node path such as 0.0.1 (child indices)")
    p.add_argument("--out", required=True)
    p.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT")
    p.add_argument("--camera", type=_camera, default=None, help="camera preset (top, seat1, seat2, ...: seat1 is P1's)")

    p = sub.add_parser("export", help="export the main line as a video, a GIF or PNG frames")
    p.add_argument("file")
    p.add_argument("--out", required=True,
                   help="a .mp4/.mkv/.webm file, a .gif (short clips), or a folder for PNG frames")
    p.add_argument("--fps", type=_positive, default=None, help="frames a second (video 30, GIF 15)")
    p.add_argument("--speed", type=_positive, default=1.0, help="playback speed (1 = real time)")
    p.add_argument("--size", default=None, help="WIDTHxHEIGHT (video 1280x720, GIF 640x360)")
    p.add_argument("--camera", type=_camera, default="seat", help="camera preset (top, seat, seat1, ...: seat1 is P1's)")
    p.add_argument("--from", dest="first", type=_count, default=None,
                   help="start at the position after this ply (default: the start)")
    p.add_argument("--to", dest="last", type=_count, default=None,
                   help="end with this ply (default: the end of the main line)")
    p.add_argument("--workers", type=_count, default=None,
                   help="rendering processes (default: one per free CPU core, at most 4, "
                        "for clips of 240 frames or more)")
    p.add_argument("--hold", type=_seconds, default=None,
                   help="seconds a commented step's caption stays up, plus --per-word a word "
                        "(default 2; 0 with --per-word 0: no holding)")
    p.add_argument("--per-word", dest="per_word", type=_seconds, default=None,
                   help="seconds a caption is held for each word of its comment (default 0.3)")
    p.add_argument("--setup-step", dest="setup_step", type=_seconds, default=None,
                   help="seconds a set-up step (a deal, a placement) lasts when it has no "
                        "comment (default 0.15)")
    p.add_argument("--answers", action="store_true",
                   help="a lesson: play its answers too (without it, the clip stops at the "
                        "first question, as a student sees it)")
    p.add_argument("--reel", action="store_true",
                   help="a highlight reel: only the marked moments (M in the window, the "
                        "analysis' mistakes, scoring moments), each with a few seconds around it")
    p.add_argument("--lead-in", dest="lead_in", type=_seconds, default=None,
                   help="--reel: seconds shown before each marked moment (default 2)")
    p.add_argument("--lead-out", dest="lead_out", type=_seconds, default=None,
                   help="--reel: seconds shown after each marked moment (default 2)")

    p = sub.add_parser("info", help="describe a record or scenario file and list its main line")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--readable", action="store_true",
                   help="moves and goals as players write them (default: the canonical text)")

    p = sub.add_parser("check", help="validate a file: exit 0 when valid, else 2")
    p.add_argument("file")
    p.add_argument("--verify-motion", action="store_true",
                   help="simulate every flick again; exit 2 if one differs from its stored motion")
    p.add_argument("--warn-only", action="store_true",
                   help="with --verify-motion: report differences but still exit 0")
    p.add_argument("--verify", action="store_true",
                   help="solve a scenario again; exit 2 if its stored verdict says otherwise")

    p = sub.add_parser("puzzles", help="list the tutorials, puzzles and lessons: bundled and your own")
    p.add_argument("game", nargs="?", default=None)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("hand", help="a player's own hand: fit it from the intended and "
                                    "executed flicks in records")
    act = p.add_subparsers(dest="hand_action", metavar="ACTION")
    act.required = True
    q = act.add_parser("fit", help="fit and save a player's hand from records")
    q.add_argument("files", nargs="+")
    q.add_argument("--player", required=True, help="the player's name, as the records' headers have it")
    q.add_argument("--json", action="store_true")

    p = sub.add_parser("infer", help="Glonk: the flick made at a real table, from where the "
                                     "discs came to rest")
    p.add_argument("file", help="the record of the game before the flick")
    p.add_argument("--observation", required=True,
                   help='a JSON file: {"piece": ID, "moved": {ID: [x, y]}, "removed": [ID]}')
    p.add_argument("--ply", type=_count, default=None, help="the position after this ply "
                   "(default: the end of the main line)")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("progress", help="your progress: export it for a teacher, show a "
                                        "student's file, list what is due for review")
    act = p.add_subparsers(dest="progress_action", metavar="ACTION")
    act.required = True
    q = act.add_parser("export", help="write your progress to a file a teacher can open")
    q.add_argument("out")
    q.add_argument("--student", default="", help="your name, as the teacher will read it")
    q = act.add_parser("show", help="a student's exported progress (or, with no file, your "
                                    "own): what they solved, their rating and its change, "
                                    "each course solved/failed/due, the themes failed most")
    q.add_argument("file", nargs="?", default=None)
    q.add_argument("--course", default=None, help="a .course file: tick its chapters")
    act.add_parser("due", help="the puzzles and lesson questions due for review now")

    p = sub.add_parser("solve", help="solve a puzzle scenario")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--max-ap", type=_count, default=None, help="Glik: search bound in AP "
                   "(default: the goal's)")
    p.add_argument("--max-turns", type=_count, default=None,
                   help="Grendizer: search bound in turns (default: the goal's)")
    p.add_argument("--samples", type=_samples, default=200,
                   help="Glonk and shuffled Grendizer: playouts or flicks a line (default 200)")
    p.add_argument("--seed", type=_count, default=0)
    p.add_argument("--readable", action="store_true",
                   help="the solution as players write it (default: the canonical text)")

    p = sub.add_parser("selfplay", help="write seeded self-play games as record files")
    p.add_argument("game")
    p.add_argument("--games", type=_count, default=1)
    p.add_argument("--seed", type=_count, default=0)
    p.add_argument("--out", required=True)
    p.add_argument("--players", type=_count, default=None)
    p.add_argument("--max-actions", type=_count, default=3000)
    p.add_argument("--difficulty", choices=["easy", "difficult"], default=None,
                   help="Grendizer: threat track")
    p.add_argument("--strength", default=None,
                   help="Glonk: the shot bot's strength (novice, club, expert; default "
                        "novice); without it the other games use their own bot")
    _executor_options(p)

    p = sub.add_parser("explore", help="Glonk: many flicks around an intent under a skill's "
                       "scatter (outcome chances, expected points, where the piece ends)")
    p.add_argument("file")
    p.add_argument("--ply", type=int, default=None,
                   help="the position after N plies of the main line (default: its end)")
    p.add_argument("--piece", required=True)
    p.add_argument("--angle", type=_finite, required=True, help="degrees, 0 = +x, counter-clockwise")
    p.add_argument("--speed", type=_finite, required=True, help="metres per second (0 to 3)")
    p.add_argument("--spin", type=_finite, default=0.0, help="radians per second")
    p.add_argument("--assault", default=None, help="announce a heroic assault on this piece")
    p.add_argument("--skill", default="club",
                   help="novice, club, expert, or a player's saved hand by name (default club)")
    p.add_argument("--samples", type=_samples, default=200,
                   help=f"flicks (1 to {MAX_SAMPLES:,}; default 200)")
    p.add_argument("--seed", type=_count, default=0)
    p.add_argument("--json", action="store_true")
    _executor_options(p)

    p = sub.add_parser("bestshot", help="Glonk: the flick with the best expected value under a "
                       "skill's scatter, for the player to move at the end of the main line")
    p.add_argument("file")
    p.add_argument("--ply", type=int, default=None,
                   help="the position after N plies of the main line (default: its end)")
    p.add_argument("--skill", default="club",
                   help="novice, club, expert, or a player's saved hand by name (default club)")
    p.add_argument("--budget", type=_samples, default=64, help="flicks the search may simulate")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    _executor_options(p)

    p = sub.add_parser("analyse", help="win chance, mistakes and luck at every main-line node, "
                       "written into a copy of the record")
    p.add_argument("file")
    p.add_argument("--out", required=True,
                   help="where to write the annotated record; when FILE is a folder, the "
                        "folder the analysed records and summary.tsv go to (records already "
                        "there are skipped, so a stopped run resumes)")
    p.add_argument("--budget", type=_samples, default=None,
                   help="rollouts per node (default: Grendizer 200, Glonk 8; Glik: unused); "
                        "Glonk also judges each flick with 2x and searches its best shot "
                        "with 4x this many flicks")
    p.add_argument("--skill", default=None, help="Glonk: the players' skill (default club)")
    p.add_argument("--method", default=None,
                   help="Glonk: how win chances are estimated: evaluator (the learned position "
                        "evaluator, the default) or rollouts (--budget playouts a node, cut "
                        "off after a round and valued by the evaluator)")
    p.add_argument("--variations", action="store_true",
                   help="check the author's own variations too, each like the main line")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    _executor_options(p)

    p = sub.add_parser("flick", help="Glonk: flick a piece at the end of the main line")
    p.add_argument("file")
    p.add_argument("--piece", required=True)
    p.add_argument("--angle", type=_finite, required=True, help="degrees, 0 = +x, counter-clockwise")
    p.add_argument("--speed", type=_finite, required=True, help="metres per second (0 to 3)")
    p.add_argument("--spin", type=_finite, default=0.0, help="radians per second")
    p.add_argument("--assault", metavar="TARGET", default=None,
                   help="announce a heroic assault on this enemy Base or saucer")
    p.add_argument("--by", metavar="PIECE", default=None,
                   help="Telekinesis or Meteoric Fission: the Master or Great Saucer that "
                        "propels --piece (default: the first that may)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--save", action="store_true", help="append the flick to the file")
    return parser


def _executor_options(p) -> None:
    p.add_argument("--executor", default="local",
                   help="where batches run: local (a process pool, the default), inprocess, "
                        "dask, tcp://HOST:PORT (a Dask scheduler), ray, ray://HOST:PORT")
    p.add_argument("--workers", type=int, default=None,
                   help="processes for local, dask and ray (default: all cores)")


# --- commands -------------------------------------------------------------------------------
def _load(path: str, **kw):
    from timeline import RecordFileError, load_record

    try:
        return load_record(path, **kw)
    except RecordFileError as exc:
        raise UserError(str(exc)) from None


def _simulating(record, path: str | None) -> None:
    """UserError (one line, exit 2) when `record`'s flicks were made by a physics version
    this program does not have and the command would simulate: never another version in its
    place."""
    motion = record.game.motion
    if motion is None or motion.physics_of is None:
        return
    refused = motion.unavailable(motion.physics_of(record.root.state))
    if refused is not None:
        raise UserError(f"{path}: {refused}" if path else refused)


def record_info(record, readable: bool = False) -> dict:
    """What `info` reports; `moves` is the main line in canonical text, or readable text."""
    from games.notation import goal_text, node_text

    nodes = list(record.nodes())
    mainline = record.mainline()
    info = {
        "file_kind": record.kind,
        "game": record.game.name,
        "format_version": _format_version(),
        "node_count": len(nodes),
        "mainline_length": len(mainline) - 1,
        "variation_count": sum(max(0, len(n.variations) - 1) for n in nodes),
        "result": record.result(),
        "headers": record.headers,
        "config": record.config,
        "position": record.game.describe(mainline[-1].state),
        "annotated_nodes": sum(1 for n in nodes if n.comment or n.glyphs or n.drawings
                               or n.camera or n.prompt),
        "moves": [node_text(n) if readable else str(n.action) for n in mainline[1:]],
    }
    if record.scenario is not None:
        info["scenario"] = record.scenario
        goal = record.scenario.get("goal")
        if readable and goal:
            info["goal_text"] = goal_text(record.game, record.root.state, goal)
    return info


def _format_version() -> int:
    from timeline import FORMAT_VERSION

    return FORMAT_VERSION


def cmd_info(args) -> int:
    info = record_info(_load(args.file), readable=args.readable)
    if args.json:
        print(json.dumps(info, sort_keys=True, allow_nan=False))
        return 0
    print(f"{args.file}: {info['game']} {info['file_kind']} (format {info['format_version']})")
    if "scenario" in info:
        print(f"  title:      {info['scenario'].get('title', '')}")
        goal = info["scenario"].get("goal")
        if goal:
            print(f"  goal:       {info.get('goal_text') or json.dumps(goal)}")
    print(f"  nodes:      {info['node_count']}  main line: {info['mainline_length']} plies"
          f"  variations: {info['variation_count']}")
    print(f"  result:     {info['result']}")
    print(f"  position:   {info['position']}")
    for key in ("players", "created", "title"):
        if key == "title" and "scenario" in info:
            continue
        if key in info["headers"] and info["headers"][key]:
            print(f"  {key + ':':<11} {info['headers'][key]}")
    if info["moves"]:
        print("  moves:")
        for ply, text in enumerate(info["moves"], start=1):
            print(f"    {ply:>3}. {text}")
    return 0


def check_course(args) -> int:
    """A course is valid when its own fields are, every chapter's record is valid as a file of
    its own, and every lesson chapter's authored answers are accepted."""
    from analysis.lessons import lesson_problems
    from scenarios.courses import CourseFileError, load_course

    try:
        course = load_course(args.file)
    except CourseFileError as exc:
        raise UserError(str(exc)) from None
    problems = []
    for i, chapter in enumerate(course.chapters, 1):
        if chapter.kind == "lesson":
            problems += [f"chapter {i} ({chapter.title!r}): {p}" for p in lesson_problems(chapter.record)]
    for problem in problems:
        print(f"flickbook: {args.file}: {problem}", file=sys.stderr)
    if problems:
        return EXIT_USAGE
    kinds: dict[str, int] = {}
    for chapter in course.chapters:
        kinds[chapter.kind] = kinds.get(chapter.kind, 0) + 1
    games = sorted({c.game for c in course.chapters})
    print(f"{args.file}: valid course {course.title!r}, {_things(len(course.chapters), 'chapter')} "
          f"({', '.join(_things(n, k) for k, n in kinds.items())}) of {', '.join(games)}")
    return 0


def cmd_check(args) -> int:
    from scenarios.courses import is_course_file
    from timeline import verify_motions

    if is_course_file(args.file):
        return check_course(args)
    record = _load(args.file)
    if args.verify_motion:
        _simulating(record, args.file)
    problems = verify_motions(record) if args.verify_motion else []
    for warning in problems:
        print(f"warning: {warning}")
    count = sum(1 for _ in record.nodes())
    differ = len(problems.flicks) if problems else 0  # the physics version's note is no flick
    if differ and not args.warn_only:
        print(f"flickbook: {args.file}: stored flicks that differ from a fresh simulation: "
              f"{differ} (--warn-only accepts them)", file=sys.stderr)
        return EXIT_USAGE
    if record.kind == "lesson" or any(n.ask for n in record.nodes()):
        from analysis.lessons import lesson_problems, questions_of

        problems = lesson_problems(record)
        if problems:
            for problem in problems:
                print(f"flickbook: {args.file}: {problem}", file=sys.stderr)
            return EXIT_USAGE
        print(f"{args.file}: valid {record.game.name} lesson, {count} nodes, "
              f"{_things(len(questions_of(record)), 'question')}, every authored answer accepted")
        return 0
    if args.verify:
        problem = _verdict_check(record, args.file)
        if problem:
            print(f"flickbook: {args.file}: {problem}", file=sys.stderr)
            return EXIT_USAGE
    print(f"{args.file}: valid {record.game.name} {record.kind}, {count} nodes"
          + (", its stored verdict verified" if args.verify and (record.scenario or {}).get("verdict")
             else ""))
    return 0


def _verdict_check(record, name: str) -> str | None:
    """`check --verify`: the scenario's stored verdict against solving it again."""
    from analysis.puzzles import verdict_problem, verify

    stored = (record.scenario or {}).get("verdict")
    goal = (record.scenario or {}).get("goal")
    if stored is None or not goal:
        return None
    try:
        fresh = verify(record.game.name, record.root.state, goal,
                       samples=stored.get("samples") or 200)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        return f"the scenario's goal cannot be solved: {exc}"
    return verdict_problem(stored, fresh)


def cmd_solve(args) -> int:
    from analysis.puzzles import verify
    from scenarios import Scenario

    record = _load(args.file)
    try:
        scenario = Scenario.from_record(record)
    except ValueError as exc:
        raise UserError(f"{args.file}: {exc}") from None
    _simulating(record, args.file)
    if not scenario.goal:
        raise UserError(f"{args.file}: this scenario has no goal to solve")
    bound = args.max_turns if args.max_turns is not None else args.max_ap
    try:
        verdict = verify(record.game.name, record.root.state, scenario.goal,
                         samples=args.samples, seed=args.seed, max_cost=bound)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise UserError(f"{args.file}: the scenario's goal cannot be solved: {exc}") from None
    out = verdict.to_json()
    if args.readable:
        out["line"] = readable_line(record.game, record.root.state, out["line"])
    if args.json:
        print(json.dumps(out, allow_nan=False))
        return 0
    print(out["verdict"])
    if verdict.exact and verdict.solved:
        print(f"  line: {' ; '.join(out['line'])}")
        print(f"  {out['states']} states searched in {out['seconds']:.3f} s")
    elif verdict.line:
        print(f"  best first action: {out['line'][0]}; {out['samples']} samples a line, "
              f"{out['seconds']:.1f} s" + (f" ({out['note']})" if out.get("note") else ""))
    return 0


def cmd_progress(args) -> int:
    from analysis.lessons.progress import Progress, ProgressFileError, read_export

    if hasattr(sys.stdout, "reconfigure"):  # a student's words and titles, whatever they are
        sys.stdout.reconfigure(errors="backslashreplace")
    if args.progress_action == "show" and args.file is None:
        return _own_dashboard(args)
    if args.progress_action == "show":
        try:
            report = read_export(args.file)
        except ProgressFileError as exc:
            raise UserError(str(exc)) from None
        print(f"{report.student or 'A student'}: progress exported {report.exported}")
        if args.course is None:
            for key, tried in sorted(report.tried.items(), key=lambda kv: report.titles.get(kv[0], "")):
                solved = report.solved.get(key, 0)
                print(f"  {'[x]' if solved else '[ ]'} {report.titles.get(key, key)} "
                      f"({_things(solved, 'solve')} in {tried} {'try' if tried == 1 else 'tries'})")
            print("\n".join(report.dashboard(_dashboard_courses(None)).lines()))
            return 0
        from analysis.lessons import questions_of
        from scenarios.courses import CourseFileError, load_course

        try:
            course = load_course(args.course)
        except CourseFileError as exc:
            raise UserError(str(exc)) from None
        done = 0
        lines = []
        for i, chapter in enumerate(course.chapters, 1):
            keys = ([f"{chapter.id}#q{q.number}" for q in questions_of(chapter.record)]
                    if chapter.kind == "lesson" else [chapter.id])
            solved = bool(keys) and all(report.solved.get(k) for k in keys)
            tried = sum(report.tried.get(k, 0) for k in keys)
            done += solved
            note = "" if solved or not tried else f" (tried {'once' if tried == 1 else f'{tried} times'})"
            lines.append(f"  {'[x]' if solved else '[ ]'} {i}. {chapter.title}{note}")
        print(f"{course.title}: {done}/{len(course.chapters)} chapters solved")
        print("\n".join(lines))
        from analysis.lessons.progress import course_items

        print("\n".join(report.dashboard([course_items(course)]).lines()))
        return 0
    from analysis.lessons.progress import ProgressError

    try:
        with Progress() as db:
            return _progress_of(db, args)
    except ProgressError as exc:  # damaged, locked, newer, or in a place that cannot be written
        raise UserError(str(exc)) from None


def _dashboard_courses(course_file) -> list:
    """The courses a dashboard counts: the one named, or every course of the library (the
    bundled ones and the user's own; one that cannot be read is said and left out)."""
    from analysis.lessons.progress import course_items
    from scenarios.courses import CourseFileError, library_files, load_course

    if course_file is not None:
        try:
            return [course_items(load_course(course_file))]
        except CourseFileError as exc:
            raise UserError(str(exc)) from None
    out = []
    for path in library_files():
        try:
            out.append(course_items(load_course(path)))
        except CourseFileError as exc:
            print(f"(left out: {exc})", file=sys.stderr)
    return out


def _own_dashboard(args) -> int:
    """`progress show` with no file: the student's own dashboard, from their database."""
    from analysis.lessons.progress import Progress, ProgressError

    courses = _dashboard_courses(args.course)
    try:
        with Progress() as db:
            board = db.dashboard(courses)
    except ProgressError as exc:
        raise UserError(str(exc)) from None
    print(f"Your progress: {_things(board.attempts, 'attempt')}")
    print("\n".join(board.lines()))
    return 0


def _progress_of(db, args) -> int:
    """`progress export` and `progress due` on the open database."""
    if args.progress_action == "export":
        try:
            out = db.export(args.out, student=args.student)
        except OSError as exc:
            raise UserError(f"cannot write {args.out}: {exc.strerror or exc}") from None
        print(f"{out}: {_things(len(db.attempts()), 'attempt')} exported")
        return 0
    due = db.due()
    for d in due:
        print(f"{d.item.game:<10} {d.item.title} ({d.item.kind}), due {d.due:%Y-%m-%d %H:%M} UTC\n"
              f"{'':11}{d.item.path}")
    if not due:
        upcoming = db.next_due()
        print("Nothing is due for review" + (f" (next: {upcoming:%Y-%m-%d %H:%M} UTC)" if upcoming else ""))
    return 0


def cmd_puzzles(args) -> int:
    """Each tutorial, puzzle and lesson, the bundled ones and the user's own (saved by the
    editors in the user's data folder): game, kind, difficulty, title and the verdict it stores."""
    from scenarios.catalogue import catalogue

    if args.game is not None:
        from games.registry import get_game

        try:
            get_game(args.game)
        except ValueError as exc:
            raise UserError(str(exc)) from None
    entries = [e for e in catalogue(args.game) if e.kind != "replay" or e.error]
    rows = []
    for e in entries:
        row = {"game": e.game, "file": str(e.path), "kind": e.kind, "own": e.own}
        if e.error:
            row["error"] = e.error
        else:
            row.update(title=e.title, difficulty=e.difficulty, verdict=e.verdict)
        rows.append(row)
    if args.json:
        print(json.dumps(rows))
        return 0
    for r in rows:
        if "error" in r:
            print(f"{r['game']:<10} {Path(r['file']).name}: {r['error']}")
            continue
        level = f"[{r['difficulty']}]" if r["difficulty"] is not None else "   "
        facts = ", ".join([r["kind"]] + ([r["verdict"]] if r["verdict"] else [])
                          + (["yours"] if r["own"] else []))
        print(f"{r['game']:<10} {level} {r['title']}  ({facts})\n{'':15}{r['file']}")
    return 0


def readable_line(game, state, texts: list[str]) -> list[str]:
    """Canonical action texts played from `state`, each written in the game's notation."""
    from games.notation import line_text

    return line_text(game, state, texts)


def cmd_selfplay(args) -> int:
    from games.registry import get_game

    if args.games < 1:
        raise UserError("--games must be at least 1")
    try:
        game = get_game(args.game)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UserError(f"--out {out}: is a file, not a folder") from None
    except OSError as exc:
        raise UserError(f"cannot create {out}: {exc.strerror or exc}") from None
    with contextlib.ExitStack() as stack:
        bot = _bot_for(game.name)
        if args.strength is not None:
            executor = stack.enter_context(_executor(args))
            bot = _strength_bot(game.name, args.strength, executor)
        for index in range(args.games):
            _selfplay_one(args, game, bot, index, out)
    return 0


def _selfplay_one(args, game, bot, index: int, out: Path) -> None:
    import numpy as np

    from games.api import CHANCE, random_action
    from timeline import Record

    seed = args.seed * 1_000_003 + index
    rng = np.random.default_rng(seed)
    config = game.default_config(args.players) if args.players else game.default_config()
    if args.difficulty:
        if "difficulty" not in config:
            raise UserError(f"{game.name} has no difficulty setting")
        config["difficulty"] = args.difficulty
    names = [f"bot {i + 1}" for i in range(int(config.get("players", 2)))]
    if args.strength is not None:
        names = [f"shot bot ({args.strength}) {i + 1}" for i in range(len(names))]
    try:
        record = Record.new(game.name, config, headers={
            "created": None, "seed": seed, "players": names, "event": "self-play"})
    except ValueError as exc:  # e.g. a number of players the game is not for
        raise UserError(str(exc)) from None
    node = record.root
    for _ in range(args.max_actions):
        state = node.state
        if game.is_terminal(state):
            break
        if bot is not None and game.current_player(state) != CHANCE:
            action = bot(state, rng)
        else:
            action = random_action(game, state, rng)
        node = record.add_child(node, action)
    path = _save(record, out / f"{game.name}-{args.seed}-{index + 1:03d}.flick")
    print(f"{path}: {node.ply} actions, result {record.result()}")


@contextlib.contextmanager
def _executor(args):
    """The executor `--executor`/`--workers` name, shut down on leaving; UserError if unusable."""
    from analysis.executors import ExecutorError, WorkersLost, open_executor

    manager = open_executor(args.executor, args.workers)
    try:
        executor = manager.__enter__()
    except ExecutorError as exc:
        raise UserError(str(exc)) from None
    with contextlib.ExitStack() as stack:
        stack.push(manager)  # its __exit__ runs on leaving, with any exception
        try:
            yield executor
        except WorkersLost as exc:  # workers died and no answer can be given: one line
            raise UserError(str(exc)) from None


def _analysis_part(record, name: str, what: str, path: str):
    """`analysis.<game>.<name>`, or UserError saying the command is not for this game."""
    from analysis.registry import part_for

    part = part_for(record.game.name, name)
    if part is None:
        raise UserError(f"{path}: {what} is for games with flicks (Glonk); this is "
                        f"{record.game.title}")
    return part


def _position(record, ply: int | None):
    line = record.mainline()
    if ply is None:
        return line[-1].state
    if not 0 <= ply < len(line):
        raise UserError(f"--ply must be 0 to {len(line) - 1} (the main line's length)")
    return line[ply].state


def _skill_arg(name: str):
    """A named level (novice, club, expert), else a player's saved hand ("as Alice plays")."""
    from analysis.glonk.skill import skill_named
    from analysis.glonk.table import hand_named

    try:
        return skill_named(name)
    except ValueError as level:
        try:
            return hand_named(name).skill
        except ValueError as hand:
            raise UserError(f"--skill {name}: {level}, or a player's saved hand ({hand})") from None


def cmd_hand(args) -> int:
    """Fit a player's hand from the (intended, executed) flick pairs of records, and save it."""
    from analysis.glonk.table import fit_hand, save_hand

    pairs = []
    for path in args.files:
        record = _load(path)
        players = [str(n) for n in record.headers.get("players") or []]
        if args.player not in players:
            raise UserError(f"{path}: no player {args.player!r} in this record"
                            + (f" (players: {', '.join(players)})" if players else ""))
        seat = players.index(args.player)
        for node in record.nodes():
            if node.parent is None or node.intent is None:
                continue
            if record.game.current_player(node.parent.state) == seat:
                pairs.append((node.intent, node.action))
    try:
        hand = fit_hand(args.player, pairs)
    except ValueError as exc:
        raise UserError(f"{args.player}: {exc}") from None
    where = save_hand(hand)
    out = {"player": args.player, "flicks": hand.flicks, "angle_sd": hand.skill.angle_sd,
           "angle_bounds": list(hand.angle_bounds), "speed_sd": hand.skill.speed_sd,
           "speed_bounds": list(hand.speed_bounds), "saved": str(where)}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{args.player}: {hand.flicks} flicks; angle scatter {hand.skill.angle_sd:.2f} deg "
              f"(95 %: {hand.angle_bounds[0]:.2f}-{hand.angle_bounds[1]:.2f}), speed scatter "
              f"{100 * hand.skill.speed_sd:.1f} % (95 %: {100 * hand.speed_bounds[0]:.1f}-"
              f"{100 * hand.speed_bounds[1]:.1f} %); saved to {where}")
    return 0


def cmd_infer(args) -> int:
    """The flick a real-table player made, inferred from where the discs came to rest."""
    from analysis.glonk.table import Observation, infer_flick

    record = _load(args.file)
    if record.game.observed is None:
        raise UserError(f"{args.file}: only Glonk flicks are inferred, not {record.game.title}")
    _simulating(record, args.file)
    state = _position(record, args.ply)
    from analysis.glonk.table import OBSERVATION
    from timeline.fileformat import RecordFileError, read_bounded, read_strict

    read_bounded(args.observation, "JSON observation")  # its words for a path that is no file
    try:
        obs = Observation.from_json(read_strict(args.observation, "observation", spec=OBSERVATION))
    except RecordFileError as exc:
        raise UserError(f"{exc} (not an observation, which holds "
                        '{"piece": "P1", "moved": {"P1": [x, y], ...}, "removed": [...]})') from None
    try:
        found = infer_flick(state, obs)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    out = {"flick": str(found.flick), "angle": found.flick.angle, "speed": found.flick.speed,
           "spin": found.flick.spin, "spin_known": found.spin_known,
           "fit_error_mm": round(1000 * found.fit_error, 2), "simulations": found.simulations,
           "ambiguous": found.ambiguous, "readable": found.readable,
           # the Cramér-Rao bound at the flick found (None: the places do not fix it at all)
           "angle_sd": round(found.angle_sd, 3) if math.isfinite(found.angle_sd) else None,
           "speed_sd": round(found.speed_sd, 4) if math.isfinite(found.speed_sd) else None,
           "alternative": str(found.alternative) if found.alternative is not None else None}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(found.words())
    return 0


def cmd_explore(args) -> int:
    record = _load(args.file)
    explore = _analysis_part(record, "explore", "explore", args.file)
    _simulating(record, args.file)
    intent_for = _analysis_part(record, "intent", "explore", args.file)
    state = _position(record, args.ply)
    if args.samples < 1:
        raise UserError("--samples must be at least 1")
    try:
        intent = intent_for(state, args.piece, args.angle, args.speed, args.spin, args.assault)
        with _executor(args) as executor:
            result = explore(state, intent, _skill_arg(args.skill), samples=args.samples, seed=args.seed,
                             executor=executor, progress=None if not args.json else False)
    except ValueError as exc:  # IllegalAction is a ValueError too: one line, exit 2
        raise UserError(str(exc)) from None
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    _print_shot(result)
    print(f"  {result['samples']} flicks in {result['seconds']:.2f} s")
    return 0


def _print_shot(result: dict) -> None:
    skill = result["skill"]
    print(f"{result['action']} at {skill['name']} skill (angle sd {skill['angle_sd']} deg, "
          f"speed sd {skill['speed_sd'] * 100:.0f} %):")
    print(f"  standard propulsion {result['p_standard']:.0%}, hyper-propulsion "
          f"{result['p_hyper']:.0%}")
    print(f"  expected points {result['expected_points']:.2f} "
          f"+- {1.96 * result['expected_points_error']:.2f}; expected value "
          f"{result['expected_value']:.2f}")
    for name, p in result["outcomes"].items():
        print(f"  {name.replace('_', ' '):<16} {p:.0%}")


def cmd_bestshot(args) -> int:
    record = _load(args.file)
    best_shot = _analysis_part(record, "best_shot", "bestshot", args.file)
    _simulating(record, args.file)
    state = _position(record, args.ply)
    if args.budget < 1:
        raise UserError("--budget must be at least 1")
    start = time.perf_counter()
    try:
        with _executor(args) as executor:
            result = best_shot(state, _skill_arg(args.skill), budget=args.budget, seed=args.seed,
                               executor=executor, progress=None if not args.json else False)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if result is None:
        raise UserError(f"{args.file}: the player to move has no flick here "
                        f"({record.game.describe(state)})")
    result["seconds"] = round(time.perf_counter() - start, 3)
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    print("best robust shot:")
    _print_shot(result)
    print(f"  searched {result['candidates']} candidate flicks with {result['flicks']} "
          f"simulated flicks in {result['seconds']:.2f} s")
    return 0


def cmd_analyse(args) -> int:
    if Path(args.file).is_dir():
        return _analyse_folder(args)
    from analysis.record import analyse_record
    from analysis.registry import analyser_for
    from timeline import save_record

    record = _load(args.file)
    try:
        analyser = analyser_for(record.game.name, skill=args.skill, method=args.method)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    _simulating(record, args.file)
    budget = args.budget if args.budget is not None else analyser.default_budget
    if budget < 1:
        raise UserError("--budget must be at least 1")
    start = time.perf_counter()
    with _executor(args) as executor:
        summary = analyse_record(record, budget=budget, seed=args.seed, executor=executor,
                                 analyser=analyser, progress=None if not args.json else False,
                                 variations=args.variations)
    try:
        save_record(record, args.out)
    except OSError as exc:
        raise UserError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    summary["seconds"] = round(time.perf_counter() - start, 3)
    summary["out"] = str(args.out)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    unit = "win chance" if summary["unit"] == "win" else "points"
    for n in summary["nodes"]:
        if n["glyph"] or (n["luck"] is not None and abs(n["luck"]) >= analyser.thresholds[1]):
            what = f"{n['glyph']} loses {n['loss']:.2f} {unit}, better " \
                   f"{n.get('better') or n['best']}" \
                if n["glyph"] else f"luck {n['luck']:+.2f} {unit}"
            print(f"  ply {n['ply']:>3} {n.get('move') or n['action']}: {what}")
    split = (f"; choice lost {_per_seat(summary['choice'], unit)}; execution "
             f"{_per_seat(summary['execution'], unit)}") if "execution" in summary else ""
    for v in summary.get("variations", []):
        marks = [n for n in v["nodes"] if n.get("glyph")]
        print(f"  variation from ply {v['from_ply']} ({len(v['nodes'])} moves): "
              + ("; ".join(f"{n['move']} {n['glyph']} loses {n['loss']:.2f} {unit}, better "
                           f"{n.get('better') or n['best']}" for n in marks)
                 if marks else "no mistakes"))
    print(f"{args.out}: {len(summary['nodes'])} nodes analysed in {summary['seconds']:.1f} s; "
          f"luck {_per_seat(summary['luck'], unit)}{split}")
    return 0


def _per_seat(totals: dict, unit: str) -> str:
    """A summary's per-seat totals as players read them: seats counted from 1, two decimals,
    words where there is nothing ("seat 1 +0.05, seat 2 -0.05 win chance"; "none")."""
    if not totals:
        return "none"
    return ", ".join(f"seat {int(seat) + 1} {value:+.2f}"
                     for seat, value in sorted(totals.items(), key=lambda kv: int(kv[0]))) \
        + f" {unit}"


SUMMARY_NAME = "summary.tsv"


def _analyse_folder(args) -> int:
    """`analyse DIR --out DIR2`: every record of DIR (any game) analysed into DIR2 under its
    own name, one progress bar over the records; a record whose analysed copy is already in
    DIR2 is skipped (so a stopped run resumes); DIR2/summary.tsv gets a row per record
    (plies, mistakes by glyph, luck, seconds)."""
    from analysis.executors import Progress
    from analysis.record import analyse_record
    from analysis.registry import analyser_for

    src, out = Path(args.file), Path(args.out)
    if args.budget is not None and args.budget < 1:
        raise UserError("--budget must be at least 1")
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out}: is a file; analysing a folder writes into a folder")
    if out.resolve() == src.resolve():
        raise UserError("--out must be another folder than the records' (nothing is overwritten)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create {out}: {exc.strerror or exc}") from None
    files = sorted(src.glob("*.flick")) + sorted(src.glob("*.flick.gz"))
    if not files:
        raise UserError(f"{src}: no records (*.flick) in this folder")
    rows = _read_summary(out / SUMMARY_NAME)
    todo = [f for f in files if not (out / f.name).exists()]
    bar = Progress(len(todo), "analyse", enabled=None if not args.json else False)
    problems = []
    try:
        with _executor(args) as executor:
            for path in todo:
                try:
                    record = _load(str(path))
                    _simulating(record, None)  # the row names the file
                    analyser = analyser_for(record.game.name, skill=args.skill,
                                            method=args.method)
                except (UserError, ValueError) as exc:
                    problems.append(f"{path.name}: {exc}")
                    bar.advance()
                    continue
                budget = args.budget if args.budget is not None else analyser.default_budget
                start = time.perf_counter()
                summary = analyse_record(record, budget=budget, seed=args.seed,
                                         executor=executor, analyser=analyser, progress=False,
                                         variations=args.variations)
                seconds = time.perf_counter() - start
                _save(record, out / path.name)  # written last: its presence means done
                glyphs = [n["glyph"] for n in summary["nodes"] if n["glyph"]]
                rows[path.name] = {
                    "record": path.name, "game": record.game.name,
                    "plies": str(len(summary["nodes"]) - 1),
                    **{g: str(glyphs.count(g)) for g in ("?!", "?", "??")},
                    "luck": " ".join(f"P{int(k) + 1}:{v:+.2f}"
                                     for k, v in summary["luck"].items()) or "-",
                    "seconds": f"{seconds:.1f}"}
                _write_summary(out / SUMMARY_NAME, rows)
                bar.advance()
    finally:
        bar.close()
    done = len(todo) - len(problems)
    for line in problems:
        print(f"flickbook: skipped {line}", file=sys.stderr)
    print(f"{out}: {done} records analysed, {len(files) - len(todo)} already there; "
          f"summary in {out / SUMMARY_NAME}")
    if not args.json:
        for row in rows.values():
            print("  " + "  ".join(row.get(k, "") for k in SUMMARY_COLUMNS))
    return 0 if not problems else 2


SUMMARY_COLUMNS = ("record", "game", "plies", "?!", "?", "??", "luck", "seconds")


def _read_summary(path: Path) -> dict:
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) == len(SUMMARY_COLUMNS):
            rows[cells[0]] = dict(zip(SUMMARY_COLUMNS, cells))
    return rows


def _write_summary(path: Path, rows: dict) -> None:
    text = "\t".join(SUMMARY_COLUMNS) + "\n" + "".join(
        "\t".join(rows[k].get(c, "") for c in SUMMARY_COLUMNS) + "\n" for k in sorted(rows))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _save(record, path) -> Path:
    """save_record, with a full disk or a read-only place said in one line."""
    from timeline import save_record

    try:
        return save_record(record, path)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None


def _strength_bot(game_name: str, strength: str, executor=None):
    """The analysis bot of `game_name` at `strength`; UserError when there is none."""
    from analysis.registry import bot_for

    try:
        return bot_for(game_name, strength, executor)
    except ValueError as exc:
        raise UserError(str(exc)) from None


def _bot_for(game_name: str):
    """The game's own bot (its manifest's `bot`), or None to play at random."""
    from games.registry import part

    return part(game_name, "bot")


def cmd_flick(args) -> int:
    from games.api import IllegalAction

    from games.registry import part

    record = _load(args.file)
    flick_report = part(record.game.name, "flick_report")
    if flick_report is None:
        raise UserError(f"{args.file}: flick is for Glonk records, this is {record.game.name}")
    _simulating(record, args.file)

    try:
        report = flick_report(record, args.piece, args.angle, args.speed, args.spin,
                              assault=args.assault, by=args.by)
    except IllegalAction as exc:
        raise UserError(f"illegal flick: {exc}") from None
    if args.save:
        _save(record, args.file)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


def _computer_seats(args) -> dict[int, str]:
    """`--computer SEAT=STRENGTH` (SEAT counted from 1: 1 is P1) as {seat index from 0:
    strength}, checked (UserError for a bad one).

    The hot-seat viewer plays those seats with `analysis.registry.bot_for(game, strength)`.
    """
    from games.registry import get_game

    seats: dict[int, str] = {}
    if not getattr(args, "computer", None):
        return seats
    try:
        game = get_game(args.game)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    players = args.players or len(args.armadas or ()) or int(
        game.default_config().get("players", 2))
    for item in args.computer:
        seat_text, _, strength = item.partition("=")
        if not seat_text.strip().isdigit() or not strength:
            raise UserError(f"--computer {item!r}: write SEAT=STRENGTH, e.g. 1=club")
        seat = int(seat_text)  # people count seats from 1; the window's seats from 0
        if not 1 <= seat <= players:
            raise UserError(f"--computer {item!r}: seats are 1 to {players}")
        strength = strength.strip().lower()
        if strength != "bot" or _bot_for(game.name) is None:  # "bot": the game's own bot
            _strength_bot(game.name, strength)
        seats[seat - 1] = strength
    return seats


def cmd_play(args) -> int:
    args.computer_seats = _computer_seats(args)
    return _viewer_command(args)


def _viewer_command(args) -> int:
    try:
        from viewer import main as viewer_main
    except ImportError as exc:
        raise UserError(f"the viewer is not available: {exc}") from None
    return int(viewer_main.run_viewer(args) or 0)


def cmd_render(args) -> int:
    from viewer import render as viewer_render

    return int(viewer_render.render_command(args) or 0)


def cmd_export(args) -> int:
    from viewer import export

    return int(export.export_command(args) or 0)


COMMANDS = {"explore": cmd_explore, "bestshot": cmd_bestshot, "analyse": cmd_analyse,
            "export": cmd_export, "info": cmd_info, "check": cmd_check, "solve": cmd_solve, "puzzles": cmd_puzzles, "progress": cmd_progress, "infer": cmd_infer, "hand": cmd_hand, "selfplay": cmd_selfplay,
            "flick": cmd_flick, "render": cmd_render, "play": cmd_play, "log": _viewer_command,
            "open": _viewer_command, "demo": _viewer_command, None: _viewer_command}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return COMMANDS[args.command](args)
    except UserError as exc:
        print(f"flickbook: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # output piped into `head` and the like
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # an illegal move or a damaged file from deeper layers
        from flickbook.resources import MissingResource
        from games.api import IllegalAction
        from timeline import RecordFileError

        if isinstance(exc, (IllegalAction, RecordFileError, MissingResource)):
            print(f"flickbook: {exc}", file=sys.stderr)
            return EXIT_USAGE
        if isinstance(exc, OSError):  # a place that cannot be read or written
            where = f"{exc.filename}: " if exc.filename else ""
            print(f"flickbook: {where}{exc.strerror or exc}", file=sys.stderr)
            return EXIT_USAGE
        raise
    except KeyboardInterrupt:
        print("flickbook: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
