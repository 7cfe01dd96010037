"""Train the Glonk position evaluator from seeded self-play (scikit-learn at training only).

    python -m analysis.glonk.train_evaluator generate --games 72 --first-seed 1000 --out DATA
    python -m analysis.glonk.train_evaluator generate --games 24 --first-seed 9000 --out HELD
    python -m analysis.glonk.train_evaluator fit --data DATA --out analysis/glonk/data/evaluator.json
    python -m analysis.glonk.train_evaluator calibrate --held HELD [--rollouts 8 --rollout-positions 200]

`generate` plays shot-bot games at mixed strengths (analysis/glonk/selfplay.py) through an
executor (`--executor local|inprocess|dask|ray|tcp://...|ray://...`, as `flickbook analyse`),
one gzip JSON file per game, skipping games already there (so a stopped run resumes and a
cluster can add games). Game i of a run has seed first_seed + i, so the data are the same
whoever makes them.

`fit` reads every game, takes each non-terminal position of its main line with its label
(who won the game: 1 for a winner, 1/k for k sharing, 0 otherwise), and fits a logistic
regression (scikit-learn, fixed solver and regularisation: deterministic) of the
Bradley-Terry form the runtime evaluator uses (analysis/glonk/evaluator.py): seat s's strength is
w . phi(state, s), and the win chances are the softmax of the strengths over the seats still
in play. With two seats that is a logistic regression on phi(s0) - phi(s1) without an
intercept; each position enters once per seat ordering (x, y) and (-x, 1 - y), so the fit is
symmetric. The weights and the feature names go to a small JSON file shipped in the wheel.

`calibrate` measures the model on held-out games: Brier score, expected calibration error
(10 equal-width bins of the predicted chance of each seat), log loss, the same for 8-rollout
estimates on a subset of the positions, and writes the reliability plot (docs/img/).
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
MODEL_NAME = "evaluator.json"


def game_path(folder: Path, seed: int) -> Path:
    return folder / f"game-{seed:06d}.json.gz"


def generate(folder: Path, games: int, first_seed: int, executor_spec: str = "local",
             workers: int | None = None, players: int = 2, quiet: bool = False) -> list[Path]:
    """Play the games of seeds first_seed .. first_seed + games - 1 that `folder` lacks."""
    from analysis.executors import Progress, open_executor, run_batches
    from .selfplay import SelfPlayGame, play_game, strengths_for

    folder.mkdir(parents=True, exist_ok=True)
    seeds = [first_seed + i for i in range(games)]
    todo = [s for s in seeds if not game_path(folder, s).exists()]
    tasks = [SelfPlayGame(s, strengths_for(s), players) for s in todo]
    bar = Progress(len(tasks), "self-play", enabled=None if not quiet else False)

    def arrived(i, result):
        path = game_path(folder, result["seed"])
        tmp = path.with_suffix(".tmp")
        with gzip.open(tmp, "wt") as f:
            json.dump(result, f)
        os.replace(tmp, path)

    start = time.perf_counter()
    try:
        with open_executor(executor_spec, workers) as executor:
            run_batches(executor, play_game, tasks, on_result=arrived, progress=bar)
    finally:
        bar.close()
    if not quiet:
        print(f"{len(tasks)} games played in {time.perf_counter() - start:.0f} s "
              f"({games - len(tasks)} were there already)")
    return [game_path(folder, s) for s in seeds]


def read_games(folder: Path) -> list[dict]:
    out = []
    for path in sorted(folder.glob("game-*.json.gz")):
        with gzip.open(path, "rt") as f:
            out.append(json.load(f))
    return out


# --- positions and labels ---------------------------------------------------------------
def positions(game: dict, every: int = 1):
    """(state, label per seat) for every `every`-th non-terminal position of a finished game
    (label: 1 for the winner, 1/k each for k sharing the win, 0 otherwise)."""
    from games.glonk import GAME

    winners = game.get("winners")
    if not winners:
        return []
    n = game["players"]
    label = np.array([1.0 / len(winners) if i in winners else 0.0 for i in range(n)])
    out = []
    for k, data in enumerate(game["states"][:-1]):
        if k % every:
            continue
        out.append((GAME.state_from_json(data), label))
    return out


def design(games: list[dict], race_q: float, every: int = 1):
    """Feature differences phi(s, 0) - phi(s, 1) and seat 0's label, per position (two-seat
    games)."""
    from .evaluator import features

    xs, ys = [], []
    for game in games:
        if game["players"] != 2:
            raise ValueError("the fit reads two-seat games (the model generalises by softmax)")
        for state, label in positions(game, every):
            f = features(state, race_q)
            xs.append(f[0] - f[1])
            ys.append(label[0])
    from .evaluator import FEATURES

    return np.asarray(xs).reshape(-1, len(FEATURES)), np.asarray(ys)


def _logistic(x: np.ndarray, y: np.ndarray, c: float) -> np.ndarray:
    """Weights of the symmetric no-intercept logistic regression (scikit-learn): each
    position once per seat order, (x, y) and (-x, 1 - y), a shared win split by weight."""
    from sklearn.linear_model import LogisticRegression

    big_x = np.concatenate([x, x, -x, -x])
    big_y = np.concatenate([np.ones(len(y)), np.zeros(len(y)), np.ones(len(y)),
                            np.zeros(len(y))])
    weight = np.concatenate([y, 1 - y, 1 - y, y])
    keep = weight > 0
    model = LogisticRegression(fit_intercept=False, C=c, solver="lbfgs", max_iter=5000,
                               tol=1e-10)
    model.fit(big_x[keep], big_y[keep], sample_weight=weight[keep])
    return model.coef_[0]


#: The settings `select` tries: inverse regularisation C and the race's scoring chance q.
C_GRID = (0.03, 0.1, 0.3, 1.0)
Q_GRID = (0.2, 0.35, 0.5)


def select(games: list[dict], folds: int = 5) -> dict:
    """The (C, race_q) of the grid with the lowest cross-validated log loss (folds by game:
    game k in fold k mod folds), and every setting's figures."""
    table = []
    for q in Q_GRID:
        per_game = [design([g], q) for g in games]
        for c in C_GRID:
            ps, ys = [], []
            for fold in range(folds):
                train = [d for k, d in enumerate(per_game) if k % folds != fold]
                test = [d for k, d in enumerate(per_game) if k % folds == fold]
                if not train or not test:
                    continue
                w = _logistic(np.concatenate([d[0] for d in train]),
                              np.concatenate([d[1] for d in train]), c)
                for x, y in test:
                    ps.append(1 / (1 + np.exp(-(x @ w))))
                    ys.append(y)
            p, y = np.concatenate(ps), np.concatenate(ys)
            cal = calibration(np.r_[p, 1 - p], np.r_[y, 1 - y])
            table.append({"C": c, "race_q": q, "log_loss": round(cal["log_loss"], 5),
                          "brier": round(cal["brier"], 5), "ece": round(cal["ece"], 5)})
    best = min(table, key=lambda r: (r["log_loss"], r["C"], r["race_q"]))
    return {"C": best["C"], "race_q": best["race_q"], "grid": table}


