//! `cg::reduce(tile, v, op)` over a warp tile of `S` threads (`S` a literal power of two up to
//! 32) as a butterfly of shuffles the differentiator already knows:
//!
//! ```text
//! float s = cg::reduce(warp, v, cg::plus<float>());
//! // becomes
//! float _cuad_red0 = v;
//! float _cuad_red0_other;
//! _cuad_red0_other = __shfl_xor_sync(0xffffffff, _cuad_red0, 16, 32);
//! _cuad_red0 = _cuad_red0 + _cuad_red0_other;
//! ...                                                      // offsets 8, 4, 2, 1
//! float s = _cuad_red0;
//! ```
//!
//! Every thread of the tile ends with the same result, as `cg::reduce` gives. `op` is
//! `cg::plus`, `cg::less` (minimum), `cg::greater` (maximum) or `cg::bit_and`/`bit_or`/
//! `bit_xor`. The reduction is a collective, so it stays where it was: it is hoisted only out
//! of a statement's own expressions, never out of a loop condition or a conditionally
//! evaluated operand (`?:`, `&&`, `||`), which are errors.

use crate::builder::*;
use cuad_syntax::ast::*;
use cuad_syntax::Diagnostic;

/// The operation of a `cg::reduce` functor, `(a, b) -> result`.
#[derive(Clone, Copy)]
enum Op {
    Plus,
    Min,
    Max,
    Bit(BinOp),
}

impl Op {
    fn of(functor: &Expr) -> Option<(Op, Option<Ty>)> {
        // `cg::plus<float>()` is a call with template arguments; `cg::plus<float>{}` a
        // functional cast to a named type.
        let (name, targs) = match &functor.strip_parens().kind {
            ExprKind::Call {
                callee,
                template_args,
                args,
            } if args.is_empty() => match &callee.kind {
                ExprKind::Ident(n) => (n.as_str(), template_args.as_slice()),
                _ => return None,
            },
            ExprKind::Cast {
                kind: CastKind::Functional,
                ty,
                expr,
            } if matches!(&expr.kind, ExprKind::InitList(v) if v.is_empty()) => match &ty.kind {
                TyKind::Named { name, args } => (name.as_str(), args.as_slice()),
                _ => return None,
            },
            _ => return None,
        };
        let op = match name.rsplit("::").next()? {
            "plus" => Op::Plus,
            "less" => Op::Min,
            "greater" => Op::Max,
            "bit_and" => Op::Bit(BinOp::BitAnd),
            "bit_or" => Op::Bit(BinOp::BitOr),
            "bit_xor" => Op::Bit(BinOp::BitXor),
            _ => return None,
        };
        let ty = match targs {
            [TemplateArg::Type(t)] => Some(t.clone()),
            _ => None,
        };
        Some((op, ty))
    }

    fn combine(self, a: Expr, b: Expr) -> Expr {
        match self {
            Op::Plus => binary(BinOp::Add, a, b),
            Op::Bit(op) => binary(op, a, b),
            // `b < a ? b : a` keeps `a` on ties, as a sequential minimum would.
            Op::Min => cond(binary(BinOp::Lt, b.clone(), a.clone()), b, a),
            Op::Max => cond(binary(BinOp::Lt, a.clone(), b.clone()), b, a),
        }
    }
}

fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    paren(Expr::synth(ExprKind::Cond(
        Box::new(c),
        Box::new(a),
        Box::new(b),
    )))
}

/// A family of collective calls that a statement's expressions may contain, each lowered to
/// statements run right before that statement (by every thread that runs it) and an
/// expression for its result.
pub trait Collectives {
    /// How diagnostics name the calls (`` `cg::reduce` ``) and the threads taking part.
    fn what(&self) -> (&'static str, &'static str);
    fn is_collective(&self, e: &Expr) -> bool;
    /// Why a call of the family cannot sit in a `?:` arm or behind `&&` / `||`.
    fn conditional_error(&self) -> String {
        let (what, group) = self.what();
        format!("{what} is a collective of the whole {group}: cuad needs it outside `?:`, `&&` and `||`")
    }
    /// Whether a call in a `?:` arm or behind `&&` / `||` may be computed before the statement
    /// on every path (it has no effects and cannot fail).
    fn hoists_from_conditionals(&self) -> bool {
        false
    }
    /// The statements computing `e` and the expression standing for its value; `None` after
    /// pushing an error.
    fn expand(
        &mut self,
        e: &Expr,
        hoisted: &mut Vec<Stmt>,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<Expr>;
}

struct TileReduce<'a> {
    tiles: &'a [(String, i64)],
    count: usize,
}

