//! Local arrays of buffer pointers in host code, as image pyramids keep their levels:
//! `double* pyr[LEVELS]; for (l...) cudaMalloc(&pyr[l], bytes); k<<<...>>>(pyr[l - 1], pyr[l])`.
//! The host pass follows buffers through pointer variables (allocations and their sizes,
//! checkpoints, adjoint mirrors, frees); an entry of an array is none of them.
//!
//! `scalarize`: such an array (constant length, entries pointers to memory with derivatives,
//! some entry given to a launch or a CUDA runtime call) becomes one pointer variable per entry
//! (`pyr_0`, `pyr_1`, ...). A statement using entries at indices that are not constants
//! becomes one copy per combination of entries, chosen by an `if` chain over the indices'
//! values: `pyr[l - 1]` and `pyr[l]` share the base `l`, so the chain runs over the values
//! of `l` for which both name an entry (`if (l == 1) k<<<...>>>(pyr_0, pyr_1); else
//! k<<<...>>>(pyr_1, pyr_2);`; an index outside the array is undefined behaviour, so the last
//! value needs no test). A use cuad cannot write out so (the array passed or copied whole, an
//! index with side effects or that the statement changes, an entry in a loop or `if` header,
//! too many combinations) is a located error: the buffers would have no adjoints.

use crate::builder::*;
use crate::normalize::Local;
use crate::usage::{map_subexprs, may_have_effects, reads, stmt_writes_one, walk_expr, Names};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};

/// Copies of one statement written out at most (the product of each index base's values).
const MAX_COPIES: usize = 64;

/// Entries an array may have to be split.
const MAX_ENTRIES: i64 = 64;

/// Replaces the local arrays of buffer pointers of a host body by one variable per entry.
pub fn scalarize(
    prog: &Program,
    params: &[Param],
    locals: &mut Vec<Local>,
    body: &mut Vec<Stmt>,
    errors: &mut Vec<Diagnostic>,
) {
    let mut taken = crate::usage::mentioned_names(body);
    taken.extend(params.iter().filter_map(|p| p.name.clone()));
    taken.extend(locals.iter().map(|l| l.name.clone()));
    let tables: Vec<(String, Ty, i64)> = locals
        .iter()
        .filter(|l| l.init.is_none() || brace_items(&l.init).is_some())
        .filter_map(|l| {
            let TyKind::Array {
                elem,
                len: Some(len),
            } = &l.ty.kind
            else {
                return None;
            };
            let elem = prog.canonical(elem);
            let n = cuad_sema::fold_constant(len, &|_| None)?;
            let buffers = matches!(elem.kind, TyKind::Pointer { .. })
                && crate::activity::is_differentiable(prog, &elem)
                && (1..=MAX_ENTRIES).contains(&n);
            (buffers && given_to_cuda(&l.name, body)).then(|| (l.name.clone(), elem, n))
        })
        .collect();
    if tables.is_empty() {
        return;
    }
    let arrays: Vec<(String, Vec<String>)> = tables
        .iter()
        .map(|(name, _, n)| {
            let entries = (0..*n)
                .map(|k| {
                    let mut fresh = format!("{name}_{k}");
                    while taken.contains(&fresh) {
                        fresh.push('_');
                    }
                    taken.insert(fresh.clone());
                    fresh
                })
                .collect();
            (name.clone(), entries)
        })
        .collect();
    let pass = Arrays { arrays: &arrays };
    let before = errors.len();
    let rewritten: Vec<Stmt> = body.iter().map(|s| pass.stmt(s, errors)).collect();
    if errors.len() > before {
        return;
    }
    *body = rewritten;
    for ((name, elem, _), (_, entries)) in tables.iter().zip(&arrays) {
        let at = locals.iter().position(|l| l.name == *name).unwrap_or(0);
        let array = locals.remove(at);
        // `T* a[N] = {p}` / `= {}`: the entries given, the others null.
        let given = brace_items(&array.init);
        for (k, e) in entries.iter().enumerate() {
            let init = given.map(|es| {
                Init::Assign(
                    es.get(k)
                        .cloned()
                        .unwrap_or_else(|| Expr::synth(ExprKind::Nullptr)),
                )
            });
            locals.insert(
                at + k,
                Local {
                    name: e.clone(),
                    ty: elem.clone(),
                    specs: array.specs.clone(),
                    init,
                    spelled: None,
                },
            );
        }
    }
}

