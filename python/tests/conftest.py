# Shared pieces of the Python module's tests: where the scenes and the articulab executable are
# (ctest sets ARTICULAB_SOURCE_DIR and ARTICULAB_EXECUTABLE), and the CLI's runs read back.
import csv
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

SOURCE_DIR = Path(os.environ.get("ARTICULAB_SOURCE_DIR", Path(__file__).resolve().parents[2]))
EXECUTABLE = os.environ.get("ARTICULAB_EXECUTABLE", str(SOURCE_DIR / "build" / "articulab"))


def scene_path(name):
    return str(SOURCE_DIR / "scenes" / name)


def cli(*args):
    """Runs the articulab executable; returns the completed process (text output)."""
    return subprocess.run([EXECUTABLE, *map(str, args)], capture_output=True, text=True, check=False)


def cli_message(*args):
    """The CLI's error message of a refused command, without "articulab: " and the usage hint."""
    result = cli(*args)
    assert result.returncode != 0, result.stdout
    line = result.stderr.splitlines()[0]
    for prefix in ("articulab: ", "scene error: "):
        if line.startswith(prefix):
            return line[len(prefix):]
    return line


def read_csv(path):
    """A CLI CSV as {name: array} by the column names without their units, and {name: unit}."""
    with open(path, newline="") as file:
        rows = list(csv.reader(file))
    names = [header.split(" [")[0] for header in rows[0]]
    units = {name: header.split(" [")[1].rstrip("]") for name, header in zip(names, rows[0])}
    table = np.array([[float(value) for value in row] for row in rows[1:]])
    return {name: table[:, k] for k, name in enumerate(names)}, units


@pytest.fixture
def cli_run(tmp_path):
    """cli_run(scene, *flags): `articulab run` with --csv, read back as read_csv does."""

    def run(scene, *flags):
        path = tmp_path / "run.csv"
        result = cli("run", scene, "--csv", path, *flags)
        assert path.exists(), result.stderr
        return read_csv(path)

    return run