/// Lowers every `cg::reduce` over one of `tiles` (name, size) in `body`.
pub fn lower(body: &mut Vec<Stmt>, tiles: &[(String, i64)]) -> Result<(), Vec<Diagnostic>> {
    if tiles.is_empty() {
        return Ok(());
    }
    hoist_collectives(body, &mut TileReduce { tiles, count: 0 })
}

/// Replaces every collective of `c` in `body` by its lowering.
pub fn hoist_collectives(
    body: &mut Vec<Stmt>,
    c: &mut dyn Collectives,
) -> Result<(), Vec<Diagnostic>> {
    let mut l = Lowering { c, errors: vec![] };
    l.list(body);
    match l.errors.is_empty() {
        true => Ok(()),
        false => Err(l.errors),
    }
}

struct Lowering<'a> {
    c: &'a mut dyn Collectives,
    errors: Vec<Diagnostic>,
}

impl TileReduce<'_> {
    /// The tile size when `e` is `reduce(tile, v, op)` over a known tile.
    fn reduction(&self, e: &Expr) -> Option<i64> {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return None;
        };
        let ExprKind::Ident(n) = &callee.kind else {
            return None;
        };
        if n.rsplit("::").next() != Some("reduce") || args.len() != 3 {
            return None;
        }
        match &args[0].strip_parens().kind {
            ExprKind::Ident(t) => self.tiles.iter().find(|(x, _)| x == t).map(|(_, s)| *s),
            _ => None,
        }
    }
}

impl Lowering<'_> {
    fn contains_reduction(&self, e: &Expr) -> bool {
        let mut found = false;
        crate::usage::walk_expr(e, &mut |x| found |= self.c.is_collective(x));
        found
    }

    fn list(&mut self, stmts: &mut Vec<Stmt>) {
        let mut out = Vec::with_capacity(stmts.len());
        for mut st in std::mem::take(stmts) {
            self.nested(&mut st);
            out.extend(self.hoist(&mut st));
            out.push(st);
        }
        *stmts = out;
    }

    /// Lowers the statements nested in `st` (each in its own list).
    fn nested(&mut self, st: &mut Stmt) {
        match &mut st.kind {
            StmtKind::Block(b) => self.list(b),
            StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| self.list(&mut c.body)),
            _ => st.for_each_child_mut(&mut |c| {
                if matches!(c.kind, StmtKind::Block(_)) {
                    self.nested(c);
                    return;
                }
                let mut one = vec![c.clone()];
                self.list(&mut one);
                *c = match one.len() {
                    1 => one.pop().expect("one statement"),
                    _ => block(one),
                };
            }),
        }
    }

    /// The statements computing the reductions in `st`'s own expressions, which then use
    /// their results.
    fn hoist(&mut self, st: &mut Stmt) -> Vec<Stmt> {
        // Loop conditions and steps run once per iteration: hoisting would run them once.
        let per_iteration: Vec<&Expr> = match &st.kind {
            StmtKind::For { cond, step, .. } => cond.iter().chain(step.iter()).collect(),
            StmtKind::While { cond, .. } | StmtKind::DoWhile { cond, .. } => vec![cond],
            _ => vec![],
        };
        let in_for_init = match &st.kind {
            StmtKind::For { init: Some(i), .. } => {
                let mut found = false;
                crate::usage::visit_stmt_exprs(i, &mut |e| found |= self.contains_reduction(e));
                found
            }
            _ => false,
        };
        if per_iteration.iter().any(|e| self.contains_reduction(e)) || in_for_init {
            self.errors.push(Diagnostic::error(
                st.span,
                format!("cuad lowers {} only in a statement's own expressions, not in a loop's header: compute it into a local first", self.c.what().0),
            ));
            return vec![];
        }
        let mut hoisted = vec![];
        match &mut st.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e, false, &mut hoisted),
            StmtKind::If { cond, .. } | StmtKind::Switch { cond, .. } => {
                self.expr(cond, false, &mut hoisted)
            }
            StmtKind::Decl(d) => {
                for v in &mut d.vars {
                    match &mut v.init {
                        Some(Init::Assign(e)) => self.expr(e, false, &mut hoisted),
                        Some(Init::Brace(es)) | Some(Init::Paren(es)) => es
                            .iter_mut()
                            .for_each(|e| self.expr(e, false, &mut hoisted)),
                        None => {}
                    }
                }
            }
            _ => {}
        }
        hoisted
    }

    /// Replaces the reductions in `e` (children first) with locals computed in `hoisted`.
    /// `conditional`: `e` is evaluated only on some paths of its statement.
    fn expr(&mut self, e: &mut Expr, conditional: bool, hoisted: &mut Vec<Stmt>) {
        match &mut e.kind {
            ExprKind::Cond(c, a, b) => {
                self.expr(c, conditional, hoisted);
                self.expr(a, true, hoisted);
                self.expr(b, true, hoisted);
                return;
            }
            ExprKind::Binary(BinOp::And | BinOp::Or, l, r) => {
                self.expr(l, conditional, hoisted);
                self.expr(r, true, hoisted);
                return;
            }
            _ => {}
        }
        let taken = std::mem::replace(e, Expr::synth(ExprKind::Nullptr));
        *e = crate::usage::map_subexprs(taken, &mut |mut x| {
            self.expr(&mut x, conditional, hoisted);
            x
        });
        if !self.c.is_collective(e) {
            return;
        }
        if conditional && !self.c.hoists_from_conditionals() {
            let msg = self.c.conditional_error();
            self.errors.push(Diagnostic::error(e.span, msg));
            return;
        }
        if let Some(value) = self.c.expand(e, hoisted, &mut self.errors) {
            *e = Expr::new(value.kind, e.span);
        }
    }
}

