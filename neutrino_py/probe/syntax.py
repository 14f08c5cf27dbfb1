"""What the parser builds: untyped syntax nodes with spans, made by a Transformer while parsing.

Positions are already final (`ast.Position`); names, types and operands are resolved later by
`verify`, which turns these nodes into the typed `ast`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from lark import Token, Transformer, v_args

from neutrino_py.probe import ast
from neutrino_py.probe.ast import Span


def span(*items: Any) -> Span:
    """The span from the first to the last item (tokens or nodes); None items are skipped."""
    spans = [tok_span(i) if isinstance(i, Token) else i.span for i in items if i is not None]
    return Span(spans[0].line, spans[0].col, spans[-1].end_line, spans[-1].end_col)


def tok_span(tok: Token) -> Span:
    """A token's place, for error carets that underline exactly the token."""
    return Span(tok.line, tok.column, tok.end_line, tok.end_column)


@dataclass(frozen=True)
class Name:
    name: str
    span: Span


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple["Node", ...]
    span: Span


@dataclass(frozen=True)
class Attr:
    obj: "Node"
    name: str
    span: Span


@dataclass(frozen=True)
class Method:
    obj: "Node"
    name: str
    args: tuple["Node", ...]
    span: Span


@dataclass(frozen=True)
class Index:
    obj: "Node"
    index: "Node"
    span: Span


@dataclass(frozen=True)
class Count:
    patterns: tuple[ast.OpcodePattern, ...]
    span: Span


@dataclass(frozen=True)
class Number:
    value: int | float
    span: Span


@dataclass(frozen=True)
class BinOp:
    op: str
    left: "Node"
    right: "Node"
    span: Span
    op_span: Span


@dataclass(frozen=True)
class UnOp:
    op: str
    operand: "Node"
    span: Span


@dataclass(frozen=True)
class CastOp:
    type: ast.Type
    operand: "Node"
    span: Span


Node = Union[Name, Call, Attr, Method, Index, Count, Number, BinOp, UnOp, CastOp]


@dataclass(frozen=True)
class AssignStmt:
    target: Node
    op: str
    value: Node
    span: Span
    op_span: Span


@dataclass(frozen=True)
class ExprStmt:
    expr: Node
    span: Span


@dataclass(frozen=True)
class Word:
    """A name with its place (map kind, level, field or register name)."""

    text: str
    span: Span


@dataclass(frozen=True)
class MapSyntax:
    name: Word
    level: Word | None
    kind: Word
    size: Node | None
    size_brackets: str | None  # "()" or "[]"
    fields: tuple[ast.Field, ...] | None
    value_type: tuple[ast.Type, Span] | None
    pool: Node | None
    span: Span


@dataclass(frozen=True)
class RegSyntax:
    type: ast.Type
    names: tuple[Word, ...]
    span: Span


@dataclass(frozen=True)
class ProbeSyntax:
    position: ast.Position
    filter: Node | None
    body: tuple[AssignStmt | ExprStmt, ...]
    span: Span


Item = Union[MapSyntax, RegSyntax, ProbeSyntax]


def _word(tok: Token) -> Word:
    return Word(str(tok), tok_span(tok))


def _int(tok: Token) -> int:
    text = tok.replace("_", "")
    return int(text, 16) if text[:2].lower() == "0x" else int(text, 10)


def _patterns(toks: tuple[Token, ...]) -> tuple[ast.OpcodePattern, ...]:
    return tuple(ast.OpcodePattern(str(t), tok_span(t)) for t in toks)


