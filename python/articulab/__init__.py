"""Articulab from Python: load scenes, step any back-end, read the state as NumPy arrays.

    import articulab as al
    scene = al.load("scenes/four_bar.json")               # a file, a dict or a JSON string
    run = al.Run(scene, "baraff", dt=1e-3)
    run.step(1000)                                          # the GIL is released while stepping
    run.q, run.qd, run.body_poses, run.energy, run.drift
    rec = run.record(["q", "energy", "drift"], steps=5000, every=10)   # a dict of NumPy arrays
    table = al.compare(scene, ["baraff:rk4", "redmax:rk4"], duration=1)  # `articulab compare`'s table
    rows = al.study("scenes/studies/chain_scaling.json", jobs=2)      # `articulab study`'s rows

Every run steps through the engine's one Run, so Python gives the numbers of `articulab run`
bitwise; bad input raises ValueError (SceneError, RunRefusal) with the CLI's messages and a run
that fails raises DivergenceError. A Scene may be shared by any threads; a Run takes one call at a
time. See docs/python.md.
"""

import json
import os
import tempfile
from collections.abc import Mapping

from ._core import (
    Contact,
    DivergenceError,
    Drift,
    Energy,
    Momentum,
    Monitor,
    RunRefusal,
    RunWarning,
    Scene,
    SceneError,
    StepOutputs,
    backends,
    forward_dynamics,
)
from ._core import Run as _EngineRun
from ._core import _compare, _load_file, _load_text, _study

__version__ = "0.1"

__all__ = [
    "Contact", "DivergenceError", "Drift", "Energy", "Momentum", "Monitor", "Recording", "Run", "RunRefusal",
    "RunWarning", "Scene", "SceneError", "StepOutputs", "backends", "compare", "forward_dynamics", "load", "study",
]


def load(source, /, **parameters):
    """Loads a scene: from a file (a path: a scene file, or a URDF (.urdf) or MJCF (.xml, .mjcf)
    model read by its extension, as the CLI reads it), a dict (the scene format) or a JSON
    string (text starting with '{'), with the scene's parameters overridden by keyword (the
    CLI's --set NAME=VALUE), e.g. load("scenes/chain.json", n=100). Raises SceneError (a
    ValueError) naming the file, the field (or the line and element) and what was expected."""
    values = {}
    for name, value in parameters.items():
        try:
            values[name] = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"parameter {name}: expected a number, got {value!r}") from None
    if isinstance(source, Mapping):
        return _load_text(json.dumps(source, allow_nan=False), "<dict>", values)
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return _load_text(source, "<string>", values)
    return _load_file(os.fsdecode(source), values)


class Recording(dict):
    """Recorded channels: a dict from each channel's name (the CSV column of `articulab run
    --record` without its unit) to a NumPy array with one value per recorded state, always with
    the time "t". The arrays are columns of one table (no copy each).

    units:  {name: unit}, e.g. {"t": "s", "total": "J"}
    groups: {group: [names]}, e.g. {"q": ["q_crank_pivot_0", ...]}
    table:  the (rows, channels) array, columns in the CLI's order
    """

    def __init__(self, names, units, groups, table):
        super().__init__((name, table[:, column]) for column, name in enumerate(names))
        self.units = dict(zip(names, units))
        self.groups = {}
        for name, group in zip(names, groups):
            self.groups.setdefault(group, []).append(name)
        self.table = table

    @property
    def rows(self):
        """The number of recorded states."""
        return self.table.shape[0]

    def header(self, name):
        """The CSV column header of a channel: "total [J]"."""
        return f"{name} [{self.units[name]}]"

    def group(self, group):
        """The (rows, channels) array of a group's channels (e.g. "q"), a view of the table."""
        names = list(self)
        columns = [names.index(name) for name in self.groups[group]]
        return self.table[:, columns[0]:columns[-1] + 1]


class Run(_EngineRun):
    __doc__ = _EngineRun.__doc__

    def record(self, channels=None, steps=0, every=1):
        """Records channels from the current state over `steps` steps: a row now, every `every`
        steps and at the last state, as `articulab run --csv --every EVERY --record ...` from
        the same state, with the GIL released; the run goes on from the last state.

        channels: names of channel groups ("energy", "drift", "momentum", "muscles", and those
        of --record: "q", "qd", "qdd", "solver", "body", "joint_drift", "loop_drift",
        "contacts", "timing") or of channels (Scene.channels()); None: what `articulab run`
        records without --record. Returns a Recording. When the run diverges, DivergenceError
        is raised with the rows recorded so far as its attribute `recording`."""
        if isinstance(channels, str):
            channels = [channels]
        recording = Recording(*self._record(None if channels is None else list(channels), steps, every))
        if self.failure is not None:
            try:
                self.step(0)  # raises the run's DivergenceError
            except DivergenceError as error:
                error.recording = recording
                raise
        return recording


