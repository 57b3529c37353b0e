//! Adjoint storage: where the adjoint of a primal lvalue lives, and how an update to it is
//! performed (plain `+=`, register + block reduction, warp reduction, or `atomicAdd`).

use crate::activity::is_real;
use crate::address_calls::{AddressCall, CallerScope};
use crate::builder::*;
use crate::index::{facts, AccessKey, CounterRange, Poly, Strategy, Unique};
use crate::reverse::{Gen, Mode};
use cuad_syntax::ast::*;
use std::collections::HashMap;

/// Where the memory behind a pointer or array lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// Thread-private (locals, registers, or sequential host code).
    Private,
    /// Global memory shared by every thread of the grid.
    Global,
    /// `__shared__` memory shared by the threads of a block.
    Shared,
    /// A pointer that may point into a thread's local array or into memory other threads
    /// share (`c ? buf : g + i`): an update checks at run time (atomics on local memory are
    /// undefined).
    MaybeLocal,
}

impl Space {
    /// The space of a pointer that may point into either.
    pub fn join(self, other: Space) -> Space {
        match (self, other) {
            (a, b) if a == b => a,
            (Space::Private | Space::MaybeLocal, _) | (_, Space::Private | Space::MaybeLocal) => {
                Space::MaybeLocal
            }
            // Global and shared memory: atomics work on both through a generic address.
            _ => Space::Global,
        }
    }
}

pub fn adj_name(name: &str) -> String {
    format!("_d_{name}")
}

/// An adjoint lvalue with the memory space it lives in and its address (for the strategy).
#[derive(Clone)]
pub struct AdjPlace {
    pub lvalue: Expr,
    pub space: Space,
    /// Symbolic element offset from the base pointer (None when unknown).
    pub offset: Option<Poly>,
    /// Type of the primal lvalue.
    pub ty: Option<Ty>,
    /// The array or pointer the place is reached through.
    pub base: Option<String>,
    /// The element type of a cast the address goes through (`reinterpret_cast<float4*>(s)[i]`):
    /// its offset counts other elements than the array's own.
    pub unit: Option<String>,
}

impl Gen<'_, '_> {
    /// The adjoint of a primal lvalue (`x` -> `_d_x`, `a[i].f` -> `_d_a[i].f`, scalar
    /// parameter `v` -> `*_d_v`), or `None` when it carries no derivative.
    pub fn adj_place(&self, e: &Expr) -> Option<AdjPlace> {
        let mut place = self.adj_place_untyped(e)?;
        place.ty = self.type_of(e);
        place.base = crate::usage::lvalue_root(e).map(str::to_string);
        place.unit = self.cast_unit(e);
        Some(place)
    }

