//! Methods of user structs as free functions, so calls to them are differentiated like any
//! other call: `v.norm2()` on `struct Vec2 { float x, y; float norm2() const {...} }` becomes
//! `Vec2_norm2(v)` with `float Vec2_norm2(const Vec2& self) { return self.x * self.x + ...; }`.
//! The object is a reference parameter (const for const methods), so a method that updates
//! fields is a function that overwrites a reference argument, which the reverse pass already
//! handles. The free functions are emitted with the generated code.

use crate::builder::*;
use cuad_sema::types::strip_refs;
use cuad_sema::{Bindings, PartialPick, Program};
use cuad_syntax::ast::*;
use std::collections::HashSet;

/// The free function standing for `owner::method` (`owner` unqualified by namespaces is
/// enough: the name only has to be unique in the output).
pub fn free_name(owner: &str, method: &str) -> String {
    let owner: String = owner
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    format!("{owner}_{method}")
}

/// Free functions for the methods of non-template structs with public members: each
/// method with a body, not a constructor or an operator (those stay opaque to cuad).
pub fn lower_all(tu: &TranslationUnit, prog: &Program) -> Vec<Function> {
    let mut out = Vec::new();
    collect(&tu.items, prog, "", &mut out);
    out
}

/// `ns`: the enclosing namespaces (`geo::`): stand-ins are emitted at file scope, where the
/// struct's type needs them.
fn collect(items: &[Item], prog: &Program, ns: &str, out: &mut Vec<Function>) {
    for item in items {
        match item {
            Item::Struct(s) => lower_struct(s, prog, ns, out),
            Item::Namespace {
                name: Some(n),
                items,
                ..
            } => collect(items, prog, &format!("{ns}{n}::"), out),
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
                collect(items, prog, ns, out)
            }
            _ => {}
        }
    }
}

fn lower_struct(s: &StructDef, prog: &Program, ns: &str, out: &mut Vec<Function>) {
    let (Some(name), Some(members)) = (&s.name, &s.members) else {
        return;
    };
    // Private members would not be reachable from a free function.
    if !fields_public(s) {
        return;
    }
    // Bases (an empty tag, a CRTP base, public data) add methods, lowered as the struct's own
    // (`inherited_methods`); their data members are the struct's fields.
    let Some(inherited) = inherited_methods(s, prog, 0) else {
        return;
    };
    // A method of the struct hides the bases' methods of its name (C++ name hiding), whatever
    // their parameters.
    let own = |f: &Function| {
        members
            .iter()
            .any(|m| matches!(m, Member::Method(g) if g.name == f.name))
    };
    let inherited: Vec<Member> = inherited
        .into_iter()
        .filter(|f| !own(f))
        .map(Member::Method)
        .collect();
    let members: Vec<&Member> = members.iter().chain(&inherited).collect();
    // An explicit specialization (`template <> struct V<double, 2>`) is a plain struct; its
    // methods' stand-ins are plain functions.
    let template = s.template.as_deref().filter(|t| !t.is_empty());
    let qualified = format!("{ns}{name}");
    let fields: HashSet<String> = crate::normalize::struct_field_names(s)
        .into_iter()
        .chain(
            prog.fields(&self_type(prog, &qualified, template))
                .into_iter()
                .map(|(f, _)| f),
        )
        .collect();
    // A specialization's constructors are named without its arguments.
    let class = crate::class_name(s).unwrap_or_default();
    // Static member functions of a plain struct are called through the owner (`M::well`),
    // not the object; a class template's go through their stand-ins (`lower_static_method`).
    let static_calls = if s.template.is_none() {
        static_methods(s)
    } else {
        HashSet::new()
    };
    let methods: HashSet<String> = members
        .iter()
        .filter_map(|m| match m {
            Member::Method(f) if !static_calls.contains(&f.name) => Some(f.name.clone()),
            _ => None,
        })
        .collect();
    let statics: HashSet<String> = members
        .iter()
        .filter_map(|m| match m {
            Member::Field(d) if d.specs.is_static => Some(d.vars.iter().map(|v| v.name.clone())),
            _ => None,
        })
        .flatten()
        .chain(static_calls)
        .chain(enumerators(s))
        .collect();
    let member_types = cuad_sema::member_types(s, &qualified);
    // Overloads share their stand-in's name (`Poly_eval`), as C++ overloads: calls resolve
    // among them as among the methods. One that cannot be lowered would leave its calls to
    // another overload, so then none of that name is (`missing`).
    let mut methods_out: Vec<(String, Function)> = Vec::new();
    let mut missing: HashSet<String> = HashSet::new();
    for m in &members {
        let Member::Method(f) = m else { continue };
        if f.name == class {
            let owner = Owner {
                name,
                qualified: qualified.clone(),
                statics: statics.clone(),
            };
            out.extend(lower_constructor(prog, &owner, s, f, &fields, &methods));
            continue;
        }
        if f.attrs.is_static && f.template.is_none() {
            if let (Some(template), Some(_)) = (s.template.as_deref(), &f.body) {
                // An explicit specialization's (`template <>`, named `Traits<float>`) stand-in
                // is a plain function, `Traits_float__exp`.
                let owner = Owner {
                    name,
                    qualified: qualified.clone(),
                    statics: statics.clone(),
                };
                out.push(lower_static_method(
                    prog,
                    &owner,
                    template,
                    f,
                    &static_methods(s),
                ));
                continue;
            }
        }
        let binary_operator = matches!(
            f.name.as_str(),
            "operator+" | "operator-" | "operator*" | "operator/"
        ) && f.params.len() == 1;
        // `-a` with a member `operator-()`: a free `operator-(self)`, called as the user's.
        let unary_operator =
            matches!(f.name.as_str(), "operator+" | "operator-") && f.params.is_empty();
        // A subscript returning a value is a call (`index_operator_call`); one returning a
        // reference is an lvalue, written out by `inline_accessor` or kept.
        let value_subscript =
            f.name == "operator[]" && !matches!(f.ret.kind, TyKind::LRef(_) | TyKind::RRef(_));
        let lowered_operator = binary_operator
            || unary_operator
            || value_subscript
            || f.name == "operator()"
            || compound_operator(f).is_some();
        if f.name == class
            || (f.name.starts_with("operator") && !lowered_operator)
            || f.name.starts_with('~')
            || f.attrs.is_static
        {
            continue;
        }
        let owner = Owner {
            name,
            qualified: qualified.clone(),
            statics: statics.clone(),
        };
        let lowered = f
            .body
            .as_ref()
            .and_then(|_| lower_method(prog, &owner, template, f, &fields, &methods));
        let Some(mut free) = lowered else {
            missing.insert(f.name.clone());
            continue;
        };
        // Member types named unqualified in the method mean the struct's.
        crate::instantiate::substitute_types(&mut free, &member_types);
        // `T& operator()(int)` next to `const T& operator()(int) const`: the const one
        // stands in for calls on const objects (`lowered_method`).
        let has_non_const_twin = members.iter().any(|m| {
            matches!(m, Member::Method(g) if g.name == f.name
                && same_param_types(&g.params, &f.params) && !g.is_const_method)
        });
        if f.is_const_method && has_non_const_twin {
            free.name.push_str(CONST_SUFFIX);
        }
        methods_out.push((f.name.clone(), free));
    }
    out.extend(
        methods_out
            .into_iter()
            .filter(|(method, _)| !missing.contains(method))
            .map(|(_, free)| free),
    );
}

