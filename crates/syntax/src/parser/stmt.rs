//! Statements. Errors inside a function body are collected in `body_errors` and parsing
//! resumes at the next statement, so one pass reports every problem of a body.

use super::lookahead::is_reserved;
use super::ty::SpecCtx;
use super::{PResult, Parser};
use crate::ast::{
    BinOp, BindingDecl, DeclSpecs, DeclStmt, Expr, ExprKind, Init, IntKind, Stmt, StmtKind,
    SwitchCase, Ty, TyKind, UnOp, VarDecl,
};
use crate::token::TokenKind;

impl Parser<'_, '_> {
    /// At `{`: a function body. Never fails; problems land in `body_errors`.
    pub(crate) fn parse_fn_body(&mut self) -> Vec<Stmt> {
        match self.parse_block() {
            Ok(stmts) => stmts,
            Err(e) => {
                self.body_errors.push(e);
                Vec::new()
            }
        }
    }

    /// At `{`: statements up to the matching `}`.
    pub(crate) fn parse_block(&mut self) -> PResult<Vec<Stmt>> {
        let aliases = self.ns_aliases.len();
        let block = self.parse_block_inner();
        self.ns_aliases.truncate(aliases);
        block
    }

    fn parse_block_inner(&mut self) -> PResult<Vec<Stmt>> {
        self.expect("{", "to open block")?;
        let mut stmts = Vec::new();
        loop {
            if self.eat("}") {
                return Ok(stmts);
            }
            if self.at_eof() {
                return self.err_here("expected `}` to close block");
            }
            if let Some(stmt) = self.parse_stmt_recovering() {
                stmts.push(stmt);
            }
        }
    }

    /// One statement; on error records it and skips to the next statement.
    fn parse_stmt_recovering(&mut self) -> Option<Stmt> {
        let start = self.pos;
        match self.parse_stmt() {
            Ok(stmt) => Some(stmt),
            Err(e) => {
                self.body_errors.push(e);
                self.gt_ends = false;
                self.sync_to_next_stmt(start);
                None
            }
        }
    }

