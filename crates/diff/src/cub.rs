//! CUB's block and warp collectives as plain CUDA the differentiator already knows, through the
//! hoisting pass of `tile_reduce.rs`. A call on a temporary of a CUB class,
//! `BlockReduce(temp).Sum(v)` (the class named directly or through a `typedef`/`using` alias in
//! the body or at file scope), or on a named object (`BlockReduce br(temp); br.Sum(v)`), is
//! looked up in `RULES`:
//!
//! ```text
//! float s = BlockReduce(temp).Sum(v);            // cub::BlockReduce<float, N>
//! // becomes (`_cuad_cub0` a `__shared__ float[N]` declared before the statement's top level)
//! _cuad_cub0[t] = v;
//! __syncthreads();
//! for (int _cuad_cub0_n = N; _cuad_cub0_n > 1; _cuad_cub0_n = (_cuad_cub0_n + 1) / 2) {
//!     if (t < _cuad_cub0_n / 2) _cuad_cub0[t] += _cuad_cub0[t + (_cuad_cub0_n + 1) / 2];
//!     __syncthreads();
//! }
//! float s = t == 0 ? _cuad_cub0[0] : 0.f;       // valid in thread 0 only, as in CUB
//! ```
//!
//! so the adjoint of `s` held by thread 0 reaches every thread's `v` through the reversed tree.
//! `WarpReduce<T, W>` sums with a butterfly of shuffles over each logical warp (result kept in
//! lane 0 of it); `BlockScan` `InclusiveSum`/`ExclusiveSum` as a Hillis-Steele scan in shared
//! memory (its reverse adds each step's adjoints the other way, a scan of the adjoints in
//! reverse order).
//! `Reduce` with `cub::Sum()` or `cuda::std::plus<>()` (`std::plus`, `thrust::plus`) is a sum.
//! `Reduce` with `cub::Max()` / `cuda::maximum<>()` (`Min`, `minimum`) or a user functor `op`
//! (an object or temporary of a struct with an `operator()`), and `BlockScan::InclusiveScan(v,
//! out, op)`, fold with `b[t] = op(b[t], b[t + s])` (a butterfly for warps) instead of `+=`, which
//! the differentiator reverses with its tape; a maximum is `a < b ? b : a` (a minimum
//! `b < a ? b : a`): the adjoint goes to the value that won, and on ties to the lower slot of
//! the tree (the own lane of the butterfly), as `cg::reduce` does. `Sum(items)` /
//! `Reduce(items, op)` of a local array first fold the thread's items in order; so do the
//! scans of a local array (`InclusiveSum(items, out)`, CUB's blocked arrangement), whose block
//! scan of the threads' folds then gives each thread its prefix, carried through its items in
//! order into `out` (in place too). The reverse of all this is the reversed scan of the output
//! adjoints (suffix sums), which the differentiator derives step by step; forward mode scans
//! the tangents the same way.
//! Other reductions (with a number of valid items, other than sums) and other CUB classes are
//! errors on real values; on integers they stay as written (they carry no derivative).

use crate::builder::*;
use crate::tile_reduce::{hoist_collectives, push_butterfly_with, Collectives};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::Diagnostic;
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq)]
enum Prim {
    BlockReduce,
    WarpReduce,
    BlockScan,
}

#[derive(Clone, Copy, PartialEq)]
enum Op {
    Sum,
    InclusiveSum,
    ExclusiveSum,
}

/// How a reduction or scan combines two values.
#[derive(Clone)]
enum Combine {
    Sum,
    Max,
    Min,
    /// A user functor, called as `op(a, b)`.
    User(Expr),
}

impl Combine {
    fn apply(&self, a: Expr, b: Expr) -> Expr {
        match self {
            Combine::Sum => binary(BinOp::Add, a, b),
            Combine::Max => cond(binary(BinOp::Lt, a.clone(), b.clone()), b, a),
            Combine::Min => cond(binary(BinOp::Lt, b.clone(), a.clone()), b, a),
            Combine::User(op) => Expr::synth(ExprKind::Call {
                callee: Box::new(op.clone()),
                template_args: vec![],
                args: vec![a, b],
            }),
        }
    }

    /// `target = combine(target, other)` (`+=` for sums, the form `tree_reverse.rs` knows).
    fn fold(&self, target: Expr, other: Expr) -> Stmt {
        match self {
            Combine::Sum => expr_stmt(compound(BinOp::Add, target, other)),
            _ => expr_stmt(assign(target.clone(), self.apply(target, other))),
        }
    }
}