def fit(games: list[dict], c: float = 0.1, race_q: float = 0.35) -> "GlonkEvaluator":
    """The Bradley-Terry logistic regression of the module docstring (scikit-learn)."""
    from .evaluator import GlonkEvaluator

    x, y = design(games, race_q)
    return GlonkEvaluator(_logistic(x, y, c), race_q=race_q, meta={
        "games": len(games), "positions": int(len(y)), "C": c,
        "seeds": sorted(g["seed"] for g in games),
        "strengths": sorted({"-".join(g["strengths"]) for g in games}),
        "trained_with": "scikit-learn LogisticRegression (lbfgs, no intercept, symmetric)"})


# --- calibration ---------------------------------------------------------------------------
def calibration(p: np.ndarray, y: np.ndarray, bins: int = 10) -> dict:
    """Brier score, expected calibration error (equal-width bins) and log loss of predicted
    chances `p` against outcomes `y` (same shape; every seat's chance counts once)."""
    p = np.clip(np.asarray(p, dtype=float).ravel(), 0.0, 1.0)
    y = np.asarray(y, dtype=float).ravel()
    edges = np.linspace(0.0, 1.0, bins + 1)
    which = np.clip(np.searchsorted(edges, p, side="right") - 1, 0, bins - 1)
    ece, table = 0.0, []
    for b in range(bins):
        mask = which == b
        if not mask.any():
            continue
        gap = abs(p[mask].mean() - y[mask].mean())
        ece += mask.mean() * gap
        table.append({"bin": [round(edges[b], 2), round(edges[b + 1], 2)],
                      "n": int(mask.sum()), "predicted": float(p[mask].mean()),
                      "observed": float(y[mask].mean())})
    q = np.clip(p, 1e-6, 1 - 1e-6)
    return {"n": int(len(p)), "brier": float(np.mean((p - y) ** 2)), "ece": float(ece),
            "log_loss": float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q))),
            "bins": table}


