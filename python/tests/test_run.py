# articulab.Run: every call, its state against independent oracles (the scene's start, the
# kinematics, conservation), and the refusals with the CLI's messages.
import warnings

import numpy as np
import pytest

import articulab as al
from conftest import cli_message, scene_path


@pytest.fixture(scope="module")
def four_bar():
    return al.load(scene_path("four_bar.json"))


@pytest.fixture(scope="module")
def pendulum():
    return al.load(scene_path("double_pendulum.json"))


def test_a_run_starts_at_the_scene_state_with_its_plan(pendulum):
    run = al.Run(pendulum, "redmax", integrator="rk4", dt=2e-3, duration=1.0)
    assert (run.backend, run.integrator, run.dt, run.duration, run.planned_steps) == ("redmax", "rk4", 2e-3, 1.0, 500)
    assert run.t == 0.0 and run.step_count == 0 and run.failure is None
    assert np.array_equal(run.q, pendulum.q0) and np.array_equal(run.qd, pendulum.qd0)
    assert run.scene.name == pendulum.name
    assert run.settings["projection-iterations"] == 8
    assert "redmax (rk4)" in repr(run)


def test_scene_defaults_and_settings_are_taken(pendulum):
    run = al.Run(pendulum)
    assert (run.backend, run.integrator) == ("variational-minimal", "variational-midpoint")
    tuned = al.Run(pendulum, "redmax", settings={"projection-iterations": 3, "projection-tolerance": 1e-12})
    assert tuned.settings["projection-iterations"] == 3 and tuned.settings["projection-tolerance"] == 1e-12


def test_step_advances_time_and_counts(pendulum):
    run = al.Run(pendulum, "recursive", integrator="rk4")
    run.step()
    run.step(9)
    assert run.step_count == 10 and run.t == pytest.approx(0.01, abs=1e-15)
    run.step(0)
    assert run.step_count == 10


# Oracle: the energy of the conservative pendulum is kept by RK4 at 1 ms; momentum and drift of a
# tree on a reduced back-end follow from the poses.
def test_energy_momentum_drift_and_poses(pendulum):
    run = al.Run(pendulum, "redmax", integrator="rk4")
    start = run.energy
    assert start.kinetic == 0.0 and start.total == start.kinetic + start.potential
    run.step(300)
    assert abs(run.energy.total - start.total) < 1e-6 * abs(start.total)
    assert run.energy.kinetic > 0.0
    assert run.momentum.linear.shape == (3,) and run.momentum.angular.shape == (3,)
    assert run.drift.position < 1e-12 and run.drift.rotation < 1e-12
    poses, twists = run.body_poses, run.body_twists
    assert poses.shape == (2, 4, 4) and twists.shape == (2, 6)
    assert np.allclose(poses[:, 3, :], [0, 0, 0, 1])
    for pose in poses:
        assert np.allclose(pose[:3, :3] @ pose[:3, :3].T, np.eye(3), atol=1e-12)
    assert run.monitor.energy_start == start.total
    assert run.monitor.largest_energy_change > 0.0
    assert run.monitor.blow_up is None
    assert "kinetic" in repr(run.energy) and "linear" in repr(run.momentum) and "position" in repr(run.drift)


def test_outputs_of_the_last_step(four_bar):
    run = al.Run(four_bar, "variational-maximal")
    run.step(5)
    outputs = run.outputs
    assert outputs.iterations >= 1 and 0.0 <= outputs.residual
    assert outputs.contact_count == 0 and outputs.contacts == []
    assert outputs.step_seconds > 0.0
    assert run.notes and "redundant" in run.notes[0]
    box = al.Run(al.load(scene_path("box_slope_slide.json")), "redmax")
    box.step(200)
    assert box.outputs.contact_count == len(box.outputs.contacts) > 0
    contact = box.outputs.contacts[0]
    assert contact.normal_force >= 0.0 and contact.point.shape == (3,) and contact.other == -1


def test_reset_goes_back_to_the_start(four_bar):
    run = al.Run(four_bar, "baraff")
    q0, poses0 = run.q, run.body_poses
    run.step(50)
    run.reset()
    assert run.t == 0.0 and run.step_count == 0
    assert np.array_equal(run.q, q0) and np.array_equal(run.body_poses, poses0)


def test_state_arrays_are_read_only_copies(pendulum):
    run = al.Run(pendulum, "redmax")
    q = run.q
    with pytest.raises(ValueError):
        q[0] = 1.0
    run.step(10)
    assert not np.array_equal(q, run.q)


