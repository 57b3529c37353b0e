//! Integer constant expressions: literals, `!`, `-`, arithmetic, comparisons, `&&`, `||` and
//! `?:`, evaluated to an `i64` (a boolean is 0 or 1); `None` on overflow or anything else.

use cuad_syntax::ast::{BinOp, Expr, ExprKind, UnOp};

/// The value of `e`; `leaf` evaluates the nodes this does not know (`sizeof(T)`, a named
/// constant), or says `None`.
pub fn fold_constant(e: &Expr, leaf: &dyn Fn(&Expr) -> Option<i64>) -> Option<i64> {
    let rec = |x: &Expr| fold_constant(x, leaf);
    Some(match &e.kind {
        ExprKind::BoolLit(v) => *v as i64,
        ExprKind::IntLit(t) => t.trim_end_matches(['u', 'U', 'l', 'L']).parse().ok()?,
        ExprKind::Paren(x) => rec(x)?,
        ExprKind::Unary(UnOp::Not, x) => (rec(x)? == 0) as i64,
        ExprKind::Unary(UnOp::Neg, x) => -rec(x)?,
        ExprKind::Binary(op, l, r) => {
            let (l, r) = (rec(l)?, rec(r)?);
            match op {
                BinOp::And => (l != 0 && r != 0) as i64,
                BinOp::Or => (l != 0 || r != 0) as i64,
                BinOp::Eq => (l == r) as i64,
                BinOp::Ne => (l != r) as i64,
                BinOp::Lt => (l < r) as i64,
                BinOp::Gt => (l > r) as i64,
                BinOp::Le => (l <= r) as i64,
                BinOp::Ge => (l >= r) as i64,
                BinOp::Add => l.checked_add(r)?,
                BinOp::Sub => l.checked_sub(r)?,
                BinOp::Mul => l.checked_mul(r)?,
                BinOp::Div => l.checked_div(r)?,
                BinOp::Rem => l.checked_rem(r)?,
                _ => return None,
            }
        }
        ExprKind::Cond(c, a, b) => {
            if rec(c)? != 0 {
                rec(a)?
            } else {
                rec(b)?
            }
        }
        _ => leaf(e)?,
    })
}
