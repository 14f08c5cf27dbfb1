"""Packages of the wheel: every ``neutrino_py*`` package on disk, plus the repo's top-level
``grammars/`` and ``probes/`` folders, which ship as ``neutrino_py.grammars`` and
``neutrino_py.probes`` (pyproject.toml maps them; a plain package search cannot see them)."""
from setuptools import find_packages, setup

setup(packages=find_packages(include=["neutrino_py*"])
      + ["neutrino_py.grammars", "neutrino_py.probes"])