def predictions(evaluator, games: list[dict], every: int = 1):
    """Seat 0's predicted chance and label for each held-out position (two seats)."""
    ps, ys = [], []
    for game in games:
        for state, label in positions(game, every):
            ps.append(evaluator.win(state)[0])
            ys.append(label[0])
    return np.asarray(ps), np.asarray(ys)


def crossval(games: list[dict], folds: int = 5, c: float = 0.1, race_q: float = 0.35):
    """Held-out predictions for every position: game k's positions are predicted by a model
    fitted on the games of the other folds (fold = k mod folds), so no prediction has seen
    its own game. Returns (states, seat 0's chance, seat 0's label, game seed) per position."""
    states, ps, ys, seeds = [], [], [], []
    for fold in range(folds):
        train = [g for k, g in enumerate(games) if k % folds != fold]
        test = [g for k, g in enumerate(games) if k % folds == fold]
        if not test or not train:
            continue
        model = fit(train, c, race_q)
        for g in test:
            for state, label in positions(g):
                states.append(state)
                ps.append(model.win(state)[0])
                ys.append(label[0])
                seeds.append(g["seed"])
    return states, np.asarray(ps), np.asarray(ys), seeds


def rollout_estimates(states: list, rollouts: int, executor, seed: int = 5) -> np.ndarray:
    """Seat 0's win chance of each state by `rollouts` playouts of the analysis's rollout
    method valued by the score at the horizon (the estimate the evaluator replaces)."""
    from analysis.glonk import ANALYSER

    analyser = ANALYSER.configured(method="rollouts", truncate="score")
    seeds = np.random.SeedSequence(seed).spawn(len(states))
    out = analyser.win(states, budget=rollouts, seeds=seeds, executor=executor)
    return np.asarray([r["win"][0] for r in out])


def calibrate(held: Path, model: Path | None, *, rollouts: int = 8,
              rollout_positions: int = 120, plot: Path | None = None,
              executor_spec: str = "local", workers: int | None = None, folds: int = 0,
              exclude: tuple[int, ...] = ()) -> dict:
    """The evaluator's calibration on held-out positions, beside `rollouts`-rollout
    estimates on `rollout_positions` of the same positions (evenly spaced). With `folds`,
    the games of `held` (less the seeds in `exclude`) are cross-validated by game
    (`crossval`); else `model` predicts every game of `held`."""
    from analysis.executors import open_executor
    from timeline.fileformat import read_strict
    from .evaluator import GlonkEvaluator

    games = [g for g in read_games(held) if g["seed"] not in set(exclude)]
    if folds:
        settings = read_strict(model, "evaluator model")
        states, p, y, _ = crossval(games, folds, settings["meta"]["C"], settings["race_q"])
        how = f"{folds}-fold cross-validation by game (no position predicted by a model " \
              "that saw its game)"
        per_position_ms = None
    else:
        evaluator = GlonkEvaluator.from_json(read_strict(model, "evaluator model"))
        pairs = [pos for g in games for pos in positions(g)]
        states = [s for s, _ in pairs]
        start = time.perf_counter()
        p = np.asarray([evaluator.win(s)[0] for s in states])
        per_position_ms = round((time.perf_counter() - start) / max(1, len(states)) * 1e3, 3)
        y = np.asarray([label[0] for _, label in pairs])
        how = "held-out games"
    both = calibration(np.r_[p, 1 - p], np.r_[y, 1 - y])
    report = {"games": len(games), "positions": len(states), "held_out": how,
              "strengths": sorted({"-".join(g["strengths"]) for g in games}),
              "evaluator": both, "evaluator_ms_per_position": per_position_ms}
    if rollouts and rollout_positions:
        pick = np.unique(np.linspace(0, len(states) - 1, min(rollout_positions, len(states)))
                         .round().astype(int))
        t0 = time.perf_counter()
        with open_executor(executor_spec, workers) as executor:
            r = rollout_estimates([states[i] for i in pick], rollouts, executor)
        report["rollout_seconds"] = round(time.perf_counter() - t0, 1)
        sub_p, sub_y = p[pick], y[pick]
        report["subset"] = {
            "positions": int(len(pick)), "rollouts": rollouts,
            "evaluator": calibration(np.r_[sub_p, 1 - sub_p], np.r_[sub_y, 1 - sub_y]),
            "rollouts_by_score": calibration(np.r_[r, 1 - r], np.r_[sub_y, 1 - sub_y])}
    if plot is not None:
        reliability_plot(report, plot)
    return report


