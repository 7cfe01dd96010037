"""Records made under an older rules version load meaning what they meant."""
import json
import math

from games.glik import GAME as GLIK
from games.glonk import GAME as GLONK
from games.glonk.positions import position
from timeline import Record, load_record, save_record


def at(r, deg):
    return (r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg)))


def test_a_glonk_v1_record_gets_the_saucer_return_it_made_by_itself(tmp_path):
    s = position(["space_pirates", "invaders"], {"P0": at(0.335, 130), "P1": at(0.30, 10),
                                                 "V0": at(0.335, 250), "V1": at(0.335, 300),
                                                 "BH": (0.0, 0.0)}, out=["P2"], turn=1,
                 asteroids=0)
    rec = Record.new("glonk", start_state_json=GLONK.state_to_json(s))
    node = rec.add_child(rec.root, GLONK.parse_action(s, "end_turn"), main=True)
    node = rec.add_child(node, GLONK.parse_action(node.state, "return P2 to P0"), main=True)
    node = rec.add_child(node, GLONK.parse_action(node.state, "flick P2 a=90.00 v=0.600 s=0.00"),
                         main=True)
    path = tmp_path / "v2.flick"
    save_record(rec, path)
    # As version 1 wrote it: no return action (the saucer came back by itself), rules "1".
    data = json.loads(path.read_text())
    data["headers"]["rules_version"] = "1"
    ret = next(i for i, n in enumerate(data["nodes"]) if n.get("action") == "return P2 to P0")
    nodes = [dict(n) for n in data["nodes"]]
    flick = next(n for n in nodes if n.get("action", "").startswith("flick"))
    flick["parent"] = nodes[ret]["parent"]
    data["nodes"] = [n for i, n in enumerate(nodes) if i != ret]
    for n in data["nodes"]:
        if n is flick:
            n["parent"] = data["nodes"].index(nodes[flick["parent"]])
    old = tmp_path / "v1.flick"
    old.write_text(json.dumps(data))
    loaded = load_record(old)
    assert [n.action_text for n in loaded.mainline()[1:]] == [
        "end_turn", "return P2 to P0", "flick P2 a=90.00 v=0.600 s=0.00"]
    assert loaded.headers["rules_version"] == GLONK.rules_version == "2"
    assert GLONK.state_to_json(loaded.mainline()[-1].state) == \
        GLONK.state_to_json(rec.mainline()[-1].state)


def test_a_glik_v1_record_keeps_its_first_board_clockwise_and_neutral_rules(tmp_path):
    config = GLIK.default_config(2)
    rec = Record("glik", config)
    node = rec.root
    for b in range(8, 24):
        node = rec.add_child(node, GLIK.parse_action(node.state, f"deal {b}"), main=True)
    path = tmp_path / "dealt.flick"
    save_record(rec, path)
    data = json.loads(path.read_text())
    data["headers"]["rules_version"] = "1"
    last = len(data["nodes"]) - 1
    data["nodes"].append({"parent": last, "action": "board 8 rot 0 at 0,1"})  # v1's slot
    old = tmp_path / "v1.flick"
    old.write_text(json.dumps(data))
    loaded = load_record(old)
    end = loaded.mainline()[-1].state
    assert end.first_board_clockwise and end.neutral_off_all_starts
    assert loaded.mainline()[-1].action_text == "board 8 rot 0 at 0,1"
