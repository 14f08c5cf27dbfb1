"""Probe text → syntax nodes with Lark: LALR, contextual lexer, transformer applied while parsing.

Lark's exceptions become `SourceError`s that say what was expected in words and what to do.
"""
from __future__ import annotations

import functools
import hashlib
import re

from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from neutrino_py import paths
from neutrino_py.errors import SourceError
from neutrino_py.probe.passes import WIDEST, shortened
from neutrino_py.probe.syntax import Item, ToSyntax

# Words people reach for that the language leaves out on purpose, with what to do instead.
RESERVED = {
    **dict.fromkeys(("for", "while", "do", "loop", "goto", "break", "continue"),
                    ("loops are not allowed in probes",
                     "a probe runs once per event; accumulate across events with a counter or "
                     "hist map")),
    **dict.fromkeys(("if", "else"),
                    ("conditions go in a probe's filter, not in statements",
                     "write: before ld.global / BYTES >= 16 / { ... }")),
    **dict.fromkeys(("fn", "def", "func", "function", "return"),
                    ("probes have no functions or calls besides the built-in helpers",
                     "write the statements in the probe body")),
}

_WORDS = {
    "NAME": "a name", "INT": "an integer", "FLOAT": "a number", "STRING": 'a "string"',
    "PATTERN": "an opcode pattern", "WHEN": "'before' or 'after'",
    "FILTER_END": "'/' closing the filter", "$END": "end of file",
}
_SYNTAX = "the language is summarized in probes/README.md"
_TOP = {"MAP", "REG", "ENTRY", "EXIT", "BLOCK", "WHEN", "MARK", "LINE"}
_TOP_WORDS = {"map", "reg", "entry", "exit", "block", "before", "after", "mark", "line"}
_KEYWORDS = _TOP_WORDS | {"pool", "count", "u32", "u64", "s32", "s64", "f32", "f64"}
_EXPR_START = {"NAME", "INT", "COUNT"}
_ASSIGN_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}
_OPERATORS = {"OROR", "ANDAND", "EQ", "NE", "LT", "LE", "GT", "GE", "BAR", "CARET", "AMP", "SHL",
              "SHR", "PLUS", "MINUS", "STAR", "SLASH", "PERCENT", "DOT", "LSQB"}


@functools.cache
def parser() -> Lark:
    """The probe LALR parser, built once; it makes `syntax` nodes while parsing (no parse tree).
    Its tables are cached on disk, keyed by the grammar's hash: building them costs ~0.25 s of
    every command's start-up."""
    grammar = paths.grammar("probe.lark").read_text()
    digest = hashlib.sha256(grammar.encode()).hexdigest()[:16]
    return Lark(grammar, parser="lalr", lexer="contextual", transformer=ToSyntax(),
                maybe_placeholders=True,
                cache=str(paths.cache_dir("grammar") / f"probe-grammar-{digest}.lark"))


def parse(text: str, file: str) -> list[Item]:
    """Parse probe `text`; raise SourceError for binary data, reserved words and syntax errors."""
    _refuse_binary(text, file)
    _refuse_unterminated_comment(text, file)
    _refuse_tokens(text, file)
    try:
        return parser().parse(text)
    except UnexpectedInput as err:
        comment = _comment_error(text, file, err)
        if comment is not None:
            raise comment from None
        raise _syntax_error(text, file, err) from None


def _syntax_error(text: str, file: str, err: UnexpectedInput) -> SourceError:
    if isinstance(err, UnexpectedToken):
        end = err.token.type == "$END"
        return _at_end(text, file, err) if end else _unexpected(text, file, err)
    if isinstance(err, UnexpectedCharacters):
        return SourceError(f"unexpected character {err.char!r}", file=file, line=err.line,
                           col=err.column, source=text, hint=_char_hint(err.char))
    return SourceError("cannot parse this", file=file, line=err.line, col=err.column,
                       source=text, hint=_SYNTAX)


# What holds a '/*' that opens no comment (a line comment, a string), and what opens one
_COMMENT_OPEN = re.compile(r'//[^\n]*|"[^"\n]*"|/\*')


def _refuse_unterminated_comment(text: str, file: str) -> None:
    """A `/*` never closed, found before anything lexes the text: the lexer would read it as '/'
    and '*', words inside it as code (a reserved word, too many operators), and try a comment
    again at every later '/*', each time to the end of the text."""
    pos = 0
    while (found := _COMMENT_OPEN.search(text, pos)) is not None:
        pos = found.end()
        if found.group() != "/*":
            continue
        end = text.find("*/", pos)
        if end == -1:
            at = found.start()
            raise SourceError("unterminated comment: '/*' is never closed", file=file,
                              line=text.count("\n", 0, at) + 1, col=at - text.rfind("\n", 0, at),
                              source=text, width=2, hint="close it with '*/'")
        pos = end + 2


