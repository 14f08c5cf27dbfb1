"""The fast path for function bodies: one regex scan over the text finds the statements of the
forms compilers write (instructions, labels, `.loc`, `{ }` scopes, comments, `.reg` and variable
declarations without an initializer, `.pragma "…"`) and builds their IR; any other declaration or
directive goes to the Lark grammar (`grammars/ptx.lark`) where it stands.

An instruction keeps its operand text, checked against the grammar's operand syntax (built here
from the grammar's own REG, IMM and IDENT terminals, and matched as part of the statement), and
parsed into operands only when they are read (`ir.Instruction.operands`). Whatever the scan does
not recognise (a comment inside operands, an unbalanced brace, text no rule accepts) makes `scan`
return None, and the whole body is parsed by Lark, which gives the located error if the text is
wrong. So the grammar stays the one definition of what is valid PTX; the scan only recognises its
common shapes faster (parsing a 1 MB module's bodies: 0.56-0.74 s with Lark alone, 0.12-0.23 s
with the scan, on the 2-core VM; tests/test_ptx_scan.py checks that both build the same IR).

`module_items` does the same for a module's top level once its bodies are emptied (version,
target, ``.file``, comments, sections, variables, function headers): 0.05 s of Lark on a 1 MB
module of 420 kernels, a few milliseconds here; anything else there and the grammar reads it all.
"""
from __future__ import annotations

import re
from typing import Callable

from neutrino_py.asm import ir, ptx_isa, regexes

# a comment, as the grammar's COMMENT reads one (without the space after it)
COMMENT = r"//[^\n]*|/\*.*?\*/"
COMMENTS = re.compile(COMMENT, re.S)

# a `.loc`/`.file` tail: the rest of its line, one-line /* */ comments in it kept as its text
# (`inlined_at` may follow one), a // comment left out; a line that ends in a comma goes on to
# the next, as ptxas reads it (the grammar's TAIL is the same)
_TAIL = r",(?:\s*\n)?(?:,\s*\n|(?!//|/\*)[^\n]|/\*(?:(?!\*/)[^\n])*\*/)*"

# A run of declarations/directives -> its statements (positions counted from the run), or None.
ParseRun = Callable[[str], "list | None"]

_NAME = r"[A-Za-z_$][A-Za-z0-9_$]*"


def _statement(args: str) -> re.Pattern:
    """One statement of a body, an instruction's operand text matched by `args` (the grammar's
    operand list: checking it while matching the statement costs less than a second pass)."""
    return regexes.compile(rf"""\s*(?:
    (?P<instruction>(?:@(?P<neg>!?)(?P<guard>%[A-Za-z0-9_$]+|{_NAME})\s+)?
    (?P<opcode>[a-z_][a-z0-9_]*(?:\.[A-Za-z0-9_]+(?:::[A-Za-z0-9_]+)*)*)
    (?:\s+(?P<args>(?-x:{args})))?\s*;)
  | (?P<end>\Z)
  | (?P<comment>{COMMENT})
  | (?P<label>(?P<name>{_NAME})[ \t]*:)
  | (?P<loc>\.loc[ \t]+(?P<file>[0-9]+)[ \t]+(?P<line>[0-9]+)[ \t]+(?P<col>[0-9]+)
    (?P<tail>{_TAIL})?)
  | (?P<reg>\.reg(?P<types>(?:\s+\.[A-Za-z_][A-Za-z0-9_$]*)+)\s+(?P<names>[^;]*?)\s*;)
  | (?P<var>\.(?P<space>global|shared|local|const|param)(?:\s+\.align\s+(?P<align>[0-9]+))?
    (?P<words>(?:\s+\.[A-Za-z_][A-Za-z0-9_$]*)+)\s+(?P<var_name>{_NAME})
    (?P<dims>(?:\s*\[\s*[0-9]*\s*\])*)\s*;)
  | (?P<pragma>\.pragma\s+(?P<pragma_args>"[^"\n]*")\s*;)
  | (?P<open>\{{)
  | (?P<close>\}})
  | (?P<other>\.[^;{{}}]*;))
""", re.X | re.S)


