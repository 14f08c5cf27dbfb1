"""Every launchable corpus kernel (each build of llvm_nvptx/ too) x every stock probe: the
kernel's outputs are bit-identical."""
from __future__ import annotations

import numpy as np
import pytest

from neutrino_py import paths

from corpus_runs import (case_id, corpus_kernel, launchable, llvm_nvptx_launchable, native, recipe,
                         run_recipe)

pytestmark = pytest.mark.gpu

PROBES = sorted(p.stem for p in paths.probes_dir().glob("*.probe"))
CASES = launchable() + llvm_nvptx_launchable()
IDS = [k for _, k in launchable()] + [case_id(f, k) for f, k in llvm_nvptx_launchable()]


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("file,kernel", CASES, ids=IDS)
def test_outputs_bit_identical_with_probe(file, kernel, probe):
    import neutrino_py as nt

    want_all = native(file, kernel).outputs
    probed = run_recipe(corpus_kernel(file, kernel).instrument(nt.Probe.from_file(probe)),
                        recipe(file, kernel))
    assert want_all.keys() == probed.outputs.keys() and want_all
    for name, want in want_all.items():
        got = probed.outputs[name]
        assert got.tobytes() == want.tobytes(), (
            f"{name}: {np.count_nonzero(got.view(np.uint8) != want.view(np.uint8))} bytes differ")
