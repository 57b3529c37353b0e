//! `if` conditions that call a user function writing through a reference or `&x` argument
//! (`if (hit_sphere(ray, c, r, t) && t < best) best = t;`): the writes carry derivatives, and a
//! condition is only evaluated, never differentiated, so the condition becomes statements
//! assigning a flag, the `if` testing the flag:
//!
//! ```text
//! _cw0 = hit_sphere(ray, c, r, t);
//! if (_cw0) _cw0 = t < best;
//! if (_cw0) best = t;
//! ```
//!
//! The right operand of `&&` (`||`) still runs only when the left one is true (false). The
//! flag assignment is an ordinary statement, so the call gets its pullback (calls.rs) and the
//! analyses (reads, replay, tapes) see it.

use crate::builder::*;
use crate::normalize::Local;
use cuad_sema::Program;
use cuad_syntax::ast::*;

/// Rewrites every such `if` in `body`, declaring the flags in `locals`.
pub fn lower(prog: &Program, body: &mut [Stmt], locals: &mut Vec<Local>) {
    let mut next = 0;
    for s in body.iter_mut() {
        lower_stmt(prog, s, locals, &mut next);
    }
}

fn lower_stmt(prog: &Program, s: &mut Stmt, locals: &mut Vec<Local>, next: &mut usize) {
    s.for_each_child_mut(&mut |c| lower_stmt(prog, c, locals, next));
    let StmtKind::If { cond, then, els } = &s.kind else {
        return;
    };
    if !crate::usage::any_expr(cond, &|e| is_writing_call(prog, e)) {
        return;
    }
    let flag = loop {
        let name = format!("_cw{next}");
        *next += 1;
        if !locals.iter().any(|l| l.name == name) {
            break name;
        }
    };
    locals.push(Local {
        name: flag.clone(),
        ty: Ty::new(TyKind::Bool),
        specs: DeclSpecs::default(),
        init: None,
        spelled: None,
    });
    let mut stmts = assign_condition(prog, cond, &flag);
    stmts.push(Stmt::new(
        StmtKind::If {
            cond: ident(&flag),
            then: then.clone(),
            els: els.clone(),
        },
        s.span,
    ));
    *s = Stmt::new(StmtKind::Block(stmts), s.span);
}

/// Statements assigning the value of `c` to `flag`, evaluating only what `c` evaluates.
fn assign_condition(prog: &Program, c: &Expr, flag: &str) -> Vec<Stmt> {
    if let ExprKind::Binary(op @ (BinOp::And | BinOp::Or), a, b) = &c.strip_parens().kind {
        if crate::usage::any_expr(c, &|e| is_writing_call(prog, e)) {
            let mut out = assign_condition(prog, a, flag);
            let test = if *op == BinOp::And {
                ident(flag)
            } else {
                negate(ident(flag))
            };
            out.push(if_stmt(test, assign_condition(prog, b, flag), None));
            return out;
        }
    }
    vec![Stmt::new(
        StmtKind::Expr(Expr::new(
            ExprKind::Assign(None, Box::new(ident(flag)), Box::new(c.clone())),
            c.span,
        )),
        c.span,
    )]
}

/// A call of a user function with a body that may write an argument: an lvalue bound to a
/// non-const reference parameter, or `&x` passed to a pointer to non-const.
fn is_writing_call(prog: &Program, e: &Expr) -> bool {
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return false;
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return false;
    };
    prog.functions_for_call(name, args.len()).iter().any(|f| {
        f.body.is_some()
            && f.params.len() == args.len()
            && f.params.iter().zip(args).any(|(p, a)| {
                let ty = prog.canonical(&p.ty);
                match &ty.kind {
                    TyKind::LRef(inner) => !inner.is_const,
                    TyKind::Pointer { pointee, .. } => {
                        !pointee.is_const_object()
                            && matches!(a.strip_parens().kind, ExprKind::Unary(UnOp::AddrOf, _))
                    }
                    _ => false,
                }
            })
    })
}
