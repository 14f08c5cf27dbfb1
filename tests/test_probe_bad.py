"""Malformed probes: one file per case in tests/bad_probes/, beside the exact error it must give.

`NAME.probe` is checked with `neutrino check`; its stderr must equal `NAME.err` byte for byte
(position, message, source line, caret and hint) and the exit code must be 2. To add a case,
write `NAME.probe`, run `neutrino check tests/bad_probes/NAME.probe 2> tests/bad_probes/NAME.err`
from the repository root, and read the .err file before committing it.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from conftest import ROOT
from neutrino_py.asm import parse_ptx
from neutrino_py.errors import SourceError
from neutrino_py.probe import check, load
from neutrino_py.splice import instrument

CASES = sorted((ROOT / "tests" / "bad_probes").glob("*.probe"))


def run_check(path: Path, capsys) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    check.configure(parser)
    rc = check.run(parser.parse_args([str(path.relative_to(ROOT))]))
    out, err = capsys.readouterr()
    return rc, out, err


def test_there_are_at_least_15_cases():
    assert len(CASES) >= 15
    assert all(case.with_suffix(".err").is_file() for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_bad_probe(case: Path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    rc, out, err = run_check(case, capsys)
    assert (rc, out) == (2, "")
    assert err == case.with_suffix(".err").read_text()
    head, line, caret, hint = err.splitlines()
    assert head.startswith(f"tests/bad_probes/{case.name}:") and ": error: " in head
    assert caret.strip()[0] == "^" and hint.startswith("  hint: ")


# ---------------------------------------------------------------- hostile text, in process
# Cases too large or too odd for a file beside its .err: each is refused at its place with the
# message, or accepted as the language says.

def refusal(text: str) -> SourceError:
    with pytest.raises(SourceError) as info:
        load(text, "h.probe")
    err = info.value
    assert err.file == "h.probe" and err.hint and "^" in str(err)
    return err


@pytest.mark.parametrize("digits", [25, 5000, 100_000])
def test_integer_literal_past_64_bits_is_refused_at_the_literal(digits, tmp_path, monkeypatch):
    # 5000 digits raised Python's ValueError (int() of over 4300 digits) from the parser
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    err = refusal("reg u64 t;\nentry { t = 1" + "0" * (digits - 1) + "; }\n")
    assert (err.line, err.col, err.width) == (2, 13, digits)
    assert err.message.endswith("does not fit in 64 bits")
    assert len(err.message) < 100                     # the literal shortened, not printed whole


def test_literals_at_the_edge_of_64_bits(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    load("reg u64 a;\nreg s64 b;\nentry { a = 18446744073709551615; a = 0x000ffffffffffffffff; "
         "b = -9223372036854775808; }\n", "h.probe")
    err = refusal("reg u64 a;\nentry { a = 0x1_0000_0000_0000_0000; }\n")
    assert (err.line, err.col, err.message) == (
        2, 13, "the constant 0x1_0000_0000_0000_0000 does not fit in 64 bits")
    assert refusal("reg u64 a;\nentry { a = 18446744073709551616; }\n").col == 13


@pytest.mark.parametrize("body, col, message", [
    ("t = t / (u32)(1 - 1);", 17, "division by zero"),
    ("t = t % (u32)(u64)0;", 17, "division by zero"),
    ("t = t >> (u64)(0 - 1);", 18, "shift by 18446744073709551615 does not fit u32"),
    ("t = (u32)(u64)0x100000000;", 18, "the constant 4294967296 does not fit in u32 (the cast)"),
    ("t = (u32)((1 == 1) + 1);", 28, "'+' needs numbers, not conditions"),
    ("t = t << (1 == 1);", 15, "'<<' needs integers"),
])
def test_constants_are_seen_through_casts_and_conditions_stay_conditions(body, col, message,
                                                                         tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    err = refusal(f"reg u32 t;\nentry {{ {body} }}\n")
    assert (err.line, err.col, err.message) == (2, col, message)


@pytest.mark.parametrize("body, at, message", [
    ("x = x << (s64)-(s64)4096;", "(s64)-(s64)4096", "shift by -4096 does not fit u64"),
    ("x = x << -(s64)1;", "-(s64)1", "shift by -1 does not fit u64"),
    ("x = x << (s64)(s32)-(s32)5;", "(s64)(s32)-(s32)5", "shift by -5 does not fit u64"),
    ("x = x << ((s64)0 - (s64)4096);", "(s64)0 - (s64)4096", "shift by -4096 does not fit u64"),
    ("x = x >> (u64)~(u64)0;", "(u64)~(u64)0", "shift by 18446744073709551615 does not fit u64"),
    ("x = x << ((u32)1 << (u32)6);", "(u32)1 << (u32)6", "shift by 64 does not fit u64"),
    ("y = y / -(s64)0;", "-(s64)0", "division by zero"),
    ("y = y % ((s64)3 - (s64)3);", "(s64)3 - (s64)3", "division by zero"),
    ("pages[-(s32)1] += 1;", "-(s32)1", "index -1 is outside pages[16]"),
])
def test_constants_made_of_casts_are_checked_as_constants(body, at, message, tmp_path,
                                                           monkeypatch):
    # a shift by (s64)-(s64)4096 was accepted, and the lowering folded it to a shift by 0
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    err = refusal(f"reg u64 x;\nreg s64 y;\nmap pages: hist[16] u32;\nentry {{ {body} }}\n")
    assert (err.line, err.col, err.width, err.message) == (
        4, body.index(at) + 9, len(at), message)


def test_cast_constants_fold_as_the_gpu_computes_them(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    program = load("reg u64 x;\nreg s64 y;\nmap pages: hist[16] u32;\n"
                   "entry { x = (u64)((u32)0xffffffff * (u32)0xffffffff);"
                   " y = -(s64)-9223372036854775808; x = x << ((u32)60 + 3);"
                   " pages[(u32)3 + (u32)4] += 1; }\n", "h.probe")
    first, second, third, hist = program.probes[0].body
    assert (first.value.operand.value, second.value.operand.value) == (1, -(1 << 63))
    assert third.value.right.operand.operand.value == 63
    assert hist.index.value == 7


def test_byte_order_mark_is_not_part_of_the_text(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    program = load("\ufeffreg u32 t;\nentry { t = 1; }\n", "h.probe")
    assert program.regs["t"].span.col == 9
    err = refusal("\ufeffreg u32 t; entry { t = x; }\n")
    assert (err.line, err.col, err.message) == (1, 24, "undeclared register 'x'")


def test_block_comment_may_stand_between_filter_and_body(tmp_path, monkeypatch):
    # the filter's closing '/' was only found before '{' through white space and // comments
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    program = load("reg u32 t;\nentry / t == 0 / /* first\n pass */ { t = 1; }\n", "h.probe")
    assert program.probes[0].filter.op == "=="


def test_constant_true_filter_is_left_out_with_a_warning(tmp_path, monkeypatch):
    # a filter folded to a constant reached the splicer, which printed it as a guard: a crash
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    program = load("map m[thread]: counter { u64 n; }\n"
                   "exit / !(1 == 0) && (laneid() == 0 || 2 > 1) / { m.n += 1; }\n", "h.probe")
    assert program.probes[0].filter is None
    (warning,) = program.diagnostics
    assert (warning.severity, warning.line, warning.col, warning.message) == (
        "warning", 2, 8, "the filter is always true: it is left out")
    ptx = (ROOT / "examples" / "vector_add.ptx").read_text()
    assert "st.global" in instrument(parse_ptx(ptx, "vector_add.ptx"), program).module.to_text()


def test_constant_side_decides_a_condition_or_drops_out(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    text = "map m[thread]: counter { u64 n; }\nexit / laneid() == 0 && 1 < 2 / { m.n += 1; }\n"
    assert load(text, "h.probe").probes[0].filter.span.excerpt(text) == "laneid() == 0"
    err = refusal(text.replace("&& 1 < 2", "&& 2 < 1"))
    assert (err.line, err.col, err.message) == (
        2, 8, "the filter is always false: the probe never runs")


def test_unterminated_comment_after_many_openings_is_found_once(tmp_path, monkeypatch):
    # each '/*' made the lexer scan to the end of the text again: quadratic, minutes at 1 MiB
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    err = refusal("reg u32 t;\nentry { t = 1; }\n" + "/*;" * 100_000)
    assert (err.line, err.col, err.message) == (3, 1, "unterminated comment: '/*' is never closed")
    text = ('map m: counter { u64 n; }\n// a /* in a line comment\n'
            'before line "x/*.cu":1-2 { m.n += 1; }\n')
    assert load(text, "h.probe").probes[0].position.target.file == "x/*.cu"


def test_many_maps_are_declared_in_linear_time(tmp_path, monkeypatch):
    # every map was compared with every earlier map's lanes fields: 20,000 maps took 11 minutes
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    maps = [f"map m{i}[warp]: record {{ lanes a; }} pool 8\n" for i in range(5000)]
    err = refusal("".join(maps) + "entry { m0.save(1); }\n")
    assert (err.line, err.col, err.message) == (
        17, 5, "5000 maps: a probe file may declare at most 16")
    err = refusal("".join(maps[:5]) + "map m3__a: counter { u64 n; }\nentry { m0.save(1); }\n")
    assert (err.line, err.col, err.message) == (6, 5, "map 'm3__a' would hold the lanes of m3.a")