def _uncaptured(terminal: str) -> str:
    """A grammar terminal with its groups made non-capturing: the same text matches, and sre
    keeps no marks for them (the statement regex holds each terminal dozens of times: 0.005 s
    of scanning a 1 MB module's bodies). Every unescaped `(` not followed by `?` opens a group:
    true of REG, IMM and IDENT, which hold no `(` inside a character class."""
    return re.sub(r"(?<!\\)\((?!\?)", "(?:", terminal)


class OperandSyntax:
    """The grammar's operand list (`args` in ptx.lark) as regexes built from its REG, IMM and
    IDENT terminals: `pattern` matches a whole operand list (the scan's statement regex holds
    it), `read` turns checked text into the same operands the grammar's `args` rule makes (tests
    compare the two on every corpus instruction)."""

    def __init__(self, reg: str, imm: str, ident: str) -> None:
        reg, imm, ident = (_uncaptured(t) for t in (reg, imm, ident))
        one = f"(?:{reg}|{imm}|{ident})"
        name = f"(?:{reg}|{ident})"
        ws = r"\s*"
        vector = rf"\{{{ws}(?:{one}{ws}(?:,{ws}{one}{ws})*)?\}}"
        plist = rf"\({ws}(?:{one}{ws}(?:,{ws}{one}{ws})*)?\)"
        # the common operands first (a register or name, maybe a pair; a number): alternatives
        # start with different characters, so the order changes what matches in nothing but time
        element = rf"{ws}(?:\[{ws}{imm}{ws}\]|[+-]{ws}{imm})"       # arr[8], arr+8: an address
        any_operand = (rf"(?:{name}(?:{ws}\|{ws}{name})?|{imm}|!{ws}{name}|{vector}(?:{ws}\|{ws}{name})?|{plist}"
                       rf"|\[{ws}{one}{ws}(?:[+-]{ws}{imm}{ws}"
                       rf"|,{ws}(?:{name}{ws},{ws})?{vector}{ws})?\]"     # [tex, sampler, {c}]
                       rf"|{ident}{element})")
        self.pattern = rf"{any_operand}(?:{ws},{ws}{any_operand})*"     # an operand list
        self._operand = regexes.compile(rf"""{ws}(?:
              !{ws}(?P<negated>{name})
            | (?P<first>{name}|{vector}){ws}\|{ws}(?P<second>{name})
            | (?P<vector>{vector})
            | (?P<plist>{plist})
            | \[{ws}(?P<base>{one}){ws}(?:(?P<sign>[+-]){ws}(?P<offset>{imm}){ws}
                                       |,{ws}(?:(?P<sampler>{name}){ws},{ws})?
                                        (?P<coords>{vector}){ws})?\]
            | (?P<symbol>{ident}){ws}(?:\[{ws}(?P<index>{imm}){ws}\]|(?P<step>[+-]){ws}(?P<by>{imm}))
            | (?P<leaf>{one})){ws},?""", re.X).match

    def _items(self, text: str) -> tuple[ir.Operand, ...]:
        inner = text[1:-1]
        return tuple(leaf(t.strip()) for t in inner.split(",")) if inner.strip() else ()

    def read(self, text: str) -> list[ir.Operand]:
        out: list[ir.Operand] = []
        pos, n = 0, len(text)
        while pos < n:
            m = self._operand(text, pos)
            pos = m.end()
            kind = m.lastgroup
            if kind == "leaf":
                out.append(leaf(m.group(kind)))
            elif kind == "negated":
                out.append(ir.Negated(ir.Register(m.group(kind))))     # a predicate, named or not
            elif kind == "second":
                first = m.group("first")
                out.append(ir.PredPair(ir.Vector(self._items(first)) if first[0] == "{"
                                       else leaf(first), leaf(m.group(kind))))
            elif kind == "vector":
                out.append(ir.Vector(self._items(m.group(kind))))
            elif kind == "plist":
                out.append(ir.ParamList(self._items(m.group(kind))))
            elif kind == "coords":
                sampler = m.group("sampler")
                out.append(ir.Address(leaf(m.group("base")), 0,
                                      ir.Vector(self._items(m.group(kind))), False,
                                      leaf(sampler) if sampler else None))
            elif kind == "index":
                out.append(ir.SymbolAddress(ir.Symbol(m.group("symbol")), f"[{m.group(kind)}]"))
            elif kind == "by":
                out.append(ir.SymbolAddress(ir.Symbol(m.group("symbol")),
                                            m.group("step") + m.group(kind)))
            elif kind == "offset":
                offset = ir.int_literal(m.group(kind))
                out.append(ir.Address(leaf(m.group("base")),
                                      -offset if m.group("sign") == "-" else offset, None,
                                      offset == 0))
            else:
                out.append(ir.Address(leaf(m.group("base"))))
        return out


