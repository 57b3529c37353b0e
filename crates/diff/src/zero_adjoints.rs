//! Zero adjoints of structs whose construction sets fields.
//!
//! Reverse code zeroes a struct adjoint with `S{}` (`S _d_s{}`, `_d_s = S{}`, `S _r3 = {}`).
//! For a struct with a user constructor or default member initializers (`double w = 2.0;`)
//! that value is not zero, so the adjoint would start from the constructor's values: such
//! zeroes become `cuad_zero_tangent<S>()` (every byte zero). Only cuad's own adjoint and
//! scratch variables (`_d_*`, `_rN`) are rewritten; primal statements keep `S{}`.

use crate::builder::*;
use cuad_syntax::ast::*;

/// Does constructing a value of `ty` run user code (a constructor, default member
/// initializers), for it or any of its fields?
pub(crate) fn constructed(prog: &cuad_sema::Program, ty: &Ty, depth: u32) -> bool {
    let ty = prog.canonical(ty);
    match &ty.kind {
        TyKind::Array { elem, .. } if depth < 8 => constructed(prog, elem, depth + 1),
        TyKind::Named { .. } if depth < 8 => {
            let Some(s) = prog.class_def(&ty) else {
                return false;
            };
            let owner = crate::class_name(s).unwrap_or_default();
            let has_ctor = s.members.iter().flatten().any(|m| {
                matches!(m, Member::Method(f) if f.name == owner || f.name.ends_with(&format!("::{owner}")))
            });
            has_ctor
                || crate::calls::default_construction_sets_fields(prog, &ty)
                || prog
                    .fields(&ty)
                    .iter()
                    .any(|(_, t)| constructed(prog, t, depth + 1))
        }
        _ => false,
    }
}

/// Rewrites the zeroes of constructed struct adjoints in `body`; true when any was found
/// (the output then needs the `cuad_zero_tangent` helper).
pub(crate) fn rewrite(prog: &cuad_sema::Program, body: &mut [Stmt]) -> bool {
    let mut used = false;
    for s in body.iter_mut() {
        rewrite_stmt(prog, s, &mut used);
    }
    used
}

fn rewrite_stmt(prog: &cuad_sema::Program, s: &mut Stmt, used: &mut bool) {
    match &mut s.kind {
        StmtKind::Decl(d) => {
            for v in &mut d.vars {
                let empty = match &v.init {
                    Some(Init::Brace(items)) => items.is_empty(),
                    Some(Init::Assign(e)) => is_empty_value(e),
                    _ => false,
                };
                let not_array = !matches!(v.ty.kind, TyKind::Array { .. });
                if empty && is_adjoint_name(&v.name) && not_array {
                    if let Some(zero) = zero_of(prog, &v.ty) {
                        v.init = Some(Init::Assign(zero));
                        *used = true;
                    }
                } else if v.init.is_none()
                    && not_array
                    && !d.specs.shared
                    && !d.specs.is_extern
                    && needs_placeholder(prog, &v.ty)
                {
                    // A hoisted `P p;` of a struct without default constructor (the user's
                    // `P p(a, b)` is assigned where the source declares it): every byte zero.
                    if let Some(zero) = zero_of(prog, &v.ty) {
                        v.init = Some(Init::Assign(zero));
                        *used = true;
                    }
                }
            }
        }
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(None, target, value),
            ..
        }) => {
            let ExprKind::Cast {
                kind: CastKind::Functional,
                ty,
                expr,
            } = &value.kind
            else {
                return;
            };
            let adjoint = crate::usage::lvalue_root(target).is_some_and(is_adjoint_name);
            if adjoint && matches!(&expr.kind, ExprKind::InitList(items) if items.is_empty()) {
                if let Some(zero) = zero_of(prog, ty) {
                    **value = zero;
                    *used = true;
                }
            }
        }
        StmtKind::Block(b) => b.iter_mut().for_each(|x| rewrite_stmt(prog, x, used)),
        StmtKind::If { then, els, .. } => {
            rewrite_stmt(prog, then, used);
            if let Some(e) = els {
                rewrite_stmt(prog, e, used);
            }
        }
        StmtKind::For { init, body, .. } => {
            if let Some(i) = init {
                rewrite_stmt(prog, i, used);
            }
            rewrite_stmt(prog, body, used);
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => {
            rewrite_stmt(prog, body, used)
        }
        _ => {}
    }
}

/// A struct with user constructors, none callable without arguments: `S s;` does not compile.
fn needs_placeholder(prog: &cuad_sema::Program, ty: &Ty) -> bool {
    !crate::calls::user_constructors(prog, ty).is_empty()
        && !crate::calls::has_user_default_constructor(prog, ty)
}

/// `{}` or `S{}`.
fn is_empty_value(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::InitList(items) => items.is_empty(),
        ExprKind::Cast {
            kind: CastKind::Functional,
            expr,
            ..
        } => matches!(&expr.kind, ExprKind::InitList(items) if items.is_empty()),
        _ => false,
    }
}

/// cuad's adjoints (`_d_x`) and scratch adjoints of pullback arguments (`_r3`).
fn is_adjoint_name(name: &str) -> bool {
    name.starts_with("_d_")
        || name
            .strip_prefix("_r")
            .is_some_and(|rest| !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()))
}

fn zero_of(prog: &cuad_sema::Program, ty: &Ty) -> Option<Expr> {
    if !constructed(prog, ty, 0) {
        return None;
    }
    let mut t = ty.clone().with_const(false);
    t.is_volatile = false;
    Some(Expr::synth(ExprKind::Call {
        callee: Box::new(ident("cuad_zero_tangent")),
        template_args: vec![TemplateArg::Type(t)],
        args: vec![],
    }))
}
