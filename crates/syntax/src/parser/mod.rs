//! Recursive-descent parser over preprocessed tokens.
//!
//! Layout: this file holds the token cursor and error plumbing; `items` parses top-level
//! constructs, `structs` aggregates, `ty` declaration specifiers and declarators, `stmt`
//! statements, `expr` expressions (precedence climbing), `lookahead` the cheap token scans that
//! tell declarations from expressions, `names` the set of known type names and `island` the
//! fallback that keeps unmodelled top-level constructs as verbatim `Item::Opaque` text.

mod attrs;
mod expr;
mod island;
mod items;
mod lookahead;
mod names;
mod stmt;
mod structs;
mod ty;

use crate::ast::TranslationUnit;
use crate::source::{Diagnostics, Span};
use crate::token::{Token, TokenKind};
use names::TypeNames;

/// Nesting limit for statements and expressions: deeper input gets a diagnostic instead of
/// overflowing the stack.
const MAX_DEPTH: u32 = 256;

/// Stack the parser may use below its entry point. Unoptimized builds need several KiB per
/// nesting level, and callers may run on 2 MiB threads, so the depth limit alone is not enough.
const STACK_BUDGET: usize = 1 << 20;

/// Parses a whole translation unit. Never panics; unmodelled top-level constructs become
/// `Item::Opaque`, functions whose bodies cannot be parsed become `Item::Opaque` with a warning.
pub fn parse(tokens: &[Token], diags: &mut Diagnostics) -> TranslationUnit {
    let mut parser = Parser::new(tokens, diags);
    let items = parser.parse_items(false);
    TranslationUnit { items }
}

/// Template arguments written as text (`float, 256` from `--fn 'layer<float, 256>'`), or `None`
/// when they do not parse. Names the parser cannot know as types come back as expressions.
pub fn parse_template_args_text(
    tokens: &[Token],
    diags: &mut Diagnostics,
) -> Option<Vec<crate::ast::TemplateArg>> {
    parse_template_args_text_with(tokens, &|_: &str| false, diags)
}

/// [`parse_template_args_text`] where `is_type` tells which names (possibly qualified) the
/// translation unit declares as types or class templates, so that nested template-ids
/// (`Wrap<Sq>, 64` in `k<Wrap<Sq>, 64>`) parse as types, as they would in the source.
pub fn parse_template_args_text_with(
    tokens: &[Token],
    is_type: &dyn Fn(&str) -> bool,
    diags: &mut Diagnostics,
) -> Option<Vec<crate::ast::TemplateArg>> {
    let mut parser = Parser::new(tokens, diags);
    let mut types = Vec::new();
    for i in 0..parser.toks.len() {
        if !parser.tok_at(i).is_ident() || i > 0 && parser.tok_at(i - 1).is("::") {
            continue;
        }
        if let Some((_, name)) = parser.scan_name(i) {
            if !parser.types.is_type(&name) && is_type(&name) {
                types.push(name.into_owned());
            }
        }
    }
    for name in &types {
        parser.types.add(name);
    }
    let args = parser.parse_template_args().ok()?;
    parser.at_eof().then_some(args)
}

/// One expression written as text (the operand of `decltype(...)`), or `None` when it does
/// not parse as a whole.
pub fn parse_expr_text(tokens: &[Token], diags: &mut Diagnostics) -> Option<crate::ast::Expr> {
    let mut parser = Parser::new(tokens, diags);
    let e = parser.parse_expr().ok()?;
    parser.at_eof().then_some(e)
}

/// A token as the parser sees it: `>>` and `>>>` are split into single `>` tokens so that
/// template argument lists can close one at a time; `glued` marks the pieces after the first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tok<'t> {
    pub kind: TokenKind,
    pub text: &'t str,
    pub span: Span,
    pub leading_space: bool,
    pub line_start: bool,
    pub glued: bool,
}

impl Tok<'_> {
    /// Identifier/keyword or punctuator with exactly this text.
    pub fn is(&self, text: &str) -> bool {
        matches!(self.kind, TokenKind::Ident | TokenKind::Punct) && self.text == text
    }
    pub fn is_ident(&self) -> bool {
        self.kind == TokenKind::Ident
    }
}

