"""Where `nt.trace()` meets Triton: the launcher a `CompiledKernel` hands to `JITFunction.run`.

Triton (3.2 to 3.6 at least) launches every kernel as
``kernel.run(gx, gy, gz, stream, function, <metadata and hooks...>, *bound_args)`` where
``CompiledKernel.run`` is a property returning the generated C launcher. Swapping that property
for the duration of a `with` block sees every launch, including kernels compiled before the block,
with the grid, stream and all bound arguments; the last ``len(src.signature)`` positional
arguments are the kernel's arguments (constexprs included, marked ``"constexpr"``).
"""
from __future__ import annotations

import math
from typing import Any, Callable

from neutrino_py.errors import ToolError
from neutrino_py.runtime.args import device_pointer
from neutrino_py.runtime.cuda import Buffer

OnLaunch = Callable[[Any, tuple, int, list, list, Callable[[], Any]], None]


def ptx_arguments(compiled: Any, bound: tuple) -> list[Any]:
    """Bound arguments → values of the PTX params, in order (constexprs are compiled in)."""
    out = []
    for (name, kind), value in zip(compiled.src.signature.items(), bound):
        if kind == "constexpr":
            continue
        if str(kind).startswith("*"):
            pointer = 0 if value is None else device_pointer(value)
            out.append(int(value) if pointer is None else pointer)
        else:
            out.append(value)
    return out


def _scratch(compiled: Any, grid: tuple) -> list[Buffer | None]:
    """Global and profile scratch, sized as Triton's launcher sizes them."""
    meta, out = compiled.metadata, []
    ctas = math.prod(getattr(meta, "cluster_dims", None) or (1,))
    for kind in ("global", "profile"):
        size = getattr(meta, f"{kind}_scratch_size", 0) or 0
        out.append(Buffer(math.prod(grid) * ctas * size) if size > 0 else None)
    return out


def install(on_launch: OnLaunch) -> Callable[[], None]:
    """Route Triton launches to `on_launch(compiled, grid, stream, args, scratch, native)`.

    Returns the function that puts Triton's own property back.
    """
    try:
        from triton.compiler.compiler import CompiledKernel
    except ImportError:
        raise ToolError("Triton is not installed", "pip install triton") from None
    original = CompiledKernel.__dict__.get("run")
    if not isinstance(original, property):
        import triton
        raise ToolError(f"Triton {triton.__version__} launches kernels in a way nt.trace() does not"
                        " know (CompiledKernel.run is not a property)",
                        "use Triton 3.2-3.6, or nt.Kernel.from_triton(compiled) and launch it yourself")

    def run(compiled: Any) -> Callable[..., Any]:
        launcher = original.fget(compiled)

        def intercept(gx: int, gy: int, gz: int, stream: int, function: Any, *rest: Any) -> Any:
            bound = rest[len(rest) - len(compiled.src.signature):]
            scratch = _scratch(compiled, (gx, gy, gz))
            try:
                on_launch(compiled, (gx, gy, gz), stream, ptx_arguments(compiled, bound),
                          [b.ptr if b else 0 for b in scratch],
                          lambda: launcher(gx, gy, gz, stream, function, *rest))
            finally:
                for buf in scratch:
                    if buf:
                        buf.free()
        return intercept

    CompiledKernel.run = property(run)
    return lambda: setattr(CompiledKernel, "run", original)
