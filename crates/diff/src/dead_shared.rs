//! Shared-memory work the gradient does not need, and the barriers it leaves without purpose.
//!
//! A kernel gradient re-runs the primal's forward code, but it drops stores of primal results
//! that nothing reads back. nvcc removes dead register code by itself; it cannot remove stores
//! to `__shared__` arrays, nor the `__syncthreads()` that order them. A block reduction's
//! forward tree (`buf[t] += buf[t + s]; __syncthreads();`) is such work when the reverse pass
//! never reads the tree's partial sums (a linear reduction): its adjoint only needs the trip
//! count. This pass removes
//! 1. stores into a (non-`extern`) `__shared__` array or a scalar local whose values reach no
//!    live statement (a fixed point: a store into a dead array or scalar does not make what it
//!    reads live), and
//! 2. then, in the forward sweep, every `__syncthreads()` with no memory access another thread
//!    could see since the previous barrier (that barrier already orders everything before it
//!    with everything after this one).

use crate::usage::{
    any_expr, as_list, for_each_body, lvalue_root, may_have_effects, walk_expr, Names,
};
use cuad_syntax::ast::*;
use std::collections::HashMap;

/// What the pass needs to know about the kernel's names.
pub struct Kernel<'t> {
    /// Types of parameters and locals.
    pub types: &'t HashMap<String, Ty>,
    /// `__shared__` arrays (primal and adjoint).
    pub shared: Names,
    /// Primal `__shared__` arrays that are not `extern` (those alias one another), and the
    /// primal's scalar locals: a scalar whose every mention is a store of a pure value is dead
    /// (a tiled loop's accumulator whose result the gradient does not store), and the shared
    /// tiles only it read die with it.
    pub candidates: Names,
    pub params: Names,
    /// Shared tiles whose reverse loop stores them again before reading them and which
    /// nothing after their loop reads (tile_replay.rs): the reverse sweep needs none of their
    /// forward stores.
    pub replayed_tiles: Names,
}

/// Prunes dead shared stores from both sweeps and redundant barriers from the forward sweep.
/// `pending` says whether memory was accessed since the last barrier before `fwd` starts.
/// Returns the candidates no statement mentions any more (their declarations can go).
pub fn prune(fwd: &mut Vec<Stmt>, rev: &mut Vec<Stmt>, k: &Kernel, pending: bool) -> Names {
    let dead = dead_arrays(fwd, rev, &k.candidates, &Names::new());
    if !dead.is_empty() {
        remove_stores(fwd, &dead);
        remove_stores(rev, &dead);
    }
    if !k.replayed_tiles.is_empty() {
        let forward_dead = dead_arrays(fwd, rev, &k.candidates, &k.replayed_tiles);
        remove_stores(fwd, &forward_dead);
    }
    let readonly = readonly_pointers(fwd, rev, k);
    let access = Access { k, readonly };
    remove_barriers(fwd, pending, &access);
    // A store the removal cannot reach (a `for` header's) still mentions its variable.
    let mut mentioned = Names::new();
    for s in fwd.iter().chain(rev.iter()) {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| {
                if let ExprKind::Ident(n) = &x.kind {
                    mentioned.insert(n.clone());
                }
            })
        });
    }
    dead.difference(&mentioned).cloned().collect()
}

/// Drops the declarations (without initializers) of `unused` locals from `decls`: nvcc warns
/// about a variable declared but never referenced.
pub fn drop_declarations(decls: &mut Vec<Stmt>, unused: &Names) {
    decls.retain_mut(|s| {
        let StmtKind::Decl(d) = &mut s.kind else {
            return true;
        };
        d.vars
            .retain(|v| v.init.is_some() || !unused.contains(&v.name));
        !d.vars.is_empty()
    });
}

// ------------------------------------------------------------------ dead arrays

