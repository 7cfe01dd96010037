"""The open dialog browses folders and lists only records; a file that is not one says so."""
import gzip

import pytest

from timeline import Record, RecordFileError, load_record, save_record


@pytest.fixture
def folder(tmp_path):
    record = Record.new("toy")
    save_record(record, tmp_path / "a game.flick")
    save_record(record, tmp_path / "b.flick.gz")
    (tmp_path / "notes.txt").write_text("not a record")
    (tmp_path / "picture.png").write_bytes(b"\x89PNG\r\n")
    (tmp_path / "data.json").write_text("{}")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "puzzles").mkdir()
    save_record(record, tmp_path / "puzzles" / "one.flick")
    return tmp_path


def test_the_listing_has_the_folder_above_then_folders_then_records(folder):
    from viewer.dialogs import listing

    names = [name for name, _ in listing(folder)]
    assert names == ["../", "puzzles/", "a game.flick", "b.flick.gz"]
    assert [name for name, _ in listing(folder / "puzzles")] == ["../", "one.flick"]


def test_the_dialog_opens_a_folder_when_it_is_clicked_or_typed(folder):
    from timeline import Session
    from viewer.dialogs import FileDialog
    from viewer.render import offscreen_app

    app = offscreen_app(Session(Record.new("glik", {"players": 2, "setup": "fixed"})), (640, 360))
    opened = []
    dialog = FileDialog(app, "open", folder / "a game.flick", lambda p: opened.append(p))
    try:
        assert [b["text"] for b in dialog.rows] == ["../", "puzzles/", "a game.flick", "b.flick.gz"]
        dialog.rows[1]["command"](*dialog.rows[1]["extraArgs"])  # click "puzzles/"
        assert dialog.folder == folder / "puzzles"
        assert [b["text"] for b in dialog.rows] == ["../", "one.flick"]
        dialog._finish("..")  # typing a folder looks inside it too
        assert dialog.folder == folder and not opened
        dialog._finish("b.flick.gz")
        assert opened == [folder / "b.flick.gz"]
    finally:
        dialog.close()


def test_an_empty_folder_says_there_are_no_records(tmp_path):
    from timeline import Session
    from viewer.dialogs import FileDialog
    from viewer.render import offscreen_app

    app = offscreen_app(Session(Record.new("glik", {"players": 2, "setup": "fixed"})), (640, 360))
    dialog = FileDialog(app, "open", tmp_path, lambda p: None)
    try:
        assert "no .flick, .flick.gz or .course files here" in dialog.where["text"]
    finally:
        dialog.close()


@pytest.mark.parametrize("content", [b"hello, a shopping list\n", b"{not json",
                                     gzip.compress(b"some text", mtime=0),
                                     b"\x89PNG\r\n\x1a\n\x00\x00"],
                         ids=["text", "broken json", "gzip of text", "png"])
def test_a_file_that_is_not_a_record_is_not_a_flickbook_file(tmp_path, content):
    path = tmp_path / "x.flick"
    path.write_bytes(content)
    with pytest.raises(RecordFileError, match="not a Flickbook file"):
        load_record(path)


def test_a_damaged_record_is_still_called_damaged(tmp_path):
    good = save_record(Record.new("toy"), tmp_path / "good.flick").read_text()
    path = tmp_path / "cut.flick"
    path.write_text(good[: len(good) // 2])
    with pytest.raises(RecordFileError, match="damaged JSON"):
        load_record(path)
