//! Tangents of expressions: `tangent(e)` is `d e` along the seed direction, `None` when it is
//! zero (inactive values, integers, comparisons). For pointer-valued expressions the tangent
//! is the shadow pointer (`_d_p + i` for `p + i`).

use super::Fwd;
use crate::activity::is_differentiable;
use crate::adjoint::adj_name;
use crate::builder::*;
use cuad_syntax::ast::*;

impl Fwd<'_, '_> {
    /// Is `e`'s type known not to carry a tangent (integers, booleans, integer pointers)?
    fn carries_nothing(&self, e: &Expr) -> bool {
        self.type_of(e)
            .is_some_and(|t| !is_differentiable(self.prog, &t))
            && !self.byte_view(e)
    }

    /// A pointer with tangents viewed as bytes (`(char*)base + row * pitch`): its shadow is
    /// viewed the same way.
    fn byte_view(&self, e: &Expr) -> bool {
        if !self.is_pointer(e) {
            return false;
        }
        match &e.strip_parens().kind {
            ExprKind::Cast { expr, .. } => self.is_pointer(expr) && !self.carries_nothing(expr),
            ExprKind::Binary(BinOp::Add | BinOp::Sub, l, r) => {
                self.byte_view(l) || self.byte_view(r)
            }
            _ => false,
        }
    }

