"""PTX text → `ir.Module`, with function bodies parsed lazily and parsed modules cached on disk.

Parsing happens in two steps. `split` finds the brace-delimited bodies at the top level (functions
and ``.section``s) with one regex scan and replaces each by an empty ``{ }`` that keeps its
newlines; the skeleton is read eagerly, by the top-level scan (`asm.scan.module_items`) where
every item has a shape compilers write, else by the Lark ``module`` rule. A function's body text
is parsed with the ``body`` rule on first access of `Function.body`. Both use one LALR parser with
the contextual lexer and the `Build` transformer applied during parsing, so no tree is built.
"""
from __future__ import annotations

import bisect
import os
import hashlib
import pickle
import re
import threading
from functools import lru_cache
from pathlib import Path
from typing import AbstractSet

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

try:  # Cython build of Lark's lexer and LALR loop: same grammar and callbacks, faster
    # (benchmarks/parse_speed.py measures both)
    import lark_cython
except ImportError:  # pragma: no cover - pure-Python Lark is the fallback
    lark_cython = None

from neutrino_py import paths
from neutrino_py.asm import ir, ptx_isa, scan
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.files import atomic_file

# Bump when the IR classes change shape: cached pickles of older shapes are then ignored.
IR_VERSION = 7

# Deepest `{ }` nesting accepted (a function body is depth 1). The IR's walkers recurse per level;
# real PTX nests a few levels (inline asm scopes), so deeper input is refused with its position
# rather than allowed to reach Python's recursion limit.
MAX_NESTING = 200

_SCAN = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|[{}]', re.S)


def split(text: str, file: str = "<input>") -> tuple[str, dict[int, tuple[str, int, int]]]:
    """The skeleton of `text` (top-level bodies emptied) and, per emptied body, keyed by the
    offset of its ``{`` in the skeleton: the body text and the line and column where it starts."""
    pieces: list[str] = []
    bodies: dict[int, tuple[str, int, int]] = {}
    skel_len = 0
    prev = 0
    depth = 0
    start = -1
    in_init = False
    line, counted = 1, 0  # line number at offset `counted`
    for m in _SCAN.finditer(text):
        c = m.group()
        if c == "{":
            if depth == 0:
                in_init = _follows_equals(text, m.start())
                start = m.end()
                line += text.count("\n", counted, start)
                counted = start
            depth += 1
            if depth > MAX_NESTING:
                at = m.start()
                raise SourceError(f"blocks nested more than {MAX_NESTING} deep", file=file,
                                  line=text.count("\n", 0, at) + 1,
                                  col=at - text.rfind("\n", 0, at), source=text,
                                  hint="flatten the nested { } scopes")
        elif c == "}":
            depth -= 1
            if depth == 0 and not in_init:
                body = text[start:m.start()]
                piece = text[prev:start]
                skel_len += len(piece)
                pieces.append(piece)
                col = start - (text.rfind("\n", 0, start) + 1) + 1
                bodies[skel_len - 1] = (body, line, col)
                filler = "\n" * body.count("\n")
                pieces.append(filler)
                skel_len += len(filler)
                prev = m.start()
            elif depth < 0:
                break  # unbalanced: let the grammar report it
    if depth > 0:
        col = start - text.rfind("\n", 0, start) - 1
        raise SourceError("'{' is never closed", file=file, line=line, col=col, source=text,
                          hint="add the '}' that ends this body")
    pieces.append(text[prev:])
    return "".join(pieces), bodies


def _follows_equals(text: str, pos: int) -> bool:
    i = pos - 1
    while i >= 0 and text[i] in " \t\r\n":
        i -= 1
    return i >= 0 and text[i] == "="


# ------------------------------------------------------------------ transformer


def _pos(tok: Token) -> tuple[int, int]:
    return tok.line, tok.column


