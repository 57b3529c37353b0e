//! Preprocessor over tokens: directives, conditional groups, `#include "..."` and macro
//! expansion (in `pp/expand.rs`), `#if` arithmetic (in `pp/expr.rs`).
//!
//! Input comes from a stack of files (each a lexed token vector and a cursor) and a stack of
//! pending tokens produced by macro expansion, which are read first. Directives are recognized
//! only in file tokens (`#` first on its line), never in macro output.

mod expand;
mod expr;

use crate::lexer::lex_with_soft_errors;
use crate::source::{Diagnostic, Diagnostics, FileId, Severity, SourceMap, Span};
use crate::token::{Token, TokenKind};
use expand::{Macro, PTok};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    /// `-I` directories, searched after the including file's folder.
    pub include_dirs: Vec<PathBuf>,
    /// `-D NAME[=VAL]` (value "1" when omitted) and `-U NAME`, in command-line order.
    pub defines: Vec<(String, Option<String>)>,
    pub undefines: Vec<String>,
}

/// Expands `main` fully. The result ends with an `Eof` token. `#include <...>` and `#pragma`
/// lines come out as `Directive` tokens; everything else is expanded away.
pub fn preprocess(
    sm: &mut SourceMap,
    main: FileId,
    opts: &PpOptions,
    diags: &mut Diagnostics,
) -> Vec<Token> {
    let mut pp = Preprocessor::new(sm, opts, diags);
    pp.run_builtin_prelude();
    pp.run_main(main);
    pp.out
}

/// `#include` nesting deeper than this is reported (it is almost always a cycle).
const MAX_INCLUDE_DEPTH: usize = 200;

/// One `#if` group being processed.
struct Cond {
    /// Some branch of this group was (or is being) taken.
    taken: bool,
    seen_else: bool,
    /// The `#if` directive, for "unterminated" errors.
    span: Span,
    /// This is the `#ifndef X` that opens the file (include-guard candidate).
    guard: bool,
}

/// A file being read.
struct FileCtx {
    id: FileId,
    /// Tokens are moved out as they are read (a file read again is lexed again).
    tokens: Vec<Token>,
    pos: usize,
    conds: Vec<Cond>,
    dir: PathBuf,
    /// `X` of an opening `#ifndef X` that may be an include guard.
    guard_name: Option<String>,
    /// Token index right after the `#endif` closing the guard group.
    guard_end: Option<usize>,
}

pub(crate) struct Preprocessor<'a> {
    sm: &'a mut SourceMap,
    opts: &'a PpOptions,
    diags: &'a mut Diagnostics,
    macros: HashMap<String, Rc<Macro>, FastHash>,
    /// `#pragma push_macro` stacks.
    pushed_macros: HashMap<String, Vec<Option<Rc<Macro>>>>,
    files: Vec<FileCtx>,
    /// Tokens to read before the files, last = next.
    pending: Vec<PTok>,
    /// Whether reading may continue into the files (false while expanding an isolated list).
    file_input: bool,
    out: Vec<Token>,
    /// Files whose soft lexer errors were already recorded.
    soft_recorded: HashSet<FileId>,
    /// Soft lexer errors by (file, token start); reported when the token turns out live.
    soft: HashMap<(FileId, u32), Diagnostic>,
    paths: HashMap<PathBuf, FileId>,
    once: HashSet<FileId>,
    guards: HashMap<FileId, String>,
    counter: u64,
    /// Nesting of isolated expansions (macro arguments, `#if` lines).
    expand_depth: usize,
    /// Tokens that macro expansion may still produce (stops exponential blow-ups).
    expansion_budget: usize,
    /// Expanding an `#if` line: `defined` and `__has_*` are operators.
    in_condition: bool,
}

impl<'a> Preprocessor<'a> {
    fn new(sm: &'a mut SourceMap, opts: &'a PpOptions, diags: &'a mut Diagnostics) -> Self {
        Preprocessor {
            sm,
            opts,
            diags,
            macros: HashMap::default(),
            pushed_macros: HashMap::new(),
            files: Vec::new(),
            pending: Vec::new(),
            file_input: true,
            out: Vec::new(),
            soft_recorded: HashSet::new(),
            soft: HashMap::new(),
            paths: HashMap::new(),
            once: HashSet::new(),
            guards: HashMap::new(),
            counter: 0,
            expand_depth: 0,
            expansion_budget: 3_000_000,
            in_condition: false,
        }
    }