/// The items of a braced initializer (`= {p, q}`, `{}`).
fn brace_items(init: &Option<Init>) -> Option<&[Expr]> {
    match init {
        Some(Init::Brace(es)) => Some(es),
        Some(Init::Assign(Expr {
            kind: ExprKind::InitList(es),
            ..
        })) => Some(es),
        _ => None,
    }
}

/// Is an entry of `name` (`a[i]`, `&a[i]`, `a[i] + k`) an argument of a launch or of a CUDA
/// runtime call: does the array hold buffers?
fn given_to_cuda(name: &str, body: &[Stmt]) -> bool {
    let mentions = |e: &Expr| {
        crate::usage::any_expr(
            e,
            &|x| matches!(&x.strip_parens().kind, ExprKind::Ident(n) if n == name),
        )
    };
    let mut found = false;
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Launch { args, .. } => found |= args.iter().any(mentions),
                ExprKind::Call { args, .. } => {
                    let runtime =
                        crate::host::callee_name(x).is_some_and(|c| c.starts_with("cuda"));
                    found |= runtime && args.iter().any(mentions);
                }
                _ => {}
            })
        });
    }
    found
}

/// The arrays being split, each with the variables of its entries.
struct Arrays<'a> {
    arrays: &'a [(String, Vec<String>)],
}

/// An access `a[i]`: which array, and its index.
struct Access {
    array: usize,
    index: Expr,
}

/// A non-constant index as a base and a constant offset (`l - 1` -> (`l`, -1)).
struct Split {
    base: Expr,
    offset: i64,
}

