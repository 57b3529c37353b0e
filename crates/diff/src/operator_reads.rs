//! What the pullback of a user operator reads (`a + b`, `s * v`, `-a` on structs): for each
//! operand, the operands whose values its partial derivative needs. helper_math's
//! component-wise `+` needs none, so its operands may be overwritten unsaved, as those of the
//! built-in `+`; `s * v` needs the other factor; a log-add-exp `+` or a squaring `-` may need
//! anything (`None`), so the reverse pass saves every operand, as for any call.
//!
//! The analysis follows the operator's body: locals and fields hold sums, scaled values and
//! products of the parameters (straight-line code, loops and branches whose conditions do not
//! depend on the parameters), component constructors (`make_float3`, `T{...}`, a helper
//! building the struct) and nested user operators and helpers (analysed the same way).
//! Anything else depending on a parameter (a math call, a condition on it, a store through a
//! reference parameter) gives `None`.

use cuad_sema::{Program, ScopeStack};
use cuad_syntax::ast::*;
use std::collections::{BTreeMap, BTreeSet};

type Params = BTreeSet<usize>;

/// How a value depends on the parameters: those it depends on, and for each of those the
/// parameters its partial derivative reads. `None` (as `Option<Dep>`): unknown.
#[derive(Clone, Default, PartialEq)]
struct Dep {
    partials: BTreeMap<usize, Params>,
}

impl Dep {
    fn param(p: usize) -> Dep {
        Dep {
            partials: [(p, Params::new())].into_iter().collect(),
        }
    }
    fn on(&self) -> Params {
        self.partials.keys().copied().collect()
    }
    fn is_constant(&self) -> bool {
        self.partials.is_empty()
    }
    fn union(mut self, other: &Dep) -> Dep {
        for (p, r) in &other.partials {
            self.partials.entry(*p).or_default().extend(r);
        }
        self
    }
    /// `x * y` (`divides`: `x / y`): each factor's partials read the other factor, a
    /// divisor's also itself.
    fn product(x: &Dep, y: &Dep, divides: bool) -> Dep {
        let mut out = Dep::default();
        for (p, r) in &x.partials {
            let e = out.partials.entry(*p).or_default();
            e.extend(r);
            e.extend(y.on());
        }
        for (p, r) in &y.partials {
            let e = out.partials.entry(*p).or_default();
            e.extend(r);
            e.extend(x.on());
            if divides {
                e.extend(y.on());
            }
        }
        out
    }
}

/// Depth of nested helpers and operators followed.
const MAX_DEPTH: u32 = 4;

/// For each parameter of the user operator `f`, the parameters whose values the partial
/// derivative of its result with respect to that parameter reads; `None` when cuad cannot
/// tell (the pullback may read any of them).
pub fn partial_reads(prog: &Program, f: &Function) -> Option<Vec<Params>> {
    let dep = function_dep(prog, f, 0)?;
    Some(
        (0..f.params.len())
            .map(|p| dep.partials.get(&p).cloned().unwrap_or_default())
            .collect(),
    )
}

/// How the result of `f` depends on its parameters.
fn function_dep(prog: &Program, f: &Function, depth: u32) -> Option<Dep> {
    if depth > MAX_DEPTH {
        return None;
    }
    let body = f.body.as_ref()?;
    let mut scope = ScopeStack::new();
    for p in &f.params {
        if let Some(n) = &p.name {
            scope.declare(n, p.ty.clone());
        }
    }
    body.iter().for_each(|s| declare_locals(s, &mut scope));
    let mut a = Analysis {
        prog,
        params: f
            .params
            .iter()
            .map(|p| p.name.clone().unwrap_or_default())
            .collect(),
        scope,
        locals: BTreeMap::new(),
        result: Dep::default(),
        depth,
    };
    for s in body {
        a.stmt(s)?;
    }
    Some(a.result)
}

fn declare_locals(s: &Stmt, scope: &mut ScopeStack) {
    if let StmtKind::Decl(d) = &s.kind {
        for v in &d.vars {
            scope.declare(&v.name, v.ty.clone());
        }
    }
    s.for_each_child(&mut |c| declare_locals(c, scope));
}

struct Analysis<'p, 'a> {
    prog: &'p Program<'a>,
    params: Vec<String>,
    /// Types of the parameters and locals (one scope: shadowing does not change a type here).
    scope: ScopeStack,
    /// What each local holds (any of its fields or elements).
    locals: BTreeMap<String, Dep>,
    /// What the returned values hold.
    result: Dep,
    depth: u32,
}

