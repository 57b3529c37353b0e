//! Pointers kept in local objects and pointer tables (views), in device code and in the
//! sequential code of host and `__host__ __device__` functions: a local struct's pointer
//! fields (`View v{x + i, n}`, `v = in; v.p += i;`, `O = make_view(out, ...)`, an array of
//! such structs) and a local array of pointers (`float* dst[3] = {q, k, v};`). The adjoint
//! object's pointer fields and the adjoint table's entries are shadow pointers, never sums of
//! adjoints: they are assigned where the primal's are, with the same address arithmetic on
//! the shadows (`_d_v.p = _d_x + i`, `_d_dst[0] = _d_q`), so reads through the view add into
//! the adjoint of the memory it points to.
//!
//! A struct whose values are only pointers and integers carries no adjoint values itself
//! (`holds_real_values`): assigning one has no reverse code beyond its pointers' saves.

use crate::builder::*;
use crate::reverse::{Gen, TypeScope};
use crate::usage::{self, lvalue_root, Names};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::collections::HashMap;

/// Does a value of `ty` hold reals of its own (not only behind pointers)? A view (pointers
/// and integers) does not: its adjoint is made of shadow pointers only.
pub(crate) fn holds_real_values(prog: &Program, ty: &Ty) -> bool {
    holds_reals_depth(prog, &prog.canonical(ty), 0)
}

fn holds_reals_depth(prog: &Program, ty: &Ty, depth: usize) -> bool {
    match &ty.kind {
        TyKind::Pointer { .. } => false,
        TyKind::Array { elem, .. } => holds_reals_depth(prog, elem, depth + 1),
        TyKind::Named { .. } if depth < 8 => {
            let fields = prog.fields(ty);
            if fields.is_empty() {
                return crate::activity::is_differentiable(prog, ty);
            }
            fields
                .iter()
                .any(|(_, t)| holds_reals_depth(prog, &prog.canonical(t), depth + 1))
        }
        _ => crate::activity::is_differentiable(prog, ty),
    }
}

/// Does a value of `ty` hold pointers to memory with derivatives (itself, in its fields or
/// elements)?
pub(crate) fn holds_active_pointers(prog: &Program, ty: &Ty) -> bool {
    holds_pointers_depth(prog, &prog.canonical(ty), 0)
}

fn holds_pointers_depth(prog: &Program, ty: &Ty, depth: usize) -> bool {
    match &ty.kind {
        TyKind::Pointer { pointee, .. } => {
            crate::activity::is_differentiable(prog, &prog.canonical(pointee))
        }
        TyKind::Array { elem, .. } => holds_pointers_depth(prog, &prog.canonical(elem), depth + 1),
        TyKind::Named { .. } if depth < 8 => prog
            .fields(ty)
            .iter()
            .any(|(_, t)| holds_pointers_depth(prog, &prog.canonical(t), depth + 1)),
        _ => false,
    }
}

/// One step from an object to a subobject.
#[derive(Clone, Debug)]
enum Step {
    Field(String),
    Element(i64),
}

fn apply(base: &Expr, path: &[Step]) -> Expr {
    path.iter().fold(base.clone(), |e, s| match s {
        Step::Field(f) => member(e, f, false),
        Step::Element(k) => index(e, int_lit(*k)),
    })
}

/// The paths to the pointer subobjects of a value of `ty` whose pointees carry derivatives
/// (`.p`, `.rows[1]`, `.inner.q`); `None` when an array on the way has no constant length
/// (`len` reads one).
fn pointer_paths(
    prog: &Program,
    ty: &Ty,
    len: &dyn Fn(&Expr) -> Option<i64>,
) -> Option<Vec<Vec<Step>>> {
    let mut out = Vec::new();
    collect_paths(prog, &prog.canonical(ty), len, &mut vec![], &mut out)?;
    Some(out)
}

