//! Pointers a helper moves through a reference (`double take(const double*& p) { double v =
//! *p; ++p; return v; }`, called `take(p)` again and again). The pullback takes the adjoint
//! pointer by reference too (`double*& _d_p`) and moves it with `p` (reverse.rs analyses the
//! parameter as a pointer). The caller moves its own adjoint pointer as far as the call moved
//! `p` (`_d_p += p - _t`, calls.rs `gen_user_call`) and saves both where its reverse pass
//! needs their values at the call. That distance is the adjoint's only while the helper moves
//! the pointer within the buffer it points into: a helper that sets it to another address (`p
//! = q + k`) is a located error in reverse mode (forward mode moves tangent pointers by the
//! helper's own code).

use crate::reverse::Gen;
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::Span;

/// How deep `unfollowed_move` follows a pointer passed on to other helpers.
const MAX_DEPTH: usize = 4;

/// A reference to a pointer the callee may move (`const T*&`, not `T* const&`).
fn is_movable_pointer_ref(ty: &Ty) -> bool {
    matches!(&ty.kind, TyKind::LRef(t) if matches!(t.kind, TyKind::Pointer { .. }) && !t.is_const)
}

/// `e` is the pointer `name` moved within its buffer: `p`, `p + k`, `k + p`, `p - k`, `&p[k]`,
/// or a pointer cast of one.
fn within(e: &Expr, name: &str) -> bool {
    match &e.strip_parens().kind {
        ExprKind::Ident(n) => n == name,
        ExprKind::Binary(BinOp::Add, l, r) => within(l, name) || within(r, name),
        ExprKind::Binary(BinOp::Sub, l, _) => within(l, name),
        ExprKind::Cast { expr, .. } => within(expr, name),
        ExprKind::Unary(UnOp::AddrOf, x) => match &x.strip_parens().kind {
            ExprKind::Index(b, _) => within(b, name),
            _ => false,
        },
        _ => false,
    }
}

/// Where `f` sets its parameter `name` (a reference to a pointer) other than by moving it
/// within its buffer (`++p`, `p += k`, `p = p + k`, `p = &p[k]`, or passing it on to such a
/// parameter of a helper that moves it so): the first such place, or `f`'s name when it has
/// no body to look at.
pub(crate) fn unfollowed_move(
    prog: &Program,
    f: &Function,
    name: &str,
    depth: usize,
) -> Option<Span> {
    let Some(body) = &f.body else {
        return Some(f.name_span);
    };
    let is_p = |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == name);
    let mut found: Option<Span> = None;
    // A reference bound to it moves it unseen.
    for s in body {
        s.visit(&mut |st| {
            if let StmtKind::Decl(d) = &st.kind {
                for v in &d.vars {
                    let bound = matches!(v.ty.kind, TyKind::LRef(_) | TyKind::RRef(_))
                        && matches!(&v.init, Some(Init::Assign(e)) if is_p(e));
                    if bound {
                        found = found.or(Some(v.span));
                    }
                }
            }
        });
    }
    let mut check = |x: &Expr| {
        let bad = match &x.kind {
            ExprKind::Assign(None, l, r) if is_p(l) => !within(r, name),
            ExprKind::Assign(Some(op), l, _) if is_p(l) => !matches!(op, BinOp::Add | BinOp::Sub),
            // So does its address.
            ExprKind::Unary(UnOp::AddrOf, p) => is_p(p),
            ExprKind::Call { callee, args, .. } => {
                let callee_name = match &callee.kind {
                    ExprKind::Ident(n) => n.trim_start_matches("::"),
                    _ => "",
                };
                args.iter().enumerate().any(|(k, a)| {
                    is_p(a) && passed_on_moves(prog, callee_name, args.len(), k, depth)
                })
            }
            _ => false,
        };
        if bad {
            found = found.or(Some(x.span));
        }
    };
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::walk_expr(e, &mut check));
    }
    found
}

