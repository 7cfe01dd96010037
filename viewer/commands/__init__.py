"""The window's commands, each group in a small class of its own (issue 20: the controller
only routes).

A group holds the controller (`ctl`) for the state it reads and changes (the session shown,
the app, the panel, the message line) and answers `commands()`: its command names -> bound
handlers. `viewer.controller.Controller.commands` is the one table of them all that the key
maps (`viewer.keys`), the modes, the bar's buttons and the menus name.

- `navigation`: the cursor's moves (arrows, Home, End, the move list's clicks).
- `playback`: the line's clock (play, pause, speed, scrub, presentation).
- `moves`: playing a move at the cursor (a click, a turn button, a flick simulated off the
  frame thread).
- `edits`: the record's edits (undo, redo, promote, delete, comments, drawings).
- `direction`: a replay's direction (camera keys, notes, slow motion, holds, reel markers).
- `views`: the camera's views, the move list's scrolling, screenshots.
- `files`: save, open, learn, a new game.
- `dialogs`: the overlays (help, questions, file dialogs) and Esc.
- `teaching`: a puzzle's or lesson's hints and the lesson panel (F3).

`where` declares the modes each command runs in; the controller refuses a command outside
them and says why, so no command body tests the window's flags.
"""
