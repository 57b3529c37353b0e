//! `#if` expression evaluation over fully macro-expanded tokens (`defined` already replaced).
//!
//! Values are `intmax_t`/`uintmax_t` as in C: a result is unsigned when an operand is.
//! Remaining identifiers are 0 (`true` is 1, as in C++). Operands of `&&`, `||` and `?:` that
//! are not evaluated do not report division by zero.

use crate::lexer::split_int;
use crate::source::Span;
use crate::token::{Token, TokenKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    pub bits: u64,
    pub unsigned: bool,
}

impl Value {
    fn signed(v: i64) -> Value {
        Value {
            bits: v as u64,
            unsigned: false,
        }
    }
    fn truth(b: bool) -> Value {
        Value::signed(b as i64)
    }
    fn is_true(self) -> bool {
        self.bits != 0
    }
}

pub struct ExprError {
    pub span: Span,
    pub message: String,
}

type Result<T> = std::result::Result<T, ExprError>;

/// Nesting deeper than this (parentheses, unary operators) is an error, not a stack overflow.
const MAX_DEPTH: usize = 256;

/// Evaluates a whole `#if` line; `end` is where "missing value" errors point when it runs out.
pub fn evaluate(tokens: &[Token], end: Span) -> Result<Value> {
    let tokens: Vec<Token> = tokens.iter().map(alternative_token).collect();
    let mut p = ExprParser {
        toks: &tokens,
        pos: 0,
        depth: 0,
        end,
    };
    if tokens.is_empty() {
        return Err(ExprError {
            span: end,
            message: "expected value in expression".into(),
        });
    }
    let v = p.comma(true)?;
    match p.toks.get(p.pos) {
        None => Ok(v),
        Some(t) => Err(p.error_at(t, format!("token \"{}\" is not valid here", t.text))),
    }
}

/// C++ alternative tokens (`and`, `not`, ...) are operators, also in `#if`.
fn alternative_token(t: &Token) -> Token {
    let op = match t.text.as_str() {
        "and" => "&&",
        "or" => "||",
        "not" => "!",
        "bitand" => "&",
        "bitor" => "|",
        "xor" => "^",
        "compl" => "~",
        "not_eq" => "!=",
        _ => return t.clone(),
    };
    if t.kind != TokenKind::Ident {
        return t.clone();
    }
    Token {
        kind: TokenKind::Punct,
        text: op.to_string(),
        ..t.clone()
    }
}

struct ExprParser<'a> {
    toks: &'a [Token],
    pos: usize,
    depth: usize,
    end: Span,
}

/// Binding power of a binary operator (higher binds tighter).
fn precedence(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | ">" | "<=" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        _ => return None,
    })
}