def _comment_error(text: str, file: str, err: UnexpectedInput) -> SourceError | None:
    """A `*/` where the parse failed with no comment open (comments do not nest): said as such,
    not as a stray operator."""
    if isinstance(err, UnexpectedToken):
        at = err.token.start_pos if err.token.type != "$END" else None
    else:
        at = getattr(err, "pos_in_stream", None)
    if at is None:
        return None
    stray = next((i for i in (at, at - 1) if i >= 0 and text.startswith("*/", i)), None)
    if stray is None and text[:at].rstrip().endswith("*/"):  # the rest of `/* a /* b */ c */`
        end = text.find("*/", at)
        if end != -1 and "\n" not in text[at:end] and "/*" not in text[at:end]:
            stray = end
    if stray is None:
        return None
    return SourceError("'*/' outside a comment", file=file, line=text.count("\n", 0, stray) + 1,
                       col=stray - text.rfind("\n", 0, stray), source=text, width=2,
                       hint="comments do not nest: a '/* ... */' comment ends at its first '*/'")


# Control characters besides white space (a binary file), and U+FFFD, which `load_file` puts
# where bytes did not decode as UTF-8
_BINARY = re.compile("[\x00-\x08\x0e-\x1f\x7f\ufffd]")


def _refuse_binary(text: str, file: str) -> None:
    found = _BINARY.search(text)
    if found is None:
        return
    at, ch = found.start(), found.group()
    start = text.rfind("\n", 0, at) + 1
    lineno, col = text.count("\n", 0, at) + 1, at - start + 1
    line = text[start:at + 41].split("\n")[0]
    shown = "".join(c if c.isprintable() and c != "\ufffd" else "." for c in line)
    if ch == "\ufffd":
        message, hint = ("bytes that are not UTF-8 (shown as U+FFFD)",
                         "a .probe file is UTF-8 text: save it as UTF-8")
    else:
        message, hint = (f"binary data (character {ord(ch):#04x}): this is not a probe file",
                         "a .probe file is UTF-8 text; check the path you passed")
    raise SourceError(message, file=file, line=lineno, col=col,
                      source="\n" * (lineno - 1) + shown, hint=hint)


# Most operators (and unary signs, parentheses) one statement may hold: every later pass walks
# an expression recursively, so a longer one is refused here, where it is, instead of reaching
# Python's recursion limit.
MAX_OPERATORS = 256
_NESTING = _OPERATORS | {"TILDE", "BANG", "LPAR"}
MAX_DECIMAL_DIGITS = len(str(1 << 64))    # a decimal literal this long or longer is past 64 bits


def _refuse_tokens(text: str, file: str) -> None:
    """What one token (or a statement's run of them) shows is wrong, in one pass of the lexer:
    reserved words, literals that no type holds, statements too long for the later passes."""
    count = 0
    for tok in _tokens(text):
        if tok.type in ("NAME", "PATTERN") and str(tok) in RESERVED:
            message, hint = RESERVED[str(tok)]
            raise SourceError(f"'{tok}': {message}", file=file, line=tok.line, col=tok.column,
                              source=text, width=len(tok), hint=hint)
        if tok.type == "INT":
            _refuse_integer(tok, text, file)
        if tok.type in ("SEMICOLON", "LBRACE", "RBRACE"):
            count = 0
        elif tok.type in _NESTING:
            count += 1
            if count > MAX_OPERATORS:
                raise SourceError(f"expression with more than {MAX_OPERATORS} operators",
                                  file=file, line=tok.line, col=tok.column, source=text,
                                  hint="split it: compute parts into a `reg` in earlier "
                                       "statements")


def _refuse_integer(tok: Token, text: str, file: str) -> None:
    """An integer literal past 64 bits (read without converting a long one: Python refuses to
    convert over 4300 decimal digits), or a decimal one with a leading zero, which C reads as
    octal and this language would not."""
    digits = tok.replace("_", "")
    hexadecimal = digits[:2].lower() == "0x"
    significant = digits[2 if hexadecimal else 0:].lstrip("0")
    if hexadecimal:
        too_wide = len(significant) > 16
    else:
        too_wide = len(significant) > MAX_DECIMAL_DIGITS or int(significant or "0") >> 64 != 0
    if too_wide:
        raise SourceError(f"the constant {shortened(tok)} does not fit in 64 bits", file=file,
                          line=tok.line, col=tok.column, source=text, width=len(tok),
                          hint=WIDEST)
    if not hexadecimal and len(digits) > 1 and digits[0] == "0":
        octal = f", or {int(digits, 8):#x} for the octal number C reads" \
            if set(digits) <= set("01234567") else ""
        raise SourceError(f"'{tok}': a leading zero would make it octal in C", file=file,
                          line=tok.line, col=tok.column, source=text, width=len(tok),
                          hint=f"write {int(digits)}{octal}; numbers are decimal or 0x "
                               "hexadecimal")


def _tokens(text: str):
    """Tokens of the whole text with the grammar's full lexer, stopping at the first bad one."""
    try:
        yield from parser().lex(text)
    except UnexpectedInput:
        return


def _describe(name: str) -> str:
    if name in _WORDS:
        return _WORDS[name]
    term = next((t for t in parser().terminals if t.name == name), None)
    if term is not None and isinstance(term.pattern, PatternStr):
        return f"'{term.pattern.value}'"
    return name.lower()