/// Statements leaving in `name` (a local initialized with this thread's value) the sum over
/// the `size` lanes (a power of two up to 32) of each aligned group of lanes, in every lane.
fn push_butterfly_of(hoisted: &mut Vec<Stmt>, ty: &Ty, name: &str, size: i64, op: Op) {
    push_butterfly_with(hoisted, ty, name, size, &|a, b| op.combine(a, b))
}

/// The butterfly over tiles of `size` lanes folding `name` with `combine(own, other lane's)`.
pub fn push_butterfly_with(
    hoisted: &mut Vec<Stmt>,
    ty: &Ty,
    name: &str,
    size: i64,
    combine: &dyn Fn(Expr, Expr) -> Expr,
) {
    // Each shuffle gets its own statement, which every thread of the tile runs: in the
    // minimum's `b < a ? b : a` it would run only on one side, and so would its adjoint.
    let other = format!("{name}_other");
    hoisted.push(decl(ty.clone(), &other, None));
    let mut offset = size / 2;
    while offset > 0 {
        let shuffled = call(
            "__shfl_xor_sync",
            vec![
                Expr::synth(ExprKind::IntLit("0xffffffff".into())),
                ident(name),
                int_lit(offset),
                int_lit(size),
            ],
        );
        hoisted.push(expr_stmt(assign(ident(&other), shuffled)));
        hoisted.push(expr_stmt(assign(
            ident(name),
            combine(ident(name), ident(&other)),
        )));
        offset /= 2;
    }
}

impl Collectives for TileReduce<'_> {
    fn what(&self) -> (&'static str, &'static str) {
        ("`cg::reduce`", "tile")
    }

    fn is_collective(&self, e: &Expr) -> bool {
        self.reduction(e).is_some()
    }

    fn expand(
        &mut self,
        e: &Expr,
        hoisted: &mut Vec<Stmt>,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<Expr> {
        let size = self.reduction(e)?;
        let ExprKind::Call { args, .. } = &e.kind else {
            return None;
        };
        let Some((op, ty)) = Op::of(&args[2]) else {
            errors.push(Diagnostic::error(
                args[2].span,
                "cuad lowers `cg::reduce` with `cg::plus`, `cg::less`, `cg::greater` or `cg::bit_and`/`bit_or`/`bit_xor` only",
            ));
            return None;
        };
        let name = format!("_cuad_red{}", self.count);
        self.count += 1;
        let Some(ty) = ty else {
            errors.push(Diagnostic::error(
                args[2].span,
                "cuad needs the element type of `cg::reduce`'s operation spelled out (`cg::plus<float>()`)",
            ));
            return None;
        };
        hoisted.push(decl(ty.clone(), &name, Some(args[1].clone())));
        push_butterfly_of(hoisted, &ty, &name, size, op);
        Some(ident(&name))
    }
}
