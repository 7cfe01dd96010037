"""Numbers in a lesson's verdict, written so that they explain it: two chances compared in
words never read the same when they are not ("39.6 %" against "40 %", not "40 %" against
"40 %")."""
from __future__ import annotations


def percent(x: float, decimals: int = 0) -> str:
    return f"{100 * x:.{decimals}f} %"


def percents_apart(value: float, other: float) -> tuple[str, str]:
    """`value` and `other` as percentages, each with the fewest decimals (up to 2) at which
    the two differ when the numbers do; a round figure keeps no decimals ("40 %")."""
    for decimals in range(3):
        if f"{100 * value:.{decimals}f}" != f"{100 * other:.{decimals}f}" or value == other:
            return _short(value, decimals), _short(other, decimals)
    return _short(value, 2), _short(other, 2)


def _short(x: float, decimals: int) -> str:
    text = f"{100 * x:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return f"{text} %"
