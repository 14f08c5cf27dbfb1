"""Manifests of instrumented kernels: params, dtypes, layouts and sizing rules (contracts §4)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import CORPUS
from neutrino_py.asm import parse_ptx
from neutrino_py.paths import probes_dir
from neutrino_py.probe import load, load_file
from neutrino_py.contract import Manifest
from neutrino_py.splice import instrument
from neutrino_py.contract.manifest import MapSpec, pool_shards, shard_item, units

VECTOR_ADD = CORPUS / "cuda" / "vector_add.sm_90.ptx"


def manifest_of(probe_text: str, ptx=VECTOR_ADD) -> Manifest:
    result = instrument(parse_ptx(ptx.read_text(), cache=False), load(probe_text, "t.probe"))
    (manifest,) = result.manifests.values()
    return manifest


def test_units_follow_grid_and_block():
    assert units("thread", (3, 2, 1), (33, 2, 1)) == 6 * 66
    assert units("warp", (3, 2, 1), (33, 2, 1)) == 6 * 3          # ceil(66 / 32)
    assert units("warp", 5, 32) == 5


def test_dmat_manifest():
    m = instrument(parse_ptx(VECTOR_ADD.read_text(), cache=False),
                   load_file(probes_dir() / "dmat.probe")).manifests["vector_add"]
    assert [p.to_json() for p in m.params] == [
        {"name": "__nt_hdr", "role": "header"},
        {"name": "__nt_map_dmat", "role": "map", "map": "dmat"}]
    (spec,) = m.maps
    assert (spec.kind, spec.level, spec.capacity, spec.pool, spec.header_slot) == (
        "record", "thread", None, 1 << 22, 0)
    assert spec.dtype == [["clock", "<u8"], ["addr", "<u8"], ["bytes", "<u4"]]
    assert spec.itemsize == 24 and spec.field_offsets() == {
        "clock": (0, "<u8"), "addr": (8, "<u8"), "bytes": (16, "<u4")}
    # the pool whatever the grid, in 64 shards after their cursors (64 x 128 B, in whole items)
    assert (spec.shards, spec.first_item) == (64, 342) and 342 * 24 >= 64 * 128 > 341 * 24
    assert spec.nbytes((100, 1, 1), (256, 1, 1)) == 24 * (342 + (1 << 22))
    assert m.positions == {"probe 0 (before ld.global, st.global, atom.global, red.global)": 3}
    assert m.header_nbytes() == 16
    assert m.probe["hash"] and m.probe["file"].endswith("dmat.probe")


def test_fixed_record_layout_has_counts_after_items():
    m = manifest_of("map s[warp]: record(3) { u64 a; u32 b; }\nexit { s.save(clock(), smid()); }\n")
    spec = m.maps[0]
    grid, block = (4, 1, 1), (40, 1, 1)                            # 8 warps
    assert spec.itemsize == 16
    assert spec.items(grid, block) == 8 * 3
    assert spec.counts_offset(grid, block) == 8 * 3 * 16
    assert spec.nbytes(grid, block) == 8 * 3 * 16 + 8 * 4
    assert "counts" in spec.rule()


def test_counter_and_hist_layouts():
    m = manifest_of("map c[thread]: counter { u32 a; u64 b; }\nmap h: hist[100] u32;\n"
                    "before ld.global { c.a += 1; c.b += BYTES; h[threadid() % 100] += 1; }\n")
    c, h = m.maps
    assert (c.header_slot, h.header_slot) == (0, 1)
    assert c.numpy_dtype() == np.dtype([("a", "<u4"), ("b", "<u8")], align=True)
    assert c.nbytes((2, 1, 1), (64, 1, 1)) == 128 * 16
    assert (h.kind, h.capacity, h.nbytes((2, 1, 1), (64, 1, 1))) == ("hist", 100, 400)
    assert [p.name for p in m.params] == ["__nt_hdr", "__nt_map_c", "__nt_map_h"]
    assert m.header_nbytes() == 32


def test_registers_added_are_declared_in_the_kernel():
    result = instrument(parse_ptx(VECTOR_ADD.read_text(), cache=False),
                        load_file(probes_dir() / "block_sched.probe"))
    m = result.manifests["vector_add"]
    fn = result.module.function("vector_add")
    declared = {t: sum(1 for r, ty in fn.declared_registers().items()
                       if r.startswith("%nt_") and ty == t) for t in m.registers_added}
    assert declared == m.registers_added and m.registers_added["u64"] >= 1


def test_json_round_trip():
    m = manifest_of("map d[thread]: record { u64 a; } pool 10\nbefore st.global { d.save(ADDR); }\n")
    data = json.loads(m.dumps())
    assert data["version"] == 1 and data["target"] == "ptx" and data["kernel"] == "vector_add"
    assert data["maps"][0]["rule"] == "pool 10 x 8 B"
    back = Manifest.from_json(data)
    assert back.to_json() == m.to_json()
    assert Manifest.from_json(m.dumps()).maps[0] == MapSpec("d", "record", "thread", [["a", "<u8"]],
                                                            None, 10, 0)


def test_pool_shards_split_pools_into_whole_chunks():
    assert [pool_shards(p) for p in (100, 256, 512, 768, 1024, 1 << 14, 1 << 22, 1 << 28)] == [
        1, 1, 2, 1, 4, 64, 64, 64]
    # chunks of 256 records, shard after shard: record k of shard s
    assert [shard_item(10, 4, 1, k) for k in (0, 255, 256, 257)] == [
        10 + 256, 10 + 511, 10 + 1024 + 256, 10 + 1024 + 257]
    spec = manifest_of("map d[thread]: record { u64 a; } pool 1024\n"
                       "before st.global { d.save(ADDR); }\n").maps[0]
    assert (spec.shards, spec.first_item, spec.items(1, 1)) == (4, 64, 64 + 1024)
    assert Manifest.from_json(json.loads(manifest_of(
        "map d[thread]: record { u64 a; } pool 1024\nbefore st.global { d.save(ADDR); }\n"
    ).dumps())).maps[0].shards == 4


def test_unknown_manifest_version_is_refused():
    with pytest.raises(ValueError, match="version"):
        Manifest.from_json({"version": 99})


def test_zero_matches_is_a_warning():
    m = manifest_of('map r[warp]: record { u64 c; }\nbefore mark("nowhere") { r.save(clock()); }\n')
    assert m.positions == {'probe 0 (before mark("nowhere"))': 0}
    assert m.warnings == ['probe 0 (before mark("nowhere")) matched nothing in vector_add']


def test_a_probe_that_matches_nothing_in_many_kernels_warns_once():
    """One warning per probe, naming the kernels (the first few and how many more), not one per
    kernel: a framework's module of hundreds of kernels would print hundreds of lines."""
    head, body = VECTOR_ADD.read_text().split(".visible .entry", 1)
    kernels = "".join(f".visible .entry{body.replace('vector_add', f'k{n}')}" for n in range(6))
    result = instrument(parse_ptx(head + kernels, cache=False),
                        load('map m[thread]: record(1) { u64 x; }\nbefore mark("nowhere") { m.save(1); }\n',
                             "n.probe"))
    nothing = [d.message for d in result.diagnostics if "matched nothing" in d.message]
    assert nothing == ['probe 0 (before mark("nowhere")) matched nothing in 6 kernels: '
                       'k0, k1, k2, k3 (+2 more)']
    assert all(m.warnings == [f'probe 0 (before mark("nowhere")) matched nothing in {k}']
               for k, m in result.manifests.items())
