//! Semantic analysis: scopes, name resolution, expression types, built-in declarations.
//!
//! API used by the differentiation crate (keep these signatures stable):
//! - [`Program::new`] indexes a translation unit (structs, typedefs, enums, functions, globals,
//!   namespaces flattened with qualified names too; methods as `Struct::method`).
//! - [`Program::type_of`] gives the type of an expression in a [`Scope`].
//! - [`Program::canonical`] resolves typedefs/`using` (and `size_t`, `int32_t`, `__half`...).
//! - [`Program::resolve_call`] / [`Program::resolve_call_with`] pick an overload (the latter
//!   with explicit template arguments, returning the template [`Bindings`]).
//! - [`Program::fields`] / [`Program::field_type`] / [`Program::struct_def`] for aggregates.
//! - [`check`] reports undeclared identifiers for `cuad parse` (tolerant of library names).
//!
//! Expression types are canonical value types: references are stripped (an expression of
//! declared type `const float&` has type `const float`) and typedefs resolved. `None` means
//! unknown (library types, template-dependent expressions, unresolved names).
//!
//! Layout: `index` builds the name tables, `exprs` types expressions, `overload` ranks
//! candidates and deduces templates, `builtins` is the CUDA/C++ library table as data,
//! `types` holds context-free type rules, `conditional` and `traits` the standard
//! type-level helpers (`conditional_t`, `decay_t`, ...), `check` walks bodies for diagnostics.

pub mod builtins;
mod check;
mod conditional;
mod consts;
mod exprs;
mod index;
mod overload;
pub mod packs;
mod scope;
mod traits;
pub mod types;
mod unify;

pub use check::check;
pub use consts::fold_constant;
pub use exprs::binop_symbol;
pub use index::{member_types, PartialPick, Using};
pub use overload::{spelling, substitute, substitute_in_spelling, Bindings};
pub use scope::{EmptyScope, Scope, ScopeStack};

use cuad_syntax::ast::*;
use index::Index;

/// The indexed translation unit: answers name and type questions about it.
pub struct Program<'a> {
    pub tu: &'a TranslationUnit,
    index: Index<'a>,
    /// Nesting of `auto` return-type deductions in progress (recursion guard).
    auto_depth: std::cell::Cell<u32>,
    /// Variadic templates instantiated per pack length (packs.rs), by (template address,
    /// length); the instances live as long as the process (leaked, like cuad's stand-ins).
    pack_instances: std::cell::RefCell<PackInstances>,
    /// The namespaces unqualified names are looked up from (`with_lookup_scope`).
    lookup_scope: std::cell::RefCell<Vec<String>>,
}

/// `'static` (not `'a`) keeps `Program` covariant in `'a`.
type PackInstances =
    std::collections::HashMap<(usize, usize), Result<&'static Function, packs::PackError>>;

