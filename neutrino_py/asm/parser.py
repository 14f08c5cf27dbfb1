"""PTX text → `ir.Module`, with function bodies parsed lazily and parsed modules cached on disk.

Parsing happens in two steps. `split` finds the brace-delimited bodies at the top level (functions
and ``.section``s) with one regex scan and replaces each by an empty ``{ }`` that keeps its
newlines; the skeleton is read eagerly, by the top-level scan (`asm.scan.module_items`) where
every item has a shape compilers write, else by the Lark ``module`` rule. A function's body text
is read on first access of `Function.body`, by the body scan or the ``body`` rule. The grammar's
side (`asm.grammar`: one LALR parser with the contextual lexer and the `Build` transformer applied
during parsing, so no tree is built) is imported only when it must parse something.
"""
from __future__ import annotations

import os
import hashlib
import pickle
import re
from functools import lru_cache
from pathlib import Path
from typing import AbstractSet

from neutrino_py import paths
from neutrino_py.asm import ir, ptx_isa, scan
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.files import atomic_file, cache_load

# Bump when the IR classes change shape: cached pickles of older shapes are then ignored.
IR_VERSION = 8

# Deepest `{ }` nesting accepted (a function body is depth 1). The IR's walkers recurse per level;
# real PTX nests a few levels (inline asm scopes), so deeper input is refused with its position
# rather than allowed to reach Python's recursion limit.
MAX_NESTING = 200

# Text up to the next '{', '}', '/' or '"' is skipped in one step (a class repeated: sre's fastest
# loop; searching for the tokens themselves tried every alternative at every character, 15 ms
# of a 1 MB module), then group 1 is a comment, a string or a brace; a '/' or '"' that starts
# none of them is stepped over, as a search for them would.
_SCAN = re.compile(r'[^{}/"]*+(?://[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|([{}])|[/"]|\Z)', re.S)


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
        c = m.group(1)
        if c is None:                     # a comment, a string, a lone '/' or '"', the end
            continue
        at = m.start(1)
        if c == "{":
            if depth == 0:
                in_init = _follows_equals(text, at)
                start = at + 1
                line += text.count("\n", counted, start)
                counted = start
            depth += 1
            if depth > MAX_NESTING:
                raise SourceError(f"blocks nested more than {MAX_NESTING} deep", file=file,
                                  line=text.count("\n", 0, at) + 1,
                                  col=at - text.rfind("\n", 0, at), source=text,
                                  hint="flatten the nested { } scopes")
        else:
            depth -= 1
            if depth == 0 and not in_init:
                body = text[start:at]
                piece = text[prev:start]
                skel_len += len(piece)
                pieces.append(piece)
                col = start - (text.rfind("\n", 0, start) + 1) + 1
                bodies[skel_len - 1] = (body, line, col)
                filler = "\n" * body.count("\n")
                pieces.append(filler)
                skel_len += len(filler)
                prev = at
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


def _lark():
    """The Lark PTX parser (`asm.grammar`, imported on first use)."""
    from neutrino_py.asm import grammar
    return grammar.lark()


def _parse(text: str, start: str, bodies: dict, file: str, source: str):
    """`text` parsed by the grammar from rule `start` (`asm.grammar.parse`)."""
    from neutrino_py.asm import grammar
    return grammar.parse(text, start, bodies, file, source)


def parse_body(text: str, line: int = 1, col: int = 1, file: str = "<input>") -> list[ir.Statement]:
    """Statements of a function body that starts at (line, col) of its module: the scan's fast
    path where it recognises the text (`asm.scan`), the grammar otherwise."""
    stmts = _scanner().scan(text, line, col)
    return stmts if stmts is not None else grammar_body(text, line, col, file)


def grammar_body(text: str, line: int = 1, col: int = 1, file: str = "<input>") -> list[ir.Statement]:
    """`parse_body`'s statements by the grammar alone: the scan's reference."""
    padded = "\n" * (line - 1) + " " * (col - 1) + text
    stmts = _parse(padded, "body", {}, file, padded)
    _set_locs(stmts, None)
    named = {name for s in ir.walk(stmts) if isinstance(s, ir.RegDecl)
             for name in s.named_registers()}
    if named:
        _registers_by_name(stmts, named)
    return stmts


def parse_args(text: str, named: AbstractSet[str] = frozenset()) -> list[ir.Operand]:
    """The operands of one instruction from its operand text, which the scan has checked;
    registers declared without ``%`` in `named` become `Register`s."""
    if named:
        return [_by_name(op, named) for op in _scanner().operands.read(text)]
    return list(_shared_args(text))


