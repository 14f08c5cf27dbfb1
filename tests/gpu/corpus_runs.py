"""Corpus kernels launched on synthetic inputs (index.json recipes), native and instrumented."""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
INDEX = json.loads((CORPUS / "index.json").read_text())


def plain_sm90_files() -> list[dict]:
    """One build per source for the H100: sm_90 / sm_90a, no -lineinfo or -G variant."""
    return [e for e in INDEX["files"] if e["arch"] in ("sm_90", "sm_90a")
            and len(Path(e["file"]).name.split(".")) == 3]


def launchable() -> list[tuple[str, str]]:
    return [(e["file"], k) for e in plain_sm90_files() for k in e["launch"]]


def llvm_nvptx_launchable() -> list[tuple[str, str]]:
    """Every build in llvm_nvptx/ with its kernels that have a recipe: each LLVM release's PTX is
    a case of its own (their sm_80 PTX is assembled for the GPU it runs on, as the others')."""
    return [(e["file"], k) for e in INDEX["files"] if e["file"].startswith("llvm_nvptx/")
            for k in e["launch"]]


def case_id(file: str, kernel: str) -> str:
    """A test id for a llvm_nvptx case: the build, then the kernel (each kernel is in several)."""
    return f"{Path(file).name.removesuffix('.ptx')}:{kernel}"


def recipe(file: str, kernel: str) -> dict:
    return next(e for e in INDEX["files"] if e["file"] == file)["launch"][kernel]


@dataclass
class Outcome:
    run: object                      # nt.Run
    outputs: dict[str, np.ndarray]   # deterministic out/inout buffers after the launch
    nondeterministic: dict[str, np.ndarray]
    addresses: dict[str, int]        # device address of every buffer param


def run_recipe(kernel, rec: dict) -> Outcome:
    """Launch `kernel` (nt.Kernel or its instrumented form) once on fresh synthetic buffers."""
    from neutrino_py.runtime.synthetic import prepare

    prep = prepare(rec)
    try:
        run = kernel.launch(rec["grid"], rec["block"], prep.args, shared_mem=rec["shared_mem"])
        extra = {n: prep.read(n) for n, p in prep.params.items() if p.get("nondeterministic")}
        return Outcome(run, prep.outputs(), extra, {n: b.ptr for n, b in prep.buffers.items()})
    finally:
        prep.free()


@functools.cache
def corpus_kernel(file: str, name: str):
    """The corpus kernel as an nt.Kernel, parsed once per session."""
    import neutrino_py as nt

    return nt.Kernel.from_ptx((CORPUS / file).read_text(), name)


@functools.cache
def native(file: str, name: str) -> Outcome:
    """The uninstrumented launch of a corpus kernel, once per session."""
    return run_recipe(corpus_kernel(file, name), recipe(file, name))
