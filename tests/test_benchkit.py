"""The benchmarks' shared kit: targets are read one way, every bench declares its targets and
ends with the kit's JSON line, and the history plots a figure over commits.
(That every bench runs is `make bench-smoke`, in CI.)"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from bench import benchkit
from bench.benchkit import figure, last_json_line, met, table

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("value, target, want", [
    (61, ">= 60", True), (59.9, ">= 60", False), (2.0, "<= 2", True), (0, "== 0", True),
    (1, "== 0", False), (True, "== true", True), (False, "== true", False),
    (4.9, "< 5", True), (5, "< 5", False), (1.08, "1 +- 0.1", True), (0.85, "1 +- 0.1", False),
    (None, ">= 60", None), (3, None, None),
])
def test_a_target_is_met_or_not(value, target, want):
    assert met(value, target) is want


def test_a_target_in_another_form_is_refused():
    with pytest.raises(ValueError, match="not one of"):
        met(1, "at least 60")


def test_a_nested_figure_is_named_with_dots_and_the_table_says_met_or_not():
    line = {"bench": "export", "speedup": {"2": 1.7}, "fps": 40.0, "load_1min": 3.5, "cores": 2,
            "targets": {"speedup.2": ">= 1.5", "fps": ">= 60", "frames": None}}
    assert figure(line, "speedup.2") == 1.7 and figure(line, "speedup.3") is None
    rows = [r.split() for r in table([line])[1:]]
    assert rows == [["export", "speedup.2", "1.7", ">=", "1.5", "3.5/2", "yes"],
                    ["export", "fps", "40.0", ">=", "60", "3.5/2", "NO"],
                    ["export", "frames", "-", "-", "3.5/2", "-"]]


def test_the_runner_takes_the_last_json_line_of_a_bench():
    out = 'figures\n{"a": 1}\nnot json {\n{"bench": "x", "b": 2}\ntrailing words\n'
    assert last_json_line(out) == {"bench": "x", "b": 2}
    assert last_json_line("no line here\n") is None


def test_every_bench_declares_targets_and_ends_with_the_kits_json_line():
    for path in benchkit.benches():
        tree = ast.parse(path.read_text())
        assigned = {n.targets[0].id: n.value for n in tree.body
                    if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)}
        calls = {n.func.id for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert "TARGETS" in assigned, f"{path.name} declares no TARGETS"
        assert "report" in calls, f"{path.name} does not end with benchkit.report"
        for target in ast.literal_eval(assigned["TARGETS"]).values():
            met(1.0, target)  # each target is in the one form the table reads


def test_the_report_line_carries_mode_load_and_targets(capsys):
    line = benchkit.report("demo", {"fps": 12.5}, {"fps": ">= 60"})
    printed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert printed == line
    assert printed["bench"] == "demo" and printed["mode"] in ("full", "smoke")
    assert printed["targets"] == {"fps": ">= 60"} and printed["cores"] >= 1
    assert "load_1min" in printed


def test_a_figure_is_plotted_over_commits_to_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    from bench import plot

    history = tmp_path / "history.jsonl"
    runs = [{"commit": f"abc{k}", "dirty": k == 2, "bench": "render", "mode": "full",
             "fps": 40 + k, "load_1min": 1.5 * k, "cores": 2, "targets": {"fps": ">= 60"}}
            for k in range(3)]
    runs.append({**runs[0], "mode": "smoke", "fps": 1})  # smoke runs are not measurements
    history.write_text("".join(json.dumps(r) + "\n" for r in runs))
    out = tmp_path / "fps.png"
    assert plot.main(["fps", "--history", str(history), "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [r["fps"] for r in plot.runs(history, "fps", None, "full")["render"]] == [40, 41, 42]
    assert plot.main(["nothing", "--history", str(history)]) == 1
