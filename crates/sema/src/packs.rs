//! Variadic function templates. A call instantiates the template for the length of its pack:
//! [`expand`] turns `template <typename T, typename... Ts> R f(T a, const Ts&... vs)` with a
//! pack of 2 into the ordinary template `template <typename T, typename Ts_0, typename Ts_1>
//! R f(T a, const Ts_0& vs_0, const Ts_1& vs_1)` whose body has its pack expansions
//! (`g(vs...)`, `h(2.0f * vs...)`, `{vs...}`), fold expressions (`(vs + ...)`, `(... * vs)`,
//! `(0 + ... + vs)`) and `sizeof...(vs)` written out. Deduction, substitution and everything
//! after them then see an ordinary template (overload.rs resolves calls through this).

use crate::overload::{substitute, Bindings};
use cuad_syntax::ast::*;
use cuad_syntax::Span;

/// Why a variadic template cannot be instantiated for a pack length (with where).
#[derive(Clone, Debug, PartialEq)]
pub struct PackError {
    pub span: Span,
    pub message: String,
}

/// `f` has a type parameter pack or a function parameter pack.
pub fn is_variadic(f: &Function) -> bool {
    f.template
        .iter()
        .flatten()
        .any(|p| matches!(p.kind, TemplateParamKind::TypePack))
        || f.params
            .iter()
            .any(|p| matches!(p.ty.kind, TyKind::Pack(_)))
}

/// The pack length a call with `n_args` arguments and `n_explicit` explicit template
/// arguments instantiates; `None` when the call cannot match (too few arguments).
pub fn pack_length(f: &Function, n_args: usize, n_explicit: usize) -> Option<usize> {
    if f.params
        .iter()
        .any(|p| matches!(p.ty.kind, TyKind::Pack(_)))
    {
        let fixed = f.params.len() - 1;
        return n_args.checked_sub(fixed);
    }
    // A pack deduced from explicit template arguments only (`f<float, float>()`).
    let fixed = f.template.as_ref().map_or(0, |t| t.len().saturating_sub(1));
    if n_args > f.params.len() {
        return None;
    }
    Some(n_explicit.saturating_sub(fixed))
}

fn err<T>(span: Span, message: impl Into<String>) -> Result<T, PackError> {
    Err(PackError {
        span,
        message: message.into(),
    })
}

