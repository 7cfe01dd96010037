"""`flickbook` (demo replay), `flickbook play GAME`, `flickbook open FILE`: the desktop viewer."""
from __future__ import annotations

import sys

import numpy as np

from viewer.display import NO_DISPLAY_MESSAGE, NoDisplay, has_display


def session_for_args(args):
    """The session the command asks for (pure: no window)."""
    from timeline import Record, Session, load_record

    command = getattr(args, "command", None)
    if command == "play":
        from games.registry import get_game

        game = get_game(args.game)
        config = dict(game.default_config(getattr(args, "players", None)))
        if getattr(args, "difficulty", None):  # Grendizer XperienZ: easy | difficult track
            config["difficulty"] = args.difficulty
        if getattr(args, "chrono", False):
            if "chrono" not in config:
                raise ValueError(f"{game.title} has no Chrono mode")
            config["chrono"] = True
        if getattr(args, "feel", None):  # a table feel: flicks carry an intent
            if not game.game_type.intents:
                raise ValueError(f"{game.title} has no table feel")
            config["feel"] = args.feel
        if getattr(args, "armadas", None):  # Glonk: one armada per player, in seat order
            config["armadas"] = [a.strip().lower().replace("-", "_") for a in args.armadas]
            if getattr(args, "players", None) is None:
                config["players"] = len(args.armadas)
        seed = getattr(args, "seed", None)
        record = Record.new(game.name, config)
        session = Session(record, rng=np.random.default_rng(seed))
        session.auto_chance()
        session.clear_history()  # the deal is part of the game, not an edit to undo
        return session, None
    if command == "log":  # a game from a real table: log mode, nothing drawn
        from games.registry import get_game
        from viewer.newgame import new_session

        game = get_game(args.game)
        config = {}
        if getattr(args, "difficulty", None):
            config["difficulty"] = args.difficulty
        if getattr(args, "armadas", None):
            config["armadas"] = [a.strip().lower().replace("-", "_") for a in args.armadas]
        players = getattr(args, "players", None)
        if players is None and config.get("armadas"):
            players = len(config["armadas"])
        if getattr(args, "first", None) is not None:
            if "first_player" not in game.default_config(players):
                raise ValueError(f"{game.title} has no --first (the first player is entered)")
            seats = int(game.default_config(players)["players"])
            if not 1 <= args.first <= seats:
                raise ValueError(f"--first {args.first}: seats are 1 to {seats}")
            config["first_player"] = args.first - 1
        return new_session(game.name, log=True, players=players, config=config), None
    if command == "open":
        from pathlib import Path

        from scenarios.courses import is_course_file

        if is_course_file(args.file):  # a handed-out course: its first chapter
            from viewer.learning import first_chapter

            try:
                chapter = first_chapter(Path(args.file))[1]
            except OSError as exc:  # the data folder cannot take the chapter's file
                raise ValueError(f"{args.file}: its chapters cannot be written: "
                                 f"{exc.strerror or exc}") from None
            return Session(load_record(chapter)), chapter
        return Session(load_record(args.file)), Path(args.file)
    return demo_for(getattr(args, "game", None) if command == "demo" else None), None


def demo_for(game: str | None):
    """The bundled demo replay (`game` None: the first that opens, the showcase game's first)."""
    from games.registry import SHOWCASE, games_with, part
    from timeline import RecordFileError

    demos = sorted(games_with("demo"), key=lambda name: name != SHOWCASE)
    if game is not None and game not in demos:
        raise ValueError(f"there is a demo for {' and '.join(demos)}, not {game!r}")
    for name in ([game] if game is not None else demos):
        try:
            return part(name, "demo")()
        except RecordFileError:
            if game is not None:
                raise
    raise ValueError("no bundled demo could be opened")


def run_viewer(args) -> int:
    """Open the main window; exit status 2 with one line for a bad request or no display."""
    from games.api import IllegalAction
    from timeline import RecordFileError

    try:
        session, path = session_for_args(args)
    except (ValueError, RecordFileError, IllegalAction) as exc:
        print(f"flickbook: {exc}", file=sys.stderr)
        return 2
    if not has_display():
        print(f"flickbook: {NO_DISPLAY_MESSAGE}", file=sys.stderr)
        return 2
    from viewer.app import ViewerApp
    from viewer.autosave import Autosaver, offer_restore, watch_failures

    try:
        app = ViewerApp(session, offscreen=False, size=(1280, 720))
    except NoDisplay:
        print(f"flickbook: {NO_DISPLAY_MESSAGE}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a file the loader took that the window cannot show
        if path is None:
            raise
        print(f"flickbook: {path}: cannot be shown ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    autosaver = Autosaver()
    app.autosaver = autosaver
    ctl = app.controller
    autosaver.whole = ctl.shown.whole_record  # an autosave keeps what the window withholds
    ctl.computer.give(getattr(args, "computer_seats", None) or {})
    ctl.path = path
    if path is not None:
        ctl.disk.note(ctl.session, path)  # a save notices when another window wrote it since
    ctl.study.opened(ctl.session.record, path)  # a puzzle opened from the command line counts
    from flickbook import places

    moved = places.take_notice()  # the autosaver's folder was asked for: any move is done
    if moved:
        print(f"flickbook: {moved}", file=sys.stderr)
        ctl.say(moved)
    offer_restore(ctl, autosaver, lambda: autosaver.attach(ctl.session, ctl.path))
    # a handed-out course: offered to the library once the restore question (if any) is answered
    course_path = getattr(args, "file", None) if getattr(args, "command", None) == "open" else None
    if course_path is not None and str(course_path).endswith(".course"):
        from pathlib import Path

        from viewer.learning import first_chapter

        ctl.files.offer_course(Path(course_path), first_chapter(Path(course_path))[0])
    watch_failures(app, ctl, autosaver)

    def closing():
        ctl.computer.close()
        ctl.best.close()
        ctl.study.close()
        app.jobs.close()  # the analysis worker is told to stop
        autosaver.close()

    app.exitFunc = closing
    app.run()
    return 0
