"""The AMD side stays optional: importing the package never imports hip-python, and the in-process
runtime says what to install without it. (The HIP shim under `neutrino trace`: test_hip_trace.py.)"""
from __future__ import annotations

import subprocess
import sys

import pytest

from neutrino_py.contract.manifest import Manifest

MANIFEST = Manifest.from_json({
    "version": 1, "kernel": "add", "target": "gcn",
    "probe": {"hash": "0" * 64, "text": "", "file": "fake.probe"},
    "params": [{"name": "__nt_hdr", "role": "header"},
               {"name": "__nt_map_m", "role": "map", "map": "m"}],
    "maps": [{"name": "m", "kind": "counter", "level": "thread", "dtype": [["tid", "<u4"]],
              "capacity": None, "pool": None, "header_slot": 0}]})


def test_importing_the_package_does_not_import_hip():
    code = ("import sys, neutrino_py, neutrino_py.runtime.hip, neutrino_py.image.offload, "
            "neutrino_py.targets.gcn.target; print(any(m == 'hip' or m.startswith('hip.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_runtime_says_what_to_install_without_hip_python():
    pytest.importorskip("numpy")
    if subprocess.run([sys.executable, "-c", "import hip"], capture_output=True).returncode == 0:
        pytest.skip("hip-python is installed")
    from neutrino_py.errors import ToolError
    from neutrino_py.runtime import hip
    with pytest.raises(ToolError) as err:
        hip.launch(b"", MANIFEST, 1, 32, [])
    assert "hip-python" in str(err.value) and "neutrino_py[amd]" in str(err.value)
