"""The optional compiled engines: the rules modules built with mypyc from the same sources.

`automa native build` compiles `engine_modules()` (mypy's compiler, `pip install -e '.[native]'`
and a C compiler) into the `_native/` folder of this package, with a manifest naming the
digest of every source it was built from.  On import, `install()` puts a finder in front of
the import system that loads those builds only while every source is unchanged, so an edited
rule is never shadowed by an old build; `AUTOMA_PURE=1` turns them off.  The compiled
engines play the same games bit for bit (CI replays the stored records and runs the whole
test suite on them); they only run faster.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
from datetime import UTC
from pathlib import Path

from automa.errors import AutomaError

#: the shared modules that carry the work of a search: the seeded draws, the tuple helpers and
#: the search loop itself.  Each game names its own (its engine, its automata, its scoring) in
#: `NATIVE_MODULES` in its package's __init__.py; `engine_modules()` joins them.
SHARED_MODULES = (
    "automa.rules.draws",
    "automa.rules.tuples",
    "automa.search.uct",
)
#: the packages whose sources a build stages (the installed folders, wherever they are)
STAGED_PACKAGES = ("automa", "automa.rules", "automa.search")
#: mypyc's shared library, holding the compiled code of every module
GROUP = "automa.engines"
FOLDER = Path(__file__).resolve().parent / "_native"
MANIFEST = FOLDER / "manifest.json"
_state = {"modules": {}, "problem": ""}


class NativeError(AutomaError):
    """A build that cannot run or failed: one line for the user."""


def engine_modules() -> tuple[str, ...]:
    """Every module a build compiles: `SHARED_MODULES`, then each game package's
    `NATIVE_MODULES` (imports the games, so it is asked only after `install()`)."""
    from automa.rules.core import game_packages

    out = list(SHARED_MODULES)
    for package in game_packages():
        for name in getattr(importlib.import_module(package), "NATIVE_MODULES", ()):
            if name not in out:
                out.append(name)
    return tuple(out)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _source_of(name: str, package_dirs: dict[str, Path]) -> Path:
    """The .py file of module `name`, from the folders of `STAGED_PACKAGES`."""
    for package in sorted(package_dirs, key=len, reverse=True):
        if name.startswith(package + "."):
            return package_dirs[package].joinpath(*name[len(package) + 1 :].split(".")).with_suffix(".py")
    raise NativeError(f"{name} is not in {', '.join(STAGED_PACKAGES)}")


def _package_dirs() -> dict[str, Path]:
    import automa.rules
    import automa.search  # noqa: F401  (imported for its sys.modules entry)

    return {name: Path(sys.modules[name].__path__[0]).resolve() for name in STAGED_PACKAGES}


# --------------------------------------------------------------------------- loading


class _Finder:
    """Serves the compiled modules of a fresh build by name (a meta-path finder)."""

    def __init__(self, files: dict[str, Path]):
        self.files = files

    def find_spec(self, name, path=None, target=None):
        file = self.files.get(name)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, str(file))
        return importlib.util.spec_from_file_location(name, file, loader=loader)


def read_manifest() -> dict | None:
    if not MANIFEST.is_file():
        return None
    return json.loads(MANIFEST.read_text())


def stale_sources(manifest: dict) -> list[str]:
    """The modules whose source changed since the build (or that this Python cannot load)."""
    if manifest.get("suffix") != importlib.machinery.EXTENSION_SUFFIXES[0]:
        return ["every module (built for another Python)"]
    out = []
    for name, entry in manifest["modules"].items():
        source = Path(entry["source"])
        if not source.is_file() or _digest(source) != entry["sha256"]:
            out.append(name)
    return out


def install() -> None:
    """Use a fresh build if there is one; otherwise the pure-Python engines, and why.
    (Modules imported before keep the engine they were imported with.)"""
    _state["modules"] = {}
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _Finder)]
    if os.environ.get("AUTOMA_PURE"):
        _state["problem"] = "AUTOMA_PURE is set"
        return
    try:
        manifest = read_manifest()
        if manifest is None:
            _state["problem"] = "not built (automa native build)"
            return
        stale = stale_sources(manifest)
        if stale:
            _state["problem"] = (
                "the sources changed since the build, so the pure-Python engines run "
                f"({', '.join(stale)}; rebuild with `automa native build`)"
            )
            return
        files = {name: FOLDER / entry["file"] for name, entry in manifest["modules"].items()}
        files[manifest["group"]["name"]] = FOLDER / manifest["group"]["file"]
        if not all(file.is_file() for file in files.values()):
            _state["problem"] = "the build is incomplete (rebuild with `automa native build`)"
            return
    except (OSError, ValueError, KeyError, TypeError) as err:
        _state["problem"] = f"unreadable manifest {MANIFEST}: {err}"
        return
    sys.meta_path.insert(0, _Finder(files))
    _state["modules"] = files
    _state["problem"] = ""


def compiled_in_use() -> list[str]:
    """The engine modules imported from a compiled build in this process."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return [
        name
        for name in engine_modules()
        if str(getattr(sys.modules.get(name), "__file__", "") or "").endswith(suffix)
    ]


