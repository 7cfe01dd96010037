"""The Glonk scene's words room: the status lines (the position, the scores, Chrono, and the
prompt of the moment: the aim, its path, the best shot or the disc under the pointer), a
move's label, a step's event lines, the seat legend and the pieces' names.
"""
from __future__ import annotations

from games.glonk.actions import Flick
from games.glonk.model import ATOMISED, OUT
from viewer.glonk import textures, words


def short_name(armada) -> str:
    """"Zorgs", "Space Pirates", "O.M.U." for labels and the status line."""
    name = armada.name
    if "(" in name:
        return name[name.index("(") + 1:name.index(")")]
    return name[4:] if name.startswith("The ") else name


def describe_piece(book, state, p) -> str:
    """"Disciple (Flying Saucer, speed 2) of P1 Sinistrum, passive" and the like."""
    if p.is_ship:
        st = p.ship_type()
        kind = {"base": "Base", "saucer": "Flying Saucer", "kiboom": "Kiboom"}[p.kind]
        speed = f", speed {st.speed}" if st.speed else ""
        seat = p.owner
        who = (f" of P{seat + 1} {short_name(book.by_id[state.seats[seat]])}"
               if seat is not None and state.seats[seat] else "")
        face = "active" if p.active else "passive"
        extra = []
        if p.id in state.damaged:
            extra.append("damaged")
        if p.status == OUT:
            extra.append("out of play")
        elif p.status == ATOMISED:
            extra.append("atomised")
        powers = ", ".join(x.replace("_", " ") for x in st.powers)
        text = f"{st.name} ({kind}{speed}){who}, {', '.join([face] + extra)}"
        return text + (f"; {powers}" if powers else "")
    if p.kind == "black_hole":
        return "the Black Hole"
    return "a Molten Mass" if p.molten else "an Asteroid"


def armada_colour(armada):
    """An armada's colour as it reads on the dark panels (a black armada: its accent)."""
    if armada is None:
        return (0.9,) * 3
    colour = textures._lighter(textures.hex_rgb(armada.colour), 0.45)
    if max(colour) < 0.5 or textures._lum(textures.hex_rgb(armada.colour)) < 0.15:
        colour = textures._lighter(textures.hex_rgb(armada.accent), 0.2)
    return colour


#: What the player to move does in each phase; before the colon: the words without prompts.
PHASE_WORDS = {
    "place_armada": "places the armada: click a Middle Ring space",
    "place_asteroid": "places an Asteroid: click where it goes on a lit space",
    "return_base": "brings the Base back: click an Outer Ring space",
    "return_saucer": "brings lost saucers back: click a Base, or beside it where the saucer goes",
    "ray": "may fire an Anaesthetic Ray: click a target (or Pass)",
    "actions": "acts: click a disc, drag back and release to flick",
    "stellar": "returns an Asteroid: click where it goes on a lit space",
}


class StatusWords:
    """What the Glonk scene `scene` says in the status lines and the move list."""

    def __init__(self, scene):
        self.scene = scene

    def seat_legend(self, state):
        book = self.scene.book
        out = []
        for seat in range(state.config.players):
            armada = book.by_id.get(state.seats[seat]) if state.seats[seat] else None
            name = f"P{seat + 1} {short_name(armada)}" if armada else f"P{seat + 1}"
            r, g, b = [float(v) for v in armada_colour(armada)][:3]
            out.append((name, (r, g, b, 1.0)))
        return out

    def label_of(self, text: str, node) -> str:
        """The move's words (`text`: the scene's usual label); a flick the table feel's hand
        scattered says what was aimed and what was played ("aimed 45.0 deg 0.80 m/s, played
        46.2 deg 0.77 m/s")."""
        from games.glonk.notation import aimed_words, flick_words

        intent = getattr(node, "intent", None)
        if isinstance(intent, Flick) and isinstance(node.action, Flick):
            text = text.replace(flick_words(node.action), aimed_words(intent, node.action), 1)
        observed = getattr(node, "observed", None)
        if observed is not None:  # made at a real table: the flick and its motion inferred
            text += f" (at the table; inferred, fits {1000 * observed['fit_error']:.1f} mm)"
        return text

    def event_lines(self, node) -> list[str]:
        book = self.scene.book
        state = node.parent.state if node.parent is not None else node.state

        def name_of(seat):
            try:
                return f"P{seat + 1} {short_name(book.by_id[state.seats[seat]])}"
            except (IndexError, KeyError, TypeError):
                return f"P{seat + 1}" if isinstance(seat, int) else str(seat)

        def piece_of(pid):  # "P1 Corsair": the id players see on the disc, and what it is
            p = state.get(pid)
            st = p.ship_type() if p is not None else None
            return f"{pid} {st.name}" if st is not None else pid

        lines = words.event_lines(node.step, name_of, piece_of)
        observed = getattr(node, "observed", None)
        if observed is not None:  # the replay shows the inferred motion: say so first
            lines = [f"Logged at a real table: the motion shown is inferred (it fits the "
                     f"entered places within {1000 * observed['fit_error']:.1f} mm"
                     + ("; other flicks fit as well)" if observed["ambiguous"] else ")")] + lines
        return lines

    def status_rows(self, state) -> int:
        """The position's lines and, with prompts shown, room for an aim and its path (or the
        best shot's line, or the hover line)."""
        s = self.scene
        aim, ghost, hover = s.aim_line, s.ghost_line, s.hover_line
        s.aim_line = s.ghost_line = s.hover_line = None
        try:
            base = len(s.status_lines(state))
        finally:
            s.aim_line, s.ghost_line, s.hover_line = aim, ghost, hover
        return base + (2 if s.show_prompts else 0)

    def status_lines(self, state) -> list[str]:
        s = self.scene
        if state is None:
            return []
        names = [short_name(s.book.by_id[a]) if a else "?" for a in state.seats]
        scores = state.scores()
        score = "   ".join(f"P{i + 1} {n}: {v}" for i, (n, v) in enumerate(zip(names, scores)))
        ph = state.phase
        lines = []
        if ph == "over":
            who = ", ".join(f"P{w + 1} {names[w]}" for w in state.winners) or "nobody"
            lines.append(f"Game over: {who} won ({state.end_reason})")
        elif ph in ("draw", "first"):
            lines.append("Setup: drawing armadas and the first player")
        else:
            what = PHASE_WORDS.get(ph, ph)
            if not s.show_prompts:
                what = what.split(":")[0]
            who = state.to_move
            if s.setting_up:  # a press moves a disc here: no flicking
                lines.append(f"Setting up: {s.setting_up}   (P{who + 1} {names[who]} "
                             "to move)")
            elif s.move_simulating and ph == "actions":
                lines.append(f"Round {state.round}   P{who + 1} {names[who]} flicked: "
                             "simulating the flick...")
            elif s.logging and ph == "actions":  # log mode: the flick is made at the table
                lines.append(f"Round {state.round}   P{who + 1} {names[who]} at the real table: "
                             f"{s.logging}")
            else:
                lines.append(f"Round {state.round}   P{who + 1} {names[who]} {what}")
        lines.append(f"Scores  {score}")
        if state.config.chrono and ph == "actions" and s.chrono_left is not None:
            left = max(0.0, s.chrono_left)
            lines.append(f"Chrono  {int(left) // 60}:{int(left) % 60:02d} left")
        if not s.show_prompts:
            return lines
        if s.aim_line:
            lines.append(s.aim_line)
            if s.ghost_line:
                lines.append(s.ghost_line)
        elif s.best.line:
            lines.append(s.best.line)
        elif s.hover_line:
            lines.append(s.hover_line)
        return lines
