"""Hostile input for every command: no traceback ever, exit code 2 with ``file:line:col`` where
the input has a position, and nothing partial left behind (no temporary files, no outputs, no
empty cache entries).

Each case is data: the files to create, the command line (``{d}`` is the case's folder), the exit
code, and what stderr must start with. One runner executes them all in process, so an uncaught
exception fails the case with its traceback.
"""
from __future__ import annotations

import json
import os
import re
import stat
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

from neutrino_py.cli import main
from tests.synthetic import standard

ROOT = Path(__file__).resolve().parent.parent
VA = (ROOT / "examples" / "vector_add.ptx").read_text()
GCN = (ROOT / "tests" / "corpus_gcn" / "kernels.gfx90a.s").read_text()
HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"
OK_PROBE = "map m[thread]: counter { u64 n; }\nexit { m.n += 1; }\n"


def kernel(body: str) -> str:
    return HEAD + ".visible .entry k(.param .u64 p)\n{\n" + body + "ret;\n}\n"


def nested(depth: int) -> str:
    return kernel("{\n" * depth + "}\n" * depth)


@dataclass
class Case:
    id: str
    argv: list[str]
    files: dict[str, str | bytes] = field(default_factory=dict)
    rc: int = 2
    err: str = ""                 # regex stderr must match at its start ("" = anything)
    absent: tuple[str, ...] = ()  # globs (in the case folder) that must match nothing after
    edit: Callable[[dict, Path], Any] | None = None   # changes a copy of the standard run
                                                      # (its trace.json, and the folder)
    out: str = ""                 # regex stdout must contain ("" = anything)
    executable: tuple[str, ...] = ()   # files to chmod +x


def _ptx(id: str, text: str | bytes, err: str, rc: int = 2) -> list[Case]:
    """The same hostile PTX through inspect and instrument."""
    return [Case(f"inspect-{id}", ["inspect", "{d}/in.ptx"], {"in.ptx": text}, rc, err),
            Case(f"instrument-{id}", ["instrument", "--probe", "dmat", "{d}/in.ptx", "-o",
                                      "{d}/out.ptx"], {"in.ptx": text}, rc, err,
                 () if rc == 0 else ("out.ptx", "out.manifest.json"))]


def at(line: int, col: int, what: str, file: str = "in.ptx") -> str:
    return re.escape(f"{{d}}/{file}:{line}:{col}: error: {what}")


