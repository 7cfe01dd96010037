"""Analysing a whole record: win chance at every main-line node, mistakes and luck.

For each node of the main line the game's analyser estimates every seat's win chance. Then,
per step from a parent to its child:
- a decision (a player acted): the analyser's best alternative is evaluated too, and the
  `loss` is how much less the played action left the mover than that alternative (never
  below 0); losses past the analyser's thresholds get the glyphs `?!`, `?`, `??`;
- a chance step (a card draw, a deal): its `luck` for the player concerned is the value after
  it minus the expected value over its outcomes, which is the parent's own estimate (its
  playouts sample that very chance node).
A game whose actions mix both (a Glonk flick is an intent plus the scatter of the hand) judges
its nodes itself (`judge`). The results go into each node's `analysis` field (versioned,
timeline/analysis_field.py), the glyph into its glyphs, a comment naming the better action,
and the better action as a variation after the main line. Analysing again replaces all that.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from games.api import CHANCE
from timeline.analysis_field import ANALYSIS_VERSION

from .executors import InProcessExecutor, Progress
from .rollouts import seat_count, win_chances

COMMENT_TAG = "[analysis]"


class WinAnalyser:
    """Win chances by rollouts with `policy`; the best alternative is `best_action`'s."""

    game = ""
    unit = "win"
    method = "rollouts"
    thresholds = (0.05, 0.10, 0.20)  # win chance lost for ?!, ?, ??
    team = False  # a cooperative game: every seat shares one result and all luck
    batch_size = 25
    default_budget = 200  # rollouts a node when the command line names none
    prepare: Callable | None = None
    leaf: Callable | None = None

    def configured(self, **options) -> "WinAnalyser":
        """A copy with the named settings changed (None leaves a setting as it is)."""
        import copy

        out = copy.copy(self)
        for key, value in options.items():
            if value is None:
                continue
            if key.startswith("_") or not hasattr(out, key) or callable(getattr(out, key)):
                raise ValueError(f"{self.game} analysis has no setting {key!r}")
            setattr(out, key, value)
        out.check()
        return out

    def for_budget(self, budget: int) -> "WinAnalyser":
        """The analyser an analysis at `budget` uses (one whose own searches grow with the
        budget returns a copy set for it)."""
        return self

    @property
    def methods(self) -> tuple[str, ...]:
        """The ways this analyser can estimate win chances (`method` is one)."""
        return (type(self).method,)

    def check(self) -> None:
        """ValueError naming a setting that cannot be used."""
        if self.method not in self.methods:
            raise ValueError(f"{self.game} analysis has no method {self.method!r} (it has "
                             f"{', '.join(self.methods)})")

    def policy(self, state, rng):  # pragma: no cover - every analyser sets its own
        raise NotImplementedError

    def viewpoint(self, state) -> int:
        raise NotImplementedError

    def best_action(self, state, rng, executor=None):
        raise NotImplementedError

    def win(self, states, *, budget: int, seeds, executor=None, progress=None,
            on_result=None) -> list[dict]:
        out = win_chances(self.game, states, self.policy, rollouts=budget, seeds=seeds,
                          players=seat_count, prepare=self.prepare, leaf=self.leaf,
                          batch_size=self.batch_size, executor=executor, progress=progress,
                          on_result=on_result)
        for r in out:
            r["method"] = self.method
        return out

    def judge(self, parent, node, *, seed, executor=None) -> dict | None:
        """Own loss/luck figures for a node, or None to use the win-chance comparison."""
        return None

    # --- judging one decision as the analysis did (analysis.lessons asks here too) ----------
    def decision_values(self, game, state, played, entry: dict) -> tuple[float, float]:
        """(the played decision's value for the mover, the best decision's), as the analysis
        stored them in the played node's figures `entry`: the mover's win chance after the
        move, and that plus its `loss`."""
        mover = game.current_player(state)
        value = float(entry["win"][mover])
        return value, value + float(entry.get("loss") or 0.0)

    def decision_value(self, game, state, action, entry: dict, *, seed: int) -> float:
        """The mover's value of `action` at `state`, measured the way the analysis measured
        the decision whose figures are `entry` (its method, at its budget)."""
        mover = game.current_player(state)
        budget = int(entry.get("samples") or self.default_budget)
        after = game.apply(state, action).state
        [found] = self.for_budget(budget).win([after], budget=budget,
                                              seeds=[np.random.SeedSequence(seed)])
        return float(found["win"][mover])

    def glyph(self, loss: float | None) -> str | None:
        if loss is None:
            return None
        glyph = None
        for mark, limit in zip(("?!", "?", "??"), self.thresholds):
            if loss >= limit:
                glyph = mark
        return glyph


