"""Parse AMDGCN assembly (grammars/gcn.lark) into `asm.gcn` IR in one LALR pass.

The transformer runs inside the parser, so no parse tree is built. Lark's errors become
`errors.SourceError` with the line, a caret and a hint.
"""
from __future__ import annotations

import dataclasses
import functools
import re

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .. import paths
from ..errors import SourceError
from .gcn import (Comment, Directive, File, Func, GcnModule, Imm, Instruction, KernelDescriptor, Label,
                  ListOp, Loc, Metadata, Modified, Modifier, Register, Sym, TargetDirective,
                  PROCESSORS, SUPPORTED, named_target)

# arguments of the directives the IR types (the grammar keeps directive arguments as text)
_LOC = re.compile(r"(\d+)\s+(\d+)(?:\s+(.*))?", re.S)
_FILE = re.compile(r'(?:(\d+)\s+)?((?:"[^"]*"[ \t]*)+)(.*)', re.S)
_QUOTED = re.compile(r'"([^"]*)"')


def _pos(tok: Token) -> dict[str, int]:
    return {"line": tok.line or 0, "col": tok.column or 0}


def _is_comment(x: object) -> bool:
    return isinstance(x, Token) and x.type == "COMMENT"


def _negated(x, call: bool):
    """``-x`` or ``neg(x)`` as one `Modified`, of an absolute value too (``-abs(v1)``,
    ``neg(|v1|)``)."""
    if isinstance(x, Modified) and not x.neg:
        return Modified(x.inner, neg=True, abs=x.abs, neg_call=call, abs_call=x.abs_call)
    return Modified(x, neg=True, neg_call=call)


class _ToIR(Transformer):
    """One method per grammar rule; each returns an IR node."""

    def start(self, items):
        return list(items)

    @v_args(inline=True)
    def label(self, tok, _comment=None):
        return Label(tok[:-1], **_pos(tok))

    def instruction(self, items):
        op, rest = items[0], [x for x in items[1:] if not _is_comment(x)]
        operands = [x for x in rest if not isinstance(x, Modifier)]
        modifiers = [x for x in rest if isinstance(x, Modifier)]
        return Instruction(str(op), operands, modifiers, **_pos(op))

    def directive(self, items):
        name, args = items[0], [x for x in items[1:] if not _is_comment(x)]
        text = args[0].strip() if args else ""
        if name == ".loc" and (m := _LOC.fullmatch(text)):
            return Loc(int(m[1]), int(m[2]), m[3] or "", **_pos(name))
        if name == ".file" and (m := _FILE.fullmatch(text)):
            return File(None if m[1] is None else int(m[1]), tuple(_QUOTED.findall(m[2])),
                        m[3].strip(), **_pos(name))
        if name == ".amdgcn_target":
            return TargetDirective(str(name), text, **_pos(name))
        return Directive(str(name), text, **_pos(name))

    @v_args(inline=True)
    def comment(self, tok):
        return Comment(str(tok), **_pos(tok))

    @v_args(inline=True)
    def metadata(self, tok):
        return Metadata(str(tok), **_pos(tok))

    def kernel_descriptor(self, items):
        begin, name, *fields = items[:-1]
        return KernelDescriptor(str(name), dict(fields), **_pos(begin))

    @v_args(inline=True)
    def field(self, name, args):
        return (str(name), args.strip())

    # operands
    @v_args(inline=True)
    def reg_range(self, tok):
        return Register.parse(str(tok))

    @v_args(inline=True)
    def name(self, tok):
        return Register.parse(str(tok)) or Sym(str(tok))

    @v_args(inline=True)
    def number(self, tok):
        return Imm(str(tok))

    def expr(self, items):
        return items[0]

    def expr_sum(self, items):
        return Sym("".join(map(str, items)))

    def paren(self, items) -> str:
        """A parenthesised part of an expression, as text: the whole expression is one `Sym`."""
        return "(" + "".join(map(str, items)) + ")"

    @v_args(inline=True)
    def func(self, name, *args):
        args = tuple(a for a in args if a is not None)
        if str(name) == "neg" and len(args) == 1:
            return _negated(args[0], call=True)
        if str(name) == "abs" and len(args) == 1 and not isinstance(args[0], Modified):
            return Modified(args[0], abs=True, abs_call=True)
        return Func(str(name), args)

    def list(self, items):
        return ListOp(tuple(a for a in items if a is not None))

    @v_args(inline=True)
    def neg(self, x):
        return _negated(x, call=False)

    @v_args(inline=True)
    def abs(self, x):
        return Modified(x, abs=True)

    @v_args(inline=True)
    def neg_abs(self, x):
        return Modified(x, neg=True, abs=True)

    # modifiers
    @v_args(inline=True)
    def joined(self, op, modifier):
        if op != "&":
            raise UnexpectedToken(op, {"&"})
        return dataclasses.replace(modifier, joined=True)

    @v_args(inline=True)
    def flag(self, tok):
        return Modifier(str(tok))

    @v_args(inline=True)
    def keyed(self, key, value):
        return Modifier(str(key)[:-1], str(value))

    @v_args(inline=True)
    def keyed_list(self, key, *items):
        return Modifier(str(key)[:-1], ListOp(tuple(a for a in items if a is not None)))

    @v_args(inline=True)
    def keyed_func(self, key, name, *args):
        return Modifier(str(key)[:-1], Func(str(name), tuple(a for a in args if a is not None)))

    @v_args(inline=True)
    def func_modifier(self, name, *args):
        return Modifier(str(name), Func(str(name), tuple(a for a in args if a is not None)))


@functools.cache
def _parser() -> Lark:
    return Lark(paths.grammar("gcn.lark").read_text(), parser="lalr", lexer="contextual",
                transformer=_ToIR(), propagate_positions=False, maybe_placeholders=True)


def parse_gcn(text: str, file: str = "<gcn>") -> GcnModule:
    """Parse a whole `.s` file. Raises `SourceError` pointing at the first bad token."""
    if not text.endswith("\n"):
        text += "\n"
    try:
        module = GcnModule(_parser().parse(text), file=file)
    except UnexpectedInput as e:
        if isinstance(e, UnexpectedToken):
            what = f"unexpected {e.token.type.lower()} {str(e.token)!r}"
        elif isinstance(e, UnexpectedCharacters):
            what = f"unexpected character {text[e.pos_in_stream]!r}" if e.pos_in_stream < len(text) else "unexpected end"
        else:
            what = "unexpected end of input"
        target = named_target(text)
        hint = ("expected `opcode operand, ... modifier`, `label:`, or a directive; "
                "is this llvm-mc AMDGPU syntax?")
        if target and target not in PROCESSORS:
            hint = (f"the module is for {target}; neutrino_py reads and instruments {SUPPORTED}; "
                    f"build the kernel for one of them (--offload-arch=gfx942) or "
                    f"trace it as a launch only")
        raise SourceError(f"cannot parse GCN assembly: {what}", file=file, line=e.line or 0,
                          col=e.column or 0, source=text, hint=hint) from None
    if not any(not isinstance(s, Comment) for s in module.statements):
        raise SourceError("empty GCN module: no directives, no kernels", file=file, line=1, col=1,
                          hint="pass the assembly clang writes (clang -S --offload-arch=gfx942)")
    meta = module.metadata()
    if meta is not None:
        meta.parse(file, text)                        # malformed YAML: refused here, located
    for statement in module.statements:
        if isinstance(statement, KernelDescriptor):
            statement.file = file
    return module
