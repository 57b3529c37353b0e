//! Overload resolution for the common cases and template argument deduction for simple
//! parameter forms (`T`, `T*`, `const T&`, `S<T>`), plus substitution of template parameters.

use crate::types::*;
use crate::unify::{Deduced, Mode};
use crate::Program;
use cuad_syntax::ast::*;
use std::collections::{HashMap, HashSet};

/// Template parameter name -> type.
pub type Bindings = HashMap<String, Ty>;

/// How well an argument matches a parameter (lower is better), as in C++'s ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Exact,
    Promotion,
    Conversion,
    /// A user-defined conversion we cannot see, or an argument of unknown type.
    Unknown,
}

/// A viable candidate with its per-argument ranks.
struct Candidate<'a> {
    func: &'a Function,
    bindings: Bindings,
    ranks: Vec<Rank>,
    /// An instance of a variadic template (less specialized than a template without a pack).
    from_pack: bool,
}

/// Replaces template parameters by their bound types (cv-qualifiers of both kept).
pub fn substitute(ty: &Ty, bindings: &Bindings) -> Ty {
    if bindings.is_empty() {
        return ty.clone();
    }
    let kind = match &ty.kind {
        TyKind::Named { name, args } if args.is_empty() => match bindings.get(name) {
            Some(bound) => {
                let mut t = bound.clone();
                t.is_const |= ty.is_const;
                t.is_volatile |= ty.is_volatile;
                return t;
            }
            // `typename Acc<T>::type` with `T` bound to `float`: `Acc<float>::type`.
            None if name.contains('<') => TyKind::Named {
                name: substitute_in_spelling(name, &|w| bindings.get(w).and_then(spelling)),
                args: vec![],
            },
            // `typename V::value_type` with `V` bound to `Vec2`: `Vec2::value_type`.
            None => match name
                .split_once("::")
                .map(|(v, rest)| (bindings.get(v), rest))
            {
                // `V` bound to `Vec<float, 3>`: `Vec<float, 3>::value_type`, which
                // `canonical` resolves with the class's arguments bound.
                Some((Some(bound), rest)) => match (&bound.kind, spelling(bound)) {
                    (TyKind::Named { .. }, Some(n)) => TyKind::Named {
                        name: format!("{n}::{rest}"),
                        args: vec![],
                    },
                    _ => ty.kind.clone(),
                },
                _ => ty.kind.clone(),
            },
        },
        TyKind::Named { name, args } => TyKind::Named {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| match a {
                    TemplateArg::Type(t) => TemplateArg::Type(substitute(t, bindings)),
                    TemplateArg::Expr(e) => TemplateArg::Expr(e.clone()),
                })
                .collect(),
        },
        TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
            pointee: Box::new(substitute(pointee, bindings)),
            restrict: *restrict,
        },
        TyKind::LRef(t) => TyKind::LRef(Box::new(substitute(t, bindings))),
        TyKind::RRef(t) => TyKind::RRef(Box::new(substitute(t, bindings))),
        TyKind::Array { elem, len } => TyKind::Array {
            elem: Box::new(substitute(elem, bindings)),
            len: len.clone(),
        },
        other => other.clone(),
    };
    Ty {
        kind,
        is_const: ty.is_const,
        is_volatile: ty.is_volatile,
    }
}

/// `text` (a name spelled as written, `Acc<T, N>::type`) with the unqualified identifiers
/// inside its `<...>` replaced by what `replacement` gives for them.
pub fn substitute_in_spelling(text: &str, replacement: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_ascii_alphabetic() || c == '_' {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if !(d.is_ascii_alphanumeric() || d == '_') {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            let word = &text[i..end];
            let qualified = text[..i].ends_with("::");
            match replacement(word).filter(|_| depth > 0 && !qualified) {
                Some(r) => out.push_str(&r),
                None => out.push_str(word),
            }
            continue;
        }
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        out.push(c);
    }
    out
}

