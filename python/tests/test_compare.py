# articulab.compare: the table of `articulab compare --json` of the same runs (every number to
# 1e-12 but the time per step), runs given as specs and as dicts, bad runs and references refused
# with the CLI's messages naming the part, and two threads comparing at once giving the tables
# of the same comparisons one after the other.
import json
import math
from concurrent.futures import ThreadPoolExecutor

import pytest

import articulab as al
from conftest import cli, scene_path

FOUR_BAR = scene_path("four_bar.json")
SPECS = ["baraff:semi-implicit", "redmax:rk4", "variational-maximal:variational-midpoint",
         "redmax:semi-implicit@dt=0.0005", "variational-minimal:variational-midpoint@dt=0.002"]
TIMING = {"seconds_per_step"}


def cli_table(specs, *flags):
    result = cli("compare", FOUR_BAR, "--runs", ",".join(specs), "--json", *flags)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def cli_error(*args):
    """The CLI's error message (after its warnings), without "articulab: "."""
    result = cli(*args)
    assert result.returncode != 0, result.stdout
    return next(line for line in result.stderr.splitlines() if line.startswith("articulab: "))[len("articulab: "):]


def assert_rows_equal(rows, expected):
    assert len(rows) == len(expected)
    for row, want in zip(rows, expected):
        assert set(row) == set(want)
        for name, value in want.items():
            if name in TIMING:
                continue
            if isinstance(value, float) and value is not None:
                assert row[name] == pytest.approx(value, rel=1e-12, abs=1e-300), (want["name"], name)
            else:
                assert row[name] == value, (want["name"], name)


def test_the_table_equals_the_cli_json():
    expected = cli_table(SPECS, "--duration", "0.5", "--reference", "2")
    rows = al.compare(al.load(FOUR_BAR), SPECS, duration=0.5, reference=2)
    assert_rows_equal(rows, expected["runs"])
    assert [row["name"] for row in rows] == [run["name"] for run in expected["runs"]]
    assert rows[1]["difference_position_largest"] == 0.0
    assert all(row["failure"] is None and row["steps"] > 0 for row in rows)
    assert rows[0]["seconds_per_step"] > 0


def test_runs_as_dicts_equal_their_specs():
    runs = [{"backend": "baraff", "integrator": "semi-implicit"},
            {"backend": "redmax", "integrator": "implicit", "dt": 0.0005},
            {"backend": "variational-maximal", "integrator": "variational-trapezoid",
             "settings": {"newton-tolerance": 1e-12, "newton-guess": "last"}}]
    specs = ["baraff:semi-implicit", "redmax:implicit@dt=0.0005",
             "variational-maximal:variational-trapezoid@newton-tolerance=1e-12@newton-guess=last"]
    expected = cli_table(specs, "--duration", "0.2")
    rows = al.compare(FOUR_BAR, runs, duration=0.2, reference="baraff")
    assert [row["spec"] for row in rows] == specs
    assert_rows_equal(rows, expected["runs"])


@pytest.mark.parametrize("runs, flag_value", [
    (["baraff", "redmax:rk4@dt=abc"], "baraff,redmax:rk4@dt=abc"),
    (["baraff", "no-such-backend"], "baraff,no-such-backend"),
    (["baraff", "redmax:no-such-integrator"], "baraff,redmax:no-such-integrator"),
    (["recursive:rk4"], "recursive:rk4"),
])
def test_a_bad_run_raises_the_cli_error(runs, flag_value):
    message = cli_error("compare", FOUR_BAR, "--runs", flag_value, "--duration", "0.01")
    assert message.startswith("--runs: run ")
    with pytest.raises(ValueError) as raised:
        al.compare(FOUR_BAR, runs, duration=0.01)
    assert str(raised.value) == message[2:]


def test_a_bad_dict_or_reference_raises_naming_it():
    with pytest.raises(ValueError, match=r"^runs: run 2: unknown key 'step'"):
        al.compare(FOUR_BAR, ["baraff", {"backend": "redmax", "step": 0.1}])
    with pytest.raises(ValueError, match=r"^runs: run 1 'redmax@dt=-1.0': "):
        al.compare(FOUR_BAR, [{"backend": "redmax", "dt": -1}])
    with pytest.raises(ValueError, match=r"^runs: expected at least one run"):
        al.compare(FOUR_BAR, [])
    message = cli_error("compare", FOUR_BAR, "--runs", "baraff,redmax:rk4", "--reference", "7", "--duration", "0.01")
    with pytest.raises(ValueError) as raised:
        al.compare(FOUR_BAR, ["baraff", "redmax:rk4"], reference=7, duration=0.01)
    assert str(raised.value) == message[2:]


def test_as_frame_needs_pandas():
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pandas is not installed"):
            al.compare(FOUR_BAR, ["baraff"], duration=0.01, as_frame=True)
    else:
        frame = al.compare(FOUR_BAR, ["baraff", "redmax:rk4"], duration=0.01, as_frame=True)
        assert list(frame["name"]) == ["baraff", "redmax"]


def without_timing(rows):
    return [{name: value for name, value in row.items() if name not in TIMING} for row in rows]


def test_two_threads_comparing_give_the_sequential_tables():
    scene = al.load(FOUR_BAR)
    comparisons = [SPECS[:3], SPECS[2:]]
    sequential = [without_timing(al.compare(scene, specs, duration=0.5)) for specs in comparisons]
    with ThreadPoolExecutor(max_workers=2) as pool:
        parallel = list(pool.map(lambda specs: without_timing(al.compare(scene, specs, duration=0.5)), comparisons))
    assert parallel == sequential
    assert all(math.isfinite(row["energy_change_largest"]) for rows in parallel for row in rows)
