//! The reverse of a shared-memory tree reduction whose adjoint is at the root only.
//!
//! The forward tree `for (s = B; s > 0; s >>= 1) { if (t < s) a[t] += a[t + s]; __syncthreads(); }`
//! reverses into
//!
//! ```text
//! for (int k = n; k > 0; --k) {
//!     s = B >> k - 1;
//!     __syncthreads();
//!     if (t < s) { float r = _d_a[t]; _d_a[t + s] += r; }
//! }
//! __syncthreads();
//! ```
//!
//! When `B` is a power of two, the levels are powers of two and element `j < 2B` receives
//! only at level `msb(j)`, from `j - msb(j)`: after the loop `_d_a[j]` is the sum of `_d_a` over
//! `j`'s path to the root (`j`, then `j` without its highest set bit, and so on while that bit
//! is a level). When the adjoint array is known to be zero everywhere but at the root when the
//! loop starts (zeroed at the top of the gradient, then written only at index 0 before it, as
//! `_d_a[0] += seed` from `out[b] = a[0]`), that sum is the root's adjoint for every element
//! whose path reaches the root and zero otherwise: the loop becomes one store per element,
//! `_d_a[j] = _d_a[0]`, with no barrier of its own (thread 0 does not store). Whether the
//! levels are like that is decided at run time, uniformly for the block
//! (`__syncthreads_and(cuad_tree_fits(...))`, which is also the barrier the loop started
//! with: `t` is `threadIdx.x` of a 1-D block, `B` a power of two with `2B <= blockDim.x`, the
//! lowest level at least 1); otherwise the loop runs as generated.
//!
//! Reading every element's path in general (adjoints anywhere in the array) with two barriers
//! instead of one per level was measured slower than the loop on a 256-thread block (H100,
//! bench block_reduce 0.498 -> 0.515 ms), so only the root-only form is used.

use crate::builder::*;
use crate::usage::walk_expr;
use crate::usage::Names;
use cuad_emit::print_expr;
use cuad_syntax::ast::*;
use std::collections::{BTreeSet, HashMap};

/// Rewrites the reverse trees of `body` (the gradient's top-level statements) whose adjoint
/// arrays are known to be zero but at the root; returns whether one was rewritten (the helpers
/// are needed then). `uniform` names values every thread of the block shares (scalar
/// parameters the body never assigns).
pub(crate) fn rewrite(body: &mut [Stmt], uniform: &Names) -> bool {
    let mut rewritten = false;
    // Arrays zeroed at the top (`cuad_zero_shared(&_d_a, ...)`), with the constant indices
    // written since; an array leaves the map at any other write.
    let mut sparse: HashMap<String, BTreeSet<String>> = HashMap::new();
    for i in 0..body.len() {
        let followed_by_barrier = body.get(i + 1).is_some_and(crate::tile_replay::is_barrier);
        let tree = followed_by_barrier
            .then(|| Tree::of(&body[i], uniform))
            .flatten()
            .filter(|t| {
                t.arrays.iter().all(|a| {
                    sparse
                        .get(a)
                        .is_some_and(|written| written.iter().all(|k| k == "0"))
                })
            });
        if let Some(tree) = tree {
            let roots: Vec<&String> = tree
                .arrays
                .iter()
                .filter(|a| sparse.get(*a).is_some_and(|w| !w.is_empty()))
                .collect();
            let fast = tree.root_broadcast(&roots);
            for a in &tree.arrays {
                sparse.remove(a);
            }
            let original = std::mem::replace(&mut body[i], Stmt::synth(StmtKind::Empty));
            let fits = call(
                "cuad_tree_fits",
                vec![tree.thread.clone(), tree.base.clone(), tree.levels.clone()],
            );
            body[i] = if_stmt(
                call("__syncthreads_and", vec![fits]),
                fast,
                Some(vec![original]),
            );
            rewritten = true;
            continue;
        }
        if let Some(a) = zeroed_array(&body[i]) {
            sparse.insert(a, BTreeSet::new());
            continue;
        }
        sparse.retain(|a, written| constant_writes(&body[i], a, written));
    }
    rewritten
}

