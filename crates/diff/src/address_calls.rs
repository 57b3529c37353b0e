//! Helpers that return an address into memory they are given: `double* col_ptr(double* base,
//! int c, int n) { return base + c * n; }`, `return &base[c * NZ];`, a method `View::col`
//! returning `base + c * n` of a field (its stand-in reads `self.base + c * self.n`). Such a
//! call is an address computation, so the pointer it returns has an adjoint (reverse mode) or
//! tangent (forward mode) pointer: the same computation on the shadow of the pointer it derives
//! from. The call is written out in the caller's terms (`out + c * 6`), so the shadow rules of
//! pointer arithmetic apply unchanged (`_d_out + c * 6`, with its offset and memory space;
//! `(*_d_in).base + c * in.n` for a field, whose other fields stay the primal's).
//! A user function returning a pointer that is not such a helper has no shadow: callers
//! report it where a derivative would flow through it.

use cuad_sema::types::{is_arithmetic, strip_refs};
use cuad_sema::Program;
use cuad_syntax::ast::*;

/// What a call expression is, as an address computation.
pub(crate) enum AddressCall {
    /// Not a call of a user function returning a pointer.
    NotOne,
    /// The call written out in the caller's terms.
    Inlined(Expr),
    /// A user function returning a pointer that cuad cannot read as an address: why not.
    Unsupported(String),
}

/// The caller's view a call is read in: its expression types and its own names (a name the
/// helper reads that the caller also declares would be captured when written out).
pub(crate) struct CallerScope<'s> {
    pub type_of: &'s dyn Fn(&Expr) -> Option<Ty>,
    pub declares: &'s dyn Fn(&str) -> bool,
}

/// Reads `e` (a call, maybe in parentheses) as an address computation.
pub(crate) fn address_call(prog: &Program, e: &Expr, scope: &CallerScope) -> AddressCall {
    let ExprKind::Call {
        callee,
        template_args,
        args,
    } = &e.strip_parens().kind
    else {
        return AddressCall::NotOne;
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return AddressCall::NotOne;
    };
    let arg_types: Vec<Option<Ty>> = args.iter().map(|a| (scope.type_of)(a)).collect();
    let Some((f, _)) = prog
        .resolve_call_with(name, template_args, &arg_types)
        .filter(|(f, _)| f.body.is_some())
    else {
        return AddressCall::NotOne;
    };
    if !returns_pointer(prog, f, e, scope) {
        return AddressCall::NotOne;
    }
    match inline(prog, f, args, &arg_types, scope) {
        Ok(x) => AddressCall::Inlined(x),
        Err(why) => AddressCall::Unsupported(format!(
            "`{name}` returns a pointer that cuad cannot follow to its derivative: {why} (an address helper defines locals at most, then returns a pointer parameter or field plus an integer offset, `&p[i]`, or a conditional of such)"
        )),
    }
}

fn returns_pointer(prog: &Program, f: &Function, call: &Expr, scope: &CallerScope) -> bool {
    let is_pointer = |t: &Ty| matches!(prog.canonical(t).kind, TyKind::Pointer { .. });
    match f.ret.kind {
        TyKind::Auto => (scope.type_of)(call).is_some_and(|t| is_pointer(&t)),
        _ => is_pointer(&f.ret),
    }
}

