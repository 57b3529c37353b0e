//! Lambdas bound to locals (`auto sq = [&](float v) { return a * v * v; };`) as functions, so
//! their calls are differentiated like any call: the lambda becomes
//! `float kernel_lambda_sq(float v, float& a)`, its captures extra parameters (references
//! for by-reference captures), and `sq(x)` becomes `kernel_lambda_sq(x, a)`. Only direct
//! calls of the local are supported; a by-value capture must not change after capture.
//!
//! A lambda passed to a function template (`apply([=] __device__ (float v) { return v * s; },
//! x)`, `map<<<g, b>>>(lambda, ...)`, or a local lambda passed on) is lifted the same way, and the
//! template is instantiated for it (its type is unique, so one instance per call site is
//! sound): `apply_k_lambda_arg0(x, s)`, the functor parameter replaced by the captures and its
//! calls by calls of the lifted function. The template must only call the functor.

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
    /// Calls passing the lambda to a function template, rewritten to call an instance.
    pub passed: Vec<Passed>,
    /// The instances of templates for this lambda.
    pub instances: Vec<Function>,
}

/// A call passing a lambda to a function template as argument `arg`.
#[derive(Clone, Debug)]
pub struct Passed {
    pub call: Span,
    pub arg: usize,
    /// The template's instance for the lambda: the functor parameter dropped, the captures
    /// appended.
    pub instance: String,
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
        passed_count: 0,
        prelude: vec![],
        namespaces: crate::namespace_path(prog, func)
            .into_iter()
            .flatten()
            .collect(),
    };
    cx.block(body, &mut scope);
    (cx.out, cx.errors)
}