/// A statement that only stores into an array of `dead` (no call, no other effect).
fn is_dead_store(e: &Expr, dead: &Names) -> bool {
    let (l, r) = match &e.kind {
        ExprKind::Assign(_, l, r) => (&**l, Some(&**r)),
        ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, l) => {
            (&**l, None)
        }
        _ => return false,
    };
    let into_dead = match &l.strip_parens().kind {
        ExprKind::Index(..) => lvalue_root(l).is_some_and(|root| dead.contains(root)),
        ExprKind::Ident(n) => dead.contains(n),
        _ => false,
    };
    into_dead && !may_have_effects(l) && !r.is_some_and(may_have_effects)
}

/// The candidates whose stores reach nothing live; mentions of `unread_in_rev` in the reverse
/// sweep do not count.
fn dead_arrays(fwd: &[Stmt], rev: &[Stmt], candidates: &Names, unread_in_rev: &Names) -> Names {
    let mut dead = candidates.clone();
    loop {
        let mut live = Names::new();
        for s in fwd {
            live_reads(s, &dead, &mut live);
        }
        let mut live_rev = Names::new();
        for s in rev {
            live_reads(s, &dead, &mut live_rev);
        }
        live.extend(live_rev.difference(unread_in_rev).cloned());
        let before = dead.len();
        dead.retain(|n| !live.contains(n));
        if dead.len() == before {
            return dead;
        }
    }
}

/// Names of `dead` that `s` mentions outside stores into `dead` arrays.
fn live_reads(s: &Stmt, dead: &Names, live: &mut Names) {
    let mut mention = |e: &Expr| {
        walk_expr(e, &mut |x| {
            if let ExprKind::Ident(n) = &x.kind {
                if dead.contains(n) {
                    live.insert(n.clone());
                }
            }
        })
    };
    match &s.kind {
        StmtKind::Expr(e) if is_dead_store(e, dead) => {}
        StmtKind::Block(b) => b.iter().for_each(|x| live_reads(x, dead, live)),
        StmtKind::If { cond, then, els } => {
            mention(cond);
            live_reads(then, dead, live);
            if let Some(e) = els {
                live_reads(e, dead, live);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            cond.iter().chain(step).for_each(&mut mention);
            if let Some(i) = init {
                live_reads(i, dead, live);
            }
            live_reads(body, dead, live);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            mention(cond);
            live_reads(body, dead, live);
        }
        _ => crate::usage::visit_stmt_exprs(s, &mut mention),
    }
}

fn remove_stores(stmts: &mut Vec<Stmt>, dead: &Names) {
    stmts.retain(|s| !matches!(&s.kind, StmtKind::Expr(e) if is_dead_store(e, dead)));
    for s in stmts {
        for_each_body(s, &mut |b| remove_stores(b, dead));
    }
}

// ------------------------------------------------------------------ barriers

/// Pointer parameters whose memory nothing in the kernel writes (their reads need no barrier).
/// Empty when the kernel writes through a local pointer, which could alias any of them.
fn readonly_pointers(fwd: &[Stmt], rev: &[Stmt], k: &Kernel) -> Names {
    let mut written = Names::new();
    for s in fwd.iter().chain(rev) {
        crate::usage::stmt_writes_one(s, &mut written);
        // A pointer handed to a call (`atomicAdd(p + i, v)`, `f(p)`) may be written by it.
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| {
                if let ExprKind::Call { callee, args, .. } = &x.kind {
                    if !is_memory_free_call(callee) {
                        for a in args {
                            if let Some(root) = lvalue_root(a) {
                                written.insert(root.to_string());
                            }
                        }
                    }
                }
            })
        });
    }
    let is_pointer = |n: &str| {
        k.types
            .get(n)
            .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }))
    };
    if written
        .iter()
        .any(|n| is_pointer(n) && !k.params.contains(n))
    {
        return Names::new();
    }
    k.params
        .iter()
        .filter(|n| is_pointer(n) && !written.contains(*n))
        .cloned()
        .collect()
}

