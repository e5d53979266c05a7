# Python runs give the numbers of `articulab run` bitwise (both step through the engine's one
# Run): the recorded arrays against the CLI's CSV of the same run, the forward dynamics against
# its --record qdd, and step(1) in a loop against one step(n).
import numpy as np
import pytest

import articulab as al
from conftest import scene_path

BASE_GROUPS = ["energy", "drift", "momentum", "muscles"]


def python_recording(scene, backend, integrator, dt, duration, groups, every):
    run = al.Run(scene, backend, integrator=integrator, dt=dt, duration=duration)
    return run.record(BASE_GROUPS + groups, steps=run.planned_steps, every=every)


@pytest.mark.parametrize("name, parameters, backend, integrator, groups", [
    ("four_bar.json", {}, "baraff", "semi-implicit", ["q", "qd", "solver", "loop_drift"]),
    ("four_bar.json", {}, "variational-maximal", "variational-trapezoid", ["q", "qd", "body"]),
    ("four_bar.json", {}, "redmax", "implicit", ["q", "qd", "qdd", "joint_drift"]),
    ("chain.json", {"n": 5}, "recursive", "rk4", ["q", "qd", "qdd", "body"]),
    ("arm_flexors.json", {}, "redmax", "rk4", ["q"]),
    ("box_slope_slide.json", {}, "redmax", "semi-implicit", ["q", "contacts"]),
])
def test_recorded_arrays_equal_the_cli_csv_bitwise(cli_run, name, parameters, backend, integrator, groups):
    scene = al.load(scene_path(name), **parameters)
    flags = ["--backend", backend, "--integrator", integrator, "--dt", "0.002", "--duration", "0.5", "--every", "7"]
    flags += ["--record", ",".join(groups)]
    for parameter, value in parameters.items():
        flags += ["--set", f"{parameter}={value}"]
    columns, units = cli_run(scene_path(name), *flags)
    recording = python_recording(scene, backend, integrator, 0.002, 0.5, groups, 7)
    assert list(recording) == list(columns)
    assert recording.units == units
    assert recording.rows == 1 + 250 // 7 + 1
    for channel, values in columns.items():
        assert np.array_equal(recording[channel], values), channel
    assert recording.header("total") == "total [J]"
    assert recording.group("q").shape == (recording.rows, scene.dof)


# A recording goes on from the current state, with rows counted from it; the run then continues as
# if it had only stepped.
def test_recording_continues_the_run_as_stepping_does():
    scene = al.load(scene_path("four_bar.json"))
    stepped, recorded = al.Run(scene, "baraff", integrator="rk4"), al.Run(scene, "baraff", integrator="rk4")
    stepped.step(30)
    recorded.step(10)
    rec = recorded.record(["q"], steps=20, every=6)
    assert np.allclose(rec["t"], [0.010, 0.016, 0.022, 0.028, 0.030], rtol=0, atol=1e-15)
    assert np.array_equal(rec.group("q")[-1], stepped.q)
    for run in (stepped, recorded):
        run.step(25)
    assert np.array_equal(stepped.q, recorded.q) and np.array_equal(stepped.qd, recorded.qd)
    assert np.array_equal(stepped.body_poses, recorded.body_poses)
    assert stepped.monitor.largest_energy_change == recorded.monitor.largest_energy_change
    assert list(recorded.record().keys())[:4] == ["t", "kinetic", "potential", "total"]


def test_a_diverging_recording_keeps_its_rows():
    chain = al.load(scene_path("chain.json"), n=10)
    run = al.Run(chain, "redmax", integrator="semi-implicit", dt=0.3, duration=100)
    with pytest.raises(al.DivergenceError) as diverged:
        run.record(["q"], steps=1000)
    assert diverged.value.recording.rows == diverged.value.step
    assert run.failure == str(diverged.value)
    run.reset()
    run.step(1)
    assert run.record("q").rows == 1


# Oracle: the CLI's qdd column, computed by the back-end at each recorded state of its run.
@pytest.mark.parametrize("name, backend", [
    ("double_pendulum.json", "redmax"),
    ("double_pendulum.json", "recursive"),
    ("four_bar.json", "redmax"),
    ("four_bar.json", "variational-minimal"),
])
def test_forward_dynamics_equals_the_cli_qdd_bitwise(cli_run, name, backend):
    scene = al.load(scene_path(name))
    columns, _ = cli_run(scene_path(name), "--backend", backend, "--duration", "0.2", "--every", "20",
                         "--record", "q,qd,qdd")
    coordinates = scene.coordinates
    q = np.column_stack([columns["q_" + c] for c in coordinates])
    qd = np.column_stack([columns["qd_" + c] for c in coordinates])
    qdd = np.column_stack([columns["qdd_" + c] for c in coordinates])
    for row in range(len(q)):
        assert np.array_equal(al.forward_dynamics(scene, backend, q[row], qd[row]), qdd[row]), row


# A maximal-coordinate back-end's state is the poses and twists, which drift from the joints: at
# (q, qd) alone the forward dynamics sees the poses without that drift, so it agrees to the drift.
def test_forward_dynamics_of_a_maximal_backend_agrees_to_the_drift(cli_run):
    scene = al.load(scene_path("double_pendulum.json"))
    columns, _ = cli_run(scene_path("double_pendulum.json"), "--backend", "baraff", "--duration", "0.2", "--every", "20",
                         "--record", "q,qd,qdd")
    for row in range(len(columns["t"])):
        q = [columns["q_" + c][row] for c in scene.coordinates]
        qd = [columns["qd_" + c][row] for c in scene.coordinates]
        qdd = [columns["qdd_" + c][row] for c in scene.coordinates]
        assert np.allclose(al.forward_dynamics(scene, "baraff", q, qd), qdd, rtol=0, atol=1e-8)


# step(1) in a Python loop and one step(n) take the same steps: the same state bitwise.
@pytest.mark.parametrize("name, backend, integrator", [
    ("four_bar.json", "baraff", "semi-implicit"),
    ("four_bar.json", "variational-maximal", "variational-triple-jump"),
    ("four_bar.json", "variational-minimal", "variational-midpoint"),
    ("double_pendulum.json", "recursive", "implicit"),
    ("arm_flexors.json", "redmax", "rk4"),
])
def test_step_one_in_a_loop_equals_step_n_bitwise(name, backend, integrator):
    scene = al.load(scene_path(name))
    looped, once = al.Run(scene, backend, integrator=integrator), al.Run(scene, backend, integrator=integrator)
    for _ in range(300):
        looped.step(1)
    once.step(300)
    assert looped.t == once.t and looped.step_count == once.step_count == 300
    for field in ("q", "qd", "body_poses", "body_twists"):
        assert np.array_equal(getattr(looped, field), getattr(once, field)), field
    assert looped.energy.total == once.energy.total
    assert looped.monitor.largest_energy_change == once.monitor.largest_energy_change
    assert looped.monitor.muscle_work == once.monitor.muscle_work
