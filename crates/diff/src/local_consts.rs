//! Template arguments that name a function's local constants (`const int B = 32;
//! k<B><<<g, B>>>(...)`) become what those constants stand for (`k<32>`): the derivative a
//! call or launch requests is an explicit specialization at namespace scope, where the local
//! `B` does not exist. A local that is not a compile-time constant there is a located error.

use std::collections::HashMap;

use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::source::Diagnostic;

use crate::builder::paren;

/// What a local name stands for in a template argument: its constant initializer (with the
/// constants it names already substituted), or `None` for a variable.
type Scope = HashMap<String, Option<Expr>>;

/// Rewrites the template arguments of `body`'s calls and launches (see the module comment).
pub(crate) fn fold(
    prog: &Program,
    params: &[Param],
    body: &mut [Stmt],
) -> Result<(), Vec<Diagnostic>> {
    let top: Scope = params
        .iter()
        .filter_map(|p| Some((p.name.clone()?, None)))
        .collect();
    let mut f = Folder {
        prog,
        scopes: vec![top],
        errors: vec![],
    };
    f.block(body);
    if f.errors.is_empty() {
        Ok(())
    } else {
        Err(f.errors)
    }
}

struct Folder<'p, 'a> {
    prog: &'p Program<'a>,
    scopes: Vec<Scope>,
    errors: Vec<Diagnostic>,
}

impl Folder<'_, '_> {
    fn block(&mut self, stmts: &mut [Stmt]) {
        self.scopes.push(Scope::new());
        stmts.iter_mut().for_each(|s| self.stmt(s));
        self.scopes.pop();
    }

    /// A nested statement has a scope of its own (`if (c) { const int B = 2; ... }`).
    fn nested(&mut self, s: &mut Stmt) {
        self.block(std::slice::from_mut(s));
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Block(b) => self.block(b),
            StmtKind::Decl(d) => self.decl(d),
            StmtKind::If { cond, then, els } => {
                self.expr(cond);
                self.nested(then);
                if let Some(e) = els {
                    self.nested(e);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.scopes.push(Scope::new());
                if let Some(i) = init {
                    self.stmt(i);
                }
                cond.iter_mut()
                    .chain(step.iter_mut())
                    .for_each(|e| self.expr(e));
                self.nested(body);
                self.scopes.pop();
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.expr(cond);
                self.nested(body);
            }
            StmtKind::Switch { cond, cases } => {
                self.expr(cond);
                for c in cases {
                    self.block(&mut c.body);
                }
            }
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::Bindings(b) => {
                self.expr(&mut b.init);
                for n in &b.names {
                    self.declare(n, None);
                }
            }
            _ => {}
        }
    }

    /// Declares each variable of `d` after folding its initializer; integer constants with an
    /// initializer stand for it.
    fn decl(&mut self, d: &mut DeclStmt) {
        for v in &mut d.vars {
            match &mut v.init {
                Some(Init::Assign(e)) => self.expr(e),
                Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                    es.iter_mut().for_each(|e| self.expr(e))
                }
                None => {}
            }
            if d.specs.is_typedef {
                continue;
            }
            let constant = d.specs.is_constexpr || v.ty.is_const;
            let integer = matches!(
                self.prog.canonical(&v.ty).kind,
                TyKind::Int { .. } | TyKind::Bool
            );
            let init = match &v.init {
                Some(Init::Assign(e)) => Some(e),
                Some(Init::Brace(es)) | Some(Init::Paren(es)) if es.len() == 1 => Some(&es[0]),
                _ => None,
            };
            let value = init
                .filter(|_| constant && integer)
                .map(|e| self.substitute(e));
            self.declare(&v.name, value);
        }
    }

    fn declare(&mut self, name: &str, value: Option<Expr>) {
        if let Some(top) = self.scopes.last_mut() {
            top.insert(name.to_string(), value);
        }
    }

    fn lookup(&self, name: &str) -> Option<&Option<Expr>> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    /// Folds the template arguments of every call and launch in `e`.
    fn expr(&mut self, e: &mut Expr) {
        crate::methods::map_expr(e, &mut |x| match &mut x.kind {
            ExprKind::Call { template_args, .. } | ExprKind::Launch { template_args, .. } => {
                for t in template_args {
                    if let TemplateArg::Expr(a) = t {
                        self.template_arg(a);
                    }
                }
            }
            _ => {}
        });
    }

    /// One template argument: the local constants it names replaced (folded to a literal when
    /// it is one); a local variable is an error.
    fn template_arg(&mut self, a: &mut Expr) {
        let mut names_local = false;
        crate::usage::walk_expr(a, &mut |x| {
            names_local |= matches!(&x.kind, ExprKind::Ident(n) if self.lookup(n).is_some())
        });
        if !names_local {
            return;
        }
        let folded = self.substitute(a);
        let mut variable = None;
        crate::usage::walk_expr(&folded, &mut |x| {
            if let ExprKind::Ident(n) = &x.kind {
                if matches!(self.lookup(n), Some(None)) && variable.is_none() {
                    variable = Some(n.clone());
                }
            }
        });
        if let Some(n) = variable {
            self.errors.push(Diagnostic::error(
                a.span,
                format!("template argument `{}` depends on `{n}`, which is not a compile-time constant cuad can evaluate: cuad writes the derivative of the call as an explicit specialization outside this function; use a `constexpr` (or `const`) integer with a constant initializer", cuad_emit::print_expr(a)),
            ));
            return;
        }
        *a = folded;
    }

    /// `e` with the local constants it names replaced by their initializers, folded to a
    /// literal when the result is a constant of literals.
    fn substitute(&self, e: &Expr) -> Expr {
        let replaced = self.replace_constants(e.clone());
        match crate::instantiate::constant_value(&replaced) {
            Some(v) if v < 0 => paren(Expr::new(ExprKind::IntLit(v.to_string()), e.span)),
            Some(v) => Expr::new(ExprKind::IntLit(v.to_string()), e.span),
            None => replaced,
        }
    }

    fn replace_constants(&self, e: Expr) -> Expr {
        match &e.kind {
            ExprKind::Ident(n) => match self.lookup(n) {
                Some(Some(v)) => paren(v.clone()),
                _ => e,
            },
            _ => crate::usage::map_subexprs(e, &mut |x| self.replace_constants(x)),
        }
    }
}