/// A supported call: class, method, argument counts, what it computes, and which argument is
/// the `cub::Sum()` functor (`Reduce`), the count of valid inputs (reductions) or the block
/// aggregate's output (scans), when present; `items`: the input may also be a local array of
/// constant length (CUB's blocked arrangement, the thread's items consecutive; a scan's output
/// then an array of the same length).
struct Rule {
    prim: Prim,
    method: &'static str,
    args: usize,
    op: Op,
    functor: Option<usize>,
    valid: Option<usize>,
    aggregate: Option<usize>,
    items: bool,
}

const fn rule(prim: Prim, method: &'static str, args: usize, op: Op) -> Rule {
    Rule {
        prim,
        method,
        args,
        op,
        functor: None,
        valid: None,
        aggregate: None,
        items: false,
    }
}

const RULES: &[Rule] = &[
    Rule {
        items: true,
        ..rule(Prim::BlockReduce, "Sum", 1, Op::Sum)
    },
    Rule {
        valid: Some(1),
        ..rule(Prim::BlockReduce, "Sum", 2, Op::Sum)
    },
    Rule {
        functor: Some(1),
        items: true,
        ..rule(Prim::BlockReduce, "Reduce", 2, Op::Sum)
    },
    Rule {
        functor: Some(1),
        valid: Some(2),
        ..rule(Prim::BlockReduce, "Reduce", 3, Op::Sum)
    },
    rule(Prim::WarpReduce, "Sum", 1, Op::Sum),
    Rule {
        valid: Some(1),
        ..rule(Prim::WarpReduce, "Sum", 2, Op::Sum)
    },
    Rule {
        functor: Some(1),
        ..rule(Prim::WarpReduce, "Reduce", 2, Op::Sum)
    },
    Rule {
        functor: Some(1),
        valid: Some(2),
        ..rule(Prim::WarpReduce, "Reduce", 3, Op::Sum)
    },
    Rule {
        items: true,
        ..rule(Prim::BlockScan, "InclusiveSum", 2, Op::InclusiveSum)
    },
    Rule {
        items: true,
        ..rule(Prim::BlockScan, "ExclusiveSum", 2, Op::ExclusiveSum)
    },
    Rule {
        aggregate: Some(2),
        items: true,
        ..rule(Prim::BlockScan, "InclusiveSum", 3, Op::InclusiveSum)
    },
    Rule {
        aggregate: Some(2),
        items: true,
        ..rule(Prim::BlockScan, "ExclusiveSum", 3, Op::ExclusiveSum)
    },
    Rule {
        functor: Some(2),
        items: true,
        ..rule(Prim::BlockScan, "InclusiveScan", 3, Op::InclusiveSum)
    },
    Rule {
        functor: Some(2),
        aggregate: Some(3),
        items: true,
        ..rule(Prim::BlockScan, "InclusiveScan", 4, Op::InclusiveSum)
    },
];

/// A call on a temporary CUB object: the class (`cub::BlockReduce`) with its template
/// arguments, the method and its arguments.
struct CubCall<'e> {
    class: String,
    targs: Vec<TemplateArg>,
    method: &'e str,
    args: &'e [Expr],
}

struct Cub<'p> {
    prog: &'p Program<'p>,
    /// Aliases declared in the body (`typedef cub::BlockReduce<float, 256> BR;`).
    local: HashMap<String, Ty>,
    /// Named CUB objects (`BlockReduce br(temp);`) and their types.
    objects: HashMap<String, Ty>,
    /// Local arrays and their lengths (CUB's several-items-per-thread overloads take them).
    arrays: HashMap<String, Option<Expr>>,
    /// Integer constants (`constexpr int kBlock = 256;`, at file scope or in the body).
    constants: HashMap<String, Expr>,
    /// The body indexes threads in more than one dimension.
    multi_dim: bool,
    count: usize,
    /// `__shared__` buffers of the lowered calls, declared before the body's first statement
    /// that uses them.
    shared: Vec<Stmt>,
}