    /// Skips past the next `;` (or balanced `{...}`) at the current nesting, stopping before
    /// a `}` that closes the enclosing block. Always makes progress.
    fn sync_to_next_stmt(&mut self, start: usize) {
        let mut depth = 0usize;
        loop {
            let t = *self.peek();
            if t.kind == TokenKind::Eof {
                break;
            }
            if t.kind == TokenKind::Punct {
                match t.text {
                    ";" if depth == 0 => {
                        self.bump();
                        break;
                    }
                    "}" if depth == 0 => break,
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            self.bump();
                            break;
                        }
                    }
                    _ => {}
                }
            }
            self.bump();
        }
        if self.pos == start && !self.at_eof() {
            self.bump();
        }
    }

    pub(crate) fn parse_stmt(&mut self) -> PResult<Stmt> {
        self.nested(|p| {
            let start = p.pos;
            let kind = p.parse_stmt_kind()?;
            Ok(Stmt::new(kind, p.span_from(start)))
        })
    }

    /// The body of a branch or loop. A `#pragma` line there (`for (...) #pragma unroll for
    /// (...) ...`) is no statement of its own: it belongs to the statement after it, and the
    /// body is both, as a block.
    fn parse_sub_stmt(&mut self) -> PResult<Stmt> {
        if self.peek().kind != TokenKind::Directive {
            return self.parse_stmt();
        }
        let start = self.pos;
        let mut stmts = Vec::new();
        while self.peek().kind == TokenKind::Directive {
            stmts.push(self.parse_stmt()?);
        }
        stmts.push(self.parse_sub_stmt()?);
        Ok(Stmt::new(StmtKind::Block(stmts), self.span_from(start)))
    }

    fn parse_stmt_kind(&mut self) -> PResult<StmtKind> {
        self.skip_attributes()?;
        let t = *self.peek();
        match t.kind {
            TokenKind::Directive => {
                self.bump();
                return Ok(StmtKind::Pragma(t.text.to_string()));
            }
            TokenKind::Ident | TokenKind::Punct => {}
            _ => return self.parse_expr_stmt(),
        }
        match t.text {
            "{" => Ok(StmtKind::Block(self.parse_block()?)),
            ";" => {
                self.bump();
                Ok(StmtKind::Empty)
            }
            "if" => self.parse_if(),
            "for" => self.parse_for(),
            "while" => self.parse_while(),
            "do" => self.parse_do_while(),
            "switch" => self.parse_switch(),
            "break" | "continue" => {
                self.bump();
                self.expect(";", &format!("after `{}`", t.text))?;
                Ok(if t.text == "break" {
                    StmtKind::Break
                } else {
                    StmtKind::Continue
                })
            }
            "return" => self.parse_return(),
            "case" | "default" => {
                self.err_here(format!("`{}` label outside of a `switch`", t.text))
            }
            "goto" => self.unsupported("`goto` is"),
            "try" | "catch" => self.unsupported("exceptions (`try`/`catch`) are"),
            "throw" => self.unsupported("exceptions (`throw`) are"),
            "asm" | "__asm__" | "__asm" => self.unsupported("inline assembly is"),
            "static_assert" => self.skip_static_assert(),
            "using" => self.parse_local_using(),
            // `namespace m = a::b;`: names after it are read through the alias (no statement).
            "namespace" if self.nth(1).is_ident() && self.nth_is(2, "=") => {
                let start = self.pos;
                self.bump();
                self.bump();
                self.record_ns_alias(start)?;
                Ok(StmtKind::Empty)
            }
            _ if t.is_ident() && self.nth_is(1, ":") && !is_reserved(t.text) => {
                self.unsupported("labels are")
            }
            _ if self.at_structured_binding() => self.parse_structured_binding(),
            _ if self.is_decl_start() => Ok(StmtKind::Decl(self.parse_decl_stmt()?)),
            _ => self.parse_expr_stmt(),
        }
    }

    /// Does a structured binding declaration start here: `[const] auto [&|&&] [`?
    /// Other specifiers before `auto` are read too (and rejected by the parse).
    fn at_structured_binding(&self) -> bool {
        let mut i = 0;
        while matches!(
            self.nth(i).text,
            "const" | "volatile" | "static" | "constexpr" | "thread_local" | "register" | "inline"
        ) && self.nth(i).is_ident()
        {
            i += 1;
        }
        if !self.nth_is(i, "auto") {
            return false;
        }
        i += 1;
        while self.nth_is(i, "const") || self.nth_is(i, "volatile") {
            i += 1;
        }
        if self.nth_is(i, "&") || self.nth_is(i, "&&") {
            i += 1;
        }
        self.nth_is(i, "[") && !self.nth_is(i + 1, "[")
    }

    /// After `auto`: `[&|&&] [a, b, ...]`, the hidden object's type and the names.
    fn parse_binding_names(&mut self, base: Ty) -> PResult<(Ty, Vec<String>)> {
        let ty = if self.eat("&") {
            Ty::new(TyKind::LRef(Box::new(base)))
        } else if self.eat("&&") {
            Ty::new(TyKind::RRef(Box::new(base)))
        } else {
            base
        };
        self.expect("[", "to open the names of a structured binding")?;
        let mut names = Vec::new();
        loop {
            let (name, _) = self.expect_ident("in a structured binding")?;
            names.push(name);
            if self.eat("]") {
                return Ok((ty, names));
            }
            self.expect(",", "or `]` after a structured binding name")?;
        }
    }

    /// `[const] auto [&|&&] [a, b, ...] = e;` (also `{e}` / `(e)`), the cursor at its start.
    fn parse_structured_binding(&mut self) -> PResult<StmtKind> {
        let start = self.pos;
        let specs = self.parse_specs(SpecCtx::Stmt)?;
        if specs.decl != DeclSpecs::default() {
            return Err(super::PErr {
                span: self.span_from(start),
                msg: "structured bindings with storage specifiers (`static`, `constexpr`, ...) are not supported by cuad".into(),
            });
        }
        let Some(base) = specs.ty else {
            return self.err_here("expected `auto` in a structured binding declaration");
        };
        let (ty, names) = self.parse_binding_names(base)?;
        let init = if self.eat("=") {
            self.parse_assign()?
        } else if self.at("{") || self.at("(") {
            let close = if self.at("{") { "}" } else { ")" };
            self.bump();
            let e = self.parse_assign()?;
            self.expect(close, "after the initializer of a structured binding")?;
            e
        } else {
            return self
                .err_here("expected `=`, `{` or `(` after the names of a structured binding");
        };
        self.expect(";", "after a structured binding declaration")?;
        Ok(StmtKind::Bindings(BindingDecl {
            ty,
            names,
            init,
            span: self.span_from(start),
        }))
    }

    fn parse_expr_stmt(&mut self) -> PResult<StmtKind> {
        let expr = self.parse_expr()?;
        self.expect(";", "after expression")?;
        Ok(StmtKind::Expr(expr))
    }

    /// `if (c) s [else s]`; `if constexpr` is an ordinary `if` in the AST: template
    /// instantiation folds its condition once it is a constant (`instantiate.rs`).
    fn parse_if(&mut self) -> PResult<StmtKind> {
        let start = self.pos;
        self.bump();
        self.eat("constexpr");
        let (init, cond) = self.parse_paren_cond_with_init("if")?;
        let then = Box::new(self.parse_sub_stmt()?);
        let els = if self.eat("else") {
            Some(Box::new(self.parse_sub_stmt()?))
        } else {
            None
        };
        Ok(self.scoped(init, StmtKind::If { cond, then, els }, start))
    }

    /// `kind` after the statements of its `init`: one block, the scope C++ gives the names
    /// declared in an `if`/`switch` head.
    fn scoped(&self, init: Vec<Stmt>, kind: StmtKind, start: usize) -> StmtKind {
        if init.is_empty() {
            return kind;
        }
        let mut block = init;
        block.push(Stmt::new(kind, self.span_from(start)));
        StmtKind::Block(block)
    }

    /// `( [init-statement] condition )` after `if`/`switch`: C++17's init-statement
    /// (`if (double z = f(x); z > 0)`) and a declaration as the condition (`if (int n = f())`,
    /// tested as `n`) come back as statements that run first.
    fn parse_paren_cond_with_init(&mut self, keyword: &str) -> PResult<(Vec<Stmt>, Expr)> {
        self.expect("(", &format!("after `{keyword}`"))?;
        let start = self.pos;
        let (init, declared) = if self.is_decl_start() {
            let specs = self.parse_specs(SpecCtx::Stmt)?;
            let Some(base) = specs.ty else {
                return self.err_here("expected a type in declaration");
            };
            let first = self.parse_declarator(base.clone(), true)?;
            let mut vars = vec![self.finish_declarator(first)?];
            let condition = self.at(")");
            while !condition && self.eat(",") {
                let next = self.parse_declarator(base.clone(), true)?;
                vars.push(self.finish_declarator(next)?);
            }
            if !condition {
                self.expect(";", "after the declaration in a condition")?;
            }
            for v in &vars {
                self.types.declare_variable(&v.name);
            }
            let declared =
                condition.then(|| Expr::new(ExprKind::Ident(vars[0].name.clone()), vars[0].span));
            let decl = DeclStmt {
                specs: specs.decl,
                vars,
                span: self.span_from(start),
            };
            let init = Stmt::new(StmtKind::Decl(decl), self.span_from(start));
            (vec![init], declared)
        } else {
            let e = self.parse_expr()?;
            if !self.eat(";") {
                self.expect(")", &format!("after `{keyword}` condition"))?;
                return Ok((vec![], e));
            }
            let init = Stmt::new(StmtKind::Expr(e), self.span_from(start));
            (vec![init], None)
        };
        let cond = match declared {
            Some(name) => name,
            None => self.parse_expr()?,
        };
        self.expect(")", &format!("after `{keyword}` condition"))?;
        Ok((init, cond))
    }

    /// `( expr )` after `if`/`while`/`switch`; declarations there are not modelled.
    fn parse_paren_cond(&mut self, keyword: &str) -> PResult<crate::ast::Expr> {
        self.expect("(", &format!("after `{keyword}`"))?;
        if self.is_decl_start() {
            return self.unsupported("declarations in conditions are");
        }
        let cond = self.parse_expr()?;
        self.expect(")", &format!("after `{keyword}` condition"))?;
        Ok(cond)
    }

    /// `for (init; cond; step) body` where init is a declaration or an expression.
    fn parse_for(&mut self) -> PResult<StmtKind> {
        let for_pos = self.pos;
        self.bump();
        self.expect("(", "after `for`")?;
        if self.is_decl_start() {
            if let Some(kind) = self.try_range_for(for_pos)? {
                return Ok(kind);
            }
        }
        let init = if self.eat(";") {
            None
        } else {
            let start = self.pos;
            let kind = if self.is_decl_start() {
                StmtKind::Decl(self.parse_decl_stmt()?)
            } else {
                self.parse_expr_stmt()?
            };
            Some(Box::new(Stmt::new(kind, self.span_from(start))))
        };
        let cond = if self.at(";") {
            None
        } else {
            Some(self.parse_expr()?)
        };
        self.expect(";", "after `for` condition")?;
        let step = if self.at(")") {
            None
        } else {
            Some(self.parse_expr()?)
        };
        self.expect(")", "after `for` clauses")?;
        let body = Box::new(self.parse_sub_stmt()?);
        Ok(StmtKind::For {
            init,
            cond,
            step,
            body,
        })
    }

    /// `for (T& e : range) body` (the cursor after `(`), as the counted loop
    /// `for (int _cuad_rfN = 0; _cuad_rfN < __cuad_extent(range); ++_cuad_rfN) { T& e =
    /// (range)[_cuad_rfN]; body }`; normalize replaces `__cuad_extent` by the length of a
    /// fixed-size array (other ranges are reported there). `None`, cursor unmoved, when the
    /// declaration is not followed by `:`.
    fn try_range_for(&mut self, for_pos: usize) -> PResult<Option<StmtKind>> {
        let start = self.pos;
        let specs = self.parse_specs(SpecCtx::Stmt)?;
        let Some(base) = specs.ty else {
            self.pos = start;
            return Ok(None);
        };
        // `for (auto [k, v] : range)`: the element is a structured binding.
        let binding = matches!(base.kind, TyKind::Auto)
            && specs.decl == DeclSpecs::default()
            && (self.at("[") || ((self.at("&") || self.at("&&")) && self.nth_is(1, "[")));
        let (decl, binding) = if binding {
            let (ty, names) = self.parse_binding_names(base)?;
            let placeholder = super::ty::Declarator {
                name: String::new(),
                ty: ty.clone(),
                span: self.span_from(start),
            };
            (placeholder, Some((ty, names)))
        } else {
            (self.parse_declarator(base, true)?, None)
        };
        if !self.eat(":") {
            self.pos = start;
            return Ok(None);
        }
        let range = self.parse_expr()?;
        self.expect(")", "after the range of a range-based `for`")?;
        let body = self.parse_sub_stmt()?;
        let span = self.span_from(start);
        let range_span = range.span;
        let at = |kind: ExprKind| Expr::new(kind, range_span);
        let counter = format!("_cuad_rf{for_pos}");
        let int = Ty::new(TyKind::Int {
            kind: IntKind::Int,
            signed: Some(true),
        });
        let element = at(ExprKind::Index(
            Box::new(at(ExprKind::Paren(Box::new(range.clone())))),
            Box::new(at(ExprKind::Ident(counter.clone()))),
        ));
        let element_decl = match binding {
            Some((ty, names)) => Stmt::new(
                StmtKind::Bindings(BindingDecl {
                    ty,
                    names,
                    init: element,
                    span: decl.span,
                }),
                decl.span,
            ),
            None => Stmt::new(
                StmtKind::Decl(DeclStmt {
                    specs: specs.decl,
                    vars: vec![VarDecl {
                        name: decl.name,
                        ty: decl.ty,
                        init: Some(Init::Assign(element)),
                        span: decl.span,
                    }],
                    span,
                }),
                span,
            ),
        };
        let init = Stmt::new(
            StmtKind::Decl(DeclStmt {
                specs: DeclSpecs::default(),
                vars: vec![VarDecl {
                    name: counter.clone(),
                    ty: int,
                    init: Some(Init::Assign(at(ExprKind::IntLit("0".into())))),
                    span,
                }],
                span,
            }),
            span,
        );
        let extent = at(ExprKind::Call {
            callee: Box::new(at(ExprKind::Ident("__cuad_extent".into()))),
            template_args: vec![],
            args: vec![range],
        });
        let body_span = body.span;
        Ok(Some(StmtKind::For {
            init: Some(Box::new(init)),
            cond: Some(at(ExprKind::Binary(
                BinOp::Lt,
                Box::new(at(ExprKind::Ident(counter.clone()))),
                Box::new(extent),
            ))),
            step: Some(at(ExprKind::Unary(
                UnOp::PreInc,
                Box::new(at(ExprKind::Ident(counter))),
            ))),
            body: Box::new(Stmt::new(
                StmtKind::Block(vec![element_decl, body]),
                body_span,
            )),
        }))
    }

    fn parse_while(&mut self) -> PResult<StmtKind> {
        self.bump();
        let cond = self.parse_paren_cond("while")?;
        let body = Box::new(self.parse_sub_stmt()?);
        Ok(StmtKind::While { cond, body })
    }

    fn parse_do_while(&mut self) -> PResult<StmtKind> {
        self.bump();
        let body = Box::new(self.parse_sub_stmt()?);
        self.expect("while", "after `do` body")?;
        let cond = self.parse_paren_cond("while")?;
        self.expect(";", "after `do`-`while`")?;
        Ok(StmtKind::DoWhile { body, cond })
    }

    /// `switch (c) { case A: ... default: ... }` as a list of labelled statement runs.
    fn parse_switch(&mut self) -> PResult<StmtKind> {
        let start = self.pos;
        self.bump();
        let (init, cond) = self.parse_paren_cond_with_init("switch")?;
        self.expect("{", "to open `switch` body")?;
        let mut cases: Vec<SwitchCase> = Vec::new();
        loop {
            if self.eat("}") {
                return Ok(self.scoped(init, StmtKind::Switch { cond, cases }, start));
            }
            if self.at_eof() {
                return self.err_here("expected `}` to close `switch` body");
            }
            if self.at("case") || self.at("default") {
                cases.push(self.parse_case_label()?);
                continue;
            }
            let Some(case) = cases.last_mut() else {
                return self.err_here("expected `case` or `default` in `switch` body");
            };
            if let Some(stmt) = self.parse_stmt_recovering() {
                case.span = case.span.to(stmt.span);
                case.body.push(stmt);
            }
        }
    }

    fn parse_case_label(&mut self) -> PResult<SwitchCase> {
        let start = self.pos;
        let label = if self.bump().text == "case" {
            Some(self.parse_assign()?)
        } else {
            None
        };
        self.expect(":", "after `case` label")?;
        Ok(SwitchCase {
            label,
            body: Vec::new(),
            span: self.span_from(start),
        })
    }

    fn parse_return(&mut self) -> PResult<StmtKind> {
        self.bump();
        if self.eat(";") {
            return Ok(StmtKind::Return(None));
        }
        let value = self.parse_expr()?;
        self.expect(";", "after `return` value")?;
        Ok(StmtKind::Return(Some(value)))
    }

    /// `static_assert(...)` has no run-time effect (and the output keeps the original
    /// source), so it is dropped from the AST.
    pub(crate) fn skip_static_assert(&mut self) -> PResult<StmtKind> {
        self.bump();
        if !self.at("(") {
            return self.err_here("expected `(` after `static_assert`");
        }
        self.skip_balanced();
        self.expect(";", "after `static_assert`")?;
        Ok(StmtKind::Empty)
    }

    /// `using X = T;` in a body is a typedef; `using namespace ...;` is kept as text.
    fn parse_local_using(&mut self) -> PResult<StmtKind> {
        let start = self.pos;
        match self.parse_using()? {
            crate::ast::Item::Using {
                name,
                ty,
                span,
                template: None,
            } => {
                let specs = DeclSpecs {
                    is_typedef: true,
                    ..DeclSpecs::default()
                };
                let var = VarDecl {
                    name,
                    ty,
                    init: None,
                    span,
                };
                Ok(StmtKind::Decl(DeclStmt {
                    specs,
                    vars: vec![var],
                    span: self.span_from(start),
                }))
            }
            crate::ast::Item::UsingDirective { text, .. } => Ok(StmtKind::Using(text)),
            _ => Ok(StmtKind::Empty),
        }
    }

    /// A declaration statement including its `;`.
    pub(crate) fn parse_decl_stmt(&mut self) -> PResult<DeclStmt> {
        let start = self.pos;
        let specs = self.parse_specs(SpecCtx::Stmt)?;
        let Some(base) = specs.ty else {
            return self.err_here("expected a type in declaration");
        };
        let first = self.parse_declarator(base.clone(), true)?;
        if self.at(":") {
            return self.unsupported("range-based `for` loops are");
        }
        self.finish_var_decl_from(specs.decl, &base, first, start)
    }

    /// `= expr`, `= {..}`, `{..}` or `(..)` after a declarator.
    pub(crate) fn parse_initializer(&mut self) -> PResult<Option<Init>> {
        if self.eat("=") {
            return Ok(Some(Init::Assign(self.parse_assign()?)));
        }
        if self.at("{") {
            return Ok(Some(Init::Brace(self.parse_brace_items()?)));
        }
        if self.at("(") {
            return Ok(Some(Init::Paren(self.parse_call_args()?)));
        }
        Ok(None)
    }
}
