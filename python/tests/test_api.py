# The public API: every name of articulab.__all__ and every public member of its classes has a
# docstring and is declared in the type stubs (articulab/__init__.pyi), and the stubs declare
# nothing the module lacks.
import ast
import inspect
from pathlib import Path

import articulab as al

STUB = ast.parse((Path(al.__file__).parent / "__init__.pyi").read_text())
STUB_NAMES = {node.name: node for node in STUB.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
STUB_ONLY = {"Channel", "SceneDefaults", "BodyDescription", "JointDescription", "NamedType", "BackendSupport",
             "SceneDescription", "IntegratorEntry", "SettingEntry", "BackendEntry",
             "RunDict", "ComparisonRow", "StudyRow"}  # TypedDicts of the dicts taken and returned


def public_members(cls):
    own = set()
    for klass in cls.__mro__:
        if klass.__module__ in ("articulab", "articulab._core"):
            own |= {name for name in vars(klass) if not name.startswith("_")}
    return own


def stub_members(node):
    members = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef):
            members.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            members.add(item.target.id)
    return {name for name in members if not name.startswith("_")}


def sample_recording():
    scene = al.load({"name": "one", "bodies": [{"name": "b", "mass": 1.0, "shape": {"type": "sphere", "radius": 0.1}}],
                     "joints": [{"name": "j", "type": "revolute", "parent": "world", "child": "b", "axis": [0, 1, 0]}]})
    return al.Run(scene, "redmax", integrator="rk4").record(steps=1)


def test_every_public_name_is_in_the_stubs_and_back():
    assert set(al.__all__) == set(STUB_NAMES) - STUB_ONLY
    for name in al.__all__:
        assert hasattr(al, name), name


def test_every_public_member_has_a_docstring_and_a_stub():
    exceptions = {"SceneError", "RunRefusal", "DivergenceError", "RunWarning"}
    for name in al.__all__:
        obj = getattr(al, name)
        assert inspect.getdoc(obj), name
        if not inspect.isclass(obj) or name in exceptions:
            continue
        declared = stub_members(STUB_NAMES[name])
        members = public_members(obj)
        attributes = set()
        if name == "Recording":  # its attributes, documented by the class
            members -= set(vars(dict))
            attributes = set(vars(sample_recording()))
        assert members | attributes == declared, name
        for member in members:
            assert inspect.getdoc(getattr(obj, member)), f"{name}.{member}"