_SINK = ir.Sink()


def leaf(text: str) -> ir.Operand:
    """A checked operand leaf by its first character: only a register starts with ``%``, only a
    number with a digit, ``-`` or ``.`` (``.5``; the grammar's REG, IMM and IDENT terminals)."""
    first = text[0]
    if first == "%":
        return ir.Register(text)
    if first.isdigit() or first == "-" or first == ".":
        return ir.Immediate(text)
    return _SINK if text == "_" else ir.Symbol(text)
_DIM = re.compile(r"\[\s*([0-9]*)\s*\]")
_REG_NAME = re.compile(rf"\s*(%[A-Za-z0-9_$]+|{_NAME})(?:<([0-9]+)>)?\s*(?:,|$)")


class Scanner:
    """Scans bodies with the operand syntax of one grammar build."""

    def __init__(self, operands: OperandSyntax, parse_run: ParseRun) -> None:
        self.operands, self.parse_run = operands, parse_run
        self.statement = _statement(operands.pattern)
        # an instruction's groups by number (by name, each was a lookup per instruction)
        index = self.statement.groupindex
        self.instruction_groups = tuple(index[g] for g in ("opcode", "args", "guard", "neg"))
        # opcode as written -> (opcode, modifiers) for opcodes the PTX ISA has: a module spells
        # a few hundred opcodes over and over, and instructions never edit their modifiers, so
        # they share the list (an unknown opcode is split again where it stands, and says so)
        self.opcodes: dict[str, tuple[str, list[str]]] = {}

    def scan(self, text: str, line: int, col: int) -> list[ir.Statement] | None:
        """The statements of a body starting at (line, col) of its module, or None when some of
        it is not in the scan's shapes (the caller then parses it with the grammar)."""
        return self.scan_known(text, line, col)[0]

    def scan_known(self, text: str, line: int, col: int) -> tuple[list[ir.Statement] | None, bool]:
        """`scan`'s statements, and whether they are all known to the PTX ISA
        (`parser.check_known` need not look: every opcode is, and the only directives are
        ``.pragma``s), found while scanning instead of by a second pass over the body."""
        known = True
        out: list[ir.Statement] = []
        stack: list[list[ir.Statement]] = []
        regs: dict[str, ir.Register] = {}
        named: set[str] = set()
        loc: ir.Loc | None = None
        run = [-1, -1]                          # a run of declarations not yet parsed
        at_line, line_start, counted = line, -col, 0   # text[line_start + 1] is column 1
        # each match starts where the last ended (a scanner: no position passed per statement)
        match, count, rfind = self.statement.scanner(text).match, text.count, text.rfind
        g_opcode, g_args, g_guard, g_neg = self.instruction_groups
        opcodes, instruction = self.opcodes, ir.Instruction
        if len(opcodes) > 4096:
            opcodes.clear()
        while True:
            m = match()
            if m is None:
                return None, False
            kind = m.lastgroup
            if kind == "instruction":                   # most statements: tested first
                start = m.start(g_opcode)               # an instruction is placed at its opcode
            elif kind == "other":
                run[0] = m.start(kind) if run[0] < 0 else run[0]
                run[1] = m.end()
                continue
            elif kind == "end":
                break
            else:
                start = m.start(kind)
            if run[0] >= 0:
                known = False                   # the grammar's directives: checked after
                if not self._flush(text, run, line, col, named, out):
                    return None, False
            nl = count("\n", counted, start)
            if nl:
                at_line += nl
                line_start = rfind("\n", counted, start)
            counted = start
            if kind == "instruction":               # the shortest path
                opcode, args, guard, neg = m.group(g_opcode, g_args, g_guard, g_neg)
                if args is None:
                    args = ""
                if guard is not None:
                    guard = regs.get(guard) or regs.setdefault(guard, ir.Register(guard))
                split = opcodes.get(opcode)
                if split is None:
                    parts = opcode.split(".")
                    split = parts[0], parts[1:]
                    if parts[0] in ptx_isa.KNOWN_OPCODES:
                        opcodes[opcode] = split
                    else:
                        known = False
                out.append(instruction(split[0], split[1], None, guard, neg == "!",
                                       at_line, start - line_start, loc, args, named, opcode))
                continue
            at = (at_line, start - line_start)
            if kind == "label":
                out.append(ir.Label(m.group("name"), *at))
            elif kind == "comment":
                out.append(ir.Comment(m.group(kind).rstrip(), *at))
            elif kind == "loc":
                tail = m.group("tail")
                loc = ir.Loc(int(m.group("file")), int(m.group("line")), int(m.group("col")),
                             tail[1:].strip() if tail else "", *at)
                out.append(loc)
            elif kind == "reg":
                names = _reg_names(m.group("names"))
                if names is None:
                    return None, False
                decl = ir.RegDecl(".".join(t.strip()[1:] for t in m.group("types").split()),
                                  names, *at)
                named.update(decl.named_registers())
                out.append(decl)
            elif kind == "var":
                words = [w[1:] for w in m.group("words").split()]
                if "ptr" in words:                      # .ptr's own fields: the grammar's job
                    return None, False
                align = m.group("align")
                out.append(ir.VarDecl(m.group("space"), words[-1], m.group("var_name"),
                                      None if align is None else int(align),
                                      [int(d) if d else None for d in _DIM.findall(m.group("dims"))],
                                      attrs=words[:-1], line=at[0], col=at[1]))
            elif kind == "pragma":
                out.append(ir.Directive("pragma", m.group("pragma_args"), *at))
            elif kind == "open":
                block = ir.Block([], *at)
                out.append(block)
                stack.append(out)
                out = block.body
            elif not stack:                      # an unbalanced "}"
                return None, False
            else:
                out = stack.pop()
        if run[0] >= 0:
            known = False
        if stack or (run[0] >= 0 and not self._flush(text, run, line, col, named, out)):
            return None, False
        return out, known

    def _flush(self, text: str, run: list[int], line: int, col: int, named: set[str],
               out: list[ir.Statement]) -> bool:
        """Parse the pending run of declarations and directives with the grammar, in place."""
        start, end = run
        run[0] = run[1] = -1
        before = text.count("\n", 0, start)
        run_col = start - text.rfind("\n", 0, start) if before else col + start
        stmts = self.parse_run(text[start:end])
        if stmts is None:
            return False
        for s in stmts:
            s.col += run_col - 1 if s.line == 1 else 0
            s.line += line + before - 1
            if isinstance(s, ir.RegDecl):
                named.update(s.named_registers())
            elif not isinstance(s, (ir.VarDecl, ir.Directive, ir.Comment)):
                return False
        out.extend(stmts)
        return True


