"""Glik puzzle solver: the fewest action points that make stones touch, or a proof of none.

A goal (a dict, as stored in scenario files):
    {"player": 0, "count": 2}                      two of seat 0's stones touch
    {"player": 0, "stones": [[11, 5], [14, 3]]}    the stones now on these fields all touch
    optional "actions": kinds allowed, from "place", "slide", "neutral", "move-neutral"
                        (default ["place", "slide"]: the neutral stones stay where they are;
                        with house rule neutral_slide a neutral stone's slide is its
                        "move-neutral", so "slide" alone never moves a neutral stone)
Only the player to move acts, within the AP of their turn (see docs/rules/glik.md).

`solve` is a layered breadth-first search with an admissible lower bound (iterative deepening
on the bound, as in IDA*), so it finds every shortest line and counts them. Positions are flat
tuples of small ints (reserve, target cells, other stones sorted; a touching stone carries a
flag bit) and slides use precomputed stop tables with the occupancy as one big-int bitboard.
The bound: a new touch needs some stone to land in the touch region R (fields next to the
destination or to a touching stone); a relaxed slide that may stop anywhere along its way
gives each field's distance to R, computed with bitboard floods and cached per R.
With house rule chain_any and neutral actions a neutral stone can be a link, so that bound
does not hold: `_ChainAnySearch` searches those puzzles exactly, with a stated limit of
CHAIN_ANY_LIMIT positions (then SearchTooLarge, a ValueError with a one-line message).
`bfs_solve` is a plain breadth-first search through the rules engine (`GAME.apply`), for
comparison; both return the same `SolveResult`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

from games.glik.kit import COLS, ROWS
from games.glik import actions as A
from games.glik.goals import DEFAULT_KINDS, GOAL_KEYS, KINDS, form_problem  # noqa: F401
from games.glik.rules import (GAME, NEUTRAL_CODE, GlikState, can_place_neutral,
                               chain_components, code_of, frozen_cells, neutral_fields,
                               slide_path)

N = ROWS * COLS
FLAG = 1024  # set on a touching (frozen) stone in a packed position
NFLAG = 2048  # set on a neutral stone kept in a packed position
CELL = FLAG - 1
_DIRS = (("N", -COLS), ("E", 1), ("S", COLS), ("W", -1))


@dataclass(frozen=True)
class Goal:
    player: int
    count: int | None = None
    stones: tuple[tuple[int, int], ...] = ()
    actions: tuple[str, ...] = DEFAULT_KINDS

    @classmethod
    def from_json(cls, data, players: int | None = None) -> "Goal":
        """The goal a scenario file stores; ValueError (see `form_problem`) if it is not one."""
        if isinstance(data, Goal):
            return data
        problem = form_problem(data, players)
        if problem is not None:
            raise ValueError(problem)
        count = data.get("count")
        return cls(data["player"], count, tuple((r, c) for r, c in data.get("stones", [])),
                   tuple(data.get("actions", DEFAULT_KINDS)))

    def to_json(self) -> dict:
        d: dict = {"player": self.player}
        if self.count is not None:
            d["count"] = self.count
        else:
            d["stones"] = [list(s) for s in self.stones]
        if self.actions != DEFAULT_KINDS:
            d["actions"] = list(self.actions)
        return d




@dataclass
class SolveResult:
    solved: bool
    cost: int | None  # AP of the shortest line
    line: list[str]  # canonical action texts of one shortest line
    unique: bool  # exactly one shortest line
    lines: int  # number of distinct shortest action sequences
    states: int  # positions generated
    seconds: float
    bound: int  # AP searched (no solution exists below `cost`, or at all within `bound`)
    method: str = "solver"
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"solved": self.solved, "cost": self.cost, "line": self.line,
                "unique": self.unique, "lines": self.lines, "states": self.states,
                "seconds": self.seconds, "bound": self.bound, "method": self.method}


def goal_met(state: GlikState, goal, tracked=None) -> bool:
    """Is the goal met in `state`? `tracked`: where the goal's stones are now (default: where
    the goal names them, i.e. they have not moved; `track` follows them through events)."""
    goal = Goal.from_json(goal)
    colour = state.colours[goal.player]
    touching, _ = chain_components(state.stones, state.board, colour, state.chain_any)
    if goal.count is not None:
        return len(touching) >= goal.count
    cells = goal.stones if tracked is None else tracked
    return all(r * COLS + c in touching for r, c in cells)


def track(tracked, events):
    """Follow the goal's stones through the events of one action."""
    out = list(tracked)
    for e in events:
        if e.kind in ("slid", "neutral_moved"):
            src, dst = tuple(e.data["from"]), tuple(e.data["to"])
            out = [dst if t == src else t for t in out]
    return tuple(out)