/// The name `func` is declared with: an instance of a function template (`f_3` of
/// `template <int H> f`) is named after its template, whose lambdas' functions its calls use.
fn declared_name(prog: &Program, func: &Function) -> String {
    let name = func.name.as_str();
    let declared = |n: &str| {
        prog.functions(n)
            .iter()
            .any(|f| f.template.is_some() && f.name_span == func.name_span)
    };
    std::iter::once(name.len())
        .chain(name.rmatch_indices('_').map(|(k, _)| k))
        .map(|k| &name[..k])
        .find(|n| declared(n))
        .unwrap_or(name)
        .to_string()
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
    if let StmtKind::Bindings(b) = &s.kind {
        s.kind = StmtKind::Expr(b.init.clone());
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
    /// Lambdas passed as arguments so far (they are named `arg0`, `arg1`, ...).
    passed_count: usize,
    /// The body's using-directives and type aliases in scope: a lifted lambda's body starts
    /// with them (its function is outside the body).
    prelude: Vec<Stmt>,
    /// The named namespaces of the function (where its lambdas' functions go).
    namespaces: Vec<String>,
}

impl Lifter<'_, '_> {
    fn block(&mut self, stmts: &[Stmt], scope: &mut HashMap<String, Ty>) {
        let outer = scope.clone();
        let prelude = self.prelude.len();
        for s in stmts {
            self.stmt(s, scope);
        }
        self.prelude.truncate(prelude);
        *scope = outer;
    }

    /// The body-local type aliases in scope, resolved.
    fn aliases(&self) -> HashMap<String, Ty> {
        let mut out = HashMap::new();
        for s in &self.prelude {
            if let StmtKind::Decl(d) = &s.kind {
                for v in &d.vars {
                    let ty = crate::normalize::resolve_aliases(&out, &self.prog.canonical(&v.ty));
                    out.insert(v.name.clone(), ty);
                }
            }
        }
        out
    }

    /// What of the prelude the lambda's function starts with: the using-directives, and the
    /// aliases its text names (directly or through an alias it names).
    fn prelude_for(&self, l: &Lambda) -> Vec<Stmt> {
        let mut text: String = l.body.iter().map(|s| cuad_emit::print_stmt(s, 0)).collect();
        for p in &l.params {
            text.push_str(&cuad_emit::print_ty(&p.ty));
        }
        if let Some(t) = &l.ret {
            text.push_str(&cuad_emit::print_ty(t));
        }
        let mut kept = Vec::new();
        for s in self.prelude.iter().rev() {
            let named = match &s.kind {
                StmtKind::Decl(d) => d.vars.iter().any(|v| names_word(&text, &v.name)),
                _ => true,
            };
            if named {
                text.push_str(&cuad_emit::print_stmt(s, 0));
                kept.push(s.clone());
            }
        }
        kept.reverse();
        kept
    }

    /// A type written in the body as the lifted lambda's function declares it: body-local
    /// aliases replaced, struct names qualified where the body's using-directives found them.
    fn outside_body(&self, ty: &Ty) -> Ty {
        let ty = crate::normalize::resolve_aliases(&self.aliases(), &self.prog.canonical(ty));
        let scope: Vec<&str> = self.namespaces.iter().map(String::as_str).collect();
        self.prog.qualified_for(&ty, &scope, &[])
    }

    fn stmt(&mut self, s: &Stmt, scope: &mut HashMap<String, Ty>) {
        if matches!(
            s.kind,
            StmtKind::Expr(_) | StmtKind::Return(_) | StmtKind::Decl(_) | StmtKind::Bindings(_)
        ) {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                walk_expr(e, &mut |x| self.passed_lambdas(x, scope))
            });
        }
        match &s.kind {
            StmtKind::Using(_) => self.prelude.push(s.clone()),
            StmtKind::Decl(d) if d.specs.is_typedef => self.prelude.push(s.clone()),
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
                        _ => Some(crate::normalize::resolve_aliases(
                            &self.aliases(),
                            &self.prog.canonical(&v.ty),
                        )),
                    };
                    if let Some(t) = ty {
                        scope.insert(v.name.clone(), t);
                    }
                }
            }
            StmtKind::Bindings(b) => {
                let types = self.prog.binding_types(b, &Types(scope));
                for (name, ty) in b.names.iter().zip(types) {
                    match ty {
                        Some(t) => scope.insert(name.clone(), t),
                        None => scope.remove(name),
                    };
                }
            }
            StmtKind::Block(b) => self.block(b, scope),
            StmtKind::For { init, body, .. } => {
                let outer = scope.clone();
                let prelude = self.prelude.len();
                if let Some(i) = init {
                    self.stmt(i, scope);
                }
                self.stmt(body, scope);
                self.prelude.truncate(prelude);
                *scope = outer;
            }
            _ => {
                let outer = scope.clone();
                let prelude = self.prelude.len();
                s.for_each_child(&mut |c| self.stmt(c, scope));
                self.prelude.truncate(prelude);
                *scope = outer;
            }
        }
    }

    /// Lambdas among the arguments of a call of a function template: lifted, and the
    /// template instantiated for them.
    fn passed_lambdas(&mut self, e: &Expr, scope: &HashMap<String, Ty>) {
        let (name, args) = match &e.kind {
            ExprKind::Call { callee, args, .. }
            | ExprKind::Launch {
                kernel: callee,
                args,
                ..
            } => match &callee.kind {
                ExprKind::Ident(n) => (n, args),
                _ => return,
            },
            _ => return,
        };
        // Only templates cuad sees the body of are instantiated; other callees (library
        // algorithms) keep their lambdas as they were.
        let Some(template) = self
            .prog
            .functions(name)
            .into_iter()
            .find(|f| f.template.is_some() && f.body.is_some() && f.params.len() == args.len())
        else {
            return;
        };
        let lambda_args: Vec<usize> = (0..args.len())
            .filter(|&k| match &args[k].strip_parens().kind {
                ExprKind::Lambda(_) => true,
                ExprKind::Ident(n) => self.out.iter().any(|l| !l.var.is_empty() && &l.var == n),
                _ => false,
            })
            .collect();
        let k = match lambda_args.as_slice() {
            [] => return,
            [k] => *k,
            _ => {
                self.errors.push(Diagnostic::error(
                    e.span,
                    format!("cuad supports one lambda per call of the template `{name}`"),
                ));
                return;
            }
        };
        let a = &args[k];
        let generic = |l: &Lifted| {
            l.function
                .template
                .iter()
                .flatten()
                .any(|p| p.name.starts_with(GENERIC_PARAM))
        };
        let runs_on_device = template.attrs.device || template.attrs.global;
        let lifted = match &a.strip_parens().kind {
            ExprKind::Lambda(l) => {
                let var = format!("arg{}", self.passed_count);
                self.passed_count += 1;
                if !self.lambda(&var, l, a.span, scope) {
                    return;
                }
                let last = self.out.len() - 1;
                if generic(&self.out[last]) {
                    self.errors.push(Diagnostic::error(a.span, PASSED_GENERIC));
                    return;
                }
                let f = &mut self.out[last];
                f.var.clear();
                // The lambda runs where the template does.
                f.function.attrs.device = runs_on_device;
                f.function.attrs.host = template.attrs.host || !runs_on_device;
                f.function.attrs.forceinline = runs_on_device;
                last
            }
            ExprKind::Ident(n) => {
                let i = self.out.iter().position(|l| &l.var == n).unwrap_or(0);
                if generic(&self.out[i]) {
                    self.errors.push(Diagnostic::error(a.span, PASSED_GENERIC));
                    return;
                }
                let attrs = &self.out[i].function.attrs;
                let runs_there = match runs_on_device {
                    true => attrs.device,
                    false => attrs.host,
                };
                if !runs_there {
                    let msg = if runs_on_device {
                        format!("the lambda `{n}` runs on the host (it is not `__device__`) but `{name}` on the device: declare it `[=] __device__ (...) {{ ... }}` (an extended lambda; nvcc needs --extended-lambda)")
                    } else {
                        format!("the lambda `{n}` is `__device__` but `{name}` runs on the host: declare it `__host__ __device__` or without an execution space")
                    };
                    self.errors.push(Diagnostic::error(a.span, msg));
                    return;
                }
                i
            }
            _ => return,
        };
        match instantiate_for(
            template,
            k,
            &self.out[lifted].function,
            self.out[lifted].captures.len(),
        ) {
            Ok(inst) => {
                let l = &mut self.out[lifted];
                l.passed.push(Passed {
                    call: e.span,
                    arg: k,
                    instance: inst.name.clone(),
                });
                if l.instances.iter().all(|f| f.name != inst.name) {
                    l.instances.push(inst);
                }
            }
            Err(why) => self.errors.push(Diagnostic::error(a.span, why)),
        }
    }

    /// Lifts the lambda `l` bound to `var` (false when it cannot be).
    fn lambda(&mut self, var: &str, l: &Lambda, span: Span, scope: &HashMap<String, Ty>) -> bool {
        // Names the body uses that the enclosing function declares: the captures.
        let mut own: Names = l.params.iter().filter_map(|p| p.name.clone()).collect();
        l.body
            .iter()
            .for_each(|s| crate::normalize::declared_names(s, &mut own));
        // Calls of lambdas lifted before (`sq(v)` in `add`) call their functions, whose
        // captures this lambda passes on, so captures them too (as the inner one does, where
        // its own capture list does not say).
        let inner: Vec<Lifted> = self
            .out
            .iter()
            .rev()
            .filter(|o| !own.contains(&o.var) && calls_local(&l.body, &o.var))
            .fold(Vec::<Lifted>::new(), |mut seen, o| {
                if !seen.iter().any(|s| s.var == o.var) {
                    seen.push(o.clone());
                }
                seen
            });
        let mut l = l.clone();
        for s in &mut l.body {
            call_lifted(s, &inner);
        }
        let l = &l;
        let inherited = |c: &str| {
            inner.iter().find_map(|o| {
                let k = o.captures.iter().position(|n| n == c)?;
                let p = &o.function.params[o.function.params.len() - o.captures.len() + k];
                Some(matches!(p.ty.kind, TyKind::LRef(_)))
            })
        };
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
        let mut params: Vec<Param> = l
            .params
            .iter()
            .map(|p| Param {
                ty: self.outside_body(&p.ty),
                ..p.clone()
            })
            .collect();
        let mut body_writes = Names::new();
        stmt_writes(&l.body, &mut body_writes);
        for c in &captures {
            // what an inner lambda captures by value it saw at its declaration
            let by_ref = match inherited(c) {
                Some(false) => Some(false),
                inner => l
                    .captures
                    .iter()
                    .find(|(n, _)| n == c)
                    .map(|(_, r)| *r)
                    .or(l.default_capture.map(|d| d == '&'))
                    .or(inner),
            };
            let Some(by_ref) = by_ref else {
                self.errors.push(Diagnostic::error(
                    span,
                    format!("the lambda uses `{c}`, which it does not capture"),
                ));
                return false;
            };
            // A captured reference (`const P& el = ps[i]`) captures what it names.
            let ty = match self.outside_body(&scope[c]).kind {
                TyKind::LRef(t) | TyKind::RRef(t) => *t,
                _ => self.outside_body(&scope[c]),
            };
            // An array captured by value (never written: `mutable` lambdas are not
            // modelled) is read through a const reference, as the array parameter it
            // would decay to is no copy.
            let array = matches!(ty.kind, TyKind::Array { .. });
            if !by_ref && self.writes.contains(c) {
                self.errors.push(Diagnostic::error(
                    span,
                    format!("the lambda captures `{c}` by value and `{c}` changes after its declaration: capture it by reference (`&{c}`) for cuad"),
                ));
                return false;
            }
            params.push(Param {
                name: Some(c.clone()),
                // A capture the body only reads is a const reference: callers need not
                // save it around the call. A pointer the body only reads is passed by value:
                // its adjoint is the shadow pointer, found like any pointer argument's.
                ty: match (by_ref, body_writes.contains(c)) {
                    (true, true) => Ty::new(TyKind::LRef(Box::new(ty))),
                    (true, false) if matches!(ty.kind, TyKind::Pointer { .. }) => ty,
                    (true, false) => Ty::new(TyKind::LRef(Box::new(ty.with_const(true)))),
                    (false, _) if array => Ty::new(TyKind::LRef(Box::new(ty.with_const(true)))),
                    (false, _) => ty,
                },
                default: None,
                span,
            });
        }
        // A generic lambda (`[&](auto v)`) is a function template: each `auto` parameter
        // gets a type parameter of its own, deduced at the calls; the return type is
        // deduced from the body of each instance.
        let mut generic: Vec<TemplateParam> = Vec::new();
        for p in params.iter_mut() {
            let name = format!("{GENERIC_PARAM}{}", generic.len());
            if replace_auto(&mut p.ty, &name) {
                generic.push(TemplateParam {
                    name,
                    kind: TemplateParamKind::Type { default: None },
                });
            }
        }
        let returns_value = l.body.iter().any(|s| {
            let mut found = false;
            s.visit(&mut |s| found |= matches!(s.kind, StmtKind::Return(Some(_))));
            found
        });
        let deduced = if generic.is_empty() {
            self.return_type(l, &params)
        } else {
            returns_value.then(|| Ty::new(TyKind::Auto))
        };
        let ret = match (&l.ret, deduced, returns_value) {
            (Some(t), _, _) => self.outside_body(t),
            (None, Some(t), _) => self.outside_body(&t),
            (None, None, false) => Ty::new(TyKind::Void),
            (None, None, true) => {
                self.errors.push(Diagnostic::error(
                    span,
                    "cuad cannot tell the type this lambda returns: write it (`-> T`)",
                ));
                return false;
            }
        };
        // A lambda runs where its function does, unless it says where (an extended
        // `__device__` lambda of a host function runs on the device only, as the kernel
        // template it is passed to; `__host__ __device__` on both).
        let in_device = self.func.attrs.device || self.func.attrs.global;
        let mut attrs = FnAttrs {
            device: in_device || l.device,
            host: l.host || (!l.device && (self.func.attrs.host || !in_device)),
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
            name: format!(
                "{}_lambda_{var}",
                declared_name(self.prog, self.func).replace("::", "_")
            ),
            params,
            is_const_method: false,
            ctor_inits: vec![],
            body: Some(
                self.prelude_for(l)
                    .into_iter()
                    .chain(l.body.clone())
                    .collect(),
            ),
            span,
            name_span: span,
        };
        // Every parameter of the enclosing template stays: instances pass them all at the
        // calls (`pass_enclosing_template_args`).
        if function.template.as_ref().is_some_and(|ps| ps.is_empty()) {
            function.template = None;
        }
        if !generic.is_empty() {
            function
                .template
                .get_or_insert_with(Vec::new)
                .extend(generic);
        }
        self.out.push(Lifted {
            var: var.to_string(),
            captures,
            function,
            passed: vec![],
            instances: vec![],
        });
        true
    }

    /// The type of the first `return e;` of the lambda's body (its locals typed in order).
    fn return_type(&self, l: &Lambda, params: &[Param]) -> Option<Ty> {
        let mut scope: HashMap<String, Ty> = params
            .iter()
            .filter_map(|p| Some((p.name.clone()?, self.prog.canonical(&p.ty))))
            .collect();
        // Calls of lambdas lifted before, which the program does not know yet, typed by
        // what they return.
        let mut body = l.body.clone();
        for s in &mut body {
            crate::methods::map_stmt_exprs(s, &mut |e| {
                if let ExprKind::Call { callee, .. } = &e.kind {
                    let lifted = self.out.iter().find(
                        |o| matches!(&callee.kind, ExprKind::Ident(n) if *n == o.function.name),
                    );
                    if let Some(o) = lifted.filter(|o| o.function.template.is_none()) {
                        e.kind = ExprKind::Cast {
                            kind: CastKind::CStyle,
                            ty: o.function.ret.clone(),
                            expr: Box::new(Expr::synth(ExprKind::IntLit("0".into()))),
                        };
                    }
                }
            });
        }
        let mut found = None;
        for s in &body {
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

/// The instance of `template` for the lifted lambda `lambda` (its last `ncaptures` parameters
/// are its captures) passed as argument `k`: parameter `k` dropped, the captures appended (as
/// `_cuad_cap_<name>`), calls of the functor parameter made calls of `lambda`.
fn instantiate_for(
    template: &Function,
    k: usize,
    lambda: &Function,
    ncaptures: usize,
) -> Result<Function, String> {
    let functor = &template.params[k];
    let ps = template.template.clone().unwrap_or_default();
    let type_param = match &strip_ref(functor.ty.clone()).kind {
        TyKind::Named { name, .. } => ps.iter().position(|p| &p.name == name),
        _ => None,
    };
    let (Some(type_param), Some(fname)) = (type_param, functor.name.clone()) else {
        return Err(format!(
            "cuad supports a lambda passed to `{}` only for a parameter whose type is a template parameter",
            template.name
        ));
    };
    let mut inst = template.clone();
    inst.name = format!("{}_{}", template.name.replace("::", "_"), lambda.name);
    let mut rest: Vec<TemplateParam> = ps;
    rest.remove(type_param);
    for p in lambda.template.iter().flatten() {
        if rest.iter().all(|q| q.name != p.name) {
            rest.push(p.clone());
        }
    }
    inst.template = (!rest.is_empty()).then_some(rest);
    inst.params.remove(k);
    let captures = &lambda.params[lambda.params.len() - ncaptures..];
    // A captured array is passed by reference, which a kernel's parameter cannot be.
    if template.attrs.global {
        if let Some(p) = captures
            .iter()
            .find(|p| matches!(&strip_ref(p.ty.clone()).kind, TyKind::Array { .. }))
        {
            return Err(format!(
                "cuad cannot pass the array `{}` the lambda captures to the kernel `{}`: pass a pointer to device memory instead",
                p.name.clone().unwrap_or_default(),
                template.name
            ));
        }
    }
    let names: Vec<String> = captures
        .iter()
        .map(|p| format!("_cuad_cap_{}", p.name.clone().unwrap_or_default()))
        .collect();
    for (p, n) in captures.iter().zip(&names) {
        inst.params.push(Param {
            name: Some(n.clone()),
            ..p.clone()
        });
    }
    let mut other_use = false;
    if let Some(body) = &mut inst.body {
        for s in body.iter_mut() {
            crate::methods::map_stmt_exprs(s, &mut |e| {
                if let ExprKind::Call { callee, args, .. } = &mut e.kind {
                    if matches!(&callee.kind, ExprKind::Ident(n) if *n == fname) {
                        **callee = ident(&lambda.name);
                        args.extend(names.iter().map(|n| ident(n)));
                    }
                }
            });
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                walk_expr(e, &mut |x| {
                    other_use |= matches!(&x.kind, ExprKind::Ident(n) if *n == fname);
                })
            });
        }
    }
    if other_use {
        return Err(format!(
            "cuad supports a lambda passed to `{}` when `{}` only calls `{fname}`",
            template.name, template.name
        ));
    }
    Ok(inst)
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

/// Does `body` call the local `var`?
fn calls_local(body: &[Stmt], var: &str) -> bool {
    let mut found = false;
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| {
                found |= matches!(&x.kind, ExprKind::Call { callee, .. }
                    if matches!(&callee.kind, ExprKind::Ident(n) if n == var));
            })
        });
    }
    found
}