impl<'a> Program<'a> {
    pub fn new(tu: &'a TranslationUnit) -> Program<'a> {
        Program {
            tu,
            index: Index::build(tu),
            auto_depth: std::cell::Cell::new(0),
            pack_instances: Default::default(),
            lookup_scope: Default::default(),
        }
    }

    /// The variadic template `f` instantiated for a pack of `len` elements: an ordinary
    /// template with the pack written out (packs.rs), made once per length.
    pub fn pack_instance(
        &self,
        f: &'a Function,
        len: usize,
    ) -> Result<&'a Function, packs::PackError> {
        let key = (f as *const Function as usize, len);
        if let Some(done) = self.pack_instances.borrow().get(&key) {
            return done.clone().map(|g| g as &'a Function);
        }
        let made: Result<&'static Function, _> =
            packs::expand(f, len).map(|g| &*Box::leak(Box::new(g)));
        self.pack_instances.borrow_mut().insert(key, made.clone());
        made.map(|g| g as &'a Function)
    }

    /// [`Program::functions`] for a call with `n_args` arguments: variadic templates stand
    /// for their instance for that many arguments (left out where there is none).
    pub fn functions_for_call(&self, name: &str, n_args: usize) -> Vec<&'a Function> {
        self.functions(name)
            .into_iter()
            .filter_map(|f| {
                if !packs::is_variadic(f) {
                    return Some(f);
                }
                let len = packs::pack_length(f, n_args, 0)?;
                self.pack_instance(f, len).ok()
            })
            .collect()
    }

    /// Why a call of `name` with `n_args` arguments (and `n_explicit` explicit template
    /// arguments) found no instance of a variadic template of that name, if that is why.
    pub fn pack_problem(
        &self,
        name: &str,
        n_args: usize,
        n_explicit: usize,
    ) -> Option<packs::PackError> {
        self.functions(name)
            .into_iter()
            .filter(|f| packs::is_variadic(f))
            .find_map(|f| {
                let len = packs::pack_length(f, n_args, n_explicit)?;
                self.pack_instance(f, len).err()
            })
    }

    /// Typedefs and `using` aliases resolved (recursively, also under pointers/arrays/refs).
    pub fn canonical(&self, ty: &Ty) -> Ty {
        self.index.canonical(ty, 0)
    }

    /// `ty` spelled for code in the namespaces `scope` whose body has the using-directives
    /// `local` (see `Index::qualified_for`).
    pub fn qualified_for(&self, ty: &Ty, scope: &[&str], local: &[Using]) -> Ty {
        self.index.qualified_for(ty, scope, local)
    }

    /// The struct/class definition a (canonical) named type refers to.
    pub fn struct_def(&self, name: &str) -> Option<&'a StructDef> {
        self.index.struct_def(name)
    }

