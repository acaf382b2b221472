"""The output folders of `companion demo --frames` and `companion screens --out`, checked before
any work: the refusal says why in the system's own words (in-process: the subprocess tests in
test_unix_manners.py check the whole line)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from companion.commands.output_dir import OutputError, ready_folder


def test_a_folder_below_a_file_is_refused_with_the_systems_reason(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("keep me")
    with pytest.raises(OutputError) as refused:
        ready_folder(str(tmp_path / "a-file" / "below"))
    assert str(refused.value) == f"cannot be written ({os.strerror(errno.ENOTDIR)})"
    assert (tmp_path / "a-file").read_text() == "keep me"
