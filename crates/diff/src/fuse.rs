//! Fusing the end of the forward sweep with the start of the reverse sweep.
//!
//! A kernel body is usually one guarded block, so its gradient reads
//! `if (i < n) { forward } // reverse pass if (i < n) { reverse }`. Emitting
//! `if (i < n) { forward // reverse pass reverse }` instead evaluates the guard once and, more
//! importantly, puts the forward values and the partials that recompute them (an `expf` in a
//! rule, a callee re-run by its pullback) in one block, where nvcc shares them (CSE).

use crate::activity::is_real;
use crate::builder::*;
use crate::usage::{self, Names};
use cuad_syntax::ast::*;
use std::collections::HashMap;

/// Splits off a fused statement when the last forward statement and the first reverse
/// statement are `if`s on the same condition that the forward branch cannot change. Returns
/// the new forward and reverse sweeps; the comment marking the reverse pass goes inside.
pub fn fuse_sweeps(mut fwd: Vec<Stmt>, mut rev: Vec<Stmt>) -> (Vec<Stmt>, Vec<Stmt>, bool) {
    let fusable = match (fwd.last(), rev.first()) {
        (Some(f), Some(r)) => same_guard(f, r),
        _ => false,
    };
    if !fusable {
        return (fwd, rev, false);
    }
    let (Some(f), r) = (fwd.pop(), rev.remove(0)) else {
        return (fwd, rev, false);
    };
    let (
        StmtKind::If {
            cond,
            then: ft,
            els: fe,
        },
        StmtKind::If {
            then: rt, els: re, ..
        },
    ) = (f.kind, r.kind)
    else {
        return (fwd, rev, false);
    };
    let join = |a: Option<Box<Stmt>>, b: Option<Box<Stmt>>| -> Vec<Stmt> {
        let (a, b) = (stmts_of(a), stmts_of(b));
        if b.is_empty() {
            return a;
        }
        let mut out = a;
        out.push(comment("reverse pass"));
        out.extend(b);
        out
    };
    let then = join(Some(ft), Some(rt));
    let els = join(fe, re);
    fwd.push(if_stmt(cond, then, Some(els)));
    (fwd, rev, true)
}

fn stmts_of(s: Option<Box<Stmt>>) -> Vec<Stmt> {
    match s.map(|b| b.kind) {
        Some(StmtKind::Block(v)) => v,
        Some(other) => vec![Stmt::synth(other)],
        None => vec![],
    }
}

/// Both are `if`s on the same pure condition, and the forward one does not write what the
/// condition reads (so evaluating it once, before the forward branch, gives the same value).
fn same_guard(f: &Stmt, r: &Stmt) -> bool {
    let (StmtKind::If { cond: fc, .. }, StmtKind::If { cond: rc, .. }) = (&f.kind, &r.kind) else {
        return false;
    };
    if cuad_emit::print_expr(fc) != cuad_emit::print_expr(rc) {
        return false;
    }
    if usage::may_have_effects(fc) {
        return false;
    }
    let mut cond_reads = Names::new();
    usage::reads(fc, &mut cond_reads);
    let mut written = Names::new();
    usage::stmt_writes_one(f, &mut written);
    cond_reads.is_disjoint(&written)
}

/// The fewest statements a `+=`'s read must move across to be worth it: across a short span
/// there is no latency to hide, and the extra early load measured slower (bench/README.md).
const MIN_RMW_SPAN: usize = 32;

