//! Instantiation of function templates for the argument types at a call site, so pullbacks of
//! templates are ordinary functions (`cube<double>` gets `void cube_pullback(double, ...)`).

use cuad_sema::{substitute, Bindings};
use cuad_syntax::ast::*;

/// A copy of `f` with its template parameters replaced; `None` when some parameter is not
/// bound (e.g. a non-type parameter that could not be deduced).
pub fn instantiate(f: &Function, bindings: &Bindings) -> Option<Function> {
    let params = f.template.as_ref()?;
    if params.iter().any(|p| {
        matches!(p.kind, TemplateParamKind::Type { .. }) && !bindings.contains_key(&p.name)
    }) {
        return None;
    }
    if params
        .iter()
        .any(|p| matches!(p.kind, TemplateParamKind::Value { .. }))
    {
        return None;
    }
    let mut out = f.clone();
    out.template = None;
    out.ret = substitute(&out.ret, bindings);
    for p in &mut out.params {
        p.ty = substitute(&p.ty, bindings);
    }
    if let Some(body) = &mut out.body {
        for s in body {
            stmt(s, bindings);
        }
    }
    Some(out)
}

fn stmt(s: &mut Stmt, b: &Bindings) {
    match &mut s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr(e, b),
        StmtKind::Decl(d) => {
            for v in &mut d.vars {
                v.ty = substitute(&v.ty, b);
                match &mut v.init {
                    Some(Init::Assign(e)) => expr(e, b),
                    Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                        es.iter_mut().for_each(|e| expr(e, b))
                    }
                    None => {}
                }
            }
        }
        StmtKind::Block(stmts) => stmts.iter_mut().for_each(|x| stmt(x, b)),
        StmtKind::If { cond, then, els } => {
            expr(cond, b);
            stmt(then, b);
            if let Some(e) = els {
                stmt(e, b);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                stmt(i, b);
            }
            cond.iter_mut()
                .chain(step.iter_mut())
                .for_each(|e| expr(e, b));
            stmt(body, b);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr(cond, b);
            stmt(body, b);
        }
        StmtKind::Switch { cond, cases } => {
            expr(cond, b);
            for c in cases {
                c.body.iter_mut().for_each(|x| stmt(x, b));
            }
        }
        _ => {}
    }
}

fn expr(e: &mut Expr, b: &Bindings) {
    match &mut e.kind {
        ExprKind::Cast { ty, expr: x, .. } => {
            *ty = substitute(ty, b);
            expr(x, b);
        }
        ExprKind::SizeofType(ty) => *ty = substitute(ty, b),
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::SizeofExpr(x) => expr(x, b),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) | ExprKind::Assign(_, l, r) => {
            expr(l, b);
            expr(r, b);
        }
        ExprKind::Cond(c, x, y) => {
            expr(c, b);
            expr(x, b);
            expr(y, b);
        }
        ExprKind::Call {
            args,
            template_args,
            ..
        }
        | ExprKind::Launch {
            args,
            template_args,
            ..
        } => {
            for t in template_args.iter_mut() {
                if let TemplateArg::Type(ty) = t {
                    *ty = substitute(ty, b);
                }
            }
            args.iter_mut().for_each(|a| expr(a, b));
        }
        ExprKind::Member { base, .. } => expr(base, b),
        ExprKind::InitList(items) => items.iter_mut().for_each(|a| expr(a, b)),
        _ => {}
    }
}
