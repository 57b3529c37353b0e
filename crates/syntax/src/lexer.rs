//! Lexer: C++/CUDA source text to tokens with spans.
//!
//! Line continuations (backslash-newline) are removed before scanning; spans are mapped back to
//! byte offsets of the original text. Comments are dropped. Problems that only matter in live
//! code (stray characters, unterminated quotes, bad number suffixes) are "soft": `lex` reports
//! them at once, while the preprocessor gets them separately and reports only those in code that
//! is not skipped by `#if`.

use crate::source::{Diagnostic, Diagnostics, FileId, Span};
use crate::token::{Token, TokenKind};

/// Tokenizes `text`. Preprocessor directive lines are returned as ordinary tokens (`#` first on
/// a line); the preprocessor interprets them. Line continuations are removed. Never panics.
pub fn lex(file: FileId, text: &str, diags: &mut Diagnostics) -> Vec<Token> {
    let (tokens, soft) = lex_with_soft_errors(file, text, diags);
    for d in soft {
        diags.push(d);
    }
    tokens
}

/// Like [`lex`], but problems that only matter in live code are returned instead of reported.
/// Each returned diagnostic's `span.lo` equals the `span.lo` of the token it concerns.
pub fn lex_with_soft_errors(
    file: FileId,
    text: &str,
    diags: &mut Diagnostics,
) -> (Vec<Token>, Vec<Diagnostic>) {
    // A byte-order mark is skipped; offsets still count it.
    let (text, bom) = match text.strip_prefix('\u{feff}') {
        Some(rest) => (rest, 3),
        None => (text, 0),
    };
    let spliced = Spliced::new(text);
    let mut lexer = Lexer {
        src: spliced.text.as_bytes(),
        text: &spliced.text,
        spliced: &spliced,
        file,
        pos: 0,
        line_start: true,
        space: false,
        tokens: Vec::with_capacity(text.len() / 4 + 1),
        soft: Vec::new(),
        diags,
        offset_base: bom,
    };
    lexer.run();
    (lexer.tokens, lexer.soft)
}

/// The three-, two- and one-character punctuators, longest first.
const PUNCT3: [&str; 6] = ["<<=", ">>=", "->*", "...", "<<<", ">>>"];
const PUNCT2: [&str; 22] = [
    "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "##", ".*",
];
const PUNCT1: &[u8] = b"{}[]()<>;:,.?~!+-*/%^&|=#";

/// Whether `text` is one complete C++ punctuator.
pub fn is_punctuator(text: &str) -> bool {
    PUNCT3.contains(&text)
        || PUNCT2.contains(&text)
        || (text.len() == 1 && PUNCT1.contains(&text.as_bytes()[0]))
}

/// Source text with backslash-newline removed, plus the original offset of every kept byte.
struct Spliced {
    text: String,
    /// `None` when the text had no continuation (offsets are unchanged).
    orig: Option<Vec<u32>>,
}

impl Spliced {
    fn new(text: &str) -> Spliced {
        if !text.contains('\\') {
            return Spliced {
                text: text.to_string(),
                orig: None,
            };
        }
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut orig = Vec::with_capacity(bytes.len() + 1);
        let mut i = 0;
        let mut any = false;
        while i < bytes.len() {
            if bytes[i] == b'\\' {
                if let Some(next) = continuation_end(bytes, i) {
                    i = next;
                    any = true;
                    continue;
                }
            }
            out.push(bytes[i]);
            orig.push(i as u32);
            i += 1;
        }
        orig.push(bytes.len() as u32);
        if !any {
            return Spliced {
                text: text.to_string(),
                orig: None,
            };
        }
        // Only ASCII sequences were removed, so the bytes are still valid UTF-8.
        let text = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        Spliced {
            text,
            orig: Some(orig),
        }
    }

    /// Original offset of byte `i` of the spliced text.
    fn original(&self, i: usize) -> u32 {
        match &self.orig {
            None => i as u32,
            Some(o) => o
                .get(i)
                .copied()
                .unwrap_or_else(|| o.last().copied().unwrap_or(0)),
        }
    }
}

