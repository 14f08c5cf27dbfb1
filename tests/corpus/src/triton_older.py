"""Older Triton releases' PTX (older LLVM, other idioms, their own PTX ISA), which programs built
against them still ship: kernels of triton_kernels.py compiled ahead of time, without a GPU, by
whichever Triton 3.0 to 3.5 runs this script. Run by `generate.py --triton-older PYTHON...`, once
per interpreter (each with one `triton==3.x` installed); prints one JSON line per module,
{"name", "cc", "version", "ptx", "num_warps", "shared"}.

Each release's own PTX ISA is kept (no `ptx_version` pin). ASTSource changed twice: before 3.2
signature and constants are keyed by parameter index and constexprs stay out of the signature;
3.2 keys both by name with constexprs typed "constexpr"; 3.3 renames `constants` to
`constexprs`."""
from __future__ import annotations

import inspect
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402

import triton_kernels  # noqa: E402
from generate import TRITON_OLDER, triton_specs  # noqa: E402

VERSION = tuple(int(x) for x in triton.__version__.split(".")[:2])


def source(fn, sig: dict[str, str], constexprs: dict) -> ASTSource:
    """`fn`'s ASTSource in the form this release takes."""
    names = list(inspect.signature(fn.fn).parameters)
    if VERSION < (3, 2):
        return ASTSource(fn=fn, signature={names.index(k): v for k, v in sig.items()},
                         constants={names.index(k): v for k, v in constexprs.items()})
    full = {k: sig.get(k, "constexpr") for k in names}
    if "constexprs" in inspect.signature(ASTSource.__init__).parameters:
        return ASTSource(fn=fn, signature=full, constexprs=constexprs)
    return ASTSource(fn=fn, signature=full, constants=constexprs)


if __name__ == "__main__":
    specs = {s["name"]: s for s in triton_specs()}
    for name, cc in TRITON_OLDER[triton.__version__]:
        spec = specs[name]
        compiled = triton.compile(source(getattr(triton_kernels, name), spec["sig"], spec["constexprs"]),
                                  target=GPUTarget("cuda", cc, 32), options=dict(spec["options"]))
        meta = compiled.metadata
        print(json.dumps({"name": name, "cc": cc, "version": triton.__version__,
                          "ptx": compiled.asm["ptx"], "num_warps": meta.num_warps,
                          "shared": meta.shared}))