/// `cuad_zero_shared(&a, ...)`: `a`.
fn zeroed_array(s: &Stmt) -> Option<String> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return None;
    };
    if !matches!(&callee.kind, ExprKind::Ident(n) if n == "cuad_zero_shared") {
        return None;
    }
    match &args.first()?.kind {
        ExprKind::Unary(UnOp::AddrOf, a) => match &a.kind {
            ExprKind::Ident(n) => Some(n.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// Adds the indices `s` writes in `a` to `written`; false when a write's index is not an
/// integer literal or `a` escapes (named alone, its address taken other than as an element's,
/// incremented).
fn constant_writes(s: &Stmt, a: &str, written: &mut BTreeSet<String>) -> bool {
    let mut ok = true;
    crate::usage::visit_stmt_exprs(s, &mut |e| ok &= expr_writes(e, a, written));
    // A declaration that shadows `a` would make its uses another array's.
    ok && !crate::usage::any_stmt(
        s,
        &|x| matches!(&x.kind, StmtKind::Decl(d) if d.vars.iter().any(|v| v.name == a)),
    )
}

fn expr_writes(e: &Expr, a: &str, written: &mut BTreeSet<String>) -> bool {
    // `a[k]` as a place: Some(the literal `k`, or None).
    let place = |x: &Expr| -> Option<Option<String>> {
        match &x.strip_parens().kind {
            ExprKind::Index(base, k) if matches!(&base.kind, ExprKind::Ident(n) if n == a) => {
                Some(match &k.strip_parens().kind {
                    ExprKind::IntLit(v) => Some(v.clone()),
                    _ => None,
                })
            }
            _ => None,
        }
    };
    match &e.kind {
        ExprKind::Assign(_, lhs, rhs) => {
            if let Some(k) = place(lhs) {
                let Some(k) = k else { return false };
                written.insert(k);
                return expr_writes(rhs, a, written);
            }
        }
        ExprKind::Unary(UnOp::AddrOf, x) => {
            // `&a[k]`: an atomic's target, or another helper's that adds into it.
            if let Some(k) = place(x) {
                let Some(k) = k else { return false };
                written.insert(k);
                return true;
            }
        }
        ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, x)
            if place(x).is_some() =>
        {
            return false;
        }
        ExprKind::Index(base, k) if matches!(&base.kind, ExprKind::Ident(n) if n == a) => {
            // A read.
            return expr_writes(k, a, written);
        }
        ExprKind::Ident(n) if n == a => return false,
        _ => {}
    }
    let mut ok = true;
    crate::usage::for_each_child(e, &mut |x| ok &= expr_writes(x, a, written));
    ok
}

/// A matched reverse tree loop.
struct Tree {
    /// `t`: the thread's element.
    thread: Expr,
    /// `B`: the widest level.
    base: Expr,
    /// `n`: the number of levels.
    levels: Expr,
    /// `s`, the level variable, left at `B` as the loop leaves it.
    level_var: String,
    /// The adjoint arrays summed down the tree.
    arrays: Vec<String>,
}

impl Tree {
    fn of(s: &Stmt, uniform: &Names) -> Option<Tree> {
        let crate::index::CountedFor {
            counter,
            start: levels,
            cond,
            step,
            body,
            ..
        } = crate::index::CountedFor::of(s)?;
        if crate::usage::may_have_effects(&levels) {
            return None;
        }
        if print_expr(cond) != format!("{counter} > 0")
            || print_expr(step) != format!("--{counter}")
        {
            return None;
        }
        let body = match &body.kind {
            StmtKind::Block(b) => b.as_slice(),
            _ => return None,
        };
        let [level_assign, barrier, guarded] = body else {
            return None;
        };
        if !crate::tile_replay::is_barrier(barrier) {
            return None;
        }
        // `s = B >> k - 1;`
        let StmtKind::Expr(e) = &level_assign.kind else {
            return None;
        };
        let ExprKind::Assign(None, lhs, rhs) = &e.kind else {
            return None;
        };
        let ExprKind::Ident(level_var) = &lhs.kind else {
            return None;
        };
        let ExprKind::Binary(BinOp::Shr, base, shift) = &rhs.strip_parens().kind else {
            return None;
        };
        if print_expr(shift.strip_parens()) != format!("{counter} - 1")
            || !is_uniform(base, uniform)
        {
            return None;
        }
        // `if (t < s) { float r = _d_a[t]; _d_a[t + s] += r; ... }`
        let StmtKind::If {
            cond,
            then,
            els: None,
        } = &guarded.kind
        else {
            return None;
        };
        let ExprKind::Binary(BinOp::Lt, thread, bound) = &cond.kind else {
            return None;
        };
        if !matches!(&bound.kind, ExprKind::Ident(n) if n == level_var)
            || crate::usage::may_have_effects(thread)
            || mentions(thread, level_var)
            || mentions(thread, &counter)
        {
            return None;
        }
        let pairs = match &then.kind {
            StmtKind::Block(b) => b.as_slice(),
            _ => return None,
        };
        if pairs.is_empty() || pairs.len() % 2 != 0 {
            return None;
        }
        let thread_text = print_expr(thread);
        let child_text = print_expr(&binary(BinOp::Add, (**thread).clone(), ident(level_var)));
        let mut arrays = Vec::new();
        for pair in pairs.chunks(2) {
            let (read, array) = adjoint_read(&pair[0], &thread_text)?;
            let StmtKind::Expr(e) = &pair[1].kind else {
                return None;
            };
            let ExprKind::Assign(Some(BinOp::Add), target, value) = &e.kind else {
                return None;
            };
            let ExprKind::Index(target_array, target_index) = &target.kind else {
                return None;
            };
            if !matches!(&target_array.kind, ExprKind::Ident(n) if *n == array)
                || print_expr(target_index) != child_text
                || !matches!(&value.kind, ExprKind::Ident(n) if *n == read)
                || mentions(thread, &array)
            {
                return None;
            }
            arrays.push(array);
        }
        Some(Tree {
            thread: (**thread).clone(),
            base: (**base).clone(),
            levels,
            level_var: level_var.clone(),
            arrays,
        })
    }

    /// `_d_a[t] = _d_a[0]` for the elements whose path reaches the root, then the level
    /// variable as the loop leaves it.
    fn root_broadcast(&self, roots: &[&String]) -> Vec<Stmt> {
        let mut out = vec![comment(
            "reverse of the tree reduction: only the root has an adjoint; it reaches every element on a path to it",
        )];
        if !roots.is_empty() {
            let stores = roots
                .iter()
                .map(|a| {
                    expr_stmt(assign(
                        index(ident(a), self.thread.clone()),
                        index(ident(a), int_lit(0)),
                    ))
                })
                .collect();
            let reaches = call(
                "cuad_tree_reaches_root",
                vec![self.thread.clone(), self.base.clone(), self.levels.clone()],
            );
            out.push(if_stmt(reaches, stores, None));
        }
        out.push(expr_stmt(assign(ident(&self.level_var), self.base.clone())));
        out
    }
}

/// `float r = A[t];` with a real `r` and an array name `A`: `(r, A)`.
fn adjoint_read(s: &Stmt, thread_text: &str) -> Option<(String, String)> {
    let StmtKind::Decl(d) = &s.kind else {
        return None;
    };
    let [v] = d.vars.as_slice() else {
        return None;
    };
    if !matches!(v.ty.kind, TyKind::Float | TyKind::Double) {
        return None;
    }
    let Some(Init::Assign(e)) = &v.init else {
        return None;
    };
    let ExprKind::Index(array, i) = &e.kind else {
        return None;
    };
    let ExprKind::Ident(array) = &array.kind else {
        return None;
    };
    if print_expr(i) != thread_text {
        return None;
    }
    Some((v.name.clone(), array.clone()))
}

/// Built only from literals, `blockDim`/`gridDim` members and names in `uniform`.
fn is_uniform(e: &Expr, uniform: &Names) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| match &x.kind {
        ExprKind::IntLit(_) | ExprKind::Paren(_) | ExprKind::Binary(..) => {}
        ExprKind::Member { base, .. } => {
            ok &= matches!(&base.kind, ExprKind::Ident(n) if n == "blockDim" || n == "gridDim")
        }
        ExprKind::Ident(n) => {
            ok &= uniform.contains(n) || n == "blockDim" || n == "gridDim" || n == "warpSize"
        }
        _ => ok = false,
    });
    ok
}

fn mentions(e: &Expr, name: &str) -> bool {
    crate::usage::any_expr(e, &|x| matches!(&x.kind, ExprKind::Ident(n) if n == name))
}
