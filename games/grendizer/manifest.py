"""Everything Grendizer XperienZ offers the other layers, in one place (games.registry reads it)."""
from games.registry import Manifest

MANIFEST = Manifest("grendizer", {
    "rules": "games.grendizer:GAME",
    "notation": "games.grendizer.notation",
    "bot": "games.grendizer.bot:choose_action",
    "solver": "games.grendizer.solver",
    "puzzle": "scenarios.grendizer.puzzle:Puzzle",
    "analyser": "analysis.grendizer:ANALYSER",
    "puzzle_verifier": "analysis.grendizer.puzzles:VERIFIER",
    "lesson_house": "analysis.grendizer.lessons:HOUSE",
    "scene": "viewer.grendizer:GrendizerScene",
    "editor": "viewer.grendizer.editor:GrendizerEditor",
})
