"""The bundled Glonk demo: the annotated game in scenarios/demo/, opened where its story starts."""
from __future__ import annotations


def demo_session():
    from scenarios import SCENARIO_DIR
    from timeline import Session, load_record

    session = Session(load_record(SCENARIO_DIR / "demo" / "glonk-demo.flick"))
    first_note = next((n for n in session.record.mainline() if n.comment), None)
    if first_note is not None:
        session.go_to(first_note)  # where setup ends and the story begins
    return session
