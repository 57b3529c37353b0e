//! Loads of a kernel gradient's last per-thread statements issued before its barriers.
//!
//! A gradient whose reverse runs a block reduction ends with the thread's own element:
//!
//! ```text
//! i = blockIdx.x * blockDim.x + t;
//! ...                                  // barriers: the reduction's reverse
//! if (i < n) { _d_x[i] += _d_v * x[i]; _d_x[i] += x[i] * _d_v; }
//! ```
//!
//! nvcc does not move global loads across `__syncthreads()`, so the loads of `x[i]` and
//! `_d_x[i]` wait for memory after the last barrier. Both can be read as soon as `i` is known:
//! `x` is a primal buffer the gradient never writes (and writes no other primal buffer that
//! could alias it), and a plain `+=` into an adjoint buffer is cuad's proof that no other thread
//! touches that element (when the code before the tail does not mention the buffer: another
//! thread's access to another element there would be unordered with the early read). The
//! guarded loads move up to just after the last statement writing what the guard and the
//! addresses read; the updates then add into a register and store once.

use crate::builder::*;
use crate::usage::{self, Names};
use cuad_emit::print_expr;
use cuad_syntax::ast::*;

/// The gradient's pointer parameters: primal buffers and adjoint buffers, with element types.
pub(crate) struct Buffers<'a> {
    pub primal: &'a [(String, Ty)],
    pub adjoint: &'a [(String, Ty)],
}

pub(crate) fn rewrite(body: &mut Vec<Stmt>, buffers: &Buffers) {
    if !primal_read_only(body, buffers) {
        return;
    }
    let mut fresh = 0;
    let mut k = 0;
    while k < body.len() {
        k += 1 + hoist_one(body, k, buffers, &mut fresh);
    }
}

/// Every primal buffer is only read (indexed, never assigned, never passed or offset), and the
/// gradient stores only into its locals and adjoint buffers (no other memory that could alias
/// a primal buffer, as a struct parameter's pointer field could).
fn primal_read_only(body: &[Stmt], buffers: &Buffers) -> bool {
    let mut locals = Names::new();
    let mut written = Names::new();
    for s in body {
        collect_locals(s, &mut locals);
        usage::stmt_writes_one(s, &mut written);
    }
    let own = |n: &String| locals.contains(n) || buffers.adjoint.iter().any(|(a, _)| a == n);
    if !written.iter().all(own) {
        return false;
    }
    let mut ok = true;
    for s in body {
        usage::visit_stmt_exprs(s, &mut |e| {
            for (p, _) in buffers.primal {
                ok &= only_indexed_reads(e, p);
            }
        });
    }
    ok
}

fn collect_locals(s: &Stmt, out: &mut Names) {
    if let StmtKind::Decl(d) = &s.kind {
        out.extend(d.vars.iter().map(|v| v.name.clone()));
    }
    s.for_each_child(&mut |c| collect_locals(c, out));
}

fn only_indexed_reads(e: &Expr, p: &str) -> bool {
    let rooted = |x: &Expr| usage::lvalue_root(x) == Some(p);
    match &e.kind {
        ExprKind::Assign(_, l, _) if rooted(l) => false,
        ExprKind::Unary(
            UnOp::AddrOf | UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
            x,
        ) if rooted(x) => false,
        ExprKind::Index(base, i) if matches!(&base.kind, ExprKind::Ident(n) if n == p) => {
            only_indexed_reads(i, p)
        }
        ExprKind::Ident(n) => n != p,
        _ => {
            let mut ok = true;
            usage::for_each_child(e, &mut |x| ok &= only_indexed_reads(x, p));
            ok
        }
    }
}