def lost(best: float, value: float) -> float:
    """What a decision of `value` lost against the best one found (never below 0)."""
    return max(0.0, best - value)


def judge_decision(game, state, action, played: str, entry: dict, *, seed: int = 0,
                   analyser=None) -> dict:
    """The analysis' own judgement of `action` at `state`, where it judged the move
    `played` with the figures `entry` (that node's `analysis`): the played move and the better
    one it found keep the values it stored, any other is measured as it measured them. Returns
    the action's `value`, the `best` value (the best found, or this one when it is better),
    the `loss`, the `glyph` it earns (None: the analysis would not mark it) and the `unit`.
    "Learn from your mistakes" judges answers here, so it never disagrees with the marks."""
    from .registry import analyser_for

    analyser = analyser or analyser_for(game.name)
    played_value, best_value = analyser.decision_values(game, state, played, entry)
    text = str(action)
    if text == played:
        value = played_value
    elif text == entry.get("best"):
        value = best_value
    else:
        value = analyser.decision_value(game, state, action, entry, seed=seed)
    loss = lost(best_value, value)
    return {"value": value, "best": max(best_value, value), "loss": loss,
            "glyph": analyser.glyph(loss), "unit": entry.get("unit") or analyser.unit,
            "thresholds": tuple(analyser.thresholds)}


def _strip_old(node) -> None:
    """Remove what an earlier analysis added to `node`: glyph, comment, inserted variations."""
    old = node.analysis or {}
    if old.get("glyph") and old["glyph"] in node.glyphs:
        node.glyphs.remove(old["glyph"])
    if COMMENT_TAG in node.comment:
        node.comment = "\n".join(line for line in node.comment.split("\n")
                                 if not line.startswith(COMMENT_TAG)).rstrip()
    node.analysis = None
    node.variations[:] = [c for c in node.variations
                          if not ((c.analysis or {}).get("alternative") and not c.variations
                                  and not c.comment.replace(COMMENT_TAG, "").strip())]


def analyse_record(record, *, budget: int = 200, seed: int = 0, executor=None,
                   progress: bool | None = None, analyser=None,
                   on_node: Callable[[int, dict], None] | None = None,
                   variations: bool = False, **options) -> dict:
    """Analyse `record`'s main line in place; returns per-node figures and the game summary.

    `budget`: rollouts per node (Glonk: see analysis.glonk.GlonkAnalyser for what it means
    there). `on_node(ply, figures)` sees each node's win chance as soon as it is known.
    `variations`: the author's own variations are checked too, each line from its branch
    point like the main line (the summary's `variations` lists them); the better moves the
    analysis inserts are not lines of the author's and are never analysed themselves.
    """
    from .registry import analyser_for

    game = record.game
    analyser = (analyser or analyser_for(game.name, **options)).for_budget(budget)
    executor = executor or InProcessExecutor()
    line = record.mainline()
    for node in line:
        _strip_old(node)
    side = author_lines(record) if variations else []
    bar = Progress(0, f"analyse {game.name}", enabled=progress)

    def partial(i, figures):
        if on_node is not None:
            on_node(i, figures)

    try:
        entries = _analyse_line(game, line, analyser, budget, [seed], executor, bar, partial)
        side_entries = [_analyse_line(game, seq, analyser, budget, [seed, 1000 + k], executor,
                                      bar, None) for k, seq in enumerate(side)]
    finally:
        bar.close()
    summary = _write_back(record, line, entries, analyser)
    if variations:
        summary["variations"] = []
        for seq, found in zip(side, side_entries):
            out = _write_back(record, seq, found, analyser, first=1)
            summary["variations"].append({
                "from_ply": _depth(seq[0]),
                "moves": [n["move"] for n in out["nodes"][1:]],
                "nodes": out["nodes"][1:]})
    return summary


def _depth(node) -> int:
    depth = 0
    while node.parent is not None:
        node, depth = node.parent, depth + 1
    return depth


