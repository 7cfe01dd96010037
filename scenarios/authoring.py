"""Where authored scenarios are saved and what they are called (shared by every game's editor)."""
from __future__ import annotations

import os
import re
from pathlib import Path


def slugify(title: str) -> str:
    """A file name from a title: lower case words joined by hyphens ('puzzle' if none)."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug[:60].strip("-") or "puzzle"


def scenarios_dir(game: str) -> Path:
    """Where a user's puzzles and lessons are saved: $FLICKBOOK_SCENARIOS/<game>/ when set (tests,
    and authors writing the bundled files on purpose), else scenarios/<game>/ in the user's data
    folder (`flickbook.places`), never the program's own folder: a checkout's source tree is not
    the user's, and an installed program's folder is replaced by an upgrade (or read-only)."""
    return own_root() / game


def own_root() -> Path:
    """The folder holding one sub-folder a game of the user's own scenarios and lessons."""
    from flickbook import places

    root = os.environ.get("FLICKBOOK_SCENARIOS")
    if root:
        return Path(root).expanduser()
    return places.data_dir() / "scenarios"


def free_path(path: Path) -> Path:
    """`path`, or the first `name-2.flick`, `name-3.flick`, ... that does not exist yet."""
    path = Path(path)
    n = 2
    out = path
    while out.exists():
        out = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return out



class OpenedScenario:
    """What an opened scenario of any game shares: its record, words and goal, and the hints
    given one at a time. Each game's `scenarios/<game>/puzzle.py` adds its own goal check."""

    #: What the hints' messages call it ("puzzle", "scenario").
    noun = "puzzle"

    def __init__(self, record):
        from scenarios import Scenario

        self.record = record
        self.scenario = Scenario.from_record(record)
        self.goal = self.scenario.goal or {}
        self.hints_shown = 0

    def verdict_words(self) -> str:
        """The stored verifier's verdict in brackets, or nothing."""
        verdict = (self.scenario.verdict or {}).get("verdict")
        return f"  ({verdict})" if verdict else ""

    def next_hint(self) -> str:
        """The next hint (the last one again once all are shown), saying how many are left."""
        hints = self.scenario.hints
        if not hints:
            return f"This {self.noun} has no hints"
        if self.hints_shown < len(hints):
            self.hints_shown += 1
        n = self.hints_shown
        more = "" if n == len(hints) else f"  (H: hint {n + 1} of {len(hints)})"
        return f"Hint {n}: {hints[n - 1]}{more}"


class ScenarioWords:
    """The words every game's editor model keeps beside its position: title, description,
    hints and difficulty; and saving, which is the same for every game once the model says
    what, if anything, stops it (`save_refusal`) and what it writes (`scenario()`)."""

    game_name: str = ""  # each game's model names its game

    def save_refusal(self) -> str | None:
        """Why the model cannot be saved yet, in words, or None."""
        return None

    def default_path(self, folder: Path | None = None) -> Path:
        folder = scenarios_dir(self.game_name) if folder is None else Path(folder)
        return folder / f"{slugify(self.title)}.flick"

    def save(self, path: Path | None = None, overwrite: bool = False) -> Path:
        """Write the scenario; ValueError with the refusal's words, FileExistsError rather
        than overwrite unasked."""
        refusal = self.save_refusal()
        if refusal:
            raise ValueError(refusal)
        from scenarios import save_scenario

        path = Path(path) if path is not None else self.default_path()
        if path.exists() and not overwrite:
            raise FileExistsError(str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        return save_scenario(path, self.scenario())

    def add_hint(self, text: str) -> str | None:
        """Add a typed hint; the refusal in words, or None."""
        text = text.strip()
        if not text:
            return "Type the hint first"
        self.hints.append(text)
        return None

    def take_words(self, scenario) -> None:
        """Copy a saved scenario's words into this model."""
        self.title, self.description = scenario.title, scenario.description
        self.hints, self.difficulty = list(scenario.hints), scenario.difficulty