/// Calls that touch no memory another thread could see: math, read-only loads, shuffles (and
/// the barrier itself, which the walk handles).
fn is_memory_free_call(callee: &Expr) -> bool {
    match &callee.kind {
        ExprKind::Ident(n) => {
            let n = n.trim_start_matches("::");
            crate::rules::is_pure_math(n)
                || n == "__syncthreads"
                || n == "__ldg"
                || n.starts_with("__shfl")
                || n.starts_with("__float2")
                || n.starts_with("__half2")
                || n.starts_with("__int2")
        }
        _ => false,
    }
}

struct Access<'k, 't> {
    k: &'k Kernel<'t>,
    readonly: Names,
}

impl Access<'_, '_> {
    /// Memory reached through `root` may be seen by other threads of the block.
    fn visible(&self, root: Option<&str>) -> bool {
        let Some(root) = root else { return true };
        if self.k.shared.contains(root) {
            return true;
        }
        match self.k.types.get(root) {
            Some(t) if matches!(t.kind, TyKind::Pointer { .. }) => !self.readonly.contains(root),
            Some(_) => false,
            None => true,
        }
    }

    fn expr(&self, e: &Expr) -> bool {
        any_expr(e, &|x| match &x.kind {
            // A `__shared__` scalar is shared memory too (`if (t == 0) s = 0; __syncthreads();`).
            ExprKind::Ident(n) => self.k.shared.contains(n),
            ExprKind::Index(b, _) => self.visible(lvalue_root(b)),
            ExprKind::Unary(UnOp::Deref, p) => self.visible(lvalue_root(p)),
            ExprKind::Member {
                base, arrow: true, ..
            } => self.visible(lvalue_root(base)),
            ExprKind::Call { callee, .. } => !is_memory_free_call(callee),
            ExprKind::Launch { .. } => true,
            _ => false,
        })
    }

    fn stmt(&self, s: &Stmt) -> bool {
        let mut any = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| any |= self.expr(e));
        any
    }
}

fn is_barrier(s: &Stmt) -> bool {
    matches!(&s.kind, StmtKind::Expr(e) if matches!(&e.kind,
        ExprKind::Call { callee, args, .. } if args.is_empty()
            && matches!(&callee.kind, ExprKind::Ident(n) if n == "__syncthreads")))
}

/// Drops barriers with no visible access since the last barrier kept; returns whether an
/// access may be pending after the list.
fn remove_barriers(stmts: &mut Vec<Stmt>, mut pending: bool, a: &Access) -> bool {
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in std::mem::take(stmts) {
        if is_barrier(&s) {
            if pending {
                pending = false;
                out.push(s);
            }
            continue;
        }
        let is_loop = matches!(
            s.kind,
            StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
        );
        if is_loop {
            // The body is entered from before the loop or from its own end: with any access
            // in the loop (header included), assume one is pending at entry.
            let entry = pending || a.stmt(&s);
            let mut after = entry;
            if let StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. } = &mut s.kind
            {
                as_list(body, &mut |b| after = remove_barriers(b, entry, a));
            }
            out.push(s);
            pending = entry || after;
            continue;
        }
        if !matches!(
            s.kind,
            StmtKind::Block(_) | StmtKind::If { .. } | StmtKind::Switch { .. }
        ) {
            pending = pending || a.stmt(&s);
            out.push(s);
            continue;
        }
        pending = match &mut s.kind {
            StmtKind::Block(b) => remove_barriers(b, pending, a),
            StmtKind::If { cond, then, els } => {
                let p = pending || a.expr(cond);
                let mut after_then = p;
                as_list(then, &mut |b| after_then = remove_barriers(b, p, a));
                let mut after_else = p;
                if let Some(e) = els {
                    as_list(e, &mut |b| after_else = remove_barriers(b, p, a));
                }
                after_then || after_else
            }
            _ => true,
        };
        out.push(s);
    }
    *stmts = out;
    pending
}