def _check(state: GlikState, goal: Goal, max_ap):
    if state.phase != "play":
        raise ValueError("puzzles are play-phase positions")
    if goal.player != state.turn:
        raise ValueError("the goal's player must be the player to move")
    code = code_of(state.colours[goal.player])
    for r, c in goal.stones:
        if state.stones[r * COLS + c] != code:
            raise ValueError(f"goal stone ({r},{c}) is not a stone of the player to move")
    bound = state.ap_left if max_ap is None else min(int(max_ap), state.ap_left)
    return max(0, bound)


# --- the fast solver ----------------------------------------------------------------------------
class _BoardTables:
    """Per assembled board (cached): stop tables, rays as bitmasks, masks for floods."""

    def __init__(self, board):
        passable = 0
        for i, k in enumerate(board.kinds):
            if k in ("empty", "start"):
                passable |= 1 << i
        self.passable = passable
        self.ray = [[0] * 4 for _ in range(N)]
        self.stop = [[i] * 4 for i in range(N)]
        for i in range(N):
            for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                r, c = divmod(i, COLS)
                j, mask = i, 0
                while True:
                    r, c = r + dr, c + dc
                    if not (0 <= r < ROWS and 0 <= c < COLS) or not (passable >> (r * COLS + c)) & 1:
                        break
                    j = r * COLS + c
                    mask |= 1 << j
                self.ray[i][d] = mask
                self.stop[i][d] = j
        self.adj = [0] * N
        for i in range(N):
            r, c = divmod(i, COLS)
            m = 0
            if r > 0:
                m |= 1 << (i - COLS)
            if r < ROWS - 1:
                m |= 1 << (i + COLS)
            if c > 0:
                m |= 1 << (i - 1)
            if c < COLS - 1:
                m |= 1 << (i + 1)
            self.adj[i] = m
        self.text = [f"{i // COLS},{i % COLS}" for i in range(N)]
        full = (1 << N) - 1
        col0 = sum(1 << (r * COLS) for r in range(ROWS))
        self.not_col0 = full & ~col0
        self.not_last = full & ~(col0 << (COLS - 1))
        self.full = full


@lru_cache(maxsize=32)
def _board_tables(fill) -> _BoardTables:
    from games.glik.kit import board_for
    return _BoardTables(board_for(fill))


