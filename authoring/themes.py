"""Write the themes of the bundled puzzles and lessons into their scenario data (`"themes"`,
what each is about: the student's dashboard counts failures by theme). Each theme is said in
the puzzle's own description or goal. Run it after a make_puzzles script rewrites the files,
then authoring/courses/make_courses.py (the courses embed the files):

    python authoring/themes.py [--check]

`--check` writes nothing and exits 1 when a file's themes differ from these.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: file (under scenarios/) -> its themes, a game's few words so that failures add up by theme.
THEMES = {
    "glik/01-first-touch.flick": ["one stone", "short line"],
    "glik/02-northern-funnel.flick": ["one stone", "open column"],
    "glik/03-fresh-from-the-start.flick": ["one stone", "entering"],
    "glik/04-a-helping-hand.flick": ["two stones", "neutral stone"],
    "glik/05-round-the-corner.flick": ["one stone", "turning"],
    "glik/06-the-bridge.flick": ["two stones", "stopper"],
    "glik/07-any-colour-will-do.flick": ["two stones", "house rule"],
    "glik/08-the-long-way.flick": ["one stone", "long line"],
    "glik/09-second-in-line.flick": ["two stones", "long line"],
    "glik/10-pushing-through.flick": ["two stones", "long line"],
    "glik/11-teamwork.flick": ["two stones", "stopper", "long line"],
    "glik/12-grand-tour.flick": ["one stone", "long line"],
    "glik/13-odyssey.flick": ["two stones", "long line"],
    "glonk/01-your-first-flick.flick": ["placing", "black hole"],
    "glonk/02-boarding.flick": ["boarding"],
    "glonk/03-the-black-hole.flick": ["black hole", "push"],
    "glonk/11-backstop.flick": ["placing", "speed"],
    "glonk/12-heroic-assault.flick": ["assault", "long flick"],
    "glonk/13-carom.flick": ["carom", "black hole"],
    "glonk/14-long-haul.flick": ["placing", "speed", "long flick"],
    "glonk/15-needles-eye.flick": ["gap", "speed", "long flick"],
    "grendizer/01-last-hit-point.flick": ["finishing blow"],
    "grendizer/02-two-strikes.flick": ["finishing blow", "wearing down"],
    "grendizer/03-hold-the-line.flick": ["defence", "threat"],
    "grendizer/04-double-trouble.flick": ["two monsters", "finishing blow"],
    "grendizer/05-last-stand.flick": ["defence", "difficult track"],
    "lessons/glik-round-the-corner.flick": ["one stone", "shortest way"],
    "lessons/glonk-boarding-and-assault.flick": ["boarding", "assault"],
    "lessons/grendizer-the-card-that-matters.flick": ["card choice"],
}


def themed(text: str, themes: list[str]) -> str:
    """The file's text with these themes in its scenario (written as the files are: sorted
    keys, one space an indent)."""
    data = json.loads(text)
    data["scenario"]["themes"] = list(themes)
    return json.dumps(data, indent=1, sort_keys=True) + ("\n" if text.endswith("\n") else "")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, themes in THEMES.items():
        path = ROOT / "scenarios" / name
        text = path.read_text(encoding="utf-8")
        new = themed(text, themes)
        if new != text:
            stale.append(name)
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and stale:
        print(f"themes differ in {', '.join(stale)}: run authoring/themes.py")
        return 1
    print(f"{len(THEMES)} files themed" + (" (checked)" if check else f", {len(stale)} written"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
