# Type stubs of the package articulab (python/articulab/__init__.py and the extension _core).
import os
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict, overload

import numpy as np
import numpy.typing as npt

__version__: str

Array = npt.NDArray[np.float64]
Numbers = npt.ArrayLike  # a number or a 1-D sequence of numbers
SettingValue = float | int | bool | str

class SceneError(ValueError):
    """A scene that cannot be loaded: str() is 'FILE: POINTER: MESSAGE'."""
    file: str
    pointer: str
    message: str

class RunRefusal(ValueError):
    """A run that cannot start as asked: 'ARGUMENT: MESSAGE', or the back-end's refusal of the scene."""
    field: str
    reason: str

class DivergenceError(RuntimeError):
    """A run that failed or diverged: 'BACKEND (INTEGRATOR) at step N (t = T s): WHAT'."""
    backend: str
    integrator: str
    step: int
    t: float
    reason: str
    recording: Recording  # set by Run.record: the rows recorded up to the failure

class RunWarning(UserWarning):
    """What a run warns of as it starts (the CLI's 'warning: ...')."""

class Channel(TypedDict):
    name: str
    unit: str
    group: str

class SceneDefaults(TypedDict):
    backend: str
    integrator: str | None
    dt: float
    duration: float

class BodyDescription(TypedDict):
    name: str
    mass: float
    com: Array

class JointDescription(TypedDict):
    name: str
    type: str
    dof: int
    q_index: int
    parent: str
    child: str

class NamedType(TypedDict):
    name: str
    type: str

class BackendSupport(TypedDict):
    name: str
    runs: bool
    reason: str | None
    integrator: str | None
    warnings: list[str]
    notes: list[str]
    integrators: dict[str, bool]

class SceneDescription(TypedDict):
    name: str
    description: str
    source: str
    parameters: dict[str, float]
    gravity: Array
    defaults: SceneDefaults
    dof: int
    bodies: list[BodyDescription]
    joints: list[JointDescription]
    loops: list[NamedType]
    forces: list[NamedType]
    muscles: list[str]
    import_report: list[str]
    backends: list[BackendSupport]

class IntegratorEntry(TypedDict):
    name: str
    description: str
    default: bool

class SettingEntry(TypedDict):
    name: str
    kind: str
    default: float
    unit: str
    min: float
    max: float
    choices: list[str]
    description: str

class BackendEntry(TypedDict):
    name: str
    description: str
    integrators: list[IntegratorEntry]
    settings: list[SettingEntry]

class Scene:
    """A loaded scene: the model, immutable, which runs on any thread may share."""
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def source(self) -> str:
        """The file it was loaded from, or '<dict>' or '<string>'."""
    @property
    def parameters(self) -> dict[str, float]: ...
    @property
    def dof(self) -> int: ...
    @property
    def gravity(self) -> Array: ...
    @property
    def bodies(self) -> list[str]: ...
    @property
    def joints(self) -> list[str]: ...
    @property
    def loops(self) -> list[str]: ...
    @property
    def muscles(self) -> list[str]: ...
    @property
    def coordinates(self) -> list[str]:
        """The name of each coordinate, JOINT_K (the channel q_JOINT_K)."""
    @property
    def q0(self) -> Array: ...
    @property
    def qd0(self) -> Array: ...
    @property
    def defaults(self) -> SceneDefaults: ...
    def channels(self) -> list[Channel]:
        """Every channel Run.record can record of this scene, in the CLI's column order."""
    def describe(self) -> SceneDescription:
        """The scene as `articulab describe` gives it, with which back-ends run it and why not."""
    def to_json(self, *, q: Numbers | None = None, qd: Numbers | None = None) -> str:
        """The scene file's text, starting from q and qd when given."""
    def save(self, path: str, *, q: Numbers | None = None, qd: Numbers | None = None) -> None:
        """Writes the scene file after checking that it loads back to the same model."""

class Energy:
    @property
    def kinetic(self) -> float: ...
    @property
    def potential(self) -> float: ...
    @property
    def total(self) -> float: ...
    @property
    def dissipation(self) -> float: ...
    @property
    def muscle_power(self) -> float: ...

