"""Everything Glonk offers the other layers, in one place (games.registry reads it)."""
from games.registry import Manifest

MANIFEST = Manifest("glonk", {
    "rules": "games.glonk:GAME",
    "notation": "games.glonk.notation",
    "flick_report": "games.glonk.cli:flick_report",
    "puzzle": "scenarios.glonk.puzzle:Puzzle",
    "analyser": "analysis.glonk:ANALYSER",
    "strengths": "analysis.glonk:STRENGTHS",
    "strength_bot": "analysis.glonk:bot",
    "explore": "analysis.glonk:explore",
    "intent": "analysis.glonk:intent",
    "best_shot": "analysis.glonk:best_shot",
    "puzzle_verifier": "analysis.glonk.puzzles:VERIFIER",
    "lesson_house": "analysis.glonk.lessons:HOUSE",
    "scene": "viewer.glonk.scene:GlonkScene",
    "editor": "viewer.glonk.editor:GlonkEditor",
    "table_entry": "viewer.glonk.tablelog:GlonkFlickEntry",
    "demo": "viewer.glonk.demo:demo_session",
})
