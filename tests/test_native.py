"""The optional compiled engines (automa/native.py): a build is used only while every source it
was made from is unchanged, anything else falls back to pure Python with the reason, and a
missing compiler is one line.  CI builds the engines and runs the whole suite again on them with
AUTOMA_REQUIRE_NATIVE=1, where `test_the_compiled_engines_are_the_ones_playing` must not skip."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys

import pytest
from click.testing import CliRunner

from automa import native
from automa.cli import main

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A build folder of our own; the real state of the process is restored afterwards."""
    monkeypatch.setattr(native, "FOLDER", tmp_path / "_native")
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "_native" / "manifest.json")
    monkeypatch.delenv("AUTOMA_PURE", raising=False)
    meta_path = sys.meta_path[:]
    state = dict(native._state)
    yield tmp_path / "_native"
    sys.meta_path[:] = meta_path
    native._state.update(state)


def fake_build(folder, tmp_path, source_text="x = 1\n", digest_of=None, suffix=SUFFIX):
    """A manifest for one module whose source is a file of ours (no real compiled code)."""
    source = tmp_path / "engine.py"
    source.write_text(source_text)
    folder.mkdir()
    for name in ("fake.engine" + SUFFIX, "fake.group__mypyc" + SUFFIX):
        (folder / name).write_bytes(b"")
    digest = hashlib.sha256((digest_of or source_text).encode()).hexdigest()
    manifest = {
        "suffix": suffix,
        "mypy": "test",
        "built": "now",
        "group": {"name": "fake.group__mypyc", "file": "fake.group__mypyc" + SUFFIX},
        "modules": {"fake.engine": {"file": "fake.engine" + SUFFIX, "source": str(source), "sha256": digest}},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return source


def finders():
    return [f for f in sys.meta_path if isinstance(f, native._Finder)]


def test_without_a_build_the_pure_engines_run(folder):
    native.install()
    assert native.engines_label() == "pure Python"
    assert not finders()
    assert "no build" in native.status()[0]


def test_a_fresh_build_is_served_by_name(folder, tmp_path):
    fake_build(folder, tmp_path)
    native.install()
    assert native.engines_label() == "compiled (mypyc)"
    (finder,) = finders()
    spec = finder.find_spec("fake.engine")
    assert spec.origin == str(folder / ("fake.engine" + SUFFIX))
    assert finder.find_spec("fake.group__mypyc") is not None
    assert finder.find_spec("automa.rules.core") is None  # everything else as usual
    assert native.status()[1] == "  fake.engine: fresh"


def test_an_edited_source_falls_back_to_pure_python(folder, tmp_path):
    fake_build(folder, tmp_path, source_text="x = 2\n", digest_of="x = 1\n")
    native.install()
    assert native.engines_label() == "pure Python"
    assert not finders()
    assert "fake.engine" in native._state["problem"] and "automa native build" in native._state["problem"]
    assert "  fake.engine: source changed" in native.status()


def test_a_build_for_another_python_is_not_loaded(folder, tmp_path):
    fake_build(folder, tmp_path, suffix=".cpython-299-x.so")
    native.install()
    assert native.engines_label() == "pure Python"
    assert "another Python" in native._state["problem"]


def test_a_missing_file_or_broken_manifest_falls_back(folder, tmp_path):
    fake_build(folder, tmp_path)
    (folder / ("fake.engine" + SUFFIX)).unlink()
    native.install()
    assert native.engines_label() == "pure Python" and "incomplete" in native._state["problem"]
    (folder / "manifest.json").write_text("{not json")
    native.install()
    assert native.engines_label() == "pure Python" and str(folder) in native._state["problem"]


def test_automa_pure_turns_a_fresh_build_off(folder, tmp_path, monkeypatch):
    fake_build(folder, tmp_path)
    monkeypatch.setenv("AUTOMA_PURE", "1")
    native.install()
    assert native.engines_label() == "pure Python" and not finders()


def test_clean_removes_the_build(folder, tmp_path):
    fake_build(folder, tmp_path)
    assert native.clean() and not folder.exists()
    assert not native.clean()


def test_build_without_the_compiler_is_one_line(folder, monkeypatch):
    monkeypatch.setitem(sys.modules, "mypyc", None)  # import mypyc -> ImportError
    result = CliRunner().invoke(main, ["native", "build"])
    assert result.exit_code == 1
    assert (
        result.output.strip()
        == "Error: the compiled engines need mypy's compiler: pip install -e '.[native]'"
    )
    assert not folder.exists()


def test_every_engine_module_has_a_source_to_build_from():
    dirs = native._package_dirs()
    for name in native.engine_modules():
        assert native._source_of(name, dirs).is_file(), name


def test_the_compiled_engines_are_the_ones_playing():
    """Under CI's second run every engine module comes from the build (so the whole suite,
    the stored records included, checked the compiled engines)."""
    if native.engines_label() != "compiled (mypyc)":
        if os.environ.get("AUTOMA_REQUIRE_NATIVE") == "1":
            pytest.fail(f"the compiled engines are not in use: {native._state['problem']}")
        pytest.skip(f"no compiled engines: {native._state['problem']}")
    import importlib

    for name in native.engine_modules():
        importlib.import_module(name)
    assert native.compiled_in_use() == list(native.engine_modules())
