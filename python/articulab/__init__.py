"""Articulab from Python: load scenes, step any back-end, read the state as NumPy arrays.

    import articulab as al
    scene = al.load("scenes/four_bar.json")               # a file, a dict or a JSON string
    run = al.Run(scene, "baraff", dt=1e-3)
    run.step(1000)                                          # the GIL is released while stepping
    run.q, run.qd, run.body_poses, run.energy, run.drift
    rec = run.record(["q", "energy", "drift"], steps=5000, every=10)   # a dict of NumPy arrays

Every run steps through the engine's one Run, so Python gives the numbers of `articulab run`
bitwise; bad input raises ValueError (SceneError, RunRefusal) with the CLI's messages and a run
that fails raises DivergenceError. A Scene may be shared by any threads; a Run takes one call at a
time. See docs/python.md.
"""

import json
import os
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
from ._core import _load_file, _load_text

__version__ = "0.1"

__all__ = [
    "Contact", "DivergenceError", "Drift", "Energy", "Momentum", "Monitor", "Recording", "Run", "RunRefusal",
    "RunWarning", "Scene", "SceneError", "StepOutputs", "backends", "forward_dynamics", "load",
]


def load(source, /, **parameters):
    """Loads a scene: from a file (a path), a dict (the scene format) or a JSON string (text
    starting with '{'), with the scene's parameters overridden by keyword (the CLI's --set
    NAME=VALUE), e.g. load("scenes/chain.json", n=100). Raises SceneError (a ValueError)
    naming the file, the field and what was expected."""
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
