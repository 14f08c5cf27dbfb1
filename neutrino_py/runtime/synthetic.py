"""Device buffers for a launch recipe (tests/corpus/index.json's format), for oracles and benchmarks.

A recipe lists a kernel's params in order: buffers filled from a seeded generator, zeroed outputs,
scalars and null pointers. `prepare()` makes fresh device buffers for one launch, so a native and
an instrumented run start from identical bytes and their outputs can be compared.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from neutrino_py.runtime.cuda import Buffer


def initial(param: dict) -> np.ndarray:
    """The host contents a buffer param starts with."""
    dtype, count, init = np.dtype(param["dtype"]), int(param["count"]), param.get("init")
    if init is None:
        return np.zeros(count, dtype)
    rng = np.random.default_rng(init["seed"])
    if "uniform" in init:
        return rng.uniform(*init["uniform"], count).astype(dtype)
    return rng.integers(*init["randint"], count).astype(dtype)


@dataclass
class Prepared:
    """Arguments for one launch; buffers stay allocated until `free()`."""

    args: list[Any]
    buffers: dict[str, Buffer] = field(default_factory=dict)
    params: dict[str, dict] = field(default_factory=dict)

    def read(self, name: str) -> np.ndarray:
        param = self.params[name]
        return np.frombuffer(self.buffers[name].download(), dtype=param["dtype"])

    def outputs(self) -> dict[str, np.ndarray]:
        """Every buffer the kernel may write and that must be the same run to run."""
        return {name: self.read(name) for name, p in self.params.items()
                if p["kind"] in ("out", "inout") and not p.get("nondeterministic")}

    def free(self) -> None:
        for buf in self.buffers.values():
            buf.free()
        self.buffers.clear()


def prepare(recipe: dict) -> Prepared:
    out = Prepared([])
    for param in recipe["params"]:
        kind = param["kind"]
        if kind == "scalar":
            out.args.append(param["value"])
        elif kind == "null":
            out.args.append(0)
        else:
            data = initial(param)
            buf = Buffer(data.nbytes)
            buf.upload(data)
            out.buffers[param["name"]], out.params[param["name"]] = buf, param
            out.args.append(buf.ptr)
    return out