/// Hoists the loads of `body[k]` when it is a guarded tail worth it; returns the number of
/// statements inserted before it.
fn hoist_one(body: &mut Vec<Stmt>, k: usize, buffers: &Buffers, fresh: &mut usize) -> usize {
    let Some(plan) = Plan::of(body, k, buffers) else {
        return 0;
    };
    let StmtKind::If { cond, then, .. } = &mut body[k].kind else {
        return 0;
    };
    let guard = cond.clone();
    let StmtKind::Block(tail) = &mut then.kind else {
        return 0;
    };
    let mut early = Vec::new();
    let mut loads = Vec::new();
    for (element, ty) in plan.primal_reads.iter().chain(&plan.updates) {
        let name = format!("_cuad_pre{fresh}");
        *fresh += 1;
        early.push(decl(ty.clone(), &name, Some(real_zero(ty))));
        loads.push(expr_stmt(assign(ident(&name), element.clone())));
        let text = print_expr(element);
        let is_update = plan.updates.iter().any(|(u, _)| print_expr(u) == text);
        for s in tail.iter_mut() {
            replace_in_stmt(s, &text, &name);
        }
        if is_update {
            tail.push(expr_stmt(assign(element.clone(), ident(&name))));
        }
    }
    early.push(if_stmt(guard, loads, None));
    let n = early.len();
    let at = plan.at;
    body.splice(at..at, early);
    n
}

/// What moves for one guarded tail, and where to.
struct Plan {
    at: usize,
    /// `x[idx]` of read-only primal buffers.
    primal_reads: Vec<(Expr, Ty)>,
    /// `_d_x[idx]` of plain `+=` updates, each the buffer's only mention in the tail.
    updates: Vec<(Expr, Ty)>,
}

impl Plan {
    fn of(body: &[Stmt], k: usize, buffers: &Buffers) -> Option<Plan> {
        let StmtKind::If {
            cond,
            then,
            els: None,
        } = &body[k].kind
        else {
            return None;
        };
        let StmtKind::Block(tail) = &then.kind else {
            return None;
        };
        if usage::may_have_effects(cond) {
            return None;
        }
        let mut tail_writes = Names::new();
        usage::stmt_writes(tail, &mut tail_writes);
        // The addresses and the guard must read what they read before the tail.
        let mut needed = Names::new();
        usage::reads(cond, &mut needed);
        let mut primal_reads: Vec<(Expr, Ty)> = Vec::new();
        let mut updates: Vec<(Expr, Ty)> = Vec::new();
        // Top-level expression statements and declarations only: those are what gets rewritten.
        for s in tail
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Expr(_) | StmtKind::Decl(_)))
        {
            usage::visit_stmt_exprs(s, &mut |e| {
                walk_unconditional(e, &mut |x| {
                    let ExprKind::Index(base, idx) = &x.kind else {
                        return;
                    };
                    let ExprKind::Ident(b) = &base.kind else {
                        return;
                    };
                    let Some((_, ty)) = buffers.primal.iter().find(|(p, _)| p == b) else {
                        return;
                    };
                    if !usage::may_have_effects(idx)
                        && !primal_reads
                            .iter()
                            .any(|(r, _)| print_expr(r) == print_expr(x))
                    {
                        primal_reads.push((x.clone(), ty.clone()));
                    }
                })
            });
        }
        for (a, ty) in buffers.adjoint {
            // Another thread may touch other elements of a buffer the code before mentions
            // (`_d_in[t] = 0` before a barrier, `_d_in[t + 1] += v` after it): only a buffer
            // the tail alone mentions has nothing to order.
            if body[..k].iter().any(|s| mentions_stmt(s, a)) {
                continue;
            }
            let mentions: Vec<&Stmt> = tail.iter().filter(|s| mentions_stmt(s, a)).collect();
            let mut element: Option<Expr> = None;
            let all_updates = mentions.iter().all(|s| match plain_update(s, a) {
                Some(target) => match &element {
                    None => {
                        element = Some(target.clone());
                        true
                    }
                    Some(e) => print_expr(e) == print_expr(target),
                },
                None => false,
            });
            if let (true, Some(e)) = (all_updates, element) {
                let ExprKind::Index(_, idx) = &e.kind else {
                    continue;
                };
                if !usage::may_have_effects(idx) {
                    updates.push((e.clone(), ty.clone()));
                }
            }
        }
        primal_reads.retain(|(e, _)| !updates.iter().any(|(u, _)| print_expr(u) == print_expr(e)));
        if primal_reads.is_empty() && updates.is_empty() {
            return None;
        }
        for (e, _) in primal_reads.iter().chain(&updates) {
            if let ExprKind::Index(_, idx) = &e.kind {
                usage::reads(idx, &mut needed);
            }
        }
        if !needed.is_disjoint(&tail_writes) {
            return None;
        }
        // Up to just after the last statement that writes what they read.
        let mut at = k;
        while at > 0 {
            let prev = &body[at - 1];
            let mut w = Names::new();
            usage::stmt_writes_one(prev, &mut w);
            if !w.is_disjoint(&needed) || usage::contains_return(prev) {
                break;
            }
            at -= 1;
        }
        // Only across a barrier is there latency nvcc cannot hide by itself.
        if !body[at..k].iter().any(synchronizes) {
            return None;
        }
        Some(Plan {
            at,
            primal_reads,
            updates,
        })
    }
}