/// The C++ spelling of a class type used as a qualifier (`Vec<float, 3>`), without its
/// cv-qualifiers; `None` for a template argument that is not a plain literal or name.
pub fn spelling(ty: &Ty) -> Option<String> {
    let base = match &ty.kind {
        TyKind::Void => "void".to_string(),
        TyKind::Bool => "bool".to_string(),
        TyKind::Half => "__half".to_string(),
        TyKind::BFloat16 => "__nv_bfloat16".to_string(),
        TyKind::Float => "float".to_string(),
        TyKind::Double => "double".to_string(),
        TyKind::LongDouble => "long double".to_string(),
        TyKind::Int { kind, signed } => {
            let k = match kind {
                IntKind::Char => "char",
                IntKind::Short => "short",
                IntKind::Int => "int",
                IntKind::Long => "long",
                IntKind::LongLong => "long long",
            };
            match signed {
                Some(false) => format!("unsigned {k}"),
                Some(true) if *kind == IntKind::Char => "signed char".to_string(),
                _ => k.to_string(),
            }
        }
        TyKind::Named { name, args } if args.is_empty() => name.clone(),
        TyKind::Named { name, args } => {
            let mut parts = Vec::new();
            for a in args {
                parts.push(match a {
                    TemplateArg::Type(t) => {
                        let c = if t.is_const { "const " } else { "" };
                        format!("{c}{}", spelling(t)?)
                    }
                    TemplateArg::Expr(e) => match &e.kind {
                        ExprKind::IntLit(v) | ExprKind::Ident(v) => v.clone(),
                        ExprKind::BoolLit(b) => b.to_string(),
                        _ => return None,
                    },
                });
            }
            format!("{name}<{}>", parts.join(", "))
        }
        TyKind::Pointer { pointee, .. } => {
            let c = if pointee.is_const { "const " } else { "" };
            format!("{c}{}*", spelling(pointee)?)
        }
        _ => return None,
    };
    Some(base)
}

impl<'a> Program<'a> {
    /// Overload resolution with explicit template arguments; also returns the template
    /// bindings of the chosen function (empty for non-templates).
    pub fn resolve_call_with(
        &self,
        name: &str,
        template_args: &[TemplateArg],
        arg_types: &[Option<Ty>],
    ) -> Option<(&'a Function, Bindings)> {
        self.best_overload(&self.functions(name), template_args, arg_types)
    }

