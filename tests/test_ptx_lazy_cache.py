"""Function bodies are parsed on first access; parsed modules, and bodies that needed the grammar
(the scan handles the rest about as fast as a cache read), come back from the disk cache (keyed
by content hash) without running the parser."""
from __future__ import annotations

import pytest

from conftest import CORPUS
from neutrino_py.asm import ir, parse_ptx, parser, scan

TEXT = (CORPUS / "cuda" / "noinline.sm_90.ptx").read_text()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    return tmp_path / "parse"


@pytest.fixture
def body_parses(monkeypatch):
    """Where each body parse (by the scan or the grammar) starts (line), in order."""
    seen: list[int] = []
    real_scan, real_parse = scan.Scanner.scan_known, parser.parse_body

    def spy_scan(self, text, line, col):
        seen.append(line)
        return real_scan(self, text, line, col)

    def spy_parse(text, line=1, col=1, file="<input>"):
        seen.append(line)
        return real_parse(text, line, col, file)
    monkeypatch.setattr(scan.Scanner, "scan_known", spy_scan)     # `scan` goes through it
    monkeypatch.setattr(parser, "parse_body", spy_parse)
    return seen


def test_bodies_are_parsed_on_first_access_only(body_parses):
    module = parse_ptx(TEXT, cache=False)
    functions = list(module.functions())
    assert len(functions) == 4 and body_parses == []
    assert not any(f.parsed for f in functions)
    kernel = module.function("_Z14apply_noinlinePKfPfPii")
    assert len(kernel.params) == 4 and body_parses == []  # signatures are eager
    kernel.body
    kernel.body
    assert body_parses == [kernel._body_pos[0]] and kernel.parsed
    assert [f.parsed for f in functions] == [f is kernel for f in functions]


def test_unparsed_bodies_print_as_written(body_parses):
    module = parse_ptx(TEXT, cache=False)
    out = module.to_text()
    assert body_parses == []
    for fn in module.functions():
        assert "{" + fn._body_text + "}" in out and fn._body_text in TEXT
    assert parse_ptx(out, cache=False).parse_all().to_text() == \
        parse_ptx(TEXT, cache=False).parse_all().to_text()


def test_cache_hit_skips_the_parser(cache, monkeypatch, body_parses):
    first = parse_ptx(TEXT, file="noinline.ptx").parse_all()
    assert len(list(cache.glob("*.module.pickle"))) == 1
    assert len(list(cache.glob("*.body.pickle"))) == 0 and len(body_parses) == 4  # all scanned

    real = parser._parse

    def no_module_parse(text, start, *args):
        if start == "module":
            raise AssertionError("parser ran on a cache hit")
        return real(text, start, *args)         # declaration runs of the scanned bodies
    def no_module_scan(*args):
        raise AssertionError("parser ran on a cache hit (the top-level scan)")
    monkeypatch.setattr(parser, "_parse", no_module_parse)
    monkeypatch.setattr(parser.scan, "module_items", no_module_scan)
    again = parse_ptx(TEXT, file="noinline.ptx").parse_all()
    assert again.to_text() == first.to_text()
    kernel = again.function("_Z14apply_noinlinePKfPfPii")
    assert kernel._file == "noinline.ptx" and isinstance(kernel.body[0], ir.Statement.__args__)
    with pytest.raises(AssertionError, match="parser ran"):
        parse_ptx(TEXT + "\n// changed\n", file="noinline.ptx")


def test_bodies_the_grammar_parsed_come_back_from_the_cache(cache, monkeypatch, body_parses):
    odd = TEXT.replace("ret;", "mov.u32 %r1, /* a comment in the operands */ %r1;\n\tret;", 1)
    first = parse_ptx(odd, file="odd.ptx").parse_all()
    assert len(list(cache.glob("*.body.pickle"))) == 1           # the one body the scan gave up

    def no_parse(*args, **kwargs):
        raise AssertionError("the grammar parsed a cached body again")
    monkeypatch.setattr(parser, "parse_body", no_parse)
    assert parse_ptx(odd, file="odd.ptx").parse_all().to_text() == first.to_text()


def test_damaged_cache_file_is_ignored(cache):
    expected = parse_ptx(TEXT, cache=False).to_text()
    parse_ptx(TEXT)
    (path,) = cache.glob("*.module.pickle")
    path.write_bytes(b"not a pickle")
    assert parse_ptx(TEXT).to_text() == expected


def test_cache_off_writes_nothing(cache):
    parse_ptx(TEXT, cache=False).parse_all()
    assert not cache.exists() or not any(cache.glob("*.pickle"))


def test_split_only_cuts_the_text():
    """The lazy pre-split is lexical: skeleton and bodies put back together are the text, byte
    for byte, and every body starts at the line and column it reports."""
    for path in sorted(CORPUS.glob("**/*.ptx")):
        text = path.read_text()
        skeleton, bodies = parser.split(text)
        rebuilt, prev = [], 0
        for at, (body, line, col) in sorted(bodies.items()):
            rebuilt.append(skeleton[prev:at + 1] + body)
            prev = at + 1 + body.count("\n")
            start = len("".join(rebuilt)) - len(body)
            assert (text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)) == (line, col)
        rebuilt.append(skeleton[prev:])
        assert "".join(rebuilt) == text, path.name
        assert skeleton.count("\n") == text.count("\n")


def test_reads_any_parses_an_instruction_only_where_a_name_occurs_in_its_text():
    """`PtxKernel.reads_any` (held-back saves ask it of every instruction they pass): exact on
    registers, guards and names that are prefixes of others (%r1 in %r10), and an instruction
    whose operand text names none of the registers stays unparsed."""
    from neutrino_py.targets.ptx.target import PTX

    text = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_p)
{
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [k_p];
    add.s32 %r2, %r10, 1;
    @%p1 add.s32 %r3, %r11, 1;
    st.global.u32 [%rd1], %r1;
    ret;
}
"""
    module = parse_ptx(text, cache=False)
    fn = module.function("k")
    kernel = PTX.open(module, fn, {}, [])
    add, guarded, store = [i for i in fn.instructions() if i.opcode in ("add", "st")]
    assert add._operands is None and store._operands is None
    assert not kernel.reads_any(add, {"%rd2", "%p1"}) and add._operands is None
    assert not kernel.reads_any(add, {"%r1"})                # %r10 only looks like it
    assert kernel.reads_any(add, {"%r10"}) and kernel.reads_any(guarded, {"%p1"})
    assert kernel.reads_any(store, {"%r1"}) and kernel.reads_any(store, {"%rd1"})
    assert not kernel.reads_any(store, {"%r2", "%rd2"})