@v_args(inline=True)
class Build(Transformer):
    """One method per grammar rule (and per operand terminal, converted as it is shifted); builds
    `ir` nodes while the LALR parser reduces. Word tokens carry trailing whitespace (see the
    grammar), hence the ``rstrip()``s."""

    def __init__(self) -> None:
        super().__init__()
        self.reset({})

    def reset(self, bodies: dict[int, tuple[str, int, int]]) -> None:
        self.bodies = bodies
        self.comments: list[tuple[int, int, str]] = []
        self.regs: dict[str, ir.Register] = {}

    def collect_comment(self, tok: Token) -> Token:
        self.comments.append((tok.line, tok.column, tok.value.rstrip()))
        return tok

    # -- top level
    def module(self, *items):
        return _merge_comments(list(items), self.comments)

    def version(self, kw, num):
        return ir.Version(num.value, kw.line, kw.column)

    def target(self, kw, *names):
        return ir.Target([n.value for n in names], kw.line, kw.column)

    def address_size(self, kw, bits):
        return ir.AddressSize(int(bits.value), kw.line, kw.column)

    def file(self, kw, index, path, tail=None):
        return ir.File(int(index.value), path.value[1:-1], tail.value[1:].strip() if tail else "",
                       kw.line, kw.column)

    def section(self, kw, name, lbrace, rbrace):
        text = self.bodies[lbrace.start_pos][0]
        return ir.Section(name.value[1:].rstrip(), text, kw.line, kw.column)

    def function(self, *children):
        first = children[0]
        linkage, kind, lists, name, perf, lbrace = [], "", [], "", [], None
        for c in children:
            if type(c) in _TOKENS:
                t = c.type
                if t == "LINKAGE":
                    linkage.append(c.value[1:])
                elif t in ("ENTRY_KW", "FUNC_KW"):
                    kind = c.value[1:]
                elif t == "IDENT":
                    name = c.value
                elif t == "LBRACE":
                    lbrace = c
            elif isinstance(c, ir.Directive):
                perf.append(c)
            elif isinstance(c, list):
                lists.append((bool(name), c))
        returns = next((ps for after, ps in lists if not after), [])
        params = next((ps for after, ps in lists if after), [])
        fn = ir.Function(kind, name, params, returns, linkage, perf, lbrace is not None,
                         first.line, first.column)
        if lbrace is not None:
            text, line, col = self.bodies[lbrace.start_pos]
            fn._body_text, fn._body_pos = text, (line, col)
        return fn

    def params(self, *ps):
        return list(ps)

    def param(self, space, *rest):
        return self._decl(space, [], rest)

    def perf(self, name, *ints):
        return ir.Directive(name.value[1:].rstrip(), ", ".join(i.value.strip() for i in ints),
                            name.line, name.column)

    # -- statements
    def body(self, *stmts):
        return _merge_comments(list(stmts), self.comments)

    def instruction(self, *children):
        guard, neg = None, False
        op = children[0]
        i = 1
        if type(op) is tuple:
            guard, neg = op
            op = children[1]
            i = 2
        parts = op.value.rstrip().split(".")
        operands = [self._leaf(c) if type(c) in _TOKENS else c for c in children[i:]]
        return ir.Instruction(parts[0], parts[1:], operands, guard, neg, op.line, op.column)

    def args(self, *operands):
        return [self._leaf(c) if type(c) in _TOKENS else c for c in operands]

    def guard(self, *toks):
        reg = toks[-1]
        return (reg if isinstance(reg, ir.Register) else self._reg(reg.value)), len(toks) == 2

    def label(self, tok):
        return ir.Label(tok.value.rstrip()[:-1].rstrip(), tok.line, tok.column)

    def reg_decl(self, kw, *rest):
        types = [t.value[1:].rstrip() for t in rest if type(t) in _TOKENS]
        names = [n for n in rest if isinstance(n, tuple)]
        return ir.RegDecl(".".join(types), names, kw.line, kw.column)

    def reg_name(self, reg, count=None):
        name = reg.name if isinstance(reg, ir.Register) else reg.value
        return name, None if count is None else int(count.value[1:-1])

    def var_decl(self, *children):
        linkage = []
        i = 0
        while children[i].type == "LINKAGE":
            linkage.append(children[i].value[1:])
            i += 1
        return self._decl(children[i], linkage, children[i + 1:])

    def _decl(self, space, linkage, rest):
        decl = ir.VarDecl(space.value[1:], "", "", linkage=linkage, line=space.line, col=space.column)
        words: list[str] = []
        ptr_at = None
        for c in rest:
            if type(c) in _TOKENS:
                t = c.type
                if t == "DOTNAME":
                    word = c.value[1:].rstrip()
                    if word == "ptr":
                        ptr_at = len(words)
                    else:
                        words.append(word)
                elif t == "IDENT":
                    decl.name = c.value
                elif t == "INT":
                    decl.array.append(int(c.value))
                elif t == "EMPTY_DIM":
                    decl.array.append(None)
                elif t == "INIT":
                    decl.init = c.value[1:].strip()
                elif t == "ATTRIBUTE":
                    words.append(c.value[1:].strip())
            elif isinstance(c, int):
                if ptr_at is None:
                    decl.align = c
                else:
                    decl.ptr = ("", c)
        if ptr_at is not None:
            decl.ptr = (words[ptr_at] if len(words) > ptr_at else "", decl.ptr[1] if decl.ptr else 0)
            words = words[:ptr_at]
        decl.type = words[-1] if words else ""
        decl.attrs = words[:-1]
        return decl

    def align(self, kw, n):
        return int(n.value)

    def loc(self, kw, file, line, col, tail=None):
        extra = tail.value[1:].strip() if tail else ""
        return ir.Loc(int(file.value), int(line.value), int(col.value), extra,
                      kw.line, kw.column)

    def block(self, lbrace, *children):
        rbrace = children[-1]
        key_lo, key_hi = _pos(lbrace), _pos(rbrace)
        lo = bisect.bisect_left(self.comments, key_lo)
        hi = bisect.bisect_left(self.comments, key_hi)
        inner = self.comments[lo:hi]
        del self.comments[lo:hi]
        return ir.Block(_merge_comments(list(children[:-1]), inner), lbrace.line, lbrace.column)

    def directive(self, name, raw=None):
        return ir.Directive(name.value[1:].rstrip(), raw.value.strip() if raw else "",
                            name.line, name.column)

    # -- operands (REG and IMM are converted when shifted)
    def REG(self, tok):
        return self._reg(tok.value)

    def _reg(self, name: str) -> ir.Register:
        r = self.regs.get(name)
        if r is None:
            r = self.regs[name] = ir.Register(name)
        return r

    def IMM(self, tok):
        return ir.Immediate(tok.value)

    def negated(self, _not, reg):
        return ir.Negated(reg if isinstance(reg, ir.Register) else self._reg(reg.value))

    def pair(self, a, b):
        return ir.PredPair(self._leaf(a), self._leaf(b))

    def VECTOR(self, tok):
        items = []
        inner = tok.value[1:-1]
        if inner.strip():
            offset = 1
            for text in inner.split(","):
                item = text.strip()
                kind = _vector_item_kind(item)
                if kind is None:
                    at = offset + len(text) - len(text.lstrip())
                    before = tok.value[:at]
                    line = tok.line + before.count("\n")
                    col = tok.column + at if line == tok.line else at - before.rfind("\n")
                    raise UnexpectedToken(Token("VECTOR_ITEM", item or ",", tok.start_pos + at,
                                                line, col), {"REG", "IMM", "IDENT"})
                items.append(self._reg(item) if kind == "REG" else ir.Immediate(item)
                             if kind == "IMM" else _SINK if item == "_" else ir.Symbol(item))
                offset += len(text) + 1
        return ir.Vector(tuple(items))

    def plist(self, *items):
        return ir.ParamList(tuple(self._leaf(i) for i in items))

    def address(self, base, op=None, off=None):
        if off is None:
            return ir.Address(self._leaf(base))
        offset = int(off.value)
        return ir.Address(self._leaf(base), -offset if op.value == "-" else offset, None, offset == 0)

    def tex_address(self, base, coords):
        return ir.Address(self._leaf(base), 0, coords)

    @staticmethod
    def _leaf(x):
        if type(x) in _TOKENS:
            return _SINK if x.value == "_" else ir.Symbol(x.value)
        return x