    /// Picks the best of `candidates` for the arguments. A name with a single declaration
    /// (after merging prototypes with their definition) resolves to it whatever the
    /// arguments, so that unknown argument types never lose the callee.
    pub fn best_overload(
        &self,
        candidates: &[&'a Function],
        template_args: &[TemplateArg],
        arg_types: &[Option<Ty>],
    ) -> Option<(&'a Function, Bindings)> {
        // A variadic template stands for its instance for this call's pack length.
        let mut from_pack = HashSet::new();
        let expanded: Vec<&'a Function> = candidates
            .iter()
            .filter_map(|&f| {
                if !crate::packs::is_variadic(f) {
                    return Some(f);
                }
                let len = crate::packs::pack_length(f, arg_types.len(), template_args.len())?;
                let g = self.pack_instance(f, len).ok()?;
                from_pack.insert(g as *const Function as usize);
                Some(g)
            })
            .collect();
        let distinct = self.merge_redeclarations(&expanded);
        if let [only] = distinct.as_slice() {
            let bindings = self
                .deduce(only, template_args, arg_types)
                .unwrap_or_default();
            return Some((only, bindings));
        }
        let viable: Vec<Candidate<'a>> = distinct
            .iter()
            .filter_map(|f| self.candidate(f, template_args, arg_types))
            .map(|mut c| {
                c.from_pack = from_pack.contains(&(c.func as *const Function as usize));
                c
            })
            .collect();
        let best = viable.iter().position(|c| {
            viable
                .iter()
                .all(|other| std::ptr::eq(c.func, other.func) || self.better(c, other))
        })?;
        let chosen = viable.into_iter().nth(best)?;
        Some((chosen.func, chosen.bindings))
    }

    /// Prototypes and the definition of the same signature count once (the definition wins).
    fn merge_redeclarations(&self, candidates: &[&'a Function]) -> Vec<&'a Function> {
        let mut out: Vec<&'a Function> = Vec::new();
        for &f in candidates {
            match out.iter().position(|g| self.same_signature(f, g)) {
                Some(i) if out[i].body.is_none() && f.body.is_some() => out[i] = f,
                Some(_) => {}
                None => out.push(f),
            }
        }
        out
    }

    fn same_signature(&self, a: &Function, b: &Function) -> bool {
        a.template.is_some() == b.template.is_some()
            && a.params.len() == b.params.len()
            && a.is_const_method == b.is_const_method
            && a.params.iter().zip(&b.params).all(|(p, q)| {
                same_unqualified(
                    &adjusted(self.canonical(&p.ty)),
                    &adjusted(self.canonical(&q.ty)),
                )
            })
    }

    /// Can `f` be called with arguments of these types (unknown ones taken to fit)?
    pub(crate) fn is_viable(&self, f: &'a Function, args: &[Option<Ty>]) -> bool {
        self.candidate(f, &[], args).is_some()
    }

    fn candidate(
        &self,
        f: &'a Function,
        template_args: &[TemplateArg],
        args: &[Option<Ty>],
    ) -> Option<Candidate<'a>> {
        let required = f.params.iter().filter(|p| p.default.is_none()).count();
        if args.len() > f.params.len() || args.len() < required {
            return None;
        }
        let (bindings, values) = match f.template {
            Some(_) => (
                self.deduce(f, template_args, args)?,
                self.deduced_values(f, template_args, args)?,
            ),
            None => (Bindings::new(), vec![]),
        };
        let values: Vec<(&str, &Expr)> = values.iter().map(|(n, e)| (n.as_str(), e)).collect();
        let mut ranks = Vec::with_capacity(args.len());
        for (p, a) in f.params.iter().zip(args) {
            let mut param = self.canonical(&substitute(&p.ty, &bindings));
            // `const Mat<D>&` given a `Mat<2>` ranks as `const Mat<2>&`.
            if !values.is_empty() {
                crate::index::substitute_lengths(&mut param, &values);
            }
            ranks.push(match a {
                Some(a) => self.rank(&param, a)?,
                None => Rank::Unknown,
            });
        }
        Some(Candidate {
            func: f,
            bindings,
            ranks,
            from_pack: false,
        })
    }

    /// Rank of passing an argument of type `arg` to a parameter of type `param`;
    /// `None` when it cannot convert.
    fn rank(&self, param: &Ty, arg: &Ty) -> Option<Rank> {
        let p = self.arith_view(&unqualified(param));
        let a = self.arith_view(&unqualified(arg));
        if self.index.same_type(&p, &a) || self.index.same_type(&decay(&a), &p) {
            return Some(Rank::Exact);
        }
        if is_arithmetic(&p) && is_arithmetic(&a) {
            // p != a here, so `promote(a) == p` is a real integral promotion
            let promoted =
                matches!((&a.kind, &p.kind), (TyKind::Float, TyKind::Double)) || promote(&a) == p;
            return Some(if promoted {
                Rank::Promotion
            } else {
                Rank::Conversion
            });
        }
        if is_pointer(&p) || is_pointer(&a) {
            return pointer_rank(self, &p, &a);
        }
        match (&p.kind, &a.kind) {
            (TyKind::Named { .. }, _) | (_, TyKind::Named { .. }) => Some(Rank::Unknown),
            _ => None,
        }
    }

    /// Deduces the template parameters of `f` from explicit arguments and argument types.
    /// Returns `None` when a parameter would be deduced to two different types.
    pub fn deduce(
        &self,
        f: &Function,
        explicit: &[TemplateArg],
        args: &[Option<Ty>],
    ) -> Option<Bindings> {
        let Some(params) = &f.template else {
            return Some(Bindings::new());
        };
        let mut bindings = Bindings::new();
        for (p, arg) in params.iter().zip(explicit) {
            if let Some(t) = self.explicit_type_arg(p, arg) {
                bindings.insert(p.name.clone(), t);
            }
        }
        // explicitly given parameters are substituted, not deduced
        let names: HashSet<&str> = params
            .iter()
            .filter(|p| matches!(p.kind, TemplateParamKind::Type { .. }))
            .map(|p| p.name.as_str())
            .filter(|n| !bindings.contains_key(*n))
            .collect();
        let same = |a: &str, b: &str| self.index.same_type_name(a, b);
        for (param, arg) in f.params.iter().zip(args) {
            if let Some(a) = arg {
                deduce_top(&param.ty, a, &names, &same, &mut bindings)?;
            }
        }
        for p in params {
            if let TemplateParamKind::Type { default: Some(d) } = &p.kind {
                if !bindings.contains_key(&p.name) {
                    let t = self.canonical(&substitute(d, &bindings));
                    bindings.insert(p.name.clone(), t);
                }
            }
        }
        Some(bindings)
    }

    /// A type given for a type parameter; the parser may spell a type name as an expression.
    fn explicit_type_arg(&self, p: &TemplateParam, arg: &TemplateArg) -> Option<Ty> {
        if !matches!(p.kind, TemplateParamKind::Type { .. }) {
            return None;
        }
        match arg {
            TemplateArg::Type(t) => Some(self.canonical(t)),
            TemplateArg::Expr(Expr {
                kind: ExprKind::Ident(n),
                ..
            }) => Some(self.canonical(&Ty::named(n))),
            TemplateArg::Expr(_) => None,
        }
    }

    /// Non-type template parameters deduced from argument types: a parameter `const Poly<T, N>&`
    /// given a `Poly<double, 4>` binds `N` to `4`.
    pub fn deduce_values(&self, f: &Function, arg_types: &[Option<Ty>]) -> HashMap<String, Expr> {
        let value_params: Vec<&str> = f
            .template
            .iter()
            .flatten()
            .filter(|p| matches!(p.kind, TemplateParamKind::Value { .. }))
            .map(|p| p.name.as_str())
            .collect();
        let same = |a: &str, b: &str| self.index.same_type_name(a, b);
        let mut values = HashMap::new();
        for (param, arg) in f.params.iter().zip(arg_types) {
            if let Some(arg) = arg {
                deduce_values_in(&param.ty, arg, &value_params, &same, &mut values);
            }
        }
        values
    }

    /// `c` is at least as good as `other` for every argument and better for one, or equal and
    /// a non-template against a template, or equal and a more specialized template (C++'s
    /// partial ordering: `f(const Mat<D>&)` over `f(const M&)`).
    fn better(&self, c: &Candidate, other: &Candidate) -> bool {
        let all_le = c.ranks.iter().zip(&other.ranks).all(|(a, b)| a <= b);
        let some_lt = c.ranks.iter().zip(&other.ranks).any(|(a, b)| a < b);
        let tie = c.ranks == other.ranks;
        let fewer_defaults = c.func.params.len() < other.func.params.len();
        let both_templates = c.func.template.is_some() && other.func.template.is_some();
        all_le
            && (some_lt
                || (c.func.template.is_none() && other.func.template.is_some())
                || (tie && !c.from_pack && other.from_pack)
                || (tie && fewer_defaults)
                || (tie
                    && both_templates
                    && c.from_pack == other.from_pack
                    && self.more_specialized(c.func, other.func, c.ranks.len())))
    }

    /// Is template `f` more specialized than template `g` for a call with `n` arguments: `g`'s
    /// parameters deduce from `f`'s (its template parameters taken as unique types and
    /// values) and not the other way round.
    fn more_specialized(&self, f: &Function, g: &Function, n: usize) -> bool {
        self.at_least_as_specialized(f, g, n) && !self.at_least_as_specialized(g, f, n)
    }

    fn at_least_as_specialized(&self, f: &Function, g: &Function, n: usize) -> bool {
        let vars = value_and_type_params(g);
        let adjust = |t: &Ty| unqualified(&self.canonical(t));
        let mut out = Deduced::new();
        f.params.iter().zip(&g.params).take(n).all(|(pf, pg)| {
            self.index.unify(
                &adjust(&pg.ty),
                &adjust(&pf.ty),
                &vars,
                Mode::Ordering,
                &mut out,
            )
        })
    }

    /// The values of `f`'s non-type template parameters, written or deduced from the
    /// arguments; `None` when deduction fails: a parameter that mentions `f`'s template
    /// parameters needs an argument of its shape (the same class template with equal constant
    /// arguments, the same array rank), C++ deducing without conversions.
    fn deduced_values(
        &self,
        f: &Function,
        explicit: &[TemplateArg],
        args: &[Option<Ty>],
    ) -> Option<Vec<(String, Expr)>> {
        let params = f.template.as_deref().unwrap_or_default();
        let vars = value_and_type_params(f);
        let mut out = Deduced::new();
        for (p, a) in params.iter().zip(explicit) {
            let a = match (&p.kind, a) {
                (TemplateParamKind::Type { .. }, _) => match self.explicit_type_arg(p, a) {
                    Some(t) => TemplateArg::Type(t),
                    None => continue,
                },
                (_, a) => a.clone(),
            };
            out.insert(p.name.clone(), a);
        }
        for (param, arg) in f.params.iter().zip(args) {
            let Some(arg) = arg else { continue };
            let by_ref = matches!(param.ty.kind, TyKind::LRef(_) | TyKind::RRef(_));
            let p = self.canonical(strip_refs(&param.ty));
            let a = self.canonical(arg);
            let a = if by_ref {
                strip_refs(&a).clone()
            } else {
                decay(&a)
            };
            if !self.index.unify(&p, &a, &vars, Mode::Call, &mut out) {
                return None;
            }
        }
        Some(
            params
                .iter()
                .filter(|p| matches!(p.kind, TemplateParamKind::Value { .. }))
                .filter_map(|p| match out.get(&p.name) {
                    Some(TemplateArg::Expr(e)) => Some((p.name.clone(), e.clone())),
                    _ => None,
                })
                .collect(),
        )
    }

    /// Does `a` become `p` by adding qualifiers only (a `double[2]` row viewed as a
    /// `const double[2]` one)?
    fn qualifies_to(&self, p: &Ty, a: &Ty) -> bool {
        if a.is_const && !p.is_const {
            return false;
        }
        match (&p.kind, &a.kind) {
            (TyKind::Array { elem: pe, len: pl }, TyKind::Array { elem: ae, len: al }) => {
                self.index.same_length(pl.as_deref(), al.as_deref()) && self.qualifies_to(pe, ae)
            }
            (TyKind::Pointer { pointee: pp, .. }, TyKind::Pointer { pointee: ap, .. }) => {
                self.qualifies_to(pp, ap)
            }
            _ => self.index.same_type(&unqualified(p), &unqualified(a)),
        }
    }

    /// Enums behave as `int` in arithmetic and conversions.
    pub(crate) fn arith_view(&self, ty: &Ty) -> Ty {
        match &ty.kind {
            TyKind::Named { name, args } if args.is_empty() && self.enum_def(name).is_some() => {
                Ty::int().with_const(ty.is_const)
            }
            _ => ty.clone(),
        }
    }
}

/// Pointer conversions: qualification added (exact), to `void*`/`bool`, `nullptr` to pointer.
fn pointer_rank(prog: &Program, p: &Ty, a: &Ty) -> Option<Rank> {
    if matches!(p.kind, TyKind::Bool) && is_pointer(a) {
        return Some(Rank::Conversion);
    }
    let pp = pointee(p)?;
    if is_nullptr(a) {
        return Some(Rank::Conversion);
    }
    let ap = pointee(a)?;
    if prog.qualifies_to(pp, ap) {
        return Some(Rank::Exact);
    }
    if is_void(pp) && (pp.is_const || !ap.is_const) {
        return Some(Rank::Conversion);
    }
    match (&pp.kind, &ap.kind) {
        (TyKind::Named { .. }, _) | (_, TyKind::Named { .. }) => Some(Rank::Unknown),
        _ => None,
    }
}

/// The names of `f`'s template parameters, types and values.
fn value_and_type_params(f: &Function) -> HashSet<&str> {
    f.template
        .iter()
        .flatten()
        .filter(|p| {
            matches!(
                p.kind,
                TemplateParamKind::Type { .. } | TemplateParamKind::Value { .. }
            )
        })
        .map(|p| p.name.as_str())
        .collect()
}

/// Deduction from one function parameter: references and (for by-value) cv/array decay
/// are adjusted first, as C++ does.
/// Whether two spellings of a class name denote one class.
type SameName<'s> = dyn Fn(&str, &str) -> bool + 's;

fn deduce_top(
    param: &Ty,
    arg: &Ty,
    names: &HashSet<&str>,
    same: &SameName,
    out: &mut Bindings,
) -> Option<()> {
    let by_ref = matches!(param.kind, TyKind::LRef(_) | TyKind::RRef(_));
    let p = strip_refs(param);
    let a = if by_ref {
        strip_refs(arg).clone()
    } else {
        decay(arg)
    };
    deduce_ty(p, &a, names, same, out)
}

fn deduce_ty(
    p: &Ty,
    a: &Ty,
    names: &HashSet<&str>,
    same: &SameName,
    out: &mut Bindings,
) -> Option<()> {
    match &p.kind {
        TyKind::Named { name, args } if args.is_empty() && names.contains(name.as_str()) => {
            let mut t = a.clone();
            t.is_const &= !p.is_const;
            t.is_volatile &= !p.is_volatile;
            bind(name, t, out)
        }
        TyKind::Pointer { pointee: pp, .. } | TyKind::Array { elem: pp, .. } => match pointee(a) {
            Some(ap) => deduce_ty(pp, ap, names, same, out),
            None => Some(()),
        },
        TyKind::LRef(inner) | TyKind::RRef(inner) => deduce_ty(inner, a, names, same, out),
        TyKind::Named { name, args } => {
            let TyKind::Named {
                name: an,
                args: aargs,
            } = &a.kind
            else {
                return Some(());
            };
            if !same(an, name) {
                return Some(());
            }
            for (pa, aa) in args.iter().zip(aargs) {
                if let (TemplateArg::Type(pt), TemplateArg::Type(at)) = (pa, aa) {
                    deduce_ty(pt, at, names, same, out)?;
                }
            }
            Some(())
        }
        _ => Some(()),
    }
}

fn bind(name: &str, t: Ty, out: &mut Bindings) -> Option<()> {
    match out.get(name) {
        Some(old) if !same_unqualified(old, &t) => None,
        Some(_) => Some(()),
        None => {
            out.insert(name.to_string(), t);
            Some(())
        }
    }
}

/// A parameter's type as C++ adjusts it: an array is a pointer to its element (the length is
/// ignored, so `double p[3]` in a prototype and in the definition are one signature).
fn adjusted(ty: Ty) -> Ty {
    match ty.kind {
        TyKind::Array { elem, .. } => Ty {
            kind: TyKind::Pointer {
                pointee: elem,
                restrict: false,
            },
            ..ty
        },
        _ => ty,
    }
}

fn deduce_values_in(
    param: &Ty,
    arg: &Ty,
    names: &[&str],
    same: &SameName,
    out: &mut HashMap<String, Expr>,
) {
    match (&param.kind, &arg.kind) {
        (TyKind::LRef(p) | TyKind::RRef(p), _) => deduce_values_in(p, arg, names, same, out),
        (_, TyKind::LRef(a) | TyKind::RRef(a)) => deduce_values_in(param, a, names, same, out),
        (TyKind::Pointer { pointee: p, .. }, TyKind::Pointer { pointee: a, .. }) => {
            deduce_values_in(p, a, names, same, out)
        }
        // `const T (&a)[N]` bound to a `float w[4]`: `N` is 4.
        (TyKind::Array { elem: p, len: pl }, TyKind::Array { elem: a, len: al }) => {
            if let (Some(pl), Some(al)) = (pl, al) {
                if let ExprKind::Ident(n) = &pl.kind {
                    if names.contains(&n.as_str()) {
                        out.entry(n.clone()).or_insert_with(|| (**al).clone());
                    }
                }
            }
            deduce_values_in(p, a, names, same, out)
        }
        (TyKind::Named { name: pn, args: pa }, TyKind::Named { name: an, args: aa })
            if same(pn, an) && pa.len() == aa.len() =>
        {
            for (p, a) in pa.iter().zip(aa) {
                match (p, a) {
                    (TemplateArg::Expr(pe), TemplateArg::Expr(ae)) => {
                        if let ExprKind::Ident(n) = &pe.kind {
                            if names.contains(&n.as_str()) {
                                out.entry(n.clone()).or_insert_with(|| ae.clone());
                            }
                        }
                    }
                    (TemplateArg::Type(pt), TemplateArg::Type(at)) => {
                        deduce_values_in(pt, at, names, same, out)
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
}