fn collect_paths(
    prog: &Program,
    ty: &Ty,
    len: &dyn Fn(&Expr) -> Option<i64>,
    at: &mut Vec<Step>,
    out: &mut Vec<Vec<Step>>,
) -> Option<()> {
    if !holds_active_pointers(prog, ty) {
        return Some(());
    }
    match &ty.kind {
        TyKind::Pointer { .. } => out.push(at.clone()),
        TyKind::Array { elem, len: n } => {
            for k in 0..len(n.as_ref()?)? {
                at.push(Step::Element(k));
                collect_paths(prog, &prog.canonical(elem), len, at, out)?;
                at.pop();
            }
        }
        TyKind::Named { .. } => {
            for (f, t) in prog.fields(ty) {
                at.push(Step::Field(f));
                collect_paths(prog, &prog.canonical(&t), len, at, out)?;
                at.pop();
            }
        }
        _ => {}
    }
    Some(())
}

/// The variables whose own storage an assignment in `body` writes (`v.p += i`, `vs[k].p =
/// q`, `v = w`), not memory reached through their pointers (`v.p[i] = x`).
pub(crate) fn own_writes(prog: &Program, types: &HashMap<String, Ty>, body: &[Stmt]) -> Names {
    let pointer = |e: &Expr| {
        prog.type_of(e, &TypeScope(types))
            .is_some_and(|t| matches!(prog.canonical(&t).kind, TyKind::Pointer { .. }))
    };
    let mut out = Names::new();
    for s in body {
        usage::visit_stmt_exprs(s, &mut |e| {
            usage::walk_expr(e, &mut |x| {
                if let ExprKind::Assign(_, l, _) = &x.kind {
                    let mut at = l.strip_parens();
                    loop {
                        match &at.kind {
                            ExprKind::Ident(n) => {
                                out.insert(n.clone());
                                break;
                            }
                            ExprKind::Member {
                                base, arrow: false, ..
                            } => at = base.strip_parens(),
                            ExprKind::Index(b, _) if !pointer(b) => at = b.strip_parens(),
                            _ => break,
                        }
                    }
                }
            })
        });
    }
    out
}

impl Gen<'_, '_> {
    /// The statements that move the shadows of the pointers `l op= r` assigns (a pointer
    /// field, a pointer table's entry, or every pointer of a struct assigned whole), each with
    /// the shadow lvalue it assigns (saved where the primal is; none for a temporary). Pointer
    /// variables move in `gen_assign`, as do host code's stores into fields
    /// (`host::mirror_pointer_field`) and its structs of buffers assigned whole.
    pub(crate) fn mirror_view_pointers(
        &mut self,
        op: AssignOp,
        l: &Expr,
        r: &Expr,
    ) -> Vec<(Option<Expr>, Stmt)> {
        let l = l.strip_parens();
        let Some(root) = lvalue_root(l).map(str::to_string) else {
            return vec![];
        };
        if usage::is_plain_var(l) && self.is_pointer_or_array(&root) {
            return vec![];
        }
        let Some(ty) = self.type_of(l).map(|t| self.prog.canonical(&t)) else {
            return vec![];
        };
        if !self.active.contains(&root) || !holds_active_pointers(self.prog, &ty) {
            return vec![];
        }
        if self.is_param(&root) {
            // By-value struct parameters are copied first (`copy_written_params`): what is
            // left writes the caller's object, whose adjoint the caller keeps.
            self.error(
                l.span,
                format!(
                    "cuad cannot follow a pointer stored into `{}`, which belongs to the caller (its adjoint is the caller's); copy it into a local first",
                    cuad_emit::print_expr(l)
                ),
            );
            return vec![];
        }
        let mut out = Vec::new();
        match &ty.kind {
            TyKind::Pointer { .. } => self.mirror_pointer(op, l, r, &mut out),
            _ if op.is_none() => self.mirror_object(l, r, &ty, &mut out),
            _ => {}
        }
        out
    }