    /// Predefined macros and `-D`/`-U`, processed as a `<built-in>` file of directives.
    fn run_builtin_prelude(&mut self) {
        let mut text = String::from(
            "#define __CUDACC__ 1\n#define __NVCC__ 1\n#define __cplusplus 201703L\n\
             #define __CUAD__ 1\n",
        );
        for (name, value) in &self.opts.defines {
            let value = value.as_deref().unwrap_or("1").replace(['\n', '\r'], " ");
            let name = name.replace(['\n', '\r'], " ");
            text.push_str(&format!("#define {name} {value}\n"));
        }
        for name in &self.opts.undefines {
            text.push_str(&format!("#undef {}\n", name.replace(['\n', '\r'], " ")));
        }
        let id = self.sm.add("<built-in>", text);
        self.define_builtins();
        self.push_file(id, PathBuf::new());
        while let Some(t) = self.next_raw() {
            self.out.push(t.tok);
        }
    }

    fn run_main(&mut self, main: FileId) {
        let path = self.sm.file(main).path.clone();
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        self.paths.insert(canonical(&path), main);
        self.push_file(main, dir);
        let expected = self.files.last().map_or(0, |f| f.tokens.len());
        self.out.reserve(expected + 1);
        while let Some(t) = self.next_expanded() {
            self.out.push(t.tok);
        }
        let end = self.sm.file(main).text.len() as u32;
        self.out.push(Token {
            kind: TokenKind::Eof,
            text: String::new(),
            span: Span::new(main, end, end),
            leading_space: false,
            line_start: true,
        });
    }

    fn tokens_of(&mut self, id: FileId) -> Vec<Token> {
        let (tokens, soft) = lex_with_soft_errors(id, &self.sm.file(id).text, self.diags);
        if self.soft_recorded.insert(id) {
            for d in soft {
                self.soft.insert((id, d.span.lo), d);
            }
        }
        tokens
    }

    fn push_file(&mut self, id: FileId, dir: PathBuf) {
        let tokens = self.tokens_of(id);
        self.files.push(FileCtx {
            id,
            tokens,
            pos: 0,
            conds: Vec::new(),
            dir,
            guard_name: None,
            guard_end: None,
        });
    }

    /// Reports a soft lexer error for a token that is live (not skipped).
    fn check_soft(&mut self, tok: &Token) {
        if !self.soft.is_empty() {
            if let Some(d) = self.soft.remove(&(tok.span.file, tok.span.lo)) {
                self.diags.push(d);
            }
        }
    }

    /// The next token before macro expansion: pending tokens first, then file tokens with
    /// directives processed on the way. `None` at the end of all input.
    fn next_raw(&mut self) -> Option<PTok> {
        loop {
            if let Some(t) = self.pending.pop() {
                return Some(t);
            }
            if !self.file_input {
                return None;
            }
            let ctx = self.files.last_mut()?;
            let Some(tok) = ctx.tokens.get_mut(ctx.pos) else {
                self.end_file();
                continue;
            };
            if tok.line_start && tok.is_punct("#") {
                self.directive();
                continue;
            }
            // Move the token out: it is never read again.
            let text = std::mem::take(&mut tok.text);
            let tok = Token {
                text,
                ..tok.clone()
            };
            ctx.pos += 1;
            self.check_soft(&tok);
            return Some(PTok { tok, hide: None });
        }
    }

    fn end_file(&mut self) {
        let Some(ctx) = self.files.pop() else { return };
        for cond in &ctx.conds {
            self.diags
                .error(cond.span, "unterminated conditional directive");
        }
        if let (Some(name), Some(end)) = (ctx.guard_name, ctx.guard_end) {
            if end == ctx.tokens.len() {
                self.guards.insert(ctx.id, name);
            }
        }
    }

    fn current_file(&self) -> Option<FileId> {
        self.files.last().map(|f| f.id)
    }

    /// Source text from the start of `first` to the end of `last` (same file).
    fn source_text(&self, first: &Token, last: &Token) -> String {
        self.sm.snippet(first.span.to(last.span)).to_string()
    }

