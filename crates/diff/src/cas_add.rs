//! The compare-and-swap `atomicAdd` of code written for GPUs without a native one (the CUDA
//! programming guide's double `atomicAdd` before sm_60, often behind `#if __CUDA_ARCH__ < 600`
//! or under a name of its own):
//!
//! ```c++
//! __device__ double add(double* address, double val) {
//!   unsigned long long* p = (unsigned long long*)address;
//!   unsigned long long old = *p, assumed;
//!   do {
//!     assumed = old;
//!     old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
//!   } while (assumed != old);
//!   return __longlong_as_double(old);
//! }
//! ```
//!
//! A call of such a helper adds `val` to `*address` atomically and returns the old value:
//! it is `atomicAdd(address, val)`, which cuad differentiates. Anything else in the helper
//! (another update than `+ val`, other statements with effects) keeps it a user function, whose
//! bit casts are then diagnosed (`activity::bit_cast_errors`).

use cuad_sema::Program;
use cuad_syntax::ast::*;

/// Calls of CAS-loop add helpers in `body` become `atomicAdd` calls.
pub fn rewrite_calls(prog: &Program, body: &mut [Stmt]) {
    for s in body {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            let ExprKind::Call { callee, args, .. } = &mut e.kind else {
                return;
            };
            let ExprKind::Ident(name) = &callee.kind else {
                return;
            };
            if args.len() == 2 && name != "atomicAdd" && is_cas_add_helper(prog, name) {
                callee.kind = ExprKind::Ident("atomicAdd".to_string());
            }
        });
    }
}

fn is_cas_add_helper(prog: &Program, name: &str) -> bool {
    let defs: Vec<&Function> = prog
        .functions(name)
        .into_iter()
        .filter(|f| f.body.is_some())
        .collect();
    !defs.is_empty() && defs.iter().all(|f| is_cas_add(prog, f))
}

/// Bit casts to integers and back, per floating type.
const BIT_PAIRS: [(&str, &str); 3] = [
    ("__double_as_longlong", "__longlong_as_double"),
    ("__float_as_int", "__int_as_float"),
    ("__float_as_uint", "__uint_as_float"),
];

fn is_cas_add(prog: &Program, f: &Function) -> bool {
    let [addr, val] = f.params.as_slice() else {
        return false;
    };
    let (Some(addr), Some(val)) = (&addr.name, &val.name) else {
        return false;
    };
    let real = |t: &Ty| matches!(prog.canonical(t).kind, TyKind::Float | TyKind::Double);
    let TyKind::Pointer { pointee, .. } = &prog.canonical(&f.params[0].ty).kind else {
        return false;
    };
    if !real(pointee) || pointee.is_const || !real(&f.params[1].ty) || f.template.is_some() {
        return false;
    }
    let Some(body) = &f.body else {
        return false;
    };
    let mut stmts = Vec::new();
    flatten(body, &mut stmts);
    // The integer view of `address`: locals initialized as a cast of it.
    let mut views: Vec<String> = Vec::new();
    let mut loops = 0;
    for s in &stmts {
        match &s.kind {
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    match &v.init {
                        Some(Init::Assign(e)) if is_cast_of(e, addr) => views.push(v.name.clone()),
                        Some(Init::Assign(e)) if !pure(e) => return false,
                        Some(Init::Brace(_)) | Some(Init::Paren(_)) => return false,
                        _ => {}
                    }
                }
            }
            StmtKind::DoWhile { body, cond } | StmtKind::While { cond, body } => {
                loops += 1;
                if !cas_loop(body, cond, addr, val, &views) {
                    return false;
                }
            }
            StmtKind::Return(e) => {
                if e.as_ref().is_some_and(|e| !pure(e)) {
                    return false;
                }
            }
            StmtKind::Empty => {}
            _ => return false,
        }
    }
    loops == 1
}

