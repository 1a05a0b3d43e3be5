"""The type stubs name what the module has, and the module has what the stubs name."""

import ast
import pathlib

import nefer
from nefer import _nefer

STUB = pathlib.Path(nefer.__file__).with_name("_nefer.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            top.add(node.name)
            if isinstance(node, ast.ClassDef):
                members[node.name] = {
                    n.name for n in node.body if isinstance(n, ast.FunctionDef)
                }
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
    return top, members


def test_stubs_match_the_module():
    top, members = stub_names()
    public = {n for n in dir(_nefer) if not n.startswith("_")} | {"__version__"}
    assert public == top - {"Options", "Seat"}
    for cls, names in members.items():
        c = getattr(_nefer, cls)
        have = {n for n in vars(c) if not n.startswith("_")}
        assert {n for n in names if not n.startswith("_")} == have, cls
    assert pathlib.Path(nefer.__file__).with_name("py.typed").exists()


def test_everything_has_a_docstring():
    for name in dir(_nefer):
        obj = getattr(_nefer, name)
        if callable(obj) and not name.startswith("_"):
            assert obj.__doc__, name
