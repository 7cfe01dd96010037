"""The record tree, the editing session, playback time and the `.flick` file format."""
from timeline.fileformat import (  # noqa: F401
    EXTENSION, FORMAT_VERSION, RecordFileError, dumps, load_record, loads, save_record,
    verify_motions)
from timeline.playback import LineClock, LinePosition, Playback  # noqa: F401
from timeline.record import GLYPHS, Drawing, Node, Record  # noqa: F401
from timeline.session import Session  # noqa: F401