/// `f` instantiated for a pack of `len` elements: an ordinary (non-variadic) function
/// template, see the module documentation.
pub fn expand(f: &Function, len: usize) -> Result<Function, PackError> {
    let tparams = f.template.as_deref().unwrap_or_default();
    let packs: Vec<usize> = (0..tparams.len())
        .filter(|&i| matches!(tparams[i].kind, TemplateParamKind::TypePack))
        .collect();
    let [pack_at] = packs[..] else {
        return err(
            f.name_span,
            format!(
                "`{}`: cuad instantiates function templates with one type parameter pack (`typename... Ts`)",
                f.name
            ),
        );
    };
    if pack_at + 1 != tparams.len() {
        return err(
            f.name_span,
            format!(
                "`{}`: cuad instantiates variadic templates whose type parameter pack is the last template parameter",
                f.name
            ),
        );
    }
    let ty_pack = tparams[pack_at].name.clone();
    let fn_packs: Vec<usize> = (0..f.params.len())
        .filter(|&i| matches!(f.params[i].ty.kind, TyKind::Pack(_)))
        .collect();
    if fn_packs.len() > 1 || fn_packs.first().is_some_and(|&i| i + 1 != f.params.len()) {
        return err(
            f.name_span,
            format!(
                "`{}`: cuad instantiates variadic templates with one function parameter pack, the last parameter",
                f.name
            ),
        );
    }
    let x = Expander {
        ty_pack: ty_pack.clone(),
        param_pack: fn_packs.first().and_then(|&i| f.params[i].name.clone()),
        len,
    };
    let mut out = f.clone();
    let mut template: Vec<TemplateParam> = tparams[..pack_at].to_vec();
    template.extend((0..len).map(|i| TemplateParam {
        name: x.ty_name(i),
        kind: TemplateParamKind::Type { default: None },
    }));
    out.template = Some(template);
    let mut params = Vec::new();
    let mut forwarding = false;
    for p in &f.params {
        let TyKind::Pack(pattern) = &p.ty.kind else {
            let mut p = p.clone();
            p.ty = x.plain_ty(&p.ty, p.span)?;
            params.push(p);
            continue;
        };
        if !x.ty_mentions(pattern) {
            return err(
                p.span,
                format!("this parameter pack's type does not name the template parameter pack `{ty_pack}`"),
            );
        }
        // A forwarding reference `Ts&&... vs` is passed as `const Ts&... vs` (the same for the
        // arithmetic and struct values cuad differentiates; writes through it are rejected).
        let pattern = match &pattern.kind {
            TyKind::RRef(inner) if x.is_pack_ty(inner) && !inner.is_const => {
                forwarding = true;
                Ty::new(TyKind::LRef(Box::new((**inner).clone().with_const(true))))
            }
            _ => (**pattern).clone(),
        };
        for i in 0..len {
            params.push(Param {
                name: p.name.as_ref().map(|n| x.param_name(n, i)),
                ty: x.element_ty(&pattern, i),
                default: None,
                span: p.span,
            });
        }
    }
    out.params = params;
    out.ret = x.plain_ty(&f.ret, f.name_span)?;
    if let Some(body) = &mut out.body {
        if forwarding {
            if let Some(span) = x.param_pack.as_ref().and_then(|p| writes_to(body, p)) {
                return err(
                    span,
                    "cuad passes a forwarding-reference pack (`Ts&&... vs`) as `const Ts&... vs`, and this function writes through it; take the pack as `Ts&... vs`",
                );
            }
        }
        for s in body.iter_mut() {
            x.stmt(s)?;
        }
    }
    for (_, args) in &mut out.ctor_inits {
        x.list(args)?;
    }
    Ok(out)
}

struct Expander {
    ty_pack: String,
    param_pack: Option<String>,
    len: usize,
}

impl Expander {
    fn ty_name(&self, i: usize) -> String {
        format!("{}_{i}", self.ty_pack)
    }

    fn param_name(&self, base: &str, i: usize) -> String {
        format!("{base}_{i}")
    }

    fn is_pack_ty(&self, t: &Ty) -> bool {
        matches!(&t.kind, TyKind::Named { name, args } if args.is_empty() && *name == self.ty_pack)
    }

    fn ty_mentions(&self, t: &Ty) -> bool {
        if self.is_pack_ty(t) {
            return true;
        }
        match &t.kind {
            TyKind::Named { args, .. } => args.iter().any(|a| match a {
                TemplateArg::Type(t) => self.ty_mentions(t),
                TemplateArg::Expr(e) => self.mentions(e),
            }),
            TyKind::Pointer { pointee: x, .. }
            | TyKind::LRef(x)
            | TyKind::RRef(x)
            | TyKind::Pack(x) => self.ty_mentions(x),
            TyKind::Array { elem, len } => {
                self.ty_mentions(elem) || len.as_deref().is_some_and(|e| self.mentions(e))
            }
            _ => false,
        }
    }

    /// `e` names the function parameter pack or the type parameter pack.
    fn mentions(&self, e: &Expr) -> bool {
        let mut found = false;
        visit(e, &mut |x| match &x.kind {
            ExprKind::Ident(n) => found |= self.param_pack.as_deref() == Some(n.as_str()),
            ExprKind::Cast { ty, .. } | ExprKind::SizeofType(ty) => found |= self.ty_mentions(ty),
            ExprKind::Call { template_args, .. } | ExprKind::Launch { template_args, .. } => {
                found |= template_args.iter().any(|a| match a {
                    TemplateArg::Type(t) => self.ty_mentions(t),
                    TemplateArg::Expr(Expr {
                        kind: ExprKind::Ident(n),
                        ..
                    }) => *n == self.ty_pack,
                    TemplateArg::Expr(_) => false,
                })
            }
            _ => {}
        });
        found
    }

