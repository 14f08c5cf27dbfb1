"""tinygrad's own PTX (its PTXRenderer writes PTX directly, no NVVM): a few tensor programs
rendered for sm_90 on a machine without a GPU. Run by `generate.py --tinygrad` with tinygrad
0.14.0 installed (`pip install tinygrad==0.14.0`); prints one JSON line per kernel,
{"name", "ptx"}, distinct texts only.

tinygrad's compiler replaces VERSION and TARGET when it compiles; this does the same, with the
values it uses for sm_90 (PTX 7.8)."""
from __future__ import annotations

import json
import os

os.environ.setdefault("DEV", "CPU")      # scheduling only: nothing runs, nothing is compiled

from tinygrad import Tensor, dtypes                      # noqa: E402
from tinygrad.codegen import to_program                  # noqa: E402
from tinygrad.helpers import Target                      # noqa: E402
from tinygrad.renderer.ptx import PTXRenderer            # noqa: E402
from tinygrad.uop.ops import Ops                         # noqa: E402

ARCH, VERSION = "sm_90", "7.8"


class Source:
    """A compiler that keeps the rendered text: `to_program` compiles after rendering."""

    def compile_cached(self, src: str) -> bytes:
        return src.encode()


class Renderer(PTXRenderer):
    def __init__(self) -> None:
        super().__init__(Target("CUDA", "PTX", ARCH))
        self.compiler = Source()


def programs() -> list[Tensor]:
    a, b = Tensor.rand(64, 64), Tensor.rand(64, 64)
    return [(a @ b).relu(), a.softmax(-1), (a.half() * 2).sum(0),
            a.reshape(8, 8, 64).max(axis=1), Tensor.arange(100).reshape(10, 10).cumsum(1),
            (a > 0.5).where(a, b).exp().log(),
            Tensor.rand(16, 3, 8, 8).conv2d(Tensor.rand(4, 3, 3, 3)),
            a.cast(dtypes.int32) // 3 % 7, a.argmax(1), a.half() @ b.half()]


def main() -> None:
    renderer, seen = Renderer(), set()
    for t in programs():
        for call in t.schedule_linear().src:
            ast = call.src[0] if call.src else None
            if ast is None or ast.op is not Ops.SINK:
                continue
            program = to_program(ast, renderer)
            src = next(u.arg for u in program.src if u.op is Ops.SOURCE)
            src = src.replace("TARGET", ARCH).replace("VERSION", VERSION)
            if src not in seen:
                seen.add(src)
                print(json.dumps({"name": program.arg.name if hasattr(program.arg, "name")
                                  else ast.arg.name, "ptx": src}))


if __name__ == "__main__":
    main()