/// Lowers the CUB collectives of `body`.
pub fn lower(prog: &Program, body: &mut Vec<Stmt>) -> Result<(), Vec<Diagnostic>> {
    let mut local = HashMap::new();
    let mut constants = HashMap::new();
    let mut add_constants = |d: &DeclStmt| {
        for v in &d.vars {
            let constant = d.specs.is_constexpr || v.ty.is_const;
            if let (true, TyKind::Int { .. }, Some(Init::Assign(e))) =
                (constant, &v.ty.kind, &v.init)
            {
                constants.insert(v.name.clone(), e.clone());
            }
        }
    };
    for item in &prog.tu.items {
        if let Item::Global(d) = item {
            add_constants(d);
        }
    }
    let mut multi_dim = false;
    for s in body.iter() {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                add_constants(d);
                if d.specs.is_typedef {
                    for v in &d.vars {
                        local.insert(v.name.clone(), v.ty.clone());
                    }
                }
            }
        });
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                multi_dim |= matches!(&x.kind, ExprKind::Member { base, field, .. }
                    if field != "x" && matches!(&base.kind, ExprKind::Ident(b) if b == "threadIdx"));
            })
        });
    }
    let mut c = Cub {
        prog,
        local,
        objects: HashMap::new(),
        arrays: HashMap::new(),
        constants,
        multi_dim,
        count: 0,
        shared: vec![],
    };
    for s in body.iter_mut() {
        c.spell_out_temp_storage(s);
    }
    let mut objects = HashMap::new();
    for s in body.iter() {
        s.visit(&mut |s| {
            let StmtKind::Decl(d) = &s.kind else { return };
            for v in d.vars.iter().filter(|_| !d.specs.is_typedef) {
                let constructed =
                    matches!(&v.init, Some(Init::Paren(a) | Init::Brace(a)) if a.len() == 1);
                if constructed && c.class_of(&v.ty).is_some() {
                    objects.insert(v.name.clone(), v.ty.clone());
                }
            }
        });
    }
    c.objects = objects;
    for s in body.iter() {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                for v in &d.vars {
                    if let TyKind::Array { len, .. } = &v.ty.kind {
                        c.arrays.insert(v.name.clone(), len.as_deref().cloned());
                    }
                }
            }
        });
    }
    hoist_collectives(body, &mut c)?;
    if c.count > 0 {
        // The objects first: they use the storage.
        drop_unused(body, &|d, t| !d.specs.is_typedef && c.class_of(t).is_some());
        drop_unused(body, &|d, t| d.specs.shared && is_temp_storage(t));
    }
    if c.shared.is_empty() {
        return Ok(());
    }
    let first_use = body
        .iter()
        .position(|s| {
            let mut used = false;
            s.visit(&mut |s| {
                crate::usage::visit_stmt_exprs(s, &mut |e| {
                    crate::usage::walk_expr(e, &mut |x| {
                        used |= matches!(&x.kind, ExprKind::Ident(n) if n.starts_with("_cuad_cub"))
                    })
                })
            });
            used
        })
        .unwrap_or(0);
    body.splice(first_use..first_use, c.shared);
    Ok(())
}

/// Removes the body's top-level declarations that `drops` (given each variable's type) and
/// whose variables nothing uses any more: the CUB objects and their `__shared__` `TempStorage`
/// that only lowered calls used (generated code has no use for them, and declares shared
/// memory first, before the aliases their types use).
fn drop_unused(body: &mut Vec<Stmt>, drops: &dyn Fn(&DeclStmt, &Ty) -> bool) {
    let mut used = crate::usage::Names::new();
    for s in body.iter() {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Ident(n) = &x.kind {
                    used.insert(n.clone());
                }
            })
        });
    }
    body.retain(|s| match &s.kind {
        StmtKind::Decl(d) => !d
            .vars
            .iter()
            .all(|v| drops(d, &v.ty) && !used.contains(&v.name)),
        _ => true,
    });
}

fn is_temp_storage(t: &Ty) -> bool {
    let t = match &t.kind {
        TyKind::Array { elem, .. } => elem,
        _ => t,
    };
    matches!(&t.kind, TyKind::Named { name, .. } if name.ends_with("::TempStorage"))
}

/// A template argument as an expression (`BLOCK` may parse as a type name).
fn arg_expr(a: &TemplateArg) -> Option<Expr> {
    match a {
        TemplateArg::Expr(e) => Some(e.clone()),
        TemplateArg::Type(Ty {
            kind: TyKind::Named { name, args },
            ..
        }) if args.is_empty() => Some(ident(name)),
        TemplateArg::Type(_) => None,
    }
}

