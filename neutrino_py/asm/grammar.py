"""The Lark side of PTX parsing: the grammar's parser (grammars/ptx.lark), the `Build` transformer
that makes `ir` nodes while it parses, and its errors in our words. Loaded only when the grammar
must parse something: the scans (`asm.scan`) read what compilers write without it, so most
commands never import Lark for PTX."""
from __future__ import annotations

import bisect
import re
import threading
from functools import lru_cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

try:  # Cython build of Lark's lexer and LALR loop: same grammar and callbacks, faster
    # (benchmarks/parse_speed.py measures both)
    import lark_cython
except ImportError:  # pragma: no cover - pure-Python Lark is the fallback
    lark_cython = None

from neutrino_py import paths
from neutrino_py.asm import ir
from neutrino_py.asm.parser import _grammar_digest, _terminals
from neutrino_py.asm.scan import COMMENTS
from neutrino_py.errors import SourceError


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

    def dwarf(self, line):
        return ir.Dwarf(line.value.rstrip(), line.line, line.column)

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

    def perf(self, name, *args):
        return ir.Directive(name.value[1:].rstrip(), ", ".join(a.value.strip() for a in args),
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
        decl.set_words(words, ptr_at)
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
        if "/" in inner:        # comments blanked, newlines kept: offsets still point into tok
            inner = COMMENTS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), inner)
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

    def symbol_address(self, name, *rest):
        number = str(rest[-1]).strip()
        return ir.SymbolAddress(ir.Symbol(name.value),
                                f"{rest[0].value}{number}" if len(rest) == 2 else f"[{number}]")

    def tex_address(self, base, *rest):
        """`[tex, {coords}]`, or `[tex, sampler, {coords}]` (independent texture mode)."""
        sampler = self._leaf(rest[0]) if len(rest) == 2 else None
        return ir.Address(self._leaf(base), 0, rest[-1], False, sampler)

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
def lark() -> Lark:
    grammar = paths.grammar("ptx.lark").read_text()
    digest = _grammar_digest()
    backend = "-cython" if lark_cython else ""
    lark = Lark(grammar, parser="lalr", lexer="contextual", start=["module", "body", "args"],
                transformer=_BUILD, maybe_placeholders=False,
                lexer_callbacks={"COMMENT": _BUILD.collect_comment},
                cache=str(paths.cache_dir("grammar") / f"ptx-grammar-{digest}{backend}.lark"),
                **({"_plugins": lark_cython.plugins} if lark_cython else {}))
    return lark


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
    "DWARF": "'@@DWARF'",
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


# Where an operand is being read: an operator there starts a constant expression.
_IN_OPERANDS = {"_COMMA", "_RPAR", "RSQB", "IMM", "REG"}
_OPERATORS = set("+-*/<>&|^~()")


def _expression_hint(text: str, expected: set[str]) -> str | None:
    """What to do about a constant expression (``1+2``, ``(1<<4)``, ``~0``), which PTX allows
    where a number goes and the grammar does not read; None for any other error."""
    if text[:1] in _OPERATORS and expected & _IN_OPERANDS:
        return ("constant expressions in operands (`1+2`, `(1<<4)`, `~0`) are not read: write "
                "the number they stand for")
    return None


def _error(err: UnexpectedInput, source: str, file: str) -> SourceError:
    """Lark's exception as our SourceError: position, the token shown as written, a hint."""
    line, col = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
    expected = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    width, hint = 1, None
    if isinstance(err, UnexpectedToken) and err.token.type != "$END":
        text = str(err.token.value).split("\n")[0].rstrip()
        if err.token.type in _CATCH_ALL or not text:
            text = text[:1]
        msg = f"unexpected {text!r}"
        width = max(1, len(text))
        hint = _expression_hint(text, expected)
        end = _previous_line_end(source, err.token.start_pos)
        if "_SEMI" in expected and end is not None:
            line, col = end
            msg, width, hint = "missing ';' at the end of the line", 1, None
    elif isinstance(err, UnexpectedCharacters):
        ch = source[err.pos_in_stream] if err.pos_in_stream < len(source) else ""
        msg = f"unexpected character {ch!r}"
        hint = _expression_hint(ch, expected)
    else:
        msg = "unexpected end of input"
        line = source.count("\n") + 1
        col = len(source) - source.rfind("\n")
    return SourceError(msg, file=file, line=line, col=col, source=source,
                       hint=hint or _hint(expected), width=width)


def _previous_line_end(source: str, pos: int) -> tuple[int, int] | None:
    """(line, col) just after the last character before `pos` when a newline lies between."""
    i = pos - 1
    while i >= 0 and source[i] in " \t\r\n":
        i -= 1
    if i < 0 or "\n" not in source[i:pos]:
        return None
    return source.count("\n", 0, i) + 1, i - source.rfind("\n", 0, i) + 1


_LOCK = threading.Lock()  # one transformer instance holds per-parse state


def parse(text: str, start: str, bodies: dict, file: str, source: str):
    """Parse `text` from rule `start` (module, body or args); errors as `SourceError`s."""
    parser = lark()
    with _LOCK:
        _BUILD.reset(bodies)
        try:
            return parser.parse(text, start=start)
        except UnexpectedInput as err:
            raise _error(err, source, file) from None
        finally:
            _BUILD.reset({})