def _reg_names(text: str) -> list[tuple[str, int | None]] | None:
    """``%r<5>, %rd<3>`` as (name, count) pairs; None if it is not a list of register names."""
    out: list[tuple[str, int | None]] = []
    pos, n = 0, len(text)
    while pos < n:
        m = _REG_NAME.match(text, pos)
        if m is None or m.end() == pos:
            return None
        out.append((m.group(1), None if m.group(2) is None else int(m.group(2))))
        pos = m.end()
    return out or None


# ------------------------------------------------------------------ the module's top level

# Every word and number ends where the grammar's lexer ends it (`_END`: no backtracking into a
# shorter one), so the scan accepts only what the grammar reads the same way.
_END = r"(?![A-Za-z0-9_$])"
_WORD_ = rf"[A-Za-z_][A-Za-z0-9_$]*{_END}"
_ID = rf"{_NAME}{_END}"
_NUM = r"[0-9]+(?![0-9])"
_ATTRS = rf"(?:\s*(?:\.align\b\s*{_NUM}|\.(?!align\b){_WORD_}))*"
_DIMS = rf"(?:\s*\[\s*(?:{_NUM}\s*)?\])*"
_LINKAGE = rf"(?:\.(?:visible|extern|weak|common){_END}\s*)*"
# words that start a top-level item: after a function they end it (a declaration may end at its
# line without `;`, as open64-era nvcc wrote them), so they are never its performance directives
_TOP = (r"(?:entry|func|visible|extern|weak|common|global|shared|local|const|param|tex|version"
        r"|target|address_size|file|section)")