/// How the functor argument `e` combines: the sum functors `cub::Sum()` (CUB 1 and 2),
/// `cuda::std::plus<>{}` (CUB 3), `std::plus`, `thrust::plus`; the maxima `cub::Max()`,
/// `cuda::maximum<>{}`, `thrust::maximum` and the minima; any other library functor is
/// unknown; a user's functor (a temporary or an object of its struct) is called.
fn combine_of(e: &Expr) -> Option<Combine> {
    // The functor's type, and whether it is built without arguments (`T()`, `T{}`).
    let (name, empty) = match &e.strip_parens().kind {
        ExprKind::Call { callee, args, .. } => match &callee.kind {
            ExprKind::Ident(n) => (n, args.is_empty()),
            _ => return None,
        },
        ExprKind::Cast {
            kind: CastKind::Functional,
            ty:
                Ty {
                    kind: TyKind::Named { name, .. },
                    ..
                },
            expr,
        } => match &expr.kind {
            ExprKind::InitList(v) => (name, v.is_empty()),
            _ => (name, false),
        },
        ExprKind::Ident(_) => return Some(Combine::User(e.clone())),
        _ => return None,
    };
    let name = name.trim_start_matches("::");
    if !empty
        && ["cub::", "cuda::", "std::", "thrust::"]
            .iter()
            .any(|p| name.starts_with(p))
    {
        return None;
    }
    Some(match name {
        "cub::Sum" | "cuda::std::plus" | "std::plus" | "thrust::plus" => Combine::Sum,
        "cub::Max" | "cuda::maximum" | "thrust::maximum" => Combine::Max,
        "cub::Min" | "cuda::minimum" | "thrust::minimum" => Combine::Min,
        _ if ["cub::", "cuda::", "std::", "thrust::"]
            .iter()
            .any(|p| name.starts_with(p)) =>
        {
            return None
        }
        _ => Combine::User(e.clone()),
    })
}