class _Tables:
    """Board tables plus this puzzle's static stones, destination and caches."""

    def __init__(self, state: GlikState, player: int, hide_neutrals: bool = False):
        board = state.board
        bt = _board_tables(state.fill)
        for name in ("passable", "ray", "stop", "adj", "text", "not_col0", "not_last",
                     "full"):
            setattr(self, name, getattr(bt, name))
        self.placeable = 0  # where neutral stones may be put in this game
        for i in neutral_fields(state):
            self.placeable |= 1 << i
        colour = state.colours[player]
        self.code = code_of(colour)
        self.chain_any = state.chain_any
        static = 0  # stones that never move in this puzzle: other colours and neutrals
        for i, v in enumerate(state.stones):
            if v and v != self.code and not (hide_neutrals and v == NEUTRAL_CODE):
                static |= 1 << i
        self.static = static
        d = board.dest_cell[colour]
        self.dest = d[0] * COLS + d[1]
        sr, sc = board.start_cell[colour]
        self.start = sr * COLS + sc
        self._region_cache: dict = {}
        self._dist_cache: dict = {}

    # touch region R for a set of touching own stones (flat cells)
    def region(self, touching: tuple) -> int:
        got = self._region_cache.get(touching)
        if got is not None:
            return got
        if self.chain_any:
            # stones in chains that reach the destination: static ones and touching ones
            stones = self.static
            for t in touching:
                stones |= 1 << t
            comp = self.adj[self.dest] & stones
            while True:
                grow = comp
                m = comp
                while m:
                    low = m & -m
                    grow |= self.adj[low.bit_length() - 1] & stones
                    m ^= low
                if grow == comp:
                    break
                comp = grow
            reg = self.adj[self.dest]
            m = comp
            while m:
                low = m & -m
                reg |= self.adj[low.bit_length() - 1]
                m ^= low
        else:
            reg = self.adj[self.dest]
            for t in touching:
                reg |= self.adj[t]
        reg &= self.passable
        self._region_cache[touching] = reg
        return reg

    def _pred(self, s: int) -> int:
        """Fields from which a relaxed slide (stopping anywhere on its way) reaches `s`."""
        p = self.passable
        out = 0
        for shift_op in range(4):
            f = s
            while True:
                if shift_op == 0:
                    g = (f >> 1) & p & self.not_last  # x = y - 1 slides east to y
                elif shift_op == 1:
                    g = (f << 1) & p & self.not_col0 & self.full  # slides west
                elif shift_op == 2:
                    g = (f >> COLS) & p  # slides south
                else:
                    g = (f << COLS) & p & self.full  # slides north
                g |= f
                if g == f:
                    break
                f = g
            out |= f
        return out

    def distances(self, region: int):
        """(relaxed slide layers, grid-distance layers) towards `region`, cached."""
        got = self._dist_cache.get(region)
        if got is not None:
            return got
        layers = [region]
        seen = region
        while True:
            nxt = self._pred(seen) | seen
            if nxt == seen:
                break
            layers.append(nxt)
            seen = nxt
        grid = [region]
        seen = region
        p = self.passable & ~self.static
        while len(grid) < 9:
            nxt = seen | (((seen >> 1) & self.not_last) | ((seen << 1) & self.not_col0)
                          | (seen >> COLS) | (seen << COLS)) & p & self.full
            if nxt == seen:
                break
            grid.append(nxt)
            seen = nxt
        got = (layers, grid)
        self._dist_cache[region] = got
        return got


def _layer_of(layers, cell: int, big: int = 99) -> int:
    for k, m in enumerate(layers):
        if (m >> cell) & 1:
            return k
    return big


class _LayeredSearch:
    """Shortest lines by iterative deepening over layers of packed positions, counting how
    many shortest lines reach the goal. Subclasses give the root, `children`, `met` and a
    `lower_bound` (0 where there is none); `_counted` may refuse a search past its bound."""

    root: tuple
    states: int

    def lower_bound(self, node) -> int:
        return 0

    def _counted(self, limit: int) -> None:
        """One more position generated (a subclass may raise past its stated bound)."""

    def run(self, bound: int):
        root = self.root
        if self.met(root):
            return 0, 1, []
        d = max(self.lower_bound(root), 1)
        while d <= bound:
            found = self._layered(d)
            if found is not None:
                return found
            d += 1
        return None

    def _layered(self, limit: int):
        root = self.root
        parent = {root: None}
        layer = {root: 1}
        seen_depth = {root: 0}
        for g in range(limit):
            nxt: dict = {}
            goals = []
            last = g + 1 == limit
            for node, cnt in layer.items():
                for text, child in self.children(node, last):
                    prev = seen_depth.get(child)
                    if prev is not None:
                        if prev == g + 1:
                            nxt[child] += cnt
                        continue
                    self.states += 1
                    self._counted(limit)
                    if self.met(child):
                        goals.append(child)
                    elif last or g + 1 + self.lower_bound(child) > limit:
                        continue
                    seen_depth[child] = g + 1
                    parent[child] = (node, text)
                    nxt[child] = cnt
            if goals:
                lines = sum(nxt[c] for c in goals)
                line = []
                node = goals[0]
                while parent[node] is not None:
                    node, text = parent[node]
                    line.append(text)
                return g + 1, lines, line[::-1]
            if not nxt:
                return None
            layer = nxt
        return None


