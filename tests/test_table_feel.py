"""Table feel (Glonk): practice flicks exactly; at the club and expert tables the hand errs.

The feel is a game option (`config.feel`, `flickbook play glonk --feel club`). A human flick
at a club or expert table is one draw of that level's scatter (analysis.glonk.skill), seeded by the
record and the place in it; the record keeps the intended flick beside the executed one
(file format 3, node `intent`; older files: intent = executed), validated like every action;
the move list says both; analysis judges the intent (choice) apart from what the flick did
(execution)."""
from __future__ import annotations

import json
from argparse import Namespace

import pytest

from analysis.glonk.skill import SKILLS, executed_flick
from games.glonk import GAME
from games.glonk.actions import Flick
from games.glonk.model import Config
from games.glonk.notation import aimed_words
from games.glonk.positions import position
from timeline import Record, RecordFileError, load_record, save_record

AT = {"BH": (0.0, 0.0), "G0": (0.0, -0.50), "G1": (0.0, -0.33), "V0": (0.0, 0.50),
      "V1": (-0.20, 0.30)}


def _record(feel: str | None = None) -> Record:
    state = position(("little_greys", "invaders"), at=AT, **({"feel": feel} if feel else {}))
    return Record.new("glonk", state.config.to_json(), start_state_json=GAME.state_to_json(state),
                      headers={"created": "2026-12-01T21:00:00+00:00"})


def test_the_feel_is_a_game_option_practice_by_default_and_checked():
    assert Config().feel == "practice" and "feel" not in Config().to_json()
    assert Config(feel="club").to_json()["feel"] == "club"
    with pytest.raises(ValueError, match="feel must be one of practice, club, expert"):
        Config(feel="sloppy")


def test_play_glonk_feel_club_saves_the_feel_in_the_records_config():
    from viewer.main import session_for_args

    session, _ = session_for_args(Namespace(command="play", game="glonk", players=2, seed=3,
                                            feel="club"))
    assert session.record.config["feel"] == "club"
    assert session.node.state.config.feel == "club"
    with pytest.raises(ValueError, match="has no table feel"):
        session_for_args(Namespace(command="play", game="glik", players=2, seed=3, feel="club"))


def test_practice_is_exact_club_and_expert_err_by_their_level_and_always_the_same_way():
    intent = Flick.make("G1", 45.0, 0.8, assault=None)
    assert executed_flick(intent, "practice", "k") is intent
    club = [executed_flick(intent, "club", f"k{i}") for i in range(200)]
    expert = [executed_flick(intent, "expert", f"k{i}") for i in range(200)]
    assert executed_flick(intent, "club", "k0") == club[0]  # the same key, the same hand
    assert len({f.angle for f in club}) > 150  # every key its own draw
    for flicks, level in ((club, "club"), (expert, "expert")):
        sd = (sum(((f.angle - 45.0 + 180) % 360 - 180) ** 2 for f in flicks) / len(flicks)) ** 0.5
        assert sd == pytest.approx(SKILLS[level].angle_sd, rel=0.25)
        assert all(f.piece == "G1" and f.assault is None and f.power is None for f in flicks)


def test_the_record_keeps_intent_and_executed_flick_through_the_file(tmp_path):
    record = _record("club")
    intent = Flick.make("G1", 60.0, 0.7)
    played = executed_flick(intent, "club", "here")
    assert played != intent
    node = record.add_child(record.root, played, intent=intent)
    assert node.intended == intent and node.action == played
    again = record.add_child(record.root, Flick.make("G1", 10.0, 0.3))
    assert again.intent is None and again.intended == again.action
    path = save_record(record, tmp_path / "feel.flick")
    data = json.loads(path.read_text())
    assert data["format_version"] >= 3 and data["config"]["feel"] == "club"  # intents since 3
    assert data["nodes"][1]["intent"] == str(intent) and "intent" not in data["nodes"][2]
    back = load_record(path)
    first, second = back.root.variations
    assert first.intent == intent and first.action == played and second.intent is None