/// Whether two parameter lists have the same types, as written.
fn same_param_types(a: &[Param], b: &[Param]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(p, q)| cuad_emit::print_ty(&p.ty) == cuad_emit::print_ty(&q.ty))
}

/// The methods `s` inherits from its bases, each a struct of this file with public members
/// (`struct Tag {};`, a CRTP base `template <class D> struct ActBase { float operator()(float
/// x) const { return static_cast<const D&>(*this).eval(x); } };`, `struct Base { float w; }`):
/// the bases' template
/// parameters bound to the arguments `s` gives them, and casts of `this` to `s` itself dropped
/// (the object is `s`). Constructors, destructors and static members are not inherited here.
/// `None` when a base is anything else (its fields or methods cuad would not see).
fn inherited_methods(s: &StructDef, prog: &Program, depth: u32) -> Option<Vec<Function>> {
    let derived = s.name.as_deref()?;
    let derived = derived.split('<').next().unwrap_or(derived).trim();
    let mut out = Vec::new();
    for spec in &s.bases {
        let spec = spec
            .split_whitespace()
            .filter(|w| !matches!(*w, "public" | "private" | "protected" | "virtual"))
            .collect::<Vec<_>>()
            .join(" ");
        let (base_name, args) = match spec.find('<') {
            Some(at) => (spec[..at].trim(), prog.spelled_template_args(&spec[at..])?),
            None => (spec.as_str(), vec![]),
        };
        let base = prog.struct_def(base_name)?;
        // A base's public data members are the derived object's fields (`prog.fields` lists
        // them first): methods reach them through `self` like the struct's own.
        let nested_item = base
            .members
            .as_ref()?
            .iter()
            .any(|m| matches!(m, Member::Item(_)));
        if nested_item || !fields_public(base) || depth > 8 {
            return None;
        }
        let mut types = cuad_sema::Bindings::new();
        let mut values = crate::instantiate::Values::new();
        for (p, a) in base.template.iter().flatten().zip(&args) {
            match a {
                TemplateArg::Type(t) => {
                    types.insert(p.name.clone(), t.clone());
                }
                TemplateArg::Expr(e) => {
                    values.insert(p.name.clone(), e.clone());
                }
            }
        }
        let own = base.members.iter().flatten().filter_map(|m| match m {
            Member::Method(f) => Some(f.clone()),
            _ => None,
        });
        let base_own_name = base.name.as_deref().unwrap_or_default();
        for mut f in own.chain(inherited_methods(base, prog, depth + 1)?) {
            if f.name == base_own_name
                || f.name.starts_with('~')
                || f.attrs.is_static
                || f.body.is_none()
            {
                continue;
            }
            crate::instantiate::substitute_params(&mut f, &types, &values);
            for st in f.body.iter_mut().flatten() {
                map_stmt_exprs(st, &mut |e| drop_cast_to_self(e, derived));
            }
            out.push(f);
        }
    }
    Some(out)
}

/// `static_cast<const D&>(*this)` -> `(*this)`, `static_cast<D*>(this)` -> `this`, where `D`
/// is the struct `derived` the method is lowered for.
fn drop_cast_to_self(e: &mut Expr, derived: &str) {
    let ExprKind::Cast {
        kind: CastKind::Static | CastKind::CStyle,
        ty,
        expr,
    } = &e.kind
    else {
        return;
    };
    let names_derived = |t: &Ty| matches!(&t.kind, TyKind::Named { name, .. } if name.rsplit("::").next() == Some(derived));
    let inner = expr.strip_parens();
    let is_this = |x: &Expr| matches!(&x.kind, ExprKind::Ident(n) if n == "this");
    let drop = match &ty.kind {
        TyKind::LRef(t) | TyKind::RRef(t) => {
            names_derived(t) && matches!(&inner.kind, ExprKind::Unary(UnOp::Deref, x) if is_this(x))
        }
        TyKind::Pointer { pointee, .. } => names_derived(pointee) && is_this(inner),
        _ => false,
    };
    if drop {
        *e = paren(inner.clone());
    }
}

/// Every field of the struct is public (so code outside it may name them).
fn fields_public(s: &StructDef) -> bool {
    let mut public = s.keyword != "class";
    for m in s.members.iter().flatten() {
        match m {
            Member::Access(a) => public = a.starts_with("public"),
            Member::Field(_) if !public => return false,
            _ => {}
        }
    }
    true
}

/// `Owner<T, N>` for a class template `template <typename T, int N> struct Owner`, else `Owner`;
/// a specialization's name spells its arguments (`Poly<T, 1>`, `V<double, 2>`).
fn self_type(prog: &Program, owner: &str, template: Option<&[TemplateParam]>) -> Ty {
    if let Some(lt) = owner.find('<') {
        let args = prog
            .struct_def(owner)
            .and_then(|s| prog.specialization_args(s))
            .unwrap_or_default();
        return Ty::new(TyKind::Named {
            name: owner[..lt].trim().to_string(),
            args,
        });
    }
    Ty::new(TyKind::Named {
        name: owner.to_string(),
        args: own_args(template.unwrap_or_default()),
    })
}

/// A class template's parameters as the arguments of its instance (`<T, N>`).
fn own_args(params: &[TemplateParam]) -> Vec<TemplateArg> {
    params
        .iter()
        .map(|p| match p.kind {
            TemplateParamKind::Type { .. } | TemplateParamKind::TypePack => {
                TemplateArg::Type(Ty::named(&p.name))
            }
            TemplateParamKind::Value { .. } => TemplateArg::Expr(ident(&p.name)),
        })
        .collect()
}

/// The injected class name (`Vec3T` inside `Vec3T<T>`, `Poly` inside `Poly<T, 1>`) bound to
/// the instance the stand-ins of `owner`'s members take.
fn injected_name(prog: &Program, owner: &str, template: Option<&[TemplateParam]>) -> Bindings {
    let class = owner.split('<').next().unwrap_or(owner).trim();
    [(class.to_string(), self_type(prog, owner, template))]
        .into_iter()
        .collect()
}

/// The enumerators of the unscoped enums a struct declares (`enum { NTERMS = 4 };`).
fn enumerators(s: &StructDef) -> Vec<String> {
    s.members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Item(item) => match item.as_ref() {
                Item::Enum(e) if !e.scoped => Some(e.variants.iter().map(|(v, _)| v.clone())),
                _ => None,
            },
            _ => None,
        })
        .flatten()
        .collect()
}

