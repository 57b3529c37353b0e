//! Expressions, with parentheses inserted wherever a child binds looser than its context.

use crate::ty::{close_angle, print_template_args, print_ty};
use cuad_syntax::ast::{BinOp, CastKind, Expr, ExprKind, Lambda, Ty, TyKind, UnOp};

// C++ precedence levels, loosest first. A child is parenthesised when its level is below the
// minimum its position accepts.
pub(crate) const PREC_COMMA: u8 = 1;
/// Assignment and `?:` (right associative).
pub(crate) const PREC_ASSIGN: u8 = 2;
const PREC_LOGICAL_OR: u8 = 3;
/// `(T)e`: operands of unary operators are cast-expressions.
const PREC_CAST: u8 = 14;
/// Prefix operators and `sizeof`.
const PREC_UNARY: u8 = 15;
/// Postfix expressions and primaries.
const PREC_POSTFIX: u8 = 16;

fn binary_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Mul | BinOp::Div | BinOp::Rem => 13,
        BinOp::Add | BinOp::Sub => 12,
        BinOp::Shl | BinOp::Shr => 11,
        BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge => 9,
        BinOp::Eq | BinOp::Ne => 8,
        BinOp::BitAnd => 7,
        BinOp::BitXor => 6,
        BinOp::BitOr => 5,
        BinOp::And => 4,
        BinOp::Or => PREC_LOGICAL_OR,
        BinOp::Comma => PREC_COMMA,
    }
}

pub(crate) fn binop_str(op: BinOp) -> &'static str {
    match op {
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
        BinOp::Lt => "<",
        BinOp::Gt => ">",
        BinOp::Le => "<=",
        BinOp::Ge => ">=",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::BitAnd => "&",
        BinOp::BitXor => "^",
        BinOp::BitOr => "|",
        BinOp::And => "&&",
        BinOp::Or => "||",
        BinOp::Comma => ",",
    }
}

fn prefix_str(op: UnOp) -> &'static str {
    match op {
        UnOp::Neg => "-",
        UnOp::Plus => "+",
        UnOp::Not => "!",
        UnOp::BitNot => "~",
        UnOp::Deref => "*",
        UnOp::AddrOf => "&",
        UnOp::PreInc | UnOp::PostInc => "++",
        UnOp::PreDec | UnOp::PostDec => "--",
    }
}

fn is_postfix(op: UnOp) -> bool {
    matches!(op, UnOp::PostInc | UnOp::PostDec)
}

/// The precedence level of `e` itself.
fn prec(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Binary(op, ..) => binary_prec(*op),
        ExprKind::Assign(..) | ExprKind::Cond(..) => PREC_ASSIGN,
        ExprKind::Unary(op, _) if is_postfix(*op) => PREC_POSTFIX,
        ExprKind::Unary(..) | ExprKind::SizeofType(_) | ExprKind::SizeofExpr(_) => PREC_UNARY,
        ExprKind::Cast {
            kind: CastKind::CStyle,
            ..
        } => PREC_CAST,
        ExprKind::Cast {
            kind: CastKind::Functional,
            ty,
            ..
        } if !functional_cast_ok(ty) => PREC_CAST,
        _ => PREC_POSTFIX,
    }
}

/// Prints an expression on its own (as a full expression, commas unparenthesised).
pub fn print_expr(e: &Expr) -> String {
    print_expr_at(e, PREC_COMMA)
}

/// Prints `e` in a position that accepts precedence `min` or tighter.
pub(crate) fn print_expr_at(e: &Expr, min: u8) -> String {
    let text = print_bare(e);
    if prec(e) < min {
        format!("({text})")
    } else {
        text
    }
}

