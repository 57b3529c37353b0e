//! `check`: walks every body with a [`ScopeStack`] and reports identifiers that resolve
//! nowhere. It is deliberately tolerant: names that an unexpanded header, an opaque item, a
//! library namespace or a template instantiation could provide are never reported.

use crate::builtins::{self, KNOWN_HEADERS, TOLERATED_PREFIXES};
use crate::index::{normalize, strip_template_args};
use crate::{Program, ScopeStack};
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostics, Span};
use std::collections::HashSet;

/// Type-checks the translation unit (name resolution, expression types) for `cuad parse`.
pub fn check(tu: &TranslationUnit, diags: &mut Diagnostics) {
    let program = Program::new(tu);
    let env = Environment::scan(&program, tu);
    let mut checker = Checker {
        program: &program,
        env: &env,
        scopes: ScopeStack::new(),
        owners: Vec::new(),
        in_template: false,
        diags,
    };
    for item in &tu.items {
        checker.item(item);
    }
}

/// What the translation unit says about names declared outside the modelled AST.
struct Environment<'a> {
    /// Identifiers appearing in opaque items and `using` declarations.
    words: HashSet<&'a str>,
    /// An unexpanded non-standard header or a `using namespace` of a library namespace can
    /// declare anything: no undeclared-identifier errors at all.
    anything_goes: bool,
}

impl<'a> Environment<'a> {
    fn scan(program: &Program, tu: &'a TranslationUnit) -> Environment<'a> {
        let mut env = Environment {
            words: HashSet::new(),
            anything_goes: false,
        };
        env.scan_items(program, &tu.items);
        env
    }

    fn scan_items(&mut self, program: &Program, items: &'a [Item]) {
        for item in items {
            self.scan_item(program, item);
        }
    }

    fn scan_item(&mut self, program: &Program, item: &'a Item) {
        match item {
            Item::Opaque { text, .. } => self.add_words(text),
            Item::UsingDirective { text, .. } => {
                self.add_words(text);
                if let Some(ns) = using_namespace_target(text) {
                    self.anything_goes |= !program.is_namespace(ns);
                }
            }
            Item::Directive { text, .. } => self.anything_goes |= includes_unknown_header(text),
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
                self.scan_items(program, items)
            }
            Item::Struct(s) => {
                for member in s.members.iter().flatten() {
                    if let Member::Item(inner) = member {
                        self.scan_item(program, inner);
                    }
                }
            }
            _ => {}
        }
    }

    fn add_words(&mut self, text: &'a str) {
        let words = text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'));
        self.words.extend(words);
    }
}

/// `using namespace foo::bar;` -> `foo::bar`.
fn using_namespace_target(text: &str) -> Option<&str> {
    let rest = text
        .trim()
        .strip_prefix("using")?
        .trim_start()
        .strip_prefix("namespace")?;
    Some(rest.trim().trim_end_matches(';').trim())
}

/// `#include "x.h"` left unexpanded, or `#include <x>` of a header whose names we don't know.
fn includes_unknown_header(text: &str) -> bool {
    let Some(rest) = text.trim_start().strip_prefix('#') else {
        return false;
    };
    let Some(target) = rest.trim_start().strip_prefix("include") else {
        return false;
    };
    let target = target.trim();
    match target.strip_prefix('<').and_then(|t| t.split('>').next()) {
        Some(header) => !KNOWN_HEADERS.contains(&header.trim()),
        None => true,
    }
}

struct Checker<'p, 'a, 'd> {
    program: &'p Program<'a>,
    env: &'p Environment<'a>,
    scopes: ScopeStack,
    /// The struct whose method is being checked, then its bases (for method names).
    owners: Vec<String>,
    /// Inside a template: calls with dependent arguments may find functions by ADL later.
    in_template: bool,
    diags: &'d mut Diagnostics,
}

impl<'p, 'a, 'd> Checker<'p, 'a, 'd> {
    // ------------------------------------------------------------ items