/// A parse error: where and what. Turned into a `Diagnostic` (or an Opaque reason) by callers.
#[derive(Clone, Debug)]
pub(crate) struct PErr {
    pub span: Span,
    pub msg: String,
}

pub(crate) type PResult<T> = Result<T, PErr>;

pub(crate) struct Parser<'t, 'd> {
    toks: Vec<Tok<'t>>,
    pos: usize,
    diags: &'d mut Diagnostics,
    types: TypeNames,
    /// Names of function templates seen so far (`f<T>(x)` is then a call, not comparisons).
    templates: names::NameSet,
    /// Errors inside the current function body; they make the function Opaque.
    body_errors: Vec<PErr>,
    /// Enclosing namespaces, for qualified type names.
    namespaces: Vec<String>,
    /// Namespace aliases in scope (`namespace m = a::b;` as `("m", "a::b")`), innermost last:
    /// a qualified name starting with an alias is read as the aliased namespace's name.
    ns_aliases: Vec<(String, String)>,
    /// `>` closes the template argument list being parsed instead of being an operator.
    gt_ends: bool,
    depth: u32,
    /// Nesting of speculative template-argument parses (bounded to avoid blow-ups).
    speculation: u32,
    /// Address of a local in the parser's entry frame (see [`STACK_BUDGET`]).
    stack_base: usize,
    /// Friend functions defined inside a struct: functions of the enclosing namespace, emitted
    /// as items after the declaration that holds them.
    friends: Vec<crate::ast::Item>,
    /// Parsing a template's declaration.
    in_template: bool,
    /// The parameters of the template header whose declaration is being parsed, until a
    /// class definition takes them.
    header_params: Option<Vec<crate::ast::TemplateParam>>,
    /// The class template whose members are being parsed: its parameters and the type its
    /// injected name stands for (`Vec<N>`), which its friend functions spell out.
    class_template: Option<(Vec<crate::ast::TemplateParam>, crate::ast::Ty)>,
    /// Parsing a class template's friend: its injected name (`Vec`) and the instance type.
    injected: Option<(String, crate::ast::Ty)>,
    /// Parsing the declaration after `template <>`: a class name may carry its arguments.
    explicit_specialization: bool,
    /// Where a speculative template argument list held a pack expansion (`f<Ts...>`), which
    /// is an error once the list is taken as template arguments.
    pack_in_template_args: Option<Span>,
}

impl<'t, 'd> Parser<'t, 'd> {
    fn new(tokens: &'t [Token], diags: &'d mut Diagnostics) -> Parser<'t, 'd> {
        Parser {
            toks: split_tokens(tokens),
            pos: 0,
            diags,
            types: TypeNames::new(),
            templates: names::NameSet::default(),
            body_errors: Vec::new(),
            namespaces: Vec::new(),
            ns_aliases: Vec::new(),
            gt_ends: false,
            depth: 0,
            speculation: 0,
            stack_base: stack_address(),
            friends: Vec::new(),
            in_template: false,
            header_params: None,
            class_template: None,
            injected: None,
            explicit_specialization: false,
            pack_in_template_args: None,
        }
    }

    // ------------------------------------------------------------ cursor