/// `assumed = old; old = atomicCAS(p, assumed, TO(val + FROM(assumed)));` with the condition
/// `assumed != old`.
fn cas_loop(body: &Stmt, cond: &Expr, addr: &str, val: &str, views: &[String]) -> bool {
    let mut stmts = Vec::new();
    flatten(std::slice::from_ref(body), &mut stmts);
    let assigns: Vec<(&str, &Expr)> = stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Expr(e) => match &e.strip_parens().kind {
                ExprKind::Assign(None, l, r) => Some((ident_name(l)?, &**r)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let [(assumed, first), (old, cas)] = assigns.as_slice() else {
        return false;
    };
    if stmts.len() != 2 || ident_name(first) != Some(old) || assumed == old {
        return false;
    }
    let ExprKind::Call { callee, args, .. } = &cas.strip_parens().kind else {
        return false;
    };
    if ident_name(callee) != Some("atomicCAS") || args.len() != 3 {
        return false;
    }
    let target_ok = is_cast_of(&args[0], addr)
        || ident_name(&args[0]).is_some_and(|p| views.iter().any(|v| v == p));
    if !target_ok || ident_name(&args[1]) != Some(assumed) {
        return false;
    }
    let compares = match &cond.strip_parens().kind {
        ExprKind::Binary(BinOp::Ne, l, r) => {
            let (l, r) = (ident_name(l), ident_name(r));
            (l, r) == (Some(assumed), Some(old)) || (l, r) == (Some(old), Some(assumed))
        }
        _ => false,
    };
    compares && adds_to_decoded(&args[2], val, assumed)
}

/// `TO(val + FROM(assumed))` (either operand order) for one of the bit-cast pairs.
fn adds_to_decoded(e: &Expr, val: &str, assumed: &str) -> bool {
    let Some((to, [sum])) = call_parts(e) else {
        return false;
    };
    let Some((_, from)) = BIT_PAIRS.iter().find(|(t, _)| *t == to) else {
        return false;
    };
    let ExprKind::Binary(BinOp::Add, l, r) = &sum.strip_parens().kind else {
        return false;
    };
    let decoded = |x: &Expr| {
        call_parts(x)
            .is_some_and(|(n, a)| n == *from && a.len() == 1 && ident_name(&a[0]) == Some(assumed))
    };
    (ident_name(l) == Some(val) && decoded(r)) || (ident_name(r) == Some(val) && decoded(l))
}

fn call_parts(e: &Expr) -> Option<(&str, &[Expr])> {
    let ExprKind::Call { callee, args, .. } = &e.strip_parens().kind else {
        return None;
    };
    Some((ident_name(callee)?, args.as_slice()))
}

fn ident_name(e: &Expr) -> Option<&str> {
    match &e.strip_parens().kind {
        ExprKind::Ident(n) => Some(n.trim_start_matches("::")),
        _ => None,
    }
}

/// `(unsigned long long*)addr`, `reinterpret_cast<int*>(addr)`.
fn is_cast_of(e: &Expr, addr: &str) -> bool {
    match &e.strip_parens().kind {
        ExprKind::Cast {
            kind: CastKind::CStyle | CastKind::Reinterpret,
            ty,
            expr,
        } => matches!(ty.kind, TyKind::Pointer { .. }) && ident_name(expr) == Some(addr),
        _ => false,
    }
}

/// No calls other than bit casts, no assignments or increments.
fn pure(e: &Expr) -> bool {
    !crate::usage::any_expr(e, &|x| match &x.kind {
        ExprKind::Call { callee, .. } => {
            !ident_name(callee).is_some_and(|n| BIT_PAIRS.iter().any(|(t, f)| n == *t || n == *f))
        }
        ExprKind::Assign(..) => true,
        ExprKind::Unary(op, _) => matches!(
            op,
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec
        ),
        _ => false,
    })
}

fn flatten<'a>(stmts: &'a [Stmt], out: &mut Vec<&'a Stmt>) {
    for s in stmts {
        match &s.kind {
            StmtKind::Block(b) => flatten(b, out),
            StmtKind::Empty => {}
            _ => out.push(s),
        }
    }
}