PTX_CASES = [
    *_ptx("empty", "", at(1, 1, "empty PTX module")),
    *_ptx("comments-only", "// nothing here\n/* at all */\n", at(1, 1, "empty PTX module")),
    *_ptx("no-version", ".target sm_90\n.visible .entry k()\n{\nret;\n}\n",
          at(1, 1, "a PTX module starts with its .version directive")),
    *_ptx("unknown-opcode", kernel(".reg .f32 %f<3>;\nfrobnicate.f32 %f1, %f2;\n"),
          at(7, 1, "unknown instruction 'frobnicate' (not in PTX ISA 9.0")),
    *_ptx("unknown-body-directive", kernel(".frob 1;\n"), at(6, 1, "unknown directive '.frob'")),
    *_ptx("unknown-module-directive", HEAD + ".frobdir 3;\n.visible .entry k()\n{\nret;\n}\n",
          at(4, 1, "unknown directive '.frobdir'")),
    *_ptx("unknown-perf-directive", HEAD + ".visible .entry k() .maxfrob 4\n{\nret;\n}\n",
          at(4, 21, "unknown directive '.maxfrob'")),
    *_ptx("nested-250", nested(250), at(205, 1, "blocks nested more than 200 deep")),
    *_ptx("nested-5000", nested(5000), at(205, 1, "blocks nested more than 200 deep")),
    *_ptx("unclosed-brace", HEAD + ".visible .entry k()\n{\nret;\n", at(5, 1, "'{' is never closed")),
    *_ptx("stray-brace", HEAD + ".visible .entry k()\n{\nret;\n}\n}\n", at(8, 1, "unexpected '}'")),
    *_ptx("unclosed-comment", HEAD + "/* oops\n.visible .entry k()\n{\nret;\n}\n",
          at(4, 1, "unexpected '/'")),
    *_ptx("module-missing-semicolon", HEAD + ".global .u32 x\n.visible .entry k()\n{\nret;\n}\n",
          at(4, 15, "missing ';' at the end of the line")),
    *_ptx("body-missing-semicolon", kernel("mov.u32 %r1, 1\nmov.u32 %r2, 2;\n"),
          at(6, 15, "missing ';' at the end of the line")),
    *_ptx("bad-operand", kernel("add.f32 %f1 %f1, %f2;\n"), at(6, 13, "unexpected '%f1'")),
    *_ptx("bad-vector", kernel("mov.b64 %rd1, {%r1, +};\n"), at(6, 21, "unexpected '+'")),
    *_ptx("unclosed-initializer", HEAD + ".global .u32 x[2] = {1, 2;\n",
          at(4, 21, "'{' is never closed")),
    *_ptx("binary-elf", b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)),
          re.escape("{d}/in.ptx is an ELF file (a cubin, a code object, a library or a program), "
                    "not PTX or GCN assembly text\n  fix: print the PTX a CUDA binary carries "
                    "with `cuobjdump -ptx {d}/in.ptx`")),
    *_ptx("binary-fatbin", b"\x50\xed\x55\xba\x01\x00\x10\x00" + bytes(64),
          re.escape("{d}/in.ptx is a CUDA fatbin, not PTX or GCN assembly text")),
    *_ptx("binary-nul", b".version 8.0\n\0\0\0garbage", re.escape("{d}/in.ptx is binary data, not PTX")),
    *_ptx("version-word", ".version eight\n.target sm_90\n", at(1, 10, "unexpected 'eight'")),
    *_ptx("non-utf8-comment", VA.replace("// .globl", "// caf\udce9 .globl").encode(
        "utf-8", "surrogateescape"), "", rc=0),
    *_ptx("crlf", VA.replace("\n", "\r\n"), "", rc=0),
    Case("inspect-directory", ["inspect", "{d}"], err=re.escape("cannot read {d}: it is a directory")),
    Case("inspect-missing", ["inspect", "{d}/nope.ptx"],
         err=re.escape("cannot read {d}/nope.ptx: No such file or directory")),
    Case("inspect-no-such-kernel", ["inspect", "--kernel", "nope", "{d}/in.ptx"], {"in.ptx": VA},
         err=re.escape("no kernel or function 'nope' in {d}/in.ptx")),
    Case("inspect-allow-unknown", ["inspect", "--allow-unknown", "{d}/in.ptx"],
         {"in.ptx": kernel(".reg .f32 %f<3>;\nfrobnicate.f32 %f1, %f2;\n")}, rc=0),
    Case("instrument-allow-unknown", ["instrument", "--allow-unknown", "--probe", "block_sched",
                                      "{d}/in.ptx", "-o", "{d}/out.ptx"],
         {"in.ptx": kernel(".reg .f32 %f<3>;\nfrobnicate.f32 %f1, %f2;\n")}, rc=0),
]

GCN_CASES = [
    Case("inspect-gcn-bad-yaml", ["inspect", "{d}/in.s"],
         {"in.s": GCN.replace("amdhsa.kernels:\n", "amdhsa.kernels: [\n  - {{{\n", 1)},
         err=at(1135, 3, "malformed .amdgpu_metadata: expected the node content", "in.s")),
    Case("instrument-gcn-bad-yaml", ["instrument", "--probe", "dmat", "{d}/in.s", "-o", "{d}/o.s"],
         {"in.s": GCN.replace("amdhsa.kernels:\n", "amdhsa.kernels: [\n  - {{{\n", 1)},
         err=at(1135, 3, "malformed .amdgpu_metadata", "in.s"), absent=("o.s", "o.manifest.json")),
    Case("instrument-gcn-yaml-not-kernels", ["instrument", "--probe", "dmat", "{d}/in.s", "-o",
                                             "{d}/o.s"],
         {"in.s": GCN.replace("amdhsa.kernels:\n", "amdhsa.kernels: 5\nx:\n", 1)},
         err=at(1132, 2, "malformed .amdgpu_metadata: expected a mapping", "in.s"),
         absent=("o.s",)),
    Case("inspect-gcn-empty", ["inspect", "{d}/in.s"], {"in.s": ""},
         err=at(1, 1, "empty GCN module", "in.s")),
    Case("inspect-gcn-garbage", ["inspect", "{d}/in.s"],
         {"in.s": '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"\n\tv_add_u32 v1, , v2\n'},
         err=at(2, 16, "cannot parse GCN assembly", "in.s")),
]

