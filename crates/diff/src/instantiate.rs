//! Instantiation of function templates for the argument types at a call site, so pullbacks of
//! templates are ordinary functions (`cube<double>` gets `void cube_pullback(double, ...)`).

use cuad_sema::{substitute, Bindings};
use cuad_syntax::ast::*;
use std::collections::HashMap;

/// Values of non-type template parameters (`N` -> `256`).
pub type Values = HashMap<String, Expr>;

/// A copy of `f` with its template parameters replaced (types and non-type values); `None`
/// when some parameter is not bound.
pub fn instantiate_with_values(
    f: &Function,
    types: &Bindings,
    values: &Values,
) -> Option<Function> {
    let params = f.template.as_ref()?;
    if params.iter().any(|p| match p.kind {
        TemplateParamKind::Type { .. } => !types.contains_key(&p.name),
        TemplateParamKind::Value { .. } => !values.contains_key(&p.name),
        // Packs are written out first (`Program::pack_instance`).
        TemplateParamKind::TypePack => true,
    }) {
        return None;
    }
    let b = &Subst { types, values };
    let mut out = f.clone();
    out.template = None;
    out.ret = b.ty(&out.ret);
    for p in &mut out.params {
        p.ty = b.ty(&p.ty);
        // A default argument (`T eps = T(1e-3)`) is passed by callers' derivative code.
        if let Some(d) = &mut p.default {
            expr(d, b);
        }
    }
    for e in out.attrs.launch_bounds.iter_mut().flatten() {
        expr(e, b);
    }
    if let Some(e) = &mut out.attrs.max_registers {
        expr(e, b);
    }
    if let Some(body) = &mut out.body {
        crate::lambdas::pass_enclosing_template_args(body, params);
        for s in body {
            stmt(s, b);
        }
    }
    Some(out)
}

/// What makes the name of an instance of the function template `f` unique among its
/// instances whose parameter types agree, appended to its name: each non-type argument
/// (`reduce_256`) and each type argument its parameters do not show (`load<V<2>>(p)` ->
/// `load_V_2`), in the order of the names bound.
pub fn instance_suffix(f: &Function, types: &Bindings, values: &Values) -> String {
    let shown = |name: &str| f.params.iter().any(|p| ty_mentions(&p.ty, name));
    let mut parts: Vec<(&String, String)> = values
        .iter()
        // `k - 1` and `k + 1` at k = 1 are instances 0 and 2, not both `1___1`.
        .map(|(k, v)| {
            let text =
                constant_value(v).map_or_else(|| cuad_emit::print_expr(v), |n| n.to_string());
            (k, value_part(&text))
        })
        .chain(
            types
                .iter()
                .filter(|(k, _)| !shown(k))
                .map(|(k, t)| (k, type_part(&cuad_emit::print_ty(t)))),
        )
        .collect();
    parts.sort();
    parts.into_iter().map(|(_, p)| format!("_{p}")).collect()
}