def _frame(rows, as_frame, function):
    """The rows as they are, or as a pandas DataFrame with as_frame=True."""
    if not as_frame:
        return rows
    try:
        import pandas
    except ImportError:
        raise ImportError(f"{function}(as_frame=True) returns a pandas DataFrame: pandas is not installed "
                          "(pip install pandas, or Debian python3-pandas); without as_frame it returns a "
                          "list of dicts") from None
    return pandas.DataFrame(rows)


def compare(scene, runs, *, duration=None, reference=None, on_blow_up="stop", every=1, as_frame=False):
    """Runs of one scene side by side, as `articulab compare SCENE --runs ... --json`: every run
    stepped in lockstep over the same simulated time (the GIL released), then one row per run
    with the fields of `compare --json` ("name", "spec", "label", "backend", "integrator", "dt",
    "steps", "energy_change_largest" [J] and "_relative" (x the largest kinetic energy),
    "energy_change_end" and "_relative", "drift_position_largest" [m],
    "difference_position_largest" [m] and "difference_rotation_largest" [rad] to the reference
    run, "iterations_mean" and "iterations_largest" (None for a direct solve),
    "seconds_per_step", "failure" and "not_trusted" (None when the run went well)).

    scene: a Scene, or what load() takes. runs: run specs as the CLI writes them
    ("redmax:rk4@dt=0.0005", "recursive:implicit@gmres-tolerance=1e-10"; a str with commas is
    several runs, as the CLI's --runs takes it) or dicts
    {"backend": ..., "integrator": ..., "dt": ..., "settings": {...}} (all but backend
    optional). duration: s (None: the scene's). reference: the run the differences are taken
    against, by number (1: the first) or name (None: the first). on_blow_up: "stop" or "warn".
    every: the states the drift is taken over, every `every` steps and the last (the CLI's
    --every).
    as_frame=True: a pandas DataFrame instead of the list of dicts.

    A bad run raises ValueError with the CLI's message naming the part ("runs: run 2
    'redmax:rk4@dt=0': ..."); a run that diverges is reported in its row's "failure"."""
    if not isinstance(scene, Scene):
        scene = load(scene)
    if isinstance(runs, (str, Mapping)):
        runs = [runs]
    rows = _compare(scene, list(runs), duration, "" if reference is None else str(reference), on_blow_up, every)
    return _frame(rows, as_frame, "compare")


def study(source, *, jobs=None, out=None, as_frame=False):
    """Runs a study, as `articulab study FILE --jobs JOBS --out OUT` does (docs/studies.md): every
    combination of its scenes' parameter grids, runs and step sizes on a pool of `jobs` worker
    threads (None: one per core), the GIL released; returns its rows, one dict per case in the
    study's order with the fields of the store's row files ("id", "scene", "parameters", "run",
    "backend", "integrator", "dt", "duration", "status", "message", "steps", "wall_per_step",
    "cpu_per_step", "iterations_mean", "iterations_largest", "energy_change_largest" ...,
    "drift_position_largest", "drift_rotation_largest", "reference", "output_times",
    "error_position", "error_rotation" (lists over the output times) and
    "error_position_largest"); None where the CLI's results.csv has an empty cell.

    source: a study file's path or a dict of the study format (its scene files relative to the
    current directory). out: the results store (a folder; results.csv is written there), whose
    finished rows are kept and not run again, as the CLI's --out; None: a temporary folder.
    Ctrl-C (KeyboardInterrupt) stops the study cleanly: the finished rows stay in `out`, and a
    second call completes it. as_frame=True: a pandas DataFrame. A bad study file raises
    SceneError naming the file and field."""
    if jobs is None:
        jobs = 0
    elif isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs: expected a number of worker threads >= 1 or None, got {jobs!r}")
    if isinstance(source, Mapping):
        text, folder = json.dumps(source, allow_nan=False), os.getcwd()
    else:
        text, folder = os.fsdecode(source), None
    if out is not None:
        return _frame(_study(text, folder, min(jobs, 4096), os.fsdecode(out)), as_frame, "study")
    with tempfile.TemporaryDirectory(prefix="articulab-study-") as folder_out:
        return _frame(_study(text, folder, min(jobs, 4096), folder_out), as_frame, "study")
