//! A struct's fields indexed as an array: `(&v.x)[k]`, what an accessor such as
//! `double& operator[](int k) { return (&x)[k]; }` becomes once methods.rs inlines it.
//!
//! The analyses know `v.x`, `v.y`, `v.z` as three lvalues of `v`, but not the pointer
//! arithmetic over them: a store `(&v.x)[k] = f((&v.x)[k])` would not count as a write of `v`
//! (nothing saves the old value), and forward mode finds no tangent for it. The field
//! consecutive to `x` of the same arithmetic type that `k` selects is made explicit: a read
//! becomes `k == 0 ? v.x : k == 1 ? v.y : v.z`, a statement storing into one becomes
//! `if (k == 0) v.x = e; else if (k == 1) v.y = e; else v.z = e;` (reads of the same element
//! in `e` are that field). A constant `k` is the field itself. Uses that need the element's
//! address (`&(&v.x)[k]`, a non-const reference argument, a store inside an expression) and
//! indices with effects are located errors, never code known to be wrong.

use crate::builder::*;
use crate::methods::{map_expr, map_stmt_exprs};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::source::Diagnostic;

type ObjectType<'t> = &'t dyn Fn(&Expr) -> Option<Ty>;

/// Rewrites the field-indexing expressions of `body` (see the module comment).
pub fn lower(
    prog: &Program,
    body: &mut [Stmt],
    object_type: ObjectType,
) -> Result<(), Vec<Diagnostic>> {
    let cx = Cx { prog, object_type };
    let mut errors = vec![];
    for s in body.iter() {
        cx.check_stmt(s, &mut errors);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for s in body.iter_mut() {
        cx.lower_stmt(s);
    }
    Ok(())
}

struct Cx<'p, 'a, 't> {
    prog: &'p Program<'a>,
    object_type: ObjectType<'t>,
}

/// `(&obj.f)[k]` read: the object's fields from `f` on that share its type, and `k`.
struct FieldIndex {
    fields: Vec<Expr>,
    index: Expr,
}