def _v2_file(tmp_path, intent: str | None = None, action: str = "flick G1 a=61.00 v=0.700 s=0.00"):
    record = _record()
    save_record(record, tmp_path / "base.flick")
    data = json.loads((tmp_path / "base.flick").read_text())
    data["format_version"] = 2
    node = {"parent": 0, "action": action}
    if intent is not None:
        node["intent"] = intent
    data["nodes"].append(node)
    out = tmp_path / "v2.flick"
    out.write_text(json.dumps(data))
    return out, data


def test_an_older_record_migrates_with_intent_equal_to_the_flick_played(tmp_path):
    path, _ = _v2_file(tmp_path)
    node = load_record(path).root.variations[0]
    assert node.intent is None and node.intended == node.action
    assert str(node.action) == "flick G1 a=61.00 v=0.700 s=0.00"


@pytest.mark.parametrize("intent, says", [
    ("flick G0 a=60.00 v=0.700 s=0.00", "is not the same flick"),  # another disc
    ("flick G1 a=60.0 v=0.7 s=0", "not in canonical form"),
    ("flick G1 a=61.00 v=0.700 s=0.00", "equals the flick played"),
    ("flick V1 a=60.00 v=0.700 s=0.00", "is not the same flick"),  # not the mover's disc
    ("flick G1 a=60.00 v=3.500 s=0.00", "not a legal action here"),  # past the top speed
    ("end_turn", "only a flick has an intent"),
])
def test_an_intent_is_validated_like_every_action(tmp_path, intent, says):
    _, data = _v2_file(tmp_path)
    data["format_version"] = 3
    data["nodes"][1]["intent"] = intent
    path = tmp_path / "bad.flick"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordFileError, match=says):
        load_record(path)


def test_a_format_2_file_with_an_intent_is_refused(tmp_path):
    path, _ = _v2_file(tmp_path, intent="flick G1 a=60.00 v=0.700 s=0.00")
    with pytest.raises(RecordFileError, match="format 2 does not have"):
        load_record(path)


def test_the_move_list_says_what_was_aimed_and_what_was_played():
    assert aimed_words(Flick.make("G1", 45.0, 0.8), Flick.make("G1", 46.2, 0.77)) == \
        "aimed 45.0 deg 0.80 m/s, played 46.2 deg 0.77 m/s"
    assert aimed_words(Flick.make("G1", 45.0, 0.8), Flick.make("G1", 46.2, 0.77, 1.4)) == \
        "aimed 45.0 deg 0.80 m/s, played 46.2 deg 0.77 m/s spin 1.4 rad/s"


def test_analysis_judges_the_intent_and_the_executed_flick_apart(monkeypatch):
    from analysis import glonk as AG

    record = _record("club")
    intent = Flick.make("G1", 60.0, 0.7)
    played = executed_flick(intent, "club", "here")
    node = record.add_child(record.root, played, intent=intent)
    judged = []
    real = AG.judged_explore

    def judged_explore(s, meant, skill, **kw):
        judged.append(meant)
        return real(s, meant, skill, **kw)

    monkeypatch.setattr(AG, "judged_explore", judged_explore)
    import numpy as np

    analyser = AG.ANALYSER.configured(explore_samples=4, search_budget=4)
    out = analyser.judge(record.root, node, seed=np.random.SeedSequence(1))
    # the choice is the intent's (then the best shot, if another, over the same draws)
    assert judged[0] == intent and played not in judged and len(judged) <= 2
    assert len(judged) == 1 or str(judged[1]) == out["best"] or out["best"] is None
    real_value = AG.step_outcome(record.root.state, intent, played, node.step)["value"]
    assert out["execution"] == pytest.approx(real_value - out["extra"]["expected_value"])
    assert out["loss"] >= 0.0 and "luck" not in out
