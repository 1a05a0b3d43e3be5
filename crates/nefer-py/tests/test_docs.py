"""The examples of docs/dev/python.md run, in order, in one namespace."""

import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "dev" / "python.md"


def test_the_documented_examples_run(capsys):
    pytest.importorskip("pyspiel")
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) >= 6
    namespace: dict = {}
    for i, code in enumerate(blocks):
        exec(compile(code, f"{DOC.name} example {i + 1}", "exec"), namespace)