    /// The element type of a cast that changes the element type on the way to the lvalue's
    /// address (`reinterpret_cast<float4*>(s)[i].x` -> `float4`).
    fn cast_unit(&self, e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::Paren(x)
            | ExprKind::Member {
                base: x,
                arrow: false,
                ..
            } => self.cast_unit(x),
            ExprKind::Index(p, _)
            | ExprKind::Unary(UnOp::Deref, p)
            | ExprKind::Member {
                base: p,
                arrow: true,
                ..
            } => self.pointer_cast_unit(p),
            _ => None,
        }
    }

    fn pointer_cast_unit(&self, p: &Expr) -> Option<String> {
        let elem = |t: Option<Ty>| match t.map(|t| t.kind) {
            Some(TyKind::Pointer { pointee, .. }) | Some(TyKind::Array { elem: pointee, .. }) => {
                Some(cuad_emit::print_ty(&pointee.with_const(false)))
            }
            _ => None,
        };
        match &p.kind {
            ExprKind::Paren(x) => self.pointer_cast_unit(x),
            ExprKind::Binary(BinOp::Add | BinOp::Sub, l, r) => self
                .pointer_cast_unit(l)
                .or_else(|| self.pointer_cast_unit(r)),
            ExprKind::Unary(UnOp::AddrOf, x) => self.cast_unit(x),
            ExprKind::Cast { ty, expr, .. } => {
                let to = elem(Some(ty.clone()));
                if to != elem(self.type_of(expr)) {
                    to.or_else(|| Some(cuad_emit::print_ty(ty)))
                } else {
                    self.pointer_cast_unit(expr)
                }
            }
            _ => None,
        }
    }

    fn adj_place_untyped(&self, e: &Expr) -> Option<AdjPlace> {
        match &e.kind {
            ExprKind::Paren(x) => self.adj_place(x),
            ExprKind::Ident(n) => {
                if !self.active.contains(n) || self.is_pointer_or_array(n) {
                    return None;
                }
                // A scalar symbol (`__constant__ double c_k;`): one global adjoint variable
                // every thread of the grid adds into.
                if self.symbols.contains(n) {
                    return Some(AdjPlace {
                        ty: None,
                        base: None,
                        unit: None,
                        lvalue: ident(&adj_name(n)),
                        space: Space::Global,
                        offset: Some(Poly::constant(0)),
                    });
                }
                if self.is_param(n) {
                    // Scalar parameter: its adjoint is behind the `_d_` pointer; in a kernel
                    // every thread shares it.
                    let space = if self.mode == Mode::Kernel {
                        Space::Global
                    } else {
                        Space::Private
                    };
                    return Some(AdjPlace {
                        ty: None,
                        base: None,
                        unit: None,
                        lvalue: deref(ident(&adj_name(n))),
                        space,
                        offset: Some(Poly::constant(0)),
                    });
                }
                // A `__shared__` scalar is one variable for the whole block.
                if self.shared_scalars.contains(n) && self.mode != Mode::Host {
                    return Some(AdjPlace {
                        ty: None,
                        base: None,
                        unit: None,
                        lvalue: ident(&adj_name(n)),
                        space: Space::Shared,
                        offset: Some(Poly::constant(0)),
                    });
                }
                Some(AdjPlace {
                    ty: None,
                    base: None,
                    unit: None,
                    lvalue: ident(&adj_name(n)),
                    space: Space::Private,
                    offset: None,
                })
            }
            ExprKind::Index(b, i) => {
                let (sb, space, off) = self.shadow(b)?;
                let off = off.map(|o| o.add(&self.env.poly(i)));
                Some(AdjPlace {
                    ty: None,
                    base: None,
                    unit: None,
                    lvalue: index(sb, (**i).clone()),
                    space,
                    offset: off,
                })
            }
            ExprKind::Unary(UnOp::Deref, p) => {
                let (sp, space, off) = self.shadow(p)?;
                Some(AdjPlace {
                    ty: None,
                    base: None,
                    unit: None,
                    lvalue: deref(sp),
                    space,
                    offset: off,
                })
            }
            ExprKind::Member {
                base,
                field,
                arrow: false,
            } => {
                let p = self.adj_place(base)?;
                Some(AdjPlace {
                    lvalue: member(p.lvalue, field, false),
                    ..p
                })
            }
            ExprKind::Member {
                base,
                field,
                arrow: true,
            } => {
                let (sb, space, off) = self.shadow(base)?;
                Some(AdjPlace {
                    ty: None,
                    base: None,
                    unit: None,
                    lvalue: member(sb, field, true),
                    space,
                    offset: off,
                })
            }
            _ => None,
        }
    }

    /// `e` as a call of an address helper (address_calls.rs), read in this function's terms.
    pub fn address_call(&self, e: &Expr) -> AddressCall {
        let type_of = |x: &Expr| self.type_of(x);
        let declares = |n: &str| self.types.contains_key(n);
        let scope = CallerScope {
            type_of: &type_of,
            declares: &declares,
        };
        crate::address_calls::address_call(self.prog, e, &scope)
    }

    /// The shadow of a pointer- or array-valued expression: the same address arithmetic on
    /// the adjoint buffer (`in + i` -> `_d_in + i`).
    pub fn shadow(&self, p: &Expr) -> Option<(Expr, Space, Option<Poly>)> {
        match &p.kind {
            ExprKind::Paren(x) => self.shadow(x),
            ExprKind::Ident(n) => {
                if !self.active.contains(n) || !self.is_pointer_or_array(n) {
                    return None;
                }
                let space = self.spaces.get(n).copied().unwrap_or(Space::Global);
                let is_array = matches!(self.types[n].kind, TyKind::Array { .. });
                let offset = if is_array || (self.is_param(n) && self.env.uniform_names.contains(n))
                {
                    Some(Poly::constant(0))
                } else {
                    // A local pointer defined once as `base + k` keeps the offset; a pointer
                    // that moves has an unknown one.
                    self.env
                        .defs
                        .get(n)
                        .and_then(|def| self.shadow(def))
                        .and_then(|(_, _, o)| o)
                };
                Some((ident(&adj_name(n)), space, offset))
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), l, r) => {
                if let Some((sl, space, off)) = self.shadow(l) {
                    let k = self.step_scalars(l, r);
                    let off = off.zip(k).map(|(o, k)| {
                        if *op == BinOp::Add {
                            o.add(&k)
                        } else {
                            o.sub(&k)
                        }
                    });
                    return Some((binary(*op, sl, (**r).clone()), space, off));
                }
                if *op == BinOp::Add {
                    let (sr, space, off) = self.shadow(r)?;
                    let off = off.zip(self.step_scalars(r, l)).map(|(o, k)| o.add(&k));
                    return Some((binary(BinOp::Add, (**l).clone(), sr), space, off));
                }
                None
            }
            ExprKind::Unary(UnOp::AddrOf, x) => {
                let place = self.adj_place(x)?;
                Some((addr_of(place.lvalue), place.space, place.offset))
            }
            // An array or pointer field (`L->units`, `A.vals`): the same field of the adjoint
            // object (whose pointer fields point to the adjoint buffers).
            ExprKind::Member { base, field, arrow }
                if self.type_of(p).is_some_and(|t| {
                    matches!(t.kind, TyKind::Array { .. } | TyKind::Pointer { .. })
                }) =>
            {
                let (shadow_field, space) = if *arrow {
                    let (sb, space, _) = self.shadow(base)?;
                    (member(sb, field, true), space)
                } else {
                    let place = self.adj_place(base)?;
                    (member(place.lvalue, field, false), place.space)
                };
                // An array field lives in the object; a pointer field points elsewhere.
                let space = match self.type_of(p).map(|t| t.kind) {
                    Some(TyKind::Pointer { .. }) => self.field_target_space(base),
                    _ => space,
                };
                // `const double* vals` in the adjoint object points to a writable buffer.
                let writable = match self.type_of(p).map(|t| t.kind) {
                    Some(TyKind::Pointer { pointee, .. }) if pointee.is_const_object() => {
                        // Rows (`const double (*)[4]`) hold their const in the element.
                        let target = match pointee.kind {
                            TyKind::Array { .. } => crate::reverse::mutable_ty(&pointee),
                            _ => pointee.with_const(false),
                        };
                        Expr::synth(ExprKind::Cast {
                            kind: CastKind::Const,
                            ty: Ty::pointer_to(target),
                            expr: Box::new(shadow_field),
                        })
                    }
                    _ => shadow_field,
                };
                Some((writable, space, None))
            }
            // A row through a pointer to arrays (`*g` of `double (*g)[N]`): row 0.
            ExprKind::Unary(UnOp::Deref, b) if self.is_array_valued(p) => {
                let (sb, space, off) = self.row_shadow(b, p, &Poly::constant(0))?;
                Some((deref(sb), space, off))
            }
            ExprKind::Index(b, i) => {
                let (sb, space, off) = self.row_shadow(b, p, &self.env.poly(i))?;
                Some((index(sb, (**i).clone()), space, off))
            }
            ExprKind::Cast { kind, ty, expr } => {
                let (s, space, off) = self.shadow(expr)?;
                Some((
                    Expr::synth(ExprKind::Cast {
                        kind: *kind,
                        // Adjoints are written: `(const float4*)in` reads, its shadow is added to.
                        ty: crate::reverse::mutable_ty(ty),
                        expr: Box::new(s),
                    }),
                    space,
                    off,
                ))
            }
            ExprKind::Cond(c, a, b) => {
                let (sa, space_a, _) = self.shadow(a)?;
                let (sb, space_b, _) = self.shadow(b)?;
                let space = space_a.join(space_b);
                Some((
                    paren(Expr::synth(ExprKind::Cond(
                        c.clone(),
                        Box::new(sa),
                        Box::new(sb),
                    ))),
                    space,
                    None,
                ))
            }
            _ => None,
        }
    }

    fn is_array_valued(&self, e: &Expr) -> bool {
        self.type_of(e)
            .is_some_and(|t| matches!(self.prog.canonical(&t).kind, TyKind::Array { .. }))
    }

    /// The shadow of the base `b` of a row `row` (`a[i]` in `a[i][j]`, `*g` of a pointer to
    /// arrays) at row index `i`, with the row's space and offset. The offset counts scalars
    /// (`i * 16` for `float a[16][16]`), as through the flat pointer (`g[r][j]` of `double
    /// (*g)[4] = (double (*)[4])(p + k)` is `p[k + 4 * r + j]`), so the element's offset tells
    /// which threads share it (distinct per thread, RowGrouped).
    fn row_shadow(&self, b: &Expr, row: &Expr, i: &Poly) -> Option<(Expr, Space, Option<Poly>)> {
        let (sb, space, off) = self.shadow(b)?;
        // An entry of a table of pointers (`dst[k]` of `float* dst[3]`) points where the
        // table's entries were pointed (`infer_field_spaces`), not into the table.
        if self
            .type_of(row)
            .is_some_and(|t| matches!(self.prog.canonical(&t).kind, TyKind::Pointer { .. }))
        {
            return Some((sb, self.field_target_space(b), None));
        }
        let off = match (space, off, self.type_of(row)) {
            (Space::Shared | Space::Global, Some(o), Some(row)) => {
                self.scalars_in(&row).map(|n| o.add(&i.mul(&n)))
            }
            _ => None,
        };
        Some((sb, space, off))
    }

    /// `k` steps of the pointer `p` (`p + k`) in scalars: rows of a pointer to arrays
    /// (`double (*g)[4]`, a decayed `float t[8][8]`) hold several; `None` when their lengths
    /// are not constants.
    fn step_scalars(&self, p: &Expr, k: &Expr) -> Option<Poly> {
        let k = self.env.poly(k);
        match self.type_of(p).map(|t| self.prog.canonical(&t).kind) {
            Some(TyKind::Pointer { pointee: elem, .. }) | Some(TyKind::Array { elem, .. }) => {
                Some(k.mul(&self.scalars_in(&elem)?))
            }
            _ => Some(k),
        }
    }

    /// Where the pointer fields of the object `base` point (`p.w` of a struct parameter, a
    /// field of `ps[i]` or `q->w`): the space recorded for its root variable, else global
    /// memory (private in host code).
    pub fn field_target_space(&self, base: &Expr) -> Space {
        let recorded = crate::usage::lvalue_root(base).and_then(|r| self.field_spaces.get(r));
        match recorded {
            Some(s) => *s,
            None if self.mode == Mode::Host => Space::Private,
            None => Space::Global,
        }
    }

    /// One step of a shared-memory tree reduction: the innermost loop's body is
    /// `if (threadIdx.x < s) { ... }` plus `__syncthreads()`, and inside the `if` the array is
    /// accessed only at `threadIdx.x` and `threadIdx.x + s`. The active threads then own
    /// `[0, s)` and `[s, 2s)` one element each, and the barrier separates the steps.
    fn tree_step_unique(&self, place: &AdjPlace, off: &Poly) -> bool {
        let (Some(body), Some(base)) = (self.loop_bodies.last(), place.base.as_ref()) else {
            return false;
        };
        let mut stmts: &[Stmt] = std::slice::from_ref(body);
        while let [Stmt {
            kind: StmtKind::Block(inner),
            ..
        }] = stmts
        {
            stmts = inner;
        }
        let is_barrier = |s: &Stmt| matches!(&s.kind, StmtKind::Expr(e) if crate::host::callee_name(e) == Some("__syncthreads"));
        let ifs: Vec<&Stmt> = stmts.iter().filter(|s| !is_barrier(s)).collect();
        let ([guarded], true) = (ifs.as_slice(), stmts.iter().any(is_barrier)) else {
            return false;
        };
        let StmtKind::If {
            cond,
            then,
            els: None,
        } = &guarded.kind
        else {
            return false;
        };
        let tx = Poly::atom(crate::index::Atom::Builtin("threadIdx", 0));
        if self.env.thread_dims > 1 {
            return false;
        }
        let ExprKind::Binary(BinOp::Lt, l, r) = &cond.strip_parens().kind else {
            return false;
        };
        let step = self.env.poly(r);
        if self.env.poly(l) != tx || !step.is_uniform() {
            return false;
        }
        let allowed = [tx.clone(), tx.add(&step)];
        if !allowed.contains(off) {
            return false;
        }
        if crate::usage::any_stmt(then, &|x| {
            is_barrier(x)
                || matches!(
                    x.kind,
                    StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
                )
        }) {
            return false;
        }
        let mut found = Vec::new();
        let mut ranges = Vec::new();
        self.collect_offsets_in(then, &mut ranges, &mut found);
        found
            .iter()
            .filter(|(b, _)| b == base)
            .all(|(_, (o, _))| o.as_ref().is_some_and(|o| allowed.contains(o)))
    }

    /// A per-thread-distinct offset is race-free only if every access to the same array uses
    /// that same offset (`in[i-1]` and `in[i+1]` in one kernel collide across threads).
    fn sole_offset(&self, place: &AdjPlace, off: &Poly) -> bool {
        let here = self.env.relevant_ranges(off, &self.loop_ranges);
        let key = in_units(off, &place.unit);
        match place.base.as_ref().and_then(|b| self.access_offsets.get(b)) {
            Some(all) => all
                .iter()
                .all(|(o, ranges)| o.as_ref() == Some(&key) && *ranges == here),
            None => true,
        }
    }

    /// Records the offset of every access to each shared or global array (with the ranges of
    /// the loop counters it uses), and marks arrays handed to other functions as accessed at
    /// unknown offsets.
    pub fn collect_access_offsets(&mut self, body: &[Stmt]) {
        let mut found = Vec::new();
        let mut ranges = Vec::new();
        for s in body {
            self.collect_offsets_in(s, &mut ranges, &mut found);
        }
        // `q = a + k` (or `c ? b : a`): the memory of `a` is reached through `q` too. When
        // more than one route leads to an array (itself and a pointer, or two pointers), the
        // offsets along one route say nothing about the other: no route's offset is sole.
        let mut routes: HashMap<String, Vec<String>> = HashMap::new();
        for s in body {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                crate::usage::walk_expr(e, &mut |x| {
                    let ExprKind::Assign(None, l, r) = &x.kind else {
                        return;
                    };
                    let ExprKind::Ident(q) = &l.kind else { return };
                    if !self.is_pointer_or_array(q) || self.is_param(q) {
                        return;
                    }
                    crate::usage::walk_expr(r, &mut |y| {
                        if let ExprKind::Ident(n) = &y.kind {
                            let shared = self.spaces.get(n).is_some_and(|sp| *sp != Space::Private);
                            if n != q && shared && self.is_pointer_or_array(n) {
                                routes.entry(n.clone()).or_default().push(q.clone());
                            }
                        }
                    })
                })
            });
        }
        for (array, via) in routes {
            let direct = found.iter().any(|(b, _)| *b == array);
            let mut via = via;
            via.sort();
            via.dedup();
            if via.len() + usize::from(direct) > 1 {
                for b in via.into_iter().chain([array]) {
                    found.push((b, (None, vec![])));
                }
            }
        }
        for (b, o) in found {
            self.access_offsets.entry(b).or_default().push(o);
        }
        let mut stacks: HashMap<String, Vec<Vec<(String, bool)>>> = HashMap::new();
        let mut guards = Vec::new();
        for s in body {
            guard_stacks(s, &mut guards, &mut stacks);
        }
        self.common_guards = stacks
            .into_iter()
            .map(|(name, all)| {
                let common: Vec<(String, bool)> = all[0]
                    .iter()
                    .filter(|g| all.iter().all(|stack| stack.contains(g)))
                    .cloned()
                    .collect();
                (name, common)
            })
            .collect();
    }

    fn collect_offsets_in(
        &self,
        s: &Stmt,
        ranges: &mut Vec<CounterRange>,
        found: &mut Vec<(String, AccessKey)>,
    ) {
        match &s.kind {
            StmtKind::Block(b) => b
                .iter()
                .for_each(|x| self.collect_offsets_in(x, ranges, found)),
            StmtKind::If { cond, then, els } => {
                self.collect_offsets_of(cond, ranges, found);
                self.collect_offsets_in(then, ranges, found);
                if let Some(e) = els {
                    self.collect_offsets_in(e, ranges, found);
                }
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.collect_offsets_of(cond, ranges, found);
                self.collect_offsets_in(body, ranges, found);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.collect_offsets_in(i, ranges, found);
                }
                let range = crate::index::counter_range(&self.env, s);
                let pushed = range.is_some();
                ranges.extend(range);
                for e in cond.iter().chain(step) {
                    self.collect_offsets_of(e, ranges, found);
                }
                self.collect_offsets_in(body, ranges, found);
                if pushed {
                    ranges.pop();
                }
            }
            _ => crate::usage::visit_stmt_exprs(s, &mut |e| {
                self.collect_offsets_of(e, ranges, found)
            }),
        }
    }

    fn collect_offsets_of(
        &self,
        e: &Expr,
        ranges: &[CounterRange],
        found: &mut Vec<(String, AccessKey)>,
    ) {
        crate::usage::walk_expr(e, &mut |x| match &x.kind {
            // A row (`g[r]` in `g[r][j]`) only computes the address of the elements read.
            ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) if self.is_array_valued(x) => {}
            ExprKind::Index(..)
            | ExprKind::Unary(UnOp::Deref, _)
            | ExprKind::Member { arrow: true, .. } => {
                if let Some(p) = self.adj_place(x) {
                    if let (Some(b), true) = (p.base.clone(), p.space != Space::Private) {
                        let context = p
                            .offset
                            .as_ref()
                            .map(|o| self.env.relevant_ranges(o, ranges))
                            .unwrap_or_default();
                        found.push((b, (p.offset.map(|o| in_units(&o, &p.unit)), context)));
                    }
                }
            }
            // A cache-hinted load reads `*p`.
            ExprKind::Call { args, .. }
                if args.len() == 1
                    && crate::host::callee_name(x).is_some_and(crate::calls::is_hinted_load) =>
            {
                let read = Expr::synth(ExprKind::Unary(UnOp::Deref, Box::new(args[0].clone())));
                self.collect_offsets_of(&read, ranges, found);
            }
            ExprKind::Call { args, .. } => {
                // Only pointers handed over count: `sqrtf(T[i])` passes a value.
                let passes_pointer = |a: &Expr| {
                    self.type_of(a).is_some_and(|t| {
                        matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. })
                    }) || matches!(a.strip_parens().kind, ExprKind::Unary(UnOp::AddrOf, _))
                };
                for a in args.iter().filter(|a| passes_pointer(a)) {
                    if let Some((_, space, _)) = self.shadow(a) {
                        if let (Some(b), true) =
                            (crate::usage::lvalue_root(a), space != Space::Private)
                        {
                            found.push((b.to_string(), (None, vec![])));
                        }
                    }
                }
            }
            _ => {}
        })
    }

    /// Strategy for an update of a place, given the guards of the current program point.
    pub fn strategy(&self, place: &AdjPlace) -> Strategy {
        match (place.space, self.mode) {
            (Space::Private, _) | (_, Mode::Host) => Strategy::Plain("thread-private"),
            (Space::MaybeLocal, _) => Strategy::AtomicUnlessLocal,
            (Space::Shared, _) => match &place.offset {
                Some(off)
                    if shared_unique(&self.env, off, &self.loop_ranges)
                        && self.sole_offset(place, off) =>
                {
                    Strategy::Plain("distinct per thread of the block")
                }
                Some(off) if self.tree_step_unique(place, off) => {
                    Strategy::Plain("distinct per thread in each step of a tree reduction")
                }
                Some(off) if self.env.varies_by_rows_only(off) => Strategy::RowGrouped,
                Some(off) if self.env.varies_by_columns_only(off) => Strategy::ColumnGrouped,
                _ => Strategy::Atomic,
            },
            (Space::Global, _) => {
                let Some(off) = &place.offset else {
                    return Strategy::Atomic;
                };
                // Only guards every access to the array is under: a thread the guard rules
                // out here may reach the same element through another statement (a bias row
                // updated by `if (ty == 0 && by == 0)` threads, the rows by all threads).
                let common = place.base.as_ref().and_then(|b| self.common_guards.get(b));
                let mut lt = Vec::new();
                let mut guards: Vec<(String, bool)> = Vec::new();
                for (cond, negated) in &self.guards {
                    let text = (cuad_emit::print_expr(cond), *negated);
                    if common.is_none_or(|c| c.contains(&text)) {
                        facts(&self.env, cond, *negated, &mut lt);
                        guards.push(text);
                    }
                }
                let unique = match self
                    .env
                    .is_thread_unique(off, &lt, &guards, &self.loop_ranges)
                {
                    Unique::No => Unique::No,
                    _ if !self.sole_offset(place, off) => Unique::No,
                    u => u,
                };
                if unique == Unique::Yes {
                    Strategy::Plain("distinct per thread")
                } else if unique == Unique::IfWholeWarps {
                    Strategy::PlainIfWholeWarps
                } else if off.is_uniform() {
                    if self.mode == Mode::Kernel && self.kernel_invariant(off) {
                        Strategy::KernelInvariant
                    } else {
                        self.uniform_offset_strategy()
                    }
                } else if self.env.warp_uniform(off) {
                    self.uniform_offset_strategy()
                } else if self.env.varies_by_quotients_only(off) {
                    Strategy::WarpGrouped
                } else if self.env.varies_by_rows_only(off) {
                    Strategy::RowGrouped
                } else if self.env.varies_by_columns_only(off) {
                    Strategy::ColumnGrouped
                } else {
                    Strategy::Atomic
                }
            }
        }
    }

    /// An offset the same in every thread of a warp. In a kernel it is one address (kernel
    /// parameters are the same everywhere); in a pullback it is relative to a pointer
    /// parameter each thread may pass differently (`_d_cams[ob.cam].aa`), so the warp sums
    /// only when its lanes share the address at run time.
    fn uniform_offset_strategy(&self) -> Strategy {
        match self.mode {
            Mode::Device => Strategy::WarpGrouped,
            _ => Strategy::Uniform,
        }
    }

    /// The offset does not change during the kernel (no loop counters or reassigned names).
    fn kernel_invariant(&self, off: &Poly) -> bool {
        let text = format!("{off:?}");
        !self
            .env
            .uniform_counters
            .iter()
            .any(|c| text.contains(&format!("Uniform(\"{c}\")")))
    }

    /// `adj(target) += value` with the strategy the analysis picked.
    pub fn accumulate(&mut self, target: &Expr, value: Expr) -> Vec<Stmt> {
        if let Some(fields) = self.aggregate_fields(target) {
            // Structs and vector types accumulate field by field (atomics work on scalars).
            let mut out = Vec::new();
            let value = match value.kind {
                ExprKind::Ident(_) => value,
                _ => {
                    let ty = self
                        .type_of(target)
                        .unwrap_or_else(|| Ty::new(TyKind::Double));
                    let t = self.fresh("_r");
                    out.push(decl(ty, &t, Some(value)));
                    ident(&t)
                }
            };
            for f in fields {
                out.extend(self.accumulate(
                    &member(target.clone(), &f, false),
                    member(value.clone(), &f, false),
                ));
            }
            return out;
        }
        let Some(place) = self.adj_place(target) else {
            let root_inactive =
                crate::usage::lvalue_root(target).is_some_and(|r| !self.active.contains(r));
            if root_inactive {
                // Memory that carries no derivative (an input not differentiated).
                return vec![];
            }
            // Dropping the update would be a silently wrong gradient.
            self.error(
                target.span,
                format!(
                    "cuad cannot tell where the adjoint of `{}` lives",
                    cuad_emit::print_expr(target)
                ),
            );
            return vec![];
        };
        self.accumulate_place(place, value)
    }

    /// Differentiable fields of a struct- or vector-typed lvalue.
    pub fn aggregate_fields(&self, e: &Expr) -> Option<Vec<String>> {
        let ty = self.type_of(e)?;
        let TyKind::Named { name, .. } = &ty.kind else {
            return None;
        };
        if let Some(rest) = name
            .strip_prefix("float")
            .or_else(|| name.strip_prefix("double"))
        {
            let n: usize = rest.parse().ok()?;
            return Some(
                ["x", "y", "z", "w"][..n.min(4)]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            );
        }
        // The semantic layer already knows a struct's fields (bases included).
        self.prog.struct_def(name)?;
        let fields = self.prog.fields(&ty);
        Some(
            fields
                .into_iter()
                .filter(|(_, t)| {
                    crate::activity::is_differentiable(self.prog, t) && !self.holds_pointers(t)
                })
                .map(|(n, _)| n)
                .collect(),
        )
    }

    /// A pointer field (or an array of them) of an adjoint object points to adjoint buffers
    /// that callees write through; it is never a sum of adjoints.
    pub fn holds_pointers(&self, ty: &Ty) -> bool {
        match &self.prog.canonical(ty).kind {
            TyKind::Pointer { .. } => true,
            TyKind::Array { elem, .. } => self.holds_pointers(elem),
            _ => false,
        }
    }

    pub fn accumulate_place(&mut self, place: AdjPlace, value: Expr) -> Vec<Stmt> {
        // Structs and vector types have no `+=`: accumulate field by field, each field with
        // the strategy its address gets.
        let all_fields = place
            .ty
            .as_ref()
            .filter(|t| !is_real(&self.prog.canonical(t)))
            .map(|t| self.prog.fields(t))
            .unwrap_or_default();
        let is_struct = !all_fields.is_empty();
        let fields = all_fields
            .into_iter()
            // Integer and enum fields carry no adjoint (`atomicAdd` has no enum overload).
            .filter(|(_, t)| {
                !self.holds_pointers(t) && crate::activity::is_differentiable(self.prog, t)
            })
            .collect::<Vec<_>>();
        if is_struct && fields.is_empty() {
            return vec![];
        }
        if let Some(TyKind::Array {
            elem,
            len: Some(len),
        }) = place.ty.as_ref().map(|t| &t.kind)
        {
            // A literal, or a constant of the file (`Vec<double, kOut>`).
            if let Some(n) = self.env.poly(len).as_constant() {
                let mut out = Vec::new();
                for k in 0..n {
                    let elem_place = AdjPlace {
                        lvalue: index(place.lvalue.clone(), int_lit(k)),
                        ty: Some((**elem).clone()),
                        ..place.clone()
                    };
                    out.extend(self.accumulate_place(elem_place, index(value.clone(), int_lit(k))));
                }
                return out;
            }
            // Arrays have no `+=`; element by element needs the length.
            self.error(
                place.lvalue.span,
                format!(
                    "cuad cannot accumulate the adjoint of the array `{}`: its length `{}` is not a number here",
                    cuad_emit::print_expr(&place.lvalue),
                    cuad_emit::print_expr(len)
                ),
            );
            return vec![];
        }
        if !fields.is_empty() {
            let mut out = Vec::new();
            for (field, fty) in fields {
                let field_place = AdjPlace {
                    lvalue: member(place.lvalue.clone(), &field, false),
                    ty: Some(fty),
                    ..place.clone()
                };
                out.extend(
                    self.accumulate_place(field_place, member(value.clone(), &field, false)),
                );
            }
            return out;
        }
        let strategy = self.strategy(&place);
        let why = match &strategy {
            Strategy::Plain(why) => format!("plain += ({why})"),
            Strategy::PlainIfWholeWarps => "plain += when blockDim.x is a multiple of 32 (then distinct per thread: one warp per row, its lanes 32 apart), else atomicAdd".into(),
            Strategy::KernelInvariant => {
                "block reduction, one atomic per block (same address for all threads)".into()
            }
            Strategy::Uniform => {
                "warp reduction, one atomic per warp (same address across the warp)".into()
            }
            Strategy::WarpGrouped => "warp reduction when the whole warp shares the address at run time (it varies only through a quotient like `t / width`), else atomicAdd".into(),
            Strategy::RowGrouped => "reduction over each row of the block's threads in the warp (the address does not depend on threadIdx.x), one atomic per row and warp, when blockDim.x is a power of two from 4 to 32 or a multiple of 32; else atomicAdd".into(),
            Strategy::ColumnGrouped => "reduction over the lanes of the warp in the same column of the block (the address does not depend on threadIdx.y or .z), one atomic per column and warp, when blockDim.x is a power of two up to 8; else atomicAdd".into(),
            Strategy::Atomic => "atomicAdd (address may be shared by threads)".into(),
            Strategy::AtomicUnlessLocal => "plain += when the address is thread-local at run time, else atomicAdd (the pointer may point into a local array or into memory other threads share)".into(),
        };
        self.explain(&place.lvalue, &why);
        // Every other strategy is one call of an atomic or a generated helper on the address.
        let helper = match strategy {
            Strategy::Plain(_) => {
                return vec![expr_stmt(compound(BinOp::Add, place.lvalue, value))];
            }
            Strategy::KernelInvariant => {
                let reg = self.kernel_register(&place.lvalue, place.ty.clone());
                return vec![expr_stmt(compound(BinOp::Add, ident(&reg), value))];
            }
            Strategy::Atomic => "atomicAdd",
            Strategy::PlainIfWholeWarps => {
                self.helpers.whole_warps_add = true;
                "cuad_add_if_whole_warps"
            }
            Strategy::AtomicUnlessLocal => {
                self.helpers.maybe_local_add = true;
                "cuad_add_maybe_local"
            }
            Strategy::Uniform => {
                self.helpers.warp_add = true;
                "cuad_warp_add"
            }
            Strategy::WarpGrouped => {
                self.helpers.warp_add = true;
                "cuad_warp_add_if_shared"
            }
            Strategy::RowGrouped => {
                self.helpers.row_group_add = true;
                self.helpers.warp_add = true;
                "cuad_add_row_groups"
            }
            Strategy::ColumnGrouped => {
                self.helpers.row_group_add = true;
                self.helpers.warp_add = true;
                "cuad_add_column_groups"
            }
        };
        vec![expr_stmt(call(helper, vec![addr_of(place.lvalue), value]))]
    }

    /// A per-thread register summing updates of one kernel-invariant address; reduced over
    /// the block at the end of the kernel.
    fn kernel_register(&mut self, lvalue: &Expr, ty: Option<Ty>) -> String {
        let key = cuad_emit::print_expr(lvalue);
        if let Some(acc) = self.kernel_accs.iter().find(|a| a.key == key) {
            return acc.register.clone();
        }
        let ty = ty
            .unwrap_or_else(|| Ty::new(TyKind::Double))
            .with_const(false);
        let base: String = key
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let reg = format!("{}_sum", base.trim_start_matches('_'));
        let reg = format!("_{reg}");
        self.decls
            .push(decl(ty.clone(), &reg, Some(real_zero(&ty))));
        self.kernel_accs.push(crate::reverse::KernelAcc {
            key,
            register: reg.clone(),
            lvalue: lvalue.clone(),
            ty,
        });
        self.helpers.block_add = true;
        reg
    }
}