    /// The definition the class type `ty` uses (references stripped): for an instance of a
    /// class template, the explicit or partial specialization its arguments select, else the
    /// primary template. `None` for other types, and when cuad cannot tell which partial
    /// specialization C++ picks.
    pub fn class_def(&self, ty: &Ty) -> Option<&'a StructDef> {
        let TyKind::Named { name, args } = &self.canonical(types::strip_refs(ty)).kind else {
            return None;
        };
        self.index.instance_def(name, args).map(|(s, _)| s)
    }

    /// Type of field `field` of struct type `ty` (a value type, not a pointer). Also knows
    /// the components of CUDA vector types (`float4::w`, `dim3::x`).
    pub fn field_type(&self, ty: &Ty, field: &str) -> Option<Ty> {
        self.index
            .field_type(&self.canonical(ty), field, 0)
            .map(|t| self.canonical(&t))
    }

    /// Non-static data members of a struct type (bases first, class-template arguments
    /// substituted, types canonical), or the `x`/`y`/`z`/`w` components of a CUDA vector type.
    /// Empty for anything else.
    pub fn fields(&self, ty: &Ty) -> Vec<(String, Ty)> {
        let fields = self.index.all_fields(&self.canonical(ty));
        fields
            .into_iter()
            .map(|(n, t)| (n, self.canonical(&t)))
            .collect()
    }

    /// `<float, 3>` spelled as written (`Horner<float, 3>::eval`'s), parsed as template
    /// arguments; names of types come back as types.
    pub fn spelled_template_args(&self, text: &str) -> Option<Vec<TemplateArg>> {
        self.index.spelled_template_args(text)
    }

    /// The explicit specialization (`template <> struct Traits<float>`) of class template
    /// `base` for `args`, if the file has one.
    pub fn explicit_specialization(
        &self,
        base: &str,
        args: &[TemplateArg],
    ) -> Option<&'a StructDef> {
        self.index.specialization(base, args)
    }

    /// The template arguments a specialization's name spells (`<T*, 2>` of `template <class
    /// T> struct P<T*, 2>`, `<double, 2>` of `template <> struct V<double, 2>`).
    pub fn specialization_args(&self, s: &StructDef) -> Option<Vec<TemplateArg>> {
        self.index.pattern(s)
    }

    /// Which partial specialization of class template `base` concrete `args` select
    /// (`Poly<float, 1>` -> `Poly<T, 1>` with `<float>`).
    pub fn partial_specialization(&self, base: &str, args: &[TemplateArg]) -> PartialPick<'a> {
        self.index.partial_specialization(base, args)
    }

    /// The struct that declares the method `f` (or a copy of it, found by its name's span) and
    /// the struct's name qualified by its namespaces and enclosing structs; for an
    /// out-of-line definition (`double S::f(double x) {...}`), `S`.
    pub fn method_struct(&self, f: &Function) -> Option<(&'a StructDef, String)> {
        fn find<'a>(
            items: &'a [Item],
            f: &Function,
            path: &str,
        ) -> Option<(&'a StructDef, String)> {
            items.iter().find_map(|item| match item {
                Item::Namespace {
                    name: Some(n),
                    items,
                    ..
                } => find(items, f, &format!("{path}{n}::")),
                Item::Namespace { items, .. } | Item::ExternC { items, .. } => find(items, f, path),
                Item::Struct(def) => {
                    let name = format!("{path}{}", def.name.as_deref()?);
                    let members = def.members.as_deref()?;
                    let declares = members
                        .iter()
                        .any(|m| matches!(m, Member::Method(g) if g.name_span == f.name_span));
                    if declares {
                        return Some((def, name));
                    }
                    members.iter().find_map(|m| match m {
                        Member::Item(i) => {
                            find(std::slice::from_ref(&**i), f, &format!("{name}::"))
                        }
                        _ => None,
                    })
                }
                _ => None,
            })
        }
        if f.name_span != cuad_syntax::Span::default() {
            if let Some(found) = find(&self.tu.items, f, "") {
                return Some(found);
            }
        }
        let owner = self.method_owner(f)?;
        Some((self.struct_def(&owner)?, owner))
    }

    /// The struct a method belongs to: the enclosing struct of an inline method, or the
    /// qualifier of an out-of-line definition (`S::f`) when `S` is a struct.
    pub fn method_owner(&self, f: &Function) -> Option<String> {
        if let Some(owner) = self
            .index
            .method_owners
            .get(&(f as *const Function as usize))
        {
            return Some(owner.clone());
        }
        let (owner, _) = f.name.rsplit_once("::")?;
        let owner = index::strip_template_args(index::normalize(owner));
        self.struct_def(&owner).map(|_| owner)
    }

    /// The names visible at the start of `f`'s body: its parameters, its (and its class's)
    /// value template parameters, and for methods the fields (bases included) and `this`.
    pub fn function_scope(&self, f: &Function) -> ScopeStack {
        let mut scope = ScopeStack::new();
        if let Some(owner) = self.method_owner(f) {
            if let Some(s) = self.struct_def(&owner) {
                declare_value_params(&mut scope, s.template.as_deref());
                let mut fields = Vec::new();
                self.index.collect_fields(s, true, 0, &mut fields);
                for (name, ty) in fields {
                    scope.declare(&name, ty);
                }
            }
            let object = Ty::named(&owner).with_const(f.is_const_method);
            scope.declare("this", Ty::pointer_to(object));
        }
        declare_value_params(&mut scope, f.template.as_deref());
        for p in &f.params {
            if let Some(name) = &p.name {
                scope.declare(name, p.ty.clone());
            }
        }
        scope
    }

    /// Makes a function that is not in the translation unit callable by name (cuad's free
    /// stand-ins for methods).
    pub fn add_function(&mut self, f: &'a Function) {
        self.index
            .functions
            .entry(f.name.clone())
            .or_default()
            .push(f);
    }

    /// The namespaces enclosing `f`'s definition, outermost first (`None` for an anonymous
    /// one), found by `f`'s name span (so copies and template instances of `f` match; a
    /// function cuad lifted out of a body, a lambda, is where that body is). Empty for
    /// functions at file scope and methods.
    pub fn namespace_of(&self, f: &Function) -> Vec<Option<String>> {
        fn find(items: &[Item], f: &Function, path: &mut Vec<Option<String>>) -> bool {
            for item in items {
                match item {
                    Item::Function(g) if g.name_span == f.name_span || lifted_from(g, f) => {
                        return true
                    }
                    Item::Namespace { name, items, .. } => {
                        path.push(name.clone());
                        if find(items, f, path) {
                            return true;
                        }
                        path.pop();
                    }
                    Item::ExternC { items, .. } if find(items, f, path) => return true,
                    // A method: its pullback goes into the struct's namespace, where the
                    // names its body uses resolve.
                    Item::Struct(def) if defines_method(def, f) => return true,
                    _ => {}
                }
            }
            false
        }
        // (a lambda's function is named by the lambda's span, inside the body it came from)
        fn lifted_from(g: &Function, f: &Function) -> bool {
            let (inner, outer) = (f.name_span, g.span);
            inner != cuad_syntax::Span::default()
                && inner.file == outer.file
                && outer.lo < inner.lo
                && inner.hi <= outer.hi
        }
        fn defines_method(def: &StructDef, f: &Function) -> bool {
            def.members.iter().flatten().any(|m| match m {
                Member::Method(g) => g.name_span == f.name_span || lifted_from(g, f),
                Member::Item(item) => matches!(&**item, Item::Struct(d) if defines_method(d, f)),
                _ => false,
            })
        }
        let mut path = Vec::new();
        if !find(&self.tu.items, f, &mut path) {
            path.clear();
        }
        path
    }

    /// All function definitions and declarations with this (possibly qualified) name.
    /// Methods are listed under `Struct::method`; those of a class template's instance
    /// (`Poly<float, 1>::eval`) are the members of the definition it uses.
    pub fn functions(&self, name: &str) -> Vec<&'a Function> {
        let all = self.index.functions(name);
        if let Some((owner, _)) = index::normalize(name).rsplit_once("::") {
            if owner.ends_with('>') {
                if let Some(def) = self.struct_def(owner) {
                    return self.methods_of(def, all);
                }
            }
        }
        // Namespace lookup narrows the free functions of the file only: a struct's methods and
        // the functions cuad made (a member `Vec3::operator*` lowered beside a free
        // `operator*`) are found through their objects.
        let placed: Vec<&'a Function> = all
            .iter()
            .copied()
            .filter(|f| self.in_namespace(f))
            .collect();
        let scope = self.lookup_scope.borrow();
        let visible = visible_from(&scope, name, &placed, &self.index.full_names);
        all.iter()
            .copied()
            .filter(|f| !self.in_namespace(f) || visible.iter().any(|v| std::ptr::eq(*v, *f)))
            .collect()
    }

    /// The `candidates` that are member functions of `def`: declared in its body, or, for a
    /// class that is no specialization, defined out of line (`T S<T>::f() {...}`).
    pub(crate) fn methods_of(
        &self,
        def: &StructDef,
        candidates: &[&'a Function],
    ) -> Vec<&'a Function> {
        let specialization = def.name.as_deref().is_some_and(|n| n.contains('<'));
        candidates
            .iter()
            .copied()
            .filter(|f| {
                let addr = *f as *const Function as usize;
                def.members
                    .iter()
                    .flatten()
                    .any(|m| matches!(m, Member::Method(g) if std::ptr::eq(g, *f)))
                    || (!specialization && !self.index.method_owners.contains_key(&addr))
            })
            .collect()
    }

    /// Is `f` a free function of the file (not a struct's member function, defined in its
    /// body or out of line as `S::f`, nor one cuad made)?
    fn in_namespace(&self, f: &Function) -> bool {
        let addr = f as *const Function as usize;
        !self.index.method_owners.contains_key(&addr)
            && self
                .index
                .full_names
                .get(&addr)
                .is_some_and(|n| match n.rsplit_once("::") {
                    Some((owner, _)) => self.struct_def(owner).is_none(),
                    None => true,
                })
    }

    /// Runs `f` with names looked up as code inside the namespaces `scope` sees them (the
    /// function being differentiated): `f(x)` in `namespace b` means `b::f`, not `a::f`.
    pub fn with_lookup_scope<R>(&self, scope: Vec<String>, f: impl FnOnce() -> R) -> R {
        let outer = self.lookup_scope.replace(scope);
        let result = f();
        self.lookup_scope.replace(outer);
        result
    }

    /// Overload resolution for the common cases: exact match, then promotions/conversions.
    pub fn resolve_call(&self, name: &str, arg_types: &[Option<Ty>]) -> Option<&'a Function> {
        self.resolve_call_with(name, &[], arg_types).map(|(f, _)| f)
    }

    /// Is `name` a file-scope integer constant with an initializer (`constexpr int N = 8;`,
    /// `const int M = 2 * N;`)?
    pub fn is_integer_constant(&self, name: &str) -> bool {
        self.index
            .integer_constants
            .contains_key(name.trim_start_matches("::"))
    }

    /// Type of a global variable or enumerator.
    pub fn global_type(&self, name: &str) -> Option<Ty> {
        self.index
            .global_type(name)
            .map(|t| self.canonical(types::strip_refs(&t)))
    }

    /// Type of an expression; `None` when unknown (library types, unresolved names).
    pub fn type_of(&self, e: &Expr, scope: &dyn Scope) -> Option<Ty> {
        self.expr_type(e, scope)
    }

    /// `name` names a type: struct, typedef, enum, CUDA vector type or standard typedef.
    pub fn is_type_name(&self, name: &str) -> bool {
        self.index.is_type_name(name)
    }

    /// `name` is a namespace declared in this translation unit.
    pub fn is_namespace(&self, name: &str) -> bool {
        self.index.namespaces.contains(index::normalize(name))
    }

    /// `name` (possibly qualified) is an enumerator of an enum of this translation unit.
    pub fn is_enumerator(&self, name: &str) -> bool {
        self.index.enumerators.contains_key(index::normalize(name))
    }

    /// The enum definition behind an enum type name.
    pub fn enum_def(&self, name: &str) -> Option<&'a EnumDef> {
        self.index.enums.get(index::normalize(name)).copied()
    }
}
#[cfg(test)]
mod tests;