class _Search(_LayeredSearch):
    """Packed positions: (reserve, neutral reserve, *goal stones, *other stones sorted).

    A stone value is its flat cell, plus FLAG when it touches (frozen); neutral stones (kept
    in the position only when the goal lets them be placed or moved) carry NFLAG instead and
    sort last. Neutral actions are searched here only without chain_any, where a neutral stone
    is never a link and so never makes a stone touch.
    """

    def __init__(self, state: GlikState, goal: Goal):
        kinds = set(goal.actions)
        self.neutrals = bool(kinds & {"neutral", "move-neutral"})
        self.t = _Tables(state, goal.player, hide_neutrals=self.neutrals)
        self.goal = goal
        self.allow_place = "place" in kinds
        self.allow_slide = "slide" in kinds
        self.allow_neutral = "neutral" in kinds
        self.allow_move_neutral = "move-neutral" in kinds
        self.neutral_slide = state.neutral_slide
        t = self.t
        colour = state.colours[goal.player]
        touching, _ = chain_components(state.stones, state.board, colour, state.chain_any)
        targets = tuple(r * COLS + c for r, c in goal.stones)
        others = []
        for i, v in enumerate(state.stones):
            if v == t.code and i not in targets:
                others.append(i | FLAG if i in touching else i)
            elif v == NEUTRAL_CODE and self.neutrals:
                others.append(i | NFLAG)
        tgt = tuple(i | FLAG if i in touching else i for i in targets)
        self.ntargets = len(tgt)
        self.root = ((state.reserve[goal.player], state.neutral_reserve) + tgt
                     + tuple(sorted(others)))
        self.states = 0

    # -- goal and bound -------------------------------------------------------------------
    def met(self, node) -> bool:
        if self.goal.count is not None:
            return sum(1 for v in node[2:] if v & FLAG) >= self.goal.count
        return all(v & FLAG for v in node[2:2 + self.ntargets])

    def lower_bound(self, node) -> int:
        t = self.t
        touching = tuple(sorted(v & CELL for v in node[2:] if v & FLAG))
        layers, grid = t.distances(t.region(touching))
        free = [v for v in node[2:] if not v & (FLAG | NFLAG)]
        reserve = node[0]
        best_first = 99
        for v in free:
            d = _layer_of(layers, v)
            if d < best_first:
                best_first = d
        if reserve and self.allow_place:
            d = 1 + _layer_of(layers, t.start)
            if d < best_first:
                best_first = d
        lb = best_first
        if self.goal.count is not None:
            need = self.goal.count - len(touching)
            extra = need - len(free)
            if extra > 0:
                lb = max(lb, 2 * extra) if self.allow_place and reserve >= extra else 99
        else:
            for v in node[2:2 + self.ntargets]:
                if v & FLAG:
                    continue
                rd = _layer_of(layers, v)
                if t.chain_any:
                    bridge = 1
                else:
                    gd = _layer_of(grid, v, len(grid))
                    bridge = max(1, gd - (len(free) - 1))
                lb = max(lb, min(rd, bridge))
        return lb

    # -- moves ------------------------------------------------------------------------------------
    def _slide_end(self, occ, v, d):
        t = self.t
        b = occ & t.ray[v][d]
        if not b:
            return t.stop[v][d]
        if d == 1 or d == 2:  # E, S: the nearest blocker is the lowest bit
            return (b & -b).bit_length() - 1 - (1 if d == 1 else COLS)
        return b.bit_length() - 1 + (COLS if d == 0 else 1)

    def children(self, node, last: bool = False):
        """(action text, child) for every allowed action of the player to move. On the last
        layer neutral actions are skipped: without chain_any they never make a stone touch."""
        t = self.t
        occ = t.static
        for v in node[2:]:
            occ |= 1 << (v & CELL)
        reserve, nres = node[0], node[1]
        region = t.region(tuple(sorted(v & CELL for v in node[2:] if v & FLAG)))
        out = []
        if self.allow_place and reserve and not (occ >> t.start) & 1:
            out.append((f"place@{t.text[t.start]}",
                        self._settle(node, None, t.start, occ | (1 << t.start), reserve - 1,
                                     region)))
        if self.allow_slide:
            for k in range(2, len(node)):
                v = node[k]
                if v & (FLAG | NFLAG):
                    continue
                for d in range(4):
                    end = self._slide_end(occ, v, d)
                    if end == v:
                        continue
                    new_occ = (occ & ~(1 << v)) | (1 << end)
                    out.append((f"slide {t.text[v]} {_DIRS[d][0]}",
                                self._settle(node, k, end, new_occ, reserve, region)))
        if self.neutrals and not last:
            head = node[:2 + self.ntargets]
            rest = list(node[2 + self.ntargets:])
            if self.allow_neutral and nres:
                free_cells = t.placeable & ~occ
                while free_cells:
                    low = free_cells & -free_cells
                    cell = low.bit_length() - 1
                    free_cells ^= low
                    child = ((reserve, nres - 1) + head[2:]
                             + tuple(sorted(rest + [cell | NFLAG])))
                    out.append((f"neutral@{t.text[cell]}", child))
            if self.allow_move_neutral and not nres:
                for k, v in enumerate(rest):
                    if not v & NFLAG:
                        continue
                    cell = v & CELL
                    others = rest[:k] + rest[k + 1:]
                    if self.neutral_slide:
                        for d in range(4):
                            end = self._slide_end(occ, cell, d)
                            if end != cell:
                                out.append((f"slide {t.text[cell]} {_DIRS[d][0]}",
                                            head + tuple(sorted(others + [end | NFLAG]))))
                    else:
                        free_cells = t.placeable & ~occ
                        while free_cells:
                            low = free_cells & -free_cells
                            to = low.bit_length() - 1
                            free_cells ^= low
                            out.append((f"move-neutral {t.text[cell]}>{t.text[to]}",
                                        head + tuple(sorted(others + [to | NFLAG]))))
        return out

    def _settle(self, node, k, end, occ, reserve, region):
        """The child position after the stone at index k (None: a new stone) lands on end;
        `region`: the fields where a landing stone touches."""
        t = self.t
        nt = self.ntargets
        vals = list(node[2:])
        if k is None:
            vals.append(end)
        else:
            vals[k - 2] = end
        if (region >> end) & 1:
            # the stone touches; so do the free stones chained to it
            if t.chain_any:
                links = occ
            else:
                links = 0
                for v in vals:
                    if not v & NFLAG:
                        links |= 1 << (v & CELL)
            comp = 1 << end
            while True:
                grow = comp
                m = comp
                while m:
                    low = m & -m
                    grow |= t.adj[low.bit_length() - 1] & links
                    m ^= low
                if grow == comp:
                    break
                comp = grow
            vals = [v | FLAG if not v & NFLAG and (comp >> (v & CELL)) & 1 else v
                    for v in vals]
        return (reserve, node[1]) + tuple(vals[:nt]) + tuple(sorted(vals[nt:]))


