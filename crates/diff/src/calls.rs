//! Reverse of expressions: adjoint propagation through operators, math calls (rule table),
//! vector constructors, and calls to user functions (pullbacks or custom derivatives).

use crate::activity::{depends_on_active, is_differentiable, is_real};
use crate::adjoint::{adj_name, Space};
use crate::builder::*;
use crate::reverse::{Gen, Mode, PullbackReq};
use crate::rules;
use crate::usage::Names;
use cuad_syntax::ast::*;
use std::collections::BTreeSet;

const VECTOR_FIELDS: [&str; 4] = ["x", "y", "z", "w"];

impl Gen<'_, '_> {
    /// A call of a function template that has an explicit specialization cuad keeps opaque:
    /// an error (true) rather than differentiating the primary template for it.
    fn specialized(&mut self, name: &str, at: cuad_syntax::Span) -> bool {
        if crate::opaque_specialization(&self.prog.tu.items, name).is_none() {
            return false;
        }
        self.error(at, crate::specialization_message(name));
        true
    }

    pub fn expr_is_active(&self, e: &Expr) -> bool {
        depends_on_active(e, &self.active)
    }

    /// The pointer fields of `t`, a struct's scratch adjoint for the argument `a`: the adjoint
    /// buffers of `a`'s fields (a pullback accumulates through them), null where `a`'s carry
    /// no derivative. Its real fields start at zero and are added to `a`'s adjoint after.
    fn scratch_pointer_fields(&mut self, a: &Expr, ty: &Ty, t: &str) -> Vec<Stmt> {
        if is_real(ty) {
            return vec![];
        }
        let mut out = Vec::new();
        for (f, fty) in self.prog.fields(&self.prog.canonical(ty)) {
            if !matches!(self.prog.canonical(&fty).kind, TyKind::Pointer { .. }) {
                continue;
            }
            if let Some((sh, _, _)) = self.shadow(&member(a.clone(), &f, false)) {
                out.push(expr_stmt(assign(member(ident(t), &f, false), sh)));
            }
        }
        out
    }

    /// The join of the spaces the active pointer fields of argument `a` point to (fields of
    /// nested objects included), `None` when it has none; `a` is an object, a reference to
    /// one, or a pointer to objects (its fields reached by `->`).
    fn field_targets_space(&self, a: &Expr, pty: &Ty) -> Option<Space> {
        let ty = self.prog.canonical(pty);
        let (obj_ty, arrow) = match &ty.kind {
            TyKind::LRef(inner) => (self.prog.canonical(inner), false),
            TyKind::Pointer { pointee, .. } | TyKind::Array { elem: pointee, .. } => {
                (self.prog.canonical(pointee), true)
            }
            _ => (ty.clone(), false),
        };
        self.object_fields_space(a, &obj_ty, arrow, 0)
    }

    fn object_fields_space(&self, obj: &Expr, ty: &Ty, arrow: bool, depth: usize) -> Option<Space> {
        if depth > 8 || !matches!(ty.kind, TyKind::Named { .. }) {
            return None;
        }
        let mut joined: Option<Space> = None;
        for (f, fty) in self.prog.fields(ty) {
            let fty = self.prog.canonical(&fty);
            let field = member(obj.clone(), &f, arrow);
            let space = match &fty.kind {
                TyKind::Pointer { .. } => self.shadow(&field).map(|(_, s, _)| s),
                _ => self.object_fields_space(&field, &fty, false, depth + 1),
            };
            if let Some(s) = space {
                joined = Some(joined.map_or(s, |j| j.join(s)));
            }
        }
        joined
    }

    /// Binds a non-trivial adjoint expression to a temporary when it would be used twice.
    fn bind(&mut self, adj: Expr, ty: Option<Ty>, uses: usize, out: &mut Vec<Stmt>) -> Expr {
        let trivial = matches!(
            adj.kind,
            ExprKind::Ident(_) | ExprKind::IntLit(_) | ExprKind::FloatLit(_)
        );
        if uses <= 1 || trivial {
            return adj;
        }
        let ty = ty
            .filter(|t| is_real(t) || matches!(t.kind, TyKind::Named { .. }))
            .unwrap_or_else(|| Ty::new(TyKind::Double));
        let t = self.fresh("_r");
        out.push(decl(ty, &t, Some(adj)));
        ident(&t)
    }