    fn element_ty(&self, t: &Ty, i: usize) -> Ty {
        let bindings = Bindings::from([(self.ty_pack.clone(), Ty::named(&self.ty_name(i)))]);
        let mut t = substitute(t, &bindings);
        if let TyKind::Array { len: Some(len), .. } = &mut t.kind {
            self.rename(len, i);
        }
        t
    }

    /// A type outside any expansion: it must not name the pack.
    fn plain_ty(&self, t: &Ty, span: Span) -> Result<Ty, PackError> {
        if self.ty_mentions(t) {
            return err(
                span,
                format!(
                    "the template parameter pack `{}` is used here without `...`",
                    self.ty_pack
                ),
            );
        }
        let mut t = t.clone();
        self.ty_lengths(&mut t)?;
        Ok(t)
    }

    /// `float a[sizeof...(Ts)]`: lengths are expressions.
    fn ty_lengths(&self, t: &mut Ty) -> Result<(), PackError> {
        match &mut t.kind {
            TyKind::Array { elem, len } => {
                if let Some(l) = len {
                    self.expr(l)?;
                }
                self.ty_lengths(elem)
            }
            TyKind::Pointer { pointee: x, .. } | TyKind::LRef(x) | TyKind::RRef(x) => {
                self.ty_lengths(x)
            }
            _ => Ok(()),
        }
    }

    /// Element `i` of a pattern: the packs replaced by their `i`-th element;
    /// `std::forward<Ts_i>(vs_i)` is `vs_i` (packs are passed by value or reference).
    fn element(&self, pattern: &Expr, i: usize) -> Expr {
        let mut e = pattern.clone();
        self.rename(&mut e, i);
        e
    }

    fn rename(&self, e: &mut Expr, i: usize) {
        let bindings = Bindings::from([(self.ty_pack.clone(), Ty::named(&self.ty_name(i)))]);
        let ty_name = self.ty_name(i);
        visit_mut(e, &mut |x| {
            match &mut x.kind {
                ExprKind::Ident(n) if self.param_pack.as_deref() == Some(n.as_str()) => {
                    *n = self.param_name(n, i);
                }
                ExprKind::Cast { ty, .. } | ExprKind::SizeofType(ty) => {
                    *ty = substitute(ty, &bindings)
                }
                ExprKind::Call { template_args, .. } | ExprKind::Launch { template_args, .. } => {
                    for a in template_args.iter_mut() {
                        match a {
                            TemplateArg::Type(t) => *t = substitute(t, &bindings),
                            TemplateArg::Expr(Expr {
                                kind: ExprKind::Ident(n),
                                ..
                            }) if *n == self.ty_pack => *n = ty_name.clone(),
                            TemplateArg::Expr(_) => {}
                        }
                    }
                }
                _ => {}
            }
            if let ExprKind::Call { callee, args, .. } = &x.kind {
                let forward = matches!(&callee.kind, ExprKind::Ident(n)
                    if matches!(n.trim_start_matches("::"), "std::forward" | "forward"));
                if forward && args.len() == 1 {
                    *x = args[0].clone();
                }
            }
        });
    }

    /// Items of an argument or initializer list, pack expansions written out.
    fn list(&self, items: &mut Vec<Expr>) -> Result<(), PackError> {
        let mut out = Vec::with_capacity(items.len());
        for mut item in std::mem::take(items) {
            let ExprKind::PackExpansion(pattern) = &item.kind else {
                self.expr(&mut item)?;
                out.push(item);
                continue;
            };
            if !self.mentions(pattern) {
                return err(
                    item.span,
                    "this `...` expands an expression that names no parameter pack",
                );
            }
            for i in 0..self.len {
                let mut e = self.element(pattern, i);
                self.expr(&mut e)?;
                out.push(e);
            }
        }
        *items = out;
        Ok(())
    }