/// A non-type argument in a name (`-1` -> `_1`, as before types were added; a function's
/// address `&g` -> `g`, as `g`, which it means).
fn value_part(text: &str) -> String {
    text.trim_start_matches('&')
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// A type in a name: `V<2>` -> `V_2`, `unsigned int` -> `unsigned_int` (no `__`, reserved).
fn type_part(text: &str) -> String {
    let mapped: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    mapped
        .split('_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

/// Does `ty` name `name` (itself, or inside pointers, references, arrays, template arguments)?
fn ty_mentions(ty: &Ty, name: &str) -> bool {
    match &ty.kind {
        TyKind::Named { name: n, args } => {
            n == name
                || args.iter().any(|a| match a {
                    TemplateArg::Type(t) => ty_mentions(t, name),
                    TemplateArg::Expr(e) => crate::usage::any_expr(
                        e,
                        &|x| matches!(&x.kind, ExprKind::Ident(i) if i == name),
                    ),
                })
        }
        TyKind::Pointer { pointee: t, .. }
        | TyKind::LRef(t)
        | TyKind::RRef(t)
        | TyKind::Pack(t)
        | TyKind::Array { elem: t, .. } => ty_mentions(t, name),
        _ => false,
    }
}

/// Replaces types named in `types` throughout `f` (signature and body), keeping its template
/// parameters: a class template's injected name `Vec3T` -> `Vec3T<T>` in a lowered method.
pub fn substitute_types(f: &mut Function, types: &Bindings) {
    substitute_params(f, types, &Values::new());
}

/// Replaces the template parameters bound in `types` and `values` throughout `f` (signature
/// and body), keeping its template parameter list.
pub fn substitute_params(f: &mut Function, types: &Bindings, values: &Values) {
    let b = &Subst { types, values };
    f.ret = b.ty(&f.ret);
    for p in &mut f.params {
        p.ty = b.ty(&p.ty);
        if let Some(d) = &mut p.default {
            expr(d, b);
        }
    }
    if let Some(body) = &mut f.body {
        for s in body {
            stmt(s, b);
        }
    }
}

/// Binds `f`'s template parameters to explicit arguments (defaults fill the rest). A name the
/// parser took for an expression binds a type parameter as a type.
pub fn bind_explicit(f: &Function, args: &[TemplateArg]) -> Result<(Bindings, Values), String> {
    bind_written(f, args, false)
}

/// [`bind_explicit`] for a call, whose explicit arguments may be a prefix of the parameters
/// (`block_sum<BLOCK>(v, smem)` with `T` deduced from the arguments): a parameter with neither
/// an argument nor a default is left unbound, for deduction to bind.
pub fn bind_explicit_prefix(
    f: &Function,
    args: &[TemplateArg],
) -> Result<(Bindings, Values), String> {
    bind_written(f, args, true)
}

fn bind_written(
    f: &Function,
    args: &[TemplateArg],
    prefix: bool,
) -> Result<(Bindings, Values), String> {
    let params = f.template.as_deref().unwrap_or_default();
    if args.len() > params.len() {
        return Err(format!(
            "`{}` has {} template parameter(s), {} argument(s) given",
            f.name,
            params.len(),
            args.len()
        ));
    }
    let mut types = Bindings::new();
    let mut values = Values::new();
    for (i, p) in params.iter().enumerate() {
        match (&p.kind, args.get(i)) {
            (TemplateParamKind::Type { .. }, Some(TemplateArg::Type(t))) => {
                types.insert(p.name.clone(), t.clone());
            }
            (TemplateParamKind::Type { .. }, Some(TemplateArg::Expr(e))) => match &e.kind {
                ExprKind::Ident(n) => {
                    types.insert(p.name.clone(), Ty::named(n));
                }
                _ => return Err(format!("template parameter `{}` needs a type", p.name)),
            },
            (TemplateParamKind::Type { default: Some(t) }, None) => {
                types.insert(p.name.clone(), t.clone());
            }
            (TemplateParamKind::Value { .. }, Some(TemplateArg::Expr(e))) => {
                values.insert(p.name.clone(), e.clone());
            }
            (
                TemplateParamKind::Value {
                    default: Some(e), ..
                },
                None,
            ) => {
                values.insert(p.name.clone(), e.clone());
            }
            // Left to deduction from the call's arguments.
            (TemplateParamKind::Type { .. } | TemplateParamKind::Value { .. }, None) if prefix => {}
            (TemplateParamKind::TypePack, _) => {
                return Err(format!(
                    "template parameter pack `{}` of `{}` is bound per pack length",
                    p.name, f.name
                ))
            }
            (TemplateParamKind::Value { .. }, Some(TemplateArg::Type(_))) => {
                return Err(format!("template parameter `{}` needs a value", p.name))
            }
            (_, None) => return Err(format!("no argument for template parameter `{}`", p.name)),
        }
    }
    Ok((types, values))
}

struct Subst<'b> {
    types: &'b Bindings,
    values: &'b Values,
}

impl Subst<'_> {
    /// Type parameters replaced, and value parameters inside array lengths.
    fn ty(&self, t: &Ty) -> Ty {
        let mut t = substitute(t, self.types);
        self.array_lengths(&mut t);
        t
    }

    fn array_lengths(&self, t: &mut Ty) {
        match &mut t.kind {
            // `Poly<T, N>`: value arguments of a template type too.
            TyKind::Named { args, .. } => {
                for a in args {
                    match a {
                        TemplateArg::Expr(e) => expr(e, self),
                        TemplateArg::Type(t) => self.array_lengths(t),
                    }
                }
            }
            TyKind::Array { elem, len } => {
                if let Some(l) = len {
                    expr(l, self);
                }
                self.array_lengths(elem);
            }
            TyKind::Pointer { pointee: x, .. } | TyKind::LRef(x) | TyKind::RRef(x) => {
                self.array_lengths(x)
            }
            _ => {}
        }
    }
}

fn stmt(s: &mut Stmt, b: &Subst) {
    match &mut s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr(e, b),
        StmtKind::Bindings(d) => expr(&mut d.init, b),
        StmtKind::Decl(d) => {
            for v in &mut d.vars {
                v.ty = b.ty(&v.ty);
                match &mut v.init {
                    Some(Init::Assign(e)) => expr(e, b),
                    Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                        es.iter_mut().for_each(|e| expr(e, b))
                    }
                    None => {}
                }
            }
        }
        StmtKind::Block(stmts) => stmts.iter_mut().for_each(|x| stmt(x, b)),
        StmtKind::If { cond, then, els } => {
            expr(cond, b);
            stmt(then, b);
            if let Some(e) = els {
                stmt(e, b);
            }
            // A condition the substitution made constant (`if constexpr (Relu)` with
            // `Relu = true`) keeps only the branch taken.
            if let Some(taken) = constant_value(cond).map(|v| v != 0) {
                let branch = if taken {
                    Some(then.clone())
                } else {
                    els.clone()
                };
                s.kind = match branch {
                    Some(x) => StmtKind::Block(vec![*x]),
                    None => StmtKind::Empty,
                };
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                stmt(i, b);
            }
            cond.iter_mut()
                .chain(step.iter_mut())
                .for_each(|e| expr(e, b));
            stmt(body, b);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr(cond, b);
            stmt(body, b);
        }
        StmtKind::Switch { cond, cases } => {
            expr(cond, b);
            for c in cases {
                c.body.iter_mut().for_each(|x| stmt(x, b));
            }
        }
        _ => {}
    }
}

