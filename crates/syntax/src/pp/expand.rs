//! Macro definitions and expansion (Prosser's algorithm with hide sets, as in chibicc).
//!
//! Every token being expanded carries a hide set: the macros whose expansion produced it. A
//! macro name whose own name is in its hide set is never expanded again ("painted blue"), which
//! is what stops recursive macros.

use super::Preprocessor;
use crate::lexer::lex_with_soft_errors;
use crate::source::{Diagnostic, Diagnostics, Span};
use crate::token::{Token, TokenKind};
use std::rc::Rc;

/// Persistent list of macro names.
pub(crate) type HideSet = Option<Rc<HideNode>>;

pub(crate) struct HideNode {
    name: Rc<str>,
    next: HideSet,
}

/// Iterative drop: a long hide set must not overflow the stack.
impl Drop for HideNode {
    fn drop(&mut self) {
        let mut next = self.next.take();
        while let Some(rc) = next {
            match Rc::try_unwrap(rc) {
                Ok(mut node) => next = node.next.take(),
                Err(_) => break,
            }
        }
    }
}

fn hide_contains(mut hs: &HideSet, name: &str) -> bool {
    while let Some(node) = hs {
        if &*node.name == name {
            return true;
        }
        hs = &node.next;
    }
    false
}

fn hide_names(mut hs: &HideSet) -> Vec<Rc<str>> {
    let mut names = Vec::new();
    while let Some(node) = hs {
        names.push(Rc::clone(&node.name));
        hs = &node.next;
    }
    names
}

/// `a` ∪ `b`.
fn hide_union(a: &HideSet, b: &HideSet) -> HideSet {
    if a.is_none() {
        return b.clone();
    }
    let mut result = b.clone();
    for name in hide_names(a) {
        if !hide_contains(&result, &name) {
            result = Some(Rc::new(HideNode { name, next: result }));
        }
    }
    result
}

/// `a` ∩ `b`.
fn hide_intersection(a: &HideSet, b: &HideSet) -> HideSet {
    let mut result = None;
    for name in hide_names(a) {
        if hide_contains(b, &name) {
            result = Some(Rc::new(HideNode { name, next: result }));
        }
    }
    result
}

fn hide_add(hs: &HideSet, name: &Rc<str>) -> HideSet {
    Some(Rc::new(HideNode {
        name: Rc::clone(name),
        next: hs.clone(),
    }))
}

/// A token during expansion.
#[derive(Clone)]
pub(crate) struct PTok {
    pub tok: Token,
    pub hide: HideSet,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Builtin {
    File,
    Line,
    Counter,
}

pub(crate) enum MacroKind {
    Object,
    /// Parameter names; a variadic macro's last one is `__VA_ARGS__` or the named pack.
    Function {
        params: Vec<String>,
        variadic: bool,
    },
    Builtin(Builtin),
}

pub(crate) struct Macro {
    name: Rc<str>,
    kind: MacroKind,
    body: Vec<Token>,
}

impl Macro {
    fn param(&self, tok: &Token) -> Option<usize> {
        match &self.kind {
            MacroKind::Function { params, .. } if tok.kind == TokenKind::Ident => {
                params.iter().position(|p| *p == tok.text)
            }
            _ => None,
        }
    }

    fn variadic_index(&self) -> Option<usize> {
        match &self.kind {
            MacroKind::Function {
                params,
                variadic: true,
            } => Some(params.len() - 1),
            _ => None,
        }
    }

    fn same_definition(&self, other: &Macro) -> bool {
        let same_kind = match (&self.kind, &other.kind) {
            (MacroKind::Object, MacroKind::Object) => true,
            (
                MacroKind::Function {
                    params: p1,
                    variadic: v1,
                },
                MacroKind::Function {
                    params: p2,
                    variadic: v2,
                },
            ) => p1 == p2 && v1 == v2,
            _ => false,
        };
        same_kind
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| {
                    a.text == b.text && (i == 0 || a.leading_space == b.leading_space)
                })
    }
}

/// Nesting of isolated expansions (macro arguments inside macro arguments...) deeper than this
/// is reported instead of overflowing the stack.
const MAX_EXPAND_DEPTH: usize = 200;