    fn fold(
        &self,
        op: BinOp,
        lhs: Option<&Expr>,
        rhs: Option<&Expr>,
        span: Span,
    ) -> Result<Expr, PackError> {
        // (pattern, initial value, right fold)
        let (pattern, init, right) = match (lhs, rhs) {
            (Some(l), None) => (l, None, true),
            (None, Some(r)) => (r, None, false),
            (Some(l), Some(r)) => match (self.mentions(l), self.mentions(r)) {
                (true, false) => (l, Some(r), true),
                (false, true) => (r, Some(l), false),
                _ => return err(
                    span,
                    "exactly one operand of a binary fold expression must name the parameter pack",
                ),
            },
            (None, None) => return err(span, "a fold expression needs an operand"),
        };
        if !self.mentions(pattern) {
            return err(span, "this fold expression names no parameter pack");
        }
        let mut elems = Vec::with_capacity(self.len);
        for i in 0..self.len {
            let mut e = self.element(pattern, i);
            self.expr(&mut e)?;
            elems.push(e);
        }
        let init = match init {
            Some(e) => {
                let mut e = e.clone();
                self.expr(&mut e)?;
                Some(e)
            }
            None => None,
        };
        let at = |kind: ExprKind| Expr::new(kind, span);
        let combine = |l: Expr, r: Expr| at(ExprKind::Binary(op, Box::new(l), Box::new(r)));
        let mut items: Vec<Expr> = elems;
        let tree = if right {
            items.extend(init);
            let mut it = items.into_iter().rev();
            let last = it.next();
            last.map(|l| it.fold(l, |acc, e| combine(e, acc)))
        } else {
            let mut all: Vec<Expr> = init.into_iter().collect();
            all.extend(items);
            let mut it = all.into_iter();
            let first = it.next();
            first.map(|f| it.fold(f, combine))
        };
        let tree = match tree {
            Some(t) => t,
            // An empty pack without an initial value: only `&&`, `||` and `,` have a value.
            None => match op {
                BinOp::And => at(ExprKind::BoolLit(true)),
                BinOp::Or => at(ExprKind::BoolLit(false)),
                BinOp::Comma => at(ExprKind::Cast {
                    kind: CastKind::CStyle,
                    ty: Ty::new(TyKind::Void),
                    expr: Box::new(at(ExprKind::IntLit("0".into()))),
                }),
                _ => {
                    return err(
                        span,
                        format!(
                            "a fold over `{}` of an empty pack needs an initial value (`(0 {} ... {} pack)`): this instance's pack is empty",
                            sym(op),
                            sym(op),
                            sym(op)
                        ),
                    )
                }
            },
        };
        Ok(at(ExprKind::Paren(Box::new(tree))))
    }

    fn expr(&self, e: &mut Expr) -> Result<(), PackError> {
        let span = e.span;
        match &mut e.kind {
            ExprKind::Ident(n) => {
                if self.param_pack.as_deref() == Some(n.as_str()) {
                    return err(
                        span,
                        format!("the parameter pack `{n}` is used here without `...`"),
                    );
                }
                Ok(())
            }
            ExprKind::SizeofPack(n) => {
                if *n != self.ty_pack && self.param_pack.as_deref() != Some(n.as_str()) {
                    return err(
                        span,
                        format!("`sizeof...({n})`: `{n}` is not this template's parameter pack"),
                    );
                }
                // `sizeof...` is a `size_t`, as written.
                e.kind = ExprKind::IntLit(format!("{}ul", self.len));
                Ok(())
            }
            ExprKind::Fold { op, lhs, rhs } => {
                *e = self.fold(*op, lhs.as_deref(), rhs.as_deref(), span)?;
                Ok(())
            }
            ExprKind::PackExpansion(_) => err(
                span,
                "cuad expands `...` among call arguments and braced initializers only",
            ),
            ExprKind::Call {
                callee,
                template_args,
                args,
            } => {
                self.expr(callee)?;
                self.template_args(template_args, span)?;
                self.list(args)
            }
            ExprKind::Launch {
                kernel,
                template_args,
                config,
                args,
            } => {
                self.expr(kernel)?;
                self.template_args(template_args, span)?;
                for c in config.iter_mut() {
                    self.expr(c)?;
                }
                self.list(args)
            }
            ExprKind::InitList(items) => self.list(items),
            ExprKind::Cast { ty, expr, .. } => {
                *ty = self.plain_ty(ty, span)?;
                self.expr(expr)
            }
            ExprKind::SizeofType(ty) => {
                *ty = self.plain_ty(ty, span)?;
                Ok(())
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::SizeofExpr(x) => self.expr(x),
            ExprKind::Member { base, .. } => self.expr(base),
            ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) | ExprKind::Index(l, r) => {
                self.expr(l)?;
                self.expr(r)
            }
            ExprKind::Cond(c, t, f) => {
                self.expr(c)?;
                self.expr(t)?;
                self.expr(f)
            }
            ExprKind::Lambda(l) => {
                for s in l.body.iter_mut() {
                    self.stmt(s)?;
                }
                Ok(())
            }
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StrLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Nullptr => Ok(()),
        }
    }

