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

// ------------------------------------------------------------------ statements

fn small_expr(rng: &mut Rng) -> Expr {
    gen(rng, 2)
}

fn local_decl(rng: &mut Rng) -> StmtKind {
    let float = Ty::new(TyKind::Float);
    let array = Ty::new(TyKind::Array {
        elem: Box::new(float.clone()),
        len: Some(Box::new(Expr::synth(ExprKind::IntLit("3".into())))),
    });
    let mut vars = vec![VarDecl {
        name: "v".into(),
        ty: float.clone(),
        init: Some(Init::Assign(gen(rng, 2))),
        span: Default::default(),
    }];
    if rng.below(2) == 0 {
        vars.push(VarDecl {
            name: "p".into(),
            ty: Ty::pointer_to(float),
            init: None,
            span: Default::default(),
        });
        vars.push(VarDecl {
            name: "q".into(),
            ty: array,
            init: None,
            span: Default::default(),
        });
    }
    StmtKind::Decl(DeclStmt {
        specs: DeclSpecs::default(),
        vars,
        span: Default::default(),
    })
}

fn gen_stmt(rng: &mut Rng, depth: u32) -> Stmt {
    let simple = depth == 0 || rng.below(4) == 0;
    let kind = if simple {
        match rng.below(6) {
            0 => local_decl(rng),
            1 => StmtKind::Break,
            2 => StmtKind::Return(Some(small_expr(rng))),
            3 => StmtKind::Empty,
            _ => StmtKind::Expr(Expr::synth(ExprKind::Assign(
                None,
                Box::new(Expr::ident("y")),
                Box::new(small_expr(rng)),
            ))),
        }
    } else {
        let d = depth - 1;
        match rng.below(7) {
            0 => StmtKind::Block((0..rng.below(3)).map(|_| gen_stmt(rng, d)).collect()),
            1 | 2 => StmtKind::If {
                cond: small_expr(rng),
                then: Box::new(gen_stmt(rng, d)),
                els: (rng.below(2) == 0).then(|| Box::new(gen_stmt(rng, d))),
            },
            3 => StmtKind::For {
                init: match rng.below(3) {
                    0 => None,
                    1 => Some(Box::new(Stmt::synth(local_decl(rng)))),
                    _ => Some(Box::new(Stmt::synth(StmtKind::Expr(small_expr(rng))))),
                },
                cond: (rng.below(3) > 0).then(|| small_expr(rng)),
                step: (rng.below(3) > 0).then(|| small_expr(rng)),
                body: Box::new(gen_stmt(rng, d)),
            },
            4 => StmtKind::While {
                cond: small_expr(rng),
                body: Box::new(gen_stmt(rng, d)),
            },
            5 => StmtKind::DoWhile {
                body: Box::new(gen_stmt(rng, d)),
                cond: small_expr(rng),
            },
            _ => StmtKind::Switch {
                cond: small_expr(rng),
                cases: (0..rng.below(3))
                    .map(|i| SwitchCase {
                        label: (i > 0).then(|| Expr::synth(ExprKind::IntLit(i.to_string()))),
                        body: (0..rng.below(3)).map(|_| gen_stmt(rng, d)).collect(),
                        span: Default::default(),
                    })
                    .collect(),
            },
        }
    };
    Stmt::synth(kind)
}

/// The tree the printer is specified to produce: an unbraced `then` that an `else` would
/// otherwise attach to gets braces.
fn with_dangling_else_braced(s: &mut Stmt) {
    match &mut s.kind {
        StmtKind::If { then, els, .. } => {
            with_dangling_else_braced(then);
            if let Some(e) = els {
                with_dangling_else_braced(e);
                if ends_with_open_if(then) {
                    let inner = std::mem::replace(&mut **then, Stmt::synth(StmtKind::Empty));
                    **then = Stmt::synth(StmtKind::Block(vec![inner]));
                }
            }
        }
        StmtKind::Block(v) => v.iter_mut().for_each(with_dangling_else_braced),
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => with_dangling_else_braced(body),
        StmtKind::Switch { cases, .. } => cases
            .iter_mut()
            .flat_map(|c| c.body.iter_mut())
            .for_each(with_dangling_else_braced),
        _ => {}
    }
}

fn ends_with_open_if(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::If { els: None, .. } => true,
        StmtKind::If { els: Some(e), .. } => ends_with_open_if(e),
        StmtKind::For { body, .. } | StmtKind::While { body, .. } => ends_with_open_if(body),
        _ => false,
    }
}

/// Removes `Paren` nodes from every expression of a statement.
fn unparen_stmt(s: &mut Stmt) {
    match &mut s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => unparen(e),
        StmtKind::Decl(d) => {
            for v in &mut d.vars {
                if let Some(Init::Assign(e)) = &mut v.init {
                    unparen(e);
                }
            }
        }
        StmtKind::Block(v) => v.iter_mut().for_each(unparen_stmt),
        StmtKind::If { cond, then, els } => {
            unparen(cond);
            unparen_stmt(then);
            els.iter_mut().for_each(|e| unparen_stmt(e));
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            init.iter_mut().for_each(|i| unparen_stmt(i));
            cond.iter_mut().chain(step.iter_mut()).for_each(unparen);
            unparen_stmt(body);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            unparen(cond);
            unparen_stmt(body);
        }
        StmtKind::Switch { cond, cases } => {
            unparen(cond);
            cases
                .iter_mut()
                .flat_map(|c| c.body.iter_mut())
                .for_each(unparen_stmt);
        }
        _ => {}
    }
}

/// Parses a function whose body is the printed statements.
fn reparse_body(body_text: &str) -> Result<Vec<Stmt>, String> {
    let src = format!("void f() {{\n{body_text}}}\n");
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add("gen.cu", src.clone());
    let tokens = pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let mut tu = parser::parse(&tokens, &mut diags);
    strip_spans(&mut tu);
    match tu.items.as_slice() {
        [Item::Function(Function { body: Some(b), .. })] => Ok(b.clone()),
        _ => Err(format!("not one function:\n{src}\n{}", diags.render(&sm))),
    }
}

#[test]
fn generated_statements_reparse_to_the_same_tree() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let cases: usize = std::env::var("CUAD_REPARSE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let mut failures = Vec::new();
    for _ in 0..cases {
        let s = gen_stmt(&mut rng, 4);
        let text = print_stmt(&s, 1);
        let mut want = s.clone();
        with_dangling_else_braced(&mut want);
        match reparse_body(&text) {
            Ok(mut back) => {
                back.iter_mut().for_each(unparen_stmt);
                if back != vec![want] {
                    let got: String = back.iter().map(|b| print_stmt(b, 1)).collect();
                    failures.push(format!("{text}  re-parsed as\n{got}"));
                }
            }
            Err(msg) => failures.push(msg),
        }
        if failures.len() >= 5 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn structured_bindings_print_and_reparse() {
    let text = "auto [p, q] = split(x[i]);\nconst auto& [a, b] = s[i];\nauto&& [c] = t;\nauto [d, e] = u = v;\n";
    let body = reparse_body(text).expect("parses");
    assert!(body.iter().all(|s| matches!(s.kind, StmtKind::Bindings(_))));
    let printed: String = body.iter().map(|s| print_stmt(s, 0)).collect();
    assert_eq!(
        printed,
        "auto [p, q] = split(x[i]);\nconst auto& [a, b] = s[i];\nauto&& [c] = t;\nauto [d, e] = u = v;\n"
    );
    assert_eq!(reparse_body(&printed).expect("reparses"), body);
}
