"""The package list, found rather than written by hand: every package under the folders that
install as `automa`, `automa.rules` and `automa.search` (pyproject.toml's `package-dir`), so a
new game's package (rules/<game>/ with an __init__.py) installs with no edit here or there.

setuptools' own `packages.find` names a package after its folder (rules.pi), and cannot put
the `automa.` in front; everything else about the build stays in pyproject.toml."""

from setuptools import find_packages, setup

#: installed name -> folder, as pyproject.toml's [tool.setuptools.package-dir] maps them
ROOTS = {"automa": "automa", "automa.rules": "rules", "automa.search": "search"}


def packages() -> list[str]:
    out = set()
    for name, folder in ROOTS.items():
        # automa/ links rules/ and search/ (for mypy): those are found from their own folders
        inner = [other[len(name) + 1 :] for other in ROOTS if other.startswith(name + ".")]
        skip = [pattern for sub in inner for pattern in (sub, sub + ".*")]
        out |= {name, *(f"{name}.{sub}" for sub in find_packages(folder, exclude=skip))}
    return sorted(out)


setup(packages=packages())