    fn is_pointer(&self, e: &Expr) -> bool {
        self.type_of(e)
            .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. }))
    }

    /// The tangent of an lvalue, itself an lvalue (`_d_x`, `_d_a[i].f`, `*_d_p`).
    pub(super) fn tangent_lvalue(&mut self, l: &Expr) -> Option<Expr> {
        match &l.kind {
            ExprKind::Ident(n) if self.active.contains(n) => Some(ident(&adj_name(n))),
            ExprKind::Ident(_) => None,
            ExprKind::Paren(x) => self.tangent_lvalue(x).map(paren),
            ExprKind::Index(b, i) => {
                let tb = self.tangent(b)?;
                Some(index(tb, (**i).clone()))
            }
            ExprKind::Member { base, field, arrow } => {
                // `_t1.value` of a hoisted pushforward call (`f(x).m` is `_t1.value.m`)
                if let ExprKind::Ident(t) = &base.kind {
                    if field == "value" && !*arrow && self.hoisted.contains(t) {
                        return Some(member((**base).clone(), "pushforward", false));
                    }
                }
                let value = matches!(
                    base.strip_parens().kind,
                    ExprKind::Cast { .. } | ExprKind::Call { .. } | ExprKind::Cond(..)
                );
                // `P(a, b).y`, `make_float2(a, b).x`: a field of a value's tangent
                let tb = if *arrow || value {
                    self.tangent(base)
                        .map(|t| if *arrow { t } else { paren(t) })?
                } else {
                    self.tangent_lvalue(base)?
                };
                Some(member(tb, field, *arrow))
            }
            ExprKind::Unary(UnOp::Deref, p) => Some(deref(self.tangent(p)?)),
            ExprKind::Cast { kind, ty, expr } => Some(Expr::synth(ExprKind::Cast {
                kind: *kind,
                ty: ty.clone(),
                expr: Box::new(self.tangent_lvalue(expr)?),
            })),
            _ => None,
        }
    }

    /// `d e`, or `None` for a zero tangent.
    pub(super) fn tangent(&mut self, e: &Expr) -> Option<Expr> {
        // `_t1.value` of a hoisted pushforward call
        if let ExprKind::Member {
            base,
            field,
            arrow: false,
        } = &e.kind
        {
            if let ExprKind::Ident(t) = &base.kind {
                if field == "value" && self.hoisted.contains(t) {
                    return Some(member((**base).clone(), "pushforward", false));
                }
            }
        }
        if self.carries_nothing(e) {
            return None;
        }
        match &e.kind {
            ExprKind::Ident(_)
            | ExprKind::Index(..)
            | ExprKind::Member { .. }
            | ExprKind::Unary(UnOp::Deref, _) => self.tangent_lvalue(e),
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StrLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Nullptr
            | ExprKind::SizeofType(_)
            | ExprKind::SizeofExpr(_) => None,
            ExprKind::Paren(x) => self.tangent(x).map(paren),
            ExprKind::Unary(UnOp::Neg | UnOp::Plus, _) if self.user_operator_call(e).is_some() => {
                let call = self.user_operator_call(e)?;
                self.call_tangent(&call)
            }
            ExprKind::Unary(op, x) => match op {
                UnOp::Neg => self.tangent(x).map(neg),
                UnOp::Plus | UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                    self.tangent(x)
                }
                UnOp::AddrOf => self.tangent_lvalue(x).map(addr_of),
                _ => None,
            },
            ExprKind::Binary(op, l, r) => self.binary_tangent(e, *op, l, r),
            ExprKind::Cond(c, a, b) => {
                let (ta, tb) = (self.tangent(a), self.tangent(b));
                if ta.is_none() && tb.is_none() {
                    return None;
                }
                let ty = self.type_of(e);
                if ty
                    .as_ref()
                    .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }))
                {
                    // a branch pointing to memory without a tangent would give a null shadow
                    // that the tangent code dereferences
                    for (t, x) in [(&ta, a), (&tb, b)] {
                        if t.is_none() && !super::is_null(x) {
                            self.error(
                                x.span,
                                "this pointer may point to memory without a tangent (or cuad cannot tell which)",
                            );
                            return None;
                        }
                    }
                }
                let zero = |s: &Self| match &ty {
                    Some(t) => s.zero_of(t),
                    None => int_lit(0),
                };
                let ta = ta.unwrap_or_else(|| zero(self));
                let tb = tb.unwrap_or_else(|| zero(self));
                Some(paren(Expr::synth(ExprKind::Cond(
                    c.clone(),
                    Box::new(ta),
                    Box::new(tb),
                ))))
            }
            ExprKind::Cast { kind, ty, expr } => {
                if let Some(t) = self.raw_shared_view_tangent(ty, expr) {
                    return Some(t);
                }
                let target = self.prog.canonical(ty);
                // A pointer viewed as another pointer type (`(char*)base + row * pitch`): the
                // shadow is viewed the same way.
                if matches!(target.kind, TyKind::Pointer { .. }) && self.is_pointer(expr) {
                    return Some(Expr::synth(ExprKind::Cast {
                        kind: *kind,
                        ty: ty.clone(),
                        expr: Box::new(self.tangent(expr)?),
                    }));
                }
                if !is_differentiable(self.prog, &target) {
                    return None;
                }
                let inner = match &expr.kind {
                    // `T{a, b}`: the tangent is `T{da, db}`.
                    ExprKind::InitList(items) => {
                        self.constructor_is_linear(e, &target, items)?;
                        self.init_list_tangent(items)?
                    }
                    // `T(a, b)` on a struct: a constructor call, `T{da, db}`
                    ExprKind::Binary(BinOp::Comma, ..) if !self.prog.fields(&target).is_empty() => {
                        let items = crate::calls::comma_operands(expr);
                        self.constructor_is_linear(e, &target, &items)?;
                        self.init_list_tangent(&items)?
                    }
                    // `T(a)` on a struct: a copy, or a constructor call taking one argument
                    _ if !self.prog.fields(&target).is_empty() => {
                        let copy = self.type_of(expr).is_some_and(|t| {
                            let t = match t.kind {
                                TyKind::LRef(t) | TyKind::RRef(t) => *t,
                                _ => t,
                            };
                            same_struct(&self.prog.canonical(&t), &target)
                        });
                        if !copy {
                            self.constructor_is_linear(e, &target, std::slice::from_ref(expr))?;
                        }
                        self.tangent(expr)?
                    }
                    _ => self.tangent(expr)?,
                };
                Some(Expr::synth(ExprKind::Cast {
                    kind: *kind,
                    ty: ty.clone(),
                    expr: Box::new(inner),
                }))
            }
            ExprKind::InitList(items) => self.init_list_tangent(items),
            ExprKind::Call { args, .. } => self.address_call_tangent(e, args),
            ExprKind::Assign(..)
            | ExprKind::Launch { .. }
            | ExprKind::Lambda(_)
            | ExprKind::PackExpansion(_)
            | ExprKind::Fold { .. }
            | ExprKind::SizeofPack(_) => {
                if self.depends(e) {
                    self.error(
                        e.span,
                        "this expression has side effects on differentiated values; make it a statement of its own",
                    );
                }
                None
            }
        }
    }

    /// `a * s` (or `-a`) on a struct or vector type with a user-defined `operator*`
    /// (`operator-`): the call `operator*(a, s)` (its pushforward differentiates it, whatever
    /// the operator does).
    pub(super) fn user_operator_call(&self, e: &Expr) -> Option<Expr> {
        let (f, call) = crate::calls::user_operator_call(self.prog, e, &|x| self.type_of(x))?;
        f.body.as_ref()?;
        Some(call)
    }

    /// `Some(())` when `T{items}` / `T(items)` builds a struct whose tangent is `T{d items}`:
    /// an aggregate, or a constructor that copies its parameters into fields. Otherwise a
    /// diagnostic and `None`.
    pub(super) fn constructor_is_linear(
        &mut self,
        e: &Expr,
        ty: &Ty,
        items: &[Expr],
    ) -> Option<()> {
        if items.is_empty() {
            return Some(());
        }
        match crate::calls::constructor_sources(self.prog, ty, items.len()) {
            Some(Err(msg)) if items.iter().any(|x| self.tangent_is_nonzero(x)) => {
                self.error(e.span, msg);
                None
            }
            _ => Some(()),
        }
    }

    fn tangent_is_nonzero(&self, e: &Expr) -> bool {
        self.depends(e)
    }

    /// `{da, db}` with `{}` for zero entries (valid for any field type).
    fn init_list_tangent(&mut self, items: &[Expr]) -> Option<Expr> {
        let ts: Vec<Option<Expr>> = items.iter().map(|x| self.tangent(x)).collect();
        if ts.iter().all(Option::is_none) {
            return None;
        }
        let zeros: Vec<Expr> = items
            .iter()
            .map(|x| match self.type_of(x) {
                Some(t) if matches!(t.kind, TyKind::Named { .. }) => self.zero_of(&t),
                _ => Expr::synth(ExprKind::InitList(vec![])),
            })
            .collect();
        Some(Expr::synth(ExprKind::InitList(
            ts.into_iter()
                .zip(zeros)
                .map(|(t, z)| t.unwrap_or(z))
                .collect(),
        )))
    }

    fn binary_tangent(&mut self, e: &Expr, op: BinOp, l: &Expr, r: &Expr) -> Option<Expr> {
        if let Some(call) = self.user_operator_call(e) {
            return self.call_tangent(&call);
        }
        // CUDA's `__half2` / `__nv_bfloat162` operators act on each half: the scalar rules hold.
        let is_struct = |t: Option<Ty>| {
            t.is_some_and(|t| {
                matches!(&t.kind, TyKind::Named { name, .. }
                    if !matches!(name.trim_start_matches("::"), "__half2" | "half2" | "__nv_bfloat162" | "nv_bfloat162"))
            })
        };
        if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div)
            && (is_struct(self.type_of(l)) || is_struct(self.type_of(r)))
            && self.depends(e)
        {
            // a user operator need not be bilinear: the product rule could be wrong
            self.error(
                e.span,
                "arithmetic on structs or vector types without a user-defined operator (with a body) is not supported in forward mode",
            );
            return None;
        }
        match op {
            BinOp::Add | BinOp::Sub if self.is_pointer(e) => {
                // pointer arithmetic: the shadow moves by the same offset
                if self.is_pointer(l) {
                    Some(binary(op, self.tangent(l)?, r.clone()))
                } else {
                    Some(binary(op, l.clone(), self.tangent(r)?))
                }
            }
            BinOp::Add | BinOp::Sub => match (self.tangent(l), self.tangent(r)) {
                (None, None) => None,
                (Some(a), None) => Some(a),
                (None, Some(b)) if op == BinOp::Add => Some(b),
                (None, Some(b)) => Some(neg(paren(b))),
                (Some(a), Some(b)) => Some(binary(op, a, paren(b))),
            },
            BinOp::Mul => {
                let ta = self.tangent(l).map(|a| mul(paren(a), paren(r.clone())));
                let tb = self.tangent(r).map(|b| mul(paren(l.clone()), paren(b)));
                match (ta, tb) {
                    (None, None) => None,
                    (Some(a), None) => Some(a),
                    (None, Some(b)) => Some(b),
                    (Some(a), Some(b)) => Some(binary(BinOp::Add, a, b)),
                }
            }
            BinOp::Div => {
                // d(a / b) = da / b - (a / b) * db / b
                let ta = self
                    .tangent(l)
                    .map(|a| binary(BinOp::Div, paren(a), paren(r.clone())));
                let tb = self.tangent(r).map(|b| {
                    binary(
                        BinOp::Div,
                        mul(
                            paren(binary(BinOp::Div, paren(l.clone()), paren(r.clone()))),
                            paren(b),
                        ),
                        paren(r.clone()),
                    )
                });
                match (ta, tb) {
                    (None, None) => None,
                    (Some(a), None) => Some(a),
                    (None, Some(b)) => Some(neg(paren(b))),
                    (Some(a), Some(b)) => Some(binary(BinOp::Sub, a, b)),
                }
            }
            BinOp::Comma => self.tangent(r),
            // comparisons, logic, bits, integer remainders: piecewise constant
            _ => None,
        }
    }
}

/// Both types name the same struct (template arguments aside).
fn same_struct(a: &Ty, b: &Ty) -> bool {
    matches!((&a.kind, &b.kind), (TyKind::Named { name: x, .. }, TyKind::Named { name: y, .. }) if x == y)
}
