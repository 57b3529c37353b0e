//! Tables of addresses of pointers in host code, as llm.c's `malloc_and_point_parameters`
//! writes them: `float** ptrs[] = {&s.a, &s.b}; for (...) { *(ptrs[i]) = it; it += n[i]; }`.
//! The host pass traces pointers by their assignments; an assignment through such a table
//! is invisible to it, so the fields would stay constants (a silently zero gradient).
//!
//! `resolve`: a local array of pointers to pointers (or one pointer to a pointer) whose
//! entries are set once, by top-level statements before any other use, to the addresses of
//! fixed lvalues (`&s_a` once `host_structs` has split `s`, `&v`, `&s.f`), and that is used
//! only through its entries (`*ptrs[i]`, `ptrs[i][0]`, `ptrs[i]` itself) is replaced by those
//! lvalues: a statement using entry `i` becomes an `if` chain over the entries (`if (i == 0)
//! s_a = it; else if (i == 1) s_b = it;`), a constant index names its entry directly.
//!
//! `escaped_pointer_addresses`: any other address of a pointer to reals kept anywhere but in a
//! call's argument (`cudaMalloc(&p, n)`) is a located error: cuad would not see the pointer
//! change.

use crate::builder::*;
use crate::normalize::Local;
use crate::usage::{map_subexprs, may_have_effects, reads, stmt_writes_one, walk_expr, Names};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::Diagnostic;
use std::collections::{BTreeMap, HashMap};

/// The lvalue each entry of a table holds the address of, by constant index (a pointer to a
/// pointer is a table of one entry, `0`).
type Entries = BTreeMap<i64, Expr>;

/// Replaces the address tables of a host body by the lvalues they point to; again while one
/// goes (`float** q = ptrs[1];` is a table of `&s_b` once `ptrs` is resolved).
pub fn resolve(locals: &mut Vec<Local>, body: &mut Vec<Stmt>) {
    while let Some(name) = locals
        .iter()
        .filter(|l| l.init.is_none())
        .filter_map(|l| Some((l.name.as_str(), table_kind(&l.ty)?)))
        .find_map(|(name, scalar)| {
            let table = Table { name, scalar };
            let (entries, rest) = table.definitions(body)?;
            let rewritten: Vec<Stmt> = rest
                .iter()
                .map(|s| table.stmt(s, &entries))
                .collect::<Option<_>>()?;
            *body = rewritten;
            Some(name.to_string())
        })
    {
        locals.retain(|l| l.name != name);
    }
}

/// `Some(false)` for an array of pointers to pointers (`float** p[4]`), `Some(true)` for a
/// pointer to a pointer (`float** p`).
fn table_kind(ty: &Ty) -> Option<bool> {
    let to_pointer = |t: &Ty| {
        matches!(&t.kind, TyKind::Pointer { pointee, .. }
            if matches!(pointee.kind, TyKind::Pointer { .. }))
    };
    match &ty.kind {
        TyKind::Array { elem, len: Some(_) } if to_pointer(elem) => Some(false),
        _ if to_pointer(ty) => Some(true),
        _ => None,
    }
}

fn constant(e: &Expr) -> Option<i64> {
    cuad_sema::fold_constant(e, &|_| None)
}

struct Table<'a> {
    name: &'a str,
    scalar: bool,
}

