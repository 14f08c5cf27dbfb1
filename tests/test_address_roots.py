"""Which accesses of a basic block address one register value plus a constant
(`targets/ptx/address_roots.py`, `PtxKernel.address_delta`): the facts chains of held-back
saves rest on (contracts §4, "Chains")."""
from __future__ import annotations

import pytest

from neutrino_py.asm import parse_ptx
from neutrino_py.targets.ptx import address_roots
from neutrino_py.targets.ptx.target import PTX

HEAD = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_x)
{
    .reg .pred %p<3>;
    .reg .b32 %r<9>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [k_x];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
BODY
    ret;
}
"""


def deltas(body: str) -> list[int | None]:
    """address_delta of every access after the first against the first."""
    module = parse_ptx(HEAD.replace("BODY", body), cache=False)
    fn = next(module.kernels())
    kernel = PTX.open(module, fn, {}, [])
    accesses = [i for i in fn.instructions() if i.opcode in ("ld", "st") and i.address is not None
                and i.space != "param"]
    return [kernel.address_delta(accesses[0], a) for a in accesses[1:]]


@pytest.mark.parametrize("body, want", [
    # additions and subtractions of constants, a copy, the operand's own offset
    ("""    add.s64 %rd4, %rd3, 512;
    sub.s64 %rd5, %rd4, 16;
    mov.b64 %rd6, %rd5;
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd4];
    ld.global.u32 %r4, [%rd5+8];
    ld.global.u32 %r5, [%rd6-4];""", [512, 504, 492]),
    # moved on by a constant between two accesses: the second sees the moved value
    ("""    ld.global.u32 %r2, [%rd3];
    add.s64 %rd3, %rd3, 64;
    st.global.u32 [%rd3], %r2;""", [64]),
    # reloaded, multiplied, a guarded addition, another state space: not known
    ("""    ld.global.u32 %r2, [%rd3];
    ld.global.u64 %rd3, [%rd1];
    ld.global.u32 %r3, [%rd3];""", [None, None]),
    ("""    ld.global.u32 %r2, [%rd3];
    mul.lo.s64 %rd4, %rd3, 2;
    ld.global.u32 %r3, [%rd4];""", [None]),
    ("""    setp.eq.u32 %p1, %r1, 0;
    @%p1 add.s64 %rd4, %rd3, 4;
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd4];""", [None]),
    ("""    ld.global.u32 %r2, [%rd3];
    ld.u32 %r3, [%rd3+4];""", [None]),
    # two registers, each its own root: not known; wrap-around modulo 2**64
    ("""    add.s64 %rd4, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd4];""", [None]),
    ("""    add.s64 %rd4, %rd3, -8;
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd4];""", [(1 << 64) - 8]),
])
def test_address_deltas(body, want):
    assert deltas(body) == want


def test_a_definition_beyond_the_look_back_is_not_known():
    """The addition stands MAX_LOOKBACK + 1 instructions before the access: not looked at, so
    the second access's root is not known (never taken for the block's entry value)."""
    filler = "\n".join("    add.u32 %r8, %r8, 1;" for _ in range(address_roots.MAX_LOOKBACK + 1))
    body = f"""    add.s64 %rd4, %rd3, 16;
    ld.global.u32 %r2, [%rd3];
{filler}
    ld.global.u32 %r3, [%rd4];"""
    assert deltas(body) == [None]
    near = body.replace(filler, "\n".join(filler.splitlines()[:8]))
    assert deltas(near) == [16]


def test_the_look_back_passes_labels_no_branch_names_but_not_joins(monkeypatch):
    """A label no branch names ends no basic block (`asm.cfg`); a block whose only predecessor
    leads only to it (a `bra.uni` to the next label) is passed through, MAX_PASSED of them; a
    label a branch names with two ways in stops it: the value there is not known to be the one
    before."""
    body = """    add.s64 %rd4, %rd3, 16;
$L_line:
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd4];"""
    assert deltas(body) == [16]
    joined = """    setp.eq.u32 %p1, %r1, 0;
    @%p1 bra $L_join;
    add.s64 %rd3, %rd3, 16;
$L_join:
    add.s64 %rd4, %rd3, 16;
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd4];"""
    assert deltas(joined) == [16]
    far = """    add.s64 %rd4, %rd3, 16;
    setp.eq.u32 %p1, %r1, 0;
    @%p1 bra $L_join;
    add.u32 %r8, %r8, 1;
$L_join:
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd4];"""
    assert deltas(far) == [None]
    jumped = body.replace("$L_line:", "    bra.uni $L_line;\n$L_line:")
    assert deltas(jumped) == [16]
    monkeypatch.setattr(address_roots, "MAX_PASSED", 0)
    assert deltas(jumped) == [None] and deltas(body) == [16]