/// A static member function of a plain struct is differentiated as it is, and its derivatives
/// are free functions: the names of its class's scope its body uses unqualified (static data
/// members, enumerators, sibling static member functions, member types) are qualified
/// (`a` -> `Soft::a`, `pow6(s)` -> `LJ::pow6(s)`). (Other methods become stand-ins,
/// `lower_method`, which do the same.)
pub fn qualify_class_scope(prog: &Program, f: &mut Function) {
    if !f.attrs.is_static {
        return;
    }
    let Some((s, qualified)) = prog.method_struct(f) else {
        return;
    };
    if s.template.is_some() {
        return;
    }
    let mut shadowing: crate::usage::Names =
        f.params.iter().filter_map(|p| p.name.clone()).collect();
    if let Some(body) = &f.body {
        body.iter()
            .for_each(|st| crate::normalize::declared_names(st, &mut shadowing));
    }
    let names: HashSet<String> = s
        .members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Field(d) if d.specs.is_static && !d.specs.is_typedef => {
                Some(d.vars.iter().map(|v| v.name.clone()).collect::<Vec<_>>())
            }
            _ => None,
        })
        .flatten()
        .chain(static_methods(s))
        .chain(enumerators(s))
        .filter(|n| !shadowing.contains(n))
        .collect();
    for st in f.body.iter_mut().flatten() {
        map_stmt_exprs(st, &mut |e| {
            let target = match &mut e.kind {
                ExprKind::Call { callee, .. } => &mut **callee,
                _ => &mut *e,
            };
            if let ExprKind::Ident(n) = &target.kind {
                if names.contains(n) {
                    *target = ident(&format!("{qualified}::{n}"));
                }
            }
        });
    }
    crate::instantiate::substitute_types(f, &cuad_sema::member_types(s, &qualified));
}

/// Names of the static member functions of a struct.
fn static_methods(s: &StructDef) -> HashSet<String> {
    s.members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Method(f) if f.attrs.is_static => Some(f.name.clone()),
            _ => None,
        })
        .collect()
}

/// The stand-in of a static member function of a class template (`Horner<T, N>::eval`): a
/// function template over the class's parameters, `Horner_eval<T, N>(...)`, which calls
/// `Horner<double, 3>::eval(c, x)` call as `Horner_eval<double, 3>(c, x)` (`lower_calls`).
/// In its body the class's static data members are named through the instance
/// (`Horner<T, N>::k`), and its sibling static functions through their stand-ins.
fn lower_static_method(
    prog: &Program,
    owner_of: &Owner,
    template: &[TemplateParam],
    f: &Function,
    siblings: &HashSet<String>,
) -> Function {
    let instance = self_type(prog, &owner_of.qualified, Some(template));
    let class_args = &own_args(template);
    let spelled = cuad_emit::print_ty(&instance);
    let mut body = f.body.clone().unwrap_or_default();
    for st in &mut body {
        map_stmt_exprs(st, &mut |e| match &mut e.kind {
            ExprKind::Ident(n) if owner_of.statics.contains(n.as_str()) => {
                *n = format!("{spelled}::{n}");
            }
            ExprKind::Call {
                callee,
                template_args,
                ..
            } if template_args.is_empty()
                && matches!(&callee.kind, ExprKind::Ident(n) if siblings.contains(n)) =>
            {
                let ExprKind::Ident(n) = &callee.kind else {
                    return;
                };
                **callee = ident(&free_name(owner_of.name, n));
                *template_args = class_args.clone();
            }
            _ => {}
        });
    }
    let mut params = f.params.clone();
    for p in &mut params {
        p.default = None;
    }
    let mut attrs = f.attrs.clone();
    attrs.is_static = false;
    attrs.constexpr = false;
    let mut free = Function {
        attrs,
        template: (!template.is_empty()).then(|| {
            template
                .iter()
                .map(crate::builder::without_default)
                .collect()
        }),
        ret: f.ret.clone(),
        name: free_name(owner_of.name, &crate::calls::identifier_name(&f.name)),
        params,
        is_const_method: false,
        ctor_inits: vec![],
        body: Some(body),
        span: f.span,
        name_span: f.name_span,
    };
    // The injected class name (`Horner` inside `Horner<T, N>`) names the instance.
    let injected = injected_name(prog, owner_of.name, Some(template));
    crate::instantiate::substitute_types(&mut free, &injected);
    free
}

/// `Horner<double, 3>::eval` -> the stand-in `Horner_eval` and the arguments `<double, 3>`,
/// when `Horner` is a class template with a static member function `eval` (lowered by
/// [`lower_static_method`]).
fn static_method_of_instance(name: &str, prog: &Program) -> Option<(String, Vec<TemplateArg>)> {
    let (owner, method) = name.rsplit_once("::")?;
    let lt = owner.find('<')?;
    let base = owner[..lt].trim();
    let unqualified = base.rsplit("::").next().unwrap_or(base);
    let args = prog.spelled_template_args(&owner[lt..])?;
    let has_static = |s: &StructDef| {
        s.members.iter().flatten().any(|m| {
            matches!(m, Member::Method(f) if f.name == method && f.attrs.is_static
                && f.template.is_none() && f.body.is_some())
        })
    };
    // Specializations are picked for concrete arguments, C++'s way: an explicit one
    // (`template <> struct Traits<float>`) calls its own plain stand-in, a partial one
    // (`template <typename T> struct Poly<T, 1>`) its stand-in template with the arguments
    // deduced from the pattern, else the primary's. Arguments naming template parameters wait
    // for the instance.
    if crate::class_has_specialization(&prog.tu.items, unqualified) {
        if crate::class_has_opaque_specialization(&prog.tu.items, unqualified)
            || !args.iter().all(|a| concrete_template_arg(prog, a))
        {
            return None;
        }
        if let Some(special) = prog.explicit_specialization(base, &args) {
            let name = special.name.as_deref()?;
            return has_static(special).then(|| (free_name(name, method), vec![]));
        }
        match prog.partial_specialization(base, &args) {
            PartialPick::Partial(partial, deduced) => {
                let name = partial.name.as_deref()?;
                return has_static(partial).then(|| (free_name(name, method), deduced));
            }
            PartialPick::Unknown => return None,
            PartialPick::Primary => {}
        }
    }
    // The primary template (only declared when every instance used is specialized).
    let def = prog.struct_def(base).filter(|d| d.template.is_some())?;
    if !has_static(def) {
        return None;
    }
    Some((free_name(unqualified, method), args))
}

/// A template argument that names no template parameter: an arithmetic type, a struct of the
/// file, a pointer to one, or a constant.
fn concrete_template_arg(prog: &Program, a: &TemplateArg) -> bool {
    match a {
        TemplateArg::Type(t) => {
            let t = prog.canonical(t);
            let mut inner = &t;
            while let TyKind::Pointer { pointee, .. } = &inner.kind {
                inner = pointee;
            }
            match &inner.kind {
                // an enumerator read as a type name (`ActFn<Act::Tanh>`)
                TyKind::Named { name, args } if args.is_empty() && prog.is_enumerator(name) => true,
                TyKind::Named { name, args } => {
                    prog.struct_def(name).is_some()
                        && args.iter().all(|a| concrete_template_arg(prog, a))
                }
                _ => true,
            }
        }
        TemplateArg::Expr(e) => {
            cuad_sema::fold_constant(e, &|_| None).is_some()
                || matches!(&e.kind, ExprKind::Ident(n) if prog.is_enumerator(n))
        }
    }
}

