//! Launches that pass one buffer for several pointer parameters (`gelu<<<g, b>>>(d, d, n)`,
//! `residual<<<g, b>>>(x, x, y, n)`, `gelu<<<g, b>>>(a.h, a.h, n)`: an update in place;
//! `fma3<<<g, b>>>(d, d, d, n)`). The kernel's gradient takes one adjoint per parameter,
//! declared `__restrict__`, and reads an output's adjoint before it zeroes it after adding
//! into the inputs' adjoints: given one buffer twice, the zeroing wipes what was just added
//! (and two `__restrict__` adjoints of one buffer may lose each other's additions). Such a
//! launch is rewritten to launch a variant of the kernel with each such set of parameters
//! merged into its first (`gelu_inplace_0_1<<<g, b>>>(d, n)`), whose gradient sees the update
//! in place as it is.

use crate::builder::*;
use cuad_sema::Program;
use cuad_syntax::ast::*;

/// The kernel variant a launch needs: the kernel and the sets of its pointer parameters
/// (ascending, two or more each) to which the launch passes one expression (a variable, a
/// struct field `a.h`, `p->h`, `bufs[k]`: the same text, without side effects, so the same
/// pointer). Sets the kernel only reads are merged too: two `__restrict__` adjoints of one
/// buffer may not both be added into.
fn aliased_sets<'p>(prog: &'p Program, e: &Expr) -> Option<(&'p Function, Vec<Vec<usize>>)> {
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
    // Each named pointer parameter's argument text, when it names a buffer (not `nullptr`).
    let buffers: Vec<Option<String>> = args
        .iter()
        .zip(&kfun.params)
        .map(|(a, p)| {
            let pointer = matches!(prog.canonical(&p.ty).kind, TyKind::Pointer { .. });
            let a = a.strip_parens();
            let names = crate::usage::any_expr(a, &|x| matches!(x.kind, ExprKind::Ident(_)));
            (pointer && p.name.is_some() && names && !crate::usage::may_have_effects(a))
                .then(|| cuad_emit::print_expr(a))
        })
        .collect();
    let mut sets: Vec<Vec<usize>> = vec![];
    for (i, b) in buffers.iter().enumerate() {
        let Some(b) = b else { continue };
        match sets.iter_mut().find(|s| buffers[s[0]].as_ref() == Some(b)) {
            Some(set) => set.push(i),
            None => sets.push(vec![i]),
        }
    }
    sets.retain(|s| s.len() > 1);
    (!sets.is_empty()).then_some((kfun, sets))
}

/// `gelu_inplace_0_1`; sets after the first follow `__` (`k_inplace_0_2__1_3`).
fn variant_name(kernel: &str, sets: &[Vec<usize>]) -> String {
    let sets: Vec<String> = sets
        .iter()
        .map(|s| s.iter().map(usize::to_string).collect::<Vec<_>>().join("_"))
        .collect();
    format!("{kernel}_inplace_{}", sets.join("__"))
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
                    if let Some((kfun, sets)) = aliased_sets(prog, x) {
                        let name = variant_name(&kfun.name, &sets);
                        if out.iter().all(|v| v.name != name) {
                            out.push(merged(kfun, &sets, name));
                        }
                    }
                })
            });
        }
    }
    out
}

/// `kernel` with the parameters of each set after its first removed and their uses reading
/// the first, which takes a writable one's type (and no `__restrict__`, which one pointer
/// does not need).
fn merged(kernel: &Function, sets: &[Vec<usize>], name: String) -> Function {
    let mut v = kernel.clone();
    v.name = name;
    let writable = |p: &Param| !matches!(&p.ty.kind, TyKind::Pointer { pointee, .. } if pointee.is_const_object());
    let mut renames: Vec<(String, String)> = vec![];
    for set in sets {
        let j = set[0];
        if let Some(w) = set.iter().find(|&&i| writable(&kernel.params[i])) {
            v.params[j].ty = kernel.params[*w].ty.clone();
        }
        if let TyKind::Pointer { restrict, .. } = &mut v.params[j].ty.kind {
            *restrict = false;
        }
        let keep = kernel.params[j].name.clone().unwrap_or_default();
        for &i in &set[1..] {
            if let Some(gone) = &kernel.params[i].name {
                renames.push((gone.clone(), keep.clone()));
            }
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
                if let Some((_, keep)) = renames.iter().find(|(gone, _)| gone == n) {
                    *e = Expr {
                        span: e.span,
                        ..ident(keep)
                    };
                }
            }
        });
    }
    v
}

/// Rewrites the host function's aliased launches to launch their variants.
pub fn rewrite(prog: &Program, body: &mut [Stmt]) {
    for s in body {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            let Some((kfun, sets)) = aliased_sets(prog, e) else {
                return;
            };
            let name = variant_name(&kfun.name, &sets);
            if let ExprKind::Launch { kernel, args, .. } = &mut e.kind {
                **kernel = Expr {
                    span: kernel.span,
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