impl ExprParser<'_> {
    fn peek_punct(&self) -> Option<&str> {
        self.toks
            .get(self.pos)
            .filter(|t| t.kind == TokenKind::Punct)
            .map(|t| t.text.as_str())
    }

    fn error_at(&self, t: &Token, message: String) -> ExprError {
        ExprError {
            span: t.span,
            message,
        }
    }

    fn here(&self) -> Span {
        self.toks.get(self.pos).map_or(self.end, |t| t.span)
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ExprError {
                span: self.here(),
                message: "expression nested too deeply".into(),
            });
        }
        Ok(())
    }

    fn expect(&mut self, punct: &str) -> Result<()> {
        if self.peek_punct() == Some(punct) {
            self.pos += 1;
            Ok(())
        } else {
            Err(ExprError {
                span: self.here(),
                message: format!("expected '{punct}' in expression"),
            })
        }
    }

    fn comma(&mut self, live: bool) -> Result<Value> {
        let mut v = self.conditional(live)?;
        while self.peek_punct() == Some(",") {
            self.pos += 1;
            v = self.conditional(live)?;
        }
        Ok(v)
    }

    fn conditional(&mut self, live: bool) -> Result<Value> {
        self.enter()?;
        let c = self.binary(1, live)?;
        let v = if self.peek_punct() == Some("?") {
            self.pos += 1;
            let a = self.comma(live && c.is_true())?;
            self.expect(":")?;
            let b = self.conditional(live && !c.is_true())?;
            let chosen = if c.is_true() { a } else { b };
            Value {
                bits: chosen.bits,
                unsigned: a.unsigned || b.unsigned,
            }
        } else {
            c
        };
        self.depth -= 1;
        Ok(v)
    }

    fn binary(&mut self, min_prec: u8, live: bool) -> Result<Value> {
        let mut lhs = self.unary(live)?;
        let toks = self.toks;
        while let Some(op_tok) = toks.get(self.pos).filter(|t| t.kind == TokenKind::Punct) {
            let Some(prec) = precedence(&op_tok.text).filter(|&p| p >= min_prec) else {
                break;
            };
            self.pos += 1;
            let rhs_live = match op_tok.text.as_str() {
                "&&" => live && lhs.is_true(),
                "||" => live && !lhs.is_true(),
                _ => live,
            };
            let rhs = self.binary(prec + 1, rhs_live)?;
            lhs = apply(op_tok, lhs, rhs, live)?;
        }
        Ok(lhs)
    }

    fn unary(&mut self, live: bool) -> Result<Value> {
        let Some(t) = self.toks.get(self.pos) else {
            return Err(ExprError {
                span: self.end,
                message: "expected value in expression".into(),
            });
        };
        if t.kind == TokenKind::Punct && matches!(t.text.as_str(), "+" | "-" | "~" | "!") {
            self.pos += 1;
            self.enter()?;
            let v = self.unary(live)?;
            self.depth -= 1;
            return Ok(match t.text.as_str() {
                "+" => v,
                "-" => Value {
                    bits: v.bits.wrapping_neg(),
                    unsigned: v.unsigned,
                },
                "~" => Value {
                    bits: !v.bits,
                    unsigned: v.unsigned,
                },
                _ => Value::truth(!v.is_true()),
            });
        }
        self.primary(live)
    }

    fn primary(&mut self, live: bool) -> Result<Value> {
        let Some(t) = self.toks.get(self.pos) else {
            return Err(ExprError {
                span: self.end,
                message: "expected value in expression".into(),
            });
        };
        self.pos += 1;
        match t.kind {
            TokenKind::Int => int_value(t),
            TokenKind::Char => char_value(t),
            TokenKind::Ident => Ok(Value::truth(t.text == "true")),
            TokenKind::Float => {
                Err(self.error_at(t, "floating constant in preprocessor expression".into()))
            }
            TokenKind::Punct if t.text == "(" => {
                let v = self.comma(live)?;
                self.expect(")")?;
                Ok(v)
            }
            _ => Err(self.error_at(
                t,
                format!("expected value in expression, found \"{}\"", t.text),
            )),
        }
    }
}

fn apply(op_tok: &Token, l: Value, r: Value, live: bool) -> Result<Value> {
    let unsigned = l.unsigned || r.unsigned;
    let (a, b) = (l.bits, r.bits);
    let (sa, sb) = (a as i64, b as i64);
    let arith = |bits: u64| Value { bits, unsigned };
    let compare = |lt: bool, eq: bool, gt: bool| {
        let ord = if unsigned { a.cmp(&b) } else { sa.cmp(&sb) };
        Value::truth(match ord {
            std::cmp::Ordering::Less => lt,
            std::cmp::Ordering::Equal => eq,
            std::cmp::Ordering::Greater => gt,
        })
    };
    Ok(match op_tok.text.as_str() {
        "||" => Value::truth(l.is_true() || r.is_true()),
        "&&" => Value::truth(l.is_true() && r.is_true()),
        "|" => arith(a | b),
        "^" => arith(a ^ b),
        "&" => arith(a & b),
        "==" => Value::truth(a == b),
        "!=" => Value::truth(a != b),
        "<" => compare(true, false, false),
        ">" => compare(false, false, true),
        "<=" => compare(true, true, false),
        ">=" => compare(false, true, true),
        "<<" => Value {
            bits: shift_left(l, r),
            unsigned: l.unsigned,
        },
        ">>" => Value {
            bits: shift_right(l, r),
            unsigned: l.unsigned,
        },
        "+" => arith(a.wrapping_add(b)),
        "-" => arith(a.wrapping_sub(b)),
        "*" => arith(a.wrapping_mul(b)),
        "/" | "%" => {
            if b == 0 {
                if live {
                    return Err(ExprError {
                        span: op_tok.span,
                        message: "division by zero in preprocessor expression".into(),
                    });
                }
                return Ok(arith(0));
            }
            let div = op_tok.text == "/";
            match (unsigned, div) {
                (true, true) => arith(a / b),
                (true, false) => arith(a % b),
                (false, true) => arith(sa.wrapping_div(sb) as u64),
                (false, false) => arith(sa.wrapping_rem(sb) as u64),
            }
        }
        _ => arith(0),
    })
}