    /// Propagates `adj`, the adjoint of the value of `e`, into the active leaves of `e`.
    /// Runs in the state before the statement that contains `e`.
    pub fn rev_expr(&mut self, e: &Expr, adj: Expr) -> Vec<Stmt> {
        if !self.expr_is_active(e) {
            return vec![];
        }
        let mut out = Vec::new();
        if let Some(call) = self.user_operator_call(e) {
            return self.rev_call(&call, Some(adj));
        }
        match &e.kind {
            ExprKind::Paren(x) | ExprKind::Unary(UnOp::Plus, x) => return self.rev_expr(x, adj),
            ExprKind::Ident(_)
            | ExprKind::Index(..)
            | ExprKind::Member { .. }
            | ExprKind::Unary(UnOp::Deref, _) => {
                if let ExprKind::Member { base, .. } = &e.kind {
                    // Member of an rvalue (`make_float2(a, b).x`, `f(x).re`) has no place.
                    if self.adj_place(e).is_none() && !matches!(base.kind, ExprKind::Ident(_)) {
                        return self.rev_member_of_value(e, adj);
                    }
                }
                return self.accumulate(e, adj);
            }
            ExprKind::Unary(UnOp::Neg, x) => return self.rev_expr(x, neg(paren(adj))),
            // A struct of the file without a visible operator (a class template's friend):
            // its operator need not be (bi)linear, so the rules below could be wrong.
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div, l, r)
                if [l, r].iter().any(|x| {
                    self.type_of(x).is_some_and(|t| {
                        matches!(&self.prog.canonical(&t).kind, TyKind::Named { name, .. }
                            if self.prog.struct_def(name).is_some())
                    })
                }) =>
            {
                self.error(
                    e.span,
                    "cuad cannot differentiate arithmetic on a struct whose operator it cannot see (friend operators of class templates are not modelled); define the operator as a function outside the class".to_string(),
                );
                return out;
            }
            ExprKind::Binary(op, l, r) => {
                let (la, ra) = (self.expr_is_active(l), self.expr_is_active(r));
                let ty = self.type_of(e);
                match op {
                    BinOp::Add | BinOp::Sub => {
                        let adj = self.bind(adj, ty, la as usize + ra as usize, &mut out);
                        out.extend(self.rev_expr(l, adj.clone()));
                        let radj = if *op == BinOp::Sub {
                            neg(paren(adj))
                        } else {
                            adj
                        };
                        out.extend(self.rev_expr(r, radj));
                    }
                    BinOp::Mul => {
                        let adj = self.bind(adj, ty, la as usize + ra as usize, &mut out);
                        if la {
                            out.extend(
                                self.rev_expr(l, mul(paren(adj.clone()), paren((**r).clone()))),
                            );
                        }
                        if ra {
                            out.extend(self.rev_expr(r, mul(paren((**l).clone()), paren(adj))));
                        }
                    }
                    BinOp::Div => {
                        // g = adj / r: the numerator's adjoint is g and the denominator's
                        // -g * (l / r), whose quotient nvcc shares with the forward's: one
                        // division instead of two (`adj * l / (r * r)`).
                        let quotient = binary(BinOp::Div, paren(adj), paren((**r).clone()));
                        if ra {
                            let g = self.bind(quotient, ty, 2, &mut out);
                            if la {
                                out.extend(self.rev_expr(l, g.clone()));
                            }
                            let value =
                                binary(BinOp::Div, paren((**l).clone()), paren((**r).clone()));
                            out.extend(self.rev_expr(r, neg(paren(mul(g, paren(value))))));
                        } else {
                            out.extend(self.rev_expr(l, quotient));
                        }
                    }
                    BinOp::Comma => out.extend(self.rev_expr(r, adj)),
                    _ => {}
                }
            }
            ExprKind::Cond(c, a, b) => {
                let ty = self.type_of(e);
                let adj = self.bind(adj, ty, 2, &mut out);
                // A branch's calls may not be evaluated (`i < n ? f(x[i]) : 0`): no partials
                // in the forward sweep for them.
                let site = std::mem::replace(&mut self.preacc_site, false);
                let ta = self.rev_expr(a, adj.clone());
                let tb = self.rev_expr(b, adj);
                self.preacc_site = site;
                if !ta.is_empty() || !tb.is_empty() {
                    out.push(if_stmt((**c).clone(), ta, Some(tb)));
                }
            }
            ExprKind::Cast { ty, expr, .. }
                if matches!(expr.kind, ExprKind::InitList(_))
                    || !self.prog.fields(&self.prog.canonical(ty)).is_empty() =>
            {
                let target = self.prog.canonical(ty);
                let items: Vec<Expr> = match &expr.kind {
                    ExprKind::InitList(items) => items.clone(),
                    _ => comma_operands(expr),
                };
                out.extend(self.rev_braced(e, &items, &target, adj));
            }
            ExprKind::InitList(items) => match self.type_of(e) {
                Some(t) => out.extend(self.rev_braced(e, items, &t, adj)),
                None => self.error(
                    e.span,
                    "cuad cannot differentiate a braced list here; initialize a local with it",
                ),
            },
            ExprKind::Cast { ty, expr, .. } => {
                let target = self.prog.canonical(ty);
                if is_real(&target)
                    || is_differentiable(self.prog, &target)
                        && !matches!(target.kind, TyKind::Pointer { .. })
                {
                    out.extend(self.rev_expr(expr, adj));
                }
            }
            ExprKind::Call { .. } => out.extend(self.rev_call(e, Some(adj))),
            _ => {}
        }
        out
    }

    /// `T{a, b}` of a struct or vector type: the adjoint of each item is the adjoint's
    /// field of the same position.
    fn rev_braced(&mut self, e: &Expr, items: &[Expr], ty: &Ty, adj: Expr) -> Vec<Stmt> {
        if is_real(ty) {
            return match items {
                [x] => self.rev_expr(x, adj),
                _ => vec![],
            };
        }
        if let Some(sources) = self.constructor_sources(e, ty, items.len()) {
            let mut out = Vec::new();
            let adj = self.bind(adj, Some(ty.clone()), items.len(), &mut out);
            for (field, j) in sources {
                out.extend(self.rev_expr(&items[j], member(adj.clone(), &field, false)));
            }
            return out;
        }
        let mut out = Vec::new();
        let adj = self.bind(adj, Some(ty.clone()), items.len(), &mut out);
        if !self.rev_aggregate_items(items, ty, &adj, &mut out) {
            self.error(
                e.span,
                "cuad cannot differentiate this braced initializer (more items than fields, an array member without its own braces, or nested braces of a struct with constructors)",
            );
            return vec![];
        }
        out
    }

    /// The adjoints of the items of an aggregate's braced list, the aggregate's adjoint being
    /// the lvalue `adj`: each item gets its subobject's adjoint, the items of a nested list
    /// those of the subobject's parts (`Vec{{a, b}}`: `adj.v[0]`, `adj.v[1]`). `false` where
    /// items and subobjects do not match one to one (brace elision is not followed).
    fn rev_aggregate_items(
        &mut self,
        items: &[Expr],
        ty: &Ty,
        adj: &Expr,
        out: &mut Vec<Stmt>,
    ) -> bool {
        let ty = self.prog.canonical(ty);
        let parts: Vec<(Expr, Ty)> = match &ty.kind {
            TyKind::Array { elem, len } => {
                let bound = len
                    .as_ref()
                    .and_then(|l| crate::instantiate::constant_value(l));
                if bound.is_some_and(|n| n < items.len() as i64) {
                    return false;
                }
                (0..items.len())
                    .map(|k| (index(adj.clone(), int_lit(k as i64)), (**elem).clone()))
                    .collect()
            }
            TyKind::Named { .. } if user_constructors(self.prog, &ty).is_empty() => self
                .prog
                .fields(&ty)
                .into_iter()
                .map(|(f, t)| (member(adj.clone(), &f, false), t))
                .collect(),
            _ => return false,
        };
        if parts.len() < items.len() {
            return false;
        }
        for (item, (part, t)) in items.iter().zip(parts) {
            let scalar = !matches!(
                self.prog.canonical(&t).kind,
                TyKind::Array { .. } | TyKind::Named { .. }
            );
            match &item.kind {
                ExprKind::InitList(inner) if scalar => match inner.as_slice() {
                    [] => {}
                    [x] => out.extend(self.rev_expr(x, part)),
                    _ => return false,
                },
                ExprKind::InitList(inner) => {
                    if !self.rev_aggregate_items(inner, &t, &part, out) {
                        return false;
                    }
                }
                _ if matches!(self.prog.canonical(&t).kind, TyKind::Array { .. }) => return false,
                _ => out.extend(self.rev_expr(item, part)),
            }
        }
        true
    }

    /// For a struct with constructors: which argument each field comes from, read off the
    /// constructor taking `n` arguments, which must only copy parameters into fields
    /// (`V(float a, float b) : x(a), y(b) {}`). `None` for aggregates (positional fields).
    fn constructor_sources(&mut self, e: &Expr, ty: &Ty, n: usize) -> Option<Vec<(String, usize)>> {
        match constructor_sources(self.prog, ty, n)? {
            Ok(sources) => Some(sources),
            Err(msg) => {
                self.error(e.span, msg);
                Some(Vec::new())
            }
        }
    }

    /// `f(x).field` / `make_float2(a, b).x`: the adjoint of the whole value is zero except the
    /// field.
    fn rev_member_of_value(&mut self, e: &Expr, adj: Expr) -> Vec<Stmt> {
        let ExprKind::Member { base, field, .. } = &e.kind else {
            return vec![];
        };
        let Some(ty) = self.type_of(base) else {
            self.error(e.span, "cannot determine the type of this expression");
            return vec![];
        };
        let t = self.fresh("_r");
        let mut out = vec![decl(ty, &t, Some(Expr::synth(ExprKind::InitList(vec![]))))];
        out.push(expr_stmt(assign(member(ident(&t), field, false), adj)));
        out.extend(self.rev_expr(base, ident(&t)));
        out
    }

    /// Adjoint of a call. `adj` is the adjoint of its value (`None` for a void call).
    pub fn rev_call(&mut self, e: &Expr, adj: Option<Expr>) -> Vec<Stmt> {
        self.rev_call_with(e, adj, None)
    }

    /// `rev_call`, with a pullback's `replay` (see `Replay`) when given.
    fn rev_call_with(&mut self, e: &Expr, adj: Option<Expr>, replay: Option<Replay>) -> Vec<Stmt> {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return vec![];
        };
        let name = match &callee.kind {
            ExprKind::Ident(n) => n.clone(),
            _ => {
                // Methods become free functions (methods.rs) unless their struct hides its
                // data or derives from another: say which.
                let owner = match &callee.kind {
                    ExprKind::Member { base, arrow, .. } => self
                        .type_of(base.strip_parens())
                        .and_then(|t| {
                            crate::methods::called_object(self.prog.canonical(&t), *arrow)
                        })
                        .and_then(|t| match t.kind {
                            TyKind::Named { name, .. } => Some(name),
                            _ => None,
                        }),
                    _ => None,
                };
                let message = match owner {
                    Some(o) => format!(
                        "cuad cannot differentiate this call of a method of `{o}`: cuad differentiates methods as free functions, and cannot for this one (a struct with private data members or base classes, or a parameter or local named like a field)"
                    ),
                    None => "cuad cannot differentiate calls through function pointers or methods yet".to_string(),
                };
                self.error(e.span, message);
                return vec![];
            }
        };
        if !args.iter().any(|a| self.expr_is_active(a)) {
            return vec![];
        }
        let mut out = Vec::new();
        let bare = name
            .trim_start_matches("::")
            .strip_prefix("std::")
            .unwrap_or(name.trim_start_matches("::"));
        if let Some(adj) = adj.clone() {
            if self.find_custom(&name).is_none()
                && self.prog.functions(&name).iter().all(|f| f.body.is_none())
            {
                if rules::is_piecewise_constant(&name) {
                    return vec![];
                }
                let math_name = rules::min_max_alias(&name).unwrap_or(&name);
                if let Some(mc) = rules::classify(math_name) {
                    let ty = args
                        .first()
                        .and_then(|a| self.type_of(a))
                        .or_else(|| self.type_of(e))
                        .unwrap_or_else(|| Ty::new(TyKind::Double));
                    let ty = if is_real(&ty) {
                        ty
                    } else {
                        Ty::new(TyKind::Double)
                    };
                    let Some(partials) = rules::partials(&mc, &ty, args) else {
                        self.error(
                            e.span,
                            format!("`{name}` called with an unexpected number of arguments"),
                        );
                        return vec![];
                    };
                    self.helpers.digamma |= rules::needs_digamma(&mc);
                    let active = args.iter().filter(|a| self.expr_is_active(a)).count();
                    let adj = self.bind(adj, Some(ty), active, &mut out);
                    for (a, p) in args.iter().zip(partials) {
                        if self.expr_is_active(a) {
                            out.extend(self.rev_expr(a, mul(paren(adj.clone()), paren(p))));
                        }
                    }
                    return out;
                }
                if is_real_vector_maker(bare) {
                    let adj = self.bind(adj, self.type_of(e), 2, &mut out);
                    for (a, f) in args.iter().zip(VECTOR_FIELDS) {
                        out.extend(self.rev_expr(a, member(adj.clone(), f, false)));
                    }
                    return out;
                }
            }
        }
        if let (Some(adj), true) = (adj.clone(), bare.starts_with("__shfl")) {
            return self.rev_shuffle(bare, e, args, adj);
        }
        // Precision conversions pass the adjoint through, converted back.
        if let (Some(adj), Some(back), [x]) = (adj.clone(), conversion_back(bare), args.as_slice())
        {
            return self.rev_expr(x, call(back, vec![adj]));
        }
        // Cache-hinted loads (`__ldg(&w[i])`) read `*p`: the adjoint goes where `*p`'s goes.
        if let (Some(adj), true, [ptr]) = (adj.clone(), is_hinted_load(bare), args.as_slice()) {
            let target = match &ptr.strip_parens().kind {
                ExprKind::Unary(UnOp::AddrOf, x) => (**x).clone(),
                _ => Expr::synth(ExprKind::Unary(UnOp::Deref, Box::new(ptr.clone()))),
            };
            return self.rev_expr(&target, adj);
        }
        if matches!(
            bare,
            "atomicAdd" | "atomicSub" | "atomicExch" | "atomicMax" | "atomicMin"
        ) {
            self.error(
                e.span,
                format!("cuad supports `{bare}` only as a statement"),
            );
            return vec![];
        }
        out.extend(self.pullback_call(&name, e, args, adj, replay));
        out
    }

    /// Warp shuffles move values between lanes; their adjoints move back the other way.
    /// `__shfl_down_sync(m, v, d)`: lane j read lane j+d (or itself past the end), so v's
    /// adjoint in lane j is lane j-d's adjoint (if j >= d) plus its own (if j+d >= width).
    /// `__shfl_sync` is supported with a source lane that is the same for the whole warp.
    fn rev_shuffle(&mut self, name: &str, e: &Expr, args: &[Expr], adj: Expr) -> Vec<Stmt> {
        if args.len() < 3 {
            self.error(
                e.span,
                format!("`{name}` needs a mask, a value and a lane argument"),
            );
            return vec![];
        }
        self.helpers.warp_add = true;
        // The adjoint temporaries are written (`_r += __shfl_xor_sync(...)`): not `const` even
        // where the shuffled value is (`x[t]` of a `const double*`).
        let ty = self
            .type_of(&args[1])
            .unwrap_or_else(|| Ty::new(TyKind::Double))
            .with_const(false);
        let mut out = Vec::new();
        let adj = self.bind(adj, Some(ty.clone()), 2, &mut out);
        let (mask, v, k) = (args[0].clone(), &args[1], args[2].clone());
        let width = args.get(3).cloned().unwrap_or_else(|| int_lit(32));
        let lane = binary(
            BinOp::BitAnd,
            call("cuad_linear_tid", vec![]),
            binary(BinOp::Sub, width.clone(), int_lit(1)),
        );
        let moved = self.fresh("_r");
        let uniform = |g: &Self, x: &Expr| g.env.poly(x).is_uniform();
        if !uniform(self, &k) || !uniform(self, &width) {
            // The lane read differs between lanes: every lane collects the adjoints of the
            // lanes that read from it, one lane at a time.
            let total =
                self.shuffle_from_varying_lanes(name, &mask, &k, &width, adj, &ty, &mut out);
            out.extend(self.rev_expr(v, total));
            return out;
        }
        let pick = |c: Expr, x: Expr| {
            Expr::synth(ExprKind::Cond(
                Box::new(c),
                Box::new(x),
                Box::new(real_zero(&ty)),
            ))
        };
        let total = match name {
            "__shfl_down_sync" | "__shfl_up_sync" => {
                let back = if name == "__shfl_down_sync" {
                    "__shfl_up_sync"
                } else {
                    "__shfl_down_sync"
                };
                let mut back_args = vec![mask, adj.clone(), k.clone()];
                back_args.extend(args.get(3).cloned());
                out.push(decl(ty.clone(), &moved, Some(call(back, back_args))));
                let (from_other, from_self) = if name == "__shfl_down_sync" {
                    (
                        binary(BinOp::Ge, lane.clone(), k.clone()),
                        binary(BinOp::Ge, binary(BinOp::Add, lane, k), width),
                    )
                } else {
                    (
                        binary(
                            BinOp::Lt,
                            binary(BinOp::Add, lane.clone(), k.clone()),
                            width,
                        ),
                        binary(BinOp::Lt, lane, k),
                    )
                };
                binary(
                    BinOp::Add,
                    pick(from_other, ident(&moved)),
                    pick(from_self, adj),
                )
            }
            "__shfl_xor_sync" => {
                let mut back_args = vec![mask, adj, k];
                back_args.extend(args.get(3).cloned());
                out.push(decl(
                    ty.clone(),
                    &moved,
                    Some(call("__shfl_xor_sync", back_args)),
                ));
                ident(&moved)
            }
            "__shfl_sync" => {
                out.push(decl(ty.clone(), &moved, Some(adj)));
                // A butterfly within each `width`-lane segment (offsets width/2 .. 1) sums the
                // adjoints of the lanes that read the segment's source lane.
                let off = self.fresh("_off");
                let half = binary(BinOp::Div, paren(width.clone()), int_lit(2));
                out.push(Stmt::synth(StmtKind::For {
                    init: Some(Box::new(decl(Ty::int(), &off, Some(half)))),
                    cond: Some(binary(BinOp::Gt, ident(&off), int_lit(0))),
                    step: Some(compound(BinOp::Shr, ident(&off), int_lit(1))),
                    body: Box::new(block(vec![expr_stmt(compound(
                        BinOp::Add,
                        ident(&moved),
                        call(
                            "__shfl_xor_sync",
                            vec![mask.clone(), ident(&moved), ident(&off)],
                        ),
                    ))])),
                }));
                pick(
                    binary(
                        BinOp::Eq,
                        lane,
                        binary(BinOp::BitAnd, k, binary(BinOp::Sub, width, int_lit(1))),
                    ),
                    ident(&moved),
                )
            }
            _ => {
                self.error(e.span, format!("cuad has no derivative for `{name}`"));
                return vec![];
            }
        };
        out.extend(self.rev_expr(v, total));
        out
    }

    /// Adjoint of `__shfl*_sync(mask, v, k[, width])` with a lane argument that varies
    /// between lanes: each lane's source lane is computed, then for every lane `j` of the
    /// mask the adjoint of lane `j` is added where `j` read from.
    #[allow(clippy::too_many_arguments)]
    fn shuffle_from_varying_lanes(
        &mut self,
        name: &str,
        mask: &Expr,
        k: &Expr,
        width: &Expr,
        adj: Expr,
        ty: &Ty,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let lane = call("cuad_linear_tid", vec![]);
        let lane = paren(binary(BinOp::BitAnd, lane, int_lit(31)));
        let w1 = paren(binary(BinOp::Sub, paren(width.clone()), int_lit(1)));
        let in_segment = paren(binary(BinOp::BitAnd, lane.clone(), w1.clone()));
        let segment = paren(binary(BinOp::Sub, lane.clone(), in_segment.clone()));
        let k = paren(k.clone());
        let src_expr = match name {
            "__shfl_sync" => binary(BinOp::Add, segment, paren(binary(BinOp::BitAnd, k, w1))),
            "__shfl_down_sync" => Expr::synth(ExprKind::Cond(
                Box::new(binary(
                    BinOp::Lt,
                    binary(BinOp::Add, in_segment, k.clone()),
                    paren(width.clone()),
                )),
                Box::new(binary(BinOp::Add, lane.clone(), k)),
                Box::new(lane),
            )),
            "__shfl_up_sync" => Expr::synth(ExprKind::Cond(
                Box::new(binary(BinOp::Ge, in_segment, k.clone())),
                Box::new(binary(BinOp::Sub, lane.clone(), k)),
                Box::new(lane),
            )),
            _ => {
                // xor: the partner, when it is inside the segment
                let partner = paren(binary(BinOp::BitXor, lane.clone(), k));
                Expr::synth(ExprKind::Cond(
                    Box::new(binary(
                        BinOp::Lt,
                        paren(binary(BinOp::Sub, partner.clone(), segment)),
                        paren(width.clone()),
                    )),
                    Box::new(partner),
                    Box::new(lane),
                ))
            }
        };
        let src = self.fresh("_src");
        out.push(decl(Ty::int(), &src, Some(src_expr)));
        let acc = self.fresh("_r");
        out.push(decl(ty.clone(), &acc, Some(real_zero(ty))));
        let j = self.fresh("_lane");
        let in_mask = binary(
            BinOp::BitAnd,
            paren(binary(BinOp::Shr, paren(mask.clone()), ident(&j))),
            int_lit(1),
        );
        let from_j = call("__shfl_sync", vec![mask.clone(), adj, ident(&j)]);
        let src_j = call("__shfl_sync", vec![mask.clone(), ident(&src), ident(&j)]);
        let dj = self.fresh("_r");
        let sj = self.fresh("_src");
        let me = binary(BinOp::BitAnd, call("cuad_linear_tid", vec![]), int_lit(31));
        let body = if_stmt(
            in_mask,
            vec![
                decl(ty.clone(), &dj, Some(from_j)),
                decl(Ty::int(), &sj, Some(src_j)),
                if_stmt(
                    binary(BinOp::Eq, ident(&sj), me),
                    vec![expr_stmt(compound(BinOp::Add, ident(&acc), ident(&dj)))],
                    None,
                ),
            ],
            None,
        );
        out.push(Stmt::synth(StmtKind::For {
            init: Some(Box::new(decl(Ty::int(), &j, Some(int_lit(0))))),
            cond: Some(binary(BinOp::Lt, ident(&j), int_lit(32))),
            step: Some(Expr::synth(ExprKind::Unary(
                UnOp::PreInc,
                Box::new(ident(&j)),
            ))),
            body: Box::new(block(vec![body])),
        }));
        ident(&acc)
    }

    pub(crate) fn find_custom(&self, name: &str) -> Option<String> {
        let base = name.trim_start_matches("::");
        for ns in ["cuad::custom_derivatives::", "clad::custom_derivatives::"] {
            let qualified = format!("{ns}{base}_pullback");
            if !self.prog.functions(&qualified).is_empty() {
                return Some(qualified);
            }
        }
        None
    }

    /// Calls the pullback of a user function (generated, or a custom derivative) and
    /// propagates the adjoints of by-value arguments into the caller's expressions.
    fn pullback_call(
        &mut self,
        name: &str,
        e: &Expr,
        args: &[Expr],
        adj: Option<Expr>,
        replay: Option<Replay>,
    ) -> Vec<Stmt> {
        let custom = self.find_custom(name);
        // `Horner<T, 2>::eval(c, x)`: the class template's parameters would have to be bound
        // in the method's body, which cuad does not do (its pullback would name `T`).
        if custom.is_none() && name.find('<').is_some_and(|at| name[at..].contains(">::")) {
            let class = name[..name.find('<').unwrap_or(0)]
                .rsplit("::")
                .next()
                .unwrap_or("");
            let message = if crate::class_has_specialization(&self.prog.tu.items, class) {
                format!("cuad cannot differentiate calls of `{name}`: cuad cannot tell which specialization of class template `{class}` it calls (one cuad cannot read, or several partial specializations matching, none more specialized than the others); make `{class}`'s member a function template and end a recursion with `if constexpr`")
            } else {
                format!("cuad cannot differentiate calls of member functions of class templates (`{name}`) yet; make it a function template (`template <typename T, int D> T eval(...)`)")
            };
            self.error(e.span, message);
            return vec![];
        }
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let template_args = match &e.kind {
            ExprKind::Call { template_args, .. } => template_args.clone(),
            _ => vec![],
        };
        let resolved = self
            .prog
            .resolve_call_with(name, &template_args, &arg_types)
            .filter(|(f, _)| f.body.is_some());
        let instance = match resolved {
            Some((f, _)) if f.template.is_some() && self.specialized(&f.name, e.span) => {
                return vec![];
            }
            Some((f, bindings)) if f.template.is_some() => {
                let mut values = self.prog.deduce_values(f, &arg_types);
                // Non-type arguments written at the call (`reduce<256>(s)`).
                if let Ok((_, explicit)) =
                    crate::instantiate::bind_explicit_prefix(f, &template_args)
                {
                    values.extend(explicit);
                }
                match crate::instantiate::instantiate_with_values(f, &bindings, &values) {
                    Some(mut inst) => {
                        // Instances with the same parameter types need distinct pullback
                        // names (`reduce_256_pullback`, `load_V_2_pullback`).
                        inst.name
                            .push_str(&crate::instantiate::instance_suffix(f, &bindings, &values));
                        Some(inst)
                    }
                    None => {
                        self.error(e.span, crate::lambdas::undeduced_message(name, args));
                        return vec![];
                    }
                }
            }
            _ => None,
        };
        let callee = instance
            .as_ref()
            .or_else(|| self.prog.resolve_call(name, &arg_types))
            .filter(|f| f.body.is_some())
            .or_else(|| {
                self.prog.functions(name).into_iter().find(|f| {
                    f.body.is_some()
                        && f.params.len() == args.len()
                        && !cuad_sema::packs::is_variadic(f)
                })
            });
        let Some(callee) = callee.or_else(|| {
            self.prog
                .functions(name)
                .into_iter()
                .find(|f| f.params.len() == args.len() && !cuad_sema::packs::is_variadic(f))
        }) else {
            if let Some(problem) = self
                .prog
                .pack_problem(name, args.len(), template_args.len())
            {
                let (span, message) = pack_problem_message(name, args.len(), problem);
                self.error(span, message);
                self.error(
                    e.span,
                    format!("cannot differentiate the call of `{name}`: its instance for these arguments is not valid (see the error in `{name}`)"),
                );
                return vec![];
            }
            if custom.is_none() {
                let message = match opaque_reason(&self.prog.tu.items, name) {
                    // The definition is there but cuad kept it as text: say why.
                    Some(reason) => format!(
                        "cannot differentiate the call of `{name}`: its definition is kept as written ({reason})"
                    ),
                    None => missing_derivative(name, args.len()),
                };
                self.error(e.span, message);
                return vec![];
            }
            return self.custom_call_untyped(custom.unwrap_or_default(), args, adj);
        };
        if callee.body.is_none() && custom.is_none() {
            self.error(
                e.span,
                format!(
                    "{}\nnote: expected signature: {}",
                    missing_derivative(name, args.len()),
                    custom_signature(callee)
                ),
            );
            return vec![];
        }
        // Arguments the call leaves to the callee's defaults are passed to the pullback.
        let with_defaults = |mut list: Vec<Expr>| {
            for p in callee.params.iter().skip(list.len()) {
                match &p.default {
                    Some(d) => list.push(d.clone()),
                    None => break,
                }
            }
            list
        };
        let full_args = with_defaults(args.to_vec());
        let args = &full_args[..];
        let (primal_args, undo) = match replay {
            Some(r) => (Some(with_defaults(r.args)), r.undo),
            None => (None, vec![]),
        };
        // Temporaries of the parameters' types are declared here, outside the callee's
        // namespaces: names of types declared there are qualified.
        let callee_ns = crate::namespace_path(self.prog, callee);
        let params: Vec<Ty> = callee
            .params
            .iter()
            .map(|p| crate::qualify_ty(self.prog, &self.prog.canonical(&p.ty), &callee_ns))
            .collect();
        let mut globals = BTreeSet::new();
        let mut mixed = BTreeSet::new();
        let mut active_params = BTreeSet::new();
        let mut pre = Vec::new();
        // Partials computed in the forward sweep: the pullback runs there with a unit seed,
        // and the reverse sweep scales them by the adjoint (`preaccumulable`).
        let preacc = match adj.clone() {
            Some(adj) if primal_args.is_none() && self.preaccumulable(callee, &params, args) => {
                let ret = self.prog.canonical(&callee.ret);
                let active = args.iter().filter(|a| self.expr_is_active(a)).count();
                let adj = self.bind(adj, Some(ret.clone()), active, &mut pre);
                Some((adj, ret))
            }
            _ => None,
        };
        let adj = match &preacc {
            Some((_, ret)) => Some(real_lit(ret, 1.0)),
            None => adj,
        };
        let mut call_args: Vec<Expr> = primal_args.unwrap_or_else(|| args.to_vec());
        let is_value = !matches!(callee.ret.kind, TyKind::Void);
        if is_value {
            let ret = self.prog.canonical(&callee.ret);
            call_args.push(adj.unwrap_or_else(|| real_zero(cuad_sema::types::strip_refs(&ret))));
        }
        let mut post = Vec::new();
        for (j, (a, pty)) in args.iter().zip(&params).enumerate() {
            match &pty.kind {
                // `T (&a)[N]`: the argument is an array; its adjoint array is passed, or a
                // zeroed scratch array when it carries no derivative (a reference cannot be
                // null).
                TyKind::LRef(arr) if matches!(arr.kind, TyKind::Array { .. }) => {
                    match self.shadow(a) {
                        Some((sh, space, _)) => {
                            if space != Space::Private {
                                globals.insert(j);
                            }
                            if space == Space::MaybeLocal {
                                mixed.insert(j);
                            }
                            active_params.insert(j);
                            call_args.push(sh);
                        }
                        None => {
                            let t = self.fresh("_r");
                            let ty = crate::reverse::mutable_ty(arr);
                            pre.push(decl(ty, &t, Some(Expr::synth(ExprKind::InitList(vec![])))));
                            call_args.push(ident(&t));
                        }
                    }
                }
                // `const T*& p`: the pullback moves what it is given along with the primal
                // pointer: a copy of the shadow variable (the caller restores its own), or a
                // null one when the argument carries no derivative.
                TyKind::LRef(ptr) if matches!(ptr.kind, TyKind::Pointer { .. }) => {
                    let t = self.fresh("_r");
                    let init = match self.shadow(a) {
                        Some((sh, space, _)) => {
                            if space != Space::Private {
                                globals.insert(j);
                            }
                            if space == Space::MaybeLocal {
                                mixed.insert(j);
                            }
                            active_params.insert(j);
                            sh
                        }
                        None => Expr::synth(ExprKind::Nullptr),
                    };
                    pre.push(decl(crate::reverse::mutable_ty(ptr), &t, Some(init)));
                    call_args.push(ident(&t));
                }
                TyKind::Pointer { .. } | TyKind::Array { .. } => match self.shadow(a) {
                    Some((sh, space, _)) => {
                        if space != Space::Private {
                            globals.insert(j);
                        }
                        if space == Space::MaybeLocal {
                            mixed.insert(j);
                        }
                        active_params.insert(j);
                        call_args.push(sh);
                    }
                    None => call_args.push(Expr::synth(ExprKind::Nullptr)),
                },
                TyKind::LRef(inner) if is_differentiable(self.prog, inner) => {
                    if self.adj_place(a).is_some() {
                        active_params.insert(j);
                    }
                    match self.adj_place(a) {
                        Some(place) if place.space == Space::Private => {
                            call_args.push(addr_of(place.lvalue))
                        }
                        Some(place) => {
                            let t = self.fresh("_r");
                            let ty = (**inner).clone().with_const(false);
                            let zero = if is_real(&ty) {
                                real_zero(&ty)
                            } else {
                                Expr::synth(ExprKind::InitList(vec![]))
                            };
                            if callee_writes_param(self.prog, callee, j) {
                                // The pullback may replace the adjoint of what the callee
                                // overwrites: hand it the current adjoint. (A race-free primal
                                // writes only this thread's memory through the reference.)
                                pre.push(decl(ty.clone(), &t, Some(place.lvalue.clone())));
                                pre.push(expr_stmt(assign(place.lvalue.clone(), real_zero(&ty))));
                            } else {
                                // Read-only: a scratch adjoint added to the shared one after
                                // (moving the shared value through a thread would race).
                                pre.push(decl(ty.clone(), &t, Some(zero)));
                                pre.extend(self.scratch_pointer_fields(a, &ty, &t));
                            }
                            call_args.push(addr_of(ident(&t)));
                            post.extend(self.accumulate_place(place, ident(&t)));
                        }
                        // A temporary bound to a const reference (`f(P{a, b})`): a scratch
                        // adjoint, propagated into the temporary's expression like a value.
                        None if self.expr_is_active(a) => {
                            active_params.insert(j);
                            let t = self.fresh("_r");
                            let ty = (**inner).clone().with_const(false);
                            let zero = if is_real(&ty) {
                                real_zero(&ty)
                            } else {
                                Expr::synth(ExprKind::InitList(vec![]))
                            };
                            pre.push(decl(ty, &t, Some(zero)));
                            call_args.push(addr_of(ident(&t)));
                            post.extend(self.rev_expr(a, ident(&t)));
                        }
                        None => call_args.push(Expr::synth(ExprKind::Nullptr)),
                    }
                }
                // By-value reals always get a scratch adjoint: custom derivatives may write it
                // even for an argument that carries no derivative.
                _ if is_differentiable(self.prog, pty) => {
                    let t = self.fresh(if preacc.is_some() { "_partial" } else { "_r" });
                    let ty = pty.clone().with_const(false);
                    let zero = if is_real(&ty) {
                        real_zero(&ty)
                    } else {
                        Expr::synth(ExprKind::InitList(vec![]))
                    };
                    call_args.push(addr_of(ident(&t)));
                    if self.expr_is_active(a) {
                        active_params.insert(j);
                    }
                    match &preacc {
                        Some((adj, _)) => {
                            // Declared at the top: the forward sweep sets it, the reverse reads.
                            self.decls.push(decl(ty, &t, Some(zero)));
                            post.extend(self.rev_expr(a, mul(paren(adj.clone()), ident(&t))));
                        }
                        None => {
                            pre.push(decl(ty.clone(), &t, Some(zero)));
                            pre.extend(self.scratch_pointer_fields(a, &ty, &t));
                            post.extend(self.rev_expr(a, ident(&t)));
                        }
                    }
                }
                _ => {
                    if self.expr_is_active(a) {
                        let param = callee.params[j].name.as_deref().unwrap_or("");
                        let unknown =
                            crate::activity::unknown_param_message(self.prog, name, param, pty);
                        if let Some(message) = unknown {
                            self.error(a.span, message);
                        }
                    }
                    call_args.push(Expr::synth(ExprKind::Nullptr))
                }
            }
            // Where the argument's pointer fields point (`p.w`, `q->w`): the pullback's
            // updates through them must be as safe as through a pointer argument.
            if let Some(fields) = self.field_targets_space(a, pty) {
                let own = if globals.contains(&j) {
                    Some(if mixed.contains(&j) {
                        Space::MaybeLocal
                    } else {
                        Space::Global
                    })
                } else {
                    matches!(pty.kind, TyKind::Pointer { .. } | TyKind::Array { .. })
                        .then_some(Space::Private)
                };
                let space = own.map_or(fields, |o| o.join(fields));
                if space != Space::Private {
                    globals.insert(j);
                }
                if space == Space::MaybeLocal {
                    mixed.insert(j);
                }
            }
        }
        let pb_name = match custom {
            Some(c) => c,
            None => {
                let mut base = identifier_name(crate::base_name(self.prog, &callee.name));
                // A static member (`Sq::apply`): the owner is part of the name, or members of
                // two structs with one signature would share a pullback.
                if let Some((owner, _)) = name.trim_start_matches("::").rsplit_once("::") {
                    if !self.prog.is_namespace(owner) && !callee.name.contains("::") {
                        // (the pullback goes into the owner's namespaces)
                        let owner = owner.rsplit("::").next().unwrap_or(owner);
                        base = format!("{}_{base}", identifier_name(owner));
                    }
                }
                let mut n = format!("{base}_pullback");
                for g in &globals {
                    n.push_str(&format!("_{g}"));
                    if mixed.contains(g) {
                        n.push('m');
                    }
                }
                // Arguments that carry no derivative at this call site: a distinct pullback
                // that never touches their (null) adjoints.
                let differentiable: BTreeSet<usize> = params
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| is_differentiable(self.prog, t))
                    .map(|(j, _)| j)
                    .collect();
                if active_params != differentiable {
                    n.push_str("_wrt");
                    for a in &active_params {
                        n.push_str(&format!("_{a}"));
                    }
                }
                let mode = if self.mode == Mode::Host {
                    Mode::Host
                } else {
                    Mode::Device
                };
                // The callee reading active symbols (of a kernel variant): its pullback adds
                // into their adjoints too.
                let symbols = match mode {
                    Mode::Host => vec![],
                    _ => crate::symbols::read_symbols(self.prog, &self.symbols, callee),
                };
                let n = crate::symbols::via_symbols(n, &symbols);
                let req = PullbackReq {
                    callee: callee.clone(),
                    name: n.clone(),
                    globals,
                    mixed,
                    active: active_params,
                    mode,
                    caller_zeroes_region: self.region_zeroed,
                    split_warp: self.may_split_warp(),
                    symbols,
                };
                if !self.pullbacks.contains(&req) {
                    self.pullbacks.push(req);
                }
                // The pullback goes into the callee's namespaces.
                let ns = crate::namespace_path(self.prog, callee);
                format!("{}{n}", crate::qualifier(&ns))
            }
        };
        let mut out = pre;
        if preacc.is_some() {
            self.preacc_fwd.push(expr_stmt(call(&pb_name, call_args)));
            out.extend(post);
            return out;
        }
        // The pullback re-runs the callee's forward code: when that code has barriers (and
        // so shares memory between threads), the threads must all have finished the forward
        // call's shared-memory reads before any of them writes again.
        if self.mode != Mode::Host && calls_barrier(self.prog, callee, 0) {
            out.push(expr_stmt(call("__syncthreads", vec![])));
        }
        out.push(expr_stmt(call(&pb_name, call_args)));
        out.extend(undo);
        out.extend(post);
        out
    }

    /// Can this call's partials be computed in the forward sweep (its pullback run there with
    /// a unit seed) instead of re-running the callee in the reverse sweep? For a callee of
    /// real and integer scalars returning a real, with at most two active arguments, at a
    /// statement that runs once (`preacc_site`): the pullback is linear in the seed, so
    /// `adj * partial` is what the reverse call would add, and the callee's work is shared
    /// with the primal call next to it instead of kept live (registers) until the reverse.
    fn preaccumulable(&self, callee: &Function, params: &[Ty], args: &[Expr]) -> bool {
        let scalar = |t: &Ty| is_real(t) || matches!(t.kind, TyKind::Int { .. } | TyKind::Bool);
        self.preacc_site
            && is_real(&self.prog.canonical(&callee.ret))
            && params.iter().all(scalar)
            && params.len() == args.len()
            && (1..=2).contains(&args.iter().filter(|a| self.expr_is_active(a)).count())
            && thread_local_computation(self.prog, callee, 0)
            // a pullback adding into active symbols is not linear in the seed alone
            && crate::symbols::read_symbols(self.prog, &self.symbols, callee).is_empty()
    }

    /// A custom derivative for a function cuad has no declaration of: pass adjoints of
    /// by-value real arguments through temporaries and pointers' shadows.
    fn custom_call_untyped(&mut self, name: String, args: &[Expr], adj: Option<Expr>) -> Vec<Stmt> {
        let mut out = Vec::new();
        let mut call_args = args.to_vec();
        if let Some(a) = adj {
            call_args.push(a);
        }
        let mut post = Vec::new();
        for a in args {
            if let Some((sh, _, _)) = self.shadow(a) {
                call_args.push(sh);
            } else if self.expr_is_active(a) {
                let ty = self.type_of(a).unwrap_or_else(|| Ty::new(TyKind::Double));
                let t = self.fresh("_r");
                out.push(decl(ty.clone(), &t, Some(real_zero(&ty))));
                call_args.push(addr_of(ident(&t)));
                post.extend(self.rev_expr(a, ident(&t)));
            } else {
                call_args.push(Expr::synth(ExprKind::Nullptr));
            }
        }
        out.push(expr_stmt(call(&name, call_args)));
        out.extend(post);
        out
    }

    /// Statement-level calls: synchronization, atomics, output, user calls.
    pub fn gen_call_stmt(&mut self, e: &Expr, s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return (vec![s.clone()], vec![]);
        };
        let name = match &callee.kind {
            ExprKind::Ident(n) => n.trim_start_matches("::").to_string(),
            _ => return (vec![s.clone()], vec![]),
        };
        match name.as_str() {
            "__syncthreads" => return (vec![s.clone()], vec![s.clone()]),
            "__syncwarp" => return (vec![s.clone()], vec![s.clone()]),
            // debug output and checks run where the primal runs them (forward sweep only)
            "printf" | "std::printf" | "assert" => return (vec![s.clone()], vec![]),
            "atomicAdd" | "atomicSub" if args.len() == 2 => {
                let target = deref(args[0].clone());
                let Some(place) = self.adj_place(&target) else {
                    // An active value added into a `__device__` variable (no adjoint) or into
                    // active memory cuad cannot place: skipping it would drop the derivative.
                    let target = match &args[0].strip_parens().kind {
                        ExprKind::Unary(UnOp::AddrOf, x) => (**x).clone(),
                        _ => target,
                    };
                    let root = crate::usage::lvalue_root(&target);
                    let file_scope = root.is_some_and(|r| !self.types.contains_key(r));
                    if self.expr_is_active(&args[1])
                        && (file_scope || root.is_none_or(|r| self.active.contains(r)))
                    {
                        let why = if file_scope {
                            " (a `__device__` variable: cuad keeps no adjoint for it; pass the buffer as a kernel parameter)"
                        } else {
                            ""
                        };
                        self.error(
                            args[0].span,
                            format!(
                                "cuad cannot tell where the adjoint of `{}` lives{why}",
                                cuad_emit::print_expr(&target)
                            ),
                        );
                    }
                    return (vec![s.clone()], vec![]);
                };
                self.note_reads(e);
                let ty = self
                    .type_of(&args[1])
                    .unwrap_or_else(|| Ty::new(TyKind::Double));
                let t = self.fresh("_r_d");
                let mut rev = vec![decl(ty, &t, Some(place.lvalue))];
                let adj = if name == "atomicSub" {
                    neg(ident(&t))
                } else {
                    ident(&t)
                };
                rev.extend(self.rev_expr(&args[1], adj));
                return (vec![s.clone()], rev);
            }
            n if is_selecting_atomic(n)
                && (args.iter().skip(1).any(|a| self.expr_is_active(a))
                    || args.first().is_some_and(|p| {
                        let target = match &p.strip_parens().kind {
                            ExprKind::Unary(UnOp::AddrOf, x) => (**x).clone(),
                            _ => deref(p.clone()),
                        };
                        crate::usage::lvalue_root(&target).is_some_and(|r| self.active.contains(r))
                    })) =>
            {
                self.error(
                    e.span,
                    format!(
                        "cuad cannot differentiate `{n}` on memory or values that carry derivatives: which thread's value the memory keeps depends on the run, so the adjoint has no place; compute it with fmaxf/fminf and a warp or block reduction, or give the caller a custom derivative"
                    ),
                );
                return (vec![s.clone()], vec![]);
            }
            _ => {}
        }
        if self.mode == Mode::Host {
            if let Some(out) = self.gen_host_call(None, e, s) {
                return out;
            }
        }
        self.gen_user_call(e, s, None)
    }

    /// A user call as a statement (`f(a, r);`) or as the definition of a call temporary
    /// (`result = Some(_cv)`: `_cv = f(a, r);`, see `hoist_writing_calls`).
    fn gen_user_call(
        &mut self,
        e: &Expr,
        s: &Stmt,
        result: Option<&str>,
    ) -> (Vec<Stmt>, Vec<Stmt>) {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return (vec![s.clone()], vec![]);
        };
        let ExprKind::Ident(name) = &callee.kind else {
            return (vec![s.clone()], vec![]);
        };
        let name = name.trim_start_matches("::").to_string();
        let mut fwd = Vec::new();
        let mut rev = Vec::new();
        // A call temporary redefined in a loop: each reverse iteration needs its own value.
        let mut result_restore = None;
        if let Some(t) = result {
            if self.needs_save(&ident(t)) {
                if let Some((sf, sr)) = self.save_value(&ident(t)) {
                    fwd.push(sf);
                    result_restore = Some(sr);
                }
            }
        }
        let active = args.iter().any(|a| self.expr_is_active(a));
        if active {
            self.check_aliased_call(&name, args, e.span);
        }
        // Values the callee may overwrite (`&x`, reference parameters) are saved when reverse
        // code of later statements reads them, or when the pullback needs their value on
        // entry. In reverse, the entry value is restored first and the pullback gets a copy,
        // as its re-run of the callee's forward pass overwrites what it is given.
        let mut primal_args = args.to_vec();
        // Restores pop a LIFO tape: the last value saved is restored first.
        let mut restores: Vec<Vec<Stmt>> = Vec::new();
        let mut undo: Vec<Stmt> = Vec::new();
        let mut elements_restored = false;
        if self.mode == Mode::Host {
            let (saves, restore, after, unsaved) =
                crate::host::checkpoint_helper_buffers(self, &name, args, active);
            for arr in unsaved {
                self.error(
                    e.span,
                    format!("`{name}` may overwrite `{arr}`, which the reverse pass needs, and cuad cannot save it: this function did not allocate it, and the guards of `{name}`'s kernels do not bound their stores into it (as `if (i < n) {arr}[i] = ...` would); allocate `{arr}` with cudaMalloc in this function"),
                );
            }
            fwd.extend(saves);
            restores.push(restore);
            undo.extend(after);
        }
        let moved = self.moved_pointer_args(&name, args, e.span);
        let overwrites = self.overwrites(&name, args);
        for j in self.unsaved_overwrites(&overwrites, args) {
            let arg = cuad_emit::print_expr(&args[j]);
            self.error(
                e.span,
                format!("`{name}` overwrites memory through `{arg}` that the reverse pass needs, at elements cuad cannot name here (it saves what a callee writes when each store is `p[k]`, `*(p + k)` or such an address cast (`*reinterpret_cast<float4*>(p)`), at the top level of its body, with `k` made of parameters it does not assign); write the stores in the caller, make them such stores, or pass a local array by its own name (saved whole)"),
            );
        }
        for (j, x, callee_reads) in overwrites.named {
            // A moved pointer is read back by the reverse code of what it addressed before.
            let moved_var = moved.iter().find(|(k, _)| *k == j).map(|(_, n)| n.as_str());
            let read_later = crate::usage::lvalue_root(&x)
                .is_some_and(|r| self.reads_so_far.contains(r))
                || moved_var.is_some() && self.needs_save(&x);
            if !(read_later || active && callee_reads) {
                continue;
            }
            if let Some(TyKind::Array {
                elem,
                len: Some(len),
            }) = self.type_of(&x).map(|t| t.kind)
            {
                // A local array: copied aside and back; the pullback gets its own copy.
                // Inside a loop, an array the callee only writes (its entry value is dead)
                // and that the loop replays at the start of each reverse iteration needs no
                // save. Otherwise reverse code of the statements after the call (`y[e] += dt
                // * dy[e]` after `rhs(y, dy)`) reads the values this iteration's call left,
                // and the next iteration's call overwrites them: the entry value saved here
                // and restored after the call's reverse is what the earlier iteration reads.
                let replayed =
                    crate::usage::lvalue_root(&x).is_some_and(|r| self.replayed.contains(r));
                if !self.loop_writes.is_empty() && !callee_reads && replayed {
                    continue;
                }
                let array_ty = |elem: &Ty| {
                    Ty::new(TyKind::Array {
                        elem: Box::new(elem.clone().with_const(false)),
                        len: Some(len.clone()),
                    })
                };
                let mut restore = if self.loop_writes.is_empty() {
                    let saved = self.fresh("_t");
                    self.decls.push(decl(array_ty(&elem), &saved, None));
                    fwd.push(copy_array(&saved, &x, &len, &elem));
                    vec![copy_array(
                        &cuad_emit::print_expr(&x),
                        &ident(&saved),
                        &len,
                        &elem,
                    )]
                } else {
                    // Inside a loop: every element goes to the tape of its scalar type, in
                    // order; the restore pops them back in the opposite order.
                    let mut scalar = (*elem).clone();
                    while let TyKind::Array { elem: inner, .. } = scalar.kind {
                        scalar = *inner;
                    }
                    let tape = self.tape_for(&scalar.with_const(false));
                    fwd.push(tape_array(&tape, &x, &len, &elem, true, 0));
                    vec![tape_array(&tape, &x, &len, &elem, false, 0)]
                };
                if active {
                    let copy = self.fresh("_c");
                    self.decls.push(decl(array_ty(&elem), &copy, None));
                    restore.push(copy_array(&copy, &x, &len, &elem));
                    primal_args[j] = ident(&copy);
                }
                restores.push(restore);
                continue;
            }
            let Some((sf, sr)) = self.save_value(&x) else {
                continue;
            };
            fwd.push(sf);
            let mut restore = vec![sr];
            // Its adjoint pointer is saved with it (restored first: tapes are LIFO).
            if let Some((sf, sr)) = moved_var.and_then(|n| self.save_value(&ident(&adj_name(n)))) {
                fwd.push(sf);
                restore.insert(0, sr);
            }
            // An element of memory the callee updates in place: the pullback gets the memory
            // at its entry values and re-runs the update, which is undone after it.
            let element = matches!(x.kind, ExprKind::Index(..))
                && self.type_of(&args[j]).is_some_and(|t| {
                    matches!(
                        self.prog.canonical(&t).kind,
                        TyKind::Pointer { .. } | TyKind::Array { .. }
                    )
                });
            if active && element {
                elements_restored = true;
                if let Some(ty) = self.type_of(&x).map(|t| t.with_const(false)) {
                    let copy = self.fresh("_c");
                    restore.push(decl(ty, &copy, Some(x.clone())));
                    undo.push(expr_stmt(assign(x.clone(), ident(&copy))));
                }
                restores.push(restore);
                continue;
            }
            if active {
                let copy = self.fresh("_c");
                let ty = self.type_of(&x).map(|t| t.with_const(false));
                if let Some(ty) = ty {
                    restore.push(decl(ty, &copy, Some(x.clone())));
                    primal_args[j] = match (&args[j].strip_parens().kind, &x.kind) {
                        (ExprKind::Unary(UnOp::AddrOf, _), _)
                        | (_, ExprKind::Unary(UnOp::Deref, _)) => addr_of(ident(&copy)),
                        _ => ident(&copy),
                    };
                }
            }
            restores.push(restore);
        }
        rev.extend(restores.into_iter().rev().flatten());
        // A callee whose threads read each other's updated elements (through barriers or
        // shuffles): every thread restores its own before any re-runs the update, and undoes
        // it only when all have finished.
        let barrier = elements_restored
            .then(|| {
                let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
                self.called_function(&name, &arg_types)
            })
            .flatten()
            .and_then(|f| in_place_barrier(f).ok().flatten())
            .map(|b| match b {
                "__syncwarp" if self.may_split_warp() => {
                    expr_stmt(call(b, vec![call("__activemask", vec![])]))
                }
                _ => expr_stmt(call(b, vec![])),
            });
        if let Some(b) = &barrier {
            rev.push(b.clone());
            undo.insert(0, b.clone());
        }
        if active {
            self.note_call_reads(e, &name, args, &moved);
        }
        // A pointer the callee moves: its adjoint pointer moves as far (`_d_p += p - _t`).
        let mut entries = Vec::new();
        for (_, n) in &moved {
            let Some(ty) = self.types.get(n).cloned() else {
                continue;
            };
            let t = self.fresh("_t");
            self.decls.push(decl(ty.with_const(false), &t, None));
            fwd.push(expr_stmt(assign(ident(&t), ident(n))));
            entries.push((n.clone(), t));
        }
        fwd.push(s.clone());
        for (n, t) in entries {
            let distance = paren(binary(BinOp::Sub, ident(&n), ident(&t)));
            fwd.push(expr_stmt(compound(
                BinOp::Add,
                ident(&adj_name(&n)),
                distance,
            )));
        }
        if active {
            let seed = result
                .filter(|t| self.active.contains(*t))
                .map(|t| ident(&adj_name(t)));
            let replay = Replay {
                args: primal_args,
                undo,
            };
            rev.extend(self.rev_call_with(e, seed.clone(), Some(replay)));
            if let Some(seed) = seed {
                rev.push(expr_stmt(assign(
                    seed,
                    real_zero(&self.type_of(e).unwrap_or_else(|| Ty::new(TyKind::Double))),
                )));
            }
        }
        rev.extend(result_restore);
        (fwd, rev)
    }

    /// A call binding one object to several parameters, one of which the callee writes,
    /// that `alias_calls` did not rewrite to a variant (an overload, a method, a lambda): the
    /// pullback would take them for distinct objects.
    fn check_aliased_call(&mut self, name: &str, args: &[Expr], span: cuad_syntax::Span) {
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let Some(f) = self.called_function(name, &arg_types) else {
            return;
        };
        let Some(set) = crate::alias_calls::aliased_sets(self.prog, f, args)
            .into_iter()
            .next()
        else {
            return;
        };
        let params: Vec<String> = set
            .iter()
            .filter_map(|&j| f.params[j].name.as_ref().map(|n| format!("`{n}`")))
            .collect();
        let arg = cuad_emit::print_expr(&args[set[0]]);
        self.error(
            span,
            format!("`{name}` is given one object (`{arg}`) for its parameters {}, and writes it; cuad differentiates such a call only when it can name the one function called (not an overload, a method or a lambda); pass a copy of the input (`auto in = {arg};`)", params.join(" and ")),
        );
    }

    /// `x = g(f(a, r)) + y` where `f` overwrites `r` through a reference (or `&r`): each such
    /// call moves into its own statement `_cv = f(a, r);`, which saves what the callee
    /// overwrites like a call statement does, and the assignment uses `_cv`. `None` when `r`
    /// has no such call.
    pub fn hoist_writing_calls(
        &mut self,
        op: AssignOp,
        l: &Expr,
        r: &Expr,
        s: &Stmt,
    ) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
        let assignment = |rhs: &Expr| {
            Stmt::new(
                StmtKind::Expr(Expr::new(
                    ExprKind::Assign(op, Box::new(l.clone()), Box::new(rhs.clone())),
                    s.span,
                )),
                s.span,
            )
        };
        let (mut fwd, revs, rewritten) = self.hoist_calls_in(r, s, Some(&assignment))?;
        let stmt = assignment(&rewritten);
        let (f, rv) = self.gen_assign(op, l, &rewritten, &stmt);
        fwd.extend(f);
        let mut rev = rv;
        rev.extend(revs);
        Some((fwd, rev))
    }

    /// The calls of `e` that write through a reference or advance a state (`writing_calls`),
    /// each moved into its own statement `_cv = f(a, r);`: the forward statements, their
    /// reverse (to run after the reverse of what uses `e`) and `e` reading the `_cv`s. `None`
    /// when `e` has no such call. `consumer` builds the statement that uses the rewritten `e`
    /// (where known, so that only temporaries its reverse reads are taped in loops).
    pub fn hoist_calls_in(
        &mut self,
        e: &Expr,
        s: &Stmt,
        consumer: Option<&dyn Fn(&Expr) -> Stmt>,
    ) -> Option<(Vec<Stmt>, Vec<Stmt>, Expr)> {
        let calls = self.writing_calls(e);
        self.hoist_given_calls(e, s, consumer, calls)
    }

    /// [`Self::hoist_calls_in`] of the calls of `e` whose only derivative is what they write
    /// (`if (launch_step(d_x, d_y, n) != 0)`): a condition keeps its other calls.
    pub fn hoist_effect_only_calls(
        &mut self,
        e: &Expr,
        s: &Stmt,
    ) -> Option<(Vec<Stmt>, Vec<Stmt>, Expr)> {
        let calls = calls_where(e, &|x, n, args| self.is_effect_only_call(x, n, args));
        self.hoist_given_calls(e, s, None, calls)
    }

    fn hoist_given_calls(
        &mut self,
        e: &Expr,
        s: &Stmt,
        consumer: Option<&dyn Fn(&Expr) -> Stmt>,
        calls: Vec<Expr>,
    ) -> Option<(Vec<Stmt>, Vec<Stmt>, Expr)> {
        if calls.is_empty() {
            return None;
        }
        let mut fwd = Vec::new();
        let mut revs = Vec::new();
        let mut rewritten = e.clone();
        let mut temps = Vec::new();
        for c in calls {
            let Some(ty) = self.type_of(&c).filter(|t| !matches!(t.kind, TyKind::Void)) else {
                self.error(
                    s.span,
                    "cuad cannot determine the type of a call that writes through a reference; assign its result to a variable first",
                );
                return Some((vec![], vec![], e.clone()));
            };
            let ty = ty.with_const(false);
            let t = self.fresh("_cv");
            self.decls.push(decl(ty.clone(), &t, None));
            self.types.insert(t.clone(), ty.clone());
            if self.expr_is_active(&c) && self.is_real_value(&c) {
                self.active.insert(t.clone());
                self.decls
                    .push(decl(ty.clone(), &adj_name(&t), Some(real_zero(&ty))));
                self.types.insert(adj_name(&t), ty.clone());
            }
            rewritten = replace_first(&rewritten, &c, &ident(&t));
            temps.push((c, t));
        }
        if !self.loop_writes.is_empty() {
            // A temporary redefined in a loop is taped when the reverse of the statement using
            // it reads its value (`x = _cv * y`), not when it only passes an adjoint on.
            let mut needed = Names::new();
            match consumer {
                Some(make) => self.rev_reads(&make(&rewritten), &mut needed),
                None => needed.extend(temps.iter().map(|(_, t)| t.clone())),
            }
            for (_, t) in &temps {
                if needed.contains(t) {
                    self.reads_so_far.insert(t.clone());
                }
            }
        }
        for (c, t) in temps {
            let def = expr_stmt(assign(ident(&t), c.clone()));
            let (f, rv) = self.gen_user_call(&c, &def, Some(&t));
            fwd.extend(f);
            revs.push(rv);
        }
        Some((fwd, revs.into_iter().rev().flatten().collect(), rewritten))
    }

    /// Calls in `e` of user functions that overwrite an argument (through `&x` or a non-const
    /// reference parameter).
    pub(crate) fn writing_calls(&self, e: &Expr) -> Vec<Expr> {
        calls_where(e, &|x, n, args| {
            let user = self.prog.functions(n).iter().any(|f| f.body.is_some());
            // Host code handles buffers and library state itself; a user helper assigning a
            // variable through a reference (`a = nxt(s) * nxt(s)`) is hoisted there too.
            self.is_effect_only_call(x, n, args)
                || user && {
                    // Unsaved ones, to be reported where statements' calls are.
                    let o = self.overwrites(n, args);
                    !o.named.is_empty()
                        || self.mode != Mode::Host && !self.unsaved_overwrites(&o, args).is_empty()
                }
                || self.mode != Mode::Host
                    && stateful_library_call(self.prog, n, args, &|a| self.type_of(a))
        })
    }

    /// A user call whose value carries no derivative (`int status = launch_step(d_x, d_y, n);`)
    /// but which writes through a pointer argument to memory that does: it is still
    /// differentiated for what it writes.
    fn is_effect_only_call(&self, call: &Expr, name: &str, args: &[Expr]) -> bool {
        self.prog.functions(name).iter().any(|f| f.body.is_some())
            && !self.is_real_value(call)
            && self.writes_active_memory(name, args)
    }

    fn writes_active_memory(&self, name: &str, args: &[Expr]) -> bool {
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let Some(callee) = self.called_function(name, &arg_types) else {
            return false;
        };
        args.iter().enumerate().any(|(j, a)| {
            // A pointer, or an array that decays to one (`chol_inplace(a)`, `double a[4][4]`).
            matches!(
                arg_types[j].as_ref().map(|t| &t.kind),
                Some(TyKind::Pointer { .. } | TyKind::Array { .. })
            ) && self.expr_is_active(a)
                && callee_writes_param(self.prog, callee, j)
        })
    }

    /// The user function a call `name(args)` runs, if known.
    pub(crate) fn called_function(
        &self,
        name: &str,
        arg_types: &[Option<Ty>],
    ) -> Option<&Function> {
        let n = arg_types.len();
        self.prog.resolve_call(name, arg_types).or_else(|| {
            self.prog
                .functions_for_call(name, n)
                .into_iter()
                .find(|f| f.params.len() == n)
        })
    }

    /// Arguments a call may overwrite: `&x` passed to a pointer and lvalues bound to non-const
    /// reference parameters, with whether the callee may read their value on entry.
    pub(crate) fn overwritten_args(&self, name: &str, args: &[Expr]) -> Vec<(usize, Expr, bool)> {
        self.overwrites(name, args).named
    }

    /// The pointer arguments of `o` that the call overwrites at elements it cannot name and
    /// that reverse code reads: the reverse code of earlier statements, or the call's own
    /// pullback, which re-runs the callee from the values it found on entry. Global memory
    /// of a kernel thread; shared memory and a helper's pointer arguments only for the
    /// pullback's re-run (host code checkpoints its buffers itself).
    /// A pointer into a thread's local arrays (`p = buf`, `cur` of a ping-pong pair) counts
    /// in every function: the arrays are not saved through it.
    fn unsaved_overwrites(&self, o: &Overwrites, args: &[Expr]) -> Vec<usize> {
        o.unnamed
            .iter()
            .filter(|w| {
                let callee_reads = w.rereads;
                crate::usage::lvalue_root(&args[w.arg]).is_some_and(|r| {
                    let global = self.mode == Mode::Kernel
                        && self.spaces.get(r) == Some(&Space::Global)
                        && (self.reads_so_far.contains(r) || callee_reads);
                    let into_local_array = self.mode != Mode::Host
                        && self.is_pointer_var(r)
                        && self.aliases(r).any(|a| {
                            !self.is_param(a)
                                && self.is_array_var(a)
                                && self.spaces.get(a) != Some(&Space::Shared)
                        })
                        && (self.contents_read(r) || callee_reads);
                    // Memory no one saves between the primal call and the callee's
                    // pullback, which re-runs the callee from what it finds there: a
                    // kernel's shared memory, a helper's pointer argument (whatever it
                    // points to).
                    let rerun_memory = callee_reads
                        && w.alone
                        && match self.mode {
                            Mode::Kernel => self.spaces.get(r) == Some(&Space::Shared),
                            Mode::Device => {
                                self.is_pointer_var(r)
                                    && !self.aliases(r).any(|a| self.is_array_var(a))
                            }
                            Mode::Host => false,
                        };
                    global || into_local_array || rerun_memory
                })
            })
            .map(|w| w.arg)
            .collect()
    }

    /// [`Self::overwritten_args`], and the pointer arguments the callee writes through at
    /// elements cuad cannot name in the caller's terms.
    fn overwrites(&self, name: &str, args: &[Expr]) -> Overwrites {
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let callee = self.called_function(name, &arg_types);
        let mut out = Vec::new();
        let mut unnamed = Vec::new();
        for (j, a) in args.iter().enumerate() {
            let param = callee.and_then(|f| f.params.get(j));
            let reads_entry = |deref: bool| match (callee, param.and_then(|p| p.name.as_deref())) {
                (Some(f), Some(p)) => !entry_value_dead(f, p, deref),
                _ => true,
            };
            // Only a callee that writes through the pointer overwrites what it points to
            // (never through `const T*`).
            let writes_through = || match (callee, param) {
                (Some(f), Some(p)) => {
                    let pty = self.prog.canonical(&p.ty);
                    let target = match &pty.kind {
                        TyKind::LRef(t) if matches!(t.kind, TyKind::Pointer { .. }) => t,
                        _ => &pty,
                    };
                    let to_const = matches!(&target.kind,
                        TyKind::Pointer { pointee, .. } if pointee.is_const_object());
                    !to_const && callee_stores_through(self.prog, f, j)
                }
                _ => true,
            };
            if let ExprKind::Unary(UnOp::AddrOf, x) = &a.strip_parens().kind {
                if writes_through() {
                    out.push((j, (**x).clone(), reads_entry(true)));
                }
                continue;
            }
            // A local array handed over as a pointer the callee writes through.
            if let ExprKind::Ident(n) = &a.strip_parens().kind {
                let local_array = !self.is_param(n)
                    && self
                        .types
                        .get(n)
                        .is_some_and(|t| matches!(t.kind, TyKind::Array { .. }))
                    && self.spaces.get(n) != Some(&Space::Shared);
                if local_array && writes_through() {
                    out.push((j, a.clone(), reads_entry(true)));
                    continue;
                }
            }
            // A generator state handed over by pointer (`st + i`, a `curandState*` parameter):
            // the callee advances the object it points to, as through `&x`.
            let state_pointer = self.type_of(a).is_some_and(|t| {
                matches!(&self.prog.canonical(&t).kind, TyKind::Pointer { pointee, .. }
                    if !pointee.is_const_object() && matches!(&pointee.kind,
                        TyKind::Named { name, .. } if cuad_sema::builtins::is_rng_state(name)))
            });
            if state_pointer && writes_through() {
                out.push((j, deref(paren(a.clone())), reads_entry(true)));
                continue;
            }
            // A pointer the callee updates in place element by element (`s[t] = s[t] * s[t]`):
            // each element it writes, in the caller's terms (`y[tid]`). An argument sema
            // cannot type is what the parameter says.
            let arg_type = arg_types[j].as_ref().or(param.map(|p| &p.ty));
            let pointer = matches!(
                arg_type.map(|t| self.prog.canonical(t).kind),
                Some(TyKind::Pointer { .. } | TyKind::Array { .. })
            );
            if let (true, Some(f), Some(p)) = (pointer, callee, param) {
                if let Some(elements) = in_place_elements(f, p, args) {
                    if writes_through() {
                        out.extend(elements.into_iter().map(|x| (j, x, reads_entry(true))));
                    }
                    continue;
                }
                // Taken as a pointer, or as a reference to one (which overwrites the argument
                // too, below).
                let by_pointer = match self.prog.canonical(&p.ty).kind {
                    TyKind::Pointer { .. } | TyKind::Array { .. } => true,
                    TyKind::LRef(t) => matches!(t.kind, TyKind::Pointer { .. }),
                    _ => false,
                };
                // Atomic accumulation only (`atomicAdd(&acc[k], w)`, a splat): nothing the
                // callee does needs the old contents, and each add is reversed as it is.
                let accumulates_only = p
                    .name
                    .as_deref()
                    .is_some_and(|n| writes_only_by_atomic_adds(f, n));
                if by_pointer && writes_through() && !accumulates_only {
                    let rereads = reads_entry(true) && stores_and_reads(self.prog, f, j);
                    unnamed.push(UnnamedWrite {
                        arg: j,
                        rereads,
                        alone: runs_alone(self.prog, f, 0),
                    });
                }
            }
            let by_ref = param.is_some_and(|p| match &self.prog.canonical(&p.ty).kind {
                TyKind::LRef(inner) => !inner.is_const_object(),
                _ => false,
            });
            if by_ref && crate::usage::lvalue_root(a).is_some() {
                out.push((j, a.clone(), reads_entry(false)));
            }
        }
        // What the callee overwrites through one parameter it may read through another
        // (`f(v, a, v)` with `double x, ..., double& out`): its value on entry is not dead.
        for (j, x, callee_reads) in &mut out {
            *callee_reads |= args.iter().enumerate().any(|(k, a)| {
                let param = callee.and_then(|f| f.params.get(k));
                k != *j && self.arg_may_read(param, a, x)
            });
        }
        Overwrites {
            named: out,
            unnamed,
        }
    }

    /// Whether argument `a`, bound to `param` (unknown: `None`), may read the lvalue `x`
    /// on entry to the call: an object bound by reference or address (`y[0]`, `&s`) that
    /// holds `x` or lies in it, or whose indices read it; any other argument that mentions
    /// what `x` is part of (`y` given to a pointer, `v * 2` by value).
    fn arg_may_read(&self, param: Option<&Param>, a: &Expr, x: &Expr) -> bool {
        let a = a.strip_parens();
        let by_ref =
            param.is_some_and(|p| matches!(self.prog.canonical(&p.ty).kind, TyKind::LRef(_)));
        let bound = match &a.kind {
            ExprKind::Unary(UnOp::AddrOf, l) if !by_ref => Some(&**l),
            _ if by_ref && crate::usage::lvalue_root(a).is_some() => Some(a),
            _ => None,
        };
        let Some(root) = crate::usage::lvalue_root(x) else {
            return false;
        };
        match bound {
            Some(l) => {
                let (lp, xp) = (lvalue_prefixes(l), lvalue_prefixes(x));
                lp.iter().any(|p| xp.first() == Some(p))
                    || xp.iter().any(|p| lp.first() == Some(p))
                    || crate::usage::index_mentions(l, root)
            }
            None => {
                let mut names = Names::new();
                crate::usage::reads(a, &mut names);
                names.contains(root)
            }
        }
    }

    /// Host code: CUDA runtime calls and kernel launches (see `host`).
    pub fn gen_host_call(
        &mut self,
        lhs: Option<&Expr>,
        e: &Expr,
        s: &Stmt,
    ) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
        crate::host::gen_host_call(self, lhs, e, s)
    }
}

