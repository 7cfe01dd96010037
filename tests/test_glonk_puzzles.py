"""Glonk puzzles verified with the shot explorer: a goal no flick meets is impossible, one a
novice meets most of the time is trivial, the bundled puzzles and tutorials are solvable and
the verdict they store is what `flickbook solve` and the puzzle box say."""
import json

import pytest

from analysis.puzzles import verify
from games.glonk.positions import position
from scenarios import bundled, load_scenario, puzzle_for

ARMADAS = ("little_greys", "invaders")
AT = {"BH": (0, 0), "G0": (0, -0.50), "G1": (0, -0.33), "V0": (0, 0.50), "V1": (-0.2, 0.3)}


def test_a_short_slide_to_the_next_space_is_trivial():
    state = position(ARMADAS, at=AT)
    v = verify("glonk", state, {"type": "reach", "piece": "G1", "space": "M15"}, samples=6)
    assert v.solved and v.trivial and "trivial" in v.words()
    assert set(v.levels) == {"expert", "club", "novice"}
    assert all(0 <= p <= 1 and 0 < e <= 1 for p, e in v.levels.values())
    assert v.line[0].startswith("flick G1")


def test_a_goal_no_flick_meets_is_impossible():
    # V0, the enemy base, sits far beyond any of G1's flicks to atomise it head-on
    at = dict(AT, V0=(0.55, 0.1), V1=(0.52, 0.22))
    state = position(ARMADAS, at=at)
    v = verify("glonk", state, {"type": "atomise", "piece": "V0"}, samples=4)
    assert not v.solved and v.words().startswith("Impossible")


def test_a_goal_met_already_is_refused():
    from games.glonk.goals import G

    state = position(ARMADAS, at=AT)
    here = sorted(G.occupied(0, -0.33, state.piece("G1").radius))[0]
    with pytest.raises(ValueError, match="already"):
        verify("glonk", state, {"type": "reach", "piece": "G1", "space": here}, samples=2)


def bundled_glonk_puzzles():
    return [p for p in bundled("glonk") if load_scenario(p)[0].verdict]


def saved_verdicts():
    return [(p.name, load_scenario(p)[0]) for p in bundled_glonk_puzzles()]


def test_five_bundled_glonk_puzzles_are_graded_from_easy_to_hard_by_their_saved_verdicts():
    got = saved_verdicts()
    assert len(got) >= 5, [name for name, _ in got]
    chance = {level: [sc.verdict["levels"][level][0] for _, sc in got]
              for level in ("novice", "club", "expert")}
    # harder along the set: a novice and a club player succeed less and less often
    assert all(a > b for a, b in zip(chance["novice"], chance["novice"][1:])), chance
    assert chance["club"] == sorted(chance["club"], reverse=True), chance
    # the first is easy: a novice succeeds often ...
    assert chance["novice"][0] >= 0.8, chance
    # ... the last hard: a club player rarely, an expert sometimes
    assert chance["club"][-1] <= 0.2 < chance["expert"][-1], chance
    # only the first may be trivial; the rest are real puzzles at every level
    assert not any(sc.verdict["trivial"] for _, sc in got[1:]), [n for n, sc in got[1:]
                                                                  if sc.verdict["trivial"]]
    assert [sc.difficulty for _, sc in got] == sorted(sc.difficulty for _, sc in got)


def test_no_two_bundled_glonk_puzzles_alike():
    got = saved_verdicts()
    titles = [sc.title for _, sc in got]
    starts = [json.dumps(sc.start, sort_keys=True) for _, sc in got]
    lines = [tuple(sc.solution) for _, sc in got]
    assert len(set(titles)) == len(set(starts)) == len(set(lines)) == len(got)
    # each tells who manages it, has hints, and its solution is the verdict's flick
    for name, sc in got:
        assert sc.hints and any(w in sc.description for w in ("novice", "club", "expert")), name
        assert sc.solution == sc.verdict["line"], name


@pytest.mark.parametrize("path", bundled_glonk_puzzles()[:1], ids=lambda p: p.stem)
def test_a_bundled_puzzle_solves_with_an_error_bar_and_shows_its_verdict(path, capsys):
    from flickbook_cli import main

    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    assert main(["solve", "--json", "--samples", "4", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solved"] and 0 <= out["success"] <= 1 and out["error"] > 0
    assert {"solved", "line", "success", "error", "seconds"} <= set(out)
    sc, record = load_scenario(path)
    assert sc.verdict["verdict"] in puzzle_for(record).intro()


def test_the_bundled_tutorials_are_verified_solvable():
    for path in [p for p in bundled("glonk") if not load_scenario(p)[0].verdict]:
        sc, record = load_scenario(path)
        v = verify("glonk", record.root.state, sc.goal, samples=3)
        assert v.solved, (path.name, v.words())


def test_the_verdict_reads_expert_club_novice_whatever_order_the_file_keeps():
    from analysis.puzzles import Verdict

    v = Verdict("glonk", False, True, ["flick G1 a=0.00 v=1.000 s=0.00"], unit="flick",
                levels={"club": [0.61, 0.1], "novice": [0.18, 0.1], "expert": [0.92, 0.1]})
    assert v.words() == "expert 92 %, club 61 %, novice 18 %"
    assert Verdict.from_json(json.loads(json.dumps(v.to_json(), sort_keys=True))).words() == v.words()


def test_the_readme_lists_the_bundled_glonk_puzzles_with_their_saved_verdicts():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    for name, sc in saved_verdicts():
        row = next((line for line in readme.splitlines()
                    if line.startswith(f"| {name[:2]} {sc.title} |")), None)
        assert row is not None, name
        levels = sc.verdict["levels"]
        cells = [f"{round(100 * levels[lv][0])} %" for lv in ("expert", "club", "novice")]
        assert row.split("|")[-4:-1] == [f" {c} " for c in cells], (row, cells)
