"""Shared test fixtures: corpus location and the GPU marker's skip rule."""
from __future__ import annotations

import fcntl
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"


def _has_gpu() -> bool:
    if shutil.which("nvidia-smi") is None:
        return False
    try:
        return subprocess.run(["nvidia-smi", "-L"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


HAS_GPU = _has_gpu()


def pytest_collection_modifyitems(config, items):
    if HAS_GPU:
        return
    skip = pytest.mark.skip(reason="no NVIDIA GPU on this machine")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _gpu_turn(request, tmp_path_factory):
    """GPU tests share the device (one lock taken shared) except those marked `whole_gpu`, which
    take its free memory and hold the lock alone: under pytest-xdist, another worker's test
    freeing memory in between would otherwise change what such a test measures, and its hog
    would starve the others."""
    if "gpu" not in request.keywords:
        yield
        return
    whole = "whole_gpu" in request.keywords
    root = tmp_path_factory.getbasetemp()
    root = root.parent if root.name.startswith("popen-gw") else root   # shared by the workers
    with open(root / "gpu.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX if whole else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
