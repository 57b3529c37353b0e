//! Island tolerance: a construct the parser does not model is skipped as a balanced token
//! range and kept verbatim as `Item::Opaque`, so real files with templates, operator
//! overloads and the like still parse.

use super::{PErr, PResult, Parser};
use crate::ast::Item;
use crate::source::Diagnostic;
use crate::token::TokenKind;

impl Parser<'_, '_> {
    /// Runs `parse` for one item. On failure (or errors inside a function body) rewinds,
    /// skips the item and returns it as `Item::Opaque`. Body errors become warnings: the
    /// function is only needed if a later stage asks for it.
    pub(crate) fn island<T>(
        &mut self,
        parse: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> Result<T, Box<Item>> {
        let start = self.pos;
        let scope = self.types.scope_len();
        let depth = self.depth;
        let outer_errors = std::mem::take(&mut self.body_errors);
        let result = parse(self);
        let body_errors = std::mem::replace(&mut self.body_errors, outer_errors);
        self.types.truncate_scope(scope);
        self.depth = depth;
        self.gt_ends = false;
        let first_body_error = body_errors.first().map(|e| e.msg.clone());
        let reason = match result {
            Ok(value) if body_errors.is_empty() => return Ok(value),
            Ok(_) => first_body_error.unwrap_or_default(),
            Err(e) => first_body_error.unwrap_or(e.msg),
        };
        self.warn_body_errors(body_errors);
        self.pos = start;
        self.skip_item();
        Err(Box::new(self.opaque_from(start, reason)))
    }

    fn warn_body_errors(&mut self, errors: Vec<PErr>) {
        for e in errors {
            self.diags
                .push(Diagnostic::warning(e.span, e.msg).with_note(
                    "the enclosing function is kept as written and cannot be differentiated",
                ));
        }
    }

    /// Builds the Opaque item for tokens `start..pos` and registers type names it declares.
    pub(crate) fn opaque_from(&mut self, start: usize, reason: String) -> Item {
        let end = self.pos.max(start);
        self.register_opaque_names(start, end);
        let span = self.span_from(start);
        Item::Opaque {
            text: self.text_of(start, end),
            span,
            reason,
        }
    }

    /// Source-like text of tokens `start..end`: spaces and newlines where the source had them.
    pub(crate) fn text_of(&self, start: usize, end: usize) -> String {
        let mut out = String::new();
        for (i, t) in self.toks[start.min(self.toks.len())..end.min(self.toks.len())]
            .iter()
            .enumerate()
        {
            if t.kind == TokenKind::Eof {
                break;
            }
            if i > 0 {
                if t.line_start {
                    out.push('\n');
                } else if t.leading_space {
                    out.push(' ');
                }
            }
            out.push_str(t.text);
        }
        out
    }

    /// Skips one item: up to a `;` at depth 0, or through the closing `}` of a body (plus
    /// an optional `;`). Aggregate bodies and brace initializers continue to the `;`. Stops
    /// before a `}` that would close an enclosing scope. Consumes at least one token.
    pub(crate) fn skip_item(&mut self) {
        let start = self.pos;
        if self.at("template") && self.nth_is(1, "<") {
            self.bump();
            self.skip_template_header();
        }
        let mut aggregate = false;
        let mut saw_paren = false;
        loop {
            let t = *self.peek();
            match t.kind {
                TokenKind::Eof => break,
                TokenKind::Directive if self.pos > start => break,
                TokenKind::Ident if matches!(t.text, "struct" | "class" | "union" | "enum") => {
                    aggregate = true;
                }
                _ => {}
            }
            if t.kind != TokenKind::Punct {
                self.bump();
                continue;
            }
            match t.text {
                ";" => {
                    self.bump();
                    break;
                }
                "}" => break,
                "(" | "[" => {
                    saw_paren |= t.text == "(";
                    self.skip_balanced();
                }
                "{" => {
                    let initializer = self.brace_is_initializer();
                    self.skip_balanced();
                    if !(initializer || aggregate && !saw_paren) {
                        self.eat(";");
                        break;
                    }
                }
                _ => {
                    self.bump();
                }
            }
        }
        if self.pos == start && !self.at_eof() && !self.at("}") {
            self.bump();
        }
    }

    /// At `{`: whether it opens an initializer (`= {`, `x{1}` in a member-init list).
    fn brace_is_initializer(&self) -> bool {
        if self.pos == 0 {
            return false;
        }
        let prev = self.tok_at(self.pos - 1);
        if prev.is("=") || prev.is(",") {
            return true;
        }
        if prev.is_ident() && self.pos >= 2 {
            let before = self.tok_at(self.pos - 2);
            return before.is(":") || before.is(",");
        }
        false
    }

    /// Consumes a bracketed group starting at the current `(`, `[` or `{`. A closer that
    /// skips unclosed inner openers closes them too (`( { }` ... `}`), so one missing `)`
    /// does not swallow the rest of the file.
    pub(crate) fn skip_balanced(&mut self) {
        let mut open: Vec<&str> = Vec::new();
        loop {
            let t = self.bump();
            if t.kind == TokenKind::Eof {
                return;
            }
            if t.kind == TokenKind::Punct {
                match t.text {
                    "(" => open.push(")"),
                    "[" => open.push("]"),
                    "{" => open.push("}"),
                    ")" | "]" | "}" => {
                        if let Some(at) = open.iter().rposition(|c| *c == t.text) {
                            open.truncate(at);
                        }
                    }
                    _ => {}
                }
            }
            if open.is_empty() {
                return;
            }
        }
    }

    /// After `template`: skips `<...>` (nested angles and parentheses balanced).
    fn skip_template_header(&mut self) {
        let mut angle = 0i32;
        loop {
            let t = *self.peek();
            if t.kind == TokenKind::Eof || t.is(";") || t.is("{") || t.is("}") {
                return;
            }
            if t.is("(") {
                self.skip_balanced();
                continue;
            }
            self.bump();
            if t.is("<") {
                angle += 1;
            } else if t.is(">") {
                angle -= 1;
                if angle <= 0 {
                    return;
                }
            }
        }
    }

    /// Type names an Opaque item declares: `class Foo`, `template <..> struct Foo`,
    /// `using X = ...`, `typedef ... X;` (including `typedef void (*X)(int);`).
    /// A function template kept as text registers its name as a template, so that
    /// `f<g>(x)` stays a call (not the comparisons `(f < g) > (x)`) and gets its error.
    fn register_opaque_names(&mut self, start: usize, end: usize) {
        let mut i = start;
        if self.tok_at(i).is("template") {
            i = self.skip_angles_from(i + 1, end);
            if let Some(name) = self.function_name_in(i, end) {
                self.templates.insert(name.to_string());
            }
        }
        let first = *self.tok_at(i);
        let name = if first.is("using") {
            let name = *self.tok_at(i + 1);
            (name.is_ident() && self.tok_at(i + 2).is("=")).then_some(name.text)
        } else if first.is("typedef") {
            self.typedef_name_in(i, end)
        } else {
            self.aggregate_name_in(i, end)
        };
        if let Some(name) = name.map(str::to_string) {
            if !super::lookahead::is_reserved(&name) {
                self.declare_type(&name);
            }
        }
    }

    /// The name a function declaration in `start..end` declares: the identifier before the
    /// first `(` outside parentheses that is no attribute (`__launch_bounds__(256)`).
    fn function_name_in(&self, start: usize, end: usize) -> Option<&str> {
        let mut depth = 0i32;
        for j in start..end {
            let t = self.tok_at(j);
            match t.text {
                "{" | ";" | "=" if depth == 0 => return None,
                "(" => depth += 1,
                ")" => depth -= 1,
                "struct" | "class" | "union" | "enum" | "using" | "typedef" if depth == 0 => {
                    return None
                }
                _ => {}
            }
            let attribute = matches!(
                t.text,
                "__launch_bounds__" | "__maxnreg__" | "__attribute__" | "__declspec" | "alignas"
            );
            if depth == 0
                && t.is_ident()
                && !attribute
                && !super::lookahead::is_reserved(t.text)
                && self.tok_at(j + 1).is("(")
            {
                return Some(t.text);
            }
        }
        None
    }

    fn skip_angles_from(&self, i: usize, end: usize) -> usize {
        let mut angle = 0i32;
        for j in i..end {
            let t = self.tok_at(j);
            if t.is("<") {
                angle += 1;
            } else if t.is(">") {
                angle -= 1;
                if angle <= 0 {
                    return j + 1;
                }
            }
        }
        end
    }

    fn typedef_name_in(&self, start: usize, end: usize) -> Option<&str> {
        let mut last = None;
        let mut depth = 0i32;
        for j in start..end {
            let t = self.tok_at(j);
            if t.is("(") && self.tok_at(j + 1).is("*") && self.tok_at(j + 2).is_ident() {
                return Some(self.tok_at(j + 2).text);
            }
            match t.text {
                "(" | "{" | "[" => depth += 1,
                ")" | "}" | "]" => depth -= 1,
                _ if depth == 0 && t.is_ident() => last = Some(t.text),
                _ => {}
            }
        }
        last
    }

    fn aggregate_name_in(&self, start: usize, end: usize) -> Option<&str> {
        let mut j = start;
        while j < end && !self.tok_at(j).is("{") && !self.tok_at(j).is("(") {
            let t = self.tok_at(j);
            if matches!(t.text, "struct" | "class" | "union" | "enum") && t.is_ident() {
                let mut k = j + 1;
                while self.tok_at(k).is("class") || self.tok_at(k).is("struct") {
                    k += 1;
                }
                if self.tok_at(k).is("__align__") || self.tok_at(k).is("alignas") {
                    k += 1;
                    while k < end && !self.tok_at(k).is(")") {
                        k += 1;
                    }
                    k += 1;
                }
                let name = self.tok_at(k);
                return name.is_ident().then_some(name.text);
            }
            j += 1;
        }
        None
    }
}