/// Does the helper `callee` (called with `arity` arguments) set the pointer given as its `k`-th
/// argument other than by moving it within its buffer?
fn passed_on_moves(prog: &Program, callee: &str, arity: usize, k: usize, depth: usize) -> bool {
    if matches!(callee, "swap" | "std::swap") {
        return true;
    }
    prog.functions_for_call(callee, arity).iter().any(|g| {
        let Some(p) = g.params.get(k) else {
            return false;
        };
        let (true, Some(pname)) = (
            is_movable_pointer_ref(&prog.canonical(&p.ty)),
            p.name.as_deref(),
        ) else {
            return false;
        };
        depth >= MAX_DEPTH || unfollowed_move(prog, g, pname, depth + 1).is_some()
    })
}

impl Gen<'_, '_> {
    /// The arguments of the call `name(args)` bound to references to pointers the callee may
    /// move (`take(p)`) that carry derivatives: `(index, variable)` for each pointer variable
    /// of this function whose adjoint pointer follows the move. Others are errors.
    pub(crate) fn moved_pointer_args(
        &mut self,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Vec<(usize, String)> {
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let Some(callee) = self.called_function(name, &arg_types).cloned() else {
            return vec![];
        };
        let mut out = Vec::new();
        for (j, a) in args.iter().enumerate() {
            let Some(p) = callee.params.get(j) else {
                continue;
            };
            let pname = p.name.as_deref().unwrap_or("_");
            if !is_movable_pointer_ref(&self.prog.canonical(&p.ty)) || self.shadow(a).is_none() {
                continue;
            }
            let text = cuad_emit::print_expr(a);
            let var = match &a.strip_parens().kind {
                ExprKind::Ident(n) if self.types.contains_key(n) => n.clone(),
                _ => {
                    self.error(
                        a.span,
                        format!("`{name}` may move the pointer `{text}` it takes by reference (`{pname}`), and cuad moves an adjoint pointer along only for a pointer variable of this function: copy it into a local (`auto* q = {text}; {name}(q);`)"),
                    );
                    continue;
                }
            };
            if let Some(at) = unfollowed_move(self.prog, &callee, pname, 0) {
                self.error(
                    at,
                    format!("`{}` may set the pointer `{pname}` it takes by reference to an address outside the buffer it points into (cuad follows such a pointer only when the helper moves it: `++{pname}`, `{pname} += k`, `{pname} = {pname} + k`), so the caller's adjoint pointer cannot follow; return the new pointer instead", callee.name),
                );
                self.error(
                    span,
                    format!("cannot differentiate the call of `{name}`: the adjoint pointer of `{text}` cannot follow where `{name}` moves it (see the error in `{}`)", callee.name),
                );
                continue;
            }
            out.push((j, var));
        }
        out
    }

    /// Notes what the reverse code of the call `e` (`name(args)`) reads. A moved pointer whose
    /// memory the callee only stores into (`put(o, v)` with `*o = v; ++o;`) is read for its
    /// value: its pullback reads no contents through it, so later stores there need no save.
    pub(crate) fn note_call_reads(
        &mut self,
        e: &Expr,
        name: &str,
        args: &[Expr],
        moved: &[(usize, String)],
    ) {
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let store_only: Vec<usize> = match self.called_function(name, &arg_types) {
            Some(f) => moved
                .iter()
                .map(|(j, _)| *j)
                .filter(|&j| {
                    f.params[j]
                        .name
                        .as_deref()
                        .is_some_and(|p| crate::calls::entry_value_dead(f, p, true))
                })
                .collect(),
            None => vec![],
        };
        if store_only.is_empty() {
            return self.note_reads(e);
        }
        if let ExprKind::Call { callee, .. } = &e.kind {
            self.note_reads(callee);
        }
        for (j, a) in args.iter().enumerate() {
            if store_only.contains(&j) {
                self.note_pointer_value_reads(a);
            } else {
                self.note_reads(a);
            }
        }
    }
}
