"""Typed entry of a real-board game (issue 25 point 2, games.entry): Glik slides typed as
`u8 left`, Grendizer cards by their names, chance outcomes (a board dealt, a card drawn)
entered as they came; completion lists what fits, an unclear entry says so in one line."""
import numpy as np
import pytest

from games.api import CHANCE
from games.entry import candidates, distinct, matching, resolve, words
from games.registry import get_game


def _glik_in_play(seed=4, plies=36):
    """A seeded Glik game played past its deal (stones put in where they may be), to a
    player's turn with slides."""
    from games.glik import actions as A

    game = get_game("glik")
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(game.default_config(2))
    for _ in range(400):
        if game.current_player(state) != CHANCE and plies <= 0 and any(
                isinstance(a, A.Slide) for a in game.legal_actions(state)):
            return game, state
        actions = ([a for a, _ in game.chance_outcomes(state)] if game.current_player(state) == CHANCE
                   else list(game.legal_actions(state)))
        actions = [a for a in actions if isinstance(a, A.Place)] or actions
        state = game.apply(state, actions[int(rng.integers(len(actions)))]).state
        plies -= 1
    raise AssertionError("no slide came up")


def test_words_drop_punctuation_and_brackets():
    assert words("P1 draws Double Spazer (C02), touches") == ["p1", "draws", "double", "spazer",
                                                              "c02", "touches"]


def test_every_glik_slide_is_entered_as_its_field_and_direction():
    """`u8 left`: the stone's field and the way it slides name one slide; each resolves to it."""
    from games.glik import actions as A
    from games.glik.notation import DIRECTION_WORDS, cell_name

    game, state = _glik_in_play()
    slides = [a for a in game.legal_actions(state) if isinstance(a, A.Slide)]
    assert slides
    for slide in slides:
        typed = f"{cell_name(slide.cell)} {DIRECTION_WORDS[slide.direction]}"
        assert str(resolve(game, state, typed)) == str(slide), typed
        assert str(matching(candidates(game, state), typed)[0][1]) == str(slide)
    # the canonical text is taken too, and a slide that is not there is refused in one line
    assert str(resolve(game, state, str(slides[0]))) == str(slides[0])
    with pytest.raises(ValueError, match="No move here fits"):
        resolve(game, state, "zz99 sideways")


def test_a_glik_entry_that_fits_several_moves_says_so():
    game, state = _glik_in_play()
    found = matching(candidates(game, state), "in at")
    assert len(found) > 1
    with pytest.raises(ValueError, match=r"\d+ moves fit .in at."):
        resolve(game, state, "in at")


def test_the_glik_deal_is_entered_as_it_came():
    game = get_game("glik")
    state = game.new_initial_state(game.default_config(2))
    assert game.current_player(state) == CHANCE
    action = resolve(game, state, "board 9")
    assert str(action) == "deal 9"
    tens = [t for t, _ in matching(candidates(game, state), "board 1")]
    assert len(tens) > 1 and all(t.startswith("deal board 1") for t in tens), tens
    with pytest.raises(ValueError, match="moves fit"):  # boards 10, 11, ...: which one?
        resolve(game, state, "board 1")


def test_grendizer_cards_by_their_names_dealt_and_played():
    """A card dealt or drawn at the table is typed by its name (any copy of it), every other
    chance outcome (a pile's token, who plays first) by its words; a card in hand is played
    by its name and where."""
    from games.grendizer.data import ACTIONS

    game = get_game("grendizer")
    state = game.new_initial_state(game.default_config(2))
    by_name = played = 0
    for _ in range(80):
        cands = candidates(game, state)
        if game.current_player(state) == CHANCE:
            action = cands[-1][1]
            card = getattr(action, "card", None)
            if card in ACTIONS:  # as it came: its printed name only
                name = ACTIONS[card].name
                got = resolve(game, state, name.lower())
                assert ACTIONS[got.card].name == name, (name, got)
                by_name += 1
            else:
                got = resolve(game, state, cands[-1][0])
                assert str(got) == str(action), (cands[-1][0], got)
            state = game.apply(state, got).state
            continue
        plays = [(t, a) for t, a in cands if " plays " in t and "no card" not in t]
        if plays:
            text, action = plays[-1]
            assert str(resolve(game, state, text)) == str(action)
            name = ACTIONS[action.card].name
            found = matching(cands, name)
            assert found and all(name.lower() in t.lower() for t, _ in found), found
            played += 1
            break
        state = game.apply(state, cands[0][1]).state
    assert by_name >= 8 and played == 1, (by_name, played)
    # copies of one card are listed once in the completions; a name that begins another's
    # ("Double Spazer", "Double Spazer Go!") is that card, typed whole
    fresh = game.new_initial_state(game.default_config(2))
    found = matching(candidates(game, fresh), "double spazer")
    assert len(found) > 2 and [t.split(" (")[0] for t, _ in distinct(found)] == [
        "deal Double Spazer", "deal Double Spazer Go!"], distinct(found)
    assert ACTIONS[resolve(game, fresh, "double spazer").card].name == "Double Spazer"
    assert ACTIONS[resolve(game, fresh, "double spazer go").card].name == "Double Spazer Go!"
    with pytest.raises(ValueError, match="moves fit"):
        resolve(game, fresh, "double")


def test_nothing_is_entered_when_the_game_is_over():
    game, state = _glik_in_play()
    assert candidates(game, state)
    with pytest.raises(ValueError, match="Type a move"):
        resolve(game, state, "   ")


def test_flickbook_log_makes_a_logged_game_with_nothing_drawn(capsys):
    """`flickbook log`: a record marked as logged at a table, its deal not drawn (a choice
    the table made waits for the user); a named armada and --first are played; a bad request
    is one line and exit 2, before any window."""
    from flickbook_cli import build_parser, main
    from viewer.main import session_for_args

    def session(*argv):
        return session_for_args(build_parser().parse_args(["log", *argv]))[0]

    s = session("glonk", "--armadas", "zorgs", "sinistrum", "--first", "2")
    assert s.record.headers["logged"] == "table"
    assert s.state.phase == "place_armada" and s.game.current_player(s.state) == 1
    assert not s.can_undo()  # the forced deal is the game, not an edit
    s = session("glonk", "--players", "3")
    assert s.game.current_player(s.state) == CHANCE and len(list(s.record.nodes())) == 1
    for game in ("glik", "grendizer"):
        s = session(game)
        assert s.game.current_player(s.state) == CHANCE and len(list(s.record.nodes())) == 1
    capsys.readouterr()
    assert main(["log", "glonk", "--first", "3"]) == 2
    assert main(["log", "glik", "--first", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["flickbook: --first 3: seats are 1 to 2",
                   "flickbook: Glik has no --first (the first player is entered)"], err