class Momentum:
    @property
    def linear(self) -> Array: ...
    @property
    def angular(self) -> Array: ...

class Drift:
    @property
    def position(self) -> float: ...
    @property
    def rotation(self) -> float: ...
    @property
    def worst_position(self) -> float: ...
    @property
    def worst_rotation(self) -> float: ...

class Contact:
    @property
    def point(self) -> Array: ...
    @property
    def normal_force(self) -> float: ...
    @property
    def friction(self) -> Array: ...
    @property
    def normal(self) -> Array: ...
    @property
    def body(self) -> int: ...
    @property
    def other(self) -> int: ...

class StepOutputs:
    @property
    def iterations(self) -> int: ...
    @property
    def residual(self) -> float: ...
    @property
    def contact_count(self) -> int: ...
    @property
    def contacts(self) -> list[Contact]: ...
    @property
    def contact_iterations(self) -> int: ...
    @property
    def contact_change(self) -> float: ...
    @property
    def multipliers(self) -> Array: ...
    @property
    def step_seconds(self) -> float: ...

class Monitor:
    @property
    def energy_start(self) -> float: ...
    @property
    def energy_last(self) -> float: ...
    @property
    def largest_energy_change(self) -> float: ...
    @property
    def largest_kinetic(self) -> float: ...
    @property
    def muscle_work(self) -> float: ...
    @property
    def work(self) -> float | None: ...
    @property
    def largest_drift_position(self) -> float: ...
    @property
    def largest_drift_rotation(self) -> float: ...
    @property
    def blow_up(self) -> str | None: ...

class Recording(dict[str, Array]):
    """Recorded channels by name (the CSV columns of `articulab run --record`), with "t"."""
    units: dict[str, str]
    groups: dict[str, list[str]]
    table: Array
    @property
    def rows(self) -> int: ...
    def header(self, name: str) -> str: ...
    def group(self, group: str) -> Array: ...

class Run:
    """A run of a scene on a back-end (the engine's Run: the numbers of `articulab run`, bitwise)."""
    def __init__(
        self,
        scene: Scene,
        backend: str | None = None,
        *,
        integrator: str | None = None,
        dt: float | None = None,
        duration: float | None = None,
        settings: Mapping[str, SettingValue] | None = None,
        q0: Numbers | None = None,
        qd0: Numbers | None = None,
        watch_energy: bool = True,
        on_blow_up: Literal["stop", "warn"] = "stop",
    ) -> None: ...
    def step(self, n: int = 1) -> None:
        """Takes n steps with the GIL released; DivergenceError when a step fails."""
    def reset(self) -> None: ...
    def set_state(self, q: Numbers | None = None, qd: Numbers | None = None, *,
                  hold: Sequence[int] | None = None) -> None:
        """Sets q and/or qd; the loops are closed holding the coordinates in hold (default: those q changes)."""
    @property
    def q(self) -> Array:
        """Joint coordinates (read-only copy; assign to set them, as set_state(q=...))."""
    @q.setter
    def q(self, value: Numbers) -> None: ...
    @property
    def qd(self) -> Array:
        """Joint velocities (read-only copy; assign to set them, as set_state(qd=...))."""
    @qd.setter
    def qd(self, value: Numbers) -> None: ...
    @property
    def body_poses(self) -> Array:
        """(bodies, 4, 4): each body's pose in world."""
    @property
    def body_twists(self) -> Array:
        """(bodies, 6): each body's twist (omega; v) in body coordinates."""
    @property
    def t(self) -> float: ...
    @property
    def step_count(self) -> int: ...
    @property
    def energy(self) -> Energy: ...
    @property
    def momentum(self) -> Momentum: ...
    @property
    def drift(self) -> Drift: ...
    @property
    def outputs(self) -> StepOutputs: ...
    @property
    def monitor(self) -> Monitor: ...
    def forward_dynamics(self) -> Array: ...
    @property
    def failure(self) -> str | None: ...
    @property
    def scene(self) -> Scene: ...
    @property
    def backend(self) -> str: ...
    @property
    def integrator(self) -> str: ...
    @property
    def dt(self) -> float: ...
    @property
    def duration(self) -> float: ...
    @property
    def planned_steps(self) -> int: ...
    @property
    def settings(self) -> dict[str, SettingValue]: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def notes(self) -> list[str]: ...
    def record(self, channels: str | Sequence[str] | None = None, steps: int = 0, every: int = 1) -> Recording:
        """Records channels over `steps` steps, every `every`, as `articulab run --record`."""