def author_lines(record) -> list[list]:
    """Every variation of the record's author as a line: its branch point (on the main line
    or on another variation), then the variation's own main line to its end; earlier
    analysis's inserted alternatives are taken out first (`_strip_old`)."""
    lines, todo = [], [record.mainline()]
    while todo:
        here = todo.pop(0)
        for node in here:
            for child in list(node.variations[1:]):
                seq, n = [node], child
                while True:
                    _strip_old(n)
                    seq.append(n)
                    if not n.variations:
                        break
                    n = n.variations[0]
                if child in node.variations:  # not an old alternative _strip_old removed
                    lines.append(seq)
                    todo.append(seq[1:])
    return lines


def _analyse_line(game, line, analyser, budget, key, executor, bar, partial) -> list[dict]:
    """The figures of every node of `line` (a path down the tree): win chances, and per step
    the judge's figures, the luck of a chance step or the loss against the best action.
    `key` seeds it (the main line: [seed], as ever)."""
    states = [n.state for n in line]
    main_seeds = np.random.SeedSequence([*key[:1], 0, *key[1:]]).spawn(len(line))
    alt_seeds = np.random.SeedSequence([*key[:1], 1, *key[1:]]).spawn(len(line))
    choice_seeds = np.random.SeedSequence([*key[:1], 2, *key[1:]]).spawn(len(line))
    wins = analyser.win(states, budget=budget, seeds=main_seeds, executor=executor,
                        progress=bar, on_result=partial)
    entries: list[dict[str, Any]] = []
    alternatives: list[tuple[int, Any]] = []
    judged = _judge_all(analyser, line, choice_seeds, executor, bar)
    for i, node in enumerate(line):
        entry = {"version": ANALYSIS_VERSION, "unit": analyser.unit, "loss": None,
                 "luck": None, "best": None, "glyph": None, "alternative": False, **wins[i]}
        entry.pop("actions", None)
        entries.append(entry)
        if i == 0:
            continue
        parent = line[i - 1]
        own = judged[i]
        if own is not None:
            entry.update(own)
            continue
        mover = game.current_player(parent.state)
        if mover == CHANCE:
            v = analyser.viewpoint(parent.state)
            entry["luck"] = wins[i]["win"][v] - wins[i - 1]["win"][v]
        elif mover >= 0:
            rng = np.random.default_rng(choice_seeds[i])
            alt = analyser.best_action(parent.state, rng, executor)
            entry["loss"] = 0.0
            if alt is not None and str(alt) != node.action_text:
                alternatives.append((i, alt))
    alt_states = [game.apply(line[i - 1].state, a).state for i, a in alternatives]
    alt_wins = analyser.win(alt_states, budget=budget,
                            seeds=[alt_seeds[i] for i, _ in alternatives],
                            executor=executor, progress=bar) if alternatives else []
    for (i, alt), w in zip(alternatives, alt_wins):
        mover = game.current_player(line[i - 1].state)
        entries[i]["loss"] = lost(w["win"][mover], entries[i]["win"][mover])
        entries[i]["best"] = str(alt)
        entries[i]["best_win"] = w
    return entries


def _judge_all(analyser, line, seeds, executor, bar) -> list:
    """`analyser.judge` of every step of `line` (None for the root). A game that judges its
    own nodes (Glonk) submits small batches per node; on a pool the nodes are judged side by
    side from a few threads so the workers stay busy (each node's figures depend only on its
    own seed, so the answer is the same bytes). In-process they are judged one by one."""
    import concurrent.futures as cf

    from .executors import InProcessExecutor

    if type(analyser).judge is WinAnalyser.judge:
        return [None] * len(line)
    bar.add_total(len(line) - 1)

    def one(i):
        out = analyser.judge(line[i - 1], line[i], seed=seeds[i], executor=executor)
        bar.advance()
        return out

    steps = range(1, len(line))
    if isinstance(executor, InProcessExecutor):
        return [None] + [one(i) for i in steps]
    with cf.ThreadPoolExecutor(max_workers=JUDGE_THREADS) as threads:
        return [None] + list(threads.map(one, steps))


#: Nodes judged at once on a pool (enough to keep a few workers busy between small batches).
JUDGE_THREADS = 6