def _expected(names: set[str]) -> str:
    if _TOP <= names:
        return "'map', 'reg' or a probe (entry, exit, block, before, after, mark, line)"
    if _EXPR_START <= names:
        return "an expression"
    groups = []
    if len(names & _OPERATORS) > 2:
        groups.append("an operator")
        names = names - _OPERATORS
    assign = {n for n in names if _describe(n).strip("'") in _ASSIGN_OPS}
    if len(assign) > 2:
        groups.append("an assignment ('=', '+=', ...)")
        names = names - assign
    words = sorted(_describe(n) for n in names) + groups
    if not words:
        return "nothing more"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _accepted(err: UnexpectedToken) -> set[str]:
    try:
        return set(err.interactive_parser.accepts()) - {"$END"}
    except Exception:  # the interactive parser may itself reject the state; fall back to Lark's set
        return set(err.expected)


def _unexpected(text: str, file: str, err: UnexpectedToken) -> SourceError:
    tok, accepts = err.token, _accepted(err)
    prev = err.token_history[-1] if err.token_history else None
    opened = _unclosed_brace(text, tok)
    if opened is not None and {str(tok), str(prev)} & _TOP_WORDS and accepts != {"NAME"}:
        return _unterminated(text, file, opened)
    if "SEMICOLON" in accepts and prev is not None and (
            accepts == {"SEMICOLON"} or tok.type == "RBRACE" or tok.line > prev.end_line):
        return SourceError("missing ';' at the end of the statement", file=file,
                           line=prev.end_line, col=prev.end_column, source=text,
                           hint="end every statement and field with ';'")
    if prev is not None and prev.type in ("INT", "FLOAT") and tok.start_pos == prev.end_pos \
            and str(tok)[0].isalnum():
        return SourceError(f"'{prev}{tok}' is not a number", file=file, line=prev.line,
                           col=prev.column, source=text, width=len(prev) + len(tok),
                           hint="numbers are decimal (4096, 1_000), hexadecimal with at least one "
                                "digit (0xff) or floats (1.5, 2e3)")
    if prev is not None and prev.type == "COUNT":
        return SourceError("'count' is built in, not a name", file=file, line=prev.line,
                           col=prev.column, source=text, width=len(prev),
                           hint="count(ld.*) counts a basic block's instructions at 'block' "
                                "probes; it cannot name a register or a map")
    if "NAME" in accepts and str(tok) in _KEYWORDS:
        return SourceError(f"'{tok}' is a keyword, not a name", file=file, line=tok.line,
                           col=tok.column, source=text, width=len(tok),
                           hint=f"choose another name, e.g. {tok}_")
    hint = _SYNTAX
    if accepts & {"PATTERN"} and not accepts & {"NAME"}:
        hint = 'name opcodes (ld.global, st.*, mma*, @bra), mark("name") or line "file.cu":N-M'
    elif accepts & _TOP:
        hint = "a probe file holds maps, registers and probes like: after ld.global { ... }"
    return SourceError(f"unexpected '{tok}'; expected {_expected(accepts)}", file=file,
                       line=tok.line, col=tok.column, source=text, width=len(tok), hint=hint)


def _unclosed_brace(text: str, upto: Token | None = None) -> Token | None:
    """The innermost bracket still open before `upto` (or at the end of the text)."""
    stack: list[Token] = []
    for tok in _tokens(text):
        if upto is not None and tok.start_pos >= upto.start_pos:
            break
        if tok.type in ("LBRACE", "LPAR", "LSQB"):
            stack.append(tok)
        elif tok.type in ("RBRACE", "RPAR", "RSQB") and stack:
            stack.pop()
    return stack[-1] if stack else None


def _unterminated(text: str, file: str, opened: Token) -> SourceError:
    close = {"{": "}", "(": ")", "[": "]"}[str(opened)]
    what = "block" if close == "}" else f"'{opened}'"
    return SourceError(f"unterminated {what}: '{opened}' is never closed", file=file,
                       line=opened.line, col=opened.column, source=text,
                       hint=f"add '{close}' to close it")


def _at_end(text: str, file: str, err: UnexpectedToken) -> SourceError:
    opened = _unclosed_brace(text)
    if opened is not None:
        return _unterminated(text, file, opened)
    lines = text.split("\n")
    if len(lines) > 1 and not lines[-1]:
        lines.pop()
    return SourceError(f"unexpected end of file; expected {_expected(_accepted(err))}",
                       file=file, line=len(lines), col=len(lines[-1].removesuffix("\r")) + 1,
                       source=text,
                       hint="the file ends inside a declaration or a probe; finish it")


def _char_hint(ch: str) -> str:
    if ch == "'":
        return 'strings use double quotes: mark("name")'
    if ch in "$#%":
        return "probes are written in a C-like language, not PTX: see probes/README.md"
    if ch == "@":
        return "'@' only starts a guarded opcode pattern such as @bra"
    return _SYNTAX