/// Why a top-level definition of function `name` was kept as text (`Item::Opaque`), if one was.
fn opaque_reason(items: &[Item], name: &str) -> Option<String> {
    let base = name.rsplit("::").next().unwrap_or(name);
    items.iter().find_map(|item| match item {
        Item::Opaque { text, reason, .. } => {
            let head = text.split('{').next().unwrap_or("");
            let declares = head.match_indices(base).any(|(at, _)| {
                let before = head[..at].chars().next_back();
                let after = head[at + base.len()..].trim_start().chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after == Some('(')
            });
            declares.then(|| reason.clone())
        }
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => opaque_reason(items, name),
        _ => None,
    })
}

/// The error in a variadic template's instance for a call of `nargs` arguments: where, and
/// what (packs.rs).
pub(crate) fn pack_problem_message(
    name: &str,
    nargs: usize,
    problem: cuad_sema::packs::PackError,
) -> (cuad_syntax::Span, String) {
    (
        problem.span,
        format!(
            "in the instance of the variadic template `{name}` for a call with {nargs} argument(s): {}",
            problem.message
        ),
    )
}

fn missing_derivative(name: &str, nargs: usize) -> String {
    let _ = nargs;
    format!(
        "no derivative for `{name}`: it has no body here and no custom derivative; define `cuad::custom_derivatives::{name}_pullback`"
    )
}