# space after a function's params, comments in it (LLVM's `// -- Begin function` there)
_GAP = rf"(?:\s|{COMMENT})*"
_ITEM = regexes.compile(rf"""\s*(?:
    (?P<end>\Z)
  | (?P<comment>{COMMENT})
  | (?P<version>\.version{_END}\s*(?P<version_num>[0-9]+\.[0-9]+(?![0-9])))
  | (?P<target>\.target{_END}\s*(?P<target_names>{_ID}(?:\s*,\s*{_ID})*))
  | (?P<address_size>\.address_size{_END}\s*(?P<bits>{_NUM}))
  | (?P<file>\.file{_END}\s*(?P<index>{_NUM})\s*(?P<path>"(?:\\.|[^"\\])*")
    (?P<tail>{_TAIL})?)
  | (?P<section>\.section{_END}\s*\.(?P<section_name>{_WORD_})\s*(?P<section_at>\{{)\s*\}})
  | (?P<function>(?P<linkage>{_LINKAGE})\.(?P<kind>entry|func){_END}\s*
    (?:(?P<returns>\([^()/]*\))\s*)?(?P<name>{_ID})\s*(?:(?P<params>\([^()/]*\))(?P<gap>{_GAP}))?
    (?P<perf>(?:\.(?!{_TOP}{_END}){_WORD_}\s*(?:{_NUM}\s*(?:,\s*{_NUM}\s*)*)?)*)
    (?:(?P<body_at>\{{)\s*\}}|;))
  | (?P<var>(?P<var_linkage>{_LINKAGE})
    (?P<var_space>\.(?:global|shared|local|const|param|tex){_END})(?P<var_attrs>{_ATTRS})\s*(?P<var_name>{_ID})(?P<var_dims>{_DIMS})\s*(?P<init>=[^;/]*)?;))
""", re.X | re.S)
_PARAM = regexes.compile(rf"""\s*(?P<space>\.(?:global|shared|local|const|param|tex|reg){_END})
    (?P<attrs>{_ATTRS})\s*(?P<name>{_ID})(?P<dims>{_DIMS})\s*(?:,|\)\Z)""", re.X)
_ATTR = re.compile(r"\.(align)\b\s*([0-9]+)|\.([A-Za-z_][A-Za-z0-9_$]*)")
_PERF = re.compile(r"\.([A-Za-z_][A-Za-z0-9_$]*)\s*((?:[0-9]+\s*(?:,\s*[0-9]+\s*)*)?)")
_WORD = re.compile(_NAME)


class _Places:
    """(line, column) of offsets of one text, asked for in increasing order."""

    def __init__(self, text: str) -> None:
        self.text, self.line, self.line_start, self.counted = text, 1, -1, 0

    def __call__(self, pos: int) -> tuple[int, int]:
        nl = self.text.count("\n", self.counted, pos)
        if nl:
            self.line += nl
            self.line_start = self.text.rfind("\n", self.counted, pos)
        self.counted = pos
        return self.line, pos - self.line_start