impl Table<'_> {
    fn is_table(&self, e: &Expr) -> bool {
        matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == self.name)
    }

    /// The entry index an access denotes (`p[i]` -> `i`; the pointer `p` itself -> `0`), when
    /// `e` is an access.
    fn access(&self, e: &Expr) -> Option<Expr> {
        if self.scalar {
            return self.is_table(e).then(|| int_lit(0));
        }
        match &e.kind {
            ExprKind::Index(b, i) if self.is_table(b) => Some((**i).clone()),
            _ => None,
        }
    }

    /// The statements `p[k] = &lv;` (`p = &lv;`) that set the entries, each once, in the
    /// body's straight-line code (its top level and plain blocks there, as a helper written
    /// out in place leaves them) before any other statement mentions the table: the entries,
    /// with the body left without those statements.
    fn definitions(&self, body: &[Stmt]) -> Option<(Entries, Vec<Stmt>)> {
        let mut entries = Entries::new();
        let mut rest = body.to_vec();
        self.scan(&mut rest, &mut entries)?;
        (!entries.is_empty()).then_some((entries, rest))
    }

    /// `definitions` over one statement list: `Some(true)` once the first other mention is
    /// reached, `None` when an entry is set twice.
    fn scan(&self, list: &mut [Stmt], entries: &mut Entries) -> Option<bool> {
        for s in list {
            if let StmtKind::Block(b) = &mut s.kind {
                if self.scan(b, entries)? {
                    return Some(true);
                }
                continue;
            }
            let def = match &s.kind {
                StmtKind::Expr(Expr {
                    kind: ExprKind::Assign(None, l, r),
                    ..
                }) => self.access(l).zip(match &r.strip_parens().kind {
                    // an lvalue whose address cannot change: a variable or a field of one
                    ExprKind::Unary(UnOp::AddrOf, lv) if crate::usage::is_plain_var(lv) => Some(lv),
                    _ => None,
                }),
                _ => None,
            };
            match def {
                Some((k, lv)) => {
                    if entries.insert(constant(&k)?, (**lv).clone()).is_some() {
                        return None;
                    }
                    s.kind = StmtKind::Empty;
                }
                None if self.mentioned(s) => return Some(true),
                None => {}
            }
        }
        Some(false)
    }

    fn mentioned(&self, s: &Stmt) -> bool {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| found |= self.is_table(x));
        });
        found
    }

    /// The indices of the accesses in `e`; `None` when the table is used otherwise (passed
    /// whole, reassigned, its entries' addresses taken).
    fn accesses(&self, e: &Expr, out: &mut Vec<Expr>) -> Option<()> {
        if let Some(k) = self.access(e) {
            out.push(k.clone());
            // The index may itself read the table (`p[*p[0] - ...]`): not resolved.
            return (self.scalar || !self.mentions(&k)).then_some(());
        }
        match &e.kind {
            _ if self.is_table(e) => None,
            ExprKind::Assign(_, l, _)
            | ExprKind::Unary(
                UnOp::AddrOf | UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                l,
            ) if self.access(l.strip_parens()).is_some() => None,
            _ => {
                let mut ok = Some(());
                crate::usage::for_each_child(e, &mut |x| {
                    if ok.is_some() {
                        ok = self.accesses(x, out);
                    }
                });
                ok
            }
        }
    }

    fn mentions(&self, e: &Expr) -> bool {
        crate::usage::any_expr(e, &|x| self.is_table(x))
    }

    /// `e` with each access replaced by the address of its entry (`&s_a`, then `*&s_a` ->
    /// `s_a`), choosing the entry by `pick` of the access's index.
    fn substitute(&self, e: Expr, pick: &dyn Fn(&Expr) -> Expr) -> Expr {
        if let Some(k) = self.access(&e) {
            return paren(addr_of(pick(&k)));
        }
        let e = map_subexprs(e, &mut |x| self.substitute(x, pick));
        let addressed = |x: &Expr| match &x.strip_parens().kind {
            ExprKind::Unary(UnOp::AddrOf, lv) => Some((**lv).clone()),
            _ => None,
        };
        match &e.kind {
            ExprKind::Unary(UnOp::Deref, x) => addressed(x).unwrap_or(e),
            ExprKind::Index(x, i) if constant(i) == Some(0) => addressed(x).unwrap_or(e),
            _ => e,
        }
    }

    /// `e` with every access at a constant index replaced; `None` when one is not constant
    /// or names no entry.
    fn constant_only(&self, e: &Expr, entries: &Entries) -> Option<Expr> {
        let mut indices = Vec::new();
        self.accesses(e, &mut indices)?;
        for k in &indices {
            entries.get(&constant(k)?)?;
        }
        let by_index = |k: &Expr| entries[&constant(k).unwrap_or_default()].clone();
        Some(self.substitute(e.clone(), &by_index))
    }

    /// `s` with the table resolved, or `None` when some use of the table is not an access
    /// cuad can resolve.
    fn stmt(&self, s: &Stmt, entries: &Entries) -> Option<Stmt> {
        let mut out = s.clone();
        let expr = |e: &Expr| self.constant_only(e, entries);
        match &mut out.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => {
                if let Some(resolved) = expr(e) {
                    *e = resolved;
                    return Some(out);
                }
                return self.by_entry(s, e, entries);
            }
            StmtKind::Decl(d) => {
                for v in &mut d.vars {
                    match &mut v.init {
                        Some(Init::Assign(e)) => *e = expr(e)?,
                        Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                            for e in es {
                                *e = expr(e)?;
                            }
                        }
                        None => {}
                    }
                }
            }
            StmtKind::Bindings(d) => d.init = expr(&d.init)?,
            StmtKind::Block(b) => {
                for x in b {
                    *x = self.stmt(x, entries)?;
                }
            }
            StmtKind::If { cond, then, els } => {
                *cond = expr(cond)?;
                **then = self.stmt(then, entries)?;
                if let Some(e) = els {
                    **e = self.stmt(e, entries)?;
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    **i = self.stmt(i, entries)?;
                }
                for e in cond.iter_mut().chain(step.iter_mut()) {
                    *e = expr(e)?;
                }
                **body = self.stmt(body, entries)?;
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                *cond = expr(cond)?;
                **body = self.stmt(body, entries)?;
            }
            StmtKind::Switch { cond, cases } => {
                *cond = expr(cond)?;
                for c in cases {
                    for x in &mut c.body {
                        *x = self.stmt(x, entries)?;
                    }
                }
            }
            _ => {}
        }
        Some(out)
    }

    /// A statement whose accesses share one index `i` that it does not change: one copy per
    /// entry, `if (i == 0) <copy for entry 0> else if (i == 1) ...`.
    fn by_entry(&self, s: &Stmt, e: &Expr, entries: &Entries) -> Option<Stmt> {
        let mut indices = Vec::new();
        self.accesses(e, &mut indices)?;
        let index = indices.first()?.clone();
        let text = cuad_emit::print_expr(&index);
        if may_have_effects(&index) || indices.iter().any(|k| cuad_emit::print_expr(k) != text) {
            return None;
        }
        let mut read = Names::new();
        reads(&index, &mut read);
        let mut written = Names::new();
        stmt_writes_one(s, &mut written);
        if read.iter().any(|n| written.contains(n)) {
            return None;
        }
        let mut chain: Option<Stmt> = None;
        for (k, lv) in entries.iter().rev() {
            let mut copy = s.clone();
            if let StmtKind::Expr(x) | StmtKind::Return(Some(x)) = &mut copy.kind {
                *x = self.substitute(x.clone(), &|_| lv.clone());
            }
            let test = binary(BinOp::Eq, index.clone(), int_lit(*k));
            chain = Some(if_stmt(test, vec![copy], chain.map(|c| vec![c])));
        }
        chain
    }
}