def _write_back(record, line, entries, analyser, first: int = 0) -> dict:
    """Write `entries` into `line`'s nodes from index `first` on (a variation's branch point
    keeps its main-line figures) and sum up the line."""
    nodes_out = []
    luck_total: dict[int, float] = {}
    choice_total: dict[int, float] = {}  # per player: what the choices lost
    execution_total: dict[int, float] = {}  # per player: what the hand's flicks did beyond
    for i, (node, entry) in enumerate(zip(line, entries)):
        if i < first:
            nodes_out.append({"ply": i, "action": node.action_text, "win": None})
            continue
        best_win = entry.pop("best_win", None)
        entry["glyph"] = analyser.glyph(entry["loss"]) if entry["best"] else None
        seat = entry.pop("luck_seat", None)
        if i > 0:
            v = 0 if analyser.team else seat if seat is not None else \
                analyser.viewpoint(line[i - 1].state)
            if entry["luck"] is not None:
                luck_total[v] = luck_total.get(v, 0.0) + entry["luck"]
            if entry.get("execution") is not None:
                execution_total[v] = execution_total.get(v, 0.0) + entry["execution"]
            if entry["loss"] is not None and seat is not None:
                choice_total[v] = choice_total.get(v, 0.0) + entry["loss"]
        node.analysis = entry
        if entry["glyph"]:
            if entry["glyph"] not in node.glyphs:
                node.glyphs.append(entry["glyph"])
            unit = "win chance" if analyser.unit == "win" else "points"
            note = (f"{COMMENT_TAG} Better: {better_text(record.game, line[i - 1].state, entry['best'])}"
                    f" (this loses {entry['loss']:.2f} {unit})")
            node.comment = (node.comment + "\n" + note) if node.comment else note
        if entry["best"] and entry["glyph"]:
            parent = line[i - 1]
            existed = parent.child_for(entry["best"]) is not None
            alt = record.add_child(parent, record.game.parse_action(parent.state, entry["best"]))
            if not existed:
                alt.analysis = {"version": ANALYSIS_VERSION, "alternative": True,
                                "unit": analyser.unit, "loss": None, "luck": None,
                                "best": None, "glyph": None,
                                **({k: best_win[k] for k in ("win", "win_error", "samples",
                                                             "method")} if best_win else {})}
        readable = {}
        if i > 0:
            from games.notation import node_text

            readable["move"] = node_text(node)
            if entry["best"]:
                readable["better"] = better_text(record.game, line[i - 1].state, entry["best"])
        nodes_out.append({"ply": i, "action": node.action_text, **readable,
                          "win": entry.get("win"),
                          "win_error": entry.get("win_error"), "loss": entry["loss"],
                          "luck": entry["luck"], "glyph": entry["glyph"],
                          "best": entry["best"],
                          **({"execution": entry["execution"]} if "execution" in entry else {})})
    end = line[-1].state
    game = record.game
    result = game.outcome(end) if game.is_terminal(end) else None
    summary = {"game": game.name, "unit": analyser.unit, "nodes": nodes_out,
               "luck": {str(k): v for k, v in sorted(luck_total.items())},
               "result": result}
    if execution_total:  # a game of flicks: each player's choices and execution, apart
        summary["choice"] = {str(k): v for k, v in sorted(choice_total.items())}
        summary["execution"] = {str(k): v for k, v in sorted(execution_total.items())}
    luck_total = {k: luck_total.get(k, 0.0) + execution_total.get(k, 0.0)
                  for k in set(luck_total) | set(execution_total)}  # the adjusted scores
    if result is not None and analyser.unit == "win":
        summary["luck_adjusted"] = [r - luck_total.get(0 if analyser.team else s, 0.0)
                                    for s, r in enumerate(result)]
    elif analyser.unit == "points" and game.scoring is not None:
        scores = list(game.scoring.scores(end))
        summary["scores"] = scores
        summary["luck_adjusted"] = [s - luck_total.get(i, 0.0) for i, s in enumerate(scores)]
    return summary


def better_text(game, state, best: str) -> str:
    """The better move `best` (canonical text, as stored) written as players read it."""
    from games.notation import move_text

    try:
        return move_text(game, state, game.parse_action(state, best))
    except Exception:  # noqa: BLE001 - a move this position cannot read keeps its stored text
        return best