/// The struct a method belongs to: its name (stand-ins are named after it) and its name
/// qualified with its namespaces (the type of the object parameter).
struct Owner<'n> {
    name: &'n str,
    qualified: String,
    /// Static data members (and a plain struct's static member functions), named through the
    /// owner in a stand-in.
    statics: HashSet<String>,
}

fn lower_method(
    prog: &Program,
    owner_of: &Owner,
    template: Option<&[TemplateParam]>,
    f: &Function,
    fields: &HashSet<String>,
    methods: &HashSet<String>,
) -> Option<Function> {
    // A parameter or local named like a field would need scoping; leave such methods alone.
    let mut shadowing: crate::usage::Names =
        f.params.iter().filter_map(|p| p.name.clone()).collect();
    if let Some(body) = &f.body {
        body.iter()
            .for_each(|s| crate::normalize::declared_names(s, &mut shadowing));
    }
    if shadowing.iter().any(|n| fields.contains(n) || n == "self") {
        return None;
    }
    let owner = owner_of.name;
    let mut object = self_type(prog, &owner_of.qualified, template);
    object.is_const = f.is_const_method;
    let mut ret = f.ret.clone();
    let mut body = f.body.clone()?;
    if compound_operator(f).is_some() {
        // `a += b` is lowered only as a statement, so the returned `*this` is never used.
        if !returns_only_this(&body) {
            return None;
        }
        body.iter_mut().for_each(drop_return_this);
        ret = Ty::new(TyKind::Void);
    }
    let mut params = vec![Param {
        name: Some("self".into()),
        ty: Ty::new(TyKind::LRef(Box::new(object))),
        default: None,
        span: f.name_span,
    }];
    params.extend(f.params.iter().cloned());
    let rewrite = &mut |e: &mut Expr| {
        // A static member (`static constexpr double half = 0.5;`, `static double well(...)`,
        // called as `well(d, x)`) is the owner's.
        let target = match &mut e.kind {
            ExprKind::Call { callee, .. } => &mut **callee,
            _ => &mut *e,
        };
        if let ExprKind::Ident(n) = &target.kind {
            if owner_of.statics.contains(n) {
                *target = ident(&format!("{}::{n}", owner_of.qualified));
                return;
            }
        }
        to_self(e, fields, methods, owner)
    };
    for s in &mut body {
        map_stmt_exprs(s, rewrite);
    }
    for p in &mut params {
        p.default = None;
    }
    let mut attrs = f.attrs.clone();
    attrs.constexpr = false;
    let mut free = Function {
        attrs,
        // A class template's method is a function template over the same parameters (their
        // defaults belong to the class); a member function template's own parameters come
        // first, so explicit arguments at a call (`g.scale<float>(x)`) bind them and the
        // class's are deduced from the object.
        template: match (f.template.as_deref(), template) {
            (None, None) => None,
            (own, class) => Some(
                own.unwrap_or_default()
                    .iter()
                    .cloned()
                    .chain(
                        class
                            .unwrap_or_default()
                            .iter()
                            .map(crate::builder::without_default),
                    )
                    .collect(),
            ),
        },
        ret,
        // A binary or unary member operator keeps its name: `a * s` and `-a` then find it as a
        // free operator.
        // `operator()` and `operator+=` become `Owner_operator_call` / `Owner_operator_add_assign`,
        // which `lower_calls` calls.
        name: if binary_operator_name(&f.name) {
            f.name.clone()
        } else {
            free_name(owner, &crate::calls::identifier_name(&f.name))
        },
        params,
        is_const_method: false,
        ctor_inits: vec![],
        body: Some(body),
        span: f.span,
        name_span: f.name_span,
    };
    if template.is_some() || owner.contains('<') {
        // The injected class name (`Vec3T` inside `Vec3T<T>`) names the instance.
        crate::instantiate::substitute_types(&mut free, &injected_name(prog, owner, template));
    }
    Some(free)
}