impl Arrays<'_> {
    /// Which array `e` names.
    fn array(&self, e: &Expr) -> Option<usize> {
        match &e.strip_parens().kind {
            ExprKind::Ident(n) => self.arrays.iter().position(|(a, _)| a == n),
            _ => None,
        }
    }

    fn len(&self, array: usize) -> i64 {
        self.arrays[array].1.len() as i64
    }

    fn mentions(&self, e: &Expr) -> bool {
        crate::usage::any_expr(e, &|x| self.array(x).is_some())
    }

    fn stmt_mentions(&self, s: &Stmt) -> bool {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| found |= self.mentions(e));
        found
    }

    fn error(&self, array: usize, span: Span, errors: &mut Vec<Diagnostic>, why: &str) {
        let name = &self.arrays[array].0;
        errors.push(Diagnostic::error(
            span,
            format!("cuad follows the buffers of the local array `{name}` as one pointer variable per entry, and cannot here: {why}; use its entries `{name}[i]` only in statements, with indices free of side effects that the statement does not change (or keep the buffers in pointer variables)"),
        ));
    }

    /// The accesses in `e`, or where it uses an array otherwise (and which).
    fn accesses(&self, e: &Expr, out: &mut Vec<Access>) -> Result<(), (usize, Span)> {
        if let ExprKind::Index(b, i) = &e.kind {
            if let Some(array) = self.array(b) {
                if self.mentions(i) {
                    return Err((array, e.span));
                }
                out.push(Access {
                    array,
                    index: (**i).clone(),
                });
                return Ok(());
            }
        }
        if let Some(array) = self.array(e) {
            return Err((array, e.span));
        }
        let mut result = Ok(());
        crate::usage::for_each_child(e, &mut |x| {
            if result.is_ok() {
                result = self.accesses(x, out);
            }
        });
        result
    }

    /// `e` with every access replaced by its entry, `pick` giving the entry's index.
    fn substitute(&self, e: Expr, pick: &dyn Fn(&Expr) -> i64) -> Expr {
        if let ExprKind::Index(b, i) = &e.kind {
            if let Some(array) = self.array(b) {
                let k = pick(i) as usize;
                return Expr {
                    span: e.span,
                    ..ident(&self.arrays[array].1[k])
                };
            }
        }
        map_subexprs(e, &mut |x| self.substitute(x, pick))
    }

    /// The accesses of `e` when every one is at a constant index that names an entry;
    /// reported otherwise (`non_constant` says why a run-time index cannot be).
    fn checked_accesses(
        &self,
        e: &Expr,
        errors: &mut Vec<Diagnostic>,
        non_constant: Option<&str>,
    ) -> Option<Vec<Access>> {
        let mut accesses = Vec::new();
        if let Err((array, at)) = self.accesses(e, &mut accesses) {
            self.error(
                array,
                at,
                errors,
                "the array is used other than through an entry",
            );
            return None;
        }
        for a in &accesses {
            let why = match constant(&a.index) {
                Some(k) if !(0..self.len(a.array)).contains(&k) => "the index is outside the array",
                None => match non_constant {
                    Some(why) => why,
                    None => continue,
                },
                Some(_) => continue,
            };
            self.error(a.array, a.index.span, errors, why);
            return None;
        }
        Some(accesses)
    }

    /// `s` with the arrays replaced by their entries (errors reported; `s` unchanged then).
    fn stmt(&self, s: &Stmt, errors: &mut Vec<Diagnostic>) -> Stmt {
        if !self.stmt_mentions(s) {
            return s.clone();
        }
        let header = Some("an entry chosen at run time in a loop or `if` header");
        let mut out = s.clone();
        let expr = |e: &mut Expr, errors: &mut Vec<Diagnostic>| {
            if self.checked_accesses(e, errors, header).is_some() {
                *e = self.substitute(e.clone(), &|i| constant(i).unwrap_or_default());
            }
        };
        match &mut out.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => {
                let e = e.clone();
                return self.by_entry(s, &e, errors);
            }
            StmtKind::Decl(d) => {
                for v in &mut d.vars {
                    match &mut v.init {
                        Some(Init::Assign(e)) => expr(e, errors),
                        Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                            es.iter_mut().for_each(|e| expr(e, errors))
                        }
                        None => {}
                    }
                }
            }
            StmtKind::Bindings(d) => expr(&mut d.init, errors),
            StmtKind::Block(b) => {
                for x in b {
                    *x = self.stmt(x, errors);
                }
            }
            StmtKind::If { cond, then, els } => {
                expr(cond, errors);
                **then = self.stmt(then, errors);
                if let Some(e) = els {
                    **e = self.stmt(e, errors);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    **i = self.stmt(i, errors);
                }
                for e in cond.iter_mut().chain(step.iter_mut()) {
                    expr(e, errors);
                }
                **body = self.stmt(body, errors);
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                expr(cond, errors);
                **body = self.stmt(body, errors);
            }
            StmtKind::Switch { cond, cases } => {
                expr(cond, errors);
                for c in cases {
                    for x in &mut c.body {
                        *x = self.stmt(x, errors);
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// An expression statement using entries: one copy per combination of the values of its
    /// indices' bases for which every index names an entry, chosen by nested `if` chains.
    fn by_entry(&self, s: &Stmt, e: &Expr, errors: &mut Vec<Diagnostic>) -> Stmt {
        let Some(accesses) = self.checked_accesses(e, errors, None) else {
            return s.clone();
        };
        let mut written = Names::new();
        stmt_writes_one(s, &mut written);
        // The distinct bases, each with its accesses' arrays and offsets.
        let mut bases: Vec<(Expr, Vec<(usize, i64)>)> = Vec::new();
        for a in accesses.iter().filter(|a| constant(&a.index).is_none()) {
            let mut read = Names::new();
            reads(&a.index, &mut read);
            if may_have_effects(&a.index) || read.iter().any(|n| written.contains(n)) {
                self.error(
                    a.array,
                    a.index.span,
                    errors,
                    "the index has side effects or the statement changes it",
                );
                return s.clone();
            }
            let split = split(&a.index);
            let text = cuad_emit::print_expr(&split.base);
            match bases
                .iter_mut()
                .find(|(b, _)| cuad_emit::print_expr(b) == text)
            {
                Some((_, uses)) => uses.push((a.array, split.offset)),
                None => bases.push((split.base, vec![(a.array, split.offset)])),
            }
        }
        // Per base, the values for which each of its accesses names an entry.
        let values: Vec<Vec<i64>> = bases
            .iter()
            .map(|(_, uses)| {
                let (first, offset) = uses[0];
                (0..self.len(first))
                    .map(|k| k - offset)
                    .filter(|v| {
                        uses.iter()
                            .all(|(a, o)| (0..self.len(*a)).contains(&(v + o)))
                    })
                    .collect()
            })
            .collect();
        if let Some(b) = values.iter().position(Vec::is_empty) {
            let array = bases[b].1[0].0;
            self.error(
                array,
                s.span,
                errors,
                "its indices never name entries together",
            );
            return s.clone();
        }
        let copies = values
            .iter()
            .try_fold(1usize, |acc, v| acc.checked_mul(v.len()));
        if copies.is_none_or(|c| c > MAX_COPIES) {
            let array = bases[0].1[0].0;
            self.error(
                array,
                s.span,
                errors,
                &format!("the statement would be written out more than {MAX_COPIES} times, once per combination of the entries it uses"),
            );
            return s.clone();
        }
        self.chain(s, e, &bases, &values, &mut vec![])
    }

    /// The `if` chain over the values of base `chosen.len()`, the earlier ones fixed.
    fn chain(
        &self,
        s: &Stmt,
        e: &Expr,
        bases: &[(Expr, Vec<(usize, i64)>)],
        values: &[Vec<i64>],
        chosen: &mut Vec<i64>,
    ) -> Stmt {
        let depth = chosen.len();
        if depth == bases.len() {
            let pick = |i: &Expr| {
                constant(i).unwrap_or_else(|| {
                    let split = split(i);
                    let text = cuad_emit::print_expr(&split.base);
                    let b = bases
                        .iter()
                        .position(|(b, _)| cuad_emit::print_expr(b) == text)
                        .unwrap_or_default();
                    chosen[b] + split.offset
                })
            };
            let mut copy = s.clone();
            if let StmtKind::Expr(x) | StmtKind::Return(Some(x)) = &mut copy.kind {
                *x = self.substitute(e.clone(), &pick);
            }
            return copy;
        }
        let base = &bases[depth].0;
        let mut chain: Option<Stmt> = None;
        for v in values[depth].iter().rev() {
            chosen.push(*v);
            let copy = self.chain(s, e, bases, values, chosen);
            chosen.pop();
            chain = Some(match chain {
                // The last value needs no test: any other is outside the arrays.
                None => copy,
                Some(rest) => Stmt {
                    span: s.span,
                    ..if_stmt(
                        binary(BinOp::Eq, base.clone(), int_lit(*v)),
                        vec![copy],
                        Some(vec![rest]),
                    )
                },
            });
        }
        chain.unwrap_or_else(|| s.clone())
    }
}

fn constant(e: &Expr) -> Option<i64> {
    cuad_sema::fold_constant(e, &|_| None)
}

/// `b + c`, `b - c`, `c + b` with a constant `c` -> (`b`, ±c); any other index is its own
/// base at offset 0.
fn split(i: &Expr) -> Split {
    let e = i.strip_parens();
    if let ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), l, r) = &e.kind {
        if let Some(c) = constant(r) {
            let offset = if *op == BinOp::Add { c } else { -c };
            return Split {
                base: (**l).clone(),
                offset,
            };
        }
        if let (BinOp::Add, Some(c)) = (op, constant(l)) {
            return Split {
                base: (**r).clone(),
                offset: c,
            };
        }
    }
    Split {
        base: e.clone(),
        offset: 0,
    }
}