#: The most positions the chain_any search with neutral stones generates before it gives up
#: (it has no lower bound to prune with): a 2-AP puzzle moving 4 neutral stones generates
#: about 16,000 (0.4 s; the last layer only tries moves that can make a stone touch), a 3-AP
#: one with every neutral move open about 2.5 million, past this bound (which costs about
#: 15 s on a loaded 2-core machine).
CHAIN_ANY_LIMIT = 300_000


class SearchTooLarge(ValueError):
    """The puzzle needs more positions than the solver's stated bound allows."""


class _ChainAnySearch(_LayeredSearch):
    """Shortest lines when neutral stones may be placed or moved under house rule chain_any,
    where a neutral stone is a link of a chain: one placed or moved can make stones touch.

    Packed positions (reserve, neutral reserve, goal stones, other own stones sorted, neutral
    stones sorted), flat cells; what touches and what is frozen is recomputed from the stones
    (bitboard floods from each destination through every stone), exactly as the rules do. No
    lower bound: each layer is searched in full, except the last, where only the moves that
    can make a stone touch are tried (a neutral stone must land next to the destination or to
    a chain of stones that reaches it; every own stone's slides and the placement are tried).
    It generates at most CHAIN_ANY_LIMIT positions, then raises SearchTooLarge."""

    _slide_end = _Search._slide_end

    def __init__(self, state: GlikState, goal: Goal):
        kinds = set(goal.actions)
        self.t = t = _Tables(state, goal.player, hide_neutrals=True)
        self.goal = goal
        self.allow_place = "place" in kinds
        self.allow_slide = "slide" in kinds
        self.allow_neutral = "neutral" in kinds
        self.allow_move_neutral = "move-neutral" in kinds
        self.neutral_slide = state.neutral_slide
        board = state.board
        self.own_colour = state.colours[goal.player]
        # per played colour: (destination cell, bits of its static stones); own: dynamic
        self.chains = []
        for col in state.colours:
            d = board.dest_cell.get(col)
            if d is None:
                continue
            code = code_of(col)
            bits = 0
            if col != self.own_colour:
                for i, v in enumerate(state.stones):
                    if v == code:
                        bits |= 1 << i
            self.chains.append((d[0] * COLS + d[1], bits, col == self.own_colour))
        targets = tuple(r * COLS + c for r, c in goal.stones)
        own = tuple(sorted(i for i, v in enumerate(state.stones)
                           if v == t.code and i not in targets))
        neutrals = tuple(sorted(i for i, v in enumerate(state.stones) if v == NEUTRAL_CODE))
        self.root = (state.reserve[goal.player], state.neutral_reserve, targets, own, neutrals)
        self.states = 0
        self._info: dict = {}

    def _flood(self, seed: int, links: int) -> int:
        t = self.t
        comp = seed
        while True:
            grow = comp | ((((comp >> 1) & t.not_last) | ((comp << 1) & t.not_col0)
                            | (comp >> COLS) | (comp << COLS)) & links)
            if grow == comp:
                return comp
            comp = grow

    def _chains(self, occ: int, own_bits: int) -> tuple[int, int]:
        """(own stones that touch, stones frozen in some colour's chain) for stones `occ`."""
        touching = frozen = 0
        for dest, bits, mine in self.chains:
            colour_bits = own_bits if mine else bits
            seeds = self.t.adj[dest] & occ
            while seeds:
                low = seeds & -seeds
                seeds ^= low
                comp = self._flood(low, occ)
                seeds &= ~comp
                if comp & colour_bits:
                    frozen |= comp
                    if mine:
                        touching |= comp & own_bits
        return touching, frozen

    def info(self, node):
        got = self._info.get(node)
        if got is None:
            own_bits = 0
            for v in node[2] + node[3]:
                own_bits |= 1 << v
            occ = self.t.static | own_bits
            for v in node[4]:
                occ |= 1 << v
            touching, frozen = self._chains(occ, own_bits)
            got = (occ, touching, frozen)
            self._info[node] = got
        return got

    def met(self, node) -> bool:
        touching = self.info(node)[1]
        if self.goal.count is not None:
            return bin(touching).count("1") >= self.goal.count
        return all((touching >> v) & 1 for v in node[2])

    def _reach(self, occ: int) -> int:
        """Free fields where a new stone joins the destination or a chain reaching it."""
        t = self.t
        dest_adj = t.adj[self.t.dest]
        comp = self._flood(dest_adj & occ, occ) if dest_adj & occ else 0
        grow = comp | ((((comp >> 1) & t.not_last) | ((comp << 1) & t.not_col0)
                        | (comp >> COLS) | (comp << COLS)) & t.full)
        return (grow | dest_adj) & ~occ

    def children(self, node, last: bool):
        t = self.t
        reserve, nres, tgt, own, neu = node
        occ, _, frozen = self.info(node)
        out = []
        if self.allow_place and reserve and not (occ >> t.start) & 1:
            out.append((f"place@{t.text[t.start]}",
                        (reserve - 1, nres, tgt, tuple(sorted(own + (t.start,))), neu)))
        if self.allow_slide:
            for k, v in enumerate(tgt + own):
                if (frozen >> v) & 1:
                    continue
                for d in range(4):
                    end = self._slide_end(occ, v, d)
                    if end == v:
                        continue
                    if k < len(tgt):
                        child = (reserve, nres, tgt[:k] + (end,) + tgt[k + 1:], own, neu)
                    else:
                        j = k - len(tgt)
                        child = (reserve, nres, tgt,
                                 tuple(sorted(own[:j] + (end,) + own[j + 1:])), neu)
                    out.append((f"slide {t.text[v]} {_DIRS[d][0]}", child))
        if self.allow_neutral and nres:
            cells = t.placeable & ~occ
            if last:
                cells &= self._reach(occ)
            while cells:
                low = cells & -cells
                cells ^= low
                cell = low.bit_length() - 1
                out.append((f"neutral@{t.text[cell]}",
                            (reserve, nres - 1, tgt, own, tuple(sorted(neu + (cell,))))))
        if self.allow_move_neutral and not nres:
            for k, v in enumerate(neu):
                if (frozen >> v) & 1:
                    continue
                rest = neu[:k] + neu[k + 1:]
                if self.neutral_slide:
                    for d in range(4):
                        end = self._slide_end(occ, v, d)
                        if end != v:
                            out.append((f"slide {t.text[v]} {_DIRS[d][0]}",
                                        (reserve, nres, tgt, own, tuple(sorted(rest + (end,))))))
                    continue
                cells = t.placeable & ~occ
                if last:
                    cells &= self._reach(occ & ~(1 << v))
                while cells:
                    low = cells & -cells
                    cells ^= low
                    to = low.bit_length() - 1
                    out.append((f"move-neutral {t.text[v]}>{t.text[to]}",
                                (reserve, nres, tgt, own, tuple(sorted(rest + (to,))))))
        return out

    def _counted(self, limit: int) -> None:
        if self.states > CHAIN_ANY_LIMIT:
            raise SearchTooLarge(
                f"This puzzle is too big for the solver: with house rule chain_any "
                f"a neutral stone can link a chain, so it searches without a lower "
                f"bound, and {limit} AP passed its limit of {CHAIN_ANY_LIMIT:,} "
                "positions. Give fewer AP or fewer action kinds.")