@v_args(inline=True)
class ToSyntax(Transformer):
    """One method per grammar rule; runs inside the LALR parser, so no parse tree is built."""

    def start(self, *items: Item) -> list[Item]:
        return list(items)

    # declarations
    def map_decl(self, kw, name, level, kind, size, body, pool) -> MapSyntax:
        brackets, size = size if size is not None else (None, None)
        fields = tuple(body) if isinstance(body, list) else None
        return MapSyntax(_word(name), level, _word(kind), size, brackets, fields,
                         None if fields is not None else body, pool, span(kw, kind))

    def level(self, name: Token) -> Word:
        return _word(name)

    def size_paren(self, lpar, expr):
        return "()", expr

    def size_bracket(self, lsqb, expr):
        return "[]", expr

    def fields(self, *fields: ast.Field) -> list[ast.Field]:
        return list(fields)

    def value_type(self, typ):
        return typ

    def field(self, typ, name: Token) -> ast.Field:
        return ast.Field(str(name), typ[0], span(name))

    def lanes_field(self, kw: Token, name: Token) -> ast.Field:
        return ast.Field(str(name), ast.Type.U64, span(kw, name), lanes=True)

    def pool(self, kw, expr):
        return expr

    def reg_decl(self, kw, typ, *names: Token) -> RegSyntax:
        return RegSyntax(typ[0], tuple(_word(n) for n in names), span(kw, names[-1]))

    def type(self, tok: Token) -> tuple[ast.Type, Span]:
        return ast.Type(str(tok)), tok_span(tok)

    # probes
    def probe(self, position: ast.Position, *rest) -> ProbeSyntax:
        filt, body = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        return ProbeSyntax(position, filt, body[0], span(position, body[1]))

    def at_entry(self, kw: Token) -> ast.Position:
        return ast.Position(str(kw), None, tok_span(kw))

    at_exit = at_block = at_entry

    def at_target(self, when: Token, target) -> ast.Position:
        return ast.Position(str(when), target, span(when, target))

    def at_default(self, target) -> ast.Position:
        return ast.Position("before", target, target.span)

    def patterns(self, *toks: Token) -> ast.Opcodes:
        return ast.Opcodes(_patterns(toks), span(toks[0], toks[-1]))

    def mark(self, kw, name: Token) -> ast.Mark:
        return ast.Mark(name[1:-1], span(kw, name))

    def lines(self, kw, file: Token, first: Token, minus=None, last=None) -> ast.Lines:
        end = last if last is not None else first
        return ast.Lines(file[1:-1], _int(first), _int(end), span(kw, end))

    def filter(self, slash, expr, end):
        return expr

    def body(self, lbrace, *rest):
        return tuple(rest[:-1]), rest[-1]

    def assign(self, target, op: Token, value) -> AssignStmt:
        return AssignStmt(target, str(op), value, span(target, value), tok_span(op))

    def expr_stmt(self, expr) -> ExprStmt:
        return ExprStmt(expr, expr.span)

    # expressions
    def binop(self, left, op: Token, right) -> BinOp:
        return BinOp(str(op), left, right, span(left, right), tok_span(op))

    def unop(self, op: Token, operand) -> UnOp:
        return UnOp(str(op), operand, span(op, operand))

    def cast(self, lpar, typ, operand) -> CastOp:
        return CastOp(typ[0], operand, span(lpar, operand))

    def name(self, tok: Token) -> Name:
        return Name(str(tok), tok_span(tok))

    def call(self, name: Token, args, rpar: Token) -> Call:
        return Call(str(name), tuple(args or ()), span(name, rpar))

    def attr(self, obj, name: Token) -> Attr:
        return Attr(obj, str(name), span(obj, name))

    def method(self, obj, name: Token, args, rpar: Token) -> Method:
        return Method(obj, str(name), tuple(args or ()), span(obj, rpar))

    def index(self, obj, idx) -> Index:
        return Index(obj, idx, span(obj, idx))

    def count(self, kw, *toks: Token) -> Count:
        return Count(_patterns(toks[:-1]), span(kw, toks[-1]))

    def int_lit(self, tok: Token) -> Number:
        return Number(_int(tok), tok_span(tok))

    def float_lit(self, tok: Token) -> Number:
        return Number(float(tok), tok_span(tok))

    def args(self, *items):
        return list(items)

    def assign_op(self, tok: Token) -> Token:
        return tok