impl Cub<'_> {
    /// The value of an integer constant expression of literals and the constants in scope.
    fn constant(&self, e: &Expr) -> Option<i64> {
        fn substitute(e: &Expr, constants: &HashMap<String, Expr>, depth: usize) -> Expr {
            match (&e.kind, depth < 8) {
                (ExprKind::Ident(n), true) => match constants.get(n) {
                    Some(v) => paren(substitute(v, constants, depth + 1)),
                    None => e.clone(),
                },
                _ => {
                    crate::usage::map_subexprs(e.clone(), &mut |x| substitute(&x, constants, depth))
                }
            }
        }
        crate::instantiate::constant_value(&substitute(e, &self.constants, 0))
    }

    /// The CUB class a type names, through aliases.
    fn class_of(&self, ty: &Ty) -> Option<(String, Vec<TemplateArg>)> {
        let ty = match &ty.kind {
            TyKind::Named { name, args } if args.is_empty() => self.local.get(name).unwrap_or(ty),
            _ => ty,
        };
        match self.prog.canonical(ty).kind {
            TyKind::Named { name, args } => {
                let name = name.trim_start_matches("::").to_string();
                name.starts_with("cub::").then_some((name, args))
            }
            _ => None,
        }
    }

    /// `__shared__ Alias::TempStorage t;` of a local alias names the class itself: generated
    /// code declares shared memory first, before the aliases.
    fn spell_out_temp_storage(&self, s: &mut Stmt) {
        if let StmtKind::Decl(d) = &mut s.kind {
            if d.specs.shared {
                for v in &mut d.vars {
                    let ty = match &mut v.ty.kind {
                        TyKind::Array { elem, .. } => elem.as_mut(),
                        _ => &mut v.ty,
                    };
                    let TyKind::Named { name, args } = &mut ty.kind else {
                        continue;
                    };
                    let Some(alias) = name.strip_suffix("::TempStorage") else {
                        continue;
                    };
                    let target = self.local.get(alias);
                    if args.is_empty() && target.is_some_and(|t| self.class_of(t).is_some()) {
                        let class = cuad_emit::print_ty(target.expect("checked"));
                        *name = format!("{class}::TempStorage");
                    }
                }
            }
        }
        s.for_each_child_mut(&mut |c| self.spell_out_temp_storage(c));
    }

    fn call<'e>(&self, e: &'e Expr) -> Option<CubCall<'e>> {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return None;
        };
        let ExprKind::Member {
            base,
            field,
            arrow: false,
        } = &callee.kind
        else {
            return None;
        };
        let ty = match &base.strip_parens().kind {
            ExprKind::Ident(n) => self.objects.get(n)?.clone(),
            ExprKind::Cast {
                kind: CastKind::Functional,
                ty,
                ..
            } => ty.clone(),
            ExprKind::Call { callee, .. } => match &callee.kind {
                ExprKind::Ident(n) => Ty::new(TyKind::Named {
                    name: n.clone(),
                    args: vec![],
                }),
                _ => return None,
            },
            _ => return None,
        };
        let (class, targs) = self.class_of(&ty)?;
        Some(CubCall {
            class,
            targs,
            method: field,
            args,
        })
    }

    fn prim(class: &str) -> Option<Prim> {
        match class {
            "cub::BlockReduce" => Some(Prim::BlockReduce),
            "cub::WarpReduce" => Some(Prim::WarpReduce),
            "cub::BlockScan" => Some(Prim::BlockScan),
            _ => None,
        }
    }

    fn rule(c: &CubCall) -> Option<&'static Rule> {
        let prim = Self::prim(&c.class)?;
        RULES.iter().find(|r| {
            r.prim == prim
                && r.method == c.method
                && r.args == c.args.len()
                && r.functor.is_none_or(|i| combine_of(&c.args[i]).is_some())
        })
    }

    fn elem(c: &CubCall) -> Option<Ty> {
        match c.targs.first() {
            Some(TemplateArg::Type(t)) => Some(t.clone()),
            _ => None,
        }
    }

    /// The thread's index in the block as CUB computes it for a block of `dims` (the class's
    /// `BLOCK_DIM_X`, `_Y`, `_Z`; missing ones are 1).
    fn block_tid(dims: &[Expr]) -> Expr {
        let t = |f: &str| member(ident("threadIdx"), f, false);
        let mut tid = t("x");
        let mut stride = dims[0].clone();
        for (d, f) in dims.iter().skip(1).zip(["y", "z"]) {
            tid = binary(BinOp::Add, tid, mul(t(f), paren(stride.clone())));
            stride = mul(paren(stride), paren(d.clone()));
        }
        paren(tid)
    }

    /// The thread's lane index modulo a logical warp (a divisor of 32) of the linear index.
    fn lane_tid(&self) -> Expr {
        if !self.multi_dim {
            return member(ident("threadIdx"), "x", false);
        }
        let d = |f: &str| member(ident("blockDim"), f, false);
        let t = |f: &str| member(ident("threadIdx"), f, false);
        paren(binary(
            BinOp::Add,
            t("x"),
            mul(
                d("x"),
                paren(binary(BinOp::Add, t("y"), mul(d("y"), t("z")))),
            ),
        ))
    }

    fn shared_array(&mut self, ty: &Ty, name: &str, len: Expr) {
        let specs = DeclSpecs {
            shared: true,
            ..Default::default()
        };
        let arr = Ty::new(TyKind::Array {
            elem: Box::new(ty.clone().with_const(false)),
            len: Some(Box::new(len)),
        });
        self.shared.push(decl_with(specs, arr, name, None));
    }

    /// The tree over a block of `len` (a literal) threads: the part above the highest power of
    /// two folded down, then the classic `if (t < s) b[t] += b[t + s]` halving of a power of
    /// two, whose reverse the differentiator knows to be race-free (and, with the adjoint at
    /// the root only, turns into one store per element: `tree_reverse.rs`).
    fn push_literal_tree(
        &self,
        hoisted: &mut Vec<Stmt>,
        name: &str,
        tid: &Expr,
        len: i64,
        combine: &Combine,
    ) {
        let at = |i: Expr| index(ident(name), i);
        let sync = || expr_stmt(call("__syncthreads", vec![]));
        let fold = |limit: Expr, offset: Expr| {
            if_stmt(
                binary(BinOp::Lt, tid.clone(), limit),
                vec![combine.fold(at(tid.clone()), at(binary(BinOp::Add, tid.clone(), offset)))],
                None,
            )
        };
        let pow2 = 1i64 << (63 - len.leading_zeros());
        if pow2 < len {
            hoisted.push(fold(int_lit(len - pow2), int_lit(pow2)));
            hoisted.push(sync());
        }
        if pow2 > 1 {
            let s = format!("{name}_s");
            hoisted.push(Stmt::synth(StmtKind::For {
                init: Some(Box::new(decl(Ty::int(), &s, Some(int_lit(pow2 / 2))))),
                cond: Some(binary(BinOp::Gt, ident(&s), int_lit(0))),
                step: Some(compound(BinOp::Shr, ident(&s), int_lit(1))),
                body: Box::new(block(vec![fold(ident(&s), ident(&s)), sync()])),
            }));
        }
    }

    /// The tree over a block of `n` threads, any `n`: the live length halves (rounding up)
    /// each step, the upper part folded down.
    fn push_halving_tree(
        &self,
        hoisted: &mut Vec<Stmt>,
        name: &str,
        tid: &Expr,
        n: Expr,
        combine: &Combine,
    ) {
        let at = |i: Expr| index(ident(name), i);
        let sync = || expr_stmt(call("__syncthreads", vec![]));
        let len = format!("{name}_n");
        let half_up = || {
            paren(binary(
                BinOp::Div,
                paren(binary(BinOp::Add, ident(&len), int_lit(1))),
                int_lit(2),
            ))
        };
        let fold = if_stmt(
            binary(
                BinOp::Lt,
                tid.clone(),
                binary(BinOp::Div, ident(&len), int_lit(2)),
            ),
            vec![combine.fold(
                at(tid.clone()),
                at(binary(BinOp::Add, tid.clone(), half_up())),
            )],
            None,
        );
        hoisted.push(Stmt::synth(StmtKind::For {
            init: Some(Box::new(decl(Ty::int(), &len, Some(n)))),
            cond: Some(binary(BinOp::Gt, ident(&len), int_lit(1))),
            step: Some(assign(ident(&len), half_up())),
            body: Box::new(block(vec![fold, sync()])),
        }));
    }

    /// The outputs of a scan of `len` items per thread (`c.args[0]`, into `c.args[1]`, which
    /// may be the same array), once `name` holds the inclusive scan of the threads' folded
    /// items: the thread's prefix (the element below its own; none in thread 0) carried
    /// through its items in order, as CUB's `ThreadScanInclusive`/`ThreadScanExclusive` do.
    /// Each item is read before the output at its index is written, so in place works. The
    /// last output is the expression left in the statement.
    fn scan_items(
        hoisted: &mut Vec<Stmt>,
        c: &CubCall,
        name: &str,
        tid: &Expr,
        len: i64,
        combine: &Combine,
    ) -> Expr {
        let (items, out) = (&c.args[0], &c.args[1]);
        let ty = &Self::elem(c).expect("checked").with_const(false);
        let op = Self::rule(c).expect("checked").op;
        let item = |k: Expr| index(items.clone(), k);
        let below = index(ident(name), binary(BinOp::Sub, tid.clone(), int_lit(1)));
        let has_below = binary(BinOp::Gt, tid.clone(), int_lit(0));
        let run = format!("{name}_run");
        let j = format!("{name}_j");
        let body = if op == Op::InclusiveSum {
            // run = items[0], combined with the prefix below; then out[j] = run before the
            // next item joins it.
            hoisted.push(decl(ty.clone(), &run, Some(item(int_lit(0)))));
            hoisted.push(if_stmt(
                has_below,
                vec![expr_stmt(assign(
                    ident(&run),
                    combine.apply(below, ident(&run)),
                ))],
                None,
            ));
            vec![
                expr_stmt(assign(index(out.clone(), ident(&j)), ident(&run))),
                combine.fold(ident(&run), item(binary(BinOp::Add, ident(&j), int_lit(1)))),
            ]
        } else {
            // run = the prefix below (0 in thread 0); out[j] = run, then items[j] (read first)
            // joins it.
            hoisted.push(decl(
                ty.clone(),
                &run,
                Some(cond(has_below, below, real_zero(ty))),
            ));
            let x = format!("{name}_x");
            vec![
                decl(ty.clone(), &x, Some(item(ident(&j)))),
                expr_stmt(assign(index(out.clone(), ident(&j)), ident(&run))),
                combine.fold(ident(&run), ident(&x)),
            ]
        };
        if len > 1 {
            hoisted.push(Stmt::synth(StmtKind::For {
                init: Some(Box::new(decl(Ty::int(), &j, Some(int_lit(0))))),
                cond: Some(binary(BinOp::Lt, ident(&j), int_lit(len - 1))),
                step: Some(compound(BinOp::Add, ident(&j), int_lit(1))),
                body: Box::new(block(body)),
            }));
        }
        assign(index(out.clone(), int_lit(len - 1)), ident(&run))
    }

    /// `BLOCK_DIM_X`, then `_Y` and `_Z` (template arguments 3 and 4) where they are not 1.
    fn block_dims(&self, c: &CubCall) -> Option<Vec<Expr>> {
        let mut dims = vec![arg_expr(c.targs.get(1)?)?];
        let extra = [3, 4]
            .iter()
            .map(|&i| c.targs.get(i).map_or(Some(int_lit(1)), arg_expr))
            .collect::<Option<Vec<_>>>()?;
        let needed = extra.iter().rposition(|d| self.constant(d) != Some(1));
        if let Some(last) = needed {
            dims.extend(extra.into_iter().take(last + 1));
        }
        Some(dims)
    }
}

