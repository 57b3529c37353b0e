//! Calls that bind one object to several parameters of a helper, one of which it writes
//! (`positive_update(A, P, L, dt, A)` with `const double& c, ..., double& c_new`;
//! `f(&v, a, &v)`; `rotate(a, b, c, s, a, b)`; `f(y[0], y[0])`). The helper's pullback is
//! generated for distinct objects: its re-run of the forward pass would not see an input
//! change when it writes the output, and what it saves assumes the input keeps its value.
//! Such a call is rewritten to call a variant of the helper with each such set of parameters
//! merged into its first (`positive_update_alias_0_4(A, P, L, dt)`), which writes and reads
//! the one object as the call does, so its derivatives are those of the in-place update.
//! Calls cuad cannot rewrite so (overloads, methods, lambdas) are errors in reverse mode
//! (`Gen::gen_user_call`), never a pullback of distinct objects.

use crate::builder::*;
use cuad_sema::Program;
use cuad_syntax::ast::*;

/// The object an argument binds its parameter to, as text: the lvalue given to a reference
/// (`v`, `y[0]`, `s.x`), the `L` of `&L` or the pointed-to `*p` given to a pointer (or an
/// array parameter). `None` for parameters taken by value and arguments with side effects.
fn bound_object(prog: &Program, p: &Param, a: &Expr) -> Option<String> {
    if crate::usage::may_have_effects(a) {
        return None;
    }
    let a = unparenthesized(a);
    let object = match &prog.canonical(&p.ty).kind {
        TyKind::LRef(_) => a,
        TyKind::Pointer { .. } | TyKind::Array { .. } => match a.kind {
            ExprKind::Unary(UnOp::AddrOf, x) => *x,
            _ if crate::usage::any_expr(&a, &|x| matches!(x.kind, ExprKind::Ident(_))) => deref(a),
            _ => return None,
        },
        _ => return None,
    };
    crate::usage::lvalue_root(&object).map(|_| cuad_emit::print_expr(&object))
}

/// `e` without its parentheses (the printer puts back those its precedence needs), so one
/// object written two ways (`*(p)`, `*p`) prints one way.
fn unparenthesized(e: &Expr) -> Expr {
    let mut e = e.clone();
    crate::methods::map_expr(&mut e, &mut |x| {
        if let ExprKind::Paren(inner) = &x.kind {
            *x = (**inner).clone();
        }
    });
    e
}

/// The sets of `callee`'s parameters (ascending, two or more each) that `args` bind to one
/// object, at least one of which the callee writes.
pub(crate) fn aliased_sets(prog: &Program, callee: &Function, args: &[Expr]) -> Vec<Vec<usize>> {
    let objects: Vec<Option<String>> = args
        .iter()
        .zip(&callee.params)
        .map(|(a, p)| p.name.as_ref().and(bound_object(prog, p, a)))
        .collect();
    let mut sets: Vec<Vec<usize>> = vec![];
    for (i, o) in objects.iter().enumerate() {
        let Some(o) = o else { continue };
        match sets.iter_mut().find(|s| objects[s[0]].as_ref() == Some(o)) {
            Some(set) => set.push(i),
            None => sets.push(vec![i]),
        }
    }
    sets.retain(|s| {
        s.len() > 1
            && s.iter()
                .any(|&j| crate::calls::callee_writes_param(prog, callee, j))
    });
    sets
}

/// The one user function a call of `name` with `nargs` arguments calls, with a body and no
/// parameter pack; `None` for overloads and everything else.
fn callee<'p>(prog: &'p Program, name: &str, nargs: usize) -> Option<&'p Function> {
    let fits: Vec<&Function> = prog
        .functions(name)
        .into_iter()
        .filter(|f| {
            f.body.is_some()
                && !f.attrs.global
                && nargs <= f.params.len()
                && f.params
                    .iter()
                    .all(|p| !matches!(p.ty.kind, TyKind::Pack(_)))
        })
        .collect();
    match fits.as_slice() {
        [f] => Some(*f),
        _ => None,
    }
}

/// `f_alias_0_4`; sets after the first follow `__` (`rotate_alias_0_4__1_5`).
fn variant_name(f: &str, sets: &[Vec<usize>]) -> String {
    let sets: Vec<String> = sets
        .iter()
        .map(|s| s.iter().map(usize::to_string).collect::<Vec<_>>().join("_"))
        .collect();
    format!("{f}_alias_{}", sets.join("__"))
}

/// The call's callee and the variant it needs, when `e` is such a call.
fn aliased_call<'p>(prog: &'p Program, e: &Expr) -> Option<(&'p Function, Vec<Vec<usize>>)> {
    let ExprKind::Call {
        callee: c, args, ..
    } = &e.kind
    else {
        return None;
    };
    let ExprKind::Ident(name) = &c.kind else {
        return None;
    };
    let f = callee(prog, name, args.len())?;
    let sets = aliased_sets(prog, f, args);
    (!sets.is_empty()).then_some((f, sets))
}

