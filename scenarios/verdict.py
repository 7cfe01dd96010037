"""What verifying a puzzle found (`Verdict`), as a scenario stores it (its header's `verdict`)
and an editor shows it. Verifying is analysis (analysis.puzzles, whose Verdict is this one
that also knows the reading order of each game's levels); the verdict is the scenario's data."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Verdict:
    """What verifying a puzzle found; `to_json` is what `flickbook solve --json` prints and
    the scenario stores."""

    game: str
    exact: bool  # an exact search (True) or a success chance from samples (False)
    solved: bool
    line: list = field(default_factory=list)
    cost: int | None = None  # exact: turns (Grendizer) or AP (Glik)
    unit: str = "turns"  # what `cost` counts (turns, AP); "flick": a Glonk shot's chances
    unique: bool | None = None
    lines: int | None = None
    success: float | None = None  # sampled: the best line's success chance
    error: float | None = None  # its 95 % half-width
    samples: int = 0
    levels: dict = field(default_factory=dict)  # Glonk: skill -> [chance, error]
    trivial: bool = False
    note: str = ""
    states: int = 0
    bound: int | None = None  # exact: the most turns or AP searched
    seconds: float = 0.0

    def words(self) -> str:
        if self.exact:
            if not self.solved:
                return f"No win within the goal's {self.unit}" + (f" ({self.note})" if self.note else "")
            how = "unique" if self.unique else f"{self.lines} lines"
            unit = self.unit if self.cost != 1 else self.unit.rstrip("s")
            return f"Best: win in {self.cost} {unit}, {how}"
        if self.unit == "flick":
            if not self.solved:
                return f"Impossible: {self.note or 'no flick found meets the goal'}"
            known = self.level_order()
            order = ([k for k in self.levels if k not in known]
                     + [k for k in known if k in self.levels])
            text = ", ".join(f"{k} {round(100 * self.levels[k][0])} %" for k in order)
            return text + (" (trivial: " + self.note + ")" if self.trivial else "")
        if not self.solved:
            return "No line found that meets the goal"
        return f"Best line succeeds {round(100 * self.success)} % +- {round(100 * self.error)} %"

    def level_order(self) -> tuple[str, ...]:
        """The reading order of the levels (a sampled verdict's); the verifier's verdict
        (analysis.puzzles.Verdict) knows its game's, this one keeps the stored order."""
        return ()

    def to_json(self) -> dict:
        out = {"game": self.game, "exact": self.exact, "solved": self.solved,
               "line": list(self.line), "verdict": self.words(), "unit": self.unit,
               "seconds": round(self.seconds, 6)}
        if self.exact:
            out.update({"cost": self.cost, "unique": self.unique,
                        "lines": self.lines, "states": self.states, "bound": self.bound})
        else:
            out.update({"success": self.success, "error": self.error, "samples": self.samples})
        if self.unit == "flick":
            out.update({"levels": self.levels, "trivial": self.trivial})
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Verdict":
        keys = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in keys})