def solve(state: GlikState, goal, max_ap: int | None = None) -> SolveResult:
    """The fewest-AP line reaching `goal` within `max_ap` (default: the AP of the turn).
    Raises SearchTooLarge (a ValueError) past the stated bound of the chain_any search with
    neutral stones (CHAIN_ANY_LIMIT positions)."""
    goal = Goal.from_json(goal)
    bound = _check(state, goal, max_ap)
    start = time.perf_counter()
    if {"neutral", "move-neutral"} & set(goal.actions) and state.chain_any:
        search = _ChainAnySearch(state, goal)  # neutral stones are links: no lower bound
    else:
        search = _Search(state, goal)
    found = search.run(bound)
    secs = time.perf_counter() - start
    if found is None:
        return SolveResult(False, None, [], False, 0, search.states, secs, bound)
    cost, lines, line = found
    return SolveResult(True, cost, line, lines == 1, lines, search.states, secs, bound)


# --- plain breadth-first search through the rules engine -----------------------------------------
def action_kind(state: GlikState, action) -> str | None:
    """The goal kind an action belongs to: "place", "slide" (an own stone), "neutral", or
    "move-neutral" (picking a neutral stone up, or with neutral_slide sliding one: that slide
    is how a neutral stone moves then); None for anything else (ending the turn...)."""
    if isinstance(action, A.Place):
        return "place"
    if isinstance(action, A.PlaceNeutral):
        return "neutral"
    if isinstance(action, A.MoveNeutral):
        return "move-neutral"
    if isinstance(action, A.Slide):
        r, c = action.cell
        return "move-neutral" if state.stones[r * COLS + c] == NEUTRAL_CODE else "slide"
    return None