# Oracle: the poses of a tree follow from q by the forward kinematics of the chain; the energy
# watch restarts at the new state.
def test_setting_q_and_qd_refreshes_the_poses(pendulum):
    run = al.Run(pendulum, "redmax", integrator="rk4")
    run.step(20)
    run.q = [0.0, 0.0]
    run.qd = [1.0, -2.0]
    assert np.array_equal(run.q, [0.0, 0.0]) and np.array_equal(run.qd, [1.0, -2.0])
    poses = run.body_poses
    assert np.allclose(poses[0][:3, 3], [0, 0, -0.05]) and np.allclose(poses[1][:3, 3], [0, 0, -0.15])
    assert np.allclose(run.body_twists[0][:3], [0.0, 1.0, 0.0])
    assert run.monitor.energy_start == run.energy.total
    assert run.t == pytest.approx(0.02)
    run.set_state(q=[0.1, 0.2], qd=[0.0, 0.0])
    assert np.array_equal(run.q, [0.1, 0.2]) and np.array_equal(run.qd, [0.0, 0.0])


# Oracle: the loop closes (its gap, the drift of a reduced back-end, vanishes) with the coordinate
# set held, as the app's joint slider does.
def test_setting_q_closes_the_loops_holding_what_was_set(four_bar):
    run = al.Run(four_bar, "redmax")
    q = run.q.copy()
    q[0] += 0.1
    run.q = q
    assert run.q[0] == q[0]
    assert run.q[2] != four_bar.q0[2]
    assert run.drift.position < 1e-10
    run.set_state(q=run.q + [0.0, 0.05, 0.0], hold=[1])
    assert run.drift.position < 1e-10
    run.step(100)


def test_setting_q_refuses_what_cannot_be(four_bar):
    run = al.Run(four_bar, "redmax")
    with pytest.raises(ValueError, match=r"^q: expected 3 values \(one per coordinate\), got 2$"):
        run.q = [0.0, 0.0]
    with pytest.raises(ValueError, match=r"^q: value 2 is not a finite number$"):
        run.q = [0.0, float("nan"), 0.0]
    with pytest.raises(ValueError, match=r"^qd: value 1 is not a finite number$"):
        run.qd = [float("inf"), 0.0, 0.0]
    with pytest.raises(ValueError, match=r"^q: expected a number or a 1-D sequence"):
        run.q = np.zeros((3, 1))
    with pytest.raises(ValueError, match=r"^q: expected a number or a sequence of numbers"):
        run.q = ["a", "b", "c"]
    with pytest.raises(ValueError, match=r"^q: loop 'coupler_rocker' cannot close there"):
        run.set_state(q=run.q + [2.0, 0.0, 0.0], hold=[0, 1, 2])
    with pytest.raises(ValueError, match=r"^hold: expected coordinate indices in \[0, 3\), got 5$"):
        run.set_state(q=run.q, hold=[5])
    with pytest.raises(ValueError, match=r"^hold: "):
        run.set_state(hold=[0])
    assert np.array_equal(run.q, four_bar.q0)
    run.step(10)


def test_setting_q_outside_the_joint_limits_is_refused():
    run = al.Run(al.load(scene_path("limited_tree.json")))
    with pytest.raises(ValueError, match=r"^q: coordinate 0 = 100 is outside the limits \[-?[0-9.e+-]+, [0-9.e+-]+\] "
                                         r"of joint '[a-z0-9_]+'$"):
        run.q = np.full(run.scene.dof, 100.0)
    assert np.array_equal(run.q, run.scene.q0)


# The refusals of the request, with the CLI's messages (the argument named as the flag is).
@pytest.mark.parametrize("kwargs, flags", [
    ({"backend": "nope"}, ["--backend", "nope"]),
    ({"backend": "recursive"}, ["--backend", "recursive"]),
    ({"backend": "baraff", "integrator": "implicit"}, ["--backend", "baraff", "--integrator", "implicit"]),
    ({"integrator": "euler"}, ["--integrator", "euler"]),
    ({"backend": "redmax", "settings": {"projection-iterations": 0}},
     ["--backend", "redmax", "--setting", "projection-iterations=0"]),
    ({"backend": "redmax", "settings": {"tol": 1}}, ["--backend", "redmax", "--setting", "tol=1"]),
    ({"duration": 1e20}, ["--duration", "1e20"]),
    ({"dt": 0.01, "duration": 0.005}, ["--dt", "0.01", "--duration", "0.005"]),
    ({"q0": [1.0, 2.0]}, ["--q0", "1,2"]),
])
def test_refusals_carry_the_cli_message(four_bar, kwargs, flags):
    backend = kwargs.pop("backend", None)
    with pytest.raises(al.RunRefusal) as refused:
        al.Run(four_bar, backend, **kwargs)
    expected = cli_message("run", four_bar.source, *flags)
    assert str(refused.value) == expected.replace("--setting:", "settings:").lstrip("-")
    assert isinstance(refused.value, ValueError)