/// Calls of the lambdas `lifted` as calls of their functions, the captures appended.
fn call_lifted(s: &mut Stmt, lifted: &[Lifted]) {
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
    // Calls passing a lambda to a template call its instance with the captures instead.
    crate::methods::map_stmt_exprs(s, &mut |e| {
        let span = e.span;
        if let ExprKind::Call { callee, args, .. }
        | ExprKind::Launch {
            kernel: callee,
            args,
            ..
        } = &mut e.kind
        {
            for l in lifted {
                for p in l.passed.iter().filter(|p| p.call == span) {
                    **callee = ident(&p.instance);
                    args.remove(p.arg);
                    args.extend(l.captures.iter().map(|c| ident(c)));
                }
            }
        }
    });
    call_lifted(s, lifted);
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

/// Direct calls of the lambdas bound to locals of the function template whose body this is
/// (`val(i)`) pass the template's parameters explicitly (`val<T, N>(i)`), before an instance
/// substitutes them: the lifted lambda is a template over all of them, and a value parameter
/// used only in its body (`N` of `g[N * j]`) could not be deduced at the call.
pub fn pass_enclosing_template_args(body: &mut [Stmt], params: &[TemplateParam]) {
    let mut lambdas = std::collections::HashSet::new();
    for s in body.iter() {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                for v in d.vars.iter().filter(|v| is_lambda_init(&v.init)) {
                    lambdas.insert(v.name.clone());
                }
            }
        });
    }
    if lambdas.is_empty() {
        return;
    }
    let explicit: Vec<TemplateArg> = params
        .iter()
        .map(|p| match p.kind {
            TemplateParamKind::Value { .. } => TemplateArg::Expr(ident(&p.name)),
            _ => TemplateArg::Type(Ty::named(&p.name)),
        })
        .collect();
    for s in body.iter_mut() {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            if let ExprKind::Call {
                callee,
                template_args,
                ..
            } = &mut e.kind
            {
                let local = matches!(&callee.kind, ExprKind::Ident(n) if lambdas.contains(n));
                if local && template_args.is_empty() {
                    *template_args = explicit.clone();
                }
            }
        });
    }
}