@lru_cache(maxsize=1 << 16)
def _shared_args(text: str) -> tuple[ir.Operand, ...]:
    """Operands by their text: the kernels of a module repeat operand lists (memtrace read 2,911
    of them in 420 kernels, 70 different; 2,439 in 40 Triton kernels, 335 different), and
    operands are immutable, so instructions share them (each gets its own list)."""
    return tuple(_scanner().operands.read(text))


def grammar_args(text: str, named: AbstractSet[str] = frozenset()) -> list[ir.Operand]:
    """The same operands as `parse_args`, by the grammar's `args` rule (its reference)."""
    operands = _parse(text, "args", {}, "<operands>", text) if text else []
    return [_by_name(op, named) for op in operands] if named else operands


def _registers_by_name(stmts: list[ir.Statement], named: set[str]) -> None:
    """Registers declared without a ``%`` (``.reg .pred p;`` in inline asm) lex as names; make
    their uses `Register`s like every other register."""
    for s in ir.walk(stmts):
        if isinstance(s, ir.Instruction):
            s.operands = [_by_name(op, named) for op in s.operands]


def _by_name(op: ir.Operand, named: AbstractSet[str]) -> ir.Operand:
    if isinstance(op, ir.Symbol):          # `v.x`: a component of a named vector register
        return ir.Register(op.name) if op.name.partition(".")[0] in named else op
    if isinstance(op, ir.Vector):
        return ir.Vector(tuple(_by_name(i, named) for i in op.items))
    if isinstance(op, ir.ParamList):
        return ir.ParamList(tuple(_by_name(i, named) for i in op.items))
    if isinstance(op, ir.Address):
        coords = _by_name(op.coords, named) if op.coords is not None else None
        sampler = _by_name(op.sampler, named) if op.sampler is not None else None
        return ir.Address(_by_name(op.base, named), op.offset, coords, op.zero_offset, sampler)
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
    module = cache_load(path)
    if module is None:
        skeleton, bodies = split(text, file)
        items = scan.module_items(skeleton, bodies)       # the grammar where the scan declines
        module = ir.Module(items if items is not None else
                           _parse(skeleton, "module", bodies, file, text), file)
        for fn in module.functions():
            fn._file, fn._cache = file, cache
        cache_store(path, module)
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
    stmts, known = _scanner().scan_known(text, line, col)
    if stmts is None:             # only what the grammar parses is worth a cache entry: the
        path = _cache_path("body", f"{file}:{line}:{col}", text) if cache else None
        stmts = cache_load(path)  # scan is about as fast as reading a pickle back
        if stmts is None:
            stmts = parse_body(text, line, col, file)
            cache_store(path, stmts)
    if not (allow_unknown or known):
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
    key = hashlib.sha256(f"{IR_VERSION}\0{_grammar_digest()}\0{where}\0{text}"
                         .encode("utf-8", "surrogateescape"))   # a file name may not be UTF-8
    return paths.cache_dir("parse") / f"{key.hexdigest()}.{kind}.pickle"


def parse_cache_limit() -> int:
    """Bytes the parse cache may hold (NEUTRINO_PARSE_CACHE_MB, default 1024 MiB)."""
    try:
        return max(0, int(os.environ.get("NEUTRINO_PARSE_CACHE_MB", "1024"))) << 20
    except ValueError:
        return 1024 << 20


_stores = 0              # entries written by this process: the cache is pruned every _PRUNE_EVERY
_PRUNE_EVERY = 256


def cache_store(path: Path | None, value) -> None:
    """Pickle `value` to `path` for a later `cache_load`; its folder is pruned now and then."""
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
    functions' tuning directives included) that PTX ISA `ptx_isa.PTX_ISA` does not have. A loop
    over the list, not over `ir.walk`: it sees every statement of a module (a generator frame
    per statement cost a large module 0.01 s)."""
    for s in items:
        kind = type(s)
        if kind is ir.Instruction:
            if s.opcode not in ptx_isa.KNOWN_OPCODES:
                raise _unknown("instruction", s.opcode, s, file, source)
        elif kind is ir.Block:
            check_known(s.body, file, source)
        elif kind is ir.Directive and s.name not in ptx_isa.DIRECTIVES:
            raise _unknown("directive", "." + s.name, s, file, source)
        elif kind is ir.Function:
            for d in s.directives:
                if d.name not in ptx_isa.DIRECTIVES:
                    raise _unknown("directive", "." + d.name, d, file, source)


def _unknown(kind: str, name: str, node, file: str, source: str | None) -> SourceError:
    return SourceError(f"unknown {kind} '{name}' (not in PTX ISA {ptx_isa.PTX_ISA}, which this "
                       "version of neutrino_py checks against)", file=file, line=node.line, col=node.col,
                       source=source, width=len(name),
                       hint="check the spelling; to pass unknown instructions and directives "
                            "through unchanged, use --allow-unknown (parse_ptx(allow_unknown=True))")
