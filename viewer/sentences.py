"""Lines of the message line joined as sentences: each ends with a full stop (or its own
"!", "?", "..."), so "P2 ended the turn" and "P1 Space Pirates to play" never run together."""
from __future__ import annotations

from typing import Iterable


def as_sentences(parts: Iterable[str]) -> str:
    """The non-empty parts, each closed as a sentence, joined by one space."""
    out = []
    for part in parts:
        text = part.strip()
        if not text:
            continue
        out.append(text if text[-1] in ".!?" else text + ".")
    return " ".join(out)