    /// `l op= r` for one pointer lvalue `l` of a local object or table.
    fn mirror_pointer(
        &mut self,
        op: AssignOp,
        l: &Expr,
        r: &Expr,
        out: &mut Vec<(Option<Expr>, Stmt)>,
    ) {
        let Some(shadow_l) = self.shadow_lvalue(l) else {
            self.error(
                l.span,
                format!(
                    "cuad cannot tell where the adjoint of the pointer `{}` lives",
                    cuad_emit::print_expr(l)
                ),
            );
            return;
        };
        let moved = match op {
            None => match self.shadow(r) {
                Some((sh, _, _)) => assign(shadow_l.clone(), sh),
                None if is_null(r) => assign(shadow_l.clone(), Expr::synth(ExprKind::Nullptr)),
                None => {
                    self.error(
                        r.span,
                        format!(
                            "`{}` is given `{}`, which has no adjoint here, while reads through `{}` carry derivatives; add the memory it points to to --wrt, or keep it out of the view",
                            cuad_emit::print_expr(l),
                            cuad_emit::print_expr(r),
                            cuad_emit::print_expr(l)
                        ),
                    );
                    return;
                }
            },
            Some(bop @ (BinOp::Add | BinOp::Sub)) => compound(bop, shadow_l.clone(), r.clone()),
            Some(_) => return,
        };
        out.push((Some(shadow_l), expr_stmt(moved)));
    }

    /// `l = r` for a local object `l` holding pointers: each pointer of `l` takes the shadow
    /// of the same pointer of `r`.
    fn mirror_object(&mut self, l: &Expr, r: &Expr, ty: &Ty, out: &mut Vec<(Option<Expr>, Stmt)>) {
        let env = &self.env;
        let len = |n: &Expr| env.poly(n).as_constant();
        let Some(paths) = pointer_paths(self.prog, ty, &len) else {
            self.error(
                l.span,
                format!(
                    "cuad cannot follow the pointers of `{}`: an array of them has no constant length",
                    cuad_emit::print_expr(l)
                ),
            );
            return;
        };
        let value = r.strip_parens();
        match &value.kind {
            // `T{}`: null pointers.
            ExprKind::Cast { expr, .. }
                if matches!(&expr.kind, ExprKind::InitList(items) if items.is_empty()) =>
            {
                for p in paths {
                    if let Some(sh) = self.shadow_lvalue(&apply(l, &p)) {
                        out.push((Some(sh.clone()), expr_stmt(assign(sh, Expr::synth(ExprKind::Nullptr)))));
                    }
                }
            }
            ExprKind::Call { .. } => self.mirror_view_call(l, value, ty, &paths, out),
            // `v = f ? a : b`: each pointer is the selected object's.
            ExprKind::Cond(c, a, b) => {
                for p in paths {
                    let pick = Expr::synth(ExprKind::Cond(
                        c.clone(),
                        Box::new(apply(a, &p)),
                        Box::new(apply(b, &p)),
                    ));
                    self.mirror_pointer(None, &apply(l, &p), &pick, out);
                }
            }
            _ if lvalue_root(value).is_some() => {
                for p in paths {
                    self.mirror_pointer(None, &apply(l, &p), &apply(value, &p), out);
                }
            }
            _ => self.error(
                r.span,
                format!(
                    "cuad cannot tell where the pointers of `{}` point after this assignment; assign its pointer fields one by one",
                    cuad_emit::print_expr(l)
                ),
            ),
        }
    }