PROBE_CASES = [
    Case("check-empty", ["check", "{d}/p.probe"], {"p.probe": ""},
         err=at(1, 1, "empty probe file", "p.probe")),
    Case("check-binary", ["check", "{d}/p.probe"], {"p.probe": b"\x00\xff\xfe garbage\n"},
         err=re.escape("{d}/p.probe:1:")),
    Case("check-non-utf8", ["check", "{d}/p.probe"], {"p.probe": b"// caf\xe9\n" + OK_PROBE.encode()},
         err=at(1, 7, "", "p.probe")),
    # a character device is refused before a byte is read (it was read up to the size bound: a
    # terminal waited for typing)
    Case("check-dev-zero", ["check", "/dev/zero"],
         err=re.escape("error: cannot read /dev/zero: it is a character device, not a .probe file")),
    Case("check-directory", ["check", "{d}"], err=re.escape("error: cannot read {d}: it is a directory")),
    Case("check-missing", ["check", "{d}/nope.probe"],
         err=re.escape("error: no probe file '{d}/nope.probe'")),
    Case("check-unknown-helper", ["check", "{d}/p.probe"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nexit { m.n += frob(); }\n"},
         err=at(2, 15, "", "p.probe")),
    Case("check-unknown-map", ["check", "{d}/p.probe"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nexit { q.n += 1; }\n"},
         err=at(2, 8, "", "p.probe")),
    Case("check-huge-literal", ["check", "{d}/p.probe"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nexit { m.n += 1" + "0" * 60 + "; }\n"},
         err=at(2, 15, "", "p.probe")),
    Case("check-huge-hist", ["check", "{d}/p.probe"],
         {"p.probe": "map h: hist[1 << 62] u32;\nexit { h[0] += 1; }\n"}, err=at(1, 13, "", "p.probe")),
    Case("check-record-0", ["check", "{d}/p.probe"],
         {"p.probe": "map r[thread]: record(0) { u64 a; }\nexit { r.save(clock()); }\n"},
         err=at(1, 23, "", "p.probe")),
    # a float constant the field's type cannot hold reached the renderer (OverflowError)
    Case("instrument-f32-constant-too-large", ["instrument", "--probe", "{d}/p.probe",
                                               "{d}/in.ptx", "-o", "{d}/out.ptx"],
         {"p.probe": "map m[warp]: counter { f32 t; }\nexit { m.t += 3.5e38; }\n", "in.ptx": VA},
         err=at(2, 15, "the constant 3.5e+38 does not fit in f32 (field 'm.t')", "p.probe"),
         absent=("out.ptx",)),
    Case("check-f32-cast-too-large", ["check", "{d}/p.probe"],
         {"p.probe": "map m[warp]: counter { f64 t; }\nexit { m.t += (f32)1e39; }\n"},
         err=at(2, 20, "the constant 1e+39 does not fit in f32 (the cast)", "p.probe")),
    Case("check-f64-overflow-folded", ["check", "{d}/p.probe"],
         {"p.probe": "map m[warp]: counter { f64 t; }\nexit { m.t += 1e308 * 10.0; }\n"},
         err=at(2, 15, "the constant 1e308 * 10.0 does not fit in f64", "p.probe")),
    Case("check-hex-underscore-only", ["check", "{d}/p.probe"],            # was a ValueError
         {"p.probe": "map m[warp]: counter { u64 t; }\nexit { m.t += 0x_; }\n"},
         err=at(2, 15, "'0x_' is not a number", "p.probe")),
    Case("check-bad-number-suffix", ["check", "{d}/p.probe"],
         {"p.probe": "map m[warp]: counter { f64 t; }\nexit { m.t += 1.5f; }\n"},
         err=at(2, 15, "'1.5f' is not a number", "p.probe")),
    # the source line is shown as Lark counts lines (at \n only), one column per character
    Case("check-line-separator", ["check", "{d}/p.probe"],
         {"p.probe": "map m[warp]: counter { u64 t; }\nexit {\u2028m.t += 1; }\n"},
         err=at(2, 7, "unexpected character '\\u2028'", "p.probe") + r"\n    exit \{ m\.t"),
    Case("check-crlf-caret", ["check", "{d}/p.probe"],
         {"p.probe": "map m[warp]: counter { u64 t; }\r\nexit { m.t += frob; }\r\n"},
         err=at(2, 15, "undeclared register 'frob'", "p.probe")
         + re.escape("\n    exit { m.t += frob; }\n                  ^~~~\n")),
    Case("check-nul-byte", ["check", "{d}/p.probe"], {"p.probe": OK_PROBE.replace("exit", "ex\0it")},
         err=re.escape("{d}/p.probe:2:")),
    Case("check-500-parens", ["check", "{d}/p.probe"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nexit { m.n += " + "(" * 500 + "1"
          + ")" * 500 + "; }\n"}, err=at(2, 271, "expression with more than 256 operators", "p.probe")),
    Case("check-1000-terms", ["check", "{d}/p.probe"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nafter ld.global { m.n += "
          + " + ".join(["ADDR"] * 1000) + "; }\n"},
         err=at(2, 1823, "expression with more than 256 operators", "p.probe")),
    Case("check-2000-unary", ["check", "{d}/p.probe"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nexit { m.n += " + "-" * 2000 + "1; }\n"},
         err=at(2, 271, "expression with more than 256 operators", "p.probe")),
    Case("instrument-256-operators", ["instrument", "--probe", "{d}/p.probe", "{d}/in.ptx", "-o",
                                      "{d}/out.ptx"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nafter ld.global { m.n += "
          + " + ".join(["clock()"] * 60 + ["ADDR"] * 130) + "; }\n", "in.ptx": VA}, rc=0),
    Case("instrument-probe-error", ["instrument", "--probe", "{d}/p.probe", "{d}/in.ptx", "-o",
                                    "{d}/out.ptx"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nexit { m.n += frob(); }\n", "in.ptx": VA},
         err=at(2, 15, "", "p.probe"), absent=("out.ptx", "out.manifest.json")),
    Case("instrument-probe-missing", ["instrument", "--probe", "nope", "{d}/in.ptx", "-o",
                                      "{d}/out.ptx"], {"in.ptx": VA},
         err=re.escape("no probe file 'nope'"), absent=("out.ptx",)),
    # the map pointers the probe appends would pass PTX's parameter space (4352 bytes before PTX
    # 8.1, 32764 from it): said before ptxas refuses it, nothing written
    Case("instrument-param-space-80", ["instrument", "--probe", "dmat", "{d}/in.ptx", "-o",
                                       "{d}/out.ptx"],
         {"in.ptx": HEAD + ".visible .entry k(.param .align 8 .b8 big[4340], .param .u64 p)\n{\nret;\n}\n"},
         err=at(4, 1, "kernel k: its parameters take 4352 bytes, and the probe's 2 map pointers "
                      "would take them to 4368, past PTX 8.0's limit of 4352 bytes"),
         absent=("out.ptx", "out.manifest.json")),
    Case("instrument-param-space-81", ["instrument", "--probe", "dmat", "{d}/in.ptx", "-o",
                                       "{d}/out.ptx"],
         {"in.ptx": HEAD.replace("8.0", "8.1") + ".visible .entry k(.param .align 8 .b8 big[32752], "
                    ".param .u64 p)\n{\nret;\n}\n"},
         err=at(4, 1, "kernel k: its parameters take 32760 bytes, and the probe's 2 map pointers "
                      "would take them to 32776, past PTX 8.1's limit of 32764 bytes"),
         absent=("out.ptx", "out.manifest.json")),
]

OUTPUT_CASES = [
    Case("instrument-out-missing-dir", ["instrument", "--probe", "dmat", "{d}/in.ptx", "-o",
                                        "{d}/no/out.ptx"], {"in.ptx": VA},
         err=re.escape("cannot write {d}/no/out.ptx: No such file or directory")),
    Case("instrument-out-is-dir", ["instrument", "--probe", "dmat", "{d}/in.ptx", "-o", "{d}/sub"],
         {"in.ptx": VA, "sub/keep": "x"}, err=re.escape("cannot write {d}/sub: "),
         absent=("sub.manifest.json",)),
    Case("instrument-bad-regex", ["instrument", "--probe", "dmat", "-k", "(", "{d}/in.ptx", "-o",
                                  "{d}/out.ptx"], {"in.ptx": VA}, err="usage:", absent=("out.ptx",)),
    Case("instrument-no-kernel-matches", ["instrument", "--probe", "dmat", "-k", "zzz", "{d}/in.ptx",
                                          "-o", "{d}/out.ptx"], {"in.ptx": VA},
         err=re.escape("no kernel matching -k 'zzz'"), absent=("out.ptx", "out.manifest.json")),
    Case("instrument-input-directory", ["instrument", "--probe", "dmat", "{d}", "-o", "{d}/o.ptx"],
         err=re.escape("cannot read {d}: it is a directory"), absent=("o.ptx",)),
    # the output is renamed over its path: -o naming an input would replace it (was: exit 0,
    # the input PTX or the probe overwritten)
    Case("instrument-out-is-input", ["instrument", "--probe", "dmat", "{d}/in.ptx", "-o",
                                     "{d}/in.ptx"], {"in.ptx": VA},
         err=re.escape("cannot write {d}/in.ptx: it is the input, which the output would replace"),
         absent=("in.manifest.json",)),
    Case("instrument-out-is-input-another-way", ["instrument", "--probe", "dmat", "{d}/in.ptx",
                                                 "-o", "{d}/sub/../in.ptx"],
         {"in.ptx": VA, "sub/keep": "x"},
         err=re.escape("cannot write {d}/sub/../in.ptx: it is the input")),
    Case("instrument-out-is-probe", ["instrument", "--probe", "{d}/p.probe", "{d}/in.ptx", "-o",
                                     "{d}/p.probe"], {"in.ptx": VA, "p.probe": OK_PROBE},
         err=re.escape("cannot write {d}/p.probe: it is the probe file"),
         absent=("p.manifest.json",)),
    Case("instrument-manifest-is-input", ["instrument", "--probe", "dmat", "{d}/in.manifest.json",
                                          "-o", "{d}/in.ptx"], {"in.manifest.json": VA},
         err=re.escape("cannot write {d}/in.manifest.json: it is the input"), absent=("in.ptx",)),
    # launch shapes and GPU names a launch or the assembler would refuse are usage errors (were:
    # an occupancy estimate for --block 2000; a traceback from nvJitLink for --arch gfx90a; the
    # process killed by nvJitLink, exit 1 and no message, for --arch sm_5)
    *[Case(f"instrument-{flag[2:]}-{value}", ["instrument", "--probe", "dmat", "{d}/in.ptx", "-o",
                                              "{d}/out.ptx", flag, value], {"in.ptx": VA},
           err=r"usage:(.|\n)*" + re.escape(f"argument {flag}: {what}"), absent=("out.ptx",))
      for flag, value, what in [
          ("--block", "2000", "block shape '2000' is larger than a GPU launches (at most 1024 x "
                              "1024 x 64, 1024 threads in all)"),
          ("--block", "32,32,2", "block shape '32,32,2' is larger than a GPU launches"),
          ("--block", "1,1,65", "block shape '1,1,65' is larger"),
          ("--block", "0", "not a block shape: '0'"),
          ("--grid", "-1", "not a launch shape: '-1'"),
          ("--grid", "1,65536", "launch shape '1,65536' is larger than a GPU launches (at most "
                                "2147483647 x 65535 x 65535)"),
          ("--grid", "99999999999999999999999", "launch shape '99999999999999999999999' is larger"),
          ("--arch", "sm_5", "not a GPU architecture: 'sm_5' (write e.g. sm_90)"),
          ("--arch", "gfx90a", "not a GPU architecture: 'gfx90a'"),
          ("--arch", "", "not a GPU architecture: ''")]],
    Case("instrument-arch-unknown-to-nvjitlink", ["instrument", "--probe", "dmat", "{d}/in.ptx",
                                                  "-o", "{d}/out.ptx", "--arch", "sm_99"],
         {"in.ptx": VA}, rc=0, out=r"registers and occupancy not computed"),
    Case("instrument-regex-too-large", ["instrument", "--probe", "dmat", "-k", "a{99999999999}",
                                        "{d}/in.ptx", "-o", "{d}/out.ptx"], {"in.ptx": VA},
         err=r"usage:(.|\n)*invalid regular expression 'a\{99999999999\}': the repetition number "
             "is too large", absent=("out.ptx",)),
    # paths the system refuses to look up (were: tracebacks from open() and stat())
    Case("inspect-nul-in-path", ["inspect", "{d}/a\0b.ptx"],
         err=re.escape("cannot read '{d}/a\\x00b.ptx': a path cannot hold a NUL byte")),
    Case("inspect-name-too-long", ["inspect", "{d}/" + "x" * 5000],
         err=re.escape("cannot read {d}/" + "x" * 5000 + ": File name too long")),
    Case("check-name-too-long", ["check", "x" * 5000],
         err=re.escape("error: no probe file '" + "x" * 5000 + "'")),
]

TRACE_CASES = [
    Case("trace-directory-as-program", ["trace", "--probe", "dmat", "--tracedir", "{d}/t", "--",
                                        "{d}"], err=re.escape("cannot run {d}: a directory"),
         absent=("t",)),
    Case("trace-missing-program", ["trace", "--probe", "dmat", "--tracedir", "{d}/t", "--",
                                   "{d}/nope"], err=re.escape("cannot run {d}/nope: not found"),
         absent=("t",)),
    Case("trace-not-executable", ["trace", "--probe", "dmat", "--tracedir", "{d}/t", "--",
                                  "{d}/p.probe"], {"p.probe": OK_PROBE},
         err=re.escape("cannot run {d}/p.probe: not executable"), absent=("t",)),
    Case("trace-exec-format-error", ["trace", "--probe", "dmat", "--tracedir", "{d}/t", "--",
                                     "{d}/prog"], {"prog": b"\x00\x01 not a program"},
         executable=("prog",), err=re.escape("cannot run {d}/prog: Exec format error"),
         absent=("t/*",)),
    Case("trace-empty-program-name", ["trace", "--probe", "dmat", "--tracedir", "{d}/t", "--", ""],
         err=re.escape("cannot run '': an empty program name"), absent=("t",)),
    Case("trace-no-program", ["trace", "--probe", "dmat", "--tracedir", "{d}/t"],
         err=re.escape("no program to trace"), absent=("t",)),
    Case("trace-bad-probe", ["trace", "--probe", "{d}/p.probe", "--tracedir", "{d}/t", "--", "true"],
         {"p.probe": "map m[thread]: counter { u64 n; }\nexit { m.n += frob(); }\n"},
         err=at(2, 15, "", "p.probe"), absent=("t",)),
    Case("trace-missing-probe", ["trace", "--probe", "{d}/nope.probe", "--", "true"],
         err=re.escape("no probe file '{d}/nope.probe'")),
    Case("trace-bad-regex", ["trace", "--probe", "dmat", "-k", "[", "--", "true"], err="usage:"),
    Case("trace-max-bytes-zero", ["trace", "--probe", "dmat", "--max-bytes", "0", "--tracedir",
                                  "{d}/t", "--", "true"], err="usage:", absent=("t",)),
]

REPORT_CASES = [
    Case("report-missing", ["report", "{d}/nope"], err=re.escape("no trace at {d}/nope")),
    Case("report-a-file", ["report", "{d}/f"], {"f": "x"}, err=re.escape("no trace at {d}/f")),
    Case("report-empty-dir", ["report", "{d}"], err=re.escape("{d} holds no trace runs")),
    Case("report-trace-json-garbage", ["report", "{d}/r"], {"r/trace.json": "{not json"},
         err=re.escape("{d}/r/trace.json")),
    Case("report-trace-json-list", ["report", "{d}/r"], {"r/trace.json": "[]"},
         err=re.escape("{d}/r/trace.json")),
    Case("report-unknown-tool", ["report", "{run}", "-t", "nosuch"], err=re.escape("no tool named 'nosuch'")),
    Case("report-option-no-value", ["report", "{run}", "-O", "top"], err=re.escape("bad option 'top'")),
    Case("report-option-not-a-number", ["report", "{run}", "-O", "top=abc"],
         err=re.escape("option top='abc': expected a whole number >= 0")),
    Case("report-option-negative", ["report", "{run}", "-O", "launch=-1", "-t", "block_sched"],
         err=re.escape("option launch=-1: expected a whole number >= 0")),
    Case("report-option-unknown", ["report", "{run}", "-O", "frob=1"],
         err=re.escape("no selected tool")),
    Case("report-launch-999", ["report", "{run}", "-O", "launch=999", "-t", "block_sched", "--plots",
                               "{d}/plots"], err=re.escape("-O launch=999: this trace has no such launch"),
         absent=("plots",)),
    Case("report-perfetto-missing-dir", ["report", "{run}", "--perfetto", "{d}/no/t.json"],
         err=re.escape("--perfetto {d}/no/t.json is in a folder that does not exist")),
    Case("report-perfetto-under-a-file", ["report", "{run}", "--perfetto", "{d}/f/t.json"], {"f": "x"},
         err=re.escape("--perfetto {d}/f/t.json")),
    Case("report-plots-is-a-file", ["report", "{run}", "--plots", "{d}/f"], {"f": "x"},
         err=re.escape("--plots {d}/f is a file, not a folder")),
    Case("report-bad-format", ["report", "{run}", "--format", "xml"], err="usage:"),
]

EXPORT_CASES = [
    Case("export-missing-trace", ["export", "{d}/nope", "-o", "{d}/out"],
         err=re.escape("no trace at {d}/nope"), absent=("out",)),
    Case("export-out-not-empty", ["export", "{run}", "-o", "{d}/out"], {"out/keep": "x"},
         err=re.escape("{d}/out exists and is not an empty folder")),
    Case("export-out-is-a-file", ["export", "{run}", "-o", "{d}/f"], {"f": "x"},
         err=re.escape("{d}/f exists and is not an empty folder")),
    Case("export-parent-missing", ["export", "{run}", "-o", "{d}/no/out"],
         err=re.escape("{d}/no does not exist"), absent=("no",)),
    Case("export-bad-format", ["export", "{run}", "-o", "{d}/out", "--format", "csv"], err="usage:",
         absent=("out",)),
    Case("export-bad-compression", ["export", "{run}", "-o", "{d}/out", "--compression", "frob"],
         err=re.escape("unknown compression"), absent=("out",)),
    Case("export-trace-json-garbage", ["export", "{d}/r", "-o", "{d}/out"],
         {"r/trace.json": "{not json"}, err=re.escape("{d}/r/trace.json"), absent=("out",)),
]

def _launch(seq: int, **changes: Any) -> Callable[[dict, Path], None]:
    return lambda meta, run: meta["launches"][seq].update(changes)


def _segment(seq: int, name: str, **changes: Any) -> Callable[[dict, Path], None]:
    """Change a map segment, with the kernel's manifest saying what the map should hold."""
    def edit(meta: dict, run: Path) -> None:
        launch = meta["launches"][seq]
        path = run / next(k for k in meta["kernels"] if k["hash"] == launch["kernel_hash"])[
            "files"]["manifest.json"]
        manifest = json.loads(path.read_text())
        for m in manifest["maps"]:
            if m["name"] == name:
                m["dtype"] = [["clock", "<u8"], ["addr", "<u8"], ["bytes", "<u4"]]
        path.write_text(json.dumps(manifest))
        launch["segments"][name].update(changes)
    return edit


def _kernel_file(which: str, rel: str) -> Callable[[dict, Path], None]:
    return lambda meta, run: meta["kernels"][0]["files"].update({which: rel})


UNREADABLE = r"skipped \d+ unreadable map file\(s\): "
TRACE_READER_CASES = [
    Case("report-version-99", ["report", "{copy}"], edit=lambda m, run: m.update(version=99),
         err=r".*trace\.json is trace format version 99; this neutrino_py reads versions 1 to 2"),
    Case("report-version-word", ["report", "{copy}"], edit=lambda m, run: m.update(version="two"),
         err=r".*trace format version 'two'"),
    Case("export-version-99", ["export", "{copy}", "-o", "{d}/out"],
         edit=lambda m, run: m.update(version=99), err=r".*trace format version 99", absent=("out",)),
    Case("report-data-outside", ["report", "{copy}", "-t", "dmat"], rc=0,
         edit=_launch(0, data="../../../../../../etc/passwd"),
         out=UNREADABLE + r"the trace at .* names '\.\./\.\./\.\./\.\./\.\./\.\./etc/passwd', "
                          "outside its run directory"),
    Case("report-data-absolute", ["report", "{copy}", "-t", "dmat"], rc=0,
         edit=_launch(0, data="/etc/passwd"), out=UNREADABLE + r"the trace at .* names '/etc/passwd'"),
    Case("report-v1-dir-outside", ["report", "{copy}", "-t", "dmat"], rc=0,
         edit=_launch(0, segments=None, dir="../../.."), out=UNREADABLE + r".*names '\.\./\.\./\.\.'"),
    Case("report-manifest-outside", ["report", "{copy}", "-t", "dmat"], rc=0,
         edit=_kernel_file("manifest.json", "../../../etc/passwd"),
         out=UNREADABLE + r".*names '\.\./\.\./\.\./etc/passwd'"),
    Case("report-map-dtype-mismatch", ["report", "{copy}", "-t", "dmat"], rc=0,
         edit=_segment(0, "dmat", dtype=[["clock", "<u4"], ["addr", "<u8"], ["bytes", "<u4"]]),
         out=UNREADABLE + r"map 'dmat' of launch 0 does not match its manifest: field 'clock' is "
                          r"uint32, the manifest says uint64"),
    Case("report-map-field-missing", ["report", "{copy}", "-t", "dmat"], rc=0,
         edit=_segment(0, "dmat", dtype=[["when", "<u8"], ["addr", "<u8"], ["bytes", "<u4"],
                                         ["", "|V4"]]),
         out=UNREADABLE + r"map 'dmat' of launch 0 does not match its manifest: field 'clock' is "
                          r"missing"),
    Case("report-segment-past-end", ["report", "{copy}", "-t", "dmat"], rc=0,
         edit=_segment(0, "dmat", offset=1 << 40),
         out=UNREADABLE + r"cannot read map 'dmat' of launch 0 .*past the end of the file"),
    # a trace.json that is not a trace is rebuilt from the events.jsonl beside it
    Case("report-no-kernels-key", ["report", "{copy}"], edit=lambda m, run: m.pop("kernels"),
         rc=0, out=r"trace\.json is damaged \(KeyError: missing key 'kernels'\): rebuilt from "
                   r"events\.jsonl"),
    # one damaged launch is left out, said in the report's warnings; the others are reported
    Case("report-launch-grid-garbage", ["report", "{copy}"], edit=_launch(0, grid=None), rc=0,
         out=r"1 damaged launch\(s\) left out of the trace \(#0: 'grid' is null, not 1 to 3 sizes\)"),
]

CASES = TRACE_READER_CASES + PTX_CASES + GCN_CASES + PROBE_CASES + OUTPUT_CASES + TRACE_CASES + REPORT_CASES + EXPORT_CASES


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    return standard(tmp_path_factory.mktemp("trace"))


def test_enough_cases_for_every_command():
    commands = {c.argv[0] for c in CASES}
    assert commands == {"inspect", "check", "instrument", "trace", "report", "export"}
    assert len(CASES) >= 60
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_hostile(case: Case, tmp_path, monkeypatch, capsys, run_dir):
    d = tmp_path / "case"
    d.mkdir()
    cache = tmp_path / "cache"
    monkeypatch.setenv("NEUTRINO_CACHE", str(cache))
    for name, data in case.files.items():
        path = d / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        if name in case.executable:
            path.chmod(0o755)
    if case.edit is not None:                      # a damaged copy of the standard run
        copy = d / "run"
        shutil.copytree(run_dir, copy)
        meta = json.loads((copy / "trace.json").read_text())
        case.edit(meta, copy)
        (copy / "trace.json").write_text(json.dumps(meta))
    argv = [a.replace("{d}", str(d)).replace("{run}", str(run_dir)).replace("{copy}", str(d / "run"))
            for a in case.argv]
    try:
        rc = main(argv)
    except SystemExit as exit_:              # argparse's usage errors
        rc = exit_.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert re.search(case.out, out), f"stdout does not contain {case.out!r}:\n{out}"
    assert rc == case.rc, err
    pattern = case.err.replace(re.escape("{d}"), re.escape(str(d))).replace("{d}", re.escape(str(d)))
    assert re.match(pattern, err), f"stderr does not start with {pattern!r}:\n{err}"
    for name in case.absent:
        assert not list(d.glob(name)), f"{name} was left behind"
    leftovers = [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp") or ".partial-" in p.name
                 or (p.is_file() and p.stat().st_size == 0 and cache in p.parents)]
    assert leftovers == []


def test_instrument_never_renames_over_a_special_file(tmp_path, capsys):
    """`-o` naming a FIFO or a device is refused before anything is written (`files.atomic_file`,
    which every output goes through): the output is renamed into place, and `-o /dev/null` as
    root left a regular file where /dev/null was (a FIFO stands in for it here, so that a
    regression cannot break the machine)."""
    special = tmp_path / "fifo"
    os.mkfifo(special)
    (tmp_path / "in.ptx").write_text(VA)
    assert main(["instrument", "--no-cost", "--probe", "dmat", str(tmp_path / "in.ptx"), "-o",
                 str(special)]) == 2
    assert capsys.readouterr().err.startswith(
        f"cannot write {special}: not a regular file (a device, FIFO or socket)")
    assert stat.S_ISFIFO(special.stat().st_mode)
    assert not (tmp_path / "fifo.manifest.json").exists()


@pytest.mark.parametrize("arch", ["sm_5", "sm_9", "sm_0", "compute_90", "sm_90 -v"])
def test_nvjitlink_never_sees_a_name_it_exits_on(arch):
    """nvJitLink ends the whole process (exit 1, no message) on `-arch=sm_5`; a .target or
    --arch it cannot take is an AssembleError, which the cost reports as not computed."""
    from neutrino_py.assemble import ptx
    with pytest.raises(ptx.AssembleError, match="not a GPU architecture nvJitLink takes"):
        ptx._nvjitlink(VA.encode(), arch)


def test_non_utf8_bytes_survive_instrumenting(tmp_path):
    """A byte ptxas accepts in a comment comes back byte for byte (it was U+FFFD)."""
    data = VA.encode().replace(b"// .globl", b"// caf\xe9 \xff .globl")
    (tmp_path / "in.ptx").write_bytes(data)
    assert main(["instrument", "--probe", "dmat", str(tmp_path / "in.ptx"), "-o",
                 str(tmp_path / "out.ptx")]) == 0
    assert b"// caf\xe9 \xff .globl" in (tmp_path / "out.ptx").read_bytes()
    manifest = json.loads((tmp_path / "out.manifest.json").read_text())
    assert list(manifest) == ["vector_add"]
