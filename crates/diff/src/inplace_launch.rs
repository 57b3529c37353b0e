//! Launches that pass one buffer for two pointer parameters (`gelu<<<g, b>>>(d, d, n)`,
//! `residual<<<g, b>>>(x, x, y, n)`: an update in place). The kernel's gradient takes one
//! adjoint per parameter, declared `__restrict__`, and reads an output's adjoint before it
//! zeroes it after adding into the inputs' adjoints: given one buffer twice, the zeroing
//! wipes what was just added. Such a launch is rewritten to launch a variant of the kernel
//! with the two parameters merged into one (`gelu_inplace_0_1<<<g, b>>>(d, n)`), whose
//! gradient sees the update in place as it is.

use crate::builder::*;
use cuad_sema::Program;
use cuad_syntax::ast::*;

/// The kernel variant a launch needs: the kernel, the kept parameter `j` and the merged one
/// `i` (`j < i`), when the launch passes one variable for both and the kernel writes
/// through one of them. One such pair per launch.
fn aliased_pair<'p>(prog: &'p Program, e: &Expr) -> Option<(&'p Function, usize, usize)> {
    let ExprKind::Launch {
        kernel,
        template_args,
        args,
        ..
    } = &e.kind
    else {
        return None;
    };
    let ExprKind::Ident(name) = &kernel.kind else {
        return None;
    };
    let kfun = match prog.functions(name).as_slice() {
        [f] if f.attrs.global && f.body.is_some() && f.template.is_none() => *f,
        _ => return None,
    };
    if !template_args.is_empty() || kfun.params.len() != args.len() {
        return None;
    }
    let var = |a: &Expr| match &a.strip_parens().kind {
        ExprKind::Ident(v) => Some(v.clone()),
        _ => None,
    };
    let pointer = |k: usize| {
        matches!(
            prog.canonical(&kfun.params[k].ty).kind,
            TyKind::Pointer { .. }
        )
    };
    let mut written = crate::usage::Names::new();
    crate::usage::stmt_writes(kfun.body.as_deref().unwrap_or_default(), &mut written);
    let mut pairs = vec![];
    for i in 0..args.len() {
        for j in 0..i {
            let (Some(a), Some(b)) = (var(&args[j]), var(&args[i])) else {
                continue;
            };
            let names = (kfun.params[j].name.as_ref(), kfun.params[i].name.as_ref());
            let (Some(pj), Some(pi)) = names else {
                continue;
            };
            if a == b && pointer(i) && pointer(j) && (written.contains(pi) || written.contains(pj))
            {
                pairs.push((j, i));
            }
        }
    }
    match pairs.as_slice() {
        [(j, i)] => Some((kfun, *j, *i)),
        _ => None,
    }
}

fn variant_name(kernel: &str, j: usize, i: usize) -> String {
    format!("{kernel}_inplace_{j}_{i}")
}

/// The kernel variants the host functions' launches need (`Differentiator::new` adds them to
/// the program).
pub fn variants(prog: &Program, functions: &[&Function]) -> Vec<Function> {
    let mut out: Vec<Function> = vec![];
    for f in functions {
        if f.attrs.global || f.attrs.device {
            continue;
        }
        for s in f.body.iter().flatten() {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                crate::usage::walk_expr(e, &mut |x| {
                    if let Some((kfun, j, i)) = aliased_pair(prog, x) {
                        let name = variant_name(&kfun.name, j, i);
                        if out.iter().all(|v| v.name != name) {
                            out.push(merged(kfun, j, i, name));
                        }
                    }
                })
            });
        }
    }
    out
}

/// `kernel` with parameter `i` removed and its uses reading parameter `j`, which takes the
/// writable one's type (and no `__restrict__`, which one pointer does not need).
fn merged(kernel: &Function, j: usize, i: usize, name: String) -> Function {
    let mut v = kernel.clone();
    v.name = name;
    let (pj, pi) = (v.params[j].clone(), v.params[i].clone());
    let writable =
        |p: &Param| !matches!(&p.ty.kind, TyKind::Pointer { pointee, .. } if pointee.is_const);
    if !writable(&pj) && writable(&pi) {
        v.params[j].ty = pi.ty.clone();
    }
    if let TyKind::Pointer { restrict, .. } = &mut v.params[j].ty.kind {
        *restrict = false;
    }
    v.params.remove(i);
    let (Some(keep), Some(gone)) = (pj.name, pi.name) else {
        return v;
    };
    for s in v.body.iter_mut().flatten() {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            if matches!(&e.kind, ExprKind::Ident(n) if *n == gone) {
                *e = Expr {
                    span: e.span,
                    ..ident(&keep)
                };
            }
        });
    }
    v
}

/// Rewrites the host function's aliased launches to launch their variants.
pub fn rewrite(prog: &Program, body: &mut [Stmt]) {
    for s in body {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            let Some((kfun, j, i)) = aliased_pair(prog, e) else {
                return;
            };
            let name = variant_name(&kfun.name, j, i);
            if let ExprKind::Launch { kernel, args, .. } = &mut e.kind {
                **kernel = Expr {
                    span: kernel.span,
                    ..ident(&name)
                };
                args.remove(i);
            }
        });
    }
}
