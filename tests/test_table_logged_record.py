"""A game logged at a real table is a normal record (issue 25): its observed flicks (inferred
from entered places) and typed moves go through the file format, `flickbook analyse` judges
every move of it, and "learn from your mistakes" asks about the ones it marked."""
from __future__ import annotations

import json
import math

from analysis.glonk.table import Observation, infer_flick, observed_entry
from flickbook_cli import main
from games.glonk.actions import Flick
from games.glonk.positions import position
from games.glonk.rules import simulate_flick
from timeline import Record, Session, load_record
from timeline.fileformat import save_record


def _observed(state, flick, jitter=(0.002, -0.002)):
    """What a person enters after `flick` really happened: where the discs that moved came to
    rest (a hand's few millimetres off), which left the Galaxy; and the inference of it."""
    motion = simulate_flick(state, flick)
    start = {p.id: (p.x, p.y) for p in state.in_play()}
    moved = {d.id: (d.x + jitter[0], d.y + jitter[1]) for d in motion.final
             if math.dist((d.x, d.y), start[d.id]) > 0.002}
    removed = frozenset(pid for pid, _ in motion.vanished) | frozenset(
        pid for pid, _ in motion.left_table)
    obs = Observation(flick.piece, moved, removed)
    found = infer_flick(state, obs)
    return found.flick, observed_entry(obs, found)


def logged_glonk_game() -> Record:
    """P1 flicks G1 into the Black Hole (a mistake the analysis should mark), P2 knocks on;
    both logged from the table: observed flicks and turns ended."""
    start = position(("little_greys", "invaders"),
                     at={"BH": (0, 0), "G0": (0, -0.6), "G1": (0, -0.25), "G2": (0.3, -0.3),
                         "V0": (0, 0.6), "V1": (-0.2, 0.3), "V2": (0.25, 0.25)})
    record = Record("glonk", {"players": 2, "armadas": ["little_greys", "invaders"]},
                    start_state_json=__import__("games.glonk", fromlist=["GAME"]).GAME.state_to_json(start),
                    headers={"logged": "table", "players": ["Alice", "Bob"]})
    session = Session(record)
    flick, observed = _observed(session.state, Flick.make("G1", 90.0, 1.2, 0.0))
    assert "G1" in observed["removed"], observed
    session.play(flick, observed=observed)
    _end_turn(session)
    flick, observed = _observed(session.state, Flick.make("V1", -60.0, 0.8, 0.0))
    session.play(flick, observed=observed)
    _end_turn(session)
    return record


def _end_turn(session) -> None:
    """What the rules ask after the flick (an Asteroid placed: the first spot, clicked as in
    play), then the turn ended."""
    game = session.game
    mover = session.state.turn_player
    for _ in range(20):
        if session.state.turn_player != mover:
            return  # the Galaxy's own phase ended the turn
        actions = [str(a) for a in game.discrete_actions(session.state)]
        session.play("end_turn" if "end_turn" in actions else actions[0])
    raise AssertionError("the turn did not end")


def test_a_logged_glonk_game_saves_analyses_and_teaches(tmp_path, capsys):
    from analysis.lessons import mistake_questions

    record = logged_glonk_game()
    path = save_record(record, tmp_path / "club-night.flick")
    back = load_record(path)
    observed = [n for n in back.mainline() if n.observed is not None]
    assert len(observed) == 2 and back.headers["logged"] == "table"
    assert main(["check", str(path)]) == 0
    out_path = tmp_path / "club-night-analysed.flick"
    capsys.readouterr()
    assert main(["analyse", str(path), "--out", str(out_path), "--budget", "2",
                 "--executor", "inprocess", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    analysed = load_record(out_path)
    line = analysed.mainline()
    assert len(out["nodes"]) == len(line) >= 5
    assert all(n.analysis for n in line[1:]), [n.analysis for n in line]
    assert [i for i, n in enumerate(line) if n.observed is not None] == [
        i for i, n in enumerate(back.mainline()) if n.observed is not None]
    assert line[1].observed == back.mainline()[1].observed  # the entered places stay
    assert main(["check", str(out_path)]) == 0
    # the flick into the Black Hole is marked, and asked about again
    assert line[1].analysis.get("glyph"), line[1].analysis
    questions = mistake_questions(analysed)
    assert questions and questions[0].node is line[0], questions


def test_a_typed_grendizer_game_is_analysed(tmp_path, capsys):
    """Grendizer typed at the table: the deal entered card by card, as it came."""
    from games.entry import candidates, resolve
    from games.api import CHANCE
    from viewer.newgame import new_session

    session = new_session("grendizer", log=True, players=2)
    game = session.game
    for _ in range(30):
        state = session.state
        if game.is_terminal(state):
            break
        text = candidates(game, state)[-1 if game.current_player(state) == CHANCE else 0][0]
        session.play(resolve(game, state, text))
    path = save_record(session.record, tmp_path / "grendizer.flick")
    capsys.readouterr()
    assert main(["analyse", str(path), "--out", str(tmp_path / "g2.flick"), "--budget", "4",
                 "--executor", "inprocess", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["nodes"]) == 31