def _vector_item_kind(item: str) -> str | None:
    """Which operand terminal a vector element is (the grammar's own regexes), or None."""
    terminals = _terminals()
    for name in ("REG", "IMM", "IDENT"):
        if terminals[name].fullmatch(item):
            return name
    return None


_SINK = ir.Sink()
_TOKENS: frozenset[type] = frozenset({Token} | ({lark_cython.Token} if lark_cython else set()))


def _key(node) -> tuple[int, int]:
    return node.line, node.col


def _merge_comments(stmts: list, comments: list[tuple[int, int, str]]) -> list:
    """Put comments (sorted by position) back between statements (sorted by position)."""
    if not comments:
        return stmts
    out = []
    ci = 0
    n = len(comments)
    for s in stmts:
        key = _key(s)
        while ci < n and comments[ci][:2] < key:
            line, col, text = comments[ci]
            out.append(ir.Comment(text, line, col))
            ci += 1
        out.append(s)
    for line, col, text in comments[ci:]:
        out.append(ir.Comment(text, line, col))
    comments.clear()
    return out


# ------------------------------------------------------------------ parser and errors

_BUILD = Build()


@lru_cache(maxsize=1)
def _lark() -> Lark:
    grammar = paths.grammar("ptx.lark").read_text()
    digest = _grammar_digest()
    backend = "-cython" if lark_cython else ""
    lark = Lark(grammar, parser="lalr", lexer="contextual", start=["module", "body", "args"],
                transformer=_BUILD, maybe_placeholders=False,
                lexer_callbacks={"COMMENT": _BUILD.collect_comment},
                cache=str(paths.cache_dir("grammar") / f"ptx-grammar-{digest}{backend}.lark"),
                **({"_plugins": lark_cython.plugins} if lark_cython else {}))
    return lark


