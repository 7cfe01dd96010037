"""Typed entry of moves in a game's readable notation, with completion (a real-board game
logged fast: Glik `u8 left`, Grendizer card names; `flickbook log`).

The candidates at a position are its legal moves, or at a chance node the outcomes that may
come (a card drawn, a board dealt: entered as it came at the table, never drawn here), each
written as the game's readable notation writes it (`games.notation.move_text`). What the user
types matches a candidate when its words, in order, begin words of the candidate's text: `u8
left` matches `Y u8 left to u3`, `double har` matches `P1 plays Double Harken in Tokyo
Airspace on MiniFOs`. The canonical text files keep (`slide 11,23 S`) is accepted too.
"""
from __future__ import annotations

import re
from typing import Sequence

from games.api import CHANCE, IllegalAction

_WORD = re.compile(r"[a-z0-9]+(?:[.,'][a-z0-9]+)*")


def words(text: str) -> list[str]:
    """`text` as lower-case words, punctuation and brackets dropped ("(C30)" -> "c30")."""
    return _WORD.findall(text.lower().replace(",", " "))


def candidates(game, state) -> list[tuple[str, object]]:
    """(readable text, action) for every move that may be entered here: the legal moves, or
    at a chance node the outcomes with a chance above nothing. Texts are unique: two moves
    written alike get their canonical text after them."""
    from games.notation import move_text

    if game.is_terminal(state):
        return []
    if game.current_player(state) == CHANCE:
        actions = [a for a, p in game.chance_outcomes(state) if p > 0]
    else:
        listed = game.discrete_actions if game.game_type.discrete_actions else game.legal_actions
        actions = list(listed(state))
    texts = [move_text(game, state, a) for a in actions]
    seen: dict[str, int] = {}
    for t in texts:
        seen[t] = seen.get(t, 0) + 1
    return [(t if seen[t] == 1 else f"{t} [{a}]", a) for t, a in zip(texts, actions)]


def _fits(typed: list[str], cand: list[str]) -> int | None:
    """How many of the candidate's words are passed over to fit `typed` in order (None: it
    does not fit): each typed word begins a later word of the candidate."""
    j, skipped = 0, 0
    for w in typed:
        while j < len(cand) and not cand[j].startswith(w):
            j += 1
            skipped += 1
        if j == len(cand):
            return None
        j += 1
    return skipped


def matching(cands: Sequence[tuple[str, object]], typed: str) -> list[tuple[str, object]]:
    """The candidates `typed` fits, best first: the one written exactly so, then those that
    pass over fewest words, then in the game's order."""
    t = words(typed)
    if not t:
        return list(cands)
    scored = []
    for i, (text, action) in enumerate(cands):
        cw = words(text)
        if cw == t or words(str(action)) == t:
            scored.append((-1, i, text, action))
            continue
        s = _fits(t, cw)
        if s is not None:
            scored.append((s, i, text, action))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [(text, action) for _, _, text, action in scored]


def _copy_free(text: str) -> str:
    """`text` without its bracketed codes: "draws Double Spazer (C02)" -> "draws Double Spazer"."""
    return " ".join(re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", text).split())


def distinct(found: Sequence[tuple[str, object]]) -> list[tuple[str, object]]:
    """`found` with copies of one card (written alike but for their codes) shown once."""
    seen, out = set(), []
    for text, action in found:
        key = _copy_free(text)
        if key not in seen:
            seen.add(key)
            out.append((text, action))
    return out


def _subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(w in it for w in short)


def _named_whole(groups, typed: list[str]):
    """Where one card's name is the start of another's ("Double Spazer", "Double Spazer Go!"),
    the typed whole name is the shorter one: the move whose words are the fewest, when the
    typed words are whole words of it and every other fitting move is it with words added."""
    whole = [(words(_copy_free(text)), a) for text, a in groups]
    whole = [(w, a) for w, a in whole if all(t in w for t in typed)]
    if len(whole) != len(groups) or not whole:
        return None
    whole.sort(key=lambda x: len(x[0]))
    short, action = whole[0]
    if all(len(w) > len(short) and _subsequence(short, w) for w, _ in whole[1:]):
        return action
    return None


def resolve(game, state, typed: str):
    """The move `typed` names here: the one written exactly so, the only one it fits (or the
    first of copies of one card, written alike but for their codes), or the canonical text of a move that may be entered. ValueError in one line otherwise (no move
    fits; several fit, two named)."""
    typed = typed.replace("\t", " ").strip()
    if not typed:
        raise ValueError("Type a move first")
    cands = candidates(game, state)
    if not cands:
        raise ValueError("No move may be entered here: the game is over")
    found = matching(cands, typed)
    t = words(typed)
    exact = [a for text, a in found if words(text) == t or words(str(a)) == t]
    if len(exact) == 1:
        return exact[0]
    if len(found) == 1:
        return found[0][1]
    if len(found) > 1 and len({_copy_free(text) for text, _ in found}) == 1:
        return found[0][1]  # copies of one card (or one move written alike): any is it
    named = _named_whole(distinct(found), t)
    if named is not None:
        return named
    if len(found) > 1:
        names = "; ".join(text for text, _ in found[:2])
        raise ValueError(f"{len(found)} moves fit {typed!r} ({names}...): type more, or Tab")
    try:
        action = game.parse_action(state, typed)
    except (IllegalAction, ValueError, KeyError, IndexError, TypeError):
        action = None
    if action is not None and any(str(a) == str(action) for _, a in cands):
        return action
    raise ValueError(f"No move here fits {typed!r}")