def test_refusals_of_python_arguments(four_bar):
    with pytest.raises(al.RunRefusal, match=r"^dt: expected a finite number > 0, got -1$"):
        al.Run(four_bar, dt=-1.0)
    with pytest.raises(al.RunRefusal, match=r"^dt: expected a finite number > 0, got 0$"):
        al.Run(four_bar, dt=0.0)
    with pytest.raises(al.RunRefusal, match=r"^dt: expected a finite number > 0, got nan$"):
        al.Run(four_bar, dt=float("nan"))
    with pytest.raises(al.RunRefusal, match=r"^settings: setting 'newton-tolerance' of back-end 'variational-maximal'"
                                            r" must be in \[0, 1e-06\] \(N s or m\); got nan$"):
        al.Run(four_bar, settings={"newton-tolerance": float("nan")})
    with pytest.raises(ValueError, match=r"^settings: expected a dict"):
        al.Run(four_bar, settings=[("a", 1)])
    with pytest.raises(ValueError, match=r"^settings: setting 'x': expected a number or a name, got list$"):
        al.Run(four_bar, settings={"x": [1]})
    with pytest.raises(ValueError, match=r"^on_blow_up: expected stop or warn, got 'maybe'$"):
        al.Run(four_bar, on_blow_up="maybe")
    with pytest.raises(ValueError, match=r"^q0: expected one value per coordinate or one value, got none$"):
        al.Run(four_bar, q0=[])
    with pytest.raises(al.RunRefusal, match=r"^q0: value 1 is not a finite number$"):
        al.Run(four_bar, q0=[float("nan")])
    with pytest.raises(ValueError, match=r"^n: expected a number of steps >= 0, got -1$"):
        al.Run(four_bar).step(-1)
    with pytest.raises(TypeError):
        al.Run(four_bar).step(1.5)


def test_a_replaced_integrator_warns(four_bar):
    with pytest.warns(al.RunWarning, match="integrator 'variational-trapezoid' is not used"):
        run = al.Run(four_bar, "baraff")
    assert run.warnings[0].startswith("integrator 'variational-trapezoid' is not used")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(al.RunWarning):
            al.Run(four_bar, "baraff")


# A step far too large makes semi-implicit Euler explode: the error names back-end, integrator,
# step and quantity, the run takes no further step until reset.
def test_divergence_raises_naming_backend_step_and_quantity():
    chain = al.load(scene_path("chain.json"), n=10)
    run = al.Run(chain, "redmax", integrator="semi-implicit", dt=0.3, duration=100)
    with pytest.raises(al.DivergenceError) as diverged:
        run.step(1000)
    error = diverged.value
    assert isinstance(error, RuntimeError)
    assert (error.backend, error.integrator) == ("redmax", "semi-implicit")
    assert error.step == run.step_count < 1000
    assert str(error).startswith(f"redmax (semi-implicit) at step {error.step} (t = ")
    assert str(error).endswith(error.reason) and ("energy" in error.reason or "not finite" in error.reason)
    assert run.failure == str(error)
    with pytest.raises(al.DivergenceError):
        run.step()
    assert run.step_count == error.step
    run.reset()
    assert run.failure is None
    run.step(1)


def test_a_blow_up_warns_or_stops():
    chain = al.load(scene_path("chain.json"), n=10)
    run = al.Run(chain, "redmax", integrator="semi-implicit", dt=0.02, on_blow_up="warn", duration=100)
    try:
        run.step(200)
    except al.DivergenceError:
        pass
    assert run.monitor.blow_up is not None


def test_forward_dynamics_of_a_run_and_of_a_scene(pendulum):
    run = al.Run(pendulum, "recursive")
    qdd = run.forward_dynamics()
    assert qdd.shape == (2,)
    assert np.array_equal(qdd, al.forward_dynamics(pendulum, "recursive"))
    assert np.array_equal(qdd, al.forward_dynamics(pendulum, "recursive", pendulum.q0, pendulum.qd0))
    with pytest.raises(ValueError, match=r"^q: expected 2 values"):
        al.forward_dynamics(pendulum, "recursive", [0.0])
    with pytest.raises(al.RunRefusal, match="^backend: unknown back-end 'x'"):
        al.forward_dynamics(pendulum, "x")


def test_unknown_names_and_wrong_types_do_not_crash(pendulum):
    with pytest.raises(TypeError):
        al.Run("not a scene")
    with pytest.raises(TypeError):
        al.Run(pendulum, 3)
    with pytest.raises(TypeError):
        al.Run(pendulum, dt="fast")
    run = al.Run(pendulum)
    with pytest.raises(ValueError, match=r"^channels: unknown channel or group 'nope'"):
        run.record(["nope"], steps=1)
    with pytest.raises(ValueError, match=r"^every: expected a number of steps >= 1, got 0$"):
        run.record(steps=1, every=0)
    with pytest.raises(ValueError, match=r"^steps: "):
        run.record(steps=-1)