/// The custom-derivative signature cuad expects for `f`.
pub fn custom_signature(f: &Function) -> String {
    let mut params: Vec<String> = f
        .params
        .iter()
        .map(|p| cuad_emit::print_decl(&p.ty, p.name.as_deref().unwrap_or("_")))
        .collect();
    if !matches!(f.ret.kind, TyKind::Void) {
        let ret = cuad_sema::types::strip_refs(&f.ret)
            .clone()
            .with_const(false);
        params.push(cuad_emit::print_decl(&ret, "_d_y"));
    }
    for p in &f.params {
        let ty = crate::reverse::adjoint_param_ty(&p.ty);
        params.push(cuad_emit::print_decl(
            &ty,
            &adj_name(p.name.as_deref().unwrap_or("_")),
        ));
    }
    format!(
        "namespace cuad {{ namespace custom_derivatives {{ void {}_pullback({}); }} }}",
        f.name,
        params.join(", ")
    )
}

/// Is the value that parameter `p` refers to on entry dead in `f`: is the first top-level
/// statement that mentions `p` a plain store to it (`p = e` or `*p = e`) whose right-hand side
/// does not mention `p`? Anything else (a branch, a loop, a read) counts as a read.
pub(crate) fn entry_value_dead(f: &Function, p: &str, deref: bool) -> bool {
    let Some(body) = &f.body else {
        return false;
    };
    // Memory behind `p` that the callee only stores into (`p[k] = ...`, never read, never
    // handed on): what it held on entry does not matter.
    if deref {
        let mut read = Names::new();
        for s in body {
            crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::content_reads(e, &mut read));
        }
        if !read.contains(p) {
            return true;
        }
    }
    for s in body {
        let mut names = Names::new();
        crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::reads(e, &mut names));
        let mut written = Names::new();
        crate::usage::stmt_writes_one(s, &mut written);
        if !names.contains(p) && !written.contains(p) {
            continue;
        }
        let StmtKind::Expr(e) = &s.kind else {
            return false;
        };
        let ExprKind::Assign(None, l, r) = &e.kind else {
            return false;
        };
        let target_is_p = match (&l.strip_parens().kind, deref) {
            (ExprKind::Ident(n), false) => n == p,
            (ExprKind::Unary(UnOp::Deref, x), true) => {
                matches!(&x.strip_parens().kind, ExprKind::Ident(n) if n == p)
            }
            _ => false,
        };
        let mut rhs = Names::new();
        crate::usage::reads(r, &mut rhs);
        return target_is_p && !rhs.contains(p);
    }
    true
}

