//! Small constructors for synthesized AST nodes, so passes read like the code they emit.

use cuad_syntax::ast::*;
use cuad_syntax::Span;

pub fn ident(name: &str) -> Expr {
    Expr::ident(name)
}

pub fn int_lit(v: i64) -> Expr {
    if v < 0 {
        unary(UnOp::Neg, Expr::synth(ExprKind::IntLit((-v).to_string())))
    } else {
        Expr::synth(ExprKind::IntLit(v.to_string()))
    }
}

/// A zero literal of a real type (`0.` for double, `0.f` for float).
pub fn real_zero(ty: &Ty) -> Expr {
    if let TyKind::Named { .. } = ty.kind {
        return Expr::synth(ExprKind::Cast {
            kind: CastKind::Functional,
            ty: ty.clone().with_const(false),
            expr: Box::new(Expr::synth(ExprKind::InitList(vec![]))),
        });
    }
    Expr::synth(ExprKind::FloatLit(
        if is_float_ty(ty) { "0.f" } else { "0." }.into(),
    ))
}

pub fn real_lit(ty: &Ty, v: f64) -> Expr {
    let text = if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.1}")
    } else if (1e-4..1e6).contains(&v.abs()) {
        format!("{v}")
    } else {
        format!("{v:e}")
    };
    let text = if is_float_ty(ty) {
        format!("{text}f")
    } else {
        text
    };
    Expr::synth(ExprKind::FloatLit(text))
}

pub fn is_float_ty(ty: &Ty) -> bool {
    matches!(ty.kind, TyKind::Float | TyKind::Half | TyKind::BFloat16)
}

pub fn unary(op: UnOp, e: Expr) -> Expr {
    Expr::synth(ExprKind::Unary(op, Box::new(e)))
}

pub fn binary(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr::synth(ExprKind::Binary(op, Box::new(l), Box::new(r)))
}

/// Grouping is explicit in the tree; the printer adds parentheses where precedence needs them.
pub fn paren(e: Expr) -> Expr {
    e
}

pub fn is_one_lit(e: &Expr) -> bool {
    match &e.strip_parens().kind {
        ExprKind::IntLit(t) | ExprKind::FloatLit(t) => {
            let t = t.trim_end_matches(['f', 'F', 'l', 'L', 'u', 'U']);
            t.parse::<f64>().map(|v| v == 1.0).unwrap_or(false)
        }
        _ => false,
    }
}

/// `a * b`, folding multiplications by one, and by a selection between 1, 0 and -1
/// (`x * (c ? 1 : 0)` is `c ? x : 0`): the unselected side then contributes nothing even where
/// `x` is infinite or NaN (`sqrt(fmax(v, 0))` at `v < 0`), and no multiply is issued.
pub fn mul(a: Expr, b: Expr) -> Expr {
    if is_one_lit(&a) {
        return b;
    }
    if is_one_lit(&b) {
        return a;
    }
    if let Some(e) = scale_by_select(&a, &b).or_else(|| scale_by_select(&b, &a)) {
        return e;
    }
    binary(BinOp::Mul, a, b)
}

/// `x * (c ? s : t)` with `s`, `t` among the literals 1, 0, -1, as one selection, where `x`
/// calls nothing but math functions.
fn scale_by_select(x: &Expr, select: &Expr) -> Option<Expr> {
    let ExprKind::Cond(c, s, t) = &select.strip_parens().kind else {
        return None;
    };
    // Only the selected arm runs: a shuffle or another collective must stay unconditional.
    let calls_other = crate::usage::any_expr(x, &|e| match &e.kind {
        ExprKind::Call { callee, .. } => {
            !matches!(&callee.kind, ExprKind::Ident(n) if crate::rules::is_pure_math(n))
        }
        _ => false,
    });
    if calls_other {
        return None;
    }
    let arm = |v: &Expr| match lit_value(v)? {
        1.0 => Some(x.clone()),
        0.0 => Some(v.clone()),
        -1.0 => Some(neg(x.clone())),
        _ => None,
    };
    let (s, t) = (arm(s)?, arm(t)?);
    Some(Expr::synth(ExprKind::Cond(
        c.clone(),
        Box::new(s),
        Box::new(t),
    )))
}

/// The value of a plain numeric literal (`1.0f`, `-1.0`, `0`).
fn lit_value(e: &Expr) -> Option<f64> {
    let (negative, inner) = match &e.strip_parens().kind {
        ExprKind::Unary(UnOp::Neg, inner) => (true, inner.strip_parens()),
        _ => (false, e.strip_parens()),
    };
    match &inner.kind {
        ExprKind::IntLit(t) | ExprKind::FloatLit(t) => {
            let v: f64 = t
                .trim_end_matches(['f', 'F', 'l', 'L', 'u', 'U'])
                .parse()
                .ok()?;
            Some(if negative { -v } else { v })
        }
        _ => None,
    }
}

pub fn neg(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Unary(UnOp::Neg, inner) => *inner,
        _ => unary(UnOp::Neg, e),
    }
}

pub fn call(name: &str, args: Vec<Expr>) -> Expr {
    Expr::synth(ExprKind::Call {
        callee: Box::new(ident(name)),
        template_args: vec![],
        args,
    })
}