/// `f` on `e` and the subexpressions evaluated whenever `e` is: not the arms of `?:`, the right
/// operands of `&&` and `||`, or a lambda's body (a read there may be out of bounds).
fn walk_unconditional(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Cond(c, _, _) | ExprKind::Binary(BinOp::And | BinOp::Or, c, _) => {
            walk_unconditional(c, f)
        }
        ExprKind::Lambda(_) => {}
        _ => usage::for_each_child(e, &mut |x| walk_unconditional(x, f)),
    }
}

/// `a[idx] += v;`: the element.
fn plain_update<'s>(s: &'s Stmt, a: &str) -> Option<&'s Expr> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    let ExprKind::Assign(Some(BinOp::Add), target, value) = &e.kind else {
        return None;
    };
    let ExprKind::Index(base, idx) = &target.kind else {
        return None;
    };
    let is_a =
        |x: &Expr| crate::usage::any_expr(x, &|y| matches!(&y.kind, ExprKind::Ident(n) if n == a));
    (matches!(&base.kind, ExprKind::Ident(n) if n == a) && !is_a(idx) && !is_a(value))
        .then_some(&**target)
}

fn mentions_stmt(s: &Stmt, name: &str) -> bool {
    let mut found = false;
    usage::visit_stmt_exprs(s, &mut |e| {
        found |= usage::any_expr(e, &|x| matches!(&x.kind, ExprKind::Ident(n) if n == name));
    });
    found
}

fn synchronizes(s: &Stmt) -> bool {
    let mut found = false;
    usage::visit_stmt_exprs(s, &mut |e| {
        found |= usage::any_expr(e, &|x| {
            crate::host::callee_name(x).is_some_and(|n| n.starts_with("__syncthreads"))
        });
    });
    found
}

/// Replaces `element` (by its text) with `name`; an update `element += v` becomes `name += v`.
fn replace_in_stmt(s: &mut Stmt, element: &str, name: &str) {
    let rewrite = |e: &mut Expr| {
        let old = std::mem::replace(e, Expr::ident(""));
        *e = replace_expr(old, element, name);
    };
    match &mut s.kind {
        StmtKind::Expr(e) => rewrite(e),
        StmtKind::Decl(d) => {
            for v in &mut d.vars {
                if let Some(Init::Assign(e)) = &mut v.init {
                    rewrite(e);
                }
            }
        }
        _ => {}
    }
}

fn replace_expr(e: Expr, element: &str, name: &str) -> Expr {
    if print_expr(&e) == element {
        return ident(name);
    }
    usage::map_subexprs(e, &mut |x| replace_expr(x, element, name))
}
