//! The reverse of a tree reduction as path sums, with two barriers instead of one per level.
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
//! only at level `msb(j)`, from `j - msb(j)`, which is final by then: after the loop `_d_a[j]`
//! is the sum of `_d_a` over `j`'s path to the root (`j`, then `j` without its highest set bit,
//! and so on while that bit is a level). Each thread reads its own path after one barrier and
//! stores the sum after a second, in place of `log2(B) + 1` barriers (`cuad_tree_path_sum`).
//! Whether that holds is decided at run time, uniformly for the block
//! (`__syncthreads_and(cuad_tree_fits(...))`: `t` is `threadIdx.x` of a 1-D block, `B` a
//! power of two with `2B <= blockDim.x`, the lowest level at least 1); otherwise the loop
//! runs as generated.

use crate::builder::*;
use crate::usage::walk_expr;
use crate::usage::Names;
use cuad_emit::print_expr;
use cuad_syntax::ast::*;

/// Rewrites every matching reverse tree in `body`; returns whether one was rewritten (the
/// helpers are needed then). `uniform` names values every thread of the block shares (scalar
/// parameters the body never assigns).
pub(crate) fn rewrite(body: &mut [Stmt], uniform: &Names) -> bool {
    let mut counter = 0;
    rewrite_list(body, uniform, &mut counter);
    counter > 0
}

fn rewrite_list(list: &mut [Stmt], uniform: &Names, counter: &mut usize) {
    for s in list.iter_mut() {
        rewrite_nested(s, uniform, counter);
    }
    for i in 0..list.len() {
        let followed_by_barrier = list.get(i + 1).is_some_and(crate::tile_replay::is_barrier);
        if !followed_by_barrier {
            continue;
        }
        if let Some(tree) = Tree::of(&list[i], uniform) {
            let fast = tree.path_sums(counter);
            let original = std::mem::replace(&mut list[i], Stmt::synth(StmtKind::Empty));
            let fits = call(
                "cuad_tree_fits",
                vec![tree.thread.clone(), tree.base.clone(), tree.levels.clone()],
            );
            list[i] = if_stmt(
                call("__syncthreads_and", vec![fits]),
                fast,
                Some(vec![original]),
            );
        }
    }
}

/// The lists inside `s` (a single-statement body holds no loop followed by a barrier, and
/// stays as it is).
fn rewrite_nested(s: &mut Stmt, uniform: &Names, counter: &mut usize) {
    match &mut s.kind {
        StmtKind::Block(b) => rewrite_list(b, uniform, counter),
        StmtKind::If { then, els, .. } => {
            rewrite_nested(then, uniform, counter);
            if let Some(e) = els {
                rewrite_nested(e, uniform, counter);
            }
        }
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => rewrite_nested(body, uniform, counter),
        StmtKind::Switch { cases, .. } => cases
            .iter_mut()
            .for_each(|c| rewrite_list(&mut c.body, uniform, counter)),
        _ => {}
    }
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
    /// The adjoint arrays summed down the tree, with the type of their elements.
    arrays: Vec<(Expr, Ty)>,
}

impl Tree {
    fn of(s: &Stmt, uniform: &Names) -> Option<Tree> {
        let StmtKind::For {
            init: Some(init),
            cond: Some(cond),
            step: Some(step),
            body,
        } = &s.kind
        else {
            return None;
        };
        let (counter, levels) = single_decl(init)?;
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
            let (read, ty, array) = adjoint_read(&pair[0], &thread_text)?;
            let StmtKind::Expr(e) = &pair[1].kind else {
                return None;
            };
            let ExprKind::Assign(Some(BinOp::Add), target, value) = &e.kind else {
                return None;
            };
            let ExprKind::Index(target_array, target_index) = &target.kind else {
                return None;
            };
            let same_array = print_expr(target_array) == print_expr(&array);
            if !same_array
                || print_expr(target_index) != child_text
                || !matches!(&value.kind, ExprKind::Ident(n) if *n == read)
                || mentions(thread, &print_expr(&array))
            {
                return None;
            }
            arrays.push((array, ty));
        }
        Some(Tree {
            thread: (**thread).clone(),
            base: (**base).clone(),
            levels,
            level_var: level_var.clone(),
            arrays,
        })
    }

    /// Each thread's path sums into registers, a barrier, the stores.
    fn path_sums(&self, counter: &mut usize) -> Vec<Stmt> {
        let in_tree = binary(
            BinOp::Lt,
            self.thread.clone(),
            binary(BinOp::Mul, int_lit(2), paren(self.base.clone())),
        );
        let mut reads = Vec::new();
        let mut stores = Vec::new();
        for (array, ty) in &self.arrays {
            let sum = format!("_cuad_path_sum{}", *counter);
            *counter += 1;
            let path_sum = call(
                "cuad_tree_path_sum",
                vec![
                    array.clone(),
                    self.thread.clone(),
                    self.base.clone(),
                    self.levels.clone(),
                ],
            );
            let init = Expr::synth(ExprKind::Cond(
                Box::new(in_tree.clone()),
                Box::new(path_sum),
                Box::new(real_zero(ty)),
            ));
            reads.push(decl(ty.clone(), &sum, Some(init)));
            stores.push(expr_stmt(assign(
                index(array.clone(), self.thread.clone()),
                ident(&sum),
            )));
        }
        let mut out = vec![comment(
            "reverse of the tree reduction: each element's path to the root, two barriers",
        )];
        out.extend(reads);
        out.push(expr_stmt(call("__syncthreads", vec![])));
        out.push(if_stmt(in_tree, stores, None));
        out.push(expr_stmt(assign(ident(&self.level_var), self.base.clone())));
        out
    }
}

/// `int k = n` (one variable) as `(k, n)`.
fn single_decl(init: &Stmt) -> Option<(String, Expr)> {
    let StmtKind::Decl(d) = &init.kind else {
        return None;
    };
    let [v] = d.vars.as_slice() else {
        return None;
    };
    match &v.init {
        Some(Init::Assign(e)) if !crate::usage::may_have_effects(e) => {
            Some((v.name.clone(), e.clone()))
        }
        _ => None,
    }
}

/// `float r = A[t];` with a real `r`: `(r, type, A)`.
fn adjoint_read(s: &Stmt, thread_text: &str) -> Option<(String, Ty, Expr)> {
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
    if !matches!(array.kind, ExprKind::Ident(_)) || print_expr(i) != thread_text {
        return None;
    }
    Some((v.name.clone(), v.ty.clone(), (**array).clone()))
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