impl Preprocessor<'_> {
    pub(super) fn define_builtins(&mut self) {
        for (name, b) in [
            ("__FILE__", Builtin::File),
            ("__LINE__", Builtin::Line),
            ("__COUNTER__", Builtin::Counter),
        ] {
            let m = Macro {
                name: name.into(),
                kind: MacroKind::Builtin(b),
                body: Vec::new(),
            };
            self.macros.insert(name.to_string(), Rc::new(m));
        }
    }

    // ----- #define -----

    pub(super) fn define(&mut self, directive: &Token, args: &[Token]) {
        let Some(name) = self.macro_name_for_define(directive, args) else {
            return;
        };
        let rest = &args[1..];
        let (kind, body) = match rest.first() {
            Some(open) if open.is_punct("(") && !open.leading_space => {
                let Some((params, variadic, used)) = self.parse_params(name, rest) else {
                    return;
                };
                (MacroKind::Function { params, variadic }, &rest[used..])
            }
            _ => (MacroKind::Object, rest),
        };
        let mut body = body.to_vec();
        if let Some(first) = body.first_mut() {
            first.leading_space = false;
        }
        let m = Macro {
            name: name.text.as_str().into(),
            kind,
            body,
        };
        if !self.check_body(&m) {
            return;
        }
        if let Some(old) = self.macros.get(&name.text) {
            if !old.same_definition(&m) {
                let msg = format!("'{}' macro redefined", name.text);
                self.diags.push(Diagnostic::warning(name.span, msg));
            }
        }
        self.macros.insert(name.text.clone(), Rc::new(m));
    }

    fn macro_name_for_define<'t>(
        &mut self,
        directive: &Token,
        args: &'t [Token],
    ) -> Option<&'t Token> {
        let Some(name) = args.first() else {
            self.diags
                .error(directive.span, "macro name missing in #define directive");
            return None;
        };
        if name.kind != TokenKind::Ident {
            self.diags
                .error(name.span, "macro names must be identifiers");
            return None;
        }
        if name.text == "defined" {
            self.diags
                .error(name.span, "'defined' cannot be used as a macro name");
            return None;
        }
        Some(name)
    }

    /// Parses `( a, b, ... )` at the start of `toks`: (params, variadic, tokens used).
    fn parse_params(&mut self, name: &Token, toks: &[Token]) -> Option<(Vec<String>, bool, usize)> {
        let mut params: Vec<String> = Vec::new();
        let mut i = 1;
        let mut variadic = false;
        if toks.get(i).is_some_and(|t| t.is_punct(")")) {
            return Some((params, false, 2));
        }
        loop {
            let Some(t) = toks.get(i) else {
                self.diags
                    .error(name.span, "missing ')' in macro parameter list");
                return None;
            };
            if t.is_punct("...") {
                params.push("__VA_ARGS__".into());
                variadic = true;
                i += 1;
            } else if t.is_ident() {
                if params.contains(&t.text) || t.text == "__VA_ARGS__" {
                    let msg = format!("invalid or duplicate macro parameter '{}'", t.text);
                    self.diags.error(t.span, msg);
                    return None;
                }
                params.push(t.text.clone());
                i += 1;
                if toks.get(i).is_some_and(|t| t.is_punct("...")) {
                    variadic = true;
                    i += 1;
                }
            } else {
                self.diags
                    .error(t.span, "expected parameter name in macro parameter list");
                return None;
            }
            match toks.get(i) {
                Some(t) if t.is_punct(")") => return Some((params, variadic, i + 1)),
                Some(t) if t.is_punct(",") && !variadic => i += 1,
                Some(t) => {
                    self.diags
                        .error(t.span, "expected ',' or ')' in macro parameter list");
                    return None;
                }
                None => {
                    self.diags
                        .error(name.span, "missing ')' in macro parameter list");
                    return None;
                }
            }
        }
    }

    /// `#` must precede a parameter; `##` may not start or end the body.
    fn check_body(&mut self, m: &Macro) -> bool {
        let body = &m.body;
        for (i, t) in body.iter().enumerate() {
            if t.is_punct("##") && (i == 0 || i + 1 == body.len()) {
                self.diags.error(
                    t.span,
                    "'##' cannot appear at either end of a macro expansion",
                );
                return false;
            }
            let is_function = matches!(m.kind, MacroKind::Function { .. });
            let follows_param = body
                .get(i + 1)
                .is_some_and(|n| m.param(n).is_some() || n.text == "__VA_OPT__");
            if is_function && t.is_punct("#") && !follows_param {
                self.diags
                    .error(t.span, "'#' is not followed by a macro parameter");
                return false;
            }
        }
        true
    }

    // ----- expansion -----

    /// Reads tokens until one that is not a macro invocation, expanding as it goes.
    pub(super) fn next_expanded(&mut self) -> Option<PTok> {
        loop {
            let t = self.next_raw()?;
            if t.tok.kind != TokenKind::Ident {
                return Some(t);
            }
            if t.tok.text == "_Pragma" {
                return Some(self.pragma_operator(t));
            }
            if self.in_condition && t.tok.text == "defined" {
                return Some(self.defined_operator(t));
            }
            if self.in_condition && t.tok.text.starts_with("__has_") {
                match self.next_raw() {
                    Some(n) if n.tok.is_punct("(") => {
                        self.pending.push(n);
                        return Some(self.has_operator(t));
                    }
                    other => self.pending.extend(other),
                }
            }
            if let Some(t) = self.try_expand(t) {
                return Some(t);
            }
        }
    }

    /// Expands `t` if it invokes a macro (the result goes to `pending`); otherwise gives it back.
    fn try_expand(&mut self, t: PTok) -> Option<PTok> {
        let Some(m) = self.macros.get(&t.tok.text).cloned() else {
            return Some(t);
        };
        if hide_contains(&t.hide, &m.name) || self.expansion_budget == 0 {
            return Some(t);
        }
        match &m.kind {
            MacroKind::Builtin(b) => Some(self.builtin(*b, t)),
            MacroKind::Object => {
                let hide = hide_add(&t.hide, &m.name);
                let body = self.substitute(&m, &m.body, &[], &t.tok);
                self.push_expansion(body, &hide, &t.tok);
                None
            }
            MacroKind::Function { .. } => {
                match self.next_raw() {
                    Some(n) if n.tok.is_punct("(") => {}
                    other => {
                        self.pending.extend(other);
                        return Some(t);
                    }
                }
                let (args, rparen) = self.collect_args(&m, &t.tok)?;
                let hide = hide_add(&hide_intersection(&t.hide, &rparen.hide), &m.name);
                let body = self.substitute(&m, &m.body, &args, &t.tok);
                self.push_expansion(body, &hide, &t.tok);
                None
            }
        }
    }

    /// Queues an expansion result to be rescanned, in front of the rest of the input.
    fn push_expansion(&mut self, mut body: Vec<PTok>, hide: &HideSet, invocation: &Token) {
        self.expansion_budget = self.expansion_budget.saturating_sub(body.len() + 1);
        if self.expansion_budget == 0 {
            self.diags.error(
                invocation.span,
                "macro expansion too large; expansion stopped",
            );
        }
        for (i, t) in body.iter_mut().enumerate() {
            t.hide = hide_union(&t.hide, hide);
            if i == 0 {
                t.tok.leading_space = invocation.leading_space;
                t.tok.line_start = invocation.line_start;
            } else {
                t.tok.line_start = false;
            }
        }
        self.pending.extend(body.into_iter().rev());
    }

    fn builtin(&mut self, b: Builtin, t: PTok) -> PTok {
        let span = t.tok.span;
        let (kind, text) = match b {
            Builtin::Line => {
                let line = self.sm.file(span.file).line_col(span.lo).0;
                (TokenKind::Int, line.to_string())
            }
            Builtin::Counter => {
                self.counter += 1;
                (TokenKind::Int, (self.counter - 1).to_string())
            }
            Builtin::File => {
                let file = self.current_file().unwrap_or(span.file);
                let path = self.sm.file(file).path.display().to_string();
                (TokenKind::Str, quote(&path))
            }
        };
        PTok {
            tok: Token {
                kind,
                text,
                ..t.tok
            },
            hide: t.hide,
        }
    }

    /// `_Pragma("text")` becomes a `#pragma text` directive token.
    fn pragma_operator(&mut self, t: PTok) -> PTok {
        let mut taken = Vec::new();
        for _ in 0..3 {
            match self.next_raw() {
                Some(n) => taken.push(n),
                None => break,
            }
        }
        let ok = matches!(taken.as_slice(), [o, s, c] if o.tok.is_punct("(") && s.tok.kind == TokenKind::Str && c.tok.is_punct(")"));
        if !ok {
            self.diags
                .error(t.tok.span, "_Pragma takes a parenthesized string literal");
            self.pending.extend(taken.into_iter().rev());
            return t;
        }
        let text = format!("#pragma {}", super::unquote(&taken[1].tok.text));
        let span = t.tok.span;
        PTok {
            tok: Token {
                kind: TokenKind::Directive,
                text,
                span,
                leading_space: false,
                line_start: true,
            },
            hide: None,
        }
    }

    /// Arguments of a function-like invocation after its `(`; also returns the `)`.
    fn collect_args(&mut self, m: &Macro, name: &Token) -> Option<(Vec<Vec<PTok>>, PTok)> {
        let MacroKind::Function { params, variadic } = &m.kind else {
            return None;
        };
        let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
        let mut depth = 0usize;
        let rparen = loop {
            let Some(t) = self.next_raw() else {
                let msg = format!("unterminated argument list invoking macro '{}'", m.name);
                self.diags.error(name.span, msg);
                return None;
            };
            if t.tok.is_punct("(") {
                depth += 1;
            } else if t.tok.is_punct(")") {
                if depth == 0 {
                    break t;
                }
                depth -= 1;
            } else if t.tok.is_punct(",")
                && depth == 0
                && !(*variadic && args.len() == params.len())
            {
                args.push(Vec::new());
                continue;
            }
            if let Some(last) = args.last_mut() {
                last.push(t);
            }
        };
        if params.is_empty() && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if *variadic && args.len() + 1 == params.len() {
            args.push(Vec::new()); // C++20: the variadic part may be omitted entirely
        }
        if args.len() != params.len() {
            let msg = format!(
                "macro '{}' requires {} argument{}, but {} given",
                m.name,
                params.len(),
                if params.len() == 1 { "" } else { "s" },
                args.len()
            );
            self.diags.error(name.span, msg);
            return None;
        }
        Some((args, rparen))
    }

    /// Fully expands an isolated token list (a macro argument, an `#if` line).
    pub(super) fn expand_list(&mut self, tokens: Vec<PTok>) -> Vec<PTok> {
        if self.expand_depth >= MAX_EXPAND_DEPTH {
            if let Some(t) = tokens.first() {
                self.diags
                    .error(t.tok.span, "macro arguments nested too deeply");
            }
            return tokens;
        }
        self.expand_depth += 1;
        let mut reversed = tokens;
        reversed.reverse();
        let saved_pending = std::mem::replace(&mut self.pending, reversed);
        let saved_input = std::mem::replace(&mut self.file_input, false);
        let mut out = Vec::new();
        while let Some(t) = self.next_expanded() {
            out.push(t);
        }
        self.pending = saved_pending;
        self.file_input = saved_input;
        self.expand_depth -= 1;
        out
    }

    /// Replaces parameters in `body` (a macro body or part of it) by arguments, applying `#`,
    /// `##` and `__VA_OPT__`. Body tokens take the invocation's span; argument tokens keep theirs.
    fn substitute(
        &mut self,
        m: &Macro,
        body: &[Token],
        args: &[Vec<PTok>],
        inv: &Token,
    ) -> Vec<PTok> {
        let copy = |t: &Token| PTok {
            tok: Token {
                span: inv.span,
                ..t.clone()
            },
            hide: None,
        };
        let va_empty = m
            .variadic_index()
            .is_none_or(|v| args.get(v).is_none_or(Vec::is_empty));
        let mut expanded: Vec<Option<Vec<PTok>>> = vec![None; args.len()];
        let mut out: Vec<PTok> = Vec::with_capacity(body.len());
        let mut i = 0;
        while i < body.len() {
            let tok = &body[i];
            let next = body.get(i + 1);
            // `# param`: stringize the unexpanded argument.
            if tok.is_punct("#") && !args.is_empty() {
                if let Some(a) = next.and_then(|n| m.param(n)) {
                    out.push(PTok {
                        tok: stringize(&args[a], tok, inv.span),
                        hide: None,
                    });
                    i += 2;
                    continue;
                }
            }
            // GNU `, ## __VA_ARGS__`: the comma disappears when the variadic part is empty.
            if tok.is_punct(",") && next.is_some_and(|n| n.is_punct("##")) {
                if let Some(va) = body
                    .get(i + 2)
                    .and_then(|n| m.param(n))
                    .filter(|&a| Some(a) == m.variadic_index())
                {
                    if args[va].is_empty() {
                        i += 3;
                    } else {
                        out.push(copy(tok));
                        i += 2;
                    }
                    continue;
                }
            }
            if tok.is_punct("##") {
                let Some(rhs) = next else { break };
                match m.param(rhs) {
                    Some(a) => {
                        if let Some((first, rest)) = args[a].split_first() {
                            self.paste_onto(&mut out, first, inv.span);
                            out.extend(rest.iter().cloned());
                        }
                    }
                    None => self.paste_onto(&mut out, &copy(rhs), inv.span),
                }
                i += 2;
                continue;
            }
            if tok.is_ident() && tok.text == "__VA_OPT__" && m.variadic_index().is_some() {
                if let Some(close) = matching_paren(body, i + 1) {
                    if !va_empty {
                        let inner = self.substitute(m, &body[i + 2..close], args, inv);
                        out.extend(inner);
                    }
                    i = close + 1;
                    continue;
                }
            }
            if let Some(a) = m.param(tok) {
                // An operand of `##` is not expanded.
                if next.is_some_and(|n| n.is_punct("##")) {
                    if args[a].is_empty() {
                        i = self.skip_empty_paste_lhs(m, body, i, args, &mut out, inv);
                    } else {
                        out.extend(args[a].iter().cloned());
                        i += 1;
                    }
                    continue;
                }
                let exp = match &expanded[a] {
                    Some(e) => e.clone(),
                    None => {
                        let e = self.expand_list(args[a].clone());
                        expanded[a] = Some(e.clone());
                        e
                    }
                };
                let start = out.len();
                out.extend(exp);
                if let Some(first) = out.get_mut(start) {
                    first.tok.leading_space = tok.leading_space;
                }
                i += 1;
                continue;
            }
            out.push(copy(tok));
            i += 1;
        }
        out
    }

    /// `EMPTY ## rhs`: the result is `rhs` unexpanded. Returns the index after `rhs`.
    fn skip_empty_paste_lhs(
        &mut self,
        m: &Macro,
        body: &[Token],
        i: usize,
        args: &[Vec<PTok>],
        out: &mut Vec<PTok>,
        inv: &Token,
    ) -> usize {
        let Some(rhs) = body.get(i + 2) else {
            return i + 2;
        };
        match m.param(rhs) {
            Some(b) => out.extend(args[b].iter().cloned()),
            None => out.push(PTok {
                tok: Token {
                    span: inv.span,
                    ..rhs.clone()
                },
                hide: None,
            }),
        }
        i + 3
    }

    /// Pastes `rhs` onto the last token of `out` (`##`).
    fn paste_onto(&mut self, out: &mut Vec<PTok>, rhs: &PTok, span: Span) {
        let Some(lhs) = out.pop() else {
            out.push(rhs.clone());
            return;
        };
        let text = format!("{}{}", lhs.tok.text, rhs.tok.text);
        let mut scratch = Diagnostics::default();
        let (mut toks, soft) = lex_with_soft_errors(span.file, &text, &mut scratch);
        if toks.len() == 1 && soft.is_empty() && scratch.list.is_empty() && toks[0].text == text {
            let kind = toks.pop().map_or(TokenKind::Punct, |t| t.kind);
            let tok = Token {
                kind,
                text,
                span,
                leading_space: lhs.tok.leading_space,
                line_start: false,
            };
            out.push(PTok {
                tok,
                hide: lhs.hide,
            });
            return;
        }
        let msg = format!(
            "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
            lhs.tok.text, rhs.tok.text
        );
        self.diags.error(span, msg);
        out.push(lhs);
        out.push(rhs.clone());
    }
}

/// Index of the `)` matching the `(` at `open`.
fn matching_paren(body: &[Token], open: usize) -> Option<usize> {
    if !body.get(open)?.is_punct("(") {
        return None;
    }
    let mut depth = 0usize;
    for (i, t) in body.iter().enumerate().skip(open) {
        if t.is_punct("(") {
            depth += 1;
        } else if t.is_punct(")") {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// `#arg`: the argument's spelling as a string literal.
fn stringize(arg: &[PTok], hash: &Token, span: Span) -> Token {
    let mut s = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.tok.leading_space {
            s.push(' ');
        }
        if matches!(t.tok.kind, TokenKind::Str | TokenKind::Char) {
            for c in t.tok.text.chars() {
                if c == '"' || c == '\\' {
                    s.push('\\');
                }
                s.push(c);
            }
        } else {
            s.push_str(&t.tok.text);
        }
    }
    s.push('"');
    Token {
        kind: TokenKind::Str,
        text: s,
        span,
        leading_space: hash.leading_space,
        line_start: false,
    }
}

/// A string literal spelling `text`.
fn quote(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        if c == '"' || c == '\\' {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}
