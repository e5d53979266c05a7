# articulab.load, Scene and its description, save and back-ends: against the scene file, the
# CLI's describe and the registry's listing.
import json

import numpy as np
import pytest

import articulab as al
from conftest import cli, cli_message, scene_path


def test_load_from_file_dict_and_string_give_the_same_scene():
    path = scene_path("chain.json")
    with open(path) as file:
        text = file.read()
    scenes = [al.load(path, n=4), al.load(json.loads(text), n=4), al.load(text, n=4)]
    assert [s.source for s in scenes] == [path, "<dict>", "<string>"]
    for scene in scenes:
        assert scene.dof == 4
        assert scene.parameters == {"n": 4.0}
        assert scene.to_json() == scenes[0].to_json()


def test_scene_properties_follow_the_scene_file():
    scene = al.load(scene_path("four_bar.json"))
    assert scene.name == "four-bar"
    assert scene.bodies == ["crank", "coupler", "rocker"]
    assert scene.joints == ["crank_pivot", "crank_coupler", "rocker_pivot"]
    assert scene.loops == ["coupler_rocker"]
    assert scene.muscles == []
    assert scene.coordinates == ["crank_pivot_0", "crank_coupler_0", "rocker_pivot_0"]
    assert scene.dof == 3 and scene.q0.shape == (3,) and scene.qd0.shape == (3,)
    assert np.array_equal(scene.gravity, [0.0, 0.0, -9.81])
    assert scene.defaults == {"backend": "variational-maximal", "integrator": "variational-trapezoid",
                              "dt": 0.001, "duration": 10.0}
    assert "four_bar" in repr(scene)


def test_arrays_are_read_only_copies():
    scene = al.load(scene_path("four_bar.json"))
    with pytest.raises(ValueError):
        scene.q0[0] = 1.0


def test_channels_are_the_cli_columns():
    scene = al.load(scene_path("four_bar.json"))
    channels = scene.channels()
    assert channels[0] == {"name": "t", "unit": "s", "group": "time"}
    assert {"name": "q_crank_pivot_0", "unit": "rad", "group": "q"} in channels
    assert {"name": "total", "unit": "J", "group": "energy"} in channels


# Oracle: `articulab describe`, line by line, for every back-end.
def test_describe_says_which_backends_run_the_scene_as_the_cli():
    scene = al.load(scene_path("four_bar.json"))
    description = scene.describe()
    text = cli("describe", scene_path("four_bar.json")).stdout
    assert description["dof"] == 3 and len(description["bodies"]) == 3
    assert description["joints"][1] == {"name": "crank_coupler", "type": "revolute", "dof": 1, "q_index": 1,
                                         "parent": "crank", "child": "coupler"}
    assert description["loops"] == [{"name": "coupler_rocker", "type": "point"}]
    for backend in description["backends"]:
        if backend["runs"]:
            assert f"  {backend['name']}: runs this scene\n" in text
            for warning in backend["warnings"]:
                assert f"    warning: {warning}\n" in text
            listed = " ".join(name + ("" if runs else " (not on this scene)")
                              for name, runs in backend["integrators"].items())
            assert f"    integrators: {listed}\n" in text
        else:
            assert f"  {backend['name']}: cannot run this scene: {backend['reason']}\n" in text
    recursive = next(b for b in description["backends"] if b["name"] == "recursive")
    assert not recursive["runs"] and "loop" in recursive["reason"]


def test_save_writes_a_scene_that_loads_back(tmp_path):
    scene = al.load(scene_path("chain.json"), n=3)
    path = tmp_path / "chain3.json"
    scene.save(str(path), q=[0.1, 0.2, 0.3])
    saved = al.load(path)
    assert np.array_equal(saved.q0, [0.1, 0.2, 0.3])
    assert saved.dof == 3
    assert json.loads(scene.to_json(q=[0.1, 0.2, 0.3])) == json.loads(path.read_text())


def test_save_refuses_bad_coordinates_and_unwritable_paths(tmp_path):
    scene = al.load(scene_path("chain.json"), n=3)
    with pytest.raises(ValueError, match=r"^q: expected 3 values \(one per coordinate\), got 2$"):
        scene.save(str(tmp_path / "x.json"), q=[0.1, 0.2])
    with pytest.raises(ValueError, match="^qd: value 2 is not a finite number$"):
        scene.to_json(qd=[0.0, float("nan"), 0.0])
    with pytest.raises(OSError, match="cannot open"):
        scene.save(str(tmp_path / "missing" / "x.json"))


# The loader's messages, as the CLI gives them.
def test_scene_errors_are_value_errors_with_the_cli_message(tmp_path):
    missing = scene_path("nope.json")
    with pytest.raises(al.SceneError) as error:
        al.load(missing)
    assert str(error.value) == cli_message("run", missing)
    assert isinstance(error.value, ValueError) and error.value.file == missing
    bad = tmp_path / "bad.json"
    document = json.loads(open(scene_path("single_pendulum.json")).read())
    document["joints"][0]["type"] = "hinge"
    bad.write_text(json.dumps(document))
    with pytest.raises(al.SceneError) as error:
        al.load(bad)
    assert str(error.value) == cli_message("run", bad)
    assert error.value.pointer == "/joints/0/type"
    with pytest.raises(al.SceneError, match="<string>"):
        al.load("{not json")
    with pytest.raises(ValueError, match="parameter n: expected a number"):
        al.load(scene_path("chain.json"), n="ten")
    with pytest.raises(ValueError):
        al.load({"name": float("nan")})
    with pytest.raises(TypeError):
        al.load(42)


# Oracle: the registry as `articulab backends` lists it.
def test_backends_list_the_registry():
    listed = cli("backends").stdout
    entries = al.backends()
    assert [b["name"] for b in entries] == ["redmax", "recursive", "baraff", "variational-maximal",
                                            "variational-minimal"]
    for backend in entries:
        assert f"{backend['name']}: {backend['description']}\n" in listed
        assert [i["default"] for i in backend["integrators"]] == [True] + [False] * (len(backend["integrators"]) - 1)
        for integrator in backend["integrators"]:
            assert f" {integrator['description']}\n" in listed
        for setting in backend["settings"]:
            assert setting["min"] <= setting["default"] <= setting["max"]
            assert f"): {setting['description']}\n" in listed