/// Comma-separated arguments (each an assignment-expression).
pub(crate) fn print_args(args: &[Expr]) -> String {
    args.iter()
        .map(|a| print_expr_at(a, PREC_ASSIGN))
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_bare(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Ident(s)
        | ExprKind::IntLit(s)
        | ExprKind::FloatLit(s)
        | ExprKind::CharLit(s)
        | ExprKind::StrLit(s) => s.clone(),
        ExprKind::BoolLit(b) => b.to_string(),
        ExprKind::Nullptr => "nullptr".into(),
        ExprKind::Unary(op, x) => print_unary(*op, x),
        ExprKind::Binary(op, l, r) => print_binary(*op, l, r),
        ExprKind::Assign(op, l, r) => {
            let op = op.map(binop_str).unwrap_or("");
            let lhs = print_expr_at(l, PREC_LOGICAL_OR);
            format!("{lhs} {op}= {}", print_expr_at(r, PREC_ASSIGN))
        }
        ExprKind::Cond(c, t, f) => format!(
            "{} ? {} : {}",
            print_expr_at(c, PREC_LOGICAL_OR),
            print_expr_at(t, PREC_COMMA),
            print_expr_at(f, PREC_ASSIGN)
        ),
        ExprKind::Cast { kind, ty, expr } => print_cast(*kind, ty, expr),
        ExprKind::SizeofType(ty) => format!("sizeof({})", print_ty(ty)),
        ExprKind::SizeofExpr(x) => print_sizeof_expr(x),
        ExprKind::Call {
            callee,
            template_args,
            args,
        } => format!(
            "{}{}({})",
            print_expr_at(callee, PREC_POSTFIX),
            print_template_args(template_args),
            print_args(args)
        ),
        ExprKind::Launch {
            kernel,
            template_args,
            config,
            args,
        } => format!(
            "{}{}<<<{}>>>({})",
            print_expr_at(kernel, PREC_POSTFIX),
            print_template_args(template_args),
            print_args(config),
            print_args(args)
        ),
        ExprKind::Index(base, idx) => {
            format!("{}[{}]", print_expr_at(base, PREC_POSTFIX), print_expr(idx))
        }
        ExprKind::Member { base, field, arrow } => {
            let sep = if *arrow { "->" } else { "." };
            // `1.f.x` or `0x1e->x` would lex as one preprocessing number.
            let base = match base.kind {
                ExprKind::IntLit(_) | ExprKind::FloatLit(_) => format!("({})", print_bare(base)),
                _ => print_expr_at(base, PREC_POSTFIX),
            };
            format!("{base}{sep}{field}")
        }
        ExprKind::InitList(items) => format!("{{{}}}", print_args(items)),
        ExprKind::Paren(x) => format!("({})", print_expr(x)),
        ExprKind::Lambda(l) => print_lambda(l),
        ExprKind::PackExpansion(x) => format!("{}...", print_expr_at(x, PREC_ASSIGN)),
        ExprKind::Fold { op, lhs, rhs } => {
            let sym = binop_str(*op);
            let operand = |x: &Expr| print_expr_at(x, PREC_CAST);
            match (lhs, rhs) {
                (Some(l), Some(r)) => format!("({} {sym} ... {sym} {})", operand(l), operand(r)),
                (Some(l), None) => format!("({} {sym} ...)", operand(l)),
                (None, Some(r)) => format!("(... {sym} {})", operand(r)),
                (None, None) => format!("(... {sym} ...)"),
            }
        }
        ExprKind::SizeofPack(name) => format!("sizeof...({name})"),
    }
}

fn print_unary(op: UnOp, x: &Expr) -> String {
    if is_postfix(op) {
        return format!("{}{}", print_expr_at(x, PREC_POSTFIX), prefix_str(op));
    }
    let sym = prefix_str(op);
    let operand = print_expr_at(x, PREC_CAST);
    // `- -x`, `+ ++x`, `& &x`: keep the two operators from lexing as one token.
    let glues = matches!(sym, "-" | "+" | "&" | "--" | "++")
        && operand.starts_with(|c: char| sym.ends_with(c));
    if glues {
        format!("{sym} {operand}")
    } else {
        format!("{sym}{operand}")
    }
}

fn print_binary(op: BinOp, l: &Expr, r: &Expr) -> String {
    let p = binary_prec(op);
    let mut lhs = print_expr_at(l, p);
    // `a < b > c` would read as a template-id `a<b>`.
    if matches!(op, BinOp::Gt | BinOp::Ge) && has_top_level_lt(l) {
        lhs = format!("({lhs})");
    }
    // Left associative: a right child of the same level needs parentheses.
    let rhs = print_expr_at(r, p + 1);
    if op == BinOp::Comma {
        format!("{lhs}, {rhs}")
    } else {
        format!("{lhs} {} {rhs}", binop_str(op))
    }
}

/// Whether `e` prints with an unparenthesised `<` (a relational chain containing one).
fn has_top_level_lt(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary(BinOp::Lt, ..) => true,
        ExprKind::Binary(BinOp::Le | BinOp::Gt | BinOp::Ge, l, _) => has_top_level_lt(l),
        _ => false,
    }
}

fn print_sizeof_expr(x: &Expr) -> String {
    match &x.kind {
        ExprKind::Paren(_) => format!("sizeof{}", print_bare(x)),
        _ => format!("sizeof {}", print_expr_at(x, PREC_UNARY)),
    }
}

fn print_cast(kind: CastKind, ty: &Ty, x: &Expr) -> String {
    let keyword = match kind {
        CastKind::CStyle => return print_c_cast(ty, x),
        CastKind::Functional => return print_functional_cast(ty, x),
        CastKind::Static => "static_cast",
        CastKind::Reinterpret => "reinterpret_cast",
        CastKind::Const => "const_cast",
        CastKind::Dynamic => "dynamic_cast",
    };
    let head = close_angle(format!("{keyword}<{}", print_ty(ty)));
    format!("{head}({})", print_expr_at(x, PREC_ASSIGN))
}