/// An offset as a key that offsets counted in another element type never equal: `s[i]` and
/// `reinterpret_cast<float4*>(s)[i]` are different addresses.
fn in_units(off: &Poly, unit: &Option<String>) -> Poly {
    match unit {
        Some(u) => off.mul(&Poly::atom(crate::index::Atom::Opaque(format!(
            "<elements of {u}>"
        )))),
        None => off.clone(),
    }
}

/// In shared memory, `c * threadIdx.x + uniform` is distinct per thread of a block.
/// `c * threadIdx.x + u` with `u` the same in every thread and, where it moves with a loop
/// counter, moving less than `c` (or threads would meet at different iterations).
impl Gen<'_, '_> {
    /// How many scalars an array type holds (`float[4][16]`: 64), when its lengths are
    /// constants.
    fn scalars_in(&self, ty: &Ty) -> Option<Poly> {
        // `typedef double Row[4];` counts as the array it names.
        match &self.prog.canonical(ty).kind {
            TyKind::Array { elem, len } => {
                let n = self.env.poly(len.as_deref()?);
                let inner = self.scalars_in(elem)?;
                n.is_constant().then(|| n.mul(&inner))
            }
            _ => Some(Poly::constant(1)),
        }
    }
}

fn shared_unique(
    env: &crate::index::IndexEnv,
    off: &Poly,
    ranges: &[crate::index::CounterRange],
) -> bool {
    let linear = Poly::atom(crate::index::Atom::Builtin("threadIdx", 0));
    // `threadIdx.x` alone names a thread of a block only in a 1-D block.
    env.thread_dims <= 1
        && (1..=8).any(|c| {
            let rest = off.sub(&linear.scale(c));
            rest.is_uniform() && env.within_stride(&rest, &Poly::constant(c), ranges)
        })
}

