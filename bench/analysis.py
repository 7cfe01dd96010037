"""Analysis benchmark: flicks per second per executor, scaling with workers, Grendizer rollouts.

Work (sizes from the environment, so the physics speed-up and small machines can be measured
with the same script; defaults are the issue's figures):
- explore: EXPLORE_FLICKS (1000) flicks of one saucer of a full Galaxy (six armadas, 85 discs
  less those not placed) with the local pool; `explore_1000_s` is that time scaled to 1,000
  flicks (target <= 10 s on the 2-core machine);
- scaling: SCALING_FLICKS (80) flicks with 1 worker and with 2, for the local pool and Dask
  (target >= 1.8x each; needs 2 free cores);
- rollouts: Grendizer rollouts per second from the start with the local pool;
- analyse: a TURNS-turn (40) Grendizer record with ROLLOUTS (200) rollouts a node, local
  pool; no self-play game of the team bot lasts 40 turns (they end within about 35), so the
  longest of 50 seeded games stands in, and its turns and nodes are reported;
- same bytes: one exploration on in-process, local pool, Dask and Ray compared byte for byte.
- Glonk analysis (issue 22): `evaluator_ms` (the position evaluator, per position of the
  record below), `bestshot_s` (the window's best-shot search, 128 flicks at club skill, on the
  full Galaxy, local pool), `analyse_glonk_95_s` (`flickbook analyse` of the record
  `selfplay glonk --strength novice --seed 3` makes, default budget, local pool: 95 plies
  when the issue was filed, 64 since the bots and rules were mended; `analyse_glonk_plies`)
  and `mistakes_agree_10x`: of the decisions marked ? or ?? by that analysis or by one at 10x
  the budget, the share both mark (with `mistakes_kept_10x`, the share of the default's marks
  the 10x analysis keeps).
FLICKBOOK_BENCH=smoke: small sizes everywhere (a few seconds a section; the Glonk record is cut
to GLONK_PLIES plies). Dask and Ray figures are null when they are not installed. Prints
figures, then one JSON line.
"""
from __future__ import annotations

import importlib.util
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
# This file is bench/analysis.py: keep bench/ behind the root so `analysis` is the package.
sys.path[:] = [ROOT] + [p for p in sys.path if os.path.abspath(p or ".") != BENCH] + [BENCH]

from analysis.executors import open_executor  # noqa: E402
from analysis.glonk import explore, intent  # noqa: E402

from bench.benchkit import SMOKE, env_size, report  # noqa: E402

# FLICKBOOK_BENCH=smoke: small sizes, in-process and local pool only (no cluster started).
EXPLORE_FLICKS = env_size("EXPLORE_FLICKS", 1000, 8)
SCALING_FLICKS = env_size("SCALING_FLICKS", 80, 4)
ROLLOUTS = env_size("ROLLOUTS", 200, 4)
TURNS = env_size("TURNS", 40, 3)
GLONK_PLIES = env_size("GLONK_PLIES", 10_000, 14)  # the Glonk record, cut in smoke mode
BESTSHOT_BUDGET = env_size("BESTSHOT_BUDGET", 128, 16)
EXECUTORS = ("inprocess", "local") if SMOKE else ("inprocess", "local", "dask", "ray")
TARGETS = {"explore_1000_s": "<= 10", "scaling_2_workers": ">= 1.8",
           "same_bytes_all_executors": "== true", "grendizer_rollouts_per_s": None,
           "analyse_record_s": None, "bestshot_s": "<= 3", "analyse_glonk_95_s": "<= 60",
           "mistakes_agree_10x": ">= 0.8"}


