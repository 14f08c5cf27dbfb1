"""The HIP shim against a fake libamdhip64 built here (tests/fakes/fake_hip.c): interception of
the module and host launch APIs, map pointers appended after the kernel's own arguments, maps read
back through `maps/`, fallbacks counted. No AMD GPU exists here; the fake stands in for one."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from neutrino_py.hook import build, build_hip
from neutrino_py.contract.manifest import Manifest

FAKES = Path(__file__).parent / "fakes"
pytestmark = pytest.mark.skipif(build.compiler() is None, reason="no C compiler")

MANIFEST = Manifest.from_json({
    "version": 1, "kernel": "add", "target": "gcn",
    "probe": {"hash": "0" * 64, "text": "", "file": "fake.probe"},
    "params": [{"name": "__nt_hdr", "role": "header"},
               {"name": "__nt_map_m", "role": "map", "map": "m"}],
    "maps": [{"name": "m", "kind": "counter", "level": "thread", "dtype": [["tid", "<u4"]],
              "capacity": None, "pool": None, "header_slot": 0}]})


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    root = tmp_path_factory.mktemp("fake_hip")
    cc = build.compiler()
    subprocess.run([cc, "-std=gnu11", "-shared", "-fPIC", "-Wl,-soname,libamdhip64.so", "-o",
                    str(root / "libamdhip64.so"), str(FAKES / "fake_hip.c"), "-lpthread"], check=True)
    subprocess.run([cc, "-std=gnu11", "-o", str(root / "prog"), str(FAKES / "prog_hip.c"),
                    str(root / "libamdhip64.so"), f"-Wl,-rpath,{root}"], check=True)
    return root, build_hip.shim_path()


def run(binaries, tmp_path, twins=None, shim=True):
    root, so = binaries
    tmp_path.mkdir(exist_ok=True)
    log = tmp_path / "hip.log"
    env = {**os.environ, "FAKE_HIP_LOG": str(log), "NEUTRINO_SHIM_DEBUG": "1",
           "NEUTRINO_HIP_OUT": str(tmp_path / "out")}
    if shim:
        env["LD_PRELOAD"] = str(so)
    if twins:
        env["NEUTRINO_HIP_DIR"] = str(twins)
    out = subprocess.run([str(root / "prog")], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout == "done\n", out.stderr
    counts = {k: int(v) for k, v in re.findall(r"neutrino-hip: (\w+) (\d+)", out.stderr)}
    return log.read_text().splitlines(), counts


BASELINE = ["register_fatbin magic=48495046", "register_function add", "register_function other",
            "load FAKEBUNDLE add other", "launch add original args=7,9",
            "launch other original args=7,9", "launch add extra=1",
            "launch add original args=7,9", "launch other original args=7,9"]


def test_without_twins_every_launch_is_the_original_and_counted(binaries, tmp_path):
    log, counts = run(binaries, tmp_path, shim=False)
    assert log == BASELINE and counts == {}
    log, counts = run(binaries, tmp_path / "shim")
    assert log == BASELINE
    assert counts["hipModuleLaunchKernel"] == 3 and counts["hipLaunchKernel"] == 2
    assert counts["__hipRegisterFatBinary"] == 1 and counts["__hipRegisterFunction"] == 2
    assert counts["hipModuleLoadData"] == 1 and counts["hipModuleGetFunction"] == 2
    assert counts["instrumented"] == 0
    assert counts["fallback_extra_args"] == 1 and counts["fallback_no_twin"] == 4


def test_twins_get_the_maps_appended_and_maps_come_back(binaries, tmp_path):
    twins = tmp_path / "twins"
    build_hip.write_twin(twins, MANIFEST, b"FAKEHSACO add 2\0", own_params=2)
    assert (twins / "add.maps").read_text() == "params 2\n__nt_hdr thread 0 16\n__nt_map_m thread 4 0\n"
    log, counts = run(binaries, tmp_path, twins)
    assert log == ["register_fatbin magic=48495046", "register_function add",
                   "register_function other", "load FAKEBUNDLE add other",
                   "load FAKEHSACO add 2", "launch add twin args=7,9 hdr=1",
                   "launch other original args=7,9", "launch add extra=1",
                   "launch add twin args=7,9 hdr=1", "launch other original args=7,9"]
    assert counts["instrumented"] == 2 and counts["fallback_no_twin"] == 2
    assert counts["fallback_extra_args"] == 1 and counts["fallback_twin_load_failed"] == 0
    launches = sorted((tmp_path / "out").iterdir())
    assert [p.name for p in launches] == ["000000-add", "000001-add"]
    for folder, (grid, block) in zip(launches, [((2, 1, 1), (64, 1, 1)), ((3, 1, 1), (32, 1, 1))]):
        maps = build_hip.read_launch(folder, MANIFEST, grid, block)
        threads = grid[0] * block[0]
        assert np.array_equal(maps["m"]["tid"], np.arange(threads, dtype=np.uint32))


def test_a_twin_that_does_not_load_falls_back(binaries, tmp_path):
    twins = tmp_path / "twins"
    build_hip.write_twin(twins, MANIFEST, b"BROKEN\0", own_params=2)
    log, counts = run(binaries, tmp_path, twins)
    assert log == BASELINE
    assert counts["fallback_twin_load_failed"] == 2 and counts["instrumented"] == 0


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