/// Addresses of pointers to reals kept anywhere but in a call's argument (`float** q = &p;`,
/// `T** t[] = {&a, &b}` that `resolve` left): cuad does not see the pointers change through
/// them, so memory with derivatives they are pointed at would have none.
pub fn escaped_pointer_addresses(
    prog: &Program,
    types: &HashMap<String, Ty>,
    body: &[Stmt],
) -> Vec<Diagnostic> {
    let scope = crate::reverse::TypeScope(types);
    let mut out = Vec::new();
    let mut check = |e: &Expr| {
        escapes(e, &mut |addr, lv| {
            let pointer = prog
                .type_of(lv, &scope)
                .map(|t| prog.canonical(&t))
                .filter(|t| matches!(t.kind, TyKind::Pointer { .. }));
            if pointer.is_some_and(|t| crate::activity::is_differentiable(prog, &t)) {
                out.push(Diagnostic::error(
                    addr.span,
                    "cuad cannot follow a pointer through its address kept here: it would not see the pointer assigned through it, so memory with derivatives it is pointed at would get none; assign the pointer directly, or keep such addresses in a local array set once (`float** p[] = {&a, &b};`) and used only as `*p[i]`",
                ));
            }
        });
    };
    body.iter()
        .for_each(|s| crate::usage::visit_stmt_exprs(s, &mut check));
    out
}

/// Calls `f(address, lvalue)` on each `&lvalue` of a variable or field in `e` that is not a
/// call's or launch's argument (casts aside).
fn escapes(e: &Expr, f: &mut dyn FnMut(&Expr, &Expr)) {
    match &e.kind {
        ExprKind::Unary(UnOp::AddrOf, lv) if crate::usage::is_plain_var(lv) => f(e, lv),
        ExprKind::Call { callee, args, .. }
        | ExprKind::Launch {
            kernel: callee,
            args,
            ..
        } => {
            escapes(callee, f);
            for a in args {
                match &argument_core(a).kind {
                    ExprKind::Unary(UnOp::AddrOf, lv) => escapes(lv, f),
                    _ => escapes(a, f),
                }
            }
        }
        _ => crate::usage::for_each_child(e, &mut |x| escapes(x, f)),
    }
}

/// An argument without its parentheses and casts (`(void**)&p` -> `&p`).
fn argument_core(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(x) | ExprKind::Cast { expr: x, .. } => argument_core(x),
        _ => e,
    }
}
