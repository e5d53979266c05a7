# The worked example of docs/python.md runs as written (matplotlib on its Agg backend, no display):
# the Python blocks between the markers "<!-- example -->" and "<!-- /example -->", in a folder
# that has the scenes.
import os
import re

import pytest

from conftest import SOURCE_DIR

pytest.importorskip("matplotlib")


def example_code():
    text = (SOURCE_DIR / "docs" / "python.md").read_text()
    example = text.split("<!-- example -->")[1].split("<!-- /example -->")[0]
    blocks = re.findall(r"```python\n(.*?)```", example, flags=re.S)
    assert blocks, "no python blocks between the example markers"
    return "\n".join(blocks)


def test_the_worked_example_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(tmp_path)
    os.symlink(SOURCE_DIR / "scenes", tmp_path / "scenes")
    namespace = {}
    exec(compile(example_code(), "docs/python.md", "exec"), namespace)
    assert (tmp_path / "four_bar_backends.png").stat().st_size > 10_000
    recordings = namespace["recordings"]
    assert sorted(recordings) == ["baraff", "redmax", "variational-maximal", "variational-minimal"]
    for recording in recordings.values():
        assert recording.rows == 501


# The examples of the sections Comparisons and Studies, between "<!-- example-tables -->" and
# "<!-- /example-tables -->", run as written.
def test_the_comparison_and_study_examples_run(tmp_path, monkeypatch, capsys):
    text = (SOURCE_DIR / "docs" / "python.md").read_text()
    example = text.split("<!-- example-tables -->")[1].split("<!-- /example-tables -->")[0]
    blocks = re.findall(r"```python\n(.*?)```", example, flags=re.S)
    assert len(blocks) == 2
    monkeypatch.chdir(tmp_path)
    os.symlink(SOURCE_DIR / "scenes", tmp_path / "scenes")
    namespace = {}
    exec(compile("\n".join(blocks), "docs/python.md", "exec"), namespace)
    assert [row["name"] for row in namespace["table"]] == ["redmax", "baraff", "variational-maximal"]
    assert len(namespace["rows"]) == 6 and all(row["status"] == "ok" for row in namespace["rows"])
    assert "error at 0.5 s" in capsys.readouterr().out