    fn template_args(&self, args: &mut [TemplateArg], span: Span) -> Result<(), PackError> {
        for a in args {
            match a {
                TemplateArg::Type(t) => *t = self.plain_ty(t, span)?,
                TemplateArg::Expr(e) => {
                    if matches!(&e.kind, ExprKind::Ident(n) if *n == self.ty_pack) {
                        return err(
                            span,
                            format!(
                                "the template parameter pack `{}` is used here without `...`",
                                self.ty_pack
                            ),
                        );
                    }
                    self.expr(e)?
                }
            }
        }
        Ok(())
    }

    fn stmt(&self, s: &mut Stmt) -> Result<(), PackError> {
        let span = s.span;
        match &mut s.kind {
            // `(f(vs), ...);` is one statement per element (none for an empty pack).
            StmtKind::Expr(e)
                if matches!(
                    &e.kind,
                    ExprKind::Fold {
                        op: BinOp::Comma,
                        ..
                    }
                ) =>
            {
                self.expr(e)?;
                let mut parts = Vec::new();
                split_commas(
                    std::mem::replace(e, Expr::synth(ExprKind::Nullptr)),
                    &mut parts,
                );
                s.kind = StmtKind::Block(
                    parts
                        .into_iter()
                        .filter(|p| !matches!(&p.kind, ExprKind::Cast { ty, .. } if ty.kind == TyKind::Void))
                        .map(|p| Stmt::new(StmtKind::Expr(p), span))
                        .collect(),
                );
                Ok(())
            }
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::Decl(d) => {
                for v in &mut d.vars {
                    v.ty = self.plain_ty(&v.ty, v.span)?;
                    match &mut v.init {
                        Some(Init::Assign(e)) => self.expr(e)?,
                        Some(Init::Brace(es)) | Some(Init::Paren(es)) => self.list(es)?,
                        None => {}
                    }
                    // `float a[] = {vs...};`: the length the expansion gave (later passes
                    // hoist the declaration away from its initializer).
                    let items = match &v.init {
                        Some(Init::Assign(Expr {
                            kind: ExprKind::InitList(items),
                            ..
                        }))
                        | Some(Init::Brace(items)) => Some(items.len()),
                        _ => None,
                    };
                    if let (
                        TyKind::Array {
                            elem,
                            len: len @ None,
                        },
                        Some(n),
                    ) = (&mut v.ty.kind, items)
                    {
                        if !matches!(elem.kind, TyKind::Array { .. }) {
                            *len =
                                Some(Box::new(Expr::new(ExprKind::IntLit(n.to_string()), v.span)));
                        }
                    }
                }
                Ok(())
            }
            StmtKind::Block(b) => b.iter_mut().try_for_each(|x| self.stmt(x)),
            StmtKind::If { cond, then, els } => {
                self.expr(cond)?;
                self.stmt(then)?;
                els.iter_mut().try_for_each(|x| self.stmt(x))
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                init.iter_mut().try_for_each(|x| self.stmt(x))?;
                cond.iter_mut()
                    .chain(step.iter_mut())
                    .try_for_each(|x| self.expr(x))?;
                self.stmt(body)
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.expr(cond)?;
                self.stmt(body)
            }
            StmtKind::Switch { cond, cases } => {
                self.expr(cond)?;
                for c in cases {
                    c.label.iter_mut().try_for_each(|x| self.expr(x))?;
                    c.body.iter_mut().try_for_each(|x| self.stmt(x))?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// The operands of a (parenthesized) comma tree, in order, each without outer parentheses.
fn split_commas(e: Expr, out: &mut Vec<Expr>) {
    match e.kind {
        ExprKind::Paren(x) => split_commas(*x, out),
        ExprKind::Binary(BinOp::Comma, l, r) => {
            split_commas(*l, out);
            split_commas(*r, out);
        }
        _ => out.push(e),
    }
}

fn sym(op: BinOp) -> &'static str {
    crate::binop_symbol(op).unwrap_or(",")
}

/// Where `body` assigns to, increments or takes the address of something naming `pack`.
fn writes_to(body: &[Stmt], pack: &str) -> Option<Span> {
    let names = |e: &Expr| {
        let mut found = false;
        visit(e, &mut |x| {
            if matches!(&x.kind, ExprKind::Ident(n) if n == pack) {
                found = true;
            }
        });
        found
    };
    let mut at = None;
    let mut check = |e: &Expr| {
        visit(e, &mut |x| {
            let target = match &x.kind {
                ExprKind::Assign(_, l, _) => Some(l),
                ExprKind::Unary(
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec | UnOp::AddrOf,
                    l,
                ) => Some(l),
                _ => None,
            };
            if at.is_none() && target.is_some_and(|t| names(t)) {
                at = Some(x.span);
            }
        })
    };
    for s in body {
        s.visit(&mut |st| match &st.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => check(e),
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    match &v.init {
                        Some(Init::Assign(e)) => check(e),
                        Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                            es.iter().for_each(&mut check)
                        }
                        None => {}
                    }
                }
            }
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. }
            | StmtKind::Switch { cond, .. } => check(cond),
            StmtKind::For { cond, step, .. } => cond.iter().chain(step.iter()).for_each(&mut check),
            _ => {}
        });
    }
    at
}