/// `f(args)` with `f`'s returned expression, its parameters replaced by the arguments and its
/// locals by their definitions.
fn inline(
    prog: &Program,
    f: &Function,
    args: &[Expr],
    arg_types: &[Option<Ty>],
    scope: &CallerScope,
) -> Result<Expr, String> {
    let (locals, ret) = definitions_and_return(f)?;
    let template = f.template.is_some();
    let mut names: Vec<&str> = f.params.iter().filter_map(|p| p.name.as_deref()).collect();
    names.extend(locals.iter().map(|l| l.name));
    for e in locals.iter().map(|l| l.init).chain([ret]) {
        check_shape(e, template)?;
        check_free_names(prog, f, e, &names, scope)?;
    }
    let mut values: Vec<(&str, Expr)> = Vec::new();
    for (i, p) in f.params.iter().enumerate() {
        let (arg, ty) = match args.get(i) {
            Some(a) => (a.clone(), arg_types[i].clone()),
            None => match &p.default {
                Some(d) => (d.clone(), None),
                None => return Err("an argument is missing".into()),
            },
        };
        if crate::usage::has_effects_beyond(&arg, &|c| pure_callee(prog, c)) {
            return Err("an argument has side effects (compute it into a local first)".into());
        }
        if let Some(n) = &p.name {
            values.push((n, converted(prog, arg, ty.as_ref(), &p.ty)));
        }
    }
    for l in &locals {
        let init = substituted(l.init, &values);
        values.push((l.name, declared(prog, init, l.ty)));
    }
    Ok(crate::builder::paren(substituted(ret, &values)))
}

/// `e` with each name of `values` replaced by its value (all at once: a value is never
/// looked at again).
fn substituted(e: &Expr, values: &[(&str, Expr)]) -> Expr {
    let mut out = e.clone();
    crate::methods::map_expr(&mut out, &mut |x| {
        if let ExprKind::Ident(n) = &x.kind {
            if let Some((_, v)) = values.iter().rev().find(|(m, _)| m == n) {
                *x = v.clone();
            }
        }
    });
    out
}

/// A local definition of an address helper: `int off = c * n;`.
struct Definition<'f> {
    name: &'f str,
    ty: &'f Ty,
    init: &'f Expr,
}

/// The body as local definitions (each with an initializer; nothing assigns them again, as
/// nothing but the `return` follows) then `return e;`.
fn definitions_and_return(f: &Function) -> Result<(Vec<Definition<'_>>, &Expr), String> {
    let stmts: Vec<&Stmt> = f
        .body
        .iter()
        .flatten()
        .filter(|s| !matches!(s.kind, StmtKind::Empty))
        .collect();
    let Some((last, defs)) = stmts.split_last() else {
        return Err("its body is empty".into());
    };
    let StmtKind::Return(Some(ret)) = &last.kind else {
        return Err("its body does not end in a `return`".into());
    };
    let mut locals = Vec::new();
    for s in defs {
        let StmtKind::Decl(d) = &s.kind else {
            return Err("its body is more than local definitions and a `return`".into());
        };
        for v in &d.vars {
            let plain = !matches!(
                v.ty.kind,
                TyKind::Array { .. } | TyKind::LRef(_) | TyKind::RRef(_)
            );
            match &v.init {
                Some(Init::Assign(init)) if plain && !d.specs.is_static => {
                    locals.push(Definition {
                        name: &v.name,
                        ty: &v.ty,
                        init,
                    })
                }
                _ => return Err(format!("its local `{}` is not a plain definition", v.name)),
            }
        }
    }
    Ok((locals, ret))
}

/// A local's initializer as the local holds it: converted to its arithmetic type.
fn declared(prog: &Program, init: Expr, ty: &Ty) -> Expr {
    let t = prog.canonical(ty).with_const(false);
    // A reference local keeps its initializer as written.
    let reference = matches!(t.kind, TyKind::LRef(_) | TyKind::RRef(_));
    if !reference && is_arithmetic(&t) {
        return Expr::synth(ExprKind::Cast {
            kind: CastKind::CStyle,
            ty: t,
            expr: Box::new(crate::builder::paren(init)),
        });
    }
    crate::builder::paren(init)
}