/// Moves loads of adjoint buffers at the top level of the reverse part up to just after the
/// last statement that writes what their address reads, so they issue with the forward's loads
/// instead of after its arithmetic and their latency overlaps it (a kernel that waited on
/// memory twice waits once): output adjoints (`T _r_d = _d_out[i];`), and the read half of
/// a plain `_d_x[i] += v` when the span it crosses is long (`T _cuad_old = _d_x[i];` early,
/// `_d_x[i] = _cuad_old + v` in place). A load never moves above a statement that mentions its
/// buffer (a write, a shadow pointer, an atomic) or synchronizes threads, so it reads the same
/// value. `adjoint_buffers` maps each adjoint buffer to its element type.
pub fn hoist_adjoint_loads(stmts: &mut Vec<Stmt>, adjoint_buffers: &HashMap<String, Ty>) {
    let Some(start) = stmts.iter().position(is_reverse_marker) else {
        return;
    };
    let mut fresh = 0;
    for k in start + 1..stmts.len() {
        let Some(load) = adjoint_load(&stmts[k], adjoint_buffers) else {
            continue;
        };
        let mut h = k;
        // Loads keep their order (another hoisted load stops this one).
        while h > 0
            && !is_hoisted_load(&stmts[h - 1], adjoint_buffers)
            && !blocks_hoist(&stmts[h - 1], &load.buffer, &load.address_reads)
        {
            h -= 1;
        }
        match load.update {
            None if h < k => {
                let s = stmts.remove(k);
                stmts.insert(h, s);
            }
            Some((target, value)) if k - h >= MIN_RMW_SPAN && is_real(&load.elem) => {
                let old = format!("_cuad_old{fresh}");
                fresh += 1;
                stmts[k] = expr_stmt(assign(
                    target.clone(),
                    binary(BinOp::Add, ident(&old), paren(value)),
                ));
                stmts.insert(h, decl(load.elem, &old, Some(target)));
            }
            _ => {}
        }
    }
}

fn is_reverse_marker(s: &Stmt) -> bool {
    matches!(&s.kind, StmtKind::Pragma(p) if p == "// reverse pass")
}

/// A load of an adjoint buffer element: the buffer, the names its address reads, its element
/// type, and for a `buf[idx] += v` statement the element and `v`.
struct AdjointLoad {
    buffer: String,
    address_reads: Names,
    elem: Ty,
    update: Option<(Expr, Expr)>,
}

/// `T v = buf[idx];` or `buf[idx] += v;` with `buf` an adjoint buffer and `idx` pure.
fn adjoint_load(s: &Stmt, adjoint_buffers: &HashMap<String, Ty>) -> Option<AdjointLoad> {
    let (element, update) = match &s.kind {
        StmtKind::Decl(d) => match d.vars.as_slice() {
            [VarDecl {
                init: Some(Init::Assign(init)),
                ..
            }] => (init.strip_parens(), None),
            _ => return None,
        },
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(Some(BinOp::Add), target, value),
            ..
        }) if !usage::may_have_effects(value) => {
            (&**target, Some(((**target).clone(), (**value).clone())))
        }
        _ => return None,
    };
    let ExprKind::Index(base, idx) = &element.kind else {
        return None;
    };
    let ExprKind::Ident(buffer) = &base.kind else {
        return None;
    };
    let elem = adjoint_buffers.get(buffer)?.clone();
    if usage::may_have_effects(idx) {
        return None;
    }
    let mut address_reads = Names::new();
    usage::reads(idx, &mut address_reads);
    Some(AdjointLoad {
        buffer: buffer.clone(),
        address_reads,
        elem,
        update,
    })
}

/// A declaration initialized from an adjoint buffer element (a seed load or an early read).
fn is_hoisted_load(s: &Stmt, adjoint_buffers: &HashMap<String, Ty>) -> bool {
    matches!(&s.kind, StmtKind::Decl(_)) && adjoint_load(s, adjoint_buffers).is_some()
}

/// May a load not move above `s`? When `s` mentions the buffer, writes (or declares, or
/// passes to a call, which may write through a reference) a name the address reads, or
/// synchronizes threads.
fn blocks_hoist(s: &Stmt, buffer: &str, address_reads: &Names) -> bool {
    let mut written = Names::new();
    usage::stmt_writes_one(s, &mut written);
    if !written.is_disjoint(address_reads) {
        return true;
    }
    let mut blocked = false;
    usage::visit_stmt_exprs(s, &mut |e| {
        blocked |= usage::any_expr(e, &|x| match &x.kind {
            ExprKind::Ident(n) => n == buffer,
            ExprKind::Call { callee, args, .. } => match &callee.kind {
                ExprKind::Ident(name) => {
                    let name = name.trim_start_matches("::");
                    name.starts_with("__sync")
                        || name.starts_with("__threadfence")
                        || (!crate::rules::is_pure_math(name)
                            && args.iter().any(|a| {
                                usage::any_expr(a, &|y| {
                                    matches!(&y.kind, ExprKind::Ident(n) if address_reads.contains(n))
                                })
                            }))
                }
                // Methods (cooperative groups' `sync()`): assume they synchronize.
                _ => true,
            },
            _ => false,
        });
    });
    blocked
}