fn print_c_cast(ty: &Ty, x: &Expr) -> String {
    format!("({}){}", print_ty(ty), print_expr_at(x, PREC_CAST))
}

/// `T(e)`, `T(a, b)` (the operand is then a comma expression) or `T{...}`.
fn print_functional_cast(ty: &Ty, x: &Expr) -> String {
    if !functional_cast_ok(ty) {
        return print_c_cast(ty, x);
    }
    let t = print_ty(ty);
    match &x.kind {
        ExprKind::InitList(_) => format!("{t}{}", print_bare(x)),
        _ => format!("{t}({})", print_expr(x)),
    }
}

/// Whether `T(e)` is valid syntax for this type: a one-word or named type without qualifiers.
fn functional_cast_ok(ty: &Ty) -> bool {
    if ty.is_const || ty.is_volatile {
        return false;
    }
    match &ty.kind {
        TyKind::Named { .. } => true,
        TyKind::Pointer { .. } | TyKind::LRef(_) | TyKind::RRef(_) | TyKind::Array { .. } => false,
        _ => !print_ty(ty).contains(' '),
    }
}

/// Whether `e` as a template argument has an unparenthesised `>` (which would close the
/// argument list) or `<` (which may read as opening a nested one).
pub(crate) fn needs_parens_in_template_arg(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary(BinOp::Gt | BinOp::Shr | BinOp::Ge | BinOp::Lt, ..) => true,
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) => {
            needs_parens_in_template_arg(l) || needs_parens_in_template_arg(r)
        }
        ExprKind::Cond(c, t, f) => [c, t, f].iter().any(|x| needs_parens_in_template_arg(x)),
        ExprKind::Unary(_, x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::Cast {
            kind: CastKind::CStyle,
            expr: x,
            ..
        } => needs_parens_in_template_arg(x),
        ExprKind::Index(base, _) | ExprKind::Member { base, .. } => {
            needs_parens_in_template_arg(base)
        }
        ExprKind::Call { callee, .. } => needs_parens_in_template_arg(callee),
        _ => false,
    }
}

/// Whether the printed expression begins like a declaration or type-id: `int(x) ...` (our
/// parser takes a type keyword at the start as a declaration), `T(x) = y` / `T(x)[n]`
/// (declarations in C++ too), or `a * b ...` / `a & b ...`. Such expression statements and
/// template arguments get parentheses; `T(x).f()` keeps none.
pub(crate) fn starts_like_a_declaration(e: &Expr) -> bool {
    declaration_spine(e, true)
}

/// Follows the leftmost operands of `e`; `declarator` stays true while everything after the
/// start could still be read as a declarator (`= init`, `[n]`, `(args)`).
fn declaration_spine(e: &Expr, declarator: bool) -> bool {
    match &e.kind {
        ExprKind::Cast {
            kind: CastKind::Functional,
            ty,
            ..
        } => declarator || !matches!(ty.kind, TyKind::Named { .. }),
        ExprKind::Binary(op, first, _) => {
            let declarator_op = matches!(op, BinOp::Mul | BinOp::BitAnd | BinOp::And);
            (declarator_op && matches!(first.kind, ExprKind::Ident(_)))
                || declaration_spine(first, false)
        }
        ExprKind::Assign(_, first, _)
        | ExprKind::Index(first, _)
        | ExprKind::Call { callee: first, .. } => declaration_spine(first, declarator),
        ExprKind::Cond(first, ..)
        | ExprKind::Member { base: first, .. }
        | ExprKind::Launch { kernel: first, .. }
        | ExprKind::Unary(UnOp::PostInc | UnOp::PostDec, first) => declaration_spine(first, false),
        _ => false,
    }
}

fn print_lambda(l: &Lambda) -> String {
    let mut captures: Vec<String> = l.default_capture.iter().map(|c| c.to_string()).collect();
    captures.extend(
        l.captures
            .iter()
            .map(|(n, by_ref)| if *by_ref { format!("&{n}") } else { n.clone() }),
    );
    let params: Vec<String> = l.params.iter().map(crate::item::print_param).collect();
    let ret = l
        .ret
        .as_ref()
        .map(|t| format!(" -> {}", print_ty(t)))
        .unwrap_or_default();
    let mut body = String::new();
    for s in &l.body {
        body.push_str(&crate::stmt::print_stmt(s, 1));
    }
    let space = match (l.host, l.device) {
        (true, true) => " __host__ __device__ ",
        (false, true) => " __device__ ",
        (true, false) => " __host__ ",
        (false, false) => "",
    };
    format!(
        "[{}]{space}({}){ret} {{\n{body}}}",
        captures.join(", "),
        params.join(", ")
    )
}
