"""asm.gcn_reach: the module variables a GCN kernel reaches, which the HIP shim copies between the
program's module and the twin (contracts §6 "Module variables"). Checked on a hand-written module
(calls, GOT references, initialisers, strings, section stacks, an extern) and on every kernel of
the corpus (clang 19 output), each assembled and linked with llvm-mc + ld.lld: the linked code
object's symbol table is the oracle for what is defined and which section is writable."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from neutrino_py import probe
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.asm.gcn_reach import reached
from neutrino_py.asm.reach import Variable
from neutrino_py.assemble import gcn as tools
from neutrino_py.hook.engine import Engine

CORPUS = Path(__file__).parent / "corpus_gcn"
pytestmark = pytest.mark.skipif(
    any(tools.llvm_tool(t) is None for t in ("llvm-mc", "ld.lld", "llvm-readelf")) or not tools.supports("gfx942"),
    reason="needs llvm-mc, ld.lld and llvm-readelf (apt-get install llvm-19 lld-19)")


def linked_objects(text: str) -> dict[str, bool]:
    """The data objects the linked code object defines, each with whether its section is
    writable (llvm-readelf's view of ld.lld's output; kernel descriptors left out)."""
    out = subprocess.run([str(tools.llvm_tool("llvm-readelf")), "-S", "-s", "--wide", "/dev/stdin"],
                         input=tools.gcn_to_hsaco(text, parse_gcn(text).target_id), capture_output=True,
                         check=True).stdout.decode()
    writable = {int(m[1]): "W" in m[2] for m in re.finditer(
        r"^\s*\[\s*(\d+)\]\s+\S*\s+\S+\s+(?:[0-9a-f]+ ){3}[0-9a-f]{2}\s+([A-Za-z]*)\s+\d", out, re.M)}
    symbols = out.split("Symbol table '.symtab'")[1]
    return {m[2]: writable[int(m[1])] for m in re.finditer(
        r"^\s*\d+: [0-9a-f]+\s+\d+ OBJECT\s+\w+\s+\w+\s+(\d+) (\S+)$", symbols, re.M)
        if not m[2].endswith(".kd")}


def refer(name: str, at: int = 6) -> str:
    """The address of `name` into s[at:at+1], as clang writes it (a GOT entry for `@got`)."""
    reloc = "gotpcrel32" if name.endswith("@got") else "rel32"
    name = name.removesuffix("@got")
    return (f"\ts_getpc_b64 s[{at}:{at + 1}]\n\ts_add_u32 s{at}, s{at}, {name}@{reloc}@lo+4\n"
            f"\ts_addc_u32 s{at + 1}, s{at + 1}, {name}@{reloc}@hi+12\n")


def data(name: str, section: str, body: str, glob: bool = True) -> str:
    return (f"\t.type\t{name},@object\n\t{section}\n" + (f"\t.protected\t{name}\n\t.globl\t{name}\n" if glob else "")
            + f"\t.p2align\t3, 0x0\n{name}:\n{body}\t.size\t{name}, 8\n")


def function(name: str, body: str) -> str:
    return (f"\t.text\n\t.p2align\t2\n\t.type\t{name},@function\n{name}:\n{body}\ts_setpc_b64 s[30:31]\n"
            f".Lfunc_end_{name}:\n\t.size\t{name}, .Lfunc_end_{name}-{name}\n")


def hand_written(extern: bool) -> str:
    """Kernel k reads `scale` (.rodata), the string `msg` (local, mergeable strings section),
    `after_pop` and (`extern`) `ext`, defined elsewhere, through the GOT (which ld.lld refuses in a
    code object), takes `table_ptr`'s address and calls
    `bump`, which names `counter`; `table_ptr` is initialised with `lut`'s address (pushed into a
    read-only section); `other`, which nothing calls, names `unused`."""
    import test_gcn_external as external

    body = (refer("scale") + refer("msg") + (refer("ext@got") if extern else "") + refer("after_pop") + refer("table_ptr")
            + refer("bump", 30 - 2) + "\ts_swappc_b64 s[30:31], s[28:29]\n\ts_endpgm\n")
    return (external.module("gfx942", body, 1, 32)
            + function("bump", refer("counter", 4)) + function("other", refer("unused", 4))
            + data("scale", ".section\t.rodata,\"a\",@progbits", "\t.long\t7\n\t.long\t0\n")
            + data("counter", ".bss", "\t.zero\t8\n")
            + data("table_ptr", ".data", "\t.quad\tlut\n")
            + data("lut", ".pushsection\t.rodata.lut,\"a\",@progbits", "\t.quad\t0x1f2e3d4c\n") + "\t.popsection\n"
            + data("after_pop", "", "\t.quad\t-1\n")
            + data("msg", ".section\t.rodata.str1.1,\"aMS\",@progbits,1", '\t.asciz\t"lut, counter"\n', glob=False)
            + ("\t.type\text,@object\n" if extern else "")
            + data("unused", ".bss", "\t.zero\t8\n"))


def test_hand_written_module_lists_what_its_kernel_reaches():
    """Listed: `scale` (read only), `msg` (read only: its words are a string, not names),
    `after_pop` (in .data again after .popsection), `lut` (read only, reached through
    `table_ptr`'s initialiser) and `counter` (through the called `bump`), in the module's order.
    Not listed: `table_ptr` (initialised with an address: the twin's must point into the twin),
    `ext` (not defined here) and `unused` (only `other` names it). The linked code object agrees
    on what is defined and what is writable."""
    text = hand_written(extern=False)
    got = reached(parse_gcn(text), "k")
    assert reached(parse_gcn(hand_written(extern=True)), "k") == got == [
        Variable("scale", False), Variable("counter", True), Variable("lut", False), Variable("after_pop", True),
        Variable("msg", False)]
    linked = linked_objects(text)
    assert set(linked) == {"scale", "counter", "table_ptr", "lut", "after_pop", "msg", "unused"}
    assert all(linked[v.name] == v.writable for v in got)
    assert reached(parse_gcn(text), "other") == [Variable("unused", True)]


def test_corpus_kernels_list_only_the_variables_they_reach():
    """Over every kernel of the corpus, one reaches a variable: scalar's const_table reads the
    `__constant__ int table[16]` (in .data, as clang puts a __constant__ the host may write, so
    writable). calls' call_indirect reaches its function table, initialised with the functions'
    addresses, and is left out; no kernel names unoptimized's `.str` or `__oclc_ABI_version`, nor
    any module's `__hip_cuid_*`."""
    listed, kernels = {}, 0
    for path in sorted(CORPUS.glob("*.s")):
        text = path.read_text()
        module = parse_gcn(text, str(path))
        for name in module.kernel_names():
            kernels += 1
            got = reached(module, name)
            if got:
                listed[path.name, name] = got
                linked = linked_objects(text)
                assert all(linked[v.name] == v.writable for v in got)
    assert kernels == 450                    # of 102 modules
    assert listed == {(f"scalar.{arch}.s", "const_table"): [Variable("table", True)] for arch in ("gfx90a", "gfx942")}


def test_engine_reply_carries_the_variables(tmp_path):
    """The instrument reply of const_table names `table` as CUDA's names a PTX variable
    (`var 1 table`); a kernel of the same module that reaches none has no var line."""
    text = (CORPUS / "scalar.gfx942.s").read_text()
    (tmp_path / "scalar.s").write_text(text)
    engine = Engine(probe.load_file("hotness"), gcn_asm=[tmp_path])
    code = tools.gcn_to_hsaco(text, "gfx942")
    reply = engine(code, "const_table", "gfx942").reply("/c/k.hsaco").splitlines()
    assert [line for line in reply if line.startswith("var ")] == ["var 1 table"]
    assert not any(line.startswith("var ") for line in engine(code, "scalar_loop", "gfx942").reply("/c").splitlines())