def _engine_moves(state: GlikState, goal: Goal):
    """The allowed actions of the player to move, listed straight from the rules (only the
    goal's kinds are generated, so the baseline does not pay for actions it would drop)."""
    kinds = set(goal.actions)
    if kinds >= {"neutral", "move-neutral"} or (kinds & {"neutral", "move-neutral"}
                                                and state.neutral_slide):
        for a in GAME.legal_actions(state):
            if action_kind(state, a) in kinds:
                yield a, str(a)
        return
    board = state.board
    colour = state.colours[state.turn]
    code = code_of(colour)
    if state.ap_left <= 0:
        return
    if "place" in kinds:
        r, c = board.start_cell[colour]
        if state.reserve[state.turn] and not state.stones[r * COLS + c]:
            a = A.Place((r, c))
            yield a, str(a)
    if "neutral" in kinds and state.neutral_reserve:
        for i in range(N):
            if can_place_neutral(state, i):
                a = A.PlaceNeutral(divmod(i, COLS))
                yield a, str(a)
    if "move-neutral" in kinds and not state.neutral_reserve:
        frozen = frozen_cells(state)
        targets = [j for j in range(N) if can_place_neutral(state, j)]
        for i, v in enumerate(state.stones):
            if v == NEUTRAL_CODE and i not in frozen:
                for j in targets:
                    a = A.MoveNeutral(divmod(i, COLS), divmod(j, COLS))
                    yield a, str(a)
    if "slide" in kinds:
        frozen = frozen_cells(state)
        for i, v in enumerate(state.stones):
            if v == code and i not in frozen:
                cell = divmod(i, COLS)
                for d in "NESW":
                    if slide_path(state.stones, board, cell, d):
                        a = A.Slide(cell, d)
                        yield a, str(a)