def have(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def galaxy_shot():
    """The full-Galaxy position of bench/render_glonk.py and a flick into the crowd."""
    from render_glonk import full_galaxy_state

    s = full_galaxy_state()
    pieces = sorted((p for p in s.in_play() if p.owner == s.turn_player and p.speed > 0),
                    key=lambda p: p.id)
    mover = pieces[0]
    return s, intent(s, mover.id, 200.0, 1.2)


def timed_explore(spec: str, workers: int, s, shot, flicks: int) -> tuple[float, dict]:
    with open_executor(spec, workers) as executor:
        explore(s, shot, "club", samples=min(flicks, 2 * workers), executor=executor)  # warm
        start = time.perf_counter()
        result = explore(s, shot, "club", samples=flicks, seed=11, executor=executor)
    return time.perf_counter() - start, result


def grendizer_record(turns: int):
    """The first seeded self-play game (team bot) that lasts `turns` turns, else the longest
    of 50 (the bot's games end by victory or defeat within about 35 turns)."""
    import numpy as np

    from games.grendizer.bot import choose_action
    from timeline import Record

    longest = None
    for seed in range(50):
        record = Record.new("grendizer", headers={"created": None})
        rng = np.random.default_rng(seed)
        node = record.root
        while not record.game.is_terminal(node.state) and node.state.turn <= turns:
            node = record.add_child(node, choose_action(node.state, rng))
        if node.state.turn > turns:
            return record
        if longest is None or node.state.turn > longest.mainline()[-1].state.turn:
            longest = record
    return longest


def glonk_record(tmp: str):
    """The record `flickbook selfplay glonk --strength novice --seed 3` writes (made by the
    command itself, so it is that very game), cut to GLONK_PLIES plies."""
    import subprocess

    from timeline import load_record

    subprocess.run([sys.executable, os.path.join(ROOT, "flickbook_cli.py"), "selfplay",
                    "glonk", "--strength", "novice", "--seed", "3", "--out", tmp,
                    "--max-actions", str(min(GLONK_PLIES, 3000))],
                   check=True, capture_output=True, cwd=ROOT)
    return load_record(os.path.join(tmp, "glonk-3-001.flick"))


def marked(summary) -> set[int]:
    return {n["ply"] for n in summary["nodes"] if n["glyph"] in ("?", "??")}


def glonk_figures(figures: dict, s) -> None:
    import tempfile

    from analysis.glonk import ANALYSER, best_shot
    from analysis.glonk.evaluator import shipped
    from analysis.record import analyse_record

    with open_executor("local", os.cpu_count() or 1) as executor:
        best_shot(s, "club", budget=8, samples_per_candidate=4, executor=executor)  # warm
        t0 = time.perf_counter()
        best_shot(s, "club", budget=BESTSHOT_BUDGET, samples_per_candidate=20, seed=5,
                  executor=executor)
        figures["bestshot_s"] = round(time.perf_counter() - t0, 2)
        figures["bestshot_budget"] = BESTSHOT_BUDGET
        print(f"best shot: {BESTSHOT_BUDGET} flicks at club skill on the full Galaxy in "
              f"{figures['bestshot_s']} s")
        with tempfile.TemporaryDirectory() as tmp:
            record = glonk_record(tmp)
        line = record.mainline()
        evaluator = shipped()
        t0 = time.perf_counter()
        for node in line:
            evaluator.win(node.state)
        figures["evaluator_ms"] = round((time.perf_counter() - t0) / len(line) * 1e3, 3)
        figures["analyse_glonk_plies"] = len(line) - 1
        budget = ANALYSER.default_budget
        t0 = time.perf_counter()
        default = analyse_record(record, budget=budget, executor=executor, progress=False)
        figures["analyse_glonk_95_s"] = round(time.perf_counter() - t0, 1)
        graph = [n["win"][0] for n in default["nodes"]]
        figures["glonk_win_first_seat_range"] = [round(min(graph), 3), round(max(graph), 3)]
        print(f"glonk: {len(line) - 1}-ply record analysed in {figures['analyse_glonk_95_s']} "
              f"s at budget {budget}; evaluator {figures['evaluator_ms']} ms a position")
        t0 = time.perf_counter()
        thorough = analyse_record(record, budget=10 * budget, executor=executor,
                                  progress=False)
        figures["analyse_glonk_10x_s"] = round(time.perf_counter() - t0, 1)
    a, b = marked(default), marked(thorough)
    figures["mistakes_default"] = sorted(a)
    figures["mistakes_10x"] = sorted(b)
    figures["mistakes_agree_10x"] = round(len(a & b) / len(a | b), 3) if a | b else 1.0
    figures["mistakes_kept_10x"] = round(len(a & b) / len(a), 3) if a else 1.0
    print(f"mistakes (? and ??): {sorted(a)} at budget {budget}, {sorted(b)} at "
          f"{10 * budget}: agree {figures['mistakes_agree_10x']}")


def main() -> None:
    from analysis.record import analyse_record
    from analysis.registry import analyser_for

    figures: dict = {"cores": os.cpu_count(), "load_avg": round(os.getloadavg()[0], 2)}
    s, shot = galaxy_shot()
    figures["discs"] = len(s.in_play())

    seconds, result = timed_explore("local", os.cpu_count() or 1, s, shot, EXPLORE_FLICKS)
    figures["explore_flicks"] = EXPLORE_FLICKS
    figures["explore_1000_s"] = round(seconds * 1000 / EXPLORE_FLICKS, 2)
    figures["flicks_per_s_local"] = round(EXPLORE_FLICKS / seconds, 1)
    print(f"explore: {EXPLORE_FLICKS} full-Galaxy flicks in {seconds:.1f} s on the local pool "
          f"(p_standard {result['p_standard']:.2f})")

    for spec in EXECUTORS:
        if spec in ("dask", "ray") and not have("distributed" if spec == "dask" else "ray"):
            figures[f"flicks_per_s_{spec}"] = None
            continue
        workers = 1 if spec == "inprocess" else 2
        secs, _ = timed_explore(spec, workers, s, shot, SCALING_FLICKS)
        figures[f"flicks_per_s_{spec}"] = round(SCALING_FLICKS / secs, 1)
        print(f"{spec}: {SCALING_FLICKS / secs:.1f} flicks/s")
        if spec in ("local", "dask"):
            one, _ = timed_explore(spec, 1, s, shot, SCALING_FLICKS)
            figures[f"scaling_2_workers_{spec}"] = round(one / secs, 2)
            print(f"{spec}: 1 worker {one:.1f} s, 2 workers {secs:.1f} s: x{one / secs:.2f}")
    figures["scaling_2_workers"] = min(v for k, v in figures.items()
                                       if k.startswith("scaling_2_workers_") and v is not None)

    analyser = analyser_for("grendizer")
    import numpy as np

    from games.registry import get_game

    game = get_game("grendizer")
    start_state = game.new_initial_state(game.default_config())
    with open_executor("local") as executor:
        t0 = time.perf_counter()
        analyser.win([start_state], budget=ROLLOUTS * 2, seeds=np.random.SeedSequence(1).spawn(1),
                     executor=executor)
        rollout_s = time.perf_counter() - t0
        figures["grendizer_rollouts_per_s"] = round(ROLLOUTS * 2 / rollout_s, 1)
        record = grendizer_record(TURNS)
        line = record.mainline()
        t0 = time.perf_counter()
        analyse_record(record, budget=ROLLOUTS, executor=executor)
        figures["analyse_record_s"] = round(time.perf_counter() - t0, 2)
    figures["analyse_record_nodes"] = len(line)
    figures["analyse_record_turns"] = line[-1].state.turn
    print(f"grendizer: {figures['grendizer_rollouts_per_s']} rollouts/s; a "
          f"{figures['analyse_record_turns']}-turn record "
          f"({len(line)} nodes, {ROLLOUTS} rollouts a node) in {figures['analyse_record_s']} s")

    answers = {}
    for spec in EXECUTORS:
        if spec in ("dask", "ray") and not have("distributed" if spec == "dask" else "ray"):
            continue
        with open_executor(spec, 2) as executor:
            r = explore(s, shot, "novice", samples=8, seed=3, batch_size=2, executor=executor)
        r.pop("seconds")
        answers[spec] = json.dumps(r, sort_keys=True)
    figures["same_bytes_executors"] = sorted(answers)
    figures["same_bytes_all_executors"] = (len(set(answers.values())) == 1
                                           and len(answers) == len(EXECUTORS))
    print(f"same bytes on {', '.join(sorted(answers))}: {len(set(answers.values())) == 1}")
    glonk_figures(figures, s)
    report("analysis", figures, TARGETS)


if __name__ == "__main__":
    main()