    /// Processes the directive whose `#` is at the current file position.
    fn directive(&mut self) {
        let Some(ctx) = self.files.last_mut() else {
            return;
        };
        let hash_pos = ctx.pos;
        let end = ctx.tokens[hash_pos + 1..]
            .iter()
            .position(|t| t.line_start)
            .map_or(ctx.tokens.len(), |n| hash_pos + 1 + n);
        ctx.pos = end;
        let tokens = ctx.tokens[hash_pos..end].to_vec();
        let hash = &tokens[0];
        let line = &tokens[1..];
        let Some(name) = line.first() else { return };
        let args = &line[1..];
        if name.kind == TokenKind::Int {
            return; // GCC line marker `# 12 "file"`
        }
        if name.kind != TokenKind::Ident {
            self.diags
                .error(name.span, "invalid preprocessing directive");
            return;
        }
        if !matches!(name.text.as_str(), "error" | "warning") {
            for t in line {
                self.check_soft(t);
            }
        }
        match name.text.as_str() {
            "define" => self.define(name, args),
            "undef" => self.undef(name, args),
            "include" | "include_next" => self.include(hash, name, args),
            "if" => {
                let v = self.eval_condition(name, args);
                let guard = hash_pos == 0 && self.start_guard(not_defined_operand(args));
                self.open_cond(hash, v, guard);
            }
            "ifdef" | "ifndef" => self.ifdef(hash, name, args, hash_pos),
            "elif" => self.elif(name, args, None),
            "elifdef" => self.elif(name, args, Some(true)),
            "elifndef" => self.elif(name, args, Some(false)),
            "else" => self.else_(name, args),
            "endif" => self.endif(name, args),
            "pragma" => self.pragma(hash, name, args),
            "error" | "warning" => self.user_message(name, args),
            "line" | "ident" | "sccs" => {}
            other => {
                let msg = format!("invalid preprocessing directive #{other}");
                self.diags.error(name.span, msg);
            }
        }
    }

    fn user_message(&mut self, name: &Token, args: &[Token]) {
        let text = match (args.first(), args.last()) {
            (Some(a), Some(b)) => self.source_text(a, b),
            _ => String::new(),
        };
        let d = if name.text == "error" {
            Diagnostic::error(name.span, format!("#error {text}"))
        } else {
            Diagnostic::warning(name.span, format!("#warning {text}"))
        };
        self.diags.push(d);
    }

    fn warn_extra(&mut self, name: &Token, extra: &[Token]) {
        if let Some(t) = extra.first() {
            let msg = format!("extra tokens at end of #{} directive", name.text);
            self.diags.push(Diagnostic::warning(t.span, msg));
        }
    }