    fn item(&mut self, item: &Item) {
        match item {
            Item::Function(f) => self.function(f, None),
            Item::Struct(s) => self.struct_def(s),
            Item::Global(d) => self.initializers(d),
            Item::Enum(e) => e
                .variants
                .iter()
                .filter_map(|(_, v)| v.as_ref())
                .for_each(|v| self.expr(v)),
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
                items.iter().for_each(|i| self.item(i))
            }
            _ => {}
        }
    }

    fn struct_def(&mut self, s: &StructDef) {
        let Some(members) = &s.members else { return };
        let saved = self.scopes.depth();
        self.scopes.push();
        let was_template = self.in_template;
        self.in_template |= s.template.is_some();
        self.declare_template_params(s.template.as_deref());
        for member in members {
            match member {
                Member::Method(m) => self.function(m, Some(s)),
                Member::Field(d) => self.field_initializers(s, d),
                Member::Item(inner) => self.item(inner),
                Member::Access(_) => {}
            }
        }
        self.in_template = was_template;
        self.scopes.truncate(saved);
    }

    /// Default member initializers see the other fields.
    fn field_initializers(&mut self, s: &StructDef, d: &DeclStmt) {
        if d.vars.iter().all(|v| v.init.is_none()) {
            return;
        }
        self.scopes.push();
        self.declare_fields(s);
        self.decl(d);
        self.scopes.pop();
    }

    fn function(&mut self, f: &Function, owner: Option<&StructDef>) {
        let owner_name = match owner {
            Some(s) => s.name.clone(),
            None => f
                .name
                .rsplit_once("::")
                .map(|(o, _)| strip_template_args(normalize(o))),
        };
        let owner = owner.or_else(|| {
            owner_name
                .as_deref()
                .and_then(|n| self.program.struct_def(n))
        });
        let saved_owners = std::mem::take(&mut self.owners);
        let was_template = self.in_template;
        self.in_template |= f.template.is_some();
        let depth = self.scopes.depth();
        self.scopes.push();
        if let (Some(s), Some(name)) = (owner, &owner_name) {
            self.enter_struct(s, name);
        }
        self.declare_template_params(f.template.as_deref());
        for p in &f.params {
            self.ty_exprs(&p.ty);
            if let Some(default) = &p.default {
                self.expr(default);
            }
            if let Some(name) = &p.name {
                self.scopes.declare(name, p.ty.clone());
            }
        }
        for (_, args) in &f.ctor_inits {
            args.iter().for_each(|a| self.expr(a));
        }
        if let Some(body) = &f.body {
            self.block(body);
        }
        self.scopes.truncate(depth);
        self.in_template = was_template;
        self.owners = saved_owners;
    }

    /// Method bodies see the fields, `this`, the struct's template parameters and methods.
    fn enter_struct(&mut self, s: &StructDef, name: &str) {
        self.in_template |= s.template.is_some();
        self.declare_template_params(s.template.as_deref());
        self.declare_fields(s);
        self.scopes.declare("this", Ty::pointer_to(Ty::named(name)));
        self.owners = self.struct_chain(s, name);
    }

    /// The struct and its base classes (transitively), by name.
    fn struct_chain(&self, s: &StructDef, name: &str) -> Vec<String> {
        let mut chain = vec![name.to_string()];
        let mut i = 0;
        while i < chain.len() {
            let def = if i == 0 {
                Some(s)
            } else {
                self.program.struct_def(&chain[i])
            };
            for base in def
                .map(|d| self.program.index.base_names(d))
                .unwrap_or_default()
            {
                if !chain.contains(&base) {
                    chain.push(base);
                }
            }
            i += 1;
        }
        chain
    }

    /// Fields of the struct and its bases (base fields first, so the struct's own shadow them).
    fn declare_fields(&mut self, s: &StructDef) {
        let mut fields = Vec::new();
        self.program.index.collect_fields(s, true, 0, &mut fields);
        for (name, ty) in fields {
            self.scopes.declare(&name, ty);
        }
    }

    fn declare_template_params(&mut self, params: Option<&[TemplateParam]>) {
        for p in params.into_iter().flatten() {
            let ty = match &p.kind {
                TemplateParamKind::Type { .. } | TemplateParamKind::TypePack => Ty::named(&p.name),
                TemplateParamKind::Value { ty, .. } => ty.clone(),
            };
            self.scopes.declare(&p.name, ty);
        }
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, stmts: &[Stmt]) {
        self.scopes.push();
        stmts.iter().for_each(|s| self.stmt(s));
        self.scopes.pop();
    }

    /// A sub-statement is its own scope even without braces.
    fn scoped(&mut self, s: &Stmt) {
        self.scopes.push();
        self.stmt(s);
        self.scopes.pop();
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Decl(d) => self.decl(d),
            // The names are not in scope in the initializer.
            StmtKind::Bindings(b) => {
                self.expr(&b.init);
                for name in &b.names {
                    self.scopes.declare(name, Ty::new(TyKind::Auto));
                }
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::If { cond, then, els } => {
                self.expr(cond);
                self.scoped(then);
                if let Some(e) = els {
                    self.scoped(e);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.scopes.push();
                if let Some(i) = init {
                    self.stmt(i);
                }
                cond.iter().chain(step).for_each(|e| self.expr(e));
                self.scoped(body);
                self.scopes.pop();
            }
            StmtKind::While { cond, body } => {
                self.expr(cond);
                self.scoped(body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.scoped(body);
                self.expr(cond);
            }
            StmtKind::Switch { cond, cases } => {
                self.expr(cond);
                self.scopes.push();
                for case in cases {
                    if let Some(label) = &case.label {
                        self.expr(label);
                    }
                    case.body.iter().for_each(|s| self.stmt(s));
                }
                self.scopes.pop();
            }
            StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::Return(None)
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Pragma(_)
            | StmtKind::Using(_)
            | StmtKind::Empty => {}
        }
    }

    /// A name is in scope in its own initializer, as in C++.
    fn decl(&mut self, d: &DeclStmt) {
        for v in &d.vars {
            self.scopes.declare(&v.name, v.ty.clone());
            self.var_exprs(v);
        }
    }

    /// Globals are found through the program index: only their expressions are checked.
    fn initializers(&mut self, d: &DeclStmt) {
        d.vars.iter().for_each(|v| self.var_exprs(v));
    }

    fn var_exprs(&mut self, v: &VarDecl) {
        self.ty_exprs(&v.ty);
        match &v.init {
            Some(Init::Assign(e)) => self.expr(e),
            Some(Init::Brace(es) | Init::Paren(es)) => es.iter().for_each(|e| self.expr(e)),
            None => {}
        }
    }

    /// Expressions inside a type: array bounds and template arguments.
    fn ty_exprs(&mut self, ty: &Ty) {
        match &ty.kind {
            TyKind::Array { elem, len } => {
                if let Some(len) = len {
                    self.expr(len);
                }
                self.ty_exprs(elem);
            }
            TyKind::Pointer { pointee: t, .. } | TyKind::LRef(t) | TyKind::RRef(t) => {
                self.ty_exprs(t)
            }
            TyKind::Named { args, .. } => self.template_args(args),
            _ => {}
        }
    }

    fn template_args(&mut self, args: &[TemplateArg]) {
        for a in args {
            match a {
                TemplateArg::Type(t) => self.ty_exprs(t),
                TemplateArg::Expr(e) => self.expr(e),
            }
        }
    }

    // ------------------------------------------------------------ expressions

    fn expr(&mut self, e: &Expr) {
        // Long operator chains (`a + b + c + ...`) are left-deep trees: walk their left spine
        // in a loop, not by recursion, so thousands of terms cannot overflow the stack.
        let mut rights = Vec::new();
        let mut leftmost = e;
        while let ExprKind::Binary(_, l, r) = &leftmost.kind {
            rights.push(r.as_ref());
            leftmost = l;
        }
        self.expr_node(leftmost);
        for r in rights.into_iter().rev() {
            self.expr(r);
        }
    }

    fn expr_node(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Ident(name) => self.ident(name, e.span),
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StrLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Nullptr => {}
            ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::SizeofExpr(x) => self.expr(x),
            ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) | ExprKind::Index(l, r) => {
                self.expr(l);
                self.expr(r);
            }
            ExprKind::Cond(c, a, b) => [c, a, b].into_iter().for_each(|x| self.expr(x)),
            ExprKind::Cast { ty, expr, .. } => {
                self.ty_exprs(ty);
                self.expr(expr);
            }
            ExprKind::SizeofType(ty) => self.ty_exprs(ty),
            ExprKind::Call {
                callee,
                template_args,
                args,
            } => {
                self.callee(callee, args);
                self.template_args(template_args);
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Launch {
                kernel,
                template_args,
                config,
                args,
            } => {
                self.callee(kernel, args);
                self.template_args(template_args);
                config.iter().chain(args).for_each(|a| self.expr(a));
            }
            ExprKind::Member { base, .. } => self.expr(base),
            ExprKind::InitList(items) => items.iter().for_each(|x| self.expr(x)),
            ExprKind::PackExpansion(x) => self.expr(x),
            ExprKind::Fold { lhs, rhs, .. } => {
                lhs.iter().chain(rhs.iter()).for_each(|x| self.expr(x))
            }
            ExprKind::SizeofPack(_) => {}
            ExprKind::Lambda(l) => {
                self.scopes.push();
                for p in &l.params {
                    if let Some(name) = &p.name {
                        self.scopes.declare(name, p.ty.clone());
                    }
                }
                self.block(&l.body);
                self.scopes.pop();
            }
        }
    }

    /// Inside templates an unknown function called with arguments may be found by
    /// argument-dependent lookup at instantiation: not an error.
    fn callee(&mut self, callee: &Expr, args: &[Expr]) {
        if let ExprKind::Ident(name) = &callee.strip_parens().kind {
            if self.in_template && !args.is_empty() && !self.resolves(name) {
                return;
            }
        }
        self.expr(callee);
    }

    fn ident(&mut self, name: &str, span: Span) {
        if self.env.anything_goes || self.resolves(name) {
            return;
        }
        self.diags
            .error(span, format!("use of undeclared identifier `{name}`"));
    }

    fn resolves(&self, name: &str) -> bool {
        if self.scopes.contains(name) {
            return true; // the common case: a local
        }
        let bare = normalize(name);
        if bare.contains("::") || bare.contains('<') {
            return true; // qualified names: library namespaces, static members, templates
        }
        (!name.starts_with("::") && self.scopes.contains(bare))
            || self.declared_in_program(bare)
            || builtins::variable(bare).is_some()
            || builtins::function(bare).is_some()
            || self.env.words.contains(bare)
            || TOLERATED_PREFIXES.iter().any(|p| bare.starts_with(p))
            || matches!(bare, "this" | "true" | "false" | "nullptr")
    }

    fn declared_in_program(&self, name: &str) -> bool {
        let p = self.program;
        let index = &p.index;
        index.globals.contains_key(name)
            || index.enumerators.contains_key(name)
            || index.functions.contains_key(name)
            || p.is_type_name(name)
            || p.is_namespace(name)
            || self
                .owners
                .iter()
                .any(|o| !p.functions(&format!("{o}::{name}")).is_empty())
    }
}
