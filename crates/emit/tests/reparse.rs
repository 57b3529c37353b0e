//! Generated expressions without `Paren` nodes (as transformations build them) print to text
//! that the real parser reads back as the same tree: the inserted parentheses are exactly
//! the necessary grouping.

use cuad_emit::{print_expr, print_stmt, print_tu, strip_spans};
use cuad_syntax::ast::*;
use cuad_syntax::pp::{self, PpOptions};
use cuad_syntax::{parser, Diagnostics, SourceMap};

/// Small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

const BINOPS: [BinOp; 19] = [
    BinOp::Mul,
    BinOp::Div,
    BinOp::Rem,
    BinOp::Add,
    BinOp::Sub,
    BinOp::Shl,
    BinOp::Shr,
    BinOp::Lt,
    BinOp::Gt,
    BinOp::Le,
    BinOp::Ge,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::BitAnd,
    BinOp::BitXor,
    BinOp::BitOr,
    BinOp::And,
    BinOp::Or,
    BinOp::Comma,
];

const UNOPS: [UnOp; 10] = [
    UnOp::Neg,
    UnOp::Plus,
    UnOp::Not,
    UnOp::BitNot,
    UnOp::Deref,
    UnOp::AddrOf,
    UnOp::PreInc,
    UnOp::PreDec,
    UnOp::PostInc,
    UnOp::PostDec,
];

fn leaf(rng: &mut Rng) -> Expr {
    let kind = match rng.below(4) {
        0 => ExprKind::IntLit(rng.pick(&["1", "0x1Fu", "42ull"]).into()),
        1 => ExprKind::FloatLit(rng.pick(&["1.5f", "2e-3", "0.5"]).into()),
        _ => ExprKind::Ident(rng.pick(&["a", "b", "x", "d_y", "std::sin"]).into()),
    };
    Expr::synth(kind)
}

fn gen(rng: &mut Rng, depth: u32) -> Expr {
    if depth == 0 || rng.below(6) == 0 {
        return leaf(rng);
    }
    let d = depth - 1;
    let kind = match rng.below(16) {
        0..=3 => {
            let op = rng.pick(&BINOPS);
            ExprKind::Binary(op, sub(rng, d), sub(rng, d))
        }
        4 | 5 => ExprKind::Unary(rng.pick(&UNOPS), sub(rng, d)),
        6 => {
            let op = rng.pick(&[None, Some(BinOp::Add), Some(BinOp::Mul), Some(BinOp::Shl)]);
            ExprKind::Assign(op, sub(rng, d), sub(rng, d))
        }
        7 => ExprKind::Cond(sub(rng, d), sub(rng, d), sub(rng, d)),
        8 => ExprKind::Cast {
            kind: CastKind::CStyle,
            ty: Ty::new(TyKind::Float),
            expr: sub(rng, d),
        },
        9 => ExprKind::Index(sub(rng, d), sub(rng, d)),
        10 => ExprKind::Member {
            base: sub(rng, d),
            field: "x".into(),
            arrow: rng.below(2) == 0,
        },
        11 => ExprKind::Call {
            callee: Box::new(Expr::ident("f")),
            template_args: vec![],
            args: vec![gen(rng, d), gen(rng, d)],
        },
        12 => ExprKind::SizeofExpr(sub(rng, d)),
        13 => ExprKind::Cast {
            kind: CastKind::Static,
            ty: Ty::new(TyKind::Double),
            expr: sub(rng, d),
        },
        14 => ExprKind::Cast {
            kind: CastKind::Functional,
            ty: Ty::int(),
            expr: sub(rng, d),
        },
        _ => ExprKind::Call {
            callee: Box::new(Expr::ident("std::max")),
            template_args: vec![
                TemplateArg::Type(Ty::new(TyKind::Float)),
                TemplateArg::Expr(gen(rng, d)),
            ],
            args: vec![gen(rng, d)],
        },
    };
    Expr::synth(kind)
}

fn sub(rng: &mut Rng, depth: u32) -> Box<Expr> {
    Box::new(gen(rng, depth))
}

/// Removes `Paren` nodes, which the printer adds where grouping requires them.
fn unparen(e: &mut Expr) {
    while let ExprKind::Paren(inner) = &mut e.kind {
        *e = std::mem::replace(&mut **inner, Expr::ident(""));
    }
    match &mut e.kind {
        ExprKind::Unary(_, x) | ExprKind::SizeofExpr(x) | ExprKind::Cast { expr: x, .. } => {
            unparen(x)
        }
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) | ExprKind::Index(l, r) => {
            unparen(l);
            unparen(r);
        }
        ExprKind::Cond(c, t, f) => {
            unparen(c);
            unparen(t);
            unparen(f);
        }
        ExprKind::Member { base, .. } => unparen(base),
        ExprKind::Call {
            callee,
            args,
            template_args,
        } => {
            unparen(callee);
            args.iter_mut().for_each(unparen);
            for a in template_args {
                if let TemplateArg::Expr(x) = a {
                    unparen(x);
                }
            }
        }
        _ => {}
    }
}

/// Parses `void f() { <stmt> }` and returns the statement's expression.
fn reparse_expr(stmt: &str) -> Result<Expr, String> {
    let src = format!("void f() {{\n{stmt}}}\n");
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add("gen.cu", src.clone());
    let tokens = pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let mut tu = parser::parse(&tokens, &mut diags);
    strip_spans(&mut tu);
    let body = match tu.items.as_slice() {
        [Item::Function(Function { body: Some(b), .. })] => b.clone(),
        _ => return Err(format!("not one function:\n{src}\n{}", diags.render(&sm))),
    };
    match body.as_slice() {
        [Stmt {
            kind: StmtKind::Expr(e),
            ..
        }] => Ok(e.clone()),
        _ => Err(format!("not one expression statement:\n{}", print_tu(&tu))),
    }
}

#[test]
fn generated_expressions_reparse_to_the_same_tree() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut failures = Vec::new();
    // `CUAD_REPARSE_CASES=100000` for a longer run.
    let cases: usize = std::env::var("CUAD_REPARSE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000);
    for _ in 0..cases {
        let e = gen(&mut rng, 5);
        let text = print_expr(&e);
        match reparse_expr(&print_stmt(&Stmt::synth(StmtKind::Expr(e.clone())), 1)) {
            Ok(mut back) => {
                unparen(&mut back);
                if back != e {
                    failures.push(format!("{text}\n  re-parsed as {}", print_expr(&back)));
                }
            }
            Err(msg) => failures.push(format!("{text}\n  {msg}")),
        }
        if failures.len() >= 10 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