/// The stand-in of a constructor that does more than copy parameters into fields
/// (`P(double s, double t) { x = s * t; y = s + t; }`): a function returning the object,
/// `P P_ctor(double s, double t) { P self = <zero bytes>; self.x = s * t; ...; return self; }`,
/// which constructions `P(a, b)` / `P{a, b}` call (`lower_calls`). Fields are set in
/// declaration order from the member initializers or the default member initializers, then
/// the body runs. Constructors of class templates, copy constructors and those initializing
/// a base stay opaque.
fn lower_constructor(
    prog: &Program,
    owner_of: &Owner,
    s: &StructDef,
    f: &Function,
    fields: &HashSet<String>,
    methods: &HashSet<String>,
) -> Option<Function> {
    let owner = owner_of.name;
    let body = f.body.as_ref()?;
    if s.template.is_some()
        || f.template.is_some()
        || f.params.is_empty()
        || crate::calls::simple_constructor_sources(f).is_some()
        || f.ctor_inits.iter().any(|(n, _)| !fields.contains(n))
    {
        return None;
    }
    let copies_own_type = f.params.iter().any(|p| {
        let ty = match &p.ty.kind {
            TyKind::LRef(t) | TyKind::RRef(t) => t,
            _ => &p.ty,
        };
        matches!(&ty.kind, TyKind::Named { name, .. } if name.rsplit("::").next() == Some(owner))
    });
    // An object owning a resource (a destructor, a constructor that allocates) is not a
    // value: copying the stand-in's result would free or leak what it owns.
    let owns_resource = s
        .members
        .iter()
        .flatten()
        .any(|m| matches!(m, Member::Method(g) if g.name.starts_with('~')))
        || body.iter().any(|st| {
            let mut found = false;
            crate::usage::visit_stmt_exprs(st, &mut |e| {
                found |= crate::usage::any_expr(e, &|x| match &x.kind {
                    ExprKind::Call { callee, .. } => matches!(&callee.kind,
                        ExprKind::Ident(n) if n.starts_with("cuda") || n.contains("alloc")),
                    _ => false,
                });
            });
            found
        });
    if copies_own_type || owns_resource {
        return None;
    }
    // Locals named like a field would need scoping; parameters named like one (`x(x)`)
    // are renamed, as they shadow the field in the initializers and the body.
    let mut locals = crate::usage::Names::new();
    body.iter()
        .for_each(|st| crate::normalize::declared_names(st, &mut locals));
    if locals.iter().any(|n| fields.contains(n) || n == "self") {
        return None;
    }
    let renamed: Vec<(String, String)> = f
        .params
        .iter()
        .filter_map(|p| p.name.clone())
        .filter(|n| fields.contains(n) || n == "self")
        .map(|n| (n.clone(), format!("_cuad_arg_{n}")))
        .collect();
    let rename = &mut |e: &mut Expr| {
        if let ExprKind::Ident(n) = &mut e.kind {
            if let Some((_, to)) = renamed.iter().find(|(from, _)| from == n) {
                *n = to.clone();
            }
        }
    };
    let object = self_type(prog, &owner_of.qualified, None);
    let mut stmts = vec![decl(
        object.clone(),
        "self",
        Some(Expr::synth(ExprKind::Call {
            callee: Box::new(ident("cuad_zero_tangent")),
            template_args: vec![TemplateArg::Type(object.clone())],
            args: vec![],
        })),
    )];
    for m in s.members.iter().flatten() {
        let Member::Field(d) = m else { continue };
        if d.specs.is_static {
            continue;
        }
        for v in &d.vars {
            let (mut value, in_constructor) = match f.ctor_inits.iter().find(|(n, _)| *n == v.name)
            {
                Some((_, args)) => match args.as_slice() {
                    [x] => (x.clone(), true),
                    _ => (functional(&v.ty, args.clone()), true),
                },
                None => match &v.init {
                    Some(Init::Assign(x)) => (x.clone(), false),
                    Some(Init::Brace(items) | Init::Paren(items)) => {
                        (functional(&v.ty, items.clone()), false)
                    }
                    None => continue,
                },
            };
            if matches!(v.ty.kind, TyKind::Array { .. }) {
                return None;
            }
            // Parameters are in scope in the constructor's initializers only.
            let mut e = value.clone();
            if in_constructor {
                map_expr(&mut e, rename);
            }
            map_expr(&mut e, &mut |x| to_self(x, fields, methods, owner));
            value = e;
            stmts.push(expr_stmt(assign(
                member(ident("self"), &v.name, false),
                value,
            )));
        }
    }
    let initialized = stmts.len();
    stmts.extend(body.iter().cloned());
    let returned = ident("self");
    let rewrite = &mut |e: &mut Expr| {
        rename(e);
        if let ExprKind::Ident(n) = &e.kind {
            if owner_of.statics.contains(n) {
                *e = ident(&format!("{}::{n}", owner_of.qualified));
                return;
            }
        }
        to_self(e, fields, methods, owner)
    };
    for st in &mut stmts[initialized..] {
        map_stmt_exprs(st, rewrite);
        return_self(st);
    }
    stmts.push(Stmt::synth(StmtKind::Return(Some(returned))));
    let params = f
        .params
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p.default = None;
            if let Some((_, to)) = renamed
                .iter()
                .find(|(from, _)| Some(from) == p.name.as_ref())
            {
                p.name = Some(to.clone());
            }
            p
        })
        .collect();
    let mut attrs = f.attrs.clone();
    attrs.constexpr = false;
    Some(Function {
        attrs,
        template: None,
        ret: object,
        name: free_name(owner, CONSTRUCTOR),
        params,
        is_const_method: false,
        ctor_inits: vec![],
        body: Some(stmts),
        span: f.span,
        name_span: f.name_span,
    })
}

/// The stand-in of constructors is `Owner_ctor`.
const CONSTRUCTOR: &str = "ctor";

/// `T(args)` / `T{args}` as an expression.
fn functional(ty: &Ty, args: Vec<Expr>) -> Expr {
    Expr::synth(ExprKind::Cast {
        kind: CastKind::Functional,
        ty: ty.clone(),
        expr: Box::new(Expr::synth(ExprKind::InitList(args))),
    })
}

/// `return;` in a constructor's body returns the object.
fn return_self(s: &mut Stmt) {
    if matches!(s.kind, StmtKind::Return(None)) {
        s.kind = StmtKind::Return(Some(ident("self")));
    }
    s.for_each_child_mut(&mut return_self);
}

fn binary_operator_name(name: &str) -> bool {
    matches!(name, "operator+" | "operator-" | "operator*" | "operator/")
}

/// The operation of a compound-assignment member operator (`operator+=` with one parameter).
fn compound_operator(f: &Function) -> Option<BinOp> {
    if f.params.len() != 1 {
        return None;
    }
    match f.name.as_str() {
        "operator+=" => Some(BinOp::Add),
        "operator-=" => Some(BinOp::Sub),
        "operator*=" => Some(BinOp::Mul),
        "operator/=" => Some(BinOp::Div),
        _ => None,
    }
}

fn is_this_deref(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Unary(UnOp::Deref, x) if matches!(&x.kind, ExprKind::Ident(n) if n == "this"))
}

/// Every `return` of the body returns `*this`.
fn returns_only_this(body: &[Stmt]) -> bool {
    let mut only_this = true;
    for s in body {
        s.visit(&mut |s| {
            if let StmtKind::Return(r) = &s.kind {
                only_this &= r.as_ref().is_some_and(is_this_deref);
            }
        });
    }
    only_this
}

fn drop_return_this(s: &mut Stmt) {
    if matches!(&s.kind, StmtKind::Return(Some(e)) if is_this_deref(e)) {
        s.kind = StmtKind::Return(None);
    }
    s.for_each_child_mut(&mut drop_return_this);
}

/// Field `x` -> `self.x`, `this->x` -> `self.x`, `*this` -> `self`, `this` -> `&self`,
/// `m(args)` (another method) -> `self.m(args)`.
fn to_self(e: &mut Expr, fields: &HashSet<String>, methods: &HashSet<String>, owner: &str) {
    let this_self = || ident("self");
    match &mut e.kind {
        ExprKind::Ident(n) if fields.contains(n.as_str()) => {
            *e = member(this_self(), n, false);
        }
        ExprKind::Ident(n) if n == "this" => *e = addr_of(this_self()),
        ExprKind::Unary(UnOp::Deref, x) if matches!(&x.kind, ExprKind::Unary(UnOp::AddrOf, y) if matches!(&y.kind, ExprKind::Ident(s) if s == "self")) =>
        {
            *e = this_self();
        }
        ExprKind::Member { base, arrow, .. } if *arrow => {
            if matches!(&base.kind, ExprKind::Unary(UnOp::AddrOf, y) if matches!(&y.kind, ExprKind::Ident(s) if s == "self"))
            {
                **base = this_self();
                *arrow = false;
            }
        }
        ExprKind::Call { callee, .. } => {
            if let ExprKind::Ident(n) = &callee.kind {
                let n = n.strip_prefix(&format!("{owner}::")).unwrap_or(n);
                // another method, or a field holding a functor (`inner(a)`)
                if methods.contains(n) || fields.contains(n) {
                    **callee = member(this_self(), n, false);
                }
            }
        }
        _ => {}
    }
}