def bfs_solve(state: GlikState, goal, max_ap: int | None = None) -> SolveResult:
    """Breadth-first search over whole states with `GAME.apply` (no tables, no bound)."""
    goal = Goal.from_json(goal)
    bound = _check(state, goal, max_ap)
    start = time.perf_counter()
    root_tr = goal.stones
    if goal_met(state, goal, root_tr):
        return SolveResult(True, 0, [], True, 1, 1, time.perf_counter() - start, bound, "bfs")
    key = lambda s, tr: (s.stones, s.reserve, s.neutral_reserve, tr)  # noqa: E731
    root = key(state, root_tr)
    seen = {root: 0}
    parent = {root: None}
    layer = {root: (state, root_tr, 1)}
    states = 0
    for g in range(bound):
        nxt: dict = {}
        goals = []
        for k, (s, tr, cnt) in layer.items():
            for action, text in _engine_moves(s, goal):
                step = GAME.apply(s, action)
                ctr = track(tr, step.events)
                ck = key(step.state, ctr)
                prev = seen.get(ck)
                if prev is not None:
                    if prev == g + 1:
                        cs, ctr2, c = nxt[ck]
                        nxt[ck] = (cs, ctr2, c + cnt)
                    continue
                states += 1
                seen[ck] = g + 1
                parent[ck] = (k, text)
                nxt[ck] = (step.state, ctr, cnt)
                if goal_met(step.state, goal, ctr):
                    goals.append(ck)
        if goals:
            lines = sum(nxt[c][2] for c in goals)
            line = []
            node = goals[0]
            while parent[node] is not None:
                node, text = parent[node]
                line.append(text)
            return SolveResult(True, g + 1, line[::-1], lines == 1, lines, states,
                               time.perf_counter() - start, bound, "bfs")
        # goal positions are not expanded; the others are
        layer = {k: v for k, v in nxt.items()}
        if not layer:
            break
    return SolveResult(False, None, [], False, 0, states, time.perf_counter() - start,
                       bound, "bfs")
