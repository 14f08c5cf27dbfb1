"""The probe checker as passes: the walker sees every node, warnings carry their place, the
resources pass enforces the shims' map limit, and one constant folder serves checker and lowering."""
from __future__ import annotations

import pytest

from neutrino_py.contract.manifest import MAX_MAPS
from neutrino_py.errors import WARNING, SourceError
from neutrino_py.probe import ast, fold, load
from neutrino_py.probe.walk import maps_written, operands_read, walk

TEXT = ("map m: counter { u64 n; }\nmap r: record { u64 a; }\nmap idle: hist[4] u32;\n"
        "reg u64 t;\n"
        "after ld.global / BYTES > 4 / { m.n += (u64)BYTES; t = ADDR + OUT; }\n"
        "exit { r.save(t); }\n")


def test_walk_reaches_every_node():
    program = load(TEXT, "w.probe")
    first = program.probes[0]
    kinds = [type(n).__name__ for s in first.body for n in walk(s)]
    assert kinds == ["CounterAdd", "Cast", "Operand", "Assign", "Binary", "Operand", "Operand"]
    read = operands_read(first)
    assert list(read) == ["BYTES", "ADDR", "OUT"]                 # filter first, then the body
    assert (read["ADDR"].line, read["ADDR"].col, read["OUT"].col) == (5, 56, 63)
    assert operands_read(program.probes[1]) == {}
    assert maps_written(program) == {"m", "r"}


def test_unused_map_is_a_located_warning():
    program = load(TEXT, "w.probe")
    (d,) = program.diagnostics
    assert (d.severity, d.message, d.file, d.line, d.col, d.width) == \
        (WARNING, "map 'idle' is never written", "w.probe", 3, 5, 4)
    assert d.render(program.text).splitlines() == [
        "w.probe:3:5: warning: map 'idle' is never written", "    map idle: hist[4] u32;",
        "        ^~~~", "  hint: add to a hist's entries: m[index] += x;"]


def test_too_many_maps_is_refused_at_the_first_one_over():
    decls = "".join(f"map m{i}: counter {{ u32 n; }}\n" for i in range(MAX_MAPS + 1))
    body = " ".join(f"m{i}.n += 1;" for i in range(MAX_MAPS + 1))
    with pytest.raises(SourceError) as err:
        load(decls + f"exit {{ {body} }}\n", "many.probe")
    e = err.value
    assert (e.line, e.col, e.message) == (MAX_MAPS + 1, 5, f"{MAX_MAPS + 1} maps: a probe file "
                                          f"may declare at most {MAX_MAPS}")
    load(decls.replace(f"map m{MAX_MAPS}: counter {{ u32 n; }}\n", "") +
         f"exit {{ {body.replace(f' m{MAX_MAPS}.n += 1;', '')} }}\n", "ok.probe")


@pytest.mark.parametrize("op, x, y, want", [
    ("/", -7, 2, -3), ("%", -7, 2, -1), ("/", 7, -2, -3), ("%", 7, -2, 1), ("div", 9, 3, 3),
    ("<<", 1, 40, 1 << 40), ("shr", 256, 4, 16), ("^", 6, 3, 5), ("<", 1, 2, True)])
def test_fold_is_c_arithmetic(op, x, y, want):
    assert fold.apply(op, x, y) == want


def test_checker_and_lowering_fold_alike():
    """A constant the checker folds equals what the lowering folds from the same ops."""
    program = load("reg u64 t;\nexit { t = (7 - 10) * 3 + (1 << 33); }\n")
    value = program.probes[0].body[0].value
    assert isinstance(value, ast.Const) and value.value == (7 - 10) * 3 + (1 << 33)
    assert fold.wrapped("sub", 7, 10, 32) == (7 - 10) % (1 << 32)
    assert fold.wrapped("mul", fold.wrapped("sub", 7, 10, 64), 3, 64) == ((7 - 10) * 3) % (1 << 64)


def test_splice_warnings_point_at_the_probe():
    """'matched nothing' and 'device function not instrumented' carry the probe's place; the
    manifest keeps the same words."""
    from pathlib import Path

    from neutrino_py.asm import parse_ptx
    from neutrino_py.splice import instrument

    ptx = Path(__file__).parent / "corpus" / "cuda" / "noinline.sm_90.ptx"
    text = ("map m: counter { u64 n; }\nmap idle: hist[2] u32;\n"
            "before fma { m.n += 1; }\nafter mark(\"nowhere\") { m.n += 1; }\n")
    result = instrument(parse_ptx(ptx.read_text(), cache=False), load(text, "d.probe"))
    got = [(d.file, d.line, d.col, d.message.split(" (")[0] if "never" in d.message else
            d.message[:40]) for d in result.diagnostics]
    assert got == [("d.probe", 2, 5, "map 'idle' is never written"),
                   ("d.probe", 4, 1, 'probe 1 (after mark("nowhere")) matched '),
                   ("d.probe", 3, 1, "probe 0 (before fma) matches 2 place(s) ")]
    (manifest,) = result.manifests.values()
    assert [d.message for d in result.diagnostics[1:]] == manifest.warnings


def test_diagnostics_render_with_or_without_a_line():
    from neutrino_py.errors import Diagnostic, Diagnostics
    assert Diagnostic(WARNING, "k has no ret", "k.ptx", 0, 0).render() == "k.ptx: warning: k has no ret"
    found = Diagnostics("p.probe", "entry { }\n")
    err = found.error("bad", 1, 3, 2, hint="fix it")
    assert str(err).splitlines() == ["p.probe:1:3: error: bad", "    entry { }", "      ^~",
                                     "  hint: fix it"]
    assert [(d.severity, d.line, d.col) for d in found] == [("error", 1, 3)]