/// Records, for every name a statement mentions, the `if` guards around it (printed).
/// Statements of kinds not followed here record their names with no guards (conservative).
fn guard_stacks(
    s: &Stmt,
    guards: &mut Vec<(String, bool)>,
    out: &mut HashMap<String, Vec<Vec<(String, bool)>>>,
) {
    // Memory accesses only: `a[i]`, `*p`, `p->f`, and pointers handed to calls; a pointer's
    // own definition (`qb = q + off`) reaches no element. The arms of `c ? a : b` are guarded
    // by `c` like the branches of an `if`.
    fn record(
        e: &Expr,
        guards: &mut Vec<(String, bool)>,
        out: &mut HashMap<String, Vec<Vec<(String, bool)>>>,
    ) {
        let mut add = |base: &Expr, guards: &[(String, bool)]| {
            if let Some(n) = crate::usage::lvalue_root(base) {
                out.entry(n.to_string()).or_default().push(guards.to_vec());
            }
        };
        match &e.kind {
            ExprKind::Cond(c, a, b) => {
                record(c, guards, out);
                let text = cuad_emit::print_expr(c);
                for (arm, negated) in [(a, false), (b, true)] {
                    guards.push((text.clone(), negated));
                    record(arm, guards, out);
                    guards.pop();
                }
                return;
            }
            ExprKind::Index(base, _) => add(base, guards),
            ExprKind::Unary(UnOp::Deref, p) => add(p, guards),
            ExprKind::Member {
                base, arrow: true, ..
            } => add(base, guards),
            ExprKind::Call { args, .. } => args.iter().for_each(|a| add(a, guards)),
            _ => {}
        }
        crate::usage::for_each_child(e, &mut |x| record(x, guards, out));
    }
    match &s.kind {
        StmtKind::Block(b) => b.iter().for_each(|x| guard_stacks(x, guards, out)),
        StmtKind::If { cond, then, els } => {
            record(cond, guards, out);
            let text = cuad_emit::print_expr(cond);
            guards.push((text.clone(), false));
            guard_stacks(then, guards, out);
            guards.pop();
            if let Some(e) = els {
                guards.push((text, true));
                guard_stacks(e, guards, out);
                guards.pop();
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                guard_stacks(i, guards, out);
            }
            for e in cond.iter().chain(step) {
                record(e, guards, out);
            }
            guard_stacks(body, guards, out);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            record(cond, guards, out);
            guard_stacks(body, guards, out);
        }
        _ => {
            let mut compound = false;
            s.for_each_child(&mut |_| compound = true);
            // `record` leaves the stack as it found it, so the walk's own stack serves.
            let mut unguarded = Vec::new();
            let here = if compound { &mut unguarded } else { guards };
            crate::usage::visit_stmt_exprs(s, &mut |e| record(e, here, out));
        }
    }
}