def engines_label() -> str:
    """'compiled' or 'pure Python', for benchmark tables."""
    return "compiled (mypyc)" if _state["modules"] else "pure Python"


def status() -> list[str]:
    """Lines for `automa native status`."""
    manifest = None
    try:
        manifest = read_manifest()
    except (OSError, ValueError) as err:
        return [f"unreadable manifest {MANIFEST}: {err}"]
    if manifest is None:
        return [f"no build in {FOLDER}: the pure-Python engines run (build with `automa native build`)"]
    stale = set(stale_sources(manifest))
    lines = [f"build in {FOLDER} (mypy {manifest.get('mypy', '?')}, {manifest.get('built', '?')})"]
    for name in manifest["modules"]:
        lines.append(f"  {name}: {'source changed' if name in stale else 'fresh'}")
    lines.append("in use: " + ("compiled" if _state["modules"] else f"pure Python ({_state['problem']})"))
    return lines


# --------------------------------------------------------------------------- building


def clean() -> bool:
    """Removes the build; True if there was one."""
    if not FOLDER.exists():
        return False
    shutil.rmtree(FOLDER)
    return True


def build(modules: tuple[str, ...] | None = None, echo=print, jobs: int = 2) -> list[str]:
    """Compiles `modules` (default: `engine_modules()`) into `FOLDER` and writes the manifest;
    returns the module names.

    mypy names a module by its place under folders with __init__.py, and our folders install
    under other names (rules/ as automa.rules), so the sources are staged as one tree first."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise NativeError("the compiled engines need mypy's compiler: pip install -e '.[native]'") from None
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        raise NativeError("the compiled engines need a C compiler (apt-get install gcc)")
    import subprocess
    import tempfile

    if modules is None:
        modules = engine_modules()
    dirs = _package_dirs()
    sources = {name: _source_of(name, dirs) for name in modules}
    missing = [str(path) for path in sources.values() if not path.is_file()]
    if missing:
        raise NativeError(f"no source for {', '.join(missing)}")
    with tempfile.TemporaryDirectory(prefix="automa-native-") as tmp:
        stage = Path(tmp)
        ignore = shutil.ignore_patterns("__pycache__", "_native", "*.so", "*.pyd")
        for package, folder in dirs.items():
            # automa's own folder may hold rules/ and search/ already (the checkout's links, or
            # an installed wheel), so a later package lands on the same files
            shutil.copytree(folder, stage.joinpath(*package.split(".")), ignore=ignore, dirs_exist_ok=True)
        paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in modules]
        setup = stage / "build_engines.py"
        setup.write_text(
            "from setuptools import setup\nfrom mypyc.build import mypycify\n"
            f"setup(name='automa-engines', ext_modules=mypycify({['--follow-imports=silent', *paths]!r}, opt_level='3', "
            f"group_name={GROUP!r}))\n"
        )
        echo(f"compiling {len(modules)} modules with mypyc (a few minutes)...")
        run = subprocess.run(
            [sys.executable, str(setup), "build_ext", "--inplace", f"--parallel={jobs}"],
            cwd=stage,
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            errors = [line for line in (run.stdout + run.stderr).splitlines() if "error" in line.lower()]
            raise NativeError(
                "mypyc failed:\n" + "\n".join(errors[:40] or (run.stdout + run.stderr).splitlines()[-20:])
            )
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        clean()
        FOLDER.mkdir(parents=True)
        entries = {}
        for name in modules:
            built = stage.joinpath(*name.split(".")).with_suffix(suffix)
            shutil.copy2(built, FOLDER / (name + suffix))
            entries[name] = {
                "file": name + suffix,
                "source": str(sources[name]),
                "sha256": _digest(sources[name]),
            }
        group_lib = stage.joinpath(*f"{GROUP}__mypyc".split(".")).with_suffix(suffix)
        shutil.copy2(group_lib, FOLDER / group_lib.name)
    from datetime import datetime
    from importlib.metadata import version

    manifest = {
        "suffix": suffix,
        "mypy": version("mypy"),
        "built": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "group": {"name": f"{GROUP}__mypyc", "file": group_lib.name},
        "modules": entries,
    }
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n")
    (FOLDER / ".gitignore").write_text("*\n")
    return list(modules)
