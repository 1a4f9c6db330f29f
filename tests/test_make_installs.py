"""The Makefile installs the project into the venv only when pyproject.toml's
content changed since, whatever its date (a rebase or a worktree rewrites it)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent


def planned(target: str, venv: Path) -> str:
    """What `make -n TARGET` would run with ``venv`` as the venv (nothing is run)."""
    return subprocess.run(
        ["make", "--no-print-directory", "-n", target, f"VENV={venv}"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout


def checksum() -> str:
    """The checksum the stamps hold: `cksum < pyproject.toml`."""
    source = (BASE_DIR / "pyproject.toml").read_bytes()
    return (
        subprocess.run(["cksum"], input=source, capture_output=True, check=True)
        .stdout.decode()
        .strip()
    )


@pytest.fixture
def venv(tmp_path: Path) -> Path:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python").touch()
    return tmp_path


def stamp(venv: Path, content: str) -> None:
    """Both stamps holding ``content``, dated long before pyproject.toml."""
    for name in (".bower-app-installed", ".bower-dev-installed"):
        (venv / name).write_text(content + "\n")
        os.utime(venv / name, (0, 0))


@pytest.mark.parametrize("target", ["load", "run"])
def test_a_stamp_of_the_same_pyproject_installs_nothing_though_it_is_older(
    venv: Path, target: str
) -> None:
    stamp(venv, checksum())
    assert "pip" not in planned(target, venv)


@pytest.mark.parametrize("content", [None, "", "1 2"])
def test_no_stamp_an_empty_one_or_another_pyprojects_installs_again(
    venv: Path, content: str | None
) -> None:
    if content is not None:
        stamp(venv, content)
    plan = planned("load", venv)
    assert "install -e '.[dev]'" in plan
    assert f"echo '{checksum()}' > {venv}/.bower-dev-installed" in plan