@lru_cache(maxsize=1)
def _terminals() -> dict[str, re.Pattern]:
    """The operand terminals REG, IMM and IDENT as ptx.lark writes them, read from the file:
    the scan needs them, and most modules never need the Lark parser itself (building it cost
    every command ~15 ms; tests/test_ptx_scan.py checks these are the parser's own)."""
    grammar = paths.grammar("ptx.lark").read_text()
    return {name: re.compile(re.search(rf"^{name}:\s*/(.*)/\s*$", grammar, re.M).group(1))
            for name in ("REG", "IMM", "IDENT")}


@lru_cache(maxsize=1)
def _scanner() -> scan.Scanner:
    terminals = _terminals()
    operands = scan.OperandSyntax(*(terminals[t].pattern for t in ("REG", "IMM", "IDENT")))
    return scan.Scanner(operands, _parse_run)


def _parse_run(text: str) -> list[ir.Statement] | None:
    """Declarations the scan met; None if they do not parse (the whole body is then parsed
    again by the grammar, for the error's context)."""
    try:
        return _parse(text, "body", {}, "<run>", text)
    except SourceError:
        return None


_NAMES = {
    "_SEMI": "';'", "_COMMA": "','", "OPCODE": "an instruction", "REG": "a register",
    "IMM": "a number", "INT": "an integer", "IDENT": "a name", "LBRACE": "'{'", "RBRACE": "'}'",
    "LSQB": "'['", "RSQB": "']'", "_LPAR": "'('", "_RPAR": "')'", "DOTNAME": "a type or directive",
    "LABEL_DEF": "a label", "VBAR": "'|'", "ADD_OP": "'+' or '-'", "AT": "'@'", "NOT": "'!'",
    "STRING": "a string", "VERSION_NUM": "a version number", "COUNT": "'<N>'",
    "EMPTY_DIM": "'[]'", "INIT": "'= initializer'", "TAIL": "','", "RAW": "arguments",
    "ENTRY_KW": "'.entry'", "FUNC_KW": "'.func'", "LINKAGE": "'.visible'/'.extern'/'.weak'",
    "SPACE_KW": "a state space ('.global', '.param'...)", "REG_KW": "'.reg'", "LOC_KW": "'.loc'",
    "ALIGN_KW": "'.align'", "VERSION_KW": "'.version'", "TARGET_KW": "'.target'",
    "ADDRESS_SIZE_KW": "'.address_size'", "FILE_KW": "'.file'", "SECTION_KW": "'.section'",
    "$END": "end of input",
}
# Terminals that match almost anything: an error "at" one of them is about its first character.
_CATCH_ALL = {"RAW", "INIT", "TAIL"}


