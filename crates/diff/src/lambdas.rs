//! Lambdas bound to locals (`auto sq = [&](float v) { return a * v * v; };`) as functions, so
//! their calls are differentiated like any call: the lambda becomes
//! `float kernel_lambda_sq(float v, float& a)`, its captures extra parameters (references
//! for by-reference captures), and `sq(x)` becomes `kernel_lambda_sq(x, a)`. Only direct
//! calls of the local are supported; a by-value capture must not change after capture.

use crate::builder::*;
use crate::usage::{stmt_writes, walk_expr, Names};
use cuad_sema::{Program, Scope};
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};
use std::collections::HashMap;

/// A lambda lifted out of a function.
#[derive(Clone, Debug)]
pub struct Lifted {
    /// The local the lambda is bound to.
    pub var: String,
    /// The captured names, passed after the lambda's own arguments.
    pub captures: Vec<String>,
    pub function: Function,
}

struct Types<'m>(&'m HashMap<String, Ty>);

impl Scope for Types<'_> {
    fn lookup(&self, name: &str) -> Option<Ty> {
        self.0.get(name).cloned()
    }
}

/// The lambdas of `func` bound to locals, as functions named `<func>_lambda_<local>`.
pub fn lift(prog: &Program, func: &Function) -> Result<Vec<Lifted>, Vec<Diagnostic>> {
    let (lifted, errors) = lift_partial(prog, func);
    if errors.is_empty() {
        Ok(lifted)
    } else {
        Err(errors)
    }
}

/// [`lift`], keeping the lambdas that can be lifted when others cannot (with why).
pub fn lift_partial(prog: &Program, func: &Function) -> (Vec<Lifted>, Vec<Diagnostic>) {
    let Some(body) = &func.body else {
        return (vec![], vec![]);
    };
    let mut scope: HashMap<String, Ty> = func
        .params
        .iter()
        .filter_map(|p| Some((p.name.clone()?, prog.canonical(&p.ty))))
        .collect();
    // Names written after their declaration (a by-value capture of one of them could differ
    // from the variable when the lambda runs).
    let mut after_declaration = body.clone();
    after_declaration.iter_mut().for_each(declarations_as_inits);
    let mut writes = Names::new();
    stmt_writes(&after_declaration, &mut writes);
    let mut cx = Lifter {
        prog,
        func,
        writes,
        out: vec![],
        errors: vec![],
    };
    cx.block(body, &mut scope);
    (cx.out, cx.errors)
}

/// Declarations replaced by their initializers' expressions (which may write other names).
fn declarations_as_inits(s: &mut Stmt) {
    if let StmtKind::Decl(d) = &s.kind {
        let inits = d
            .vars
            .iter()
            .filter_map(|v| match &v.init {
                Some(Init::Assign(e)) => Some(Stmt::synth(StmtKind::Expr(e.clone()))),
                _ => None,
            })
            .collect();
        s.kind = StmtKind::Block(inits);
        return;
    }
    s.for_each_child_mut(&mut declarations_as_inits);
}

struct Lifter<'p, 'a> {
    prog: &'p Program<'a>,
    func: &'p Function,
    writes: Names,
    out: Vec<Lifted>,
    errors: Vec<Diagnostic>,
}

impl Lifter<'_, '_> {
    fn block(&mut self, stmts: &[Stmt], scope: &mut HashMap<String, Ty>) {
        let outer = scope.clone();
        for s in stmts {
            self.stmt(s, scope);
        }
        *scope = outer;
    }

