"""Everything Glik offers the other layers, in one place (games.registry reads it)."""
from games.registry import Manifest

MANIFEST = Manifest("glik", {
    "rules": "games.glik:GAME",
    "notation": "games.glik.notation",
    "bot": "games.glik.bot:choose_action",
    "solver": "games.glik.solver",
    "puzzle": "scenarios.glik.puzzle:Puzzle",
    "analyser": "analysis.glik:ANALYSER",
    "puzzle_verifier": "analysis.glik.puzzles:VERIFIER",
    "lesson_house": "analysis.glik.lessons:HOUSE",
    "scene": "viewer.glik.scene:GlikScene",
    "editor": "viewer.glik.editor:GlikEditor",
    "demo": "viewer.glik.demo:demo_session",
})
