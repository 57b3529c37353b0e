//! `std::accumulate(first, last, init)` (and `std::reduce` with an initial value) with the
//! default `+` becomes, before its statement, a sum loop over the range:
//!
//! ```text
//! auto _cuad_acc0 = init;
//! for (long long _cuad_acc0_k = lo; _cuad_acc0_k < (long long)(hi); ++_cuad_acc0_k)
//!   _cuad_acc0 = _cuad_acc0 + base[_cuad_acc0_k];
//! ```
//!
//! so both modes differentiate it as an ordinary host loop (init and every element get the
//! seed), and a `std::vector` read only through `begin()`/`end()` lowers to a buffer
//! (vectors.rs). Ranges: `v.begin()`/`v.end()` (`cbegin`/`cend`) of one vector, or one pointer
//! expression and offsets from it (`p, p + n`, `v.data(), v.data() + n`, `a, a + n`).

use crate::builder::*;
use crate::tile_reduce::{hoist_collectives, Collectives};
use cuad_syntax::ast::*;
use cuad_syntax::Diagnostic;

/// Lowers every `std::accumulate` of `body`.
pub fn lower(body: &mut Vec<Stmt>) -> Result<(), Vec<Diagnostic>> {
    if !crate::usage::any_expr_in(body, &|x| sum_name(x).is_some()) {
        return Ok(());
    }
    hoist_collectives(body, &mut Accumulate { count: 0 })
}

struct Accumulate {
    count: usize,
}

/// The name of a call of `std::accumulate` / `std::reduce` with an initial value. Only the
/// qualified names: a user's own `accumulate(...)` is a function of the file.
fn sum_name(e: &Expr) -> Option<&'static str> {
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return None;
    };
    let ExprKind::Ident(n) = &callee.kind else {
        return None;
    };
    match (n.trim_start_matches("::"), args.len()) {
        ("std::accumulate", 3 | 4) => Some("std::accumulate"),
        ("std::reduce", 3 | 4) => Some("std::reduce"),
        _ => None,
    }
}

/// One end of a range: the buffer it indexes and its offset there (`None`: 0).
pub struct Bound {
    pub base: Expr,
    pub offset: Option<Expr>,
}

/// `v.begin()` / `v.end()` (also `cbegin` / `cend`), `x + k`, `x - k`, or a pointer `x`.
pub fn bound(e: &Expr) -> Bound {
    let e = e.strip_parens();
    match &e.kind {
        ExprKind::Call { callee, args, .. } if args.is_empty() => {
            if let ExprKind::Member { base, field, .. } = &callee.kind {
                let v = (**base).clone();
                match field.as_str() {
                    "begin" | "cbegin" => {
                        return Bound {
                            base: v,
                            offset: None,
                        }
                    }
                    "end" | "cend" => {
                        let size = Expr::synth(ExprKind::Call {
                            callee: Box::new(Expr::synth(ExprKind::Member {
                                base: base.clone(),
                                field: "size".to_string(),
                                arrow: false,
                            })),
                            template_args: vec![],
                            args: vec![],
                        });
                        return Bound {
                            base: v,
                            offset: Some(size),
                        };
                    }
                    _ => {}
                }
            }
        }
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), l, r) => {
            let inner = bound(l);
            let k = paren((**r).clone());
            let offset = match inner.offset {
                Some(o) => binary(*op, o, k),
                None if *op == BinOp::Add => k,
                None => Expr::synth(ExprKind::Unary(UnOp::Neg, Box::new(k))),
            };
            return Bound {
                base: inner.base,
                offset: Some(offset),
            };
        }
        _ => {}
    }
    Bound {
        base: e.clone(),
        offset: None,
    }
}

/// `+` written as a function object: `std::plus<T>()`, `std::plus<>{}`.
fn is_plus(e: &Expr) -> bool {
    let text = cuad_emit::print_expr(e);
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let name = text.trim_start_matches("::");
    (name.starts_with("std::plus<") || name.starts_with("plus<"))
        && (name.ends_with(">()") || name.ends_with(">{}"))
}

impl Collectives for Accumulate {
    fn what(&self) -> (&'static str, &'static str) {
        ("`std::accumulate`", "range")
    }

    fn is_collective(&self, e: &Expr) -> bool {
        sum_name(e).is_some()
    }

    fn conditional_error(&self) -> String {
        "cuad lowers `std::accumulate` into a loop run before its statement: it needs it outside `?:`, `&&` and `||` (compute it into a local first)".to_string()
    }

    fn expand(
        &mut self,
        e: &Expr,
        hoisted: &mut Vec<Stmt>,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<Expr> {
        let name = sum_name(e)?;
        let ExprKind::Call { args, .. } = &e.kind else {
            return None;
        };
        if args.get(3).is_some_and(|op| !is_plus(op)) {
            errors.push(Diagnostic::error(
                e.span,
                format!("cuad differentiates `{name}(first, last, init)` with the default `+` (or `std::plus<>()`) only: write the loop with your operation"),
            ));
            return None;
        }
        let (first, last) = (bound(&args[0]), bound(&args[1]));
        let text = |x: &Expr| cuad_emit::print_expr(x);
        if text(&first.base) != text(&last.base) {
            errors.push(Diagnostic::error(
                e.span,
                format!("cuad differentiates `{name}` over `v.begin()`/`v.end()` of one vector, or over `p`/`p + n` of one pointer (`v.data()`, an array); here the ends `{}` and `{}` are not offsets in one buffer", text(&args[0]), text(&args[1])),
            ));
            return None;
        }
        let acc = format!("_cuad_acc{}", self.count);
        let k = format!("{acc}_k");
        self.count += 1;
        let counter_ty = Ty::new(TyKind::Int {
            kind: IntKind::LongLong,
            signed: Some(true),
        });
        let as_counter = |x: Expr| {
            Expr::synth(ExprKind::Cast {
                kind: CastKind::CStyle,
                ty: counter_ty.clone(),
                expr: Box::new(paren(x)),
            })
        };
        let lo = first.offset.map(as_counter).unwrap_or_else(|| int_lit(0));
        let hi = last.offset.map(as_counter).unwrap_or_else(|| int_lit(0));
        hoisted.push(decl(Ty::new(TyKind::Auto), &acc, Some(args[2].clone())));
        let element = index(paren(first.base), ident(&k));
        let add = expr_stmt(assign(
            ident(&acc),
            binary(BinOp::Add, ident(&acc), element),
        ));
        hoisted.push(Stmt::new(
            StmtKind::For {
                init: Some(Box::new(decl(counter_ty.clone(), &k, Some(lo)))),
                cond: Some(binary(BinOp::Lt, ident(&k), hi)),
                step: Some(Expr::synth(ExprKind::Unary(
                    UnOp::PreInc,
                    Box::new(ident(&k)),
                ))),
                body: Box::new(block(vec![add])),
            },
            e.span,
        ));
        Some(ident(&acc))
    }
}