    fn nth(&self, n: usize) -> &Tok<'t> {
        let last = self.toks.len() - 1;
        &self.toks[(self.pos + n).min(last)]
    }

    fn peek(&self) -> &Tok<'t> {
        self.nth(0)
    }

    fn tok_at(&self, index: usize) -> &Tok<'t> {
        &self.toks[index.min(self.toks.len() - 1)]
    }

    fn at(&self, text: &str) -> bool {
        self.peek().is(text)
    }

    fn nth_is(&self, n: usize, text: &str) -> bool {
        self.nth(n).is(text)
    }

    fn at_eof(&self) -> bool {
        self.peek().kind == TokenKind::Eof
    }

    /// Consumes the current token (never moves past `Eof`).
    fn bump(&mut self) -> Tok<'t> {
        let tok = *self.peek();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        tok
    }

    fn eat(&mut self, text: &str) -> bool {
        if self.at(text) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes `text` or fails with "expected `text` <context>" at the current token.
    fn expect(&mut self, text: &str, context: &str) -> PResult<Span> {
        if self.at(text) {
            Ok(self.bump().span)
        } else {
            self.err_here(format!("expected `{text}` {context}"))
        }
    }

    /// Consumes an identifier that is not a keyword.
    fn expect_ident(&mut self, context: &str) -> PResult<(String, Span)> {
        let tok = *self.peek();
        if tok.is_ident() && !lookahead::is_reserved(tok.text) {
            self.bump();
            Ok((tok.text.to_string(), tok.span))
        } else {
            self.err_here(format!("expected identifier {context}"))
        }
    }

    fn err_here<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(PErr {
            span: self.peek().span,
            msg: msg.into(),
        })
    }

    /// "X is not supported by cuad" at the current token.
    fn unsupported<T>(&self, what: &str) -> PResult<T> {
        self.err_here(format!("{what} not supported by cuad"))
    }

    fn cur_span(&self) -> Span {
        self.peek().span
    }

    /// Span from the token at `start` to the last consumed token.
    fn span_from(&self, start: usize) -> Span {
        let first = self.tok_at(start).span;
        if self.pos == 0 || self.pos <= start {
            return first;
        }
        first.to(self.tok_at(self.pos - 1).span)
    }

    /// Runs `f` one nesting level deeper; fails cleanly past [`MAX_DEPTH`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH || self.stack_base.abs_diff(stack_address()) > STACK_BUDGET {
            return self.err_here(format!(
                "nesting too deep: cuad supports at most {MAX_DEPTH} levels"
            ));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// Runs `f` with `>` treated as an operator again (inside parentheses, brackets, braces).
    fn without_gt_end<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = self.gt_ends;
        self.gt_ends = false;
        let result = f(self);
        self.gt_ends = saved;
        result
    }

    /// Runs `f` with `>` closing a template argument list.
    fn with_gt_end<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = self.gt_ends;
        self.gt_ends = true;
        let result = f(self);
        self.gt_ends = saved;
        result
    }

    /// `m::Vec3` -> `a::b::Vec3` under `namespace m = a::b;` (`None`: no alias applies).
    fn expand_ns_alias(&self, name: &str) -> Option<String> {
        let bare = name.strip_prefix("::").unwrap_or(name);
        let (first, rest) = bare.split_once("::")?;
        let (_, target) = self.ns_aliases.iter().rev().find(|(a, _)| a == first)?;
        Some(format!("{target}::{rest}"))
    }

    /// Registers a type name declared here (and its namespace-qualified spelling).
    fn declare_type(&mut self, name: &str) {
        self.types.add(name);
        if !self.namespaces.is_empty() {
            let qualified = format!("{}::{name}", self.namespaces.join("::"));
            self.types.add(&qualified);
        }
    }
}

/// An address in the current stack frame, to measure how much stack the parser uses.
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Copies the token stream, splitting `>>` / `>>>` and guaranteeing a final `Eof`.
fn split_tokens(tokens: &[Token]) -> Vec<Tok<'_>> {
    let mut out = Vec::with_capacity(tokens.len() + 1);
    for t in tokens {
        if t.kind == TokenKind::Eof {
            break;
        }
        let is_gts = t.kind == TokenKind::Punct && (t.text == ">>" || t.text == ">>>");
        if !is_gts {
            out.push(Tok {
                kind: t.kind,
                text: &t.text,
                span: t.span,
                leading_space: t.leading_space,
                line_start: t.line_start,
                glued: false,
            });
            continue;
        }
        let n = t.text.len() as u32;
        let exact = t.span.hi.saturating_sub(t.span.lo) == n;
        for i in 0..n {
            let span = if exact {
                Span::new(t.span.file, t.span.lo + i, t.span.lo + i + 1)
            } else {
                t.span
            };
            out.push(Tok {
                kind: TokenKind::Punct,
                text: ">",
                span,
                leading_space: i == 0 && t.leading_space,
                line_start: i == 0 && t.line_start,
                glued: i > 0,
            });
        }
    }
    let end = out
        .last()
        .map(|t| Span::new(t.span.file, t.span.hi, t.span.hi))
        .unwrap_or_default();
    let eof_span = tokens
        .iter()
        .find(|t| t.kind == TokenKind::Eof)
        .map(|t| t.span)
        .unwrap_or(end);
    out.push(Tok {
        kind: TokenKind::Eof,
        text: "",
        span: eof_span,
        leading_space: false,
        line_start: true,
        glued: false,
    });
    out
}