/// The direct sub-expressions of `e`.
fn children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Unary(_, x)
        | ExprKind::Paren(x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::PackExpansion(x) => vec![x],
        ExprKind::Cast { expr, .. } => vec![expr],
        ExprKind::Member { base, .. } => vec![base],
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) | ExprKind::Index(l, r) => {
            vec![l, r]
        }
        ExprKind::Cond(c, t, f) => vec![c, t, f],
        ExprKind::Call { callee, args, .. } => std::iter::once(&**callee).chain(args).collect(),
        ExprKind::Launch {
            kernel,
            config,
            args,
            ..
        } => std::iter::once(&**kernel)
            .chain(config)
            .chain(args)
            .collect(),
        ExprKind::InitList(items) => items.iter().collect(),
        ExprKind::Fold { lhs, rhs, .. } => lhs.iter().chain(rhs.iter()).map(|b| &**b).collect(),
        _ => vec![],
    }
}

fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    for c in children(e) {
        visit(c, f);
    }
}

/// Calls `f` on `e`'s sub-expressions, then on `e` (so `f` may replace `e`).
fn visit_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::Unary(_, x)
        | ExprKind::Paren(x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::PackExpansion(x) => visit_mut(x, f),
        ExprKind::Cast { expr, .. } => visit_mut(expr, f),
        ExprKind::Member { base, .. } => visit_mut(base, f),
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) | ExprKind::Index(l, r) => {
            visit_mut(l, f);
            visit_mut(r, f);
        }
        ExprKind::Cond(c, t, x) => {
            visit_mut(c, f);
            visit_mut(t, f);
            visit_mut(x, f);
        }
        ExprKind::Call { callee, args, .. } => {
            visit_mut(callee, f);
            args.iter_mut().for_each(|a| visit_mut(a, f));
        }
        ExprKind::Launch {
            kernel,
            config,
            args,
            ..
        } => {
            visit_mut(kernel, f);
            config
                .iter_mut()
                .chain(args.iter_mut())
                .for_each(|a| visit_mut(a, f));
        }
        ExprKind::InitList(items) => items.iter_mut().for_each(|a| visit_mut(a, f)),
        ExprKind::Fold { lhs, rhs, .. } => {
            lhs.iter_mut()
                .chain(rhs.iter_mut())
                .for_each(|a| visit_mut(a, f));
        }
        _ => {}
    }
    f(e);
}
