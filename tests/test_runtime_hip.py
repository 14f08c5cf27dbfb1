"""`runtime/hip.py` through hip-python against the fake libamdhip64 (tests/fakes/fake_hip.c):
load the code object, launch with the header and map buffers appended to the kernel's own
arguments (hip-python packs them into `extra`), copy the maps back and read them. The fake plays
the instrumented kernel (its first map gets each thread's linear index). No AMD GPU exists here:
this proves the HIP calls, argument packing and read-back, not device code (tests/gcn_wave.py
runs that)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from neutrino_py.hook import build

FAKES = Path(__file__).parent / "fakes"
SCRIPT = """
import ctypes, json, sys
sys.path.insert(0, sys.argv[1])
from test_hip_shim import MANIFEST
from neutrino_py.runtime import hip
maps = hip.launch(b"FAKEHSACO add 2\\0", MANIFEST, (3, 1, 1), (16, 1, 1),
                  [ctypes.c_int(7), ctypes.c_int(9)])
print(json.dumps({"tid": maps["m"]["tid"].tolist(), "dropped": maps.dropped}))
"""


@pytest.fixture(scope="module")
def rocm(tmp_path_factory):
    """A ROCM_PATH whose lib/libamdhip64.so is the fake (hip-python looks there)."""
    pytest.importorskip("hip", reason="hip-python not installed (pip install 'neutrino_py[amd]')")
    cc = build.compiler()
    if cc is None:
        pytest.skip("no C compiler")
    root = tmp_path_factory.mktemp("rocm")
    (root / "lib").mkdir()
    subprocess.run([cc, "-std=gnu11", "-shared", "-fPIC", f"-I{Path(build.__file__).parent}",
                    "-Wl,-soname,libamdhip64.so", "-o",
                    str(root / "lib" / "libamdhip64.so"), str(FAKES / "fake_hip.c"), "-lpthread"],
                   check=True)
    return root


def test_launch_appends_maps_and_reads_them_back(rocm, tmp_path):
    log = tmp_path / "hip.log"
    env = {**os.environ, "ROCM_PATH": str(rocm), "FAKE_HIP_LOG": str(log)}
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(Path(__file__).parent)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result == {"tid": list(range(48)), "dropped": {"m": 0}}
    # two 4-byte ints, then the header and the map pointer 8-aligned: 24 packed bytes
    assert log.read_text().splitlines() == ["load FAKEHSACO add 2", "launch add packed=24",
                                            "launch add twin args=7,9 hdr=1"]
