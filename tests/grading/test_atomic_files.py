"""shengji_edu.files.write_atomically: a kept file is replaced whole or not at all."""

from __future__ import annotations

import os

import pytest

from shengji_edu.files import write_atomically


def test_a_file_is_replaced_whole_and_no_temporary_file_stays(tmp_path):
    path = tmp_path / "ledger.csv"
    path.write_text("old\n", encoding="utf-8")
    write_atomically(path, "new\r\nrows\n")
    assert path.read_bytes() == b"new\r\nrows\n"  # text as given: newlines untouched
    write_atomically(path, b"\x1f\x8b bytes")
    assert path.read_bytes() == b"\x1f\x8b bytes"
    assert [p.name for p in tmp_path.iterdir()] == ["ledger.csv"]


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "leaderboard.json"
    path.write_text("{}", encoding="utf-8")

    def broken(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(path, "[1, 2, 3]")
    assert path.read_text(encoding="utf-8") == "{}"
    assert [p.name for p in tmp_path.iterdir()] == ["leaderboard.json"]


@pytest.mark.skipif(os.name != "posix", reason="permissions bits are POSIX")
def test_keep_mode_keeps_the_old_permissions(tmp_path):
    path = tmp_path / "grades.csv"
    path.write_text("a\n", encoding="utf-8")
    path.chmod(0o600)
    write_atomically(path, "b\n", keep_mode=True)
    assert path.stat().st_mode & 0o777 == 0o600
    fresh = tmp_path / "fresh.csv"
    write_atomically(fresh, "c\n", keep_mode=True)
    assert fresh.stat().st_mode & 0o777 == 0o644