def _hint(expected: set[str]) -> str:
    names = sorted({_NAMES.get(e, e.lower()) for e in expected}, key=lambda n: (n[0] == "'", n))
    if "';'" in names and len(names) <= 4:
        return "end the instruction or declaration with ';' (expected " + ", ".join(names) + ")"
    if "'}'" in names and "an instruction" in names:
        return "expected a statement, or '}' to close the body"
    if names:
        return "expected " + ", ".join(names[:6]) + (" …" if len(names) > 6 else "")
    return "check the PTX syntax around this position"


def _error(err: UnexpectedInput, source: str, file: str) -> SourceError:
    """Lark's exception as our SourceError: position, the token shown as written, a hint."""
    line, col = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
    expected = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    width = 1
    if isinstance(err, UnexpectedToken) and err.token.type != "$END":
        text = str(err.token.value).split("\n")[0].rstrip()
        if err.token.type in _CATCH_ALL or not text:
            text = text[:1]
        msg = f"unexpected {text!r}"
        width = max(1, len(text))
        end = _previous_line_end(source, err.token.start_pos)
        if "_SEMI" in expected and end is not None:
            line, col = end
            msg, width = "missing ';' at the end of the line", 1
    elif isinstance(err, UnexpectedCharacters):
        ch = source[err.pos_in_stream] if err.pos_in_stream < len(source) else ""
        msg = f"unexpected character {ch!r}"
    else:
        msg = "unexpected end of input"
        line = source.count("\n") + 1
        col = len(source) - source.rfind("\n")
    return SourceError(msg, file=file, line=line, col=col, source=source, hint=_hint(expected),
                       width=width)


def _previous_line_end(source: str, pos: int) -> tuple[int, int] | None:
    """(line, col) just after the last character before `pos` when a newline lies between."""
    i = pos - 1
    while i >= 0 and source[i] in " \t\r\n":
        i -= 1
    if i < 0 or "\n" not in source[i:pos]:
        return None
    return source.count("\n", 0, i) + 1, i - source.rfind("\n", 0, i) + 1


_LOCK = threading.Lock()  # one transformer instance holds per-parse state


def _parse(text: str, start: str, bodies: dict, file: str, source: str):
    parser = _lark()
    with _LOCK:
        _BUILD.reset(bodies)
        try:
            return parser.parse(text, start=start)
        except UnexpectedInput as err:
            raise _error(err, source, file) from None
        finally:
            _BUILD.reset({})


def parse_body(text: str, line: int = 1, col: int = 1, file: str = "<input>") -> list[ir.Statement]:
    """Statements of a function body that starts at (line, col) of its module: the scan's fast
    path where it recognises the text (`asm.scan`), the grammar otherwise."""
    stmts = _scanner().scan(text, line, col)
    if stmts is not None:
        return stmts
    pad = "\n" * (line - 1) + " " * (col - 1)
    padded = pad + text
    stmts = _parse(padded, "body", {}, file, padded)
    _set_locs(stmts, None)
    named = {name for s in ir.walk(stmts) if isinstance(s, ir.RegDecl)
             for name, _ in s.names if not name.startswith("%")}
    if named:
        _registers_by_name(stmts, named)
    return stmts