/// If a line continuation starts at `i` (a backslash, optional blanks, newline), the index after it.
fn continuation_end(bytes: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\t') {
        j += 1;
    }
    if j < bytes.len() && bytes[j] == b'\r' {
        j += 1;
    }
    (j < bytes.len() && bytes[j] == b'\n').then_some(j + 1)
}

struct Lexer<'a, 'd> {
    src: &'a [u8],
    text: &'a str,
    spliced: &'a Spliced,
    file: FileId,
    pos: usize,
    line_start: bool,
    space: bool,
    tokens: Vec<Token>,
    soft: Vec<Diagnostic>,
    diags: &'d mut Diagnostics,
    offset_base: u32,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

impl Lexer<'_, '_> {
    fn peek(&self, ahead: usize) -> u8 {
        self.src.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn span(&self, lo: usize, hi: usize) -> Span {
        let base = self.offset_base;
        let l = self.spliced.original(lo);
        let h = if hi > lo {
            self.spliced.original(hi - 1) + 1
        } else {
            l
        };
        Span::new(self.file, l + base, h + base)
    }

    fn run(&mut self) {
        while self.pos < self.src.len() {
            let c = self.src[self.pos];
            match c {
                b'\n' => {
                    self.pos += 1;
                    self.line_start = true;
                    self.space = true;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.pos += 1;
                    self.space = true;
                }
                b'/' if self.peek(1) == b'/' => self.line_comment(),
                b'/' if self.peek(1) == b'*' => self.block_comment(),
                b'0'..=b'9' => self.number(),
                b'.' if self.peek(1).is_ascii_digit() => self.number(),
                b'"' | b'\'' => self.quoted(self.pos, self.pos),
                _ if is_ident_start(c) => self.ident_or_prefixed_literal(),
                _ => self.punct(),
            }
        }
    }

    fn push(&mut self, kind: TokenKind, lo: usize, hi: usize) {
        let text = self.text.get(lo..hi).unwrap_or("").to_string();
        let span = self.span(lo, hi);
        self.tokens.push(Token {
            kind,
            text,
            span,
            leading_space: self.space,
            line_start: self.line_start,
        });
        self.space = false;
        self.line_start = false;
    }

    fn soft_error(&mut self, lo: usize, hi: usize, message: String) {
        let span = self.span(lo, hi);
        self.soft.push(Diagnostic::error(span, message));
    }

    fn line_comment(&mut self) {
        while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
            self.pos += 1;
        }
        self.space = true;
    }

    fn block_comment(&mut self) {
        let start = self.pos;
        match self.text.get(start + 2..).and_then(|rest| rest.find("*/")) {
            Some(end) => self.pos = start + 2 + end + 2,
            None => {
                let span = self.span(start, start + 2);
                self.diags.error(span, "unterminated comment");
                self.pos = self.src.len();
            }
        }
        self.space = true;
    }

    fn ident_or_prefixed_literal(&mut self) {
        let start = self.pos;
        while self.pos < self.src.len() && is_ident_continue(self.src[self.pos]) {
            self.pos += 1;
        }
        let word = &self.src[start..self.pos];
        let next = self.peek(0);
        let is_prefix = matches!(word, b"u8" | b"u" | b"U" | b"L");
        let is_raw_prefix = matches!(word, b"R" | b"u8R" | b"uR" | b"UR" | b"LR");
        if is_prefix && (next == b'"' || next == b'\'') {
            self.quoted(start, self.pos);
        } else if is_raw_prefix && next == b'"' {
            self.raw_string(start);
        } else {
            self.push(TokenKind::Ident, start, self.pos);
        }
    }