    fn stmt(&mut self, s: &Stmt, scope: &mut HashMap<String, Ty>) {
        match &s.kind {
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    if let Some(Init::Assign(Expr {
                        kind: ExprKind::Lambda(l),
                        span,
                    })) = &v.init
                    {
                        self.lambda(&v.name, l, *span, scope);
                        continue;
                    }
                    let ty = match &v.ty.kind {
                        TyKind::Auto => match &v.init {
                            Some(Init::Assign(e)) => self.prog.type_of(e, &Types(scope)),
                            _ => None,
                        },
                        _ => Some(self.prog.canonical(&v.ty)),
                    };
                    if let Some(t) = ty {
                        scope.insert(v.name.clone(), t);
                    }
                }
            }
            StmtKind::Block(b) => self.block(b, scope),
            StmtKind::For { init, body, .. } => {
                let outer = scope.clone();
                if let Some(i) = init {
                    self.stmt(i, scope);
                }
                self.stmt(body, scope);
                *scope = outer;
            }
            _ => {
                let outer = scope.clone();
                s.for_each_child(&mut |c| self.stmt(c, scope));
                *scope = outer;
            }
        }
    }

    fn lambda(&mut self, var: &str, l: &Lambda, span: Span, scope: &HashMap<String, Ty>) {
        // Names the body uses that the enclosing function declares: the captures.
        let mut own: Names = l.params.iter().filter_map(|p| p.name.clone()).collect();
        l.body
            .iter()
            .for_each(|s| crate::normalize::declared_names(s, &mut own));
        let mut captures: Vec<String> = Vec::new();
        for s in &l.body {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                walk_expr(e, &mut |x| {
                    if let ExprKind::Ident(n) = &x.kind {
                        if scope.contains_key(n) && !own.contains(n) && !captures.contains(n) {
                            captures.push(n.clone());
                        }
                    }
                })
            });
        }
        let mut params = l.params.clone();
        let mut body_writes = Names::new();
        stmt_writes(&l.body, &mut body_writes);
        for c in &captures {
            let by_ref = l
                .captures
                .iter()
                .find(|(n, _)| n == c)
                .map(|(_, r)| *r)
                .or(l.default_capture.map(|d| d == '&'));
            let Some(by_ref) = by_ref else {
                self.errors.push(Diagnostic::error(
                    span,
                    format!("the lambda uses `{c}`, which it does not capture"),
                ));
                return;
            };
            let ty = scope[c].clone();
            if matches!(ty.kind, TyKind::Array { .. }) {
                self.errors.push(Diagnostic::error(
                    span,
                    format!("cuad cannot differentiate a lambda capturing the array `{c}` yet"),
                ));
                return;
            }
            if !by_ref && self.writes.contains(c) {
                self.errors.push(Diagnostic::error(
                    span,
                    format!("the lambda captures `{c}` by value and `{c}` changes after its declaration: capture it by reference (`&{c}`) for cuad"),
                ));
                return;
            }
            params.push(Param {
                name: Some(c.clone()),
                // A capture the body only reads is a const reference: callers need not
                // save it around the call.
                ty: match (by_ref, body_writes.contains(c)) {
                    (true, true) => Ty::new(TyKind::LRef(Box::new(ty))),
                    (true, false) => Ty::new(TyKind::LRef(Box::new(ty.with_const(true)))),
                    (false, _) => ty,
                },
                default: None,
                span,
            });
        }
        let ret = match &l.ret {
            Some(t) => t.clone(),
            None => self
                .return_type(l, &params)
                .unwrap_or(Ty::new(TyKind::Void)),
        };
        let mut attrs = FnAttrs {
            device: self.func.attrs.device || self.func.attrs.global,
            host: self.func.attrs.host || !(self.func.attrs.device || self.func.attrs.global),
            ..FnAttrs::default()
        };
        attrs.forceinline = attrs.device;
        let mut function = Function {
            attrs,
            // In a function template the lambda is a template over the same parameters;
            // calls from an instance deduce them from the arguments.
            template: self
                .func
                .template
                .as_ref()
                .map(|ps| ps.iter().map(crate::builder::without_default).collect()),
            ret,
            name: format!("{}_lambda_{var}", self.func.name.replace("::", "_")),
            params,
            is_const_method: false,
            ctor_inits: vec![],
            body: Some(l.body.clone()),
            span,
            name_span: span,
        };
        // Template parameters the lambda does not mention are dropped: its calls deduce the
        // others from their arguments (`K` of `template <class T, int K>` could not be).
        if let Some(ps) = function.template.take() {
            let text = cuad_emit::print_function(&function);
            let words: std::collections::HashSet<&str> = text
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .collect();
            let used: Vec<TemplateParam> = ps
                .into_iter()
                .filter(|p| words.contains(p.name.as_str()))
                .collect();
            function.template = (!used.is_empty()).then_some(used);
        }
        self.out.push(Lifted {
            var: var.to_string(),
            captures,
            function,
        });
    }

    /// The type of the first `return e;` of the lambda's body (its locals typed in order).
    fn return_type(&self, l: &Lambda, params: &[Param]) -> Option<Ty> {
        let mut scope: HashMap<String, Ty> = params
            .iter()
            .filter_map(|p| Some((p.name.clone()?, self.prog.canonical(&p.ty))))
            .collect();
        let mut found = None;
        for s in &l.body {
            s.visit(&mut |s| match &s.kind {
                StmtKind::Decl(d) => {
                    for v in &d.vars {
                        let ty = match (&v.ty.kind, &v.init) {
                            (TyKind::Auto, Some(Init::Assign(e))) => {
                                self.prog.type_of(e, &Types(&scope))
                            }
                            _ => Some(self.prog.canonical(&v.ty)),
                        };
                        if let Some(t) = ty {
                            scope.insert(v.name.clone(), t);
                        }
                    }
                }
                StmtKind::Return(Some(e)) if found.is_none() => {
                    found = self.prog.type_of(e, &Types(&scope));
                }
                _ => {}
            });
        }
        found.map(|t| {
            let mut t = strip_ref(t);
            t.is_const = false;
            t
        })
    }
}

