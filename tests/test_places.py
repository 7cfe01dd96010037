"""Where the user's files live: platformdirs' folders of each system, `$FLICKBOOK_HOME` over
them, and the move out of the folder every earlier version used (nothing lost, said once)."""
import fcntl
import os
import sys

import platformdirs
import pytest

from flickbook import places


@pytest.fixture
def home(monkeypatch, tmp_path):
    """A fresh process's view of a user whose home folder is empty."""
    for name in ("FLICKBOOK_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(places, "_migrated", False)
    monkeypatch.setattr(places, "_notice", None)
    return tmp_path / "home"


def pretend(monkeypatch, platform):
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(places, "_migrated", False)


def test_the_folders_are_those_platformdirs_gives_this_system(home):
    dirs = platformdirs.PlatformDirs("flickbook", appauthor=False)
    assert type(places._system_dirs()) is type(dirs)
    assert places.data_dir() == dirs.user_data_path
    assert places.config_dir() == dirs.user_config_path


def test_linux_keeps_data_and_settings_in_the_xdg_folders(home, monkeypatch, tmp_path):
    pretend(monkeypatch, "linux")
    assert places.data_dir() == home / ".local" / "share" / "flickbook"
    assert places.config_dir() == home / ".config" / "flickbook"
    assert places.settings_path() == home / ".config" / "flickbook" / "settings.json"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert places.data_dir() == tmp_path / "data" / "flickbook"
    assert places.config_dir() == tmp_path / "config" / "flickbook"


def test_macos_keeps_both_in_application_support(home, monkeypatch):
    pretend(monkeypatch, "darwin")
    assert places.data_dir() == home / "Library" / "Application Support" / "flickbook"
    assert places.config_dir() == places.data_dir()


def test_windows_keeps_both_in_the_local_appdata_folder(home, monkeypatch, tmp_path):
    import platformdirs.windows

    local = tmp_path / "AppData" / "Local"
    folders = {"CSIDL_LOCAL_APPDATA": str(local), "CSIDL_APPDATA": str(tmp_path / "Roaming")}
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", folders.__getitem__)
    pretend(monkeypatch, "win32")
    assert places.data_dir() == local / "flickbook"  # not roaming: autosaves are per machine
    assert places.config_dir() == local / "flickbook"


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_flickbook_home_holds_everything_on_every_system(home, monkeypatch, tmp_path, platform):
    pretend(monkeypatch, platform)
    monkeypatch.setenv("FLICKBOOK_HOME", str(tmp_path / "portable"))
    (home / ".local" / "share" / "flickbook").mkdir(parents=True)
    (home / ".local" / "share" / "flickbook" / "settings.json").write_text("{}")
    assert places.data_dir() == tmp_path / "portable"
    assert places.config_dir() == tmp_path / "portable"
    assert places.settings_path() == tmp_path / "portable" / "settings.json"
    assert (home / ".local" / "share" / "flickbook" / "settings.json").exists()  # not moved
    assert places.take_notice() is None


def old_folder(home):
    old = home / ".local" / "share" / "flickbook"
    (old / "screenshots").mkdir(parents=True)
    (old / "autosave.flick").write_text("the session")
    (old / ".autosave.flick.lock").write_text("")
    (old / "last-session.flick").write_text("yesterday")
    (old / "settings.json").write_text('{"glonk": {"aim_preview": false}}')
    (old / "screenshots" / "shot-1.png").write_bytes(b"png")
    return old


def test_on_linux_only_the_settings_move_to_the_config_folder(home, monkeypatch):
    pretend(monkeypatch, "linux")
    old = old_folder(home)
    assert places.settings_path().read_text() == '{"glonk": {"aim_preview": false}}'
    assert not (old / "settings.json").exists()
    assert (places.data_dir() / "autosave.flick").read_text() == "the session"
    assert places.data_dir() == old
    notice = places.take_notice()
    assert "settings.json" in notice and str(home / ".config" / "flickbook") in notice
    assert "autosave" not in notice
    assert places.take_notice() is None  # said once
    pretend(monkeypatch, "linux")  # the next start finds nothing to move
    places.data_dir()
    assert places.take_notice() is None


def test_on_macos_everything_moves_and_the_old_folder_goes(home, monkeypatch):
    pretend(monkeypatch, "darwin")
    old = old_folder(home)
    new = places.data_dir()
    assert (new / "autosave.flick").read_text() == "the session"
    assert (new / "last-session.flick").read_text() == "yesterday"
    assert (new / "screenshots" / "shot-1.png").read_bytes() == b"png"
    assert (new / "settings.json").exists()
    assert not old.exists()
    assert str(old) in places.take_notice()


def test_a_file_the_new_place_holds_already_is_kept_beside_it(home, monkeypatch):
    pretend(monkeypatch, "darwin")
    old = old_folder(home)
    new = home / "Library" / "Application Support" / "flickbook"
    (new / "screenshots").mkdir(parents=True)
    (new / "settings.json").write_text('{"newer": true}')
    (new / "screenshots" / "shot-1.png").write_bytes(b"png")  # the same bytes: kept once
    (new / "autosave.flick").write_text("another session")
    places.migrate()
    assert (new / "settings.json").read_text() == '{"newer": true}'
    assert (new / "settings (old).json").read_text() == '{"glonk": {"aim_preview": false}}'
    assert (new / "autosave.flick").read_text() == "another session"
    assert (new / "autosave (old).flick").read_text() == "the session"
    assert sorted(p.name for p in (new / "screenshots").iterdir()) == ["shot-1.png"]
    assert not old.exists()


def test_nothing_moves_while_a_window_of_an_earlier_version_writes_there(home, monkeypatch):
    pretend(monkeypatch, "darwin")
    old = old_folder(home)
    fd = os.open(old / ".autosave.flick.lock", os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        places.migrate()
        assert (old / "autosave.flick").read_text() == "the session"
        assert places.take_notice() is None
    finally:
        os.close(fd)
    pretend(monkeypatch, "darwin")  # that window has closed: the next start moves them
    assert (places.data_dir() / "autosave.flick").read_text() == "the session"


def test_a_file_that_cannot_be_moved_stays_and_is_named(home, monkeypatch):
    pretend(monkeypatch, "darwin")
    old = old_folder(home)
    real_move = places.shutil.move

    def move(source, dest):
        if source.endswith("last-session.flick"):
            raise PermissionError(13, "Permission denied")
        return real_move(source, dest)

    monkeypatch.setattr(places.shutil, "move", move)
    places.migrate()
    assert (old / "last-session.flick").read_text() == "yesterday"
    notice = places.take_notice()
    assert "could not move last-session.flick (Permission denied)" in notice
    assert "autosave.flick" in notice.split(";")[0]