pub fn index(base: Expr, idx: Expr) -> Expr {
    Expr::synth(ExprKind::Index(Box::new(base), Box::new(idx)))
}

pub fn member(base: Expr, field: &str, arrow: bool) -> Expr {
    Expr::synth(ExprKind::Member {
        base: Box::new(base),
        field: field.to_string(),
        arrow,
    })
}

pub fn addr_of(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Unary(UnOp::Deref, inner) => *inner,
        _ => unary(UnOp::AddrOf, e),
    }
}

pub fn deref(e: Expr) -> Expr {
    unary(UnOp::Deref, e)
}

pub fn assign(l: Expr, r: Expr) -> Expr {
    Expr::synth(ExprKind::Assign(None, Box::new(l), Box::new(r)))
}

pub fn compound(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr::synth(ExprKind::Assign(Some(op), Box::new(l), Box::new(r)))
}

pub fn expr_stmt(e: Expr) -> Stmt {
    Stmt::synth(StmtKind::Expr(e))
}

pub fn block(stmts: Vec<Stmt>) -> Stmt {
    Stmt::synth(StmtKind::Block(stmts))
}

/// `if (cond) {then} else {els}`; an empty `then` with a non-empty `else` becomes
/// `if (!cond) {els}`.
pub fn if_stmt(cond: Expr, then: Vec<Stmt>, els: Option<Vec<Stmt>>) -> Stmt {
    if then.is_empty() && els.as_ref().is_some_and(|e| !e.is_empty()) {
        return if_stmt(negate(cond), els.unwrap_or_default(), None);
    }
    Stmt::synth(StmtKind::If {
        cond,
        then: Box::new(block(then)),
        els: els.filter(|e| !e.is_empty()).map(|e| Box::new(block(e))),
    })
}

pub fn decl(ty: Ty, name: &str, init: Option<Expr>) -> Stmt {
    decl_with(DeclSpecs::default(), ty, name, init.map(Init::Assign))
}

pub fn decl_with(specs: DeclSpecs, ty: Ty, name: &str, init: Option<Init>) -> Stmt {
    Stmt::synth(StmtKind::Decl(DeclStmt {
        specs,
        vars: vec![VarDecl {
            name: name.to_string(),
            ty,
            init,
            span: Default::default(),
        }],
        span: Default::default(),
    }))
}

pub fn comment(text: &str) -> Stmt {
    // Printed verbatim on its own line: the printer emits Pragma text as-is.
    Stmt::synth(StmtKind::Pragma(format!("// {text}")))
}

/// Logical negation, flipping comparisons instead of wrapping them (`i >= n` -> `i < n`).
pub fn negate(cond: Expr) -> Expr {
    match cond.kind {
        ExprKind::Binary(
            op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne),
            l,
            r,
        ) => {
            let flipped = match op {
                BinOp::Lt => BinOp::Ge,
                BinOp::Le => BinOp::Gt,
                BinOp::Gt => BinOp::Le,
                BinOp::Ge => BinOp::Lt,
                BinOp::Eq => BinOp::Ne,
                _ => BinOp::Eq,
            };
            Expr::new(ExprKind::Binary(flipped, l, r), cond.span)
        }
        ExprKind::Unary(UnOp::Not, inner) => *inner,
        ExprKind::Paren(inner) => negate(*inner),
        _ => unary(UnOp::Not, cond),
    }
}

/// The template parameter with its default argument dropped (a generated template repeats a
/// primal's parameters, whose defaults stay on the primal).
pub fn without_default(p: &TemplateParam) -> TemplateParam {
    TemplateParam {
        name: p.name.clone(),
        kind: match &p.kind {
            TemplateParamKind::Type { .. } => TemplateParamKind::Type { default: None },
            TemplateParamKind::TypePack => TemplateParamKind::TypePack,
            TemplateParamKind::Value { ty, .. } => TemplateParamKind::Value {
                ty: ty.clone(),
                default: None,
            },
        },
    }
}

/// A parameter `ty name` with no default (a derivative parameter of a generated function).
pub fn param(name: &str, ty: Ty) -> Param {
    Param {
        name: Some(name.to_string()),
        ty,
        default: None,
        span: Span::default(),
    }
}

/// A function generated from `func` (a gradient, pullback or pushforward): `func`'s attributes
/// (not `constexpr`) and template parameters, with its own name, parameters, return type and body.
pub fn derived_function(
    func: &Function,
    name: &str,
    params: Vec<Param>,
    ret: Ty,
    body: Option<Vec<Stmt>>,
) -> Function {
    let mut attrs = func.attrs.clone();
    attrs.constexpr = false;
    Function {
        attrs,
        template: func.template.clone(),
        ret,
        name: name.to_string(),
        params,
        is_const_method: false,
        ctor_inits: vec![],
        body,
        span: Span::default(),
        name_span: Span::default(),
    }
}

/// `ty` with a pointer's `__restrict__` dropped (for pointers that may alias).
pub fn without_restrict(ty: &Ty) -> Ty {
    let mut ty = ty.clone();
    if let TyKind::Pointer { restrict, .. } = &mut ty.kind {
        *restrict = false;
    }
    ty
}