/// Address arithmetic only: no calls, assignments or increments (each would run again in the
/// shadow's copy); in a template no types, which may name its parameters.
fn check_shape(e: &Expr, template: bool) -> Result<(), String> {
    let bad = crate::usage::any_expr(e, &|x| match &x.kind {
        ExprKind::Call { .. }
        | ExprKind::Assign(..)
        | ExprKind::Launch { .. }
        | ExprKind::Lambda(_)
        | ExprKind::InitList(_)
        | ExprKind::PackExpansion(_)
        | ExprKind::Fold { .. }
        | ExprKind::SizeofPack(_)
        | ExprKind::Binary(BinOp::Comma, ..)
        | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, _) => true,
        ExprKind::Cast { .. } | ExprKind::SizeofType(_) => template,
        _ => false,
    });
    if bad {
        return Err("its returned expression is more than address arithmetic".into());
    }
    Ok(())
}

/// Names the returned expression reads besides its parameters (file-scope constants) must
/// mean the same where the call is written out: not a name of the caller, and no namespace
/// of the helper's to resolve them in.
fn check_free_names(
    prog: &Program,
    f: &Function,
    e: &Expr,
    params: &[&str],
    scope: &CallerScope,
) -> Result<(), String> {
    let mut problem = None;
    crate::usage::walk_expr(e, &mut |x| {
        if let ExprKind::Ident(n) = &x.kind {
            let free = !params.contains(&n.as_str());
            if free
                && problem.is_none()
                && ((scope.declares)(n) || !prog.namespace_of(f).is_empty())
            {
                problem = Some(format!("it reads `{n}` (pass it as an argument)"));
            }
        }
    });
    problem.map_or(Ok(()), Err)
}

/// Callees whose calls in an argument can be evaluated again: math functions and address
/// helpers.
fn pure_callee(prog: &Program, callee: &Expr) -> bool {
    let ExprKind::Ident(n) = &callee.kind else {
        return false;
    };
    if crate::rules::classify(n).is_some()
        || crate::rules::is_piecewise_constant(n)
        || crate::rules::min_max_alias(n).is_some()
    {
        return true;
    }
    // An address helper's own calls are checked when it is written out.
    prog.functions(n).iter().any(|f| {
        f.body.is_some()
            && matches!(prog.canonical(&f.ret).kind, TyKind::Pointer { .. })
            && definitions_and_return(f).is_ok_and(|(locals, r)| {
                let exprs = locals.iter().map(|l| l.init).chain([r]);
                exprs
                    .into_iter()
                    .all(|e| check_shape(e, f.template.is_some()).is_ok())
            })
    })
}

/// The argument as the parameter sees it: arithmetic values converted to the parameter's
/// type (`(int)(x)` for an `int` parameter given a `long`), others as they are.
fn converted(prog: &Program, arg: Expr, arg_ty: Option<&Ty>, param_ty: &Ty) -> Expr {
    let param = strip_refs(&prog.canonical(param_ty))
        .clone()
        .with_const(false);
    let differs = arg_ty.is_some_and(|a| {
        let a = strip_refs(&prog.canonical(a)).clone().with_const(false);
        is_arithmetic(&a) && is_arithmetic(&param) && a != param
    });
    if differs {
        return Expr::synth(ExprKind::Cast {
            kind: CastKind::CStyle,
            ty: param,
            expr: Box::new(crate::builder::paren(arg)),
        });
    }
    match arg.kind {
        ExprKind::Ident(_)
        | ExprKind::IntLit(_)
        | ExprKind::FloatLit(_)
        | ExprKind::Paren(_)
        | ExprKind::Call { .. }
        | ExprKind::Index(..)
        | ExprKind::Member { .. } => arg,
        _ => crate::builder::paren(arg),
    }
}

/// Writes out every call of an address helper in `body` (children first, so a helper given
/// another's result sees it written out): the rest of the pipeline then sees the pointer
/// arithmetic itself, which it follows for shadows, saved values, offsets and memory spaces.
/// Calls it cannot write out stay; callers report them where a derivative flows through.
pub(crate) fn inline_address_calls(prog: &Program, body: &mut [Stmt], scope: &CallerScope) {
    for s in body {
        crate::methods::map_stmt_exprs(s, &mut |x| {
            if let AddressCall::Inlined(inlined) = address_call(prog, x, scope) {
                *x = inlined;
            }
        });
    }
}