def module_items(text: str, bodies: dict[int, tuple[str, int, int]]) -> list | None:
    """The top-level items of a module's skeleton (`asm.parser.split`: bodies emptied, each
    kept in `bodies` under the offset of its ``{``) as the grammar's ``module`` rule builds them,
    when every item has one of the shapes compilers write (version, target, address size,
    ``.file``, comments, sections, variables, function headers); None otherwise (the grammar
    then parses it all)."""
    out: list = []
    at = _Places(text)
    pos, n = 0, len(text)
    match = _ITEM.match
    while pos < n:
        m = match(text, pos)
        if m is None:
            return None
        kind = m.lastgroup
        if kind == "end":
            break
        pos = m.end()
        if kind == "function":
            fn = _function(m, at, bodies)
            if fn is None:
                return None
            out.append(fn)
            gap, base = m.group("gap"), m.start("gap")      # comments there follow the function,
            for c in COMMENTS.finditer(gap or ""):          # as the grammar places them
                out.append(ir.Comment(c.group().rstrip(), *at(base + c.start())))
        elif kind == "var":
            decl = _decl(m, "var_", at)
            if decl is None:
                return None
            decl.linkage = _WORD.findall(m.group("var_linkage"))
            decl.init = None if m.group("init") is None else m.group("init")[1:].strip()
            out.append(decl)
        elif kind == "comment":
            out.append(ir.Comment(m.group(kind).rstrip(), *at(m.start(kind))))
        elif kind == "version":
            out.append(ir.Version(m.group("version_num"), *at(m.start(kind))))
        elif kind == "target":
            out.append(ir.Target([t.strip() for t in m.group("target_names").split(",")],
                                 *at(m.start(kind))))
        elif kind == "address_size":
            out.append(ir.AddressSize(int(m.group("bits")), *at(m.start(kind))))
        elif kind == "file":
            tail = m.group("tail")
            out.append(ir.File(int(m.group("index")), m.group("path")[1:-1],
                               tail[1:].strip() if tail else "", *at(m.start(kind))))
        else:                                                  # a section
            body = bodies.get(m.start("section_at"))
            if body is None:
                return None
            out.append(ir.Section(m.group("section_name"), body[0], *at(m.start(kind))))
    return out


def _function(m: re.Match, at: _Places, bodies: dict) -> ir.Function | None:
    lists: dict[str, list[ir.VarDecl]] = {}
    start = at(m.start("function"))
    for group in ("returns", "params"):
        text = m.group(group)
        lists[group] = []
        if text is None or not text[1:-1].strip():
            continue
        pos, base = 1, m.start(group)
        while pos < len(text):
            p = _PARAM.match(text, pos)
            if p is None:
                return None
            decl = _decl(p, "", at, base)
            if decl is None:
                return None
            lists[group].append(decl)
            pos = p.end()
    perf = []
    base = m.start("perf")
    for d in _PERF.finditer(m.group("perf")):
        perf.append(ir.Directive(d.group(1), ", ".join(d.group(2).replace(",", " ").split()),
                                 *at(base + d.start())))
    brace = m.start("body_at")
    fn = ir.Function(m.group("kind"), m.group("name"), lists["params"], lists["returns"],
                     _WORD.findall(m.group("linkage")), perf, brace >= 0, *start)
    if brace >= 0:
        body = bodies.get(brace)
        if body is None:
            return None
        fn._body_text, fn._body_pos = body[0], (body[1], body[2])
    return fn


def _decl(m: re.Match, prefix: str, at: _Places, base: int = 0) -> ir.VarDecl | None:
    """A variable or parameter declaration as the grammar's `_decl` builds it (``.ptr``'s state
    space and alignment go to `ptr`)."""
    decl = ir.VarDecl(m.group(prefix + "space")[1:], "", m.group(prefix + "name"),
                      line=0, col=0)
    decl.line, decl.col = at(base + m.start(prefix + "space"))
    words: list[str] = []
    ptr_at = None
    for a in _ATTR.finditer(m.group(prefix + "attrs")):
        if a.group(1) is not None:
            if ptr_at is None:
                decl.align = int(a.group(2))
            else:
                decl.ptr = ("", int(a.group(2)))
        elif a.group(3) == "ptr":
            ptr_at = len(words)
        else:
            words.append(a.group(3))
    decl.array = [int(d) if d else None for d in _DIM.findall(m.group(prefix + "dims"))]
    decl.set_words(words, ptr_at)
    return decl