def reliability_plot(report: dict, path: Path) -> None:
    """Predicted chance against observed frequency per bin (matplotlib, training only)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.2, 5.2), dpi=110)
    ax.plot([0, 1], [0, 1], color="#999", lw=1, ls="--", label="perfect calibration")

    def draw(cal, label, colour, marker):
        pts = [(b["predicted"], b["observed"], b["n"]) for b in cal["bins"]]
        ax.plot([q for q, _, _ in pts], [o for _, o, _ in pts], color=colour, marker=marker,
                label=f"{label} (Brier {cal['brier']:.3f}, ECE {cal['ece']:.3f}, "
                      f"n {cal['n'] // 2})")

    draw(report["evaluator"], "evaluator", "#1f6fd0", "o")
    if "subset" in report:
        sub = report["subset"]
        draw(sub["rollouts_by_score"], f"{sub['rollouts']} rollouts", "#d0621f", "s")
    ax.set_xlabel("predicted win chance")
    ax.set_ylabel("observed win frequency")
    ax.set_title(f"Glonk evaluator: {report['positions']} held-out positions, "
                 f"{report['games']} games", fontsize=10)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left", fontsize=7.5)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m analysis.glonk.train_evaluator")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--games", type=int, required=True)
    g.add_argument("--first-seed", type=int, default=1000)
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--players", type=int, default=2)
    g.add_argument("--executor", default="local")
    g.add_argument("--workers", type=int, default=None)
    f = sub.add_parser("fit")
    f.add_argument("--data", type=Path, required=True)
    f.add_argument("--out", type=Path, default=ROOT / "analysis" / "glonk" / "data" / MODEL_NAME)
    f.add_argument("--folds", type=int, default=5,
                   help="folds (by game) of the cross-validation that picks C and race_q")
    f.add_argument("--exclude", type=int, nargs="*", default=(),
                   help="game seeds left out (e.g. the test's fixed set)")
    c = sub.add_parser("calibrate")
    c.add_argument("--held", type=Path, required=True)
    c.add_argument("--folds", type=int, default=0,
                   help="cross-validate the games of --held by game instead of using --model")
    c.add_argument("--exclude", type=int, nargs="*", default=(),
                   help="game seeds left out (e.g. the test's fixed set)")
    c.add_argument("--model", type=Path, default=ROOT / "analysis" / "glonk" / "data" / MODEL_NAME)
    c.add_argument("--rollouts", type=int, default=8)
    c.add_argument("--rollout-positions", type=int, default=120)
    c.add_argument("--plot", type=Path, default=ROOT / "docs" / "img" / "glonk-reliability.png")
    c.add_argument("--report", type=Path, default=None)
    c.add_argument("--executor", default="local")
    c.add_argument("--workers", type=int, default=None)
    args = p.parse_args(argv)
    if args.command == "generate":
        generate(args.out, args.games, args.first_seed, args.executor, args.workers,
                 args.players)
    elif args.command == "fit":
        start = time.perf_counter()
        games = [g for g in read_games(args.data) if g["seed"] not in set(args.exclude)]
        chosen = select(games, args.folds)
        evaluator = fit(games, chosen["C"], chosen["race_q"])
        evaluator.meta["selection"] = chosen
        args.out.parent.mkdir(parents=True, exist_ok=True)
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(evaluator.to_json(), indent=1) + "\n")
        os.replace(tmp, args.out)
        from .evaluator import FEATURES

        print(f"fitted on {evaluator.meta['positions']} positions of {len(games)} games in "
              f"{time.perf_counter() - start:.1f} s -> {args.out}")
        for name, w in zip(FEATURES, evaluator.weights):
            print(f"  {name:<18} {w:+.3f}")
    else:
        report = calibrate(args.held, args.model, rollouts=args.rollouts,
                           rollout_positions=args.rollout_positions, plot=args.plot,
                           executor_spec=args.executor, workers=args.workers,
                           folds=args.folds, exclude=tuple(args.exclude))
        text = json.dumps(report, indent=1)
        if args.report is not None:
            args.report.write_text(text + "\n")
        print(json.dumps({k: v for k, v in report.items() if k != "bins"}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