/// An lvalue and the lvalues it is part of, printed: `s.v[k]`, `s.v`, `s`.
fn lvalue_prefixes(e: &Expr) -> Vec<String> {
    let mut out = vec![];
    let mut e = e.strip_parens();
    loop {
        out.push(cuad_emit::print_expr(e));
        e = match &e.kind {
            ExprKind::Index(b, _) | ExprKind::Member { base: b, .. } => b.strip_parens(),
            _ => return out,
        };
    }
}

/// `e` with its first subexpression (leftmost, outermost) printed like `from` replaced by
/// `to`: two equal calls (`nxt(s) * nxt(s)`, each moving `s`) are two values, hoisted one
/// after the other.
fn replace_first(e: &Expr, from: &Expr, to: &Expr) -> Expr {
    fn go(e: Expr, from: &str, to: &Expr, done: &mut bool) -> Expr {
        if *done {
            return e;
        }
        if cuad_emit::print_expr(&e) == from {
            *done = true;
            return to.clone();
        }
        crate::usage::map_subexprs(e, &mut |x| go(x, from, to, done))
    }
    go(e.clone(), &cuad_emit::print_expr(from), to, &mut false)
}

impl Gen<'_, '_> {
    /// `a * s` (or `-a`) on a struct or vector type with a user-defined `operator*`
    /// (`operator-`): the call `operator*(a, s)`, differentiated through the operator's
    /// pullback.
    pub fn user_operator_call(&self, e: &Expr) -> Option<Expr> {
        user_operator_call(self.prog, e, &|x| self.type_of(x)).map(|(_, call)| call)
    }
}

