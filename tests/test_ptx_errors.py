"""Malformed PTX: `file:line:col: error: …`, the line, a caret under the culprit and a hint; the
`neutrino inspect` command turns it into exit code 2 without a traceback."""
from __future__ import annotations

import pytest

from neutrino_py.asm import parse_ptx
from neutrino_py.errors import SourceError

HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry k(\n\t.param .u64 k_p\n)\n{\n" \
       "\t.reg .b32 %r<4>;\n"


def error_of(text: str) -> SourceError:
    with pytest.raises(SourceError) as info:
        parse_ptx(text, file="bad.ptx", cache=False).parse_all()
    return info.value


@pytest.mark.parametrize("body, line, col, message, caret, hint", [
    ("\tadd.s32 %r1, %r2, %r3\n\tmov.u32 %r2, 1;\n\tret;\n}\n", 10, 23,
     "missing ';' at the end of the line", " " * 22 + "^", "end the instruction or declaration with ';'"),
    ("\tadd.s32 %r1, %r2, #3;\n\tret;\n}\n", 10, 20, "unexpected '#'", " " * 19 + "^",
     "a register"),
    ("\tadd.s32 %r1, , %r3;\n\tret;\n}\n", 10, 15, "unexpected ','", " " * 14 + "^", "a number"),
    ("\tld.global.u32 %r1, [%rd1;\n\tret;\n}\n", 10, 26, "unexpected ';'", " " * 25 + "^", "']'"),
    ("\t.reg %r1;\n\tret;\n}\n", 10, 7, "unexpected '%r1'", " " * 6 + "^~~", "a type or directive"),
    ("\tret;\n}\n}\n", 12, 1, "unexpected '}'", "^", "'.entry'"),
])
def test_syntax_errors(body, line, col, message, caret, hint):
    err = error_of(HEAD + body)
    assert (err.file, err.line, err.col, err.message) == ("bad.ptx", line, col, message)
    text = str(err).splitlines()
    assert text[0] == f"bad.ptx:{line}:{col}: error: {message}"
    assert text[1] == "    " + (HEAD + body).splitlines()[line - 1].expandtabs(1)
    assert text[2] == "    " + caret.expandtabs(1)
    assert text[3].startswith("  hint: ") and hint in text[3]


def test_bad_vector_element_is_pointed_at():
    err = error_of(HEAD + "\tmov.b64 %rd1, {%r1,\n\t\t%r2 %r3};\n\tret;\n}\n")
    assert (err.line, err.col, err.message) == (11, 3, "unexpected '%r2 %r3'")
    assert "a register" in err.hint


def test_unclosed_body_points_at_its_brace():
    err = error_of(HEAD + "\tret;\n")
    assert (err.line, err.col, err.message) == (8, 1, "'{' is never closed")
    assert "'}'" in err.hint


def test_end_of_input_inside_a_declaration():
    err = error_of(".version 8.0\n.target sm_90\n.global .b32 x")
    assert (err.line, err.message) == (3, "unexpected end of input")


def test_missing_semicolon_before_a_declaration():
    err = error_of(".version 8.0\n.target sm_90\n.global .b32 x\n.global .b32 y;\n")
    assert (err.line, err.col, err.message) == (3, 15, "missing ';' at the end of the line")
    assert "';'" in err.hint


def test_error_in_a_lazy_body_has_its_module_position():
    good = "\n.visible .entry ok()\n{\n\tret;\n}\n"
    text = HEAD + "\tret;\n}\n" + good + ".visible .entry broken()\n{\n\tmov.u32 %r1 1;\n}\n"
    module = parse_ptx(text, file="lazy.ptx", cache=False)  # bodies are not parsed yet
    assert [f.name for f in module.functions()] == ["k", "ok", "broken"]
    module.function("ok").body
    with pytest.raises(SourceError) as info:
        module.function("broken").body
    err = info.value
    assert (err.file, err.line, err.col) == ("lazy.ptx", 19, 14)
    assert str(err).splitlines()[1] == "     mov.u32 %r1 1;"