def load(source: str | os.PathLike[str] | Mapping[str, Any], /, **parameters: float) -> Scene:
    """Loads a scene from a file, a dict or a JSON string, with parameters overridden."""

def backends() -> list[BackendEntry]:
    """The back-ends with their integrators and settings (the registry's data)."""

def forward_dynamics(scene: Scene, backend: str | None = None, q: Numbers | None = None,
                     qd: Numbers | None = None, *, integrator: str | None = None,
                     settings: Mapping[str, SettingValue] | None = None) -> Array:
    """The back-end's joint accelerations at (q, qd)."""

class RunDict(TypedDict, total=False):
    """A run of compare() as a dict: backend (required), integrator, dt [s], settings."""
    backend: str
    integrator: str
    dt: float
    settings: Mapping[str, SettingValue]

class ComparisonRow(TypedDict):
    """A run's row of compare(): the fields of `articulab compare --json`."""
    name: str
    spec: str
    label: str
    backend: str
    integrator: str
    dt: float
    steps: int
    energy_change_largest: float | None
    energy_change_largest_relative: float | None
    energy_change_end: float | None
    energy_change_end_relative: float | None
    drift_position_largest: float | None
    difference_position_largest: float | None
    difference_rotation_largest: float | None
    iterations_mean: float | None
    iterations_largest: int | None
    seconds_per_step: float | None
    failure: str | None
    not_trusted: str | None

class StudyRow(TypedDict):
    """A row of study(): the fields of the store's row files (docs/studies.md)."""
    id: str
    scene: str
    parameters: str
    run: str
    backend: str
    integrator: str
    dt: float | None
    duration: float | None
    status: Literal["ok", "not-trusted", "failed"]
    message: str
    steps: int
    wall_per_step: float | None
    cpu_per_step: float | None
    iterations_mean: float | None
    iterations_largest: float | None
    energy_change_largest: float | None
    energy_change_largest_relative: float | None
    energy_change_final: float | None
    energy_change_final_relative: float | None
    drift_position_largest: float | None
    drift_rotation_largest: float | None
    reference: str
    output_times: list[float | None]
    error_position: list[float | None]
    error_rotation: list[float | None]
    error_position_largest: float | None

@overload
def compare(scene: Scene | str | os.PathLike[str] | Mapping[str, Any], runs: str | RunDict | Sequence[str | RunDict], *,
            duration: float | None = None, reference: int | str | None = None,
            on_blow_up: Literal["stop", "warn"] = "stop", every: int = 1, as_frame: Literal[False] = False) -> list[ComparisonRow]: ...
@overload
def compare(scene: Scene | str | os.PathLike[str] | Mapping[str, Any], runs: str | RunDict | Sequence[str | RunDict], *,
            duration: float | None = None, reference: int | str | None = None,
            on_blow_up: Literal["stop", "warn"] = "stop", every: int = 1, as_frame: Literal[True]) -> Any:
    """Runs of one scene side by side, the table of `articulab compare --json` (one row per run);
    a pandas DataFrame with as_frame=True."""

@overload
def study(source: str | os.PathLike[str] | Mapping[str, Any], *, jobs: int | None = None,
          out: str | os.PathLike[str] | None = None, as_frame: Literal[False] = False) -> list[StudyRow]: ...
@overload
def study(source: str | os.PathLike[str] | Mapping[str, Any], *, jobs: int | None = None,
          out: str | os.PathLike[str] | None = None, as_frame: Literal[True]) -> Any:
    """Runs a study as `articulab study FILE --jobs JOBS --out OUT`; its rows, one per case; a
    pandas DataFrame with as_frame=True."""
