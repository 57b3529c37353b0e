//! Tokens produced by the lexer and the preprocessor.

use crate::source::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Identifiers and keywords (the parser tells them apart by text).
    Ident,
    /// Integer literal, text kept exactly (`0x1Fu`, `1'000ull`).
    Int,
    /// Floating literal, text kept exactly (`1.5e-3f`, `0x1.8p3`).
    Float,
    /// Character literal including quotes and prefix.
    Char,
    /// String literal including quotes and prefix.
    Str,
    /// Punctuator: `<<<`, `>>>`, `->`, `::`, `+=`, `...`, `(` and so on.
    Punct,
    /// A preprocessor line kept for the output verbatim (`#include <...>`, `#pragma ...`).
    /// `text` is the whole directive line without the trailing newline.
    Directive,
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub text: String,
    pub span: Span,
    /// Whitespace came before this token (needed for `#` stringizing and printing).
    pub leading_space: bool,
    /// First token on its line (directives start only there).
    pub line_start: bool,
}

impl Token {
    pub fn is(&self, text: &str) -> bool {
        matches!(self.kind, TokenKind::Ident | TokenKind::Punct) && self.text == text
    }
    pub fn is_punct(&self, text: &str) -> bool {
        self.kind == TokenKind::Punct && self.text == text
    }
    pub fn is_ident(&self) -> bool {
        self.kind == TokenKind::Ident
    }
}
