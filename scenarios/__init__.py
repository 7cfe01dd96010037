"""Scenarios and puzzles: a starting position, a goal, hints and a solution, as `.flick` files.

A scenario file is a record whose root is a custom starting position (`kind: "scenario"`);
its main line is the recorded solution, so it replays like any game. The `scenario` header
holds title, description, hints, goal and the solution's canonical action texts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flickbook import resources
from games.registry import part
from timeline.fileformat import RecordFileError, load_record, save_record
from timeline.record import Record

SCENARIO_DIR = resources.path("scenarios")


@dataclass
class Scenario:
    """An authored position: who is to move (and with how many action points) lives in `start`."""

    game: str
    start: dict  # game.state_to_json of the starting position
    title: str
    description: str = ""
    hints: list[str] = field(default_factory=list)
    goal: dict | None = None
    solution: list[str] = field(default_factory=list)
    config: dict = field(default_factory=dict)
    difficulty: int | None = None  # 1 (easy) .. 5 (hard), for ordering puzzles
    verdict: dict | None = None  # what verifying found (analysis.puzzles.Verdict.to_json)

    def header(self) -> dict:
        data: dict[str, Any] = {"title": self.title, "description": self.description,
                                "hints": list(self.hints), "goal": self.goal,
                                "solution": list(self.solution)}
        if self.difficulty is not None:
            data["difficulty"] = self.difficulty
        if self.verdict is not None:
            data["verdict"] = self.verdict
        return data

    def to_record(self) -> Record:
        """The scenario as a record, with its solution played as the main line (validated)."""
        record = Record.new(self.game, self.config, start_state_json=self.start,
                            kind="scenario", scenario=self.header(),
                            headers={"title": self.title})
        node = record.root
        for text in self.solution:
            node = record.add_child(node, record.game.parse_action(node.state, text))
        return record

    @classmethod
    def from_record(cls, record: Record) -> "Scenario":
        if record.kind != "scenario" or record.scenario is None:
            raise ValueError("this file is a game record, not a scenario")
        info = record.scenario
        start = record.start_state_json or record.game.state_to_json(record.root.state)
        motion = record.game.motion
        if record.start_state_json is not None and motion is not None \
                and motion.physics_of is not None and motion.physics_of(
                    record.game.state_from_json(start)) != motion.physics_of(record.root.state):
            start = record.game.state_to_json(record.root.state)  # it keeps its physics
        return cls(record.game.name, start, str(info.get("title", "")),
                   str(info.get("description", "")), list(info.get("hints", [])),
                   info.get("goal"), list(info.get("solution", [])), dict(record.config),
                   info.get("difficulty"), info.get("verdict"))


def save_scenario(path, scenario: Scenario) -> Path:
    return save_record(scenario.to_record(), path)


def load_scenario(path) -> tuple[Scenario, Record]:
    record = load_record(path)
    try:
        return Scenario.from_record(record), record
    except ValueError as exc:
        raise RecordFileError(f"{path}: {exc}") from None


def solver_for(game_name: str):
    """The game's puzzle solver module (with `solve`), or ValueError if the game has none."""
    solver = part(game_name, "solver")
    if solver is None:
        raise ValueError(f"{game_name} has no puzzle solver")
    return solver


def puzzle_for(record, solution=None):
    """The opened scenario as its game's puzzle (its manifest's `puzzle`, e.g.
    `scenarios.glik.puzzle.Puzzle`: goal check and hints), or None when the record is no
    puzzle or its game has none."""
    if record.kind != "scenario":
        return None
    puzzle = part(record.game.name, "puzzle")
    return puzzle.of(record, solution) if puzzle is not None else None


def bundled(game: str | None = None) -> list[Path]:
    """The scenario files shipped under scenarios/, sorted by path."""
    pattern = f"{game}/*.flick" if game else "*/*.flick"
    return sorted(SCENARIO_DIR.glob(pattern))