/// `a * s` or `-a` on operands of a struct or vector type the file defines that operator
/// for (`Program::user_operator`, `Program::user_unary_operator`): the operator and the
/// call of it, `operator*(a, s)`. Whatever the operator computes, both modes differentiate
/// it as a call.
pub(crate) fn user_operator_call<'p>(
    prog: &cuad_sema::Program<'p>,
    e: &Expr,
    type_of: &dyn Fn(&Expr) -> Option<Ty>,
) -> Option<(&'p Function, Expr)> {
    let (f, args) = match &e.kind {
        ExprKind::Binary(op, l, r) => {
            let (lt, rt) = (type_of(l)?, type_of(r)?);
            (
                prog.user_operator(*op, &lt, &rt)?,
                vec![(**l).clone(), (**r).clone()],
            )
        }
        ExprKind::Unary(op, x) => {
            let t = type_of(x)?;
            (
                prog.user_unary_operator(*op, cuad_sema::types::strip_refs(&t))?,
                vec![(**x).clone()],
            )
        }
        _ => return None,
    };
    let call = Expr::new(
        ExprKind::Call {
            callee: Box::new(ident(&f.name)),
            template_args: vec![],
            args,
        },
        e.span,
    );
    Some((f, call))
}

/// A call of a library function cuad has no body for (`curand_normal(&state)`) that is handed
/// an object it may advance: `&x` or a pointer to non-const memory. Its value changes from one
/// call to the next, so it must be evaluated once, where the primal evaluates it, never again
/// in a derivative expression.
pub(crate) fn stateful_library_call(
    prog: &cuad_sema::Program,
    name: &str,
    args: &[Expr],
    type_of: &dyn Fn(&Expr) -> Option<Ty>,
) -> bool {
    let known = prog.functions(name).iter().any(|f| f.body.is_some())
        || (cuad_sema::builtins::function(name).is_some()
            && !cuad_sema::builtins::advances_state(name));
    !known
        && args.iter().any(|a| match &a.strip_parens().kind {
            ExprKind::Unary(UnOp::AddrOf, _) => true,
            _ => type_of(a).is_some_and(|t| {
                matches!(&prog.canonical(&t).kind,
                    TyKind::Pointer { pointee, .. } if !pointee.is_const_object())
            }),
        })
}

/// The variables of `body` that calls of user functions bind to non-const reference
/// parameters (`take(p)` with `const double*& p`, `bump(k)` with `int& k`): the callee may
/// assign them, though no assignment shows.
pub(crate) fn reference_writes(prog: &cuad_sema::Program, body: &[Stmt]) -> Names {
    let mut out = Names::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Call { callee, args, .. } = &x.kind else {
                    return;
                };
                let ExprKind::Ident(name) = &callee.kind else {
                    return;
                };
                let callees = prog.functions_for_call(name.trim_start_matches("::"), args.len());
                for (j, a) in args.iter().enumerate() {
                    let by_reference = callees.iter().any(|f| {
                        f.params.get(j).is_some_and(|p| {
                            matches!(&prog.canonical(&p.ty).kind,
                                TyKind::LRef(t) if !t.is_const_object())
                        })
                    });
                    match crate::usage::lvalue_root(a) {
                        Some(root) if by_reference && crate::usage::is_plain_var(a) => {
                            out.insert(root.to_string());
                        }
                        _ => {}
                    }
                }
            })
        });
    }
    out
}

/// Does the callee assign through its `j`-th parameter (a reference)?
pub(crate) fn callee_writes_param(prog: &cuad_sema::Program, callee: &Function, j: usize) -> bool {
    callee_writes_param_at(prog, callee, j, 0, false)
}

/// Does the callee store into memory through its `j`-th parameter? For a reference to a
/// pointer (`double*& p`), moving the pointer is not such a store.
fn callee_stores_through(prog: &cuad_sema::Program, callee: &Function, j: usize) -> bool {
    callee_writes_param_at(prog, callee, j, 0, true)
}

fn callee_writes_param_at(
    prog: &cuad_sema::Program,
    callee: &Function,
    j: usize,
    depth: usize,
    memory_only: bool,
) -> bool {
    let Some(name) = callee.params.get(j).and_then(|p| p.name.as_deref()) else {
        return false;
    };
    // typedefs resolved (`typedef double real;` taken by value is a scalar)
    let ty = &prog.canonical(&callee.params[j].ty);
    let const_value = ty.is_const && !matches!(ty.kind, TyKind::Pointer { .. });
    // A scalar taken by value is the callee's own copy, whatever it does with it.
    let scalar_value = matches!(
        ty.kind,
        TyKind::Bool
            | TyKind::Int { .. }
            | TyKind::Half
            | TyKind::BFloat16
            | TyKind::Float
            | TyKind::Double
            | TyKind::LongDouble
    );
    if const_value
        || scalar_value
        || matches!(&ty.kind, TyKind::LRef(t) if t.is_const)
        || matches!(&ty.kind, TyKind::Pointer { pointee, .. } if pointee.is_const_object())
        || matches!(&ty.kind, TyKind::LRef(t)
            if matches!(&t.kind, TyKind::Array { .. } if t.is_const_object()))
    {
        return false;
    }
    let Some(body) = &callee.body else {
        // No body (a custom derivative): it may.
        return true;
    };
    let mut written = Names::new();
    crate::usage::stmt_writes(body, &mut written);
    // Local pointers into the parameter's memory (`float* r = x + 2 * i;`) write it too.
    let derived = pointers_derived_from(body, name);
    let stored = memory_store_roots(body);
    // Handing it to another call may write it too.
    // A user function given it writes it when it writes that parameter (a few levels deep).
    let writes_arg = |x: &Expr| match &x.kind {
        ExprKind::Call { callee, args, .. } => args.iter().enumerate().any(|(k, a)| {
            if !crate::usage::lvalue_root(a).is_some_and(|r| derived.contains(r)) {
                return false;
            }
            let named = match &callee.kind {
                ExprKind::Ident(n) => prog.functions_for_call(n, args.len()),
                _ => vec![],
            };
            let known = depth < 4 && !named.is_empty() && named.iter().all(|g| g.body.is_some());
            !known
                || named
                    .iter()
                    .any(|g| callee_writes_param_at(prog, g, k, depth + 1, false))
        }),
        ExprKind::Launch { args, .. } => args
            .iter()
            .any(|a| crate::usage::lvalue_root(a).is_some_and(|r| derived.contains(r))),
        _ => false,
    };
    let passed_on = body.iter().any(|s| {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            found |= crate::usage::any_expr(e, &writes_arg);
        });
        found
    });
    let pointer_ref =
        matches!(&ty.kind, TyKind::LRef(t) if matches!(t.kind, TyKind::Pointer { .. }));
    (written.contains(name) && !(memory_only && pointer_ref))
        || passed_on
        || derived.iter().any(|d| stored.contains(d))
}

/// `name` and the local variables assigned addresses computed from it (`r = x + 2 * i`,
/// `p = &x[k]`, and so on transitively): stores through them write `name`'s memory.
fn pointers_derived_from(body: &[Stmt], name: &str) -> Names {
    let mut edges: Vec<(String, String)> = Vec::new();
    let mut note = |target: &str, value: &Expr| {
        if let Some(source) = crate::usage::address_root(value) {
            edges.push((source.to_string(), target.to_string()));
        }
    };
    fn declarations(s: &Stmt, f: &mut dyn FnMut(&str, &Expr)) {
        if let StmtKind::Decl(d) = &s.kind {
            for v in &d.vars {
                if let Some(Init::Assign(e)) = &v.init {
                    f(&v.name, e);
                }
            }
        }
        s.for_each_child(&mut |c| declarations(c, f));
    }
    for s in body {
        declarations(s, &mut note);
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Assign(None, l, r) = &x.kind {
                    if let ExprKind::Ident(target) = &l.strip_parens().kind {
                        note(target, r);
                    }
                }
            })
        });
    }
    let mut derived: Names = [name.to_string()].into();
    while let Some((_, t)) = edges
        .iter()
        .find(|(s, t)| derived.contains(s) && !derived.contains(t))
    {
        derived.insert(t.clone());
    }
    derived
}

/// Does `f` both store through its pointer parameter `p` (or a local pointer into it) and
/// load through it, itself or in the functions it hands the pointer to? Its pullback's
/// re-run then reads what the primal call left there.
fn stores_and_reads(prog: &cuad_sema::Program, f: &Function, j: usize) -> bool {
    let Some(p) = f.params.get(j).and_then(|p| p.name.as_deref()) else {
        return false;
    };
    stores_through_param(prog, f, p, 0) && loads_through_param(prog, f, p, 0)
}

/// Does `f` store through its pointer parameter `p` (or a local pointer into it), itself or
/// in a user function it hands the pointer to (a few calls deep)? Built-ins (atomics) do
/// not count: their own rules apply.
fn stores_through_param(prog: &cuad_sema::Program, f: &Function, p: &str, depth: usize) -> bool {
    let Some(body) = &f.body else {
        return false;
    };
    let derived = pointers_derived_from(body, p);
    if memory_store_roots(body).iter().any(|r| derived.contains(r)) {
        return true;
    }
    let hands_to_storing_callee = |x: &Expr| match &x.kind {
        ExprKind::Call { callee, args, .. } => {
            let ExprKind::Ident(name) = &callee.kind else {
                return false;
            };
            depth < 4
                && args.iter().enumerate().any(|(k, a)| {
                    crate::usage::address_root(a).is_some_and(|r| derived.contains(r))
                        && prog.functions_for_call(name, args.len()).iter().any(|g| {
                            g.params[k]
                                .name
                                .as_deref()
                                .is_some_and(|q| stores_through_param(prog, g, q, depth + 1))
                        })
                })
        }
        _ => false,
    };
    body.iter().any(|s| {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            found |= crate::usage::any_expr(e, &hands_to_storing_callee);
        });
        found
    })
}

/// Does `f` load through its pointer parameter `p` (or a local pointer into it), itself or
/// in a function it hands the pointer to (a few calls deep; an unknown callee may)?
fn loads_through_param(prog: &cuad_sema::Program, f: &Function, p: &str, depth: usize) -> bool {
    let Some(body) = &f.body else {
        return true;
    };
    let derived = pointers_derived_from(body, p);
    let ctx = LoadScan {
        prog,
        derived: &derived,
        depth,
        scanned: (f, p),
    };
    ctx.block_loads(body)
}

/// Loads through the pointers in `derived`, for [`loads_through_param`]. A load of an
/// element the same block stored before (`vel[d] = ...; ke += vel[d];`) reads what the call
/// wrote, not the entry value, and does not count.
struct LoadScan<'a> {
    prog: &'a cuad_sema::Program<'a>,
    derived: &'a Names,
    depth: usize,
    /// The function scanned and its parameter: a recursive call handing the pointer on to
    /// the same parameter loads only what the rest of the body loads (a walk down a tree
    /// storing one entry per level, `out[i] = x; walk(..., out)`).
    scanned: (&'a Function, &'a str),
}

/// A `for` header as printed, to match sibling loops over the same range.
fn loop_header_text(init: Option<&Stmt>, cond: Option<&Expr>, step: Option<&Expr>) -> String {
    let mut text = String::new();
    if let Some(i) = init {
        crate::usage::visit_stmt_exprs(i, &mut |e| text.push_str(&cuad_emit::print_expr(e)));
        if let StmtKind::Decl(d) = &i.kind {
            text.extend(d.vars.iter().map(|v| v.name.clone()));
        }
    }
    text.push(';');
    text.extend(cond.map(cuad_emit::print_expr));
    text.push(';');
    text.extend(step.map(cuad_emit::print_expr));
    text
}

/// An element a block stored through (`vel[d]`, as printed) and the variables its address
/// reads: a later write of one of them moves the address.
type StoredPlace = (String, Names);

