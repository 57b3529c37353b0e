//! `*std::max_element(first, last)` / `*std::min_element(first, last)` (a comparator too):
//! the element the search finds. Its offset is computed before the statement,
//!
//! ```text
//! long long _cuad_ext0 = std::max_element(first, last) - (first);
//! ```
//!
//! and the value is the indexed read `base[lo + _cuad_ext0]`, so its adjoint goes to that
//! element (the search itself only picks an index, which carries no derivative). Ranges are
//! those of `std::accumulate` (`accumulate::bound`): offsets in one pointer or vector.

use crate::accumulate::bound;
use crate::builder::*;
use crate::tile_reduce::{hoist_collectives, Collectives};
use cuad_syntax::ast::*;
use cuad_syntax::Diagnostic;

/// Lowers every dereferenced `std::max_element` / `std::min_element` of `body`.
pub fn lower(body: &mut Vec<Stmt>) -> Result<(), Vec<Diagnostic>> {
    if !crate::usage::any_expr_in(body, &|x| search(x).is_some()) {
        return Ok(());
    }
    hoist_collectives(body, &mut Extremum { count: 0 })
}

struct Extremum {
    count: usize,
}

/// The search's arguments when `e` is `*std::max_element(...)` / `*std::min_element(...)`
/// (qualified: a user's own `max_element` is a function of the file).
fn search(e: &Expr) -> Option<&[Expr]> {
    let ExprKind::Unary(UnOp::Deref, call) = &e.kind else {
        return None;
    };
    let ExprKind::Call { callee, args, .. } = &call.strip_parens().kind else {
        return None;
    };
    let ExprKind::Ident(n) = &callee.kind else {
        return None;
    };
    let known = matches!(
        n.trim_start_matches("::"),
        "std::max_element" | "std::min_element"
    );
    (known && matches!(args.len(), 2 | 3)).then_some(args.as_slice())
}

impl Collectives for Extremum {
    fn what(&self) -> (&'static str, &'static str) {
        ("`*std::max_element`", "range")
    }

    fn is_collective(&self, e: &Expr) -> bool {
        search(e).is_some()
    }

    // The search only reads the range: running it on every path is harmless.
    fn hoists_from_conditionals(&self) -> bool {
        true
    }

    fn expand(
        &mut self,
        e: &Expr,
        hoisted: &mut Vec<Stmt>,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<Expr> {
        let args = search(e)?;
        let (first, last) = (bound(&args[0]), bound(&args[1]));
        let text = cuad_emit::print_expr;
        if text(&first.base) != text(&last.base) {
            errors.push(Diagnostic::error(
                e.span,
                format!("cuad differentiates the element a search finds over `v.begin()`/`v.end()` of one vector, or over `p`/`p + n` of one pointer; here the ends `{}` and `{}` are not offsets in one buffer", text(&args[0]), text(&args[1])),
            ));
            return None;
        }
        let ExprKind::Unary(_, call) = &e.kind else {
            return None;
        };
        let k = format!("_cuad_ext{}", self.count);
        self.count += 1;
        let offset_ty = Ty::new(TyKind::Int {
            kind: IntKind::LongLong,
            signed: Some(true),
        });
        // A vector's iterators as pointers into its buffer (`data()`), a use that lets the
        // vector lower to one (vectors.rs).
        let mut call = (**call).clone();
        crate::methods::map_expr(&mut call, &mut iterator_as_pointer);
        let mut first_ptr = args[0].clone();
        crate::methods::map_expr(&mut first_ptr, &mut iterator_as_pointer);
        let found = binary(BinOp::Sub, call, paren(first_ptr));
        hoisted.push(decl(offset_ty.with_const(true), &k, Some(found)));
        let at = match first.offset {
            Some(lo) => binary(BinOp::Add, paren(lo), ident(&k)),
            None => ident(&k),
        };
        Some(index(paren(first.base), at))
    }
}

/// `v.begin()` -> `v.data()`, `v.end()` -> `(v.data() + v.size())` (`cbegin`/`cend` too).
fn iterator_as_pointer(e: &mut Expr) {
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return;
    };
    let ExprKind::Member { base, field, arrow } = &callee.kind else {
        return;
    };
    if !args.is_empty() {
        return;
    }
    let method = |name: &str| {
        Expr::synth(ExprKind::Call {
            callee: Box::new(Expr::synth(ExprKind::Member {
                base: base.clone(),
                field: name.to_string(),
                arrow: *arrow,
            })),
            template_args: vec![],
            args: vec![],
        })
    };
    *e = match field.as_str() {
        "begin" | "cbegin" => method("data"),
        "end" | "cend" => paren(binary(BinOp::Add, method("data"), method("size"))),
        _ => return,
    };
}
