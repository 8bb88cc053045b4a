"""The package list, found rather than written by hand: every package under the folders that
install as `automa`, `automa.rules` and `automa.search` (pyproject.toml's `package-dir`), so a
new game's package (rules/<game>/ with an __init__.py) installs with no edit here or there.

setuptools' own `packages.find` names a package after its folder (rules.pi), and cannot put
the `automa.` in front; everything else about the build stays in pyproject.toml."""

from setuptools import find_packages, setup

#: installed name -> folder, as pyproject.toml's [tool.setuptools.package-dir] maps them
ROOTS = {"automa": "automa", "automa.rules": "rules", "automa.search": "search"}


def packages() -> list[str]:
    out = []
    for name, folder in ROOTS.items():
        out.append(name)
        out += [f"{name}.{sub}" for sub in find_packages(folder) if f"{name}.{sub}" not in ROOTS]
    return sorted(out)


setup(packages=packages())