impl Cx<'_, '_, '_> {
    /// `e` as an indexed field (`(&v.x)[k]`), when `f` is an arithmetic field.
    fn field_index(&self, e: &Expr) -> Option<FieldIndex> {
        let ExprKind::Index(b, k) = &e.strip_parens().kind else {
            return None;
        };
        let ExprKind::Unary(UnOp::AddrOf, m) = &b.strip_parens().kind else {
            return None;
        };
        let ExprKind::Member { base, field, arrow } = &m.strip_parens().kind else {
            return None;
        };
        let obj_ty = (self.object_type)(base)?;
        let obj_ty = match (arrow, &obj_ty.kind) {
            (true, TyKind::Pointer { pointee, .. }) => self.prog.canonical(pointee),
            (true, _) => return None,
            (false, _) => obj_ty,
        };
        let fields = self.prog.fields(&obj_ty);
        let at = fields.iter().position(|(n, _)| n == field)?;
        let spelled = |t: &Ty| cuad_emit::print_ty(&t.clone().with_const(false));
        let fty = &fields[at].1;
        if !cuad_sema::types::is_arithmetic(fty) {
            return None;
        }
        let run = fields[at..]
            .iter()
            .take_while(|(_, t)| spelled(t) == spelled(fty))
            .map(|(n, _)| Expr::new(member((**base).clone(), n, *arrow).kind, m.span))
            .collect();
        Some(FieldIndex {
            fields: run,
            index: (**k).clone(),
        })
    }

    /// Uses the rewrite cannot express: addresses, non-const reference arguments, stores
    /// inside expressions, indices with effects, constant indices past the fields.
    fn check_stmt(&self, s: &Stmt, errors: &mut Vec<Diagnostic>) {
        let mut stores = vec![];
        store_targets(s, &mut stores);
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let misuse: Vec<&Expr> = match &x.kind {
                    ExprKind::Unary(
                        UnOp::AddrOf | UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                        y,
                    ) => vec![y],
                    ExprKind::Assign(_, l, _) if !stores.iter().any(|t| std::ptr::eq(*t, &**l)) => {
                        vec![l]
                    }
                    ExprKind::Call { callee, args, .. } => self.reference_args(callee, args),
                    _ => vec![],
                };
                for y in misuse.into_iter().filter(|y| self.field_index(y).is_some()) {
                    errors.push(Diagnostic::error(
                        y.span,
                        format!(
                            "cuad cannot differentiate `{}` here: fields indexed as an array (`(&v.x)[k]`) are supported only as values and as the target of an assignment statement",
                            cuad_emit::print_expr(y)
                        ),
                    ));
                }
                if let Some(fi) = self.field_index(x) {
                    let effects = crate::usage::any_expr(&fi.index, &|i| {
                        matches!(
                            i.kind,
                            ExprKind::Assign(..)
                                | ExprKind::Call { .. }
                                | ExprKind::Unary(
                                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                                    _
                                )
                        )
                    });
                    let past = const_index(&fi.index).is_some_and(|c| c >= fi.fields.len());
                    if effects || past {
                        errors.push(Diagnostic::error(
                            x.span,
                            format!(
                                "cuad cannot differentiate `{}`: a struct's fields indexed as an array need an index without effects within the {} consecutive fields of one type",
                                cuad_emit::print_expr(x),
                                fi.fields.len()
                            ),
                        ));
                    }
                }
            })
        });
    }

    /// The arguments a user function takes by non-const reference.
    fn reference_args<'e>(&self, callee: &Expr, args: &'e [Expr]) -> Vec<&'e Expr> {
        let ExprKind::Ident(name) = &callee.kind else {
            return vec![];
        };
        let fns = self.prog.functions_for_call(name, args.len());
        let by_ref = |j: usize| {
            fns.iter().any(|f| {
                f.params.get(j).is_some_and(
                    |p| matches!(&self.prog.canonical(&p.ty).kind, TyKind::LRef(t) if !t.is_const),
                )
            })
        };
        args.iter()
            .enumerate()
            .filter(|(j, _)| by_ref(*j))
            .map(|(_, a)| a)
            .collect()
    }

    fn lower_stmt(&self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Block(b) => b.iter_mut().for_each(|x| self.lower_stmt(x)),
            StmtKind::If { cond, then, els } => {
                self.lower_reads(cond);
                self.lower_stmt(then);
                if let Some(e) = els {
                    self.lower_stmt(e);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.lower_stmt(i);
                }
                cond.iter_mut()
                    .chain(step.iter_mut())
                    .for_each(|e| self.lower_reads(e));
                self.lower_stmt(body);
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.lower_reads(cond);
                self.lower_stmt(body);
            }
            StmtKind::Expr(Expr {
                kind: ExprKind::Assign(op, l, r),
                span,
            }) if self.field_index(l).is_some() => {
                let fi = self.field_index(l).expect("matched above");
                let target = cuad_emit::print_expr(l.strip_parens());
                let store = |field: &Expr| {
                    let mut value = (**r).clone();
                    // The element being stored is this field in its own branch.
                    map_expr(&mut value, &mut |x| {
                        if cuad_emit::print_expr(x.strip_parens()) == target {
                            *x = field.clone();
                        }
                    });
                    self.lower_reads(&mut value);
                    Stmt::new(
                        StmtKind::Expr(Expr::new(
                            ExprKind::Assign(*op, Box::new(field.clone()), Box::new(value)),
                            *span,
                        )),
                        s.span,
                    )
                };
                *s = match const_index(&fi.index) {
                    Some(c) => store(&fi.fields[c]),
                    None => {
                        let mut chain = store(fi.fields.last().expect("one field at least"));
                        for (c, f) in fi.fields.iter().enumerate().rev().skip(1) {
                            chain =
                                if_stmt(is_index(&fi.index, c), vec![store(f)], Some(vec![chain]));
                        }
                        chain
                    }
                };
            }
            _ => map_stmt_exprs(s, &mut |e| self.lower_read(e)),
        }
    }

    fn lower_reads(&self, e: &mut Expr) {
        map_expr(e, &mut |x| self.lower_read(x));
    }

    fn lower_read(&self, e: &mut Expr) {
        let Some(fi) = self.field_index(e) else {
            return;
        };
        *e = match const_index(&fi.index) {
            Some(c) => fi.fields[c].clone(),
            None => {
                let mut chain = fi.fields.last().expect("one field at least").clone();
                for (c, f) in fi.fields.iter().enumerate().rev().skip(1) {
                    chain = paren(Expr::synth(ExprKind::Cond(
                        Box::new(is_index(&fi.index, c)),
                        Box::new(f.clone()),
                        Box::new(chain),
                    )));
                }
                chain
            }
        };
    }
}

/// The targets of the assignment statements in `s` (what `lower_stmt` rewrites as stores).
fn store_targets<'s>(s: &'s Stmt, out: &mut Vec<&'s Expr>) {
    match &s.kind {
        StmtKind::Block(b) => b.iter().for_each(|x| store_targets(x, out)),
        StmtKind::If { then, els, .. } => {
            store_targets(then, out);
            if let Some(e) = els {
                store_targets(e, out);
            }
        }
        StmtKind::For { init, body, .. } => {
            if let Some(i) = init {
                store_targets(i, out);
            }
            store_targets(body, out);
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => store_targets(body, out),
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(_, l, _),
            ..
        }) => out.push(l),
        _ => {}
    }
}

/// `k == c`.
fn is_index(k: &Expr, c: usize) -> Expr {
    binary(BinOp::Eq, paren(k.clone()), int_lit(c as i64))
}

/// The index as a constant, when it is a literal.
fn const_index(k: &Expr) -> Option<usize> {
    match &k.strip_parens().kind {
        ExprKind::IntLit(text) => {
            let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
            digits.parse().ok()
        }
        _ => None,
    }
}