def parse_args(text: str, named: AbstractSet[str] = frozenset()) -> list[ir.Operand]:
    """The operands of one instruction from its operand text, which the scan has checked;
    registers declared without ``%`` in `named` become `Register`s."""
    operands = _scanner().operands.read(text)
    return [_by_name(op, named) for op in operands] if named else operands


def grammar_args(text: str) -> list[ir.Operand]:
    """The same operands as `parse_args`, by the grammar's `args` rule (its reference)."""
    return _parse(text, "args", {}, "<operands>", text) if text else []


def _registers_by_name(stmts: list[ir.Statement], named: set[str]) -> None:
    """Registers declared without a ``%`` (``.reg .pred p;`` in inline asm) lex as names; make
    their uses `Register`s like every other register."""
    for s in ir.walk(stmts):
        if isinstance(s, ir.Instruction):
            s.operands = [_by_name(op, named) for op in s.operands]


def _by_name(op: ir.Operand, named: AbstractSet[str]) -> ir.Operand:
    if isinstance(op, ir.Symbol):
        return ir.Register(op.name) if op.name in named else op
    if isinstance(op, ir.Vector):
        return ir.Vector(tuple(_by_name(i, named) for i in op.items))
    if isinstance(op, ir.ParamList):
        return ir.ParamList(tuple(_by_name(i, named) for i in op.items))
    if isinstance(op, ir.Address):
        coords = _by_name(op.coords, named) if op.coords is not None else None
        return ir.Address(_by_name(op.base, named), op.offset, coords, op.zero_offset)
    if isinstance(op, ir.PredPair):
        return ir.PredPair(_by_name(op.first, named), _by_name(op.second, named))
    return op


def _set_locs(stmts: list, loc: ir.Loc | None) -> ir.Loc | None:
    for s in stmts:
        if isinstance(s, ir.Instruction):
            s.loc = loc
        elif isinstance(s, ir.Loc):
            loc = s
        elif isinstance(s, ir.Block):
            loc = _set_locs(s.body, loc)
    return loc


def parse_statements(text: str) -> list[ir.Statement]:
    """Parse PTX statements (e.g. rendered probe code) to insert into a body; positions are 0."""
    stmts = parse_body(text, file="<generated>")
    _unplace(stmts)
    return stmts


def _unplace(stmts: list[ir.Statement]) -> None:
    for s in stmts:
        s.line = s.col = 0
        if isinstance(s, ir.Block):
            _unplace(s.body)


def parse_ptx(text: str, file: str = "<input>", cache: bool = True,
              allow_unknown: bool = False) -> ir.Module:
    """Parse a PTX module. Function bodies are parsed on first access. With `cache`, the eager
    part and each body once parsed are kept on disk keyed by their text's hash, so a repeat
    costs an unpickle instead of a parse. Instructions and directives that PTX ISA
    `ptx_isa.PTX_ISA` lacks are a SourceError unless `allow_unknown`. An empty module (nothing
    but blanks and comments) is refused."""
    path = _cache_path("module", file, text) if cache else None
    module = _load(path)
    if module is None:
        skeleton, bodies = split(text, file)
        items = scan.module_items(skeleton, bodies)       # the grammar where the scan declines
        module = ir.Module(items if items is not None else
                           _parse(skeleton, "module", bodies, file, text), file)
        for fn in module.functions():
            fn._file, fn._cache = file, cache
        _store(path, module)
    first = next((item for item in module.items if not isinstance(item, ir.Comment)), None)
    if first is None:
        raise SourceError("empty PTX module: no .version, no kernels", file=file, line=1, col=1,
                          hint="pass a PTX file (nvcc -ptx, or the .ptx a framework writes)")
    if not isinstance(first, ir.Version):
        raise SourceError("a PTX module starts with its .version directive", file=file,
                          line=first.line, col=first.col, source=text,
                          hint="add '.version 8.0' (the PTX ISA the text is written in) first")
    if not allow_unknown:
        check_known(module.items, file, text)
    for fn in module.functions():
        fn._allow_unknown = allow_unknown
    return module