impl LoadScan<'_> {
    fn through(&self, b: &Expr) -> bool {
        crate::usage::lvalue_root(b).is_some_and(|r| self.derived.contains(r))
    }

    fn block_loads(&self, stmts: &[Stmt]) -> bool {
        self.block_scan(stmts, Vec::new()).is_none()
    }

    /// The places `stmts` stores (from `stored` on) without loading through the pointers
    /// first; `None` when they load. Loops with the same header as an earlier sibling loop
    /// that stores at its counter (`p[k] = e^z[k]` ... `p[k] *= inv`) start from the places
    /// it stored: each iteration finds its element written.
    fn block_scan(&self, stmts: &[Stmt], mut stored: Vec<StoredPlace>) -> Option<Vec<StoredPlace>> {
        // (printed loop header, names it reads, places its body stores every iteration)
        let mut loops: Vec<(String, Names, Vec<StoredPlace>)> = Vec::new();
        for s in stmts {
            if let StmtKind::Expr(e) = &s.kind {
                let mut written = Names::new();
                crate::usage::writes(e, &mut written);
                loops.retain(|(_, reads, places)| {
                    reads.is_disjoint(&written)
                        && places.iter().all(|(_, r)| r.is_disjoint(&written))
                });
            } else if !matches!(s.kind, StmtKind::For { .. }) {
                let mut written = Names::new();
                crate::usage::stmt_writes_one(s, &mut written);
                loops.retain(|(_, reads, _)| reads.is_disjoint(&written));
            }
            match &s.kind {
                StmtKind::Expr(e) => {
                    if self.loads(e, &stored) {
                        return None;
                    }
                    let mut written = Names::new();
                    crate::usage::writes(e, &mut written);
                    stored.retain(|(_, reads)| reads.is_disjoint(&written));
                    if let ExprKind::Assign(None, l, _) = &e.kind {
                        let l = l.strip_parens();
                        if let ExprKind::Index(b, _) | ExprKind::Unary(UnOp::Deref, b) = &l.kind {
                            if self.through(b) {
                                let mut reads = Names::new();
                                crate::usage::reads(l, &mut reads);
                                stored.push((cuad_emit::print_expr(l), reads));
                            }
                        }
                    }
                }
                StmtKind::Block(inner) => {
                    if self.block_loads(inner) {
                        return None;
                    }
                    stored.clear();
                }
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                } => {
                    let header = init
                        .as_deref()
                        .is_some_and(|i| self.block_loads(std::slice::from_ref(i)))
                        || cond.iter().chain(step).any(|e| self.loads(e, &[]));
                    if header {
                        return None;
                    }
                    let text = loop_header_text(init.as_deref(), cond.as_ref(), step.as_ref());
                    let seed = loops
                        .iter()
                        .find(|(h, _, _)| *h == text)
                        .map(|(_, _, places)| places.clone())
                        .unwrap_or_default();
                    let body_stmts: &[Stmt] = match &body.kind {
                        StmtKind::Block(b) => b,
                        _ => std::slice::from_ref(&**body),
                    };
                    let after = self.block_scan(body_stmts, seed)?;
                    fn jumps(s: &Stmt) -> bool {
                        let mut found = matches!(
                            s.kind,
                            StmtKind::Break | StmtKind::Continue | StmtKind::Return(_)
                        );
                        s.for_each_child(&mut |c| found |= jumps(c));
                        found
                    }
                    let jumps = jumps(body);
                    if !jumps {
                        let mut reads = Names::new();
                        let mut note = |e: &Expr| crate::usage::reads(e, &mut reads);
                        cond.iter().chain(step).for_each(&mut note);
                        if let Some(i) = init.as_deref() {
                            crate::usage::visit_stmt_exprs(i, &mut note);
                        }
                        loops.push((text, reads, after));
                    }
                    stored.clear();
                }
                StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                    if self.loads(cond, &[]) || self.block_loads(std::slice::from_ref(body)) {
                        return None;
                    }
                    stored.clear();
                }
                StmtKind::If { cond, then, els } => {
                    if self.loads(cond, &stored)
                        || self.block_loads(std::slice::from_ref(then))
                        || els
                            .as_deref()
                            .is_some_and(|e| self.block_loads(std::slice::from_ref(e)))
                    {
                        return None;
                    }
                    stored.clear();
                }
                _ => {
                    let mut found = false;
                    crate::usage::visit_stmt_exprs(s, &mut |e| found |= self.loads(e, &stored));
                    if found {
                        return None;
                    }
                    stored.clear();
                }
            }
        }
        Some(stored)
    }

    fn loads(&self, e: &Expr, stored: &[StoredPlace]) -> bool {
        match &e.kind {
            ExprKind::Assign(op, l, r) => {
                let target_read = op.is_some() && self.loads_place(l, true, stored);
                target_read || self.loads_place(l, false, stored) || self.loads(r, stored)
            }
            ExprKind::Index(b, _) | ExprKind::Unary(UnOp::Deref, b) if self.through(b) => {
                let printed = cuad_emit::print_expr(e);
                if !stored.iter().any(|(place, _)| *place == printed) {
                    return true;
                }
                let mut found = false;
                crate::usage::for_each_child(e, &mut |x| found |= self.loads(x, stored));
                found
            }
            ExprKind::Member {
                base, arrow: true, ..
            } if self.through(base) => true,
            ExprKind::Call { callee, args, .. } => {
                let handed_on = args.iter().enumerate().any(|(k, a)| {
                    crate::usage::address_root(a).is_some_and(|r| self.derived.contains(r))
                        && self.call_loads(callee, args.len(), k)
                });
                handed_on || args.iter().any(|a| self.loads(a, stored))
            }
            _ => {
                let mut found = false;
                crate::usage::for_each_child(e, &mut |x| found |= self.loads(x, stored));
                found
            }
        }
    }

    /// Does the function `callee` names load through its `k`-th of `n` arguments?
    fn call_loads(&self, callee: &Expr, n: usize, k: usize) -> bool {
        let ExprKind::Ident(name) = &callee.kind else {
            return true;
        };
        if cuad_sema::builtins::is_atomic(name) {
            return false;
        }
        let named = self.prog.functions_for_call(name, n);
        if named.is_empty() || self.depth >= 4 {
            return true;
        }
        named
            .iter()
            .any(|g| match g.params.get(k).and_then(|q| q.name.as_deref()) {
                Some(q) if std::ptr::eq(*g, self.scanned.0) && q == self.scanned.1 => false,
                Some(q) => loads_through_param(self.prog, g, q, self.depth + 1),
                None => false,
            })
    }

    /// The place an assignment stores to: its indices are loads; the place itself only when
    /// `whole` (a compound assignment reads it).
    fn loads_place(&self, l: &Expr, whole: bool, stored: &[StoredPlace]) -> bool {
        if whole {
            return self.loads(l, stored);
        }
        match &l.kind {
            ExprKind::Index(b, k) => self.loads_place(b, false, stored) || self.loads(k, stored),
            ExprKind::Unary(UnOp::Deref, b) | ExprKind::Paren(b) => {
                self.loads_place(b, false, stored)
            }
            ExprKind::Member { base, .. } => self.loads_place(base, false, stored),
            _ => false,
        }
    }
}

/// Roots of the memory a body stores to (`r` in `r[0] = v`, `*r += v`, `&r[k]` handed on),
/// not variables assigned whole.
fn memory_store_roots(body: &[Stmt]) -> Names {
    let mut roots = Names::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(_, l, _)
                | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, l)
                | ExprKind::Unary(UnOp::AddrOf, l)
                    if !crate::usage::is_plain_var(l) =>
                {
                    roots.extend(crate::usage::lvalue_root(l).map(str::to_string));
                }
                _ => {}
            })
        });
    }
    roots
}

/// What the pullback of a call that overwrites memory gets (`Gen::gen_user_call`): copies of
/// the values the callee overwrites, passed instead of the call's own arguments, and the
/// statements undoing its re-run of the update, which follow it at once (the arguments'
/// adjoints read the memory as the call found it).
struct Replay {
    args: Vec<Expr>,
    undo: Vec<Stmt>,
}

/// What a call may overwrite (`Gen::overwrites`).
struct Overwrites {
    /// The argument's index, the lvalue overwritten in the caller's terms, and whether the
    /// callee may read its value on entry.
    named: Vec<(usize, Expr, bool)>,
    /// Pointer arguments written through at elements the caller cannot name.
    unnamed: Vec<UnnamedWrite>,
}

/// A pointer argument a callee writes through at elements the caller cannot name.
struct UnnamedWrite {
    arg: usize,
    /// The callee may read the memory's values on entry (its pullback's re-run does too).
    rereads: bool,
    /// The callee sees no other thread (`runs_alone`): only this thread's writes matter.
    alone: bool,
}

/// The calls `name(args)` in `e` (nested ones too) for which `pick(call, name, args)` holds.
fn calls_where(e: &Expr, pick: &dyn Fn(&Expr, &str, &[Expr]) -> bool) -> Vec<Expr> {
    let mut calls: Vec<Expr> = Vec::new();
    crate::usage::walk_expr(e, &mut |x| {
        if let ExprKind::Call { callee, args, .. } = &x.kind {
            if let ExprKind::Ident(n) = &callee.kind {
                if pick(x, n, args) {
                    calls.push(x.clone());
                }
            }
        }
    });
    calls
}

/// `a, b, c` -> `[a, b, c]` (the arguments of `T(a, b, c)`).
/// Does `S s;` of struct type `ty` set fields (a user default constructor, or default member
/// initializers `double s = 1.0;`)?
pub(crate) fn default_construction_sets_fields(prog: &cuad_sema::Program, ty: &Ty) -> bool {
    if has_user_default_constructor(prog, ty) {
        return true;
    }
    prog.class_def(ty).is_some_and(|s| {
        s.members.iter().flatten().any(|m| {
            matches!(m, Member::Field(d) if !d.specs.is_static && d.vars.iter().any(|v| v.init.is_some()))
        })
    })
}

/// The user constructors of struct type `ty` (empty for aggregates and other types).
pub(crate) fn user_constructors<'a>(prog: &cuad_sema::Program<'a>, ty: &Ty) -> Vec<&'a Function> {
    let Some(s) = prog.class_def(ty) else {
        return vec![];
    };
    let Some(owner) = crate::class_name(s) else {
        return vec![];
    };
    s.members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Method(f) if f.name == owner => Some(f),
            _ => None,
        })
        .collect()
}

/// Does struct type `ty` have a user-written constructor callable without arguments?
pub(crate) fn has_user_default_constructor(prog: &cuad_sema::Program, ty: &Ty) -> bool {
    user_constructors(prog, ty)
        .iter()
        .any(|c| c.params.iter().all(|p| p.default.is_some()))
}

/// Which parameter each field comes from, for a constructor that only copies parameters into
/// fields (`V(float a, float b) : x(a), y(b) {}`); `None` for any other constructor.
pub(crate) fn simple_constructor_sources(c: &Function) -> Option<Vec<(String, usize)>> {
    let body_empty = c
        .body
        .as_ref()
        .is_some_and(|b| b.iter().all(|s| matches!(s.kind, StmtKind::Empty)));
    if !body_empty {
        return None;
    }
    let param = |x: &Expr| {
        let ExprKind::Ident(p) = &x.strip_parens().kind else {
            return None;
        };
        c.params
            .iter()
            .position(|q| q.name.as_deref() == Some(p.as_str()))
    };
    c.ctor_inits
        .iter()
        .map(|(field, args)| match args.as_slice() {
            [x] => param(x).map(|j| (field.clone(), j)),
            _ => None,
        })
        .collect()
}

/// For a struct with constructors: which argument each field comes from, read off the
/// constructor taking `n` arguments, which must only copy parameters into fields
/// (`V(float a, float b) : x(a), y(b) {}`). `None` for aggregates (positional fields);
/// `Some(Err(message))` when the constructor does more than copy its parameters.
pub(crate) fn constructor_sources(
    prog: &cuad_sema::Program,
    ty: &Ty,
    n: usize,
) -> Option<Result<Vec<(String, usize)>, String>> {
    let s = prog.class_def(ty)?;
    let owner = crate::class_name(s)?;
    let ctors: Vec<&Function> = s
        .members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Method(f) if f.name == owner => Some(f),
            _ => None,
        })
        .collect();
    if ctors.is_empty() {
        return None;
    }
    let simple = ctors
        .iter()
        .find(|c| c.params.len() == n)
        .and_then(|c| simple_constructor_sources(c));
    Some(simple.ok_or_else(|| {
        format!("cuad differentiates constructors of `{owner}` only when they copy their parameters into fields (`{owner}(float a, float b) : x(a), y(b) {{}}`)")
    }))
}

pub(crate) fn comma_operands(e: &Expr) -> Vec<Expr> {
    match &e.kind {
        ExprKind::Binary(BinOp::Comma, l, r) => {
            let mut out = comma_operands(l);
            out.push((**r).clone());
            out
        }
        _ => vec![e.clone()],
    }
}

/// A name usable in an identifier for a function (`operator*` -> `operator_mul`); a template
/// instance's suffix is kept (`operator+_2` -> `operator_add_2`), so instances of two
/// operators with one signature are not named alike.
pub fn identifier_name(name: &str) -> String {
    let Some(symbol) = name.strip_prefix("operator") else {
        return name.to_string();
    };
    let symbol = symbol.trim_start();
    if symbol.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
        return name.to_string();
    }
    // Longer symbols first (`+=` before `+`).
    const WORDS: &[(&str, &str)] = &[
        ("+=", "add_assign"),
        ("-=", "sub_assign"),
        ("*=", "mul_assign"),
        ("/=", "div_assign"),
        ("()", "call"),
        ("[]", "index"),
        ("==", "eq"),
        ("!=", "ne"),
        ("<=", "le"),
        (">=", "ge"),
        ("<<", "shl"),
        (">>", "shr"),
        ("+", "add"),
        ("-", "sub"),
        ("*", "mul"),
        ("/", "div"),
        ("%", "mod"),
        ("<", "lt"),
        (">", "gt"),
    ];
    match WORDS.iter().find(|(sym, _)| symbol.starts_with(sym)) {
        Some((sym, word)) => format!("operator_{word}{}", symbol[sym.len()..].trim()),
        None => "operator_op".to_string(),
    }
}

/// Atomics whose result is one thread's value (`atomicMax`, `atomicExch`, a CAS): the winner
/// depends on the run, so an adjoint cannot follow it. Scoped forms (`_block`, `_system`) too.
fn is_selecting_atomic(name: &str) -> bool {
    let base = name.trim_end_matches("_block").trim_end_matches("_system");
    matches!(base, "atomicMax" | "atomicMin" | "atomicExch" | "atomicCAS")
}

/// `make_float2`, `make_double4`, `make_half2`, `make_bfloat162`: a vector of reals from its
/// components.
pub(crate) fn is_real_vector_maker(name: &str) -> bool {
    name.strip_prefix("make_").is_some_and(|rest| {
        ["float", "double", "half", "bfloat16"]
            .iter()
            .any(|p| rest.starts_with(p))
    })
}

/// For a conversion between floating-point formats, the conversion of its adjoint back.
pub(crate) fn conversion_back(name: &str) -> Option<&'static str> {
    Some(match name {
        "__half2float" => "__float2half",
        "__float2half" | "__float2half_rn" | "__float2half_rz" => "__half2float",
        "__bfloat162float" => "__float2bfloat16",
        "__float2bfloat16" | "__float2bfloat16_rn" | "__float2bfloat16_rz" => "__bfloat162float",
        "__double2float_rn" | "__double2float_rz" => "double",
        _ => return None,
    })
}

/// CUDA's cache-hinted loads: `__ldg(p)` and friends return `*p`.
pub fn is_hinted_load(name: &str) -> bool {
    matches!(
        name,
        "__ldg" | "__ldcg" | "__ldca" | "__ldcs" | "__ldlu" | "__ldcv"
    )
}

/// Barriers that also return a value (an int with no derivative): the block waits as at
/// `__syncthreads()`.
pub(crate) fn is_value_barrier(name: &str) -> bool {
    matches!(
        name,
        "__syncthreads_count" | "__syncthreads_and" | "__syncthreads_or"
    )
}

/// Does `f` (or a function it calls) call `__syncthreads` (or a barrier with a value)?
fn calls_barrier(prog: &cuad_sema::Program, f: &Function, depth: u32) -> bool {
    let mut callees = Vec::new();
    let mut barrier = false;
    visit_calls(f, &mut |x| match crate::host::callee_name(x) {
        Some(n) if n == "__syncthreads" || is_value_barrier(n) => barrier = true,
        Some(n) => callees.push(n.to_string()),
        None => {}
    });
    barrier
        || (depth < 4
            && callees.iter().any(|n| {
                prog.functions(n)
                    .into_iter()
                    .any(|g| calls_barrier(prog, g, depth + 1))
            }))
}

/// Does `f` run without seeing other threads (no barrier, shuffle, atomic or call through a
/// pointer, in it or in the functions it calls)? Then its pullback's re-run reads only what
/// the calling thread left.
fn runs_alone(prog: &cuad_sema::Program, f: &Function, depth: u32) -> bool {
    let mut callees = Vec::new();
    visit_calls(f, &mut |x| {
        callees.extend(crate::host::callee_name(x).map(str::to_string));
    });
    in_place_barrier(f) == Ok(None)
        && depth < 4
        && callees.iter().all(|n| {
            prog.functions(n)
                .into_iter()
                .all(|g| runs_alone(prog, g, depth + 1))
        })
}