/// Calls `f` on every expression of `s`, children first (so `f` sees rewritten children).
pub fn map_stmt_exprs(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    match &mut s.kind {
        StmtKind::Expr(e)
        | StmtKind::Return(Some(e))
        | StmtKind::Bindings(BindingDecl { init: e, .. }) => map_expr(e, f),
        StmtKind::Decl(d) => {
            for v in &mut d.vars {
                match &mut v.init {
                    Some(Init::Assign(e)) => map_expr(e, f),
                    Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                        es.iter_mut().for_each(|e| map_expr(e, f))
                    }
                    None => {}
                }
            }
        }
        StmtKind::Block(b) => b.iter_mut().for_each(|x| map_stmt_exprs(x, f)),
        StmtKind::If { cond, then, els } => {
            map_expr(cond, f);
            map_stmt_exprs(then, f);
            if let Some(e) = els {
                map_stmt_exprs(e, f);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                map_stmt_exprs(i, f);
            }
            cond.iter_mut()
                .chain(step.iter_mut())
                .for_each(|e| map_expr(e, f));
            map_stmt_exprs(body, f);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            map_expr(cond, f);
            map_stmt_exprs(body, f);
        }
        StmtKind::Switch { cond, cases } => {
            map_expr(cond, f);
            for c in cases {
                c.body.iter_mut().for_each(|x| map_stmt_exprs(x, f));
            }
        }
        _ => {}
    }
}

pub(crate) fn map_expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::Unary(_, x)
        | ExprKind::Paren(x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::Cast { expr: x, .. } => map_expr(x, f),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) | ExprKind::Assign(_, l, r) => {
            map_expr(l, f);
            map_expr(r, f);
        }
        ExprKind::Cond(c, a, b) => {
            map_expr(c, f);
            map_expr(a, f);
            map_expr(b, f);
        }
        ExprKind::Call { callee, args, .. } => {
            if !matches!(callee.kind, ExprKind::Ident(_)) {
                map_expr(callee, f);
            }
            args.iter_mut().for_each(|a| map_expr(a, f));
        }
        ExprKind::Launch {
            kernel,
            config,
            args,
            ..
        } => {
            map_expr(kernel, f);
            config
                .iter_mut()
                .chain(args.iter_mut())
                .for_each(|a| map_expr(a, f));
        }
        ExprKind::Member { base, .. } => map_expr(base, f),
        ExprKind::InitList(items) => items.iter_mut().for_each(|a| map_expr(a, f)),
        _ => {}
    }
    f(e);
}

/// Rewrites `obj.m(args)` / `p->m(args)` into `Owner_m(obj, args)` / `Owner_m(*p, args)`
/// where [`lower_all`] made the free function. `object_type` types the object expression.
pub fn lower_calls(s: &mut Stmt, prog: &Program, object_type: &dyn Fn(&Expr) -> Option<Ty>) {
    map_stmt_exprs(s, &mut |e| {
        if let Some(inlined) = inline_accessor(e, prog, object_type) {
            *e = inlined;
            return;
        }
        if let Some(construction) = lowered_construction(e, prog, object_type) {
            *e = construction;
            return;
        }
        if let Some(call) = index_operator_call(e, prog, object_type) {
            *e = call;
            return;
        }
        let ExprKind::Call {
            callee,
            args,
            template_args,
        } = &e.kind
        else {
            return;
        };
        if let ExprKind::Ident(name) = &callee.kind {
            if let Some((free, class_args)) = static_method_of_instance(name, prog) {
                *e = Expr::new(
                    ExprKind::Call {
                        callee: Box::new(ident(&free)),
                        template_args: class_args,
                        args: args.clone(),
                    },
                    e.span,
                );
                return;
            }
        }
        if let Some(free) = call_operator(callee, prog, object_type, args) {
            let mut new_args = vec![(**callee).clone()];
            new_args.extend(args.iter().cloned());
            *e = Expr::new(
                ExprKind::Call {
                    callee: Box::new(ident(&free)),
                    template_args: vec![],
                    args: new_args,
                },
                e.span,
            );
            return;
        }
        let ExprKind::Member { base, field, arrow } = &callee.kind else {
            return;
        };
        let Some(ty) = object_type(base.strip_parens()).and_then(|t| called_object(t, *arrow))
        else {
            return;
        };
        let arg_types: Vec<Option<Ty>> = args.iter().map(object_type).collect();
        let Some(free) = lowered_method(&ty, field, prog, &arg_types) else {
            return;
        };
        let object = if *arrow {
            Expr::synth(ExprKind::Unary(UnOp::Deref, base.clone()))
        } else {
            (**base).clone()
        };
        let mut new_args = vec![object];
        new_args.extend(args.iter().cloned());
        *e = Expr::new(
            ExprKind::Call {
                callee: Box::new(ident(&free)),
                // a member function template's explicit arguments (its parameters come first)
                template_args: template_args.clone(),
                args: new_args,
            },
            e.span,
        );
    });
}

/// `P(a, b)` / `P{a, b}` where `P`'s constructor taking two arguments has a stand-in
/// ([`lower_constructor`]): `P_ctor(a, b)`.
fn lowered_construction(
    e: &Expr,
    prog: &Program,
    object_type: &dyn Fn(&Expr) -> Option<Ty>,
) -> Option<Expr> {
    let ExprKind::Cast {
        kind: CastKind::Functional,
        ty,
        expr,
    } = &e.kind
    else {
        return None;
    };
    let args = match &expr.kind {
        ExprKind::InitList(items) => items.clone(),
        _ => crate::calls::comma_operands(expr),
    };
    let TyKind::Named { name, .. } = &prog.canonical(ty).kind else {
        return None;
    };
    let def = prog.class_def(ty)?;
    let owner = crate::class_name(def)?;
    // `P(q)` with `q` a `P` copies.
    let copies = |x: &Expr| {
        object_type(x).is_some_and(|t| {
            let t = match t.kind {
                TyKind::LRef(t) | TyKind::RRef(t) => *t,
                _ => t,
            };
            matches!(&prog.canonical(&t).kind, TyKind::Named { name: n, .. } if n == name)
        })
    };
    if let [x] = args.as_slice() {
        if copies(x) {
            return None;
        }
    }
    let simple = def.members.iter().flatten().any(|m| {
        matches!(m, Member::Method(c) if c.name == owner && c.params.len() == args.len()
            && crate::calls::simple_constructor_sources(c).is_some())
    });
    let free = free_name(&owner, CONSTRUCTOR);
    let lowered = prog
        .functions_for_call(&free, args.len())
        .iter()
        .any(|f| f.params.len() == args.len());
    (lowered && !simple).then(|| {
        Expr::new(
            ExprKind::Call {
                callee: Box::new(ident(&free)),
                template_args: vec![],
                args,
            },
            e.span,
        )
    })
}

/// The type of the object a method is called on, from the type of `base` in `base.m()`
/// (`arrow`: `base->m()`). A reference names the object (`const M& m = ms[i]; m.eval(v)`).
pub fn called_object(base: Ty, arrow: bool) -> Option<Ty> {
    let ty = match base.kind {
        TyKind::LRef(t) | TyKind::RRef(t) => *t,
        _ => base,
    };
    match (ty.kind, arrow) {
        (TyKind::Pointer { pointee, .. }, true) => Some(*pointee),
        (kind, false) => Some(Ty { kind, ..ty }),
        _ => None,
    }
}