    /// `l = f(args)` with `f` building a view from addresses: the shadow view is `f` of the
    /// arguments' shadows (`_d_O = make_view(_d_out, H, T)`). `f` must only compute with
    /// addresses (no memory read or written, pure calls only), so the same arithmetic lands
    /// in the adjoint buffers.
    fn mirror_view_call(
        &mut self,
        l: &Expr,
        c: &Expr,
        ty: &Ty,
        paths: &[Vec<Step>],
        out: &mut Vec<(Option<Expr>, Stmt)>,
    ) {
        let ExprKind::Call {
            callee,
            template_args,
            args,
        } = &c.kind
        else {
            return;
        };
        let builder = match &callee.kind {
            ExprKind::Ident(n) => {
                let fns = self.prog.functions(n);
                !fns.is_empty() && fns.iter().all(|f| computes_addresses_only(self.prog, f))
            }
            _ => false,
        };
        if !builder {
            self.error(
                c.span,
                format!(
                    "cuad cannot tell where the pointers of the object `{}` returns point (it reads or writes memory, or calls other functions); build the view from pointer arithmetic in a helper that does only that, or assign its fields in this function",
                    cuad_emit::print_expr(callee)
                ),
            );
            return;
        }
        let mut shadow_args = Vec::new();
        for a in args {
            // Pointers to memory with derivatives have shadows; an `int*` table is read as is.
            let is_pointer = self
                .type_of(a)
                .is_some_and(|t| match self.prog.canonical(&t).kind {
                    TyKind::Pointer { pointee: e, .. } | TyKind::Array { elem: e, .. } => {
                        crate::activity::is_differentiable(self.prog, &self.prog.canonical(&e))
                    }
                    _ => false,
                });
            if !is_pointer {
                shadow_args.push(a.clone());
                continue;
            }
            let arg_ty = self.type_of(a).map(|t| self.prog.canonical(&t));
            match self.shadow(a) {
                // The shadow has the argument's type, so the call deduces the same template
                // arguments (`const float*` for `q`, not `float*`).
                Some((sh, _, _)) => shadow_args.push(match arg_ty {
                    Some(t) if matches!(&t.kind, TyKind::Pointer { pointee, .. } if pointee.is_const_object()) => {
                        Expr::synth(ExprKind::Cast {
                            kind: CastKind::Static,
                            ty: without_restrict(&t).with_const(false),
                            expr: Box::new(sh),
                        })
                    }
                    _ => sh,
                }),
                None if is_null(a) => shadow_args.push(a.clone()),
                None => {
                    self.error(
                        a.span,
                        format!(
                            "`{}` has no adjoint here, while the view `{}` built from it carries derivatives; add it to --wrt",
                            cuad_emit::print_expr(a),
                            cuad_emit::print_expr(l)
                        ),
                    );
                    return;
                }
            }
        }
        let shadow_call = Expr::synth(ExprKind::Call {
            callee: callee.clone(),
            template_args: template_args.clone(),
            args: shadow_args,
        });
        let Some(adj) = self.adj_place(l).map(|p| p.lvalue) else {
            return;
        };
        if !holds_real_values(self.prog, ty) {
            out.push((Some(adj.clone()), expr_stmt(assign(adj, shadow_call))));
            return;
        }
        // The adjoint's real fields are sums: only its pointers take the shadow view's.
        let t = self.fresh("_cuad_view");
        self.decls
            .push(decl(ty.clone().with_const(false), &t, None));
        for p in paths {
            if let Some(sh) = self.shadow_lvalue(&apply(l, p)) {
                out.push((
                    Some(sh.clone()),
                    expr_stmt(assign(sh, apply(&ident(&t), p))),
                ));
            }
        }
        out.insert(0, (None, expr_stmt(assign(ident(&t), shadow_call))));
    }

    /// The adjoint lvalue of a pointer lvalue of a local object or table: `v.p` ->
    /// `_d_v.p`, `vs[k].p` -> `_d_vs[k].p`, `dst[k]` -> `_d_dst[k]`, `pv->p` -> `_d_pv->p`.
    fn shadow_lvalue(&self, l: &Expr) -> Option<Expr> {
        match &l.kind {
            ExprKind::Paren(x) => self.shadow_lvalue(x),
            ExprKind::Member {
                base,
                field,
                arrow: false,
            } => Some(member(self.adj_place(base)?.lvalue, field, false)),
            ExprKind::Member {
                base,
                field,
                arrow: true,
            } => Some(member(self.shadow(base)?.0, field, true)),
            ExprKind::Index(b, i) => Some(index(self.shadow(b)?.0, (**i).clone())),
            _ => None,
        }
    }

