# articulab.study: the rows of a small study equal the CLI's results.csv of the same study
# (every number to 1e-12 but the timings), a second call with the same store keeps the finished
# rows (resume), a bad study file raises SceneError naming the field, and Ctrl-C stops a study
# cleanly with KeyboardInterrupt, its finished rows kept.
import csv
import json
import signal
import subprocess
import sys
import time

import pytest

import articulab as al
from conftest import cli, scene_path

TIMING = {"wall_per_step", "cpu_per_step"}


def small_study():
    return {"scenes": [scene_path("four_bar.json")],
            "runs": ["redmax:semi-implicit", "baraff:rk4", "variational-maximal:variational"],
            "dt": [0.004, 0.002], "duration": 0.2, "output_times": [0.1, 0.2]}


def read_results(path):
    with open(path, newline="") as file:
        return list(csv.DictReader(file))


def cell(value):
    """A row's value as results.csv writes it, for the comparison: numbers as floats, none as ''."""
    return "" if value is None else value


def assert_row_matches_csv(row, line):
    for column, text in line.items():
        if column in TIMING:
            continue
        if "@" in column:
            name, at = column.split("@")
            times = row["output_times"]
            value = row[name][times.index(float(at))] if float(at) in times else None
        else:
            value = row[column]
        if isinstance(value, float):
            assert float(text) == pytest.approx(value, rel=1e-12, abs=1e-300), (row["id"], column)
        else:
            assert str(cell(value)) == text, (row["id"], column)


def test_the_rows_equal_the_cli_results(tmp_path):
    study_file = tmp_path / "small.json"
    study_file.write_text(json.dumps(small_study()))
    result = cli("study", study_file, "--jobs", "2", "--out", tmp_path / "cli")
    assert result.returncode == 0, result.stderr
    lines = read_results(tmp_path / "cli" / "results.csv")
    rows = al.study(small_study(), jobs=2)
    assert len(rows) == len(lines) == 6
    assert [row["id"] for row in rows] == [line["id"] for line in lines]
    for row, line in zip(rows, lines):
        assert row["status"] == "ok", row["message"]
        assert_row_matches_csv(row, line)
    # The same study from its file, into a store of its own: the same rows.
    from_file = al.study(study_file, jobs=1, out=tmp_path / "python")
    assert (tmp_path / "python" / "results.csv").exists()
    for row, line in zip(from_file, lines):
        assert_row_matches_csv(row, line)


def test_a_second_call_keeps_the_finished_rows(tmp_path):
    first = al.study(small_study(), jobs=2, out=tmp_path / "store")
    second = al.study(small_study(), jobs=2, out=tmp_path / "store")
    assert second == first  # the timings too: read back, not run again


def test_a_bad_study_raises_scene_error():
    study = small_study()
    study["duration"] = -1
    with pytest.raises(al.SceneError) as raised:
        al.study(study)
    assert raised.value.pointer == "/duration"
    with pytest.raises(ValueError, match="^jobs: "):
        al.study(small_study(), jobs=0)


def test_as_frame_needs_pandas():
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pandas is not installed"):
            al.study(small_study(), as_frame=True)
    else:
        assert len(al.study(small_study(), as_frame=True)) == 6


# A long study is stopped by SIGINT with KeyboardInterrupt, promptly, its store kept.
def test_ctrl_c_stops_a_study(tmp_path):
    study = {"scenes": [scene_path("chain.json")], "runs": ["recursive:rk4"], "dt": [1e-5, 2e-5, 3e-5, 4e-5],
             "duration": 100}
    code = ("import json, sys, articulab as al\n"
            "print('studying', flush=True)\n"
            "al.study(json.loads(sys.argv[1]), jobs=2, out=sys.argv[2])\n")
    process = subprocess.Popen([sys.executable, "-c", code, json.dumps(study), str(tmp_path / "store")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "studying"
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        started = time.monotonic()
        _, errors = process.communicate(timeout=30)
        stopped_after = time.monotonic() - started
    finally:
        process.kill()
    assert "KeyboardInterrupt" in errors
    assert stopped_after < 10
    assert (tmp_path / "store" / "results.csv").exists()