/// `text` (a name spelled as written) with the bound template parameters inside its `<...>`
/// replaced by their arguments.
fn substitute_in_template_args(text: &str, b: &Subst) -> String {
    cuad_sema::substitute_in_spelling(
        text,
        &|word| match (b.types.get(word), b.values.get(word)) {
            (Some(t), _) => Some(cuad_emit::print_ty(t)),
            (None, Some(v)) => Some(cuad_emit::print_expr(v)),
            _ => None,
        },
    )
}

/// The function a called value parameter is bound to: `op` or `(*op)` with `op` bound to
/// `g` or `&g` gives `g`.
fn bound_function(callee: &Expr, b: &Subst) -> Option<Expr> {
    let callee = match &callee.strip_parens().kind {
        ExprKind::Unary(UnOp::Deref, x) => x.strip_parens(),
        _ => callee.strip_parens(),
    };
    let ExprKind::Ident(n) = &callee.kind else {
        return None;
    };
    let bound = match &b.values.get(n)?.strip_parens().kind {
        ExprKind::Unary(UnOp::AddrOf, g) => g.strip_parens(),
        _ => b.values.get(n)?.strip_parens(),
    };
    matches!(bound.kind, ExprKind::Ident(_)).then(|| bound.clone())
}

fn expr(e: &mut Expr, b: &Subst) {
    if let ExprKind::Ident(n) = &e.kind {
        if let Some(v) = b.values.get(n) {
            *e = match v.kind {
                ExprKind::IntLit(_) | ExprKind::BoolLit(_) | ExprKind::Ident(_) => v.clone(),
                _ => Expr::synth(ExprKind::Paren(Box::new(v.clone()))),
            };
            return;
        }
        // `std::is_same<T, float>::value`, kept as written: the parameters among its template
        // arguments.
        if n.contains('<') {
            e.kind = ExprKind::Ident(substitute_in_template_args(n, b));
            return;
        }
        // `V::size` with `V` bound to `Vec<double, 3>`: `Vec<double, 3>::size`.
        if let Some((owner, rest)) = n.split_once("::") {
            if let Some(bound) = b.types.get(owner) {
                if let (TyKind::Named { .. }, Some(text)) =
                    (&bound.kind, cuad_sema::spelling(bound))
                {
                    e.kind = ExprKind::Ident(format!("{text}::{rest}"));
                }
            }
        }
        return;
    }
    match &mut e.kind {
        ExprKind::Cast { ty, expr: x, .. } => {
            *ty = b.ty(ty);
            expr(x, b);
        }
        ExprKind::SizeofType(ty) => *ty = b.ty(ty),
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::SizeofExpr(x) => expr(x, b),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) | ExprKind::Assign(_, l, r) => {
            expr(l, b);
            expr(r, b);
        }
        ExprKind::Cond(c, x, y) => {
            expr(c, b);
            expr(x, b);
            expr(y, b);
        }
        ExprKind::Call {
            callee,
            args,
            template_args,
        } => {
            // A function as a template argument (`template <float (*f)(float)>`): `f(x)` and
            // `(*f)(x)` call it, also when it was given as `&g`.
            if let Some(g) = bound_function(callee, b) {
                **callee = g;
            } else if let ExprKind::Ident(n) = &callee.kind {
                if !b.values.contains_key(n) {
                    // `std::numeric_limits<T>::lowest()`, `V::make()`: the parameters in the name
                    expr(callee, b);
                }
            } else {
                expr(callee, b);
            }
            for t in template_args.iter_mut() {
                match t {
                    TemplateArg::Type(ty) => *ty = b.ty(ty),
                    TemplateArg::Expr(x) => expr(x, b),
                }
            }
            args.iter_mut().for_each(|a| expr(a, b));
        }
        ExprKind::Launch {
            args,
            template_args,
            config,
            ..
        } => {
            for t in template_args.iter_mut() {
                match t {
                    TemplateArg::Type(ty) => *ty = b.ty(ty),
                    TemplateArg::Expr(x) => expr(x, b),
                }
            }
            // `<<<g, b, n * sizeof(T)>>>`
            config.iter_mut().for_each(|a| expr(a, b));
            args.iter_mut().for_each(|a| expr(a, b));
        }
        ExprKind::Member { base, .. } => expr(base, b),
        ExprKind::InitList(items) => items.iter_mut().for_each(|a| expr(a, b)),
        _ => {}
    }
}

/// The value of an integer or boolean constant expression built from literals.
pub(crate) fn constant_value(e: &Expr) -> Option<i64> {
    cuad_sema::fold_constant(e, &|_| None)
}