fn strip_ref(t: Ty) -> Ty {
    match t.kind {
        TyKind::LRef(x) | TyKind::RRef(x) => *x,
        _ => t,
    }
}

/// Drops the lambdas' declarations and turns calls of their locals into calls of the lifted
/// functions with the captures appended.
pub fn rewrite_calls(body: &mut [Stmt], lifted: &[Lifted]) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for s in body.iter_mut() {
        rewrite_stmt(s, lifted, &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn rewrite_stmt(s: &mut Stmt, lifted: &[Lifted], errors: &mut Vec<Diagnostic>) {
    drop_lambda_decls(s, errors);
    rewrite_uses(s, lifted, errors);
}

fn drop_lambda_decls(s: &mut Stmt, errors: &mut Vec<Diagnostic>) {
    if let StmtKind::Decl(d) = &s.kind {
        if d.vars.iter().any(|v| is_lambda_init(&v.init)) {
            if d.vars.len() > 1 {
                errors.push(Diagnostic::error(
                    s.span,
                    "declare a lambda in a declaration of its own for cuad",
                ));
            }
            s.kind = StmtKind::Empty;
            return;
        }
    }
    s.for_each_child_mut(&mut |c| drop_lambda_decls(c, errors));
}

fn rewrite_uses(s: &mut Stmt, lifted: &[Lifted], errors: &mut Vec<Diagnostic>) {
    crate::methods::map_stmt_exprs(s, &mut |e| {
        if let ExprKind::Call { callee, args, .. } = &mut e.kind {
            if let ExprKind::Ident(n) = &callee.kind {
                if let Some(l) = lifted.iter().find(|l| &l.var == n) {
                    **callee = ident(&l.function.name);
                    args.extend(l.captures.iter().map(|c| ident(c)));
                }
            }
        }
    });
    // Any other use (passing the lambda on) has no function to stand for it.
    crate::methods::map_stmt_exprs(s, &mut |e| {
        if let ExprKind::Ident(n) = &e.kind {
            if lifted.iter().any(|l| &l.var == n) {
                errors.push(Diagnostic::error(
                    e.span,
                    format!("cuad supports a lambda only through direct calls of `{n}`"),
                ));
            }
        }
    });
}

/// Why the template arguments of a call of `name` could not be deduced: a lambda argument has
/// a type no one can write (cuad lifts lambdas bound to locals and called directly only).
pub fn undeduced_message(name: &str, args: &[Expr]) -> String {
    if args
        .iter()
        .any(|a| matches!(a.strip_parens().kind, ExprKind::Lambda(_)))
    {
        format!("cuad cannot pass a lambda to the template `{name}` (lambdas are supported when bound to a local and called directly); pass an object of a struct with an `operator()` instead")
    } else {
        format!("cuad cannot deduce the template arguments of `{name}` here; write them explicitly")
    }
}

fn is_lambda_init(init: &Option<Init>) -> bool {
    matches!(
        init,
        Some(Init::Assign(Expr {
            kind: ExprKind::Lambda(_),
            ..
        }))
    )
}