    /// A char or string literal whose prefix starts at `start` and quote is at `quote`.
    fn quoted(&mut self, start: usize, quote: usize) {
        let q = self.src[quote];
        self.pos = quote + 1;
        let mut terminated = false;
        while self.pos < self.src.len() {
            match self.src[self.pos] {
                b'\\' => self.pos = (self.pos + 2).min(self.src.len()),
                b'\n' => break,
                c if c == q => {
                    self.pos += 1;
                    terminated = true;
                    break;
                }
                _ => self.pos += 1,
            }
        }
        let kind = if q == b'"' {
            TokenKind::Str
        } else {
            TokenKind::Char
        };
        if !terminated {
            let what = if q == b'"' {
                "string literal"
            } else {
                "character constant"
            };
            self.soft_error(start, self.pos, format!("unterminated {what}"));
        } else if q == b'\'' && self.pos == quote + 2 {
            self.soft_error(start, self.pos, "empty character constant".into());
        } else {
            self.user_defined_suffix();
        }
        self.push(kind, start, self.pos);
    }

    /// C++11 literal suffix (`"abc"s`, `'x'_c`): only `_name`, `s` and `sv`, so that old code
    /// like `"%"PRIu64` keeps working.
    fn user_defined_suffix(&mut self) {
        let start = self.pos;
        let mut end = start;
        while end < self.src.len() && is_ident_continue(self.src[end]) {
            end += 1;
        }
        let word = &self.src[start..end];
        if word.first() == Some(&b'_') || word == b"s" || word == b"sv" {
            self.pos = end;
        }
    }

    /// `R"delim( ... )delim"` with any prefix; `self.pos` is at the opening quote.
    fn raw_string(&mut self, start: usize) {
        let open = self.pos + 1;
        let rest = self.text.get(open..).unwrap_or("");
        let delim_len = rest.bytes().position(|c| {
            c == b'(' || c == b')' || c == b'\\' || c.is_ascii_whitespace() || c == b'"'
        });
        let delim_ok = matches!(delim_len, Some(n) if n <= 16 && rest.as_bytes()[n] == b'(');
        let Some(n) = delim_len.filter(|_| delim_ok) else {
            self.soft_error(start, open, "invalid raw string delimiter".into());
            self.quoted(start, self.pos);
            return;
        };
        let closing = format!("){}\"", &rest[..n]);
        match rest[n + 1..].find(&closing) {
            Some(at) => {
                self.pos = open + n + 1 + at + closing.len();
                self.user_defined_suffix();
            }
            None => {
                self.pos = self.src.len();
                self.soft_error(start, open, "unterminated raw string".into());
            }
        }
        self.push(TokenKind::Str, start, self.pos);
    }

    fn number(&mut self) {
        let start = self.pos;
        let hex = self.src[start] == b'0' && matches!(self.peek(1), b'x' | b'X');
        self.pos += 1;
        while self.pos < self.src.len() {
            let c = self.src[self.pos];
            let sign_follows = matches!(self.peek(1), b'+' | b'-');
            let exponent = if hex {
                matches!(c, b'p' | b'P')
            } else {
                matches!(c, b'e' | b'E')
            };
            if exponent && sign_follows {
                self.pos += 2;
            } else if is_ident_continue(c) || c == b'.' {
                self.pos += 1;
            } else if c == b'\'' && self.peek(1).is_ascii_alphanumeric() {
                self.pos += 2;
            } else {
                break;
            }
        }
        let text = self.text.get(start..self.pos).unwrap_or("");
        let kind = classify_number(text);
        if let Some(message) = check_number(text, kind) {
            self.soft_error(start, self.pos, message);
        }
        self.push(kind, start, self.pos);
    }

    fn punct(&mut self) {
        let start = self.pos;
        let rest = &self.src[start..];
        // Every two- and three-character punctuator has one of these second characters.
        let may_be_long = rest.len() > 1 && b":>+-<=&|#*.".contains(&rest[1]);
        let len = if may_be_long && PUNCT3.iter().any(|p| rest.starts_with(p.as_bytes())) {
            3
        } else if may_be_long && PUNCT2.iter().any(|p| rest.starts_with(p.as_bytes())) {
            2
        } else if PUNCT1.contains(&rest[0]) {
            1
        } else {
            self.stray(start);
            return;
        };
        self.pos += len;
        self.push(TokenKind::Punct, start, self.pos);
    }

