"""CUTLASS's CuTe DSL: kernels of the Python examples in a CUTLASS checkout
(examples/python/CuTeDSL), compiled by nvidia-cutlass-dsl on a machine without a GPU. Fake tensors
(`cute.runtime.make_fake_compact_tensor`) stand for the examples' torch tensors, a fake stream for
theirs, and `--keep-ptx` keeps the PTX NVVM wrote. Run by `generate.py --cutedsl CUTLASS_DIR
PYTHON` (PYTHON an interpreter with `pip install nvidia-cutlass-dsl==4.8.1`): `python
cutedsl_kernels.py CUTLASS_DIR` prints one JSON line per kernel, {"name", "arch", "source",
"config", "dsl", "ptx"}.

Each case is the example's default configuration where it has one, at a fixed problem size
(M=N=1024, K=512; f16 in, f32 accumulators) with A and B K-major and C N-major."""
from __future__ import annotations

import contextlib
import importlib.util
import json
import sys
import tempfile
from pathlib import Path

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

EXAMPLES = "examples/python/CuTeDSL/cute"
F16, F32 = cutlass.Float16, cutlass.Float32
M, N, K = 1024, 1024, 512


def example(root: Path, rel: str):
    """The example module at `rel` under EXAMPLES, imported by path."""
    spec = importlib.util.spec_from_file_location(Path(rel).stem, root / EXAMPLES / rel)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def row_major(dtype, shape):
    return make_fake_compact_tensor(dtype, shape, stride_order=tuple(reversed(range(len(shape)))),
                                    assumed_align=16)


def gemm_operands(dtype=F16):
    """A (m,k,l) and B (n,k,l) K-major, C (m,n,l) N-major, l = 1: the CuTe GEMMs' convention."""
    def tensor(rows, cols):
        return make_fake_compact_tensor(dtype, (rows, cols, 1), stride_order=(1, 0, 2),
                                        assumed_align=16)
    return tensor(M, K), tensor(N, K), tensor(M, N)


def elementwise_add(mod):
    a = row_major(F16, (M, K))
    return mod.elementwise_add, (a, a, a)


def tensorop_gemm(mod):
    # bmm's torch convention: a (l,m,k) M-major, b (l,k,n) and c (l,m,n) N-major; atoms 2x2x1
    def tensor(shape, order):
        return make_fake_compact_tensor(F16, shape, stride_order=order, assumed_align=16)
    gemm = mod.TensorOpGemm(F16, F16, F32, (2, 2, 1), False)
    return mod.bmm, (gemm, tensor((1, M, K), (2, 0, 1)), tensor((1, K, N), (2, 1, 0)),
                     tensor((1, M, N), (2, 1, 0)), make_fake_stream())


def hopper_dense_gemm(mod):
    return mod.HopperWgmmaGemmKernel(F32, (128, 256), (1, 1)), (*gemm_operands(), make_fake_stream())


def hopper_dense_gemm_persistent(mod):
    # a 2x1 cluster (TMA multicast), 132 clusters at most (an H100's SMs)
    gemm = mod.HopperWgmmaGemmPersistentKernel(F32, (128, 256), (2, 1), 1, True)
    return gemm, (*gemm_operands(), 132, make_fake_stream())


def blackwell_dense_gemm(mod):
    gemm = mod.DenseGemmKernel(F32, False, (128, 128), (1, 1), True)
    return gemm, (*gemm_operands(), make_fake_stream())


def blackwell_dense_gemm_2cta(mod):
    gemm = mod.DenseGemmKernel(F32, True, (256, 128), (2, 1), True)
    return gemm, (*gemm_operands(), make_fake_stream())


# name: (arch, example under EXAMPLES, case, the configuration in words)
CASES = {
    "elementwise_add": ("sm_80", "ampere/kernel/elementwise/elementwise_add.py", elementwise_add,
                        "f16 1024x512"),
    "tensorop_gemm": ("sm_80", "ampere/kernel/dense_gemm/tensorop_gemm.py", tensorop_gemm,
                      "f16 -> f16, f32 acc, atom layout 2x2x1, A M-major"),
    "hopper_dense_gemm": ("sm_90a", "hopper/kernel/dense_gemm/dense_gemm.py", hopper_dense_gemm,
                          "f16 -> f16, f32 acc, tile 128x256, cluster 1x1"),
    "hopper_dense_gemm_persistent": ("sm_90a", "hopper/kernel/dense_gemm/dense_gemm_persistent.py",
                                     hopper_dense_gemm_persistent,
                                     "f16 -> f16, f32 acc, tile 128x256, cluster 2x1, 132 clusters"),
    "blackwell_dense_gemm": ("sm_100a", "blackwell/kernel/dense_gemm/dense_gemm.py",
                             blackwell_dense_gemm, "f16 -> f16, f32 acc, MMA tile 128x128, 1 CTA, TMA store"),
    "blackwell_dense_gemm_2cta": ("sm_100a", "blackwell/kernel/dense_gemm/dense_gemm.py",
                                  blackwell_dense_gemm_2cta,
                                  "f16 -> f16, f32 acc, MMA tile 256x128 on 2 CTAs, cluster 2x1, TMA store"),
}

if __name__ == "__main__":
    root = Path(sys.argv[1])
    for name, (arch, rel, case, config) in CASES.items():
        fn, args = case(example(root, rel))
        # the examples print what they trace (elementwise_add its layouts): not onto the JSON lines
        with tempfile.TemporaryDirectory() as dump, contextlib.redirect_stdout(sys.stderr):
            cute.compile(fn, *args, options=f"--gpu-arch={arch} --keep-ptx --dump-dir={dump}")
            (ptx,) = Path(dump).glob(f"*.{arch}.ptx")
            text = ptx.read_text()
        print(json.dumps({"name": name, "arch": arch, "source": f"{EXAMPLES}/{rel}",
                          "config": config, "dsl": cutlass.__version__, "ptx": text}))