    /// The statements that zero the adjoint `lv` of type `ty`: `lv = 0` for reals, only the
    /// real subobjects of an object that also holds pointers (its pointers are shadows).
    pub(crate) fn zero_adjoint(&mut self, lv: Expr, ty: &Ty) -> Vec<Stmt> {
        let canon = self.prog.canonical(ty);
        if !holds_active_pointers(self.prog, &canon) {
            return vec![expr_stmt(assign(lv, real_zero(ty)))];
        }
        let mut out = Vec::new();
        match &canon.kind {
            TyKind::Named { .. } => {
                for (f, t) in self.prog.fields(&canon) {
                    if holds_real_values(self.prog, &t) {
                        out.extend(self.zero_adjoint(member(lv.clone(), &f, false), &t));
                    }
                }
            }
            TyKind::Array { elem, len } => {
                let Some(n) = len.as_ref().and_then(|n| self.env.poly(n).as_constant()) else {
                    self.error(
                        lv.span,
                        format!(
                            "cuad cannot zero the adjoint `{}`: its length is not a number here",
                            cuad_emit::print_expr(&lv)
                        ),
                    );
                    return out;
                };
                for k in 0..n {
                    out.extend(self.zero_adjoint(index(lv.clone(), int_lit(k)), elem));
                }
            }
            _ => {}
        }
        out
    }
}

/// `nullptr`, `NULL` or `0`.
fn is_null(e: &Expr) -> bool {
    match &e.strip_parens().kind {
        ExprKind::Nullptr => true,
        ExprKind::Ident(n) => n == "NULL",
        ExprKind::IntLit(t) => t == "0",
        ExprKind::Cast { expr, .. } => is_null(expr),
        _ => false,
    }
}

/// A function that only computes addresses from the pointers it is given: it reads no
/// memory through them (or through its locals, which may hold them), passes them to no
/// call but pure math, and stores outside its locals nothing. Given shadow pointers, it
/// computes the same addresses in the adjoint buffers; other reads (`block_table[b]` of an
/// `int*`) read the same values.
fn computes_addresses_only(prog: &Program, f: &Function) -> bool {
    let Some(body) = &f.body else {
        return false;
    };
    if !crate::effects::is_effect_free_call(prog, &ident(&f.name)) {
        return false;
    }
    let mut addresses: Names = f
        .params
        .iter()
        .filter(|p| holds_active_pointers(prog, &p.ty))
        .filter_map(|p| p.name.clone())
        .collect();
    for s in body {
        crate::normalize::declared_names(s, &mut addresses);
    }
    let through_address = |e: &Expr| lvalue_root(e).is_some_and(|r| addresses.contains(r));
    let mut ok = true;
    for s in body {
        usage::visit_stmt_exprs(s, &mut |e| {
            usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Index(b, _)
                | ExprKind::Unary(UnOp::Deref, b)
                | ExprKind::Member {
                    base: b,
                    arrow: true,
                    ..
                } => ok &= !through_address(b),
                ExprKind::Launch { .. } => ok = false,
                ExprKind::Call { callee, args, .. } => {
                    let pure =
                        matches!(&callee.kind, ExprKind::Ident(n) if crate::rules::is_pure_math(n));
                    ok &= pure
                        || !args.iter().any(|a| {
                            usage::any_expr(
                                a,
                                &|y| matches!(&y.kind, ExprKind::Ident(n) if addresses.contains(n)),
                            )
                        });
                }
                _ => {}
            })
        });
    }
    ok
}