    /// The macro name operand of `#ifdef`/`#undef`/..., with an error when missing.
    fn macro_name_operand<'t>(&mut self, name: &Token, args: &'t [Token]) -> Option<&'t Token> {
        match args.first() {
            Some(t) if t.kind == TokenKind::Ident => {
                self.warn_extra(name, &args[1..]);
                Some(t)
            }
            Some(t) => {
                self.diags.error(t.span, "macro names must be identifiers");
                None
            }
            None => {
                let msg = format!("macro name missing in #{} directive", name.text);
                self.diags.error(name.span, msg);
                None
            }
        }
    }

    fn undef(&mut self, name: &Token, args: &[Token]) {
        if let Some(m) = self.macro_name_operand(name, args) {
            self.macros.remove(&m.text);
        }
    }

    // ----- conditional groups -----

    fn open_cond(&mut self, hash: &Token, value: bool, guard: bool) {
        let Some(ctx) = self.files.last_mut() else {
            return;
        };
        ctx.conds.push(Cond {
            taken: value,
            seen_else: false,
            span: hash.span,
            guard,
        });
        if !value {
            self.skip_group();
        }
    }

    fn ifdef(&mut self, hash: &Token, name: &Token, args: &[Token], hash_pos: usize) {
        let Some(m) = self.macro_name_operand(name, args) else {
            self.open_cond(hash, false, false);
            return;
        };
        let defined = self.macros.contains_key(&m.text);
        let want_defined = name.text == "ifdef";
        let is_guard = !want_defined && hash_pos == 0 && self.start_guard(Some(&m.text));
        self.open_cond(hash, defined == want_defined, is_guard);
    }

    /// The file's first directive tests `!defined(name)`: remember a possible include guard.
    fn start_guard(&mut self, name: Option<&str>) -> bool {
        let Some(name) = name else { return false };
        let Some(ctx) = self.files.last_mut() else {
            return false;
        };
        if !ctx.conds.is_empty() || ctx.guard_end.is_some() {
            return false;
        }
        ctx.guard_name = Some(name.to_string());
        true
    }

    /// `#elif`, or `#elifdef`/`#elifndef` when `want_defined` is set.
    fn elif(&mut self, name: &Token, args: &[Token], want_defined: Option<bool>) {
        let Some(cond) = self.files.last_mut().and_then(|f| f.conds.last_mut()) else {
            let msg = format!("#{} without #if", name.text);
            self.diags.error(name.span, msg);
            return;
        };
        if cond.seen_else {
            let msg = format!("#{} after #else", name.text);
            self.diags.error(name.span, msg);
        }
        if cond.guard {
            self.drop_guard();
        }
        let Some(cond) = self.files.last_mut().and_then(|f| f.conds.last_mut()) else {
            return;
        };
        if cond.taken {
            self.skip_group();
            return;
        }
        let value = match want_defined {
            None => self.eval_condition(name, args),
            Some(want) => match self.macro_name_operand(name, args) {
                Some(m) => self.macros.contains_key(&m.text) == want,
                None => false,
            },
        };
        if value {
            if let Some(cond) = self.files.last_mut().and_then(|f| f.conds.last_mut()) {
                cond.taken = true;
            }
        } else {
            self.skip_group();
        }
    }

    fn else_(&mut self, name: &Token, args: &[Token]) {
        self.warn_extra(name, args);
        let Some(cond) = self.files.last_mut().and_then(|f| f.conds.last_mut()) else {
            self.diags.error(name.span, "#else without #if");
            return;
        };
        let (repeated, guard, taken) = (cond.seen_else, cond.guard, cond.taken);
        cond.seen_else = true;
        cond.taken = true;
        if repeated {
            self.diags.error(name.span, "#else after #else");
        }
        if guard {
            self.drop_guard();
        }
        if taken {
            self.skip_group();
        }
    }

    fn endif(&mut self, name: &Token, args: &[Token]) {
        self.warn_extra(name, args);
        let Some(ctx) = self.files.last_mut() else {
            return;
        };
        match ctx.conds.pop() {
            None => self.diags.error(name.span, "#endif without #if"),
            Some(c) if c.guard => ctx.guard_end = Some(ctx.pos),
            Some(_) => {}
        }
    }

    fn drop_guard(&mut self) {
        if let Some(ctx) = self.files.last_mut() {
            ctx.guard_name = None;
        }
    }

    /// Skips a false group: leaves the file position at the `#` of the `#elif`/`#else`/
    /// `#endif` that ends it (or at the end of the file).
    fn skip_group(&mut self) {
        let Some(ctx) = self.files.last_mut() else {
            return;
        };
        let toks = &ctx.tokens;
        let mut depth = 0usize;
        let mut i = ctx.pos;
        while i < toks.len() {
            if toks[i].line_start && toks[i].is_punct("#") {
                let word = toks
                    .get(i + 1)
                    .filter(|n| !n.line_start)
                    .map(|n| n.text.as_str());
                match word {
                    Some("if" | "ifdef" | "ifndef") => depth += 1,
                    Some("endif") if depth > 0 => depth -= 1,
                    Some("endif" | "elif" | "else" | "elifdef" | "elifndef") if depth == 0 => {
                        ctx.pos = i;
                        return;
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        ctx.pos = toks.len();
    }

    fn eval_condition(&mut self, name: &Token, args: &[Token]) -> bool {
        let end = args
            .last()
            .map_or(name.span, |t| Span::new(t.span.file, t.span.hi, t.span.hi));
        if args.is_empty() {
            let msg = format!("#{} with no expression", name.text);
            self.diags.error(name.span, msg);
            return false;
        }
        let Some(prepared) = self.prepare_condition(args) else {
            return false;
        };
        match expr::evaluate(&prepared, end) {
            Ok(v) => v.bits != 0,
            Err(e) => {
                self.diags.error(e.span, e.message);
                false
            }
        }
    }

    /// Expands macros in an `#if` line, evaluating `defined` and `__has_*(...)` on the way.
    fn prepare_condition(&mut self, args: &[Token]) -> Option<Vec<Token>> {
        let list = args
            .iter()
            .map(|t| PTok {
                tok: t.clone(),
                hide: None,
            })
            .collect();
        let errors_before = self.diags.list.len();
        let saved = std::mem::replace(&mut self.in_condition, true);
        let expanded = self.expand_list(list);
        self.in_condition = saved;
        let failed = self.diags.list[errors_before..]
            .iter()
            .any(|d| d.severity == Severity::Error);
        (!failed).then(|| expanded.into_iter().map(|t| t.tok).collect())
    }

    /// `defined X` or `defined ( X )` in an `#if` line; `t` is `defined`.
    pub(super) fn defined_operator(&mut self, t: PTok) -> PTok {
        let mut next = self.next_raw();
        let paren = next.as_ref().is_some_and(|n| n.tok.is_punct("("));
        if paren {
            next = self.next_raw();
        }
        let value = match next {
            Some(n) if n.tok.is_ident() => {
                if paren && !self.next_raw().is_some_and(|c| c.tok.is_punct(")")) {
                    self.diags.error(n.tok.span, "missing ')' after 'defined'");
                }
                self.macros.contains_key(&n.tok.text)
            }
            other => {
                let span = other.map_or(t.tok.span, |o| o.tok.span);
                self.diags.error(span, "macro name missing after 'defined'");
                false
            }
        };
        PTok {
            tok: number_token(value, &t.tok),
            hide: None,
        }
    }

    /// `__has_include(...)` (a real lookup) and other `__has_*(...)` (always 0) in an `#if`
    /// line; `t` is the operator name and the `(` is next.
    pub(super) fn has_operator(&mut self, t: PTok) -> PTok {
        let mut inner = Vec::new();
        let mut depth = 0usize;
        loop {
            let Some(n) = self.next_raw() else {
                self.diags
                    .error(t.tok.span, "missing ')' after '__has_' operator");
                break;
            };
            if n.tok.is_punct("(") {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            } else if n.tok.is_punct(")") {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            inner.push(n.tok);
        }
        let value = match t.tok.text.as_str() {
            "__has_include" | "__has_include_next" => self.has_include(&inner),
            _ => false,
        };
        PTok {
            tok: number_token(value, &t.tok),
            hide: None,
        }
    }

    fn has_include(&self, inner: &[Token]) -> bool {
        match inner {
            [t] if t.kind == TokenKind::Str => {
                self.resolve_include(&unquote(&t.text), true).is_some()
            }
            // System headers are not searched (they stay `#include` lines for nvcc), so they
            // are assumed present.
            [first, .., last] if first.is_punct("<") && last.is_punct(">") => true,
            _ => false,
        }
    }

    // ----- #include and #pragma -----

    fn include(&mut self, hash: &Token, name: &Token, args: &[Token]) {
        let Some(first) = args.first() else {
            self.diags
                .error(name.span, "expected \"FILENAME\" or <FILENAME>");
            return;
        };
        if first.kind == TokenKind::Str && first.text.starts_with('"') {
            self.warn_extra(name, &args[1..]);
            self.include_quoted(&unquote(&first.text), first.span);
        } else if first.is_punct("<") {
            let last = args.last().unwrap_or(first);
            let text = self.source_text(hash, last);
            self.emit_directive(text, hash.span.to(last.span));
        } else {
            self.include_from_macro(hash, name, args);
        }
    }

    /// `#include MACRO` where the macro expands to `"file"` or `<file>`.
    fn include_from_macro(&mut self, hash: &Token, name: &Token, args: &[Token]) {
        let list = args
            .iter()
            .map(|t| PTok {
                tok: t.clone(),
                hide: None,
            })
            .collect();
        let expanded: Vec<Token> = self.expand_list(list).into_iter().map(|t| t.tok).collect();
        let span = hash.span.to(args.last().map_or(name.span, |t| t.span));
        match expanded.as_slice() {
            [t] if t.kind == TokenKind::Str && t.text.starts_with('"') => {
                self.include_quoted(&unquote(&t.text), args[0].span)
            }
            [first, .., last] if first.is_punct("<") && last.is_punct(">") => {
                let mut header = String::new();
                for (i, t) in expanded.iter().enumerate() {
                    if i > 1 && i + 1 < expanded.len() && t.leading_space {
                        header.push(' ');
                    }
                    header.push_str(&t.text);
                }
                self.emit_directive(format!("#{} {header}", name.text), span);
            }
            _ => self
                .diags
                .error(args[0].span, "expected \"FILENAME\" or <FILENAME>"),
        }
    }

    /// Queues a `Directive` token as the next input token, so that it keeps its place even
    /// inside macro arguments (`FOR_EACH(\n#pragma unroll\n for ...)`).
    fn emit_directive(&mut self, text: String, span: Span) {
        let tok = Token {
            kind: TokenKind::Directive,
            text,
            span,
            leading_space: false,
            line_start: true,
        };
        self.pending.push(PTok { tok, hide: None });
    }

    /// Finds a quoted include: the including file's folder (when `local`), then `-I` folders.
    fn resolve_include(&self, name: &str, local: bool) -> Option<PathBuf> {
        let path = Path::new(name);
        if path.is_absolute() {
            return path.is_file().then(|| path.to_path_buf());
        }
        let here = self.files.last().filter(|_| local).map(|f| f.dir.clone());
        here.into_iter()
            .chain(self.opts.include_dirs.iter().cloned())
            .map(|d| d.join(path))
            .find(|p| p.is_file())
    }

    fn include_quoted(&mut self, name: &str, span: Span) {
        let Some(path) = self.resolve_include(name, true) else {
            self.diags.error(span, format!("'{name}' file not found"));
            return;
        };
        if self.files.len() >= MAX_INCLUDE_DEPTH {
            self.diags
                .error(span, "#include nested too deeply (include cycle?)");
            return;
        }
        let key = canonical(&path);
        let id = match self.paths.get(&key) {
            Some(&id) => id,
            None => match std::fs::read(&path) {
                Ok(bytes) => {
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    let id = self.sm.add(path.clone(), text);
                    self.paths.insert(key, id);
                    id
                }
                Err(e) => {
                    self.diags
                        .error(span, format!("cannot read '{}': {e}", path.display()));
                    return;
                }
            },
        };
        if self.once.contains(&id) {
            return;
        }
        if self
            .guards
            .get(&id)
            .is_some_and(|g| self.macros.contains_key(g))
        {
            return;
        }
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        self.push_file(id, dir);
    }

    fn pragma(&mut self, hash: &Token, name: &Token, args: &[Token]) {
        let first = args.first().map(|t| t.text.as_str());
        match first {
            Some("once") => {
                if let Some(id) = self.current_file() {
                    self.once.insert(id);
                }
            }
            Some("push_macro" | "pop_macro") => self.push_pop_macro(args),
            _ => {
                let last = args.last().unwrap_or(name);
                let text = self.source_text(hash, last);
                self.emit_directive(text, hash.span.to(last.span));
            }
        }
    }

    /// `#pragma push_macro("X")` / `#pragma pop_macro("X")`.
    fn push_pop_macro(&mut self, args: &[Token]) {
        let name = match args {
            [_, open, s, close, ..]
                if open.is_punct("(") && s.kind == TokenKind::Str && close.is_punct(")") =>
            {
                unquote(&s.text)
            }
            _ => {
                self.diags.error(args[0].span, "expected (\"macro name\")");
                return;
            }
        };
        if args[0].text == "push_macro" {
            let current = self.macros.get(&name).cloned();
            self.pushed_macros.entry(name).or_default().push(current);
        } else if let Some(saved) = self.pushed_macros.get_mut(&name).and_then(Vec::pop) {
            match saved {
                Some(m) => self.macros.insert(name, m),
                None => self.macros.remove(&name),
            };
        }
    }
}

/// FxHash: every identifier is looked up in the macro table, and SipHash is slow for that.
#[derive(Default)]
struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut h = self.0;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            h = (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            h = (h.rotate_left(5) ^ b as u64).wrapping_mul(K);
        }
        self.0 = h;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FastHash = std::hash::BuildHasherDefault<FxHasher>;

/// `X` when an `#if` line is exactly `!defined X` or `!defined(X)`.
fn not_defined_operand(args: &[Token]) -> Option<&str> {
    match args {
        [not, def, x] if not.is_punct("!") && def.text == "defined" && x.is_ident() => {
            Some(&x.text)
        }
        [not, def, open, x, close]
            if not.is_punct("!")
                && def.text == "defined"
                && open.is_punct("(")
                && x.is_ident()
                && close.is_punct(")") =>
        {
            Some(&x.text)
        }
        _ => None,
    }
}

/// A canonical path for file identity; the path itself when it cannot be resolved.
fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Contents of a plain string literal `"..."` (escapes of `\` and `"` undone).
fn unquote(text: &str) -> String {
    let inner = text.strip_prefix('"').unwrap_or(text);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                if n != '"' && n != '\\' {
                    out.push('\\');
                }
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// An `Int` token `0`/`1` standing where `at` was.
fn number_token(value: bool, at: &Token) -> Token {
    Token {
        kind: TokenKind::Int,
        text: if value { "1" } else { "0" }.to_string(),
        span: at.span,
        leading_space: at.leading_space,
        line_start: false,
    }
}