def load_body(text: str, line: int, col: int, file: str, cache: bool,
              allow_unknown: bool = False) -> list[ir.Statement]:
    """A function body from the disk cache, or parsed (and then cached); checked against the
    PTX ISA unless `allow_unknown`."""
    stmts = _scanner().scan(text, line, col)
    if stmts is None:             # only what the grammar parses is worth a cache entry: the
        path = _cache_path("body", f"{file}:{line}:{col}", text) if cache else None
        stmts = _load(path)       # scan is about as fast as reading a pickle back
        if stmts is None:
            stmts = parse_body(text, line, col, file)
            _store(path, stmts)
    if not allow_unknown:
        try:
            check_known(stmts, file)
        except SourceError as err:                   # the caret needs the body where it stands
            err.source = "\n" * (line - 1) + " " * (col - 1) + text
            raise
    return stmts


@lru_cache(maxsize=1)
def _grammar_digest() -> str:
    return hashlib.sha256(paths.grammar("ptx.lark").read_bytes()).hexdigest()[:16]


def _cache_path(kind: str, where: str, text: str) -> Path:
    key = hashlib.sha256(f"{IR_VERSION}\0{_grammar_digest()}\0{where}\0".encode()
                         + text.encode("utf-8", "surrogateescape"))
    return paths.cache_dir("parse") / f"{key.hexdigest()}.{kind}.pickle"


def parse_cache_limit() -> int:
    """Bytes the parse cache may hold (NEUTRINO_PARSE_CACHE_MB, default 1024 MiB)."""
    try:
        return max(0, int(os.environ.get("NEUTRINO_PARSE_CACHE_MB", "1024"))) << 20
    except ValueError:
        return 1024 << 20


_stores = 0              # entries written by this process: the cache is pruned every _PRUNE_EVERY
_PRUNE_EVERY = 256


def _load(path: Path | None):
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            value = pickle.load(f)
        os.utime(path)                                # recently used: the last to be pruned
        return value
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        return None


def _store(path: Path | None, value) -> None:
    global _stores
    if path is None:
        return
    try:
        with atomic_file(path, durable=False) as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
    except (ToolError, pickle.PicklingError, RecursionError):
        return  # a cache that cannot be written only costs the next parse
    if _stores % _PRUNE_EVERY == 0:
        paths.prune_cache(path.parent, parse_cache_limit())
    _stores += 1


def check_known(items: list, file: str, source: str | None = None) -> None:
    """Refuse the first instruction or directive of `items` (statements, nested blocks and
    functions' tuning directives included) that PTX ISA `ptx_isa.PTX_ISA` does not have."""
    for s in ir.walk(items):
        if isinstance(s, ir.Instruction) and s.opcode not in ptx_isa.KNOWN_OPCODES:
            raise _unknown("instruction", s.opcode, s, file, source)
        if isinstance(s, ir.Directive) and s.name not in ptx_isa.DIRECTIVES:
            raise _unknown("directive", "." + s.name, s, file, source)
        if isinstance(s, ir.Function):
            for d in s.directives:
                if d.name not in ptx_isa.DIRECTIVES:
                    raise _unknown("directive", "." + d.name, d, file, source)


def _unknown(kind: str, name: str, node, file: str, source: str | None) -> SourceError:
    return SourceError(f"unknown {kind} '{name}' (not in PTX ISA {ptx_isa.PTX_ISA}, which this "
                       "version of neutrino_py checks against)", file=file, line=node.line, col=node.col,
                       source=source, width=len(name),
                       hint="check the spelling; to pass unknown instructions and directives "
                            "through unchanged, use --allow-unknown (parse_ptx(allow_unknown=True))")