fn shift_amount(r: Value) -> Option<u32> {
    let n = r.bits as i64;
    (r.unsigned || n >= 0)
        .then_some(r.bits)
        .filter(|&n| n < 64)
        .map(|n| n as u32)
}

fn shift_left(l: Value, r: Value) -> u64 {
    shift_amount(r).map_or(0, |n| l.bits << n)
}

fn shift_right(l: Value, r: Value) -> u64 {
    let sign_fill = if !l.unsigned && (l.bits as i64) < 0 {
        u64::MAX
    } else {
        0
    };
    match shift_amount(r) {
        Some(n) if l.unsigned => l.bits >> n,
        Some(n) => ((l.bits as i64) >> n) as u64,
        None => sign_fill,
    }
}

/// Value of an integer literal; `u` suffixes and values above `i64::MAX` are unsigned.
pub fn int_value(t: &Token) -> Result<Value> {
    let (radix, digits, suffix) = split_int(&t.text);
    let digits = if digits.is_empty() {
        "0".to_string()
    } else {
        digits
    };
    let err = |m: &str| ExprError {
        span: t.span,
        message: format!("{m} '{}'", t.text),
    };
    let bits = u64::from_str_radix(&digits, radix).map_err(|e| {
        if matches!(e.kind(), std::num::IntErrorKind::PosOverflow) {
            err("integer constant is too large:")
        } else {
            err("invalid integer constant")
        }
    })?;
    let lower = suffix.to_ascii_lowercase();
    if !(lower.is_empty()
        || suffix.starts_with('_')
        || lower.chars().all(|c| matches!(c, 'u' | 'l' | 'z')))
    {
        return Err(err("invalid integer suffix in"));
    }
    let unsigned = lower.contains('u') || bits > i64::MAX as u64;
    Ok(Value { bits, unsigned })
}

/// Value of a character literal: plain chars are signed bytes, prefixed ones code points;
/// multi-character constants combine bytes like GCC.
pub fn char_value(t: &Token) -> Result<Value> {
    let text = t.text.as_str();
    let quote = text.find('\'').unwrap_or(0);
    let prefixed = quote > 0;
    let body = text.get(quote + 1..).unwrap_or("");
    let body = body.rfind('\'').map_or(body, |end| &body[..end]);
    let units = decode_char_body(body);
    let Some(&last) = units.last() else {
        return Err(ExprError {
            span: t.span,
            message: "empty character constant".into(),
        });
    };
    if prefixed {
        return Ok(Value::signed(last as i64));
    }
    if units.len() == 1 {
        return Ok(Value::signed(last as u8 as i8 as i64));
    }
    let combined = units
        .iter()
        .fold(0i64, |acc, &u| (acc << 8) | (u as u8 as i64));
    Ok(Value::signed(combined as i32 as i64))
}

/// Code units of a character literal body with escapes resolved.
fn decode_char_body(body: &str) -> Vec<u32> {
    let mut out = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c as u32);
            continue;
        }
        let Some(e) = chars.next() else { break };
        let v = match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' => 27,
            'x' | 'u' | 'U' => {
                let mut v: u32 = 0;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    chars.next();
                }
                v
            }
            '0'..='7' => {
                let mut v = e as u32 - '0' as u32;
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v
            }
            other => other as u32,
        };
        out.push(v);
    }
    out
}