/// `template <int N>`: `N` is a value usable in expressions.
fn declare_value_params(scope: &mut ScopeStack, params: Option<&[TemplateParam]>) {
    for p in params.into_iter().flatten() {
        if let TemplateParamKind::Value { ty, .. } = &p.kind {
            scope.declare(&p.name, ty.clone());
        }
    }
}

/// C++ name lookup over the flat index: `name` written inside the namespaces `scope` means the
/// declarations of the innermost enclosing namespace that has it (a leading `::`, the global
/// one only). When none matches exactly (using-directives, names cuad does not place), every
/// candidate stays, as before.
fn visible_from<'a>(
    scope: &[String],
    name: &str,
    candidates: &[&'a Function],
    full_names: &std::collections::HashMap<usize, String>,
) -> Vec<&'a Function> {
    let written = index::strip_template_args(index::normalize(name));
    let full = |f: &&'a Function| full_names.get(&(*f as *const Function as usize));
    let depths = if name.trim_start().starts_with("::") {
        0..=0
    } else {
        0..=scope.len()
    };
    for depth in depths.rev() {
        let mut parts: Vec<&str> = scope[..depth].iter().map(String::as_str).collect();
        parts.push(&written);
        let wanted = parts.join("::");
        let found: Vec<&'a Function> = candidates
            .iter()
            .filter(|f| full(f) == Some(&wanted))
            .copied()
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    candidates.to_vec()
}