/// Suffix of the stand-in of a const method that has a non-const overload.
const CONST_SUFFIX: &str = "_const";

/// The lowered method `free` of the struct type `ty` for a call with arguments of types
/// `args` (besides `self`; `None` unknown): the stand-in overload resolution picks, so a call
/// is lowered only where its overload has one; on a const object, the const overload's
/// stand-in where it has a non-const twin.
fn lowered_method(ty: &Ty, method: &str, prog: &Program, args: &[Option<Ty>]) -> Option<String> {
    let TyKind::Named { name, .. } = &ty.kind else {
        return None;
    };
    // A specialization's stand-ins are named after it (`V_double__2__sq`).
    let owner = match prog.class_def(ty).and_then(|d| d.name.as_deref()) {
        Some(special) if special.contains('<') => special,
        _ => name.rsplit("::").next().unwrap_or(name),
    };
    let free = free_name(owner, method);
    let stand_ins = |free: &str| -> Vec<&Function> {
        prog.functions_for_call(free, args.len() + 1)
            .into_iter()
            .filter(|f| {
                f.params.len() == args.len() + 1
                    && f.params.first().and_then(|p| p.name.as_deref()) == Some("self")
            })
            .collect()
    };
    // A const method with a non-const twin is the twin's stand-in `_const`: resolution among
    // the plain stand-ins sees every parameter list once.
    let candidates = stand_ins(&free);
    let mut arg_types = vec![Some(ty.clone())];
    arg_types.extend(args.iter().cloned());
    let (chosen, _) = prog.best_overload(&candidates, &[], &arg_types)?;
    if ty.is_const {
        let twin = stand_ins(&format!("{free}{CONST_SUFFIX}"))
            .into_iter()
            .find(|t| same_param_types(&t.params[1..], &chosen.params[1..]));
        if let Some(twin) = twin {
            return Some(twin.name.clone());
        }
    }
    Some(chosen.name.clone())
}

/// `op(args)` on an object whose struct has an `operator()`: its free stand-in.
fn call_operator(
    callee: &Expr,
    prog: &Program,
    object_type: &dyn Fn(&Expr) -> Option<Ty>,
    args: &[Expr],
) -> Option<String> {
    if let ExprKind::Ident(n) = &callee.kind {
        if !prog.functions(n).is_empty() {
            return None;
        }
    }
    let ty = called_object(object_type(callee.strip_parens())?, false)?;
    let arg_types: Vec<Option<Ty>> = args.iter().map(object_type).collect();
    lowered_method(&ty, "operator_call", prog, &arg_types)
}

/// `a[k]` on an object whose `operator[]` returns a value (`double operator[](int) const`):
/// `Owner_operator_index(a, k)`, differentiated as the call of the user's body it is (only
/// such subscripts get stand-ins).
fn index_operator_call(
    e: &Expr,
    prog: &Program,
    object_type: &dyn Fn(&Expr) -> Option<Ty>,
) -> Option<Expr> {
    let ExprKind::Index(base, k) = &e.kind else {
        return None;
    };
    let ty = called_object(object_type(base.strip_parens())?, false)?;
    let free = lowered_method(&ty, "operator_index", prog, &[object_type(k)])?;
    Some(Expr::new(
        ExprKind::Call {
            callee: Box::new(ident(&free)),
            template_args: vec![],
            args: vec![(**base).clone(), (**k).clone()],
        },
        e.span,
    ))
}

/// `a += b;` (a statement) on a struct with a member `operator+=`:
/// `Owner_operator_add_assign(a, b);`; with a free (or hidden friend) one: `operator+=(a, b);`.
/// Either is then differentiated as a call of the user's body, whatever it does (it may leave
/// members alone, or not be member-wise arithmetic at all).
pub fn lower_compound_operators(
    s: &mut Stmt,
    prog: &Program,
    object_type: &dyn Fn(&Expr) -> Option<Ty>,
) {
    if let StmtKind::Expr(e) = &mut s.kind {
        if let ExprKind::Assign(Some(op), lhs, rhs) = &e.kind {
            let word = match op {
                BinOp::Add => "operator_add_assign",
                BinOp::Sub => "operator_sub_assign",
                BinOp::Mul => "operator_mul_assign",
                BinOp::Div => "operator_div_assign",
                _ => return,
            };
            let free_operator = || {
                let rt = object_type(rhs);
                let f = prog.user_compound_operator(
                    *op,
                    strip_refs(&object_type(lhs)?),
                    rt.as_ref().map(strip_refs),
                )?;
                Some(f.name.clone())
            };
            let callee = object_type(lhs)
                .and_then(|t| lowered_method(&t, word, prog, &[object_type(rhs)]))
                .or_else(free_operator);
            if let Some(free) = callee {
                *e = Expr::new(
                    ExprKind::Call {
                        callee: Box::new(ident(&free)),
                        template_args: vec![],
                        args: vec![(**lhs).clone(), (**rhs).clone()],
                    },
                    e.span,
                );
            }
        }
    }
    s.for_each_child_mut(&mut |c| lower_compound_operators(c, prog, object_type));
}

/// Compound assignments `lower_compound_operators` left on a struct of the file, or on a
/// vector type the file declares such an operator for: their operator is the user's, which
/// cuad cannot see or cannot call there, and built-in member-wise arithmetic could be wrong.
pub fn unlowered_compound_operators(
    s: &Stmt,
    prog: &Program,
    object_type: &dyn Fn(&Expr) -> Option<Ty>,
    errors: &mut Vec<cuad_syntax::Diagnostic>,
) {
    crate::usage::visit_stmt_exprs(s, &mut |top| {
        crate::usage::walk_expr(top, &mut |e| {
            let ExprKind::Assign(Some(op), lhs, rhs) = &e.kind else {
                return;
            };
            let Some(symbol) = cuad_sema::binop_symbol(*op) else {
                return;
            };
            let Some(lt) = object_type(lhs).map(|t| strip_refs(&t).clone()) else {
                return;
            };
            let TyKind::Named { name, .. } = &lt.kind else {
                return;
            };
            let operator = format!("operator{symbol}=");
            let rt = object_type(rhs);
            let msg = if prog
                .user_compound_operator(*op, &lt, rt.as_ref().map(strip_refs))
                .is_some()
            {
                format!("cuad differentiates `a {symbol}= b` with a user-defined `{operator}` as a call of it, only as a statement of its own")
            } else if prog.struct_def(name).is_some() {
                format!("cuad cannot see the `{operator}` of `{name}` (a friend of a class template is not modelled); define it as a function outside the class")
            } else {
                return;
            };
            errors.push(cuad_syntax::Diagnostic::error(e.span, msg));
        })
    });
}