    /// An unexpected character becomes a one-character `Punct` (so `#if 0` blocks may hold
    /// anything) and a soft error.
    fn stray(&mut self, start: usize) {
        let c = self.src[start];
        self.pos += 1;
        let shown = if c.is_ascii_graphic() {
            format!("'{}'", c as char)
        } else {
            format!("0x{c:02x}")
        };
        self.soft_error(start, self.pos, format!("unexpected character {shown}"));
        self.push(TokenKind::Punct, start, self.pos);
    }
}

/// Integer vs floating literal from the text of a pp-number.
pub fn classify_number(text: &str) -> TokenKind {
    let lower = text.as_bytes();
    let is_hex = lower.len() > 1 && lower[0] == b'0' && matches!(lower[1], b'x' | b'X');
    let is_bin = lower.len() > 1 && lower[0] == b'0' && matches!(lower[1], b'b' | b'B');
    let float = if is_hex {
        text.bytes().any(|c| matches!(c, b'.' | b'p' | b'P'))
    } else if is_bin {
        false
    } else {
        text.bytes().any(|c| matches!(c, b'.' | b'e' | b'E'))
    };
    if float {
        TokenKind::Float
    } else {
        TokenKind::Int
    }
}

/// Splits an integer literal into (radix, digits without separators, suffix).
pub fn split_int(text: &str) -> (u32, String, &str) {
    let (radix, body) = if let Some(r) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (16, r)
    } else if let Some(r) = text.strip_prefix("0b").or(text.strip_prefix("0B")) {
        (2, r)
    } else if text.len() > 1 && text.starts_with('0') {
        (8, &text[1..])
    } else {
        (10, text)
    };
    let digit_end = body
        .bytes()
        .position(|c| !(c.is_ascii_hexdigit() && (radix == 16 || c.is_ascii_digit()) || c == b'\''))
        .unwrap_or(body.len());
    let digits: String = body[..digit_end].chars().filter(|&c| c != '\'').collect();
    (radix, digits, &body[digit_end..])
}

/// A message when a numeric literal is malformed.
fn check_number(text: &str, kind: TokenKind) -> Option<String> {
    if kind == TokenKind::Float {
        return check_float(text);
    }
    let (radix, digits, suffix) = split_int(text);
    if digits.is_empty() && radix != 8 {
        return Some(format!("invalid integer constant '{text}'"));
    }
    if let Some(bad) = digits.chars().find(|c| !c.is_digit(radix)) {
        return Some(format!("invalid digit '{bad}' in integer constant"));
    }
    let lower = suffix.to_ascii_lowercase();
    let ok = suffix.starts_with('_')
        || matches!(
            lower.as_str(),
            "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu" | "z" | "uz" | "zu"
        );
    (!ok).then(|| format!("invalid suffix '{suffix}' on integer constant"))
}

fn check_float(text: &str) -> Option<String> {
    let body_end = text
        .bytes()
        .enumerate()
        .rev()
        .find(|&(_, c)| c.is_ascii_digit() || c == b'.' || c == b'+' || c == b'-')
        .map_or(0, |(i, _)| i + 1);
    let is_hex = text.starts_with("0x") || text.starts_with("0X");
    if text.matches('.').count() > 1 {
        return Some(format!("too many decimal points in number '{text}'"));
    }
    // The suffix starts after the last digit, dot or exponent sign (`1.5e-3f`, `0x1.8p3f`).
    let (body, suffix) = text.split_at(body_end);
    if is_hex && !body.contains(['p', 'P']) {
        return Some("hexadecimal floating constant requires an exponent".into());
    }
    if !is_hex && suffix.starts_with(['e', 'E']) {
        return Some(format!("exponent has no digits in '{text}'"));
    }
    let lower = suffix.to_ascii_lowercase();
    let ok = suffix.starts_with('_')
        || matches!(
            lower.as_str(),
            "" | "f" | "l" | "f16" | "f32" | "f64" | "f128" | "bf16"
        );
    (!ok).then(|| format!("invalid suffix '{suffix}' on floating constant"))
}
