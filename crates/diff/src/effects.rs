//! Which calls change nothing their caller can see.
//!
//! A store to global memory whose value nothing reads afterwards is dead in a gradient, but
//! only when computing the stored value has no effect of its own: `y[i] = f(x[i])` may drop
//! its store when `f` writes only its own locals (it may read memory), not when it prints,
//! issues an atomic or writes through a pointer. `printf` counts as harmless: a gradient is not
//! the primal, and a pullback re-running the callee prints anyway.

use crate::reverse::Gen;
use crate::usage::{self, Names};
use cuad_sema::Program;
use cuad_syntax::ast::*;

/// How deep nested user calls are followed (recursive helpers count as effectful).
const CALLEE_DEPTH: usize = 4;

impl Gen<'_, '_> {
    /// See `is_effect_free_call`.
    pub(crate) fn is_effect_free_call(&self, callee: &Expr) -> bool {
        is_effect_free_call(self.prog, callee)
    }
}

/// Whether computing a stored value `r` has effects of its own (a call that is not
/// effect-free, an assignment): the gradient then keeps the store, dead or not.
pub(crate) fn store_value_has_effects(prog: &Program, r: &Expr) -> bool {
    usage::any_expr(r, &|x| match &x.kind {
        ExprKind::Call { callee, .. } => !is_effect_free_call(prog, callee),
        ExprKind::Assign(..) => true,
        _ => false,
    })
}

/// Whether a kernel body stores into the array `name` a value whose computation has effects,
/// so its gradient kernel repeats that store (`store_value_has_effects`).
pub(crate) fn gradient_repeats_stores(prog: &Program, body: &[Stmt], name: &str) -> bool {
    usage::any_expr_in(body, &|x| {
        matches!(&x.kind, ExprKind::Assign(None, l, r)
            if usage::lvalue_root(l) == Some(name) && store_value_has_effects(prog, r))
    })
}

/// A math-library call, or a call of user functions that write only their own locals and
/// by-value parameters (never through a pointer, a reference or into `__shared__` memory) and
/// call only such functions.
pub(crate) fn is_effect_free_call(prog: &Program, callee: &Expr) -> bool {
    effect_free(prog, callee, 0)
}

fn effect_free(prog: &Program, callee: &Expr, depth: usize) -> bool {
    let ExprKind::Ident(name) = &callee.kind else {
        return false;
    };
    let fns = prog.functions(name);
    if crate::rules::is_pure_math(name)
        || name == "printf"
        || fns.is_empty() && is_vector_maker(name)
    {
        return true;
    }
    depth < CALLEE_DEPTH
        && !fns.is_empty()
        && fns.iter().all(|f| {
            let Some(body) = &f.body else {
                return false;
            };
            let mut own: Names = f
                .params
                .iter()
                .filter(|p| is_plain_value(prog, &p.ty))
                .filter_map(|p| p.name.clone())
                .collect();
            body.iter().for_each(|s| plain_locals(prog, s, &mut own));
            let mut written = Names::new();
            usage::stmt_writes(body, &mut written);
            let mut ok = written.is_subset(&own);
            for s in body {
                usage::visit_stmt_exprs(s, &mut |e| {
                    usage::walk_expr(e, &mut |x| match &x.kind {
                        ExprKind::Call { callee, .. } => ok &= effect_free(prog, callee, depth + 1),
                        ExprKind::Launch { .. } => ok = false,
                        _ => {}
                    })
                });
            }
            ok
        })
}

/// Not a pointer, an array of pointers or a reference: writing it changes only itself.
fn is_plain_value(prog: &Program, ty: &Ty) -> bool {
    let mut t = prog.canonical(ty);
    while let TyKind::Array { elem, .. } = t.kind {
        t = prog.canonical(&elem);
    }
    !matches!(
        t.kind,
        TyKind::Pointer { .. } | TyKind::LRef(_) | TyKind::RRef(_)
    )
}

/// Locals declared in `s` that hold plain values in thread-private storage.
fn plain_locals(prog: &Program, s: &Stmt, out: &mut Names) {
    if let StmtKind::Decl(d) = &s.kind {
        if !(d.specs.shared || d.specs.is_static || d.specs.device) {
            let plain = d.vars.iter().filter(|v| is_plain_value(prog, &v.ty));
            out.extend(plain.map(|v| v.name.clone()));
        }
    }
    let mut inner = |b: &Stmt| plain_locals(prog, b, out);
    match &s.kind {
        StmtKind::Block(b) => b.iter().for_each(inner),
        StmtKind::If { then, els, .. } => {
            inner(then);
            els.iter().for_each(|e| inner(e));
        }
        StmtKind::For { init, body, .. } => {
            init.iter().for_each(|i| inner(i));
            inner(body);
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => inner(body),
        StmtKind::Switch { cases, .. } => cases.iter().flat_map(|c| &c.body).for_each(inner),
        _ => {}
    }
}

/// CUDA's `make_double2`, `make_int4`, `make_half2`, ...: a vector from its components.
fn is_vector_maker(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("make_") else {
        return false;
    };
    let scalar = rest.trim_end_matches(|c: char| c.is_ascii_digit());
    scalar.len() < rest.len()
        && matches!(
            scalar,
            "char"
                | "uchar"
                | "short"
                | "ushort"
                | "int"
                | "uint"
                | "long"
                | "ulong"
                | "longlong"
                | "ulonglong"
                | "float"
                | "double"
                | "half"
                | "bfloat16"
        )
}