/// A function `f` calls (directly or not) that declares an `extern __shared__` array of reals,
/// and that array's declaration.
pub(crate) fn callee_with_dynamic_shared(
    prog: &cuad_sema::Program,
    f: &Function,
    depth: u32,
) -> Option<(String, cuad_syntax::Span)> {
    let mut callees = Vec::new();
    visit_calls(f, &mut |x| {
        callees.extend(crate::host::callee_name(x).map(str::to_string))
    });
    callees.into_iter().find_map(|n| {
        prog.functions(&n)
            .into_iter()
            .find_map(|g| match own_dynamic_shared(prog, g) {
                Some(at) => Some((n.clone(), at)),
                None if depth < 4 => callee_with_dynamic_shared(prog, g, depth + 1),
                None => None,
            })
    })
}

/// The declaration of an `extern __shared__` array of reals in `f`'s body.
pub(crate) fn own_dynamic_shared(
    prog: &cuad_sema::Program,
    f: &Function,
) -> Option<cuad_syntax::Span> {
    let found = std::cell::Cell::new(None);
    for s in f.body.iter().flatten() {
        crate::usage::any_stmt(s, &|st| match &st.kind {
            StmtKind::Decl(d) if d.specs.shared && d.specs.is_extern => {
                let real = d
                    .vars
                    .iter()
                    .find(|v| is_differentiable(prog, &prog.canonical(&v.ty)));
                if let Some(v) = real {
                    found.set(Some(v.span));
                }
                real.is_some()
            }
            _ => false,
        });
    }
    found.get()
}

/// Does `f` compute on its own thread's values only: no shared memory, and calls only of
/// math functions and of user functions that do the same (no shuffles, atomics, barriers,
/// cooperative-group methods)? Then its pullback is a per-thread linear map of the seed.
fn thread_local_computation(prog: &cuad_sema::Program, f: &Function, depth: u32) -> bool {
    let Some(body) = &f.body else { return false };
    let shared = body.iter().any(|s| {
        crate::usage::any_stmt(
            s,
            &|x| matches!(&x.kind, StmtKind::Decl(d) if d.specs.shared),
        )
    });
    // a recursive function's calls are not followed forever
    if shared || depth >= 4 {
        return false;
    }
    let mut local = true;
    visit_calls(f, &mut |x| {
        local = local
            && match crate::host::callee_name(x) {
                Some(n) if rules::is_pure_math(n) => true,
                Some(n) => {
                    let defs = prog.functions(n);
                    !defs.is_empty()
                        && defs
                            .into_iter()
                            .all(|g| thread_local_computation(prog, g, depth + 1))
                }
                None => false,
            }
    });
    local
}

/// Is `ty` const, or an array of const elements (`const double (&v)[3]` refers to an array
/// whose constness sits on the element type)?
/// Calls `visit` on every call expression in `f`'s body.
fn visit_calls(f: &Function, visit: &mut dyn FnMut(&Expr)) {
    for s in f.body.iter().flatten() {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if matches!(x.kind, ExprKind::Call { .. }) {
                    visit(x)
                }
            })
        });
    }
}

/// `for (int _k = 0; _k < len; ++_k) dst[_k] = src[_k];`, with one nested loop per further
/// dimension of `elem` (`double L[4][4]`: rows are arrays, which C++ cannot assign).
fn copy_array(dst: &str, src: &Expr, len: &Expr, elem: &Ty) -> Stmt {
    copy_array_dims(ident(dst), src.clone(), len, elem, 0)
}

/// Pushes every element of the array `x` to `tape` in row-major order (`push`), or pops them
/// back into it in the opposite order.
fn tape_array(tape: &str, x: &Expr, len: &Expr, elem: &Ty, push: bool, depth: usize) -> Stmt {
    let k = if depth == 0 {
        "_cuad_k".to_string()
    } else {
        format!("_cuad_k{depth}")
    };
    let at = index(x.clone(), ident(&k));
    let body = match &elem.kind {
        TyKind::Array {
            elem: inner,
            len: Some(inner_len),
        } => tape_array(tape, &at, inner_len, inner, push, depth + 1),
        _ if push => expr_stmt(crate::reverse::method_call(tape, "push", vec![at])),
        _ => expr_stmt(assign(at, crate::reverse::method_call(tape, "pop", vec![]))),
    };
    let int = Ty::new(TyKind::Int {
        kind: IntKind::Int,
        signed: None,
    });
    let (init, cond, step) = if push {
        (
            int_lit(0),
            binary(BinOp::Lt, ident(&k), len.clone()),
            unary(UnOp::PreInc, ident(&k)),
        )
    } else {
        (
            binary(BinOp::Sub, paren(len.clone()), int_lit(1)),
            binary(BinOp::Ge, ident(&k), int_lit(0)),
            unary(UnOp::PreDec, ident(&k)),
        )
    };
    Stmt::synth(StmtKind::For {
        init: Some(Box::new(decl(int, &k, Some(init)))),
        cond: Some(cond),
        step: Some(step),
        body: Box::new(body),
    })
}

fn copy_array_dims(dst: Expr, src: Expr, len: &Expr, elem: &Ty, depth: usize) -> Stmt {
    let k = if depth == 0 {
        "_cuad_k".to_string()
    } else {
        format!("_cuad_k{depth}")
    };
    let (dst, src) = (index(dst, ident(&k)), index(src, ident(&k)));
    let body = match &elem.kind {
        TyKind::Array {
            elem: inner,
            len: Some(inner_len),
        } => copy_array_dims(dst, src, inner_len, inner, depth + 1),
        _ => expr_stmt(assign(dst, src)),
    };
    Stmt::synth(StmtKind::For {
        init: Some(Box::new(decl(
            Ty::new(TyKind::Int {
                kind: IntKind::Int,
                signed: None,
            }),
            &k,
            Some(int_lit(0)),
        ))),
        cond: Some(binary(BinOp::Lt, ident(&k), len.clone())),
        step: Some(unary(UnOp::PreInc, ident(&k))),
        body: Box::new(body),
    })
}

/// The elements a callee updates in place through its pointer parameter `p`, as lvalues in
/// the caller's terms: `sq(double* s, int t) { s[t] = s[t] * s[t]; }` called as `sq(y, tid)`
/// updates `(y)[(tid)]`. An element is `a[k]` or `*a` (`a[0]`) of an address `a` that is
/// `p`, `p + k`, `p - k` or a pointer cast of one (a vector store
/// `*reinterpret_cast<float2*>(p) = ...` updates `reinterpret_cast<float2*>((y))[0]`). Only
/// when every use of `p` is such an element, each read one among the elements written, each
/// `k` made of parameters the callee never assigns (so the caller's arguments say which
/// elements). `None` otherwise: the caller cannot name what the call overwrites.
fn in_place_elements(f: &Function, p: &Param, args: &[Expr]) -> Option<Vec<Expr>> {
    let name = p.name.as_deref()?;
    let body = f.body.as_ref()?;
    let mut assigned = Names::new();
    crate::usage::stmt_writes(body, &mut assigned);
    let params: Vec<&str> = f.params.iter().filter_map(|q| q.name.as_deref()).collect();
    let stable = |k: &Expr| {
        let mut names = Names::new();
        crate::usage::reads(k, &mut names);
        !crate::usage::any_expr(k, &|x| {
            matches!(x.kind, ExprKind::Call { .. } | ExprKind::Assign(..))
                || matches!(&x.kind, ExprKind::Unary(op, _) if matches!(op,
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec))
        }) && names
            .iter()
            .all(|n| params.contains(&n.as_str()) && !assigned.contains(n) && n != name)
    };
    // Each element as `address[k]`, with the parts that say which (`k`, offsets).
    type Element = (Expr, Vec<Expr>);
    let mut written: Vec<Element> = Vec::new();
    let mut read: Vec<Element> = Vec::new();
    let mut other_use = false;
    let is_p = |x: &Expr| matches!(&x.strip_parens().kind, ExprKind::Ident(n) if n == name);
    // `p`, `p + k`, `p - k`, or a pointer cast of one: the offsets, or `None`.
    fn address(x: &Expr, is_p: &dyn Fn(&Expr) -> bool) -> Option<Vec<Expr>> {
        match &x.strip_parens().kind {
            _ if is_p(x) => Some(vec![]),
            ExprKind::Binary(BinOp::Add | BinOp::Sub, l, k) => {
                let mut parts = address(l, is_p)?;
                parts.push((**k).clone());
                Some(parts)
            }
            ExprKind::Cast { ty, expr, .. } if matches!(ty.kind, TyKind::Pointer { .. }) => {
                address(expr, is_p)
            }
            _ => None,
        }
    }
    let element = |e: &Expr| match &e.kind {
        ExprKind::Index(b, k) => address(b, &is_p).map(|mut parts| {
            parts.push((**k).clone());
            (e.clone(), parts)
        }),
        ExprKind::Unary(UnOp::Deref, b) => {
            address(b, &is_p).map(|parts| (index((**b).clone(), int_lit(0)), parts))
        }
        _ => None,
    };
    fn visit(
        e: &Expr,
        element: &dyn Fn(&Expr) -> Option<Element>,
        is_p: &dyn Fn(&Expr) -> bool,
        target: bool,
        written: &mut Vec<Element>,
        read: &mut Vec<Element>,
        other: &mut bool,
    ) {
        if let Some(found) = element(e) {
            for k in &found.1 {
                visit(k, element, is_p, false, written, read, other);
            }
            if target {
                written.push(found);
            } else {
                read.push(found);
            }
            return;
        }
        match &e.kind {
            ExprKind::Assign(op, l, r) => {
                visit(l, element, is_p, true, written, read, other);
                if op.is_some() {
                    visit(l, element, is_p, false, written, read, other);
                }
                visit(r, element, is_p, false, written, read, other);
            }
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, x) => {
                visit(x, element, is_p, true, written, read, other);
                visit(x, element, is_p, false, written, read, other);
            }
            _ if is_p(e) => *other = true,
            _ => crate::usage::for_each_child(e, &mut |x| {
                visit(x, element, is_p, false, written, read, other)
            }),
        }
    }
    // Every thread that calls it updates its elements unconditionally. With no barrier or
    // shuffle, the elements it reads and does not write are no other thread's writes (a
    // race-free primal); with them (a warp-synchronous tail over `s[tid + 16]`), reads of other elements are
    // other threads' writes, restored by those threads before a barrier (`in_place_barrier`).
    let Ok(barrier) = in_place_barrier(f) else {
        return None;
    };
    let mentions_p = |s: &Stmt| {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            found |= crate::usage::any_expr(e, &|x| is_p(x));
        });
        found
    };
    let top_level = body.iter().all(|s| {
        matches!(
            s.kind,
            StmtKind::Expr(_) | StmtKind::Decl(_) | StmtKind::Return(_)
        ) || !mentions_p(s)
    });
    if !top_level {
        return None;
    }
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            visit(
                e,
                &element,
                &is_p,
                false,
                &mut written,
                &mut read,
                &mut other_use,
            )
        });
    }
    let text = |k: &Expr| cuad_emit::print_expr(k);
    let mut unique: Vec<Element> = Vec::new();
    for k in written {
        if !unique.iter().any(|u| text(&u.0) == text(&k.0)) {
            unique.push(k);
        }
    }
    // Reads of elements it does not write see values no thread's call changes, unless the
    // memory is `volatile` (warp-synchronous code reading its neighbours' updates).
    let volatile = matches!(&p.ty.kind, TyKind::Pointer { pointee, .. } if pointee.is_volatile);
    let covered = barrier.is_some()
        || !volatile
        || read
            .iter()
            .all(|k| unique.iter().any(|u| text(&u.0) == text(&k.0)));
    let stable_parts = |(_, parts): &Element| parts.iter().all(stable);
    if other_use || unique.is_empty() || !covered || !unique.iter().all(stable_parts) {
        return None;
    }
    // The parameters (`p` too) replaced by the caller's arguments.
    Some(
        unique
            .into_iter()
            .map(|(k, _)| substitute_params(k, &params, args))
            .collect(),
    )
}

/// How threads running `f` see each other's memory, for `in_place_elements`: `Ok(None)` not
/// at all; `Ok(Some(barrier))` through barriers or shuffles, so the restores of what it
/// updates need `barrier` before its pullback re-runs it (and after, before the undo);
/// `Err` through anything else (atomics, calls through pointers).
pub(crate) fn in_place_barrier(f: &Function) -> Result<Option<&'static str>, ()> {
    let mut barrier = None;
    let mut other = false;
    visit_calls(f, &mut |x| {
        let ExprKind::Call { callee, .. } = &x.kind else {
            return;
        };
        match &callee.kind {
            ExprKind::Ident(n) if n.starts_with("atomic") => other = true,
            ExprKind::Ident(n) if n.contains("syncthreads") => barrier = Some("__syncthreads"),
            ExprKind::Ident(n) if n.contains("sync") || n.contains("shfl") => {
                barrier = barrier.or(Some("__syncwarp"))
            }
            ExprKind::Ident(_) => {}
            _ => other = true,
        }
    });
    if other {
        Err(())
    } else {
        Ok(barrier)
    }
}

fn substitute_params(e: Expr, params: &[&str], args: &[Expr]) -> Expr {
    if let ExprKind::Ident(n) = &e.kind {
        if let Some(j) = params.iter().position(|p| p == n) {
            return paren(args[j].clone());
        }
    }
    crate::usage::map_subexprs(e, &mut |x| substitute_params(x, params, args))
}

/// Whether `f` writes through its pointer parameter `p` only by `atomicAdd`/`atomicSub` on
/// addresses into it (and hands `p` to no other call, assigns and increments nothing through
/// it).
fn writes_only_by_atomic_adds(f: &Function, p: &str) -> bool {
    let mut only = true;
    // `p` and local pointers into its memory (`float* r = p + k;`)
    let derived = f
        .body
        .as_ref()
        .map(|b| pointers_derived_from(b, p))
        .unwrap_or_default();
    let rooted = |e: &Expr| crate::usage::lvalue_root(e).is_some_and(|r| derived.contains(r));
    for s in f.body.iter().flatten() {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(_, l, _) if rooted(l) => only = false,
                ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, y)
                    if rooted(y) =>
                {
                    only = false
                }
                ExprKind::Call { callee, args, .. } => {
                    let atomic_add = matches!(&callee.kind,
                        ExprKind::Ident(n) if n == "atomicAdd" || n == "atomicSub");
                    for (k, a) in args.iter().enumerate() {
                        let mentions = crate::usage::any_expr(
                            a,
                            &|y| matches!(&y.kind, ExprKind::Ident(n) if derived.contains(n)),
                        );
                        // the pointer (or an address into it) handed over, not an element
                        let handed = mentions
                            && !matches!(
                                &a.strip_parens().kind,
                                ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _)
                            );
                        // `&p[k]`, `p` or `p + k`
                        let address = match &a.strip_parens().kind {
                            ExprKind::Unary(UnOp::AddrOf, y) => rooted(y),
                            ExprKind::Ident(_) | ExprKind::Binary(..) | ExprKind::Cast { .. } => {
                                rooted(a)
                            }
                            _ => false,
                        };
                        let atomic_target = atomic_add && k == 0 && address;
                        if handed && !atomic_target {
                            only = false;
                        }
                    }
                }
                _ => {}
            })
        });
    }
    only
}