impl Collectives for Cub<'_> {
    fn what(&self) -> (&'static str, &'static str) {
        ("a CUB collective", "block or warp")
    }

    fn is_collective(&self, e: &Expr) -> bool {
        let Some(c) = self.call(e) else {
            return false;
        };
        // Integer collectives carry no derivative: they stay as written.
        Self::elem(&c).is_none_or(|t| !crate::activity::is_integer_based(&self.prog.canonical(&t)))
    }

    fn expand(
        &mut self,
        e: &Expr,
        hoisted: &mut Vec<Stmt>,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<Expr> {
        let c = self.call(e)?;
        let Some(rule) = Self::rule(&c) else {
            let msg = match Self::prim(&c.class) {
                Some(Prim::BlockScan) => format!("cuad differentiates `{}` only as `InclusiveSum(v, out)` / `ExclusiveSum(v, out)` / `InclusiveScan(v, out, op)` (optionally with the block aggregate) of one item per thread or of a local array of items, `op` a sum, `cuda::maximum<>()`, `cuda::minimum<>()` or a user functor", c.class),
                Some(_) => format!("cuad differentiates `{}` as `Sum(v)` or `Reduce(v, op)`, `op` a sum (`cub::Sum()`, `cuda::std::plus<>()`), `cub::Max()`/`cuda::maximum<>()`, `cub::Min()`/`cuda::minimum<>()` or a user functor (a number of valid items with sums only)", c.class),
                None => format!("cuad cannot differentiate `{}::{}` on real values: it differentiates `cub::BlockReduce` and `cub::WarpReduce` sums and `cub::BlockScan` prefix sums", c.class, c.method),
            };
            errors.push(Diagnostic::error(e.span, msg));
            return None;
        };
        let Some(ty) = Self::elem(&c) else {
            errors.push(Diagnostic::error(
                e.span,
                format!("cuad needs the element type of `{}` spelled out", c.class),
            ));
            return None;
        };
        let combine = match rule.functor {
            Some(i) => combine_of(&c.args[i])?,
            None => Combine::Sum,
        };
        if rule.valid.is_some() && !matches!(combine, Combine::Sum) {
            errors.push(Diagnostic::error(
                e.span,
                format!(
                    "cuad differentiates `{}::{}` with a number of valid items only as a sum",
                    c.class, c.method
                ),
            ));
            return None;
        }
        let items = |a: &Expr| match &a.strip_parens().kind {
            ExprKind::Ident(n) => self.arrays.get(n).cloned(),
            _ => None,
        };
        let count = |a: &Expr| items(a).map(|len| len.and_then(|l| self.constant(&l)));
        let item_count = count(&c.args[0]);
        // A scan's output: an array of the input's length exactly when the input is one.
        let scan = rule.op != Op::Sum;
        let out_count = if scan { count(&c.args[1]) } else { None };
        let supported = match item_count {
            None => out_count.is_none(),
            Some(n) => rule.items && n.is_some_and(|n| n >= 1) && (!scan || out_count == Some(n)),
        };
        if !supported {
            errors.push(Diagnostic::error(
                e.span,
                format!(
                    "cuad differentiates `{}::{}` of one item per thread; of an array of items, `cub::BlockReduce`'s `Sum(items)` and `Reduce(items, op)` and `cub::BlockScan`'s `InclusiveSum(items, out)`, `ExclusiveSum(items, out)` and `InclusiveScan(items, out, op)`, of local arrays of one constant length",
                    c.class, c.method
                ),
            ));
            return None;
        }
        let name = format!("_cuad_cub{}", self.count);
        self.count += 1;
        let mut v = c.args[0].clone();
        if let Some(Some(n)) = item_count {
            // The thread's items folded in order first.
            let acc = format!("{name}_items");
            let k = format!("{name}_k");
            hoisted.push(decl(ty.clone(), &acc, Some(index(v.clone(), int_lit(0)))));
            hoisted.push(Stmt::synth(StmtKind::For {
                init: Some(Box::new(decl(Ty::int(), &k, Some(int_lit(1))))),
                cond: Some(binary(BinOp::Lt, ident(&k), int_lit(n))),
                step: Some(compound(BinOp::Add, ident(&k), int_lit(1))),
                body: Box::new(block(vec![combine.fold(ident(&acc), index(v, ident(&k)))])),
            }));
            v = ident(&acc);
        }
        if rule.prim == Prim::WarpReduce {
            let width = match c.targs.get(1) {
                None => Some(32),
                Some(a) => arg_expr(a).and_then(|w| self.constant(&w)),
            };
            let Some(width) = width.filter(|w| (1..=32).contains(w) && w.count_ones() == 1) else {
                errors.push(Diagnostic::error(
                    e.span,
                    "cuad lowers `cub::WarpReduce` with a literal power of two up to 32 as its `LOGICAL_WARP_THREADS`",
                ));
                return None;
            };
            let lane = binary(BinOp::Rem, self.lane_tid(), int_lit(width));
            let v = match rule.valid {
                Some(i) => cond(
                    binary(BinOp::Lt, lane.clone(), c.args[i].clone()),
                    v,
                    real_zero(&ty),
                ),
                None => v,
            };
            hoisted.push(decl(ty.clone(), &name, Some(v)));
            push_butterfly_with(hoisted, &ty, &name, width, &|a, b| combine.apply(a, b));
            return Some(cond(
                binary(BinOp::Eq, lane, int_lit(0)),
                ident(&name),
                real_zero(&ty),
            ));
        }
        let Some(dims) = self.block_dims(&c) else {
            errors.push(Diagnostic::error(
                e.span,
                format!(
                    "cuad needs the block dimensions of `{}` as constants or template parameters",
                    c.class
                ),
            ));
            return None;
        };
        let tid = Self::block_tid(&dims);
        let n = dims
            .iter()
            .cloned()
            .map(paren)
            .reduce(mul)
            .expect("at least BLOCK_DIM_X");
        let at = |i: Expr| index(ident(&name), i);
        let sync = || expr_stmt(call("__syncthreads", vec![]));
        if rule.op == Op::Sum {
            self.shared_array(&ty, &name, n.clone());
            let v = match rule.valid {
                Some(i) => cond(
                    binary(BinOp::Lt, tid.clone(), c.args[i].clone()),
                    v,
                    real_zero(&ty),
                ),
                None => v,
            };
            hoisted.push(expr_stmt(assign(at(tid.clone()), v)));
            hoisted.push(sync());
            match self.constant(&n) {
                Some(len) if len > 0 => self.push_literal_tree(hoisted, &name, &tid, len, &combine),
                _ => self.push_halving_tree(hoisted, &name, &tid, n, &combine),
            }
            return Some(cond(
                binary(BinOp::Eq, tid, int_lit(0)),
                at(int_lit(0)),
                real_zero(&ty),
            ));
        }
        // Scans: a Hillis-Steele inclusive scan in place in `name` (log2 N steps, every thread
        // adding the element `o` below its own); the exclusive result is the element below.
        self.shared_array(&ty, &name, n.clone());
        hoisted.push(expr_stmt(assign(at(tid.clone()), v)));
        hoisted.push(sync());
        let o = format!("{name}_o");
        let below = format!("{name}_below");
        let step = vec![
            decl(
                ty.clone(),
                &below,
                Some(cond(
                    binary(BinOp::Ge, tid.clone(), ident(&o)),
                    at(binary(BinOp::Sub, tid.clone(), ident(&o))),
                    real_zero(&ty),
                )),
            ),
            sync(),
            match combine {
                Combine::Sum => expr_stmt(compound(BinOp::Add, at(tid.clone()), ident(&below))),
                _ => if_stmt(
                    binary(BinOp::Ge, tid.clone(), ident(&o)),
                    vec![expr_stmt(assign(
                        at(tid.clone()),
                        combine.apply(ident(&below), at(tid.clone())),
                    ))],
                    None,
                ),
            },
            sync(),
        ];
        hoisted.push(Stmt::synth(StmtKind::For {
            init: Some(Box::new(decl(Ty::int(), &o, Some(int_lit(1))))),
            cond: Some(binary(BinOp::Lt, ident(&o), n.clone())),
            step: Some(compound(BinOp::Shl, ident(&o), int_lit(1))),
            body: Box::new(block(step)),
        }));
        if let Some(i) = rule.aggregate {
            let last = binary(BinOp::Sub, n, int_lit(1));
            hoisted.push(expr_stmt(assign(c.args[i].clone(), at(last))));
        }
        if let Some(Some(len)) = item_count {
            return Some(Self::scan_items(hoisted, &c, &name, &tid, len, &combine));
        }
        let value = match rule.op {
            Op::InclusiveSum => at(tid),
            _ => cond(
                binary(BinOp::Gt, tid.clone(), int_lit(0)),
                at(binary(BinOp::Sub, tid, int_lit(1))),
                real_zero(&ty),
            ),
        };
        Some(assign(c.args[1].clone(), value))
    }
}

fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    paren(Expr::synth(ExprKind::Cond(
        Box::new(c),
        Box::new(a),
        Box::new(b),
    )))
}