/// Why the template arguments of a call of `name` could not be deduced: a lambda argument has
/// a type no one can write (cuad instantiates templates for lambdas only when the call gives
/// one argument per parameter).
pub fn undeduced_message(name: &str, args: &[Expr]) -> String {
    if args
        .iter()
        .any(|a| matches!(a.strip_parens().kind, ExprKind::Lambda(_)))
    {
        format!("cuad cannot pass a lambda to the template `{name}` here (it instantiates a template for a lambda when the call gives one argument per parameter); pass an object of a struct with an `operator()` instead")
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

/// The type parameters of a lifted generic lambda are `CuadAuto0`, `CuadAuto1`, ...
const GENERIC_PARAM: &str = "CuadAuto";

const PASSED_GENERIC: &str = "cuad cannot pass a generic lambda (an `auto` parameter) to a template: give its parameters types";

/// Replaces the `auto` in a generic lambda's parameter type (`auto`, `const auto&`,
/// `auto*`) by the type parameter `name`; false when there is none.
fn replace_auto(ty: &mut Ty, name: &str) -> bool {
    match &mut ty.kind {
        TyKind::Auto => {
            ty.kind = TyKind::Named {
                name: name.to_string(),
                args: vec![],
            };
            true
        }
        TyKind::LRef(inner) | TyKind::RRef(inner) => replace_auto(inner, name),
        TyKind::Pointer { pointee, .. } => replace_auto(pointee, name),
        _ => false,
    }
}

/// Does `text` contain `word` as a whole identifier?
fn names_word(text: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        !text[..at].ends_with(is_ident) && !text[at + word.len()..].starts_with(is_ident)
    })
}