impl Analysis<'_, '_> {
    fn stmt(&mut self, s: &Stmt) -> Option<()> {
        match &s.kind {
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    let dep = match &v.init {
                        None => Dep::default(),
                        Some(Init::Assign(e)) => self.expr(e)?,
                        Some(Init::Brace(items) | Init::Paren(items)) => {
                            self.construction(&v.ty, items)?
                        }
                    };
                    self.assign(&v.name, dep);
                }
            }
            StmtKind::Expr(e) => self.effect(e)?,
            StmtKind::Block(b) => b.iter().try_for_each(|x| self.stmt(x))?,
            StmtKind::If { cond, then, els } => {
                self.independent(cond)?;
                self.stmt(then)?;
                if let Some(e) = els {
                    self.stmt(e)?;
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i)?;
                }
                cond.iter()
                    .chain(step)
                    .try_for_each(|e| self.independent(e))?;
                self.fixed_point(body)?;
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.independent(cond)?;
                self.fixed_point(body)?;
            }
            StmtKind::Return(Some(e)) => {
                let dep = self.expr(e)?;
                self.result = std::mem::take(&mut self.result).union(&dep);
            }
            StmtKind::Return(None)
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Pragma(_)
            | StmtKind::Using(_)
            | StmtKind::Empty => {}
            StmtKind::Switch { .. } | StmtKind::Bindings(_) => return None,
        }
        Some(())
    }

    /// A loop body, run until what the locals hold stops growing.
    fn fixed_point(&mut self, body: &Stmt) -> Option<()> {
        for _ in 0..16 {
            let before = (self.locals.clone(), self.result.clone());
            self.stmt(body)?;
            if (&self.locals, &self.result) == (&before.0, &before.1) {
                return Some(());
            }
        }
        None
    }

    /// An expression statement: an assignment to a local, or something that changes nothing
    /// depending on the parameters (`++i`).
    fn effect(&mut self, e: &Expr) -> Option<()> {
        let ExprKind::Assign(op, l, r) = &e.kind else {
            return self.independent(e);
        };
        let root = crate::usage::lvalue_root(l)?;
        if self.params.iter().any(|p| p == root) || !self.scope.contains(root) {
            return None;
        }
        // Indices of the stored element must not depend on the parameters.
        self.lvalue(l)?;
        let value = self.expr(r)?;
        let old = self.locals.get(root).cloned().unwrap_or_default();
        let dep = match op {
            None | Some(BinOp::Add | BinOp::Sub) => value,
            Some(BinOp::Mul) => Dep::product(&old, &value, false),
            Some(BinOp::Div) => Dep::product(&old, &value, true),
            Some(_) => return None,
        };
        self.assign(root, dep);
        Some(())
    }

    /// A local holds the union of what was stored into it (fields and elements alike).
    fn assign(&mut self, name: &str, dep: Dep) {
        let old = self.locals.remove(name).unwrap_or_default();
        self.locals.insert(name.to_string(), old.union(&dep));
    }

    fn independent(&self, e: &Expr) -> Option<()> {
        self.expr(e)?.is_constant().then_some(())
    }

    /// What a place holds, its indices independent of the parameters.
    fn lvalue(&self, e: &Expr) -> Option<Dep> {
        match &e.kind {
            ExprKind::Ident(n) => Some(self.name(n)),
            ExprKind::Paren(x) => self.lvalue(x),
            ExprKind::Member {
                base, arrow: false, ..
            } => self.lvalue(base),
            ExprKind::Index(b, k) => {
                self.independent(k)?;
                self.lvalue(b)
            }
            _ => None,
        }
    }

    fn name(&self, n: &str) -> Dep {
        match self.params.iter().position(|p| p == n) {
            Some(p) => Dep::param(p),
            None => self.locals.get(n).cloned().unwrap_or_default(),
        }
    }

    fn type_of(&self, e: &Expr) -> Option<Ty> {
        self.prog
            .type_of(e, &self.scope)
            .map(|t| cuad_sema::types::strip_refs(&t).clone())
    }

    fn expr(&self, e: &Expr) -> Option<Dep> {
        match &e.kind {
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Nullptr
            | ExprKind::SizeofType(_)
            | ExprKind::SizeofExpr(_) => Some(Dep::default()),
            ExprKind::Ident(_) | ExprKind::Member { .. } | ExprKind::Index(..) => self.lvalue(e),
            ExprKind::Paren(x) => self.expr(x),
            ExprKind::Unary(op @ (UnOp::Neg | UnOp::Plus), x) => {
                match self
                    .type_of(x)
                    .and_then(|t| self.prog.user_unary_operator(*op, &t))
                {
                    Some(g) => self.call(g, std::slice::from_ref(x)),
                    None => self.arithmetic(e, self.expr(x)?),
                }
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div), l, r) => {
                let user = match (self.type_of(l), self.type_of(r)) {
                    (Some(lt), Some(rt)) => self.prog.user_operator(*op, &lt, &rt),
                    _ => None,
                };
                if let Some(g) = user {
                    return self.call(g, &[(**l).clone(), (**r).clone()]);
                }
                let (x, y) = (self.expr(l)?, self.expr(r)?);
                let dep = match op {
                    BinOp::Add | BinOp::Sub => x.union(&y),
                    _ => Dep::product(&x, &y, *op == BinOp::Div),
                };
                self.arithmetic(e, dep)
            }
            ExprKind::Cond(c, a, b) => {
                self.independent(c)?;
                Some(self.expr(a)?.union(&self.expr(b)?))
            }
            ExprKind::Cast {
                kind: CastKind::Functional,
                ty,
                expr,
            } if matches!(self.prog.canonical(ty).kind, TyKind::Named { .. }) => {
                let items = match &expr.kind {
                    ExprKind::InitList(items) => items.clone(),
                    _ => crate::calls::comma_operands(expr),
                };
                self.construction(ty, &items)
            }
            ExprKind::Cast { ty, expr, .. } if is_scalar(self.prog, ty) => self.expr(expr),
            ExprKind::InitList(items) => self.union_of(items),
            ExprKind::Call { callee, args, .. } => {
                let ExprKind::Ident(name) = &callee.kind else {
                    return self.opaque(e);
                };
                if crate::calls::is_real_vector_maker(name) {
                    return self.union_of(args);
                }
                let types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
                match self.prog.resolve_call(name, &types) {
                    Some(g) if g.body.is_some() && g.params.len() == args.len() => {
                        self.call(g, args)
                    }
                    _ => self.opaque(e),
                }
            }
            _ => self.opaque(e),
        }
    }

    /// Built-in arithmetic is linear on values of a known type that is no class (a struct
    /// whose operator cuad does not see, or a type it cannot tell, may hide one).
    fn arithmetic(&self, e: &Expr, dep: Dep) -> Option<Dep> {
        (dep.is_constant() || self.type_of(e).is_some_and(|t| is_scalar(self.prog, &t)))
            .then_some(dep)
    }

    fn union_of(&self, items: &[Expr]) -> Option<Dep> {
        let mut out = Dep::default();
        for x in items {
            out = out.union(&self.expr(x)?);
        }
        Some(out)
    }

    /// `T{items}` / `T(items)` of a struct: its fields copy the items (an aggregate, or a
    /// constructor that copies its parameters into fields).
    fn construction(&self, ty: &Ty, items: &[Expr]) -> Option<Dep> {
        let ty = self.prog.canonical(ty);
        if matches!(ty.kind, TyKind::Named { .. })
            && matches!(
                crate::calls::constructor_sources(self.prog, &ty, items.len()),
                Some(Err(_))
            )
        {
            return None;
        }
        self.union_of(items)
    }

    /// A call of the user function `g`: its result's dependence on its parameters, in terms
    /// of the arguments'.
    fn call(&self, g: &Function, args: &[Expr]) -> Option<Dep> {
        let inner = function_dep(self.prog, g, self.depth + 1)?;
        let args: Vec<Dep> = args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
        let mut out = Dep::default();
        for (k, reads) in &inner.partials {
            let arg = args.get(*k)?;
            // d g / d p = sum over k of (d g / d arg_k) (d arg_k / d p).
            let mut term = arg.clone();
            for r in term.partials.values_mut() {
                for m in reads {
                    r.extend(args.get(*m)?.on());
                }
            }
            out = out.union(&term);
        }
        Some(out)
    }

    /// An expression cuad does not model: fine as long as it does not depend on the
    /// parameters.
    fn opaque(&self, e: &Expr) -> Option<Dep> {
        let mut names = crate::usage::Names::new();
        crate::usage::reads(e, &mut names);
        names
            .iter()
            .all(|n| self.name(n).is_constant())
            .then(Dep::default)
    }
}

/// A type whose arithmetic is the built-in one: arithmetic, or a name that is no struct of
/// the file nor a CUDA vector type (a template's `T`).
fn is_scalar(prog: &Program, ty: &Ty) -> bool {
    let t = prog.canonical(cuad_sema::types::strip_refs(ty));
    match &t.kind {
        TyKind::Named { name, .. } => {
            prog.struct_def(name).is_none() && cuad_sema::builtins::vector_type(name).is_none()
        }
        _ => cuad_sema::types::is_arithmetic(&t),
    }
}