/// The helper variants the calls in `functions` need, and those the variants' own calls need
/// (`Differentiator::new` adds them to the program).
pub fn variants(prog: &Program, functions: &[&Function]) -> Vec<Function> {
    let mut out: Vec<Function> = vec![];
    let mut pending: Vec<Function> = functions.iter().map(|f| (*f).clone()).collect();
    while let Some(f) = pending.pop() {
        let mut found: Vec<Function> = vec![];
        for s in f.body.iter().flatten() {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                crate::usage::walk_expr(e, &mut |x| {
                    let Some((callee, sets)) = aliased_call(prog, x) else {
                        return;
                    };
                    let name = variant_name(&callee.name, &sets);
                    let known = out.iter().chain(&found).any(|v| v.name == name);
                    if !known {
                        if let Some(v) = merged(prog, callee, &sets, name) {
                            found.push(v);
                        }
                    }
                })
            });
        }
        // A variant's body may pass the merged object on twice (`g(x, out)` becomes `g(x, x)`).
        pending.extend(found.iter().cloned());
        out.extend(found);
    }
    out
}

/// `f` with the parameters of each set after its first removed and their uses reading the
/// first (`&x` where a pointer stood for a reference `x`, `*x` the other way), which becomes
/// writable. `None` when a local of `f` has the first's name (the uses would read the local).
fn merged(prog: &Program, f: &Function, sets: &[Vec<usize>], name: String) -> Option<Function> {
    let mut declared = crate::usage::Names::new();
    for s in f.body.iter().flatten() {
        crate::normalize::declared_names(s, &mut declared);
    }
    let mut v = f.clone();
    v.name = name;
    let is_ref = |p: &Param| matches!(prog.canonical(&p.ty).kind, TyKind::LRef(_));
    let mut renames: Vec<(String, Expr)> = vec![];
    for set in sets {
        let kept = &f.params[set[0]];
        let keep = kept.name.clone()?;
        if declared.contains(&keep) {
            return None;
        }
        v.params[set[0]].ty = writable(&kept.ty);
        for &i in &set[1..] {
            let gone = &f.params[i];
            let to = match (is_ref(kept), is_ref(gone)) {
                (true, false) => paren(addr_of(ident(&keep))),
                (false, true) => paren(deref(ident(&keep))),
                _ => ident(&keep),
            };
            renames.push((gone.name.clone()?, to));
        }
    }
    let removed: Vec<usize> = sets.iter().flat_map(|s| s[1..].iter().copied()).collect();
    v.params = std::mem::take(&mut v.params)
        .into_iter()
        .enumerate()
        .filter(|(k, _)| !removed.contains(k))
        .map(|(_, p)| p)
        .collect();
    for s in v.body.iter_mut().flatten() {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            if let ExprKind::Ident(n) = &e.kind {
                if let Some((_, to)) = renames.iter().find(|(gone, _)| gone == n) {
                    *e = Expr {
                        span: e.span,
                        ..to.clone()
                    };
                }
            }
            if let Some(x) = through_address(e) {
                *e = Expr { span: e.span, ..x };
            }
        });
    }
    Some(v)
}

/// `*&x`, `(&x)[0]` and `&*p` as `x` and `p`: the other analyses see the object itself.
fn through_address(e: &Expr) -> Option<Expr> {
    let addr_of = |x: &Expr| match &x.strip_parens().kind {
        ExprKind::Unary(UnOp::AddrOf, o) => Some((**o).clone()),
        _ => None,
    };
    match &e.kind {
        ExprKind::Unary(UnOp::Deref, x) => addr_of(x),
        ExprKind::Index(x, k) if matches!(&k.strip_parens().kind, ExprKind::IntLit(t) if t == "0") => {
            addr_of(x)
        }
        ExprKind::Unary(UnOp::AddrOf, x) => match &x.strip_parens().kind {
            ExprKind::Unary(UnOp::Deref, p) => Some((**p).clone()),
            _ => None,
        },
        _ => None,
    }
}

/// A reference or pointer parameter's type with its referent writable (and no
/// `__restrict__`, which one object given twice breaks).
fn writable(ty: &Ty) -> Ty {
    let mut t = ty.clone();
    match &mut t.kind {
        TyKind::LRef(inner) => {
            if let TyKind::Array { elem, .. } = &mut inner.kind {
                **elem = elem.clone().with_const(false);
            }
            **inner = inner.clone().with_const(false);
        }
        TyKind::Array { elem, .. } => **elem = elem.clone().with_const(false),
        TyKind::Pointer {
            pointee, restrict, ..
        } => {
            **pointee = pointee.clone().with_const(false);
            *restrict = false;
        }
        _ => {}
    }
    t
}

/// Rewrites the body's aliased calls to call their variants (those `variants` made).
pub fn rewrite(prog: &Program, body: &mut [Stmt]) {
    for s in body {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            let Some((f, sets)) = aliased_call(prog, e) else {
                return;
            };
            let name = variant_name(&f.name, &sets);
            if prog.functions(&name).is_empty() {
                return;
            }
            if let ExprKind::Call { callee, args, .. } = &mut e.kind {
                **callee = Expr {
                    span: callee.span,
                    ..ident(&name)
                };
                let removed: Vec<usize> =
                    sets.iter().flat_map(|s| s[1..].iter().copied()).collect();
                let mut k = 0;
                args.retain(|_| {
                    k += 1;
                    !removed.contains(&(k - 1))
                });
            }
        });
    }
}