/// `a[k]` / `a.at(k)` / `p->x()` where the method returns a reference to part of the object
/// with one `return` of an lvalue (`float& operator[](int i) { return v[i]; }`): the returned
/// lvalue with the object and arguments substituted (`a.v[k]`), so reads and writes through
/// it are ordinary field accesses.
fn inline_accessor(
    e: &Expr,
    prog: &Program,
    object_type: &dyn Fn(&Expr) -> Option<Ty>,
) -> Option<Expr> {
    let (object, method, args) = match &e.kind {
        ExprKind::Index(base, k) => ((**base).clone(), "operator[]", vec![(**k).clone()]),
        ExprKind::Call { callee, args, .. } => match &callee.kind {
            ExprKind::Member { base, field, arrow } => {
                let object = if *arrow {
                    Expr::synth(ExprKind::Unary(UnOp::Deref, base.clone()))
                } else {
                    (**base).clone()
                };
                (object, field.as_str(), args.clone())
            }
            // `m(r, c)` on an object (a matrix's `double& operator()(int, int)`); a name that
            // is a function is a call of it.
            ExprKind::Ident(n) if !prog.functions(n).is_empty() => return None,
            _ => ((**callee).clone(), "operator()", args.clone()),
        },
        _ => return None,
    };
    let ty = object_type(&object)?;
    let ty = match ty.kind {
        TyKind::LRef(t) | TyKind::RRef(t) => *t,
        _ => ty,
    };
    let def = prog
        .class_def(&ty)
        .filter(|d| fields_public(d) && inherited_methods(d, prog, 0).is_some())?;
    let returned = def.members.iter().flatten().find_map(|m| match m {
        Member::Method(f)
            if f.name == method
                && f.params.len() == args.len()
                && matches!(f.ret.kind, TyKind::LRef(_)) =>
        {
            match f.body.as_deref() {
                Some(
                    [Stmt {
                        kind: StmtKind::Return(Some(r)),
                        ..
                    }],
                ) => Some((f, r)),
                _ => None,
            }
        }
        _ => None,
    });
    let (f, returned) = returned?;
    // The object and the arguments may be copied into several places: only plain lvalues and
    // literals, which read the same wherever they are evaluated.
    let has_effects = |x: &Expr| {
        crate::usage::any_expr(x, &|y| {
            matches!(
                y.kind,
                ExprKind::Call { .. }
                    | ExprKind::Assign(..)
                    | ExprKind::Unary(
                        UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                        _
                    )
            )
        })
    };
    if has_effects(&object) || args.iter().any(has_effects) || has_effects(returned) {
        return None;
    }
    let fields: HashSet<String> = prog.fields(&ty).into_iter().map(|(f, _)| f).collect();
    let params: Vec<&str> = f.params.iter().filter_map(|p| p.name.as_deref()).collect();
    if params.len() != args.len() || params.iter().any(|p| fields.contains(*p)) {
        return None;
    }
    let mut out = returned.clone();
    let mut ok = true;
    map_expr(&mut out, &mut |x| match &x.kind {
        ExprKind::Ident(n) if fields.contains(n.as_str()) => {
            *x = member(paren(object.clone()), n, false)
        }
        ExprKind::Ident(n) => {
            if let Some(k) = params.iter().position(|p| p == n) {
                *x = paren(args[k].clone());
            } else if n == "this" {
                ok = false;
            }
        }
        _ => {}
    });
    ok.then(|| paren(Expr::new(out.kind, e.span)))
}

/// Which member of a struct [`host_member`] writes out.
pub enum HostMember<'n> {
    /// The method of this name taking this many arguments.
    Method(&'n str, usize),
    /// The constructor taking this many arguments: its member initializers (in field order)
    /// and default member initializers become assignments before its body.
    Constructor(usize),
    Destructor,
}

/// A member of the plain struct `ty` (no template, no bases) as a free function over `self`
/// (`void f(T& self, params...)`), for host code to write out where it is called
/// (host_inline.rs), whatever its fields' access: host_structs then gives each field of the
/// caller's object a local, so no field is named outside the struct. `None` when the member
/// is not one definition with a body, or its names shadow fields.
pub fn host_member(prog: &Program, ty: &Ty, which: HostMember) -> Option<Function> {
    let def = prog.class_def(ty)?;
    let (Some(name), Some(members)) = (def.name.as_deref(), &def.members) else {
        return None;
    };
    if def.template.is_some() || !def.bases.is_empty() || name.contains('<') {
        return None;
    }
    let mut found = members.iter().filter_map(|m| match m {
        Member::Method(f) if f.body.is_some() && f.template.is_none() && !f.attrs.is_static => {
            let matches = match which {
                HostMember::Method(m, n) => f.name == m && f.params.len() == n,
                HostMember::Constructor(n) => f.name == name && f.params.len() == n,
                HostMember::Destructor => f.name.starts_with('~'),
            };
            matches.then_some(f)
        }
        _ => None,
    });
    let (f, None) = (found.next()?, found.next()) else {
        return None;
    };
    let fields: HashSet<String> = crate::normalize::struct_field_names(def)
        .into_iter()
        .collect();
    let methods: HashSet<String> = members
        .iter()
        .filter_map(|m| match m {
            Member::Method(g) if !g.attrs.is_static => Some(g.name.clone()),
            _ => None,
        })
        .collect();
    let mut f = f.clone();
    if let HostMember::Constructor(_) = which {
        if f.ctor_inits.iter().any(|(n, _)| !fields.contains(n)) {
            return None;
        }
        let mut inits = vec![];
        for m in members {
            let Member::Field(d) = m else { continue };
            if d.specs.is_static || d.specs.is_typedef {
                continue;
            }
            for v in &d.vars {
                let value = match f.ctor_inits.iter().find(|(n, _)| *n == v.name) {
                    Some((_, args)) => match args.as_slice() {
                        [x] => x.clone(),
                        _ => functional(&v.ty, args.clone()),
                    },
                    None => match &v.init {
                        Some(Init::Assign(x)) => x.clone(),
                        Some(Init::Brace(items) | Init::Paren(items)) => {
                            functional(&v.ty, items.clone())
                        }
                        None => continue,
                    },
                };
                inits.push(expr_stmt(assign(ident(&v.name), value)));
            }
        }
        inits.extend(f.body.take().unwrap_or_default());
        f.body = Some(inits);
        f.ctor_inits.clear();
        f.ret = Ty::new(TyKind::Void);
    }
    let owner = Owner {
        name,
        qualified: name.to_string(),
        statics: members
            .iter()
            .filter_map(|m| match m {
                Member::Field(d) if d.specs.is_static => {
                    Some(d.vars.iter().map(|v| v.name.clone()))
                }
                _ => None,
            })
            .flatten()
            .collect(),
    };
    let mut free = lower_method(prog, &owner, None, &f, &fields, &methods)?;
    free.params[0].ty = Ty::new(TyKind::LRef(Box::new(prog.canonical(ty).with_const(false))));
    Some(free)
}
