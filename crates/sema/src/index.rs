//! The name index of a translation unit. Every entity inside namespaces (and structs, for
//! nested types and methods) is registered under its fully qualified name and each shorter
//! suffix (`a::b::f`, `b::f`, `f`), so lookups need no namespace context.

use crate::builtins;
use crate::overload::{substitute, Bindings};
use crate::types::*;
use crate::unify::{Deduced, Mode};
use cuad_syntax::ast::*;
use std::collections::{HashMap, HashSet};

/// Deepest typedef chain / base-class chain followed (guards against cycles).
const MAX_DEPTH: usize = 32;

#[derive(Default)]
pub(crate) struct Index<'a> {
    pub structs: HashMap<String, &'a StructDef>,
    pub aliases: HashMap<String, Ty>,
    /// Member types by their bare names, one entry per declaring struct (`None` for a class
    /// template's), for code of the struct's own that keeps them unqualified (a static
    /// method's `real` parameter): `bare_member_type`.
    bare_member_types: HashMap<String, Vec<Option<Ty>>>,
    /// Alias templates (`template <typename T> using Ptr = T*;`): parameters and target.
    pub alias_templates: HashMap<String, (&'a [TemplateParam], &'a Ty)>,
    pub enums: HashMap<String, &'a EnumDef>,
    pub enumerators: HashMap<String, Ty>,
    pub functions: HashMap<String, Vec<&'a Function>>,
    pub globals: HashMap<String, Ty>,
    /// Variable templates (`template <typename T> constexpr T kFar = T(1000);`): parameters
    /// and the variable's type.
    pub var_templates: HashMap<String, (&'a [TemplateParam], &'a Ty)>,
    pub namespaces: HashSet<String>,
    /// The definition (address) and full path of the struct or enum each of its (suffix)
    /// names denotes (`Hit` -> `g::Hit`); `None` for a name that denotes several.
    pub type_paths: HashMap<String, Option<(usize, String)>>,
    /// `using namespace n;` and `using n::T;` of the file: the namespace they are in and
    /// what they name.
    pub usings: Vec<(String, Using)>,
    /// Struct name of each method defined inside a struct body, keyed by the method's address
    /// (stable: the index borrows the translation unit).
    pub method_owners: HashMap<usize, String>,
    /// Fully qualified name of each function (`a::inner::f`, `S::norm`), by its address.
    pub full_names: HashMap<usize, String>,
    /// Explicit specializations (`template <> struct Acc<float>`) by the class template's
    /// qualified names; only traits (member types, static constants) are parsed as such.
    pub specializations: HashMap<String, Vec<&'a StructDef>>,
    /// Partial specializations (`template <typename T> struct Poly<T, 1>`) by the class
    /// template's qualified names.
    pub partial_specializations: HashMap<String, Vec<&'a StructDef>>,
    /// Explicit and partial specializations by their qualified names as spelled, blanks
    /// removed (`Poly<T,1>`, `ns::Acc<float>`): the owners of their methods.
    pub spelled_specializations: HashMap<String, &'a StructDef>,
    /// Initializers of `const`/`constexpr` integer and boolean globals (`constexpr int kN = 4;`).
    pub integer_constants: HashMap<String, &'a Expr>,
}

/// What a class template instance is, given the file's partial specializations.
pub enum PartialPick<'a> {
    /// None matches: the primary template (or an explicit specialization).
    Primary,
    /// This one, with its own template arguments.
    Partial(&'a StructDef, Vec<TemplateArg>),
    /// cuad cannot tell: several match and none is more specialized than the others, or
    /// cuad cannot read a pattern.
    Unknown,
}

/// Lookup form of a name: no leading `::`, no elaborated-type keyword.
pub(crate) fn normalize(name: &str) -> &str {
    let name = name.trim();
    let name = ["struct ", "class ", "union ", "enum "]
        .iter()
        .find_map(|k| name.strip_prefix(k))
        .unwrap_or(name)
        .trim_start();
    name.strip_prefix("::").unwrap_or(name)
}

/// `Vec<T>::norm` -> `Vec::norm` (template arguments dropped from qualifiers).
pub(crate) fn strip_template_args(name: &str) -> String {
    if !name.contains('<') {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len());
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `ns = [a, b]`, `name = f` -> `a::b::f`, `b::f`, `f`.
fn qualified_names(ns: &[&str], name: &str) -> Vec<String> {
    let name = strip_template_args(normalize(name));
    (0..=ns.len())
        .map(|skip| {
            let mut parts: Vec<&str> = ns[skip..].to_vec();
            parts.push(&name);
            parts.join("::")
        })
        .collect()
}

/// What a using-directive or using-declaration brings into its scope.
#[derive(Clone, Debug)]
pub enum Using {
    /// `using namespace n;`
    Namespace(String),
    /// `using n::T;`
    Name(String),
}

impl Using {
    /// From the text of the declaration (`using namespace a::b;`, `using a::T;`).
    pub fn parse(text: &str) -> Option<Using> {
        let rest = text
            .trim()
            .strip_prefix("using")?
            .trim()
            .strip_suffix(';')?
            .trim();
        let path = |t: &str| normalize(&t.split_whitespace().collect::<String>()).to_string();
        Some(match rest.strip_prefix("namespace") {
            Some(n) if n.starts_with(char::is_whitespace) => Using::Namespace(path(n)),
            _ => Using::Name(path(rest)),
        })
    }
}

/// Adds `x` unless it is there: an inline namespace's items are added under two paths.
fn push_once<'a, T>(list: &mut Vec<&'a T>, x: &'a T) {
    if !list.iter().any(|y| std::ptr::eq(*y, x)) {
        list.push(x);
    }
}

/// `template <> struct Acc<float> {...}`: the parser names it with its arguments.
fn is_explicit_specialization(s: &StructDef) -> bool {
    s.template.as_ref().is_some_and(|p| p.is_empty())
        && s.name.as_ref().is_some_and(|n| n.contains('<'))
}

/// The struct's name; anonymous ones are named by their first typedef name, else by position.
fn struct_name(s: &StructDef) -> String {
    if let Some(n) = &s.name {
        return n.clone();
    }
    let typedef_name = s
        .trailing
        .as_ref()
        .filter(|t| t.specs.is_typedef)
        .and_then(|t| {
            t.vars
                .iter()
                .find(|v| matches!(v.ty.kind, TyKind::Named { .. }))
                .map(|v| v.name.clone())
        });
    typedef_name.unwrap_or_else(|| format!("(anonymous struct at {})", s.span.lo))
}

/// `text` without blanks: one key for `Poly<T, 1>` and `Poly<T,1>`.
fn compact(text: &str) -> String {
    text.split_whitespace().collect()
}

/// Replaces the empty type name the parser gives anonymous structs by `name`.
fn name_anonymous(ty: &Ty, name: &str) -> Ty {
    let kind = match &ty.kind {
        TyKind::Named { name: n, args } if n.is_empty() => TyKind::Named {
            name: name.to_string(),
            args: args.clone(),
        },
        TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
            pointee: Box::new(name_anonymous(pointee, name)),
            restrict: *restrict,
        },
        TyKind::Array { elem, len } => TyKind::Array {
            elem: Box::new(name_anonymous(elem, name)),
            len: len.clone(),
        },
        TyKind::LRef(t) => TyKind::LRef(Box::new(name_anonymous(t, name))),
        TyKind::RRef(t) => TyKind::RRef(Box::new(name_anonymous(t, name))),
        other => other.clone(),
    };
    Ty { kind, ..ty.clone() }
}

/// `public virtual Base<T>` -> `Base`.
fn base_class_name(spec: &str) -> String {
    let words = strip_template_args(spec);
    let name = words
        .split_whitespace()
        .rfind(|w| !matches!(*w, "public" | "private" | "protected" | "virtual"))
        .unwrap_or("");
    normalize(name).to_string()
}

impl<'a> Index<'a> {
    pub fn build(tu: &'a TranslationUnit) -> Index<'a> {
        let mut index = Index::default();
        for item in &tu.items {
            index.add_item(item, &[]);
        }
        index
    }

    fn add_item(&mut self, item: &'a Item, ns: &[&str]) {
        match item {
            Item::Function(f) => self.add_function(f, ns),
            Item::Struct(s) => self.add_struct(s, ns),
            Item::Enum(e) => self.add_enum(e, ns),
            Item::Typedef(d) => self.add_typedef(d, ns),
            Item::Using {
                name,
                ty,
                template: Some(params),
                ..
            } => {
                for q in qualified_names(ns, name) {
                    self.alias_templates.insert(q, (params, ty));
                }
            }
            Item::Using { name, ty, .. } => self.add_alias(ns, name, ty),
            Item::Global(d) if d.specs.is_typedef => self.add_typedef(d, ns),
            Item::Global(d) => self.add_globals(d, ns),
            Item::VarTemplate { params, decl } => {
                for v in &decl.vars {
                    for q in qualified_names(ns, &v.name) {
                        self.var_templates.insert(q, (params, &v.ty));
                    }
                }
            }
            Item::Namespace {
                name,
                inline,
                items,
                ..
            } => {
                self.add_namespace(name.as_deref(), items, ns);
                // `geom::sq` names `geom::v1::sq` of an inline `v1`
                if *inline {
                    items.iter().for_each(|i| self.add_item(i, ns));
                }
            }
            Item::ExternC { items, .. } => items.iter().for_each(|i| self.add_item(i, ns)),
            Item::UsingDirective { text, .. } => {
                if let Some(u) = Using::parse(text) {
                    self.usings.push((ns.join("::"), u));
                }
            }
            Item::Directive { .. } | Item::Opaque { .. } => {}
        }
    }

    fn add_namespace(&mut self, name: Option<&str>, items: &'a [Item], ns: &[&str]) {
        let mut inner = ns.to_vec();
        if let Some(n) = name {
            for q in qualified_names(ns, n) {
                self.namespaces.insert(q);
            }
            inner.extend(n.split("::").map(str::trim));
        }
        for item in items {
            self.add_item(item, &inner);
        }
    }

    fn add_function(&mut self, f: &'a Function, ns: &[&str]) {
        self.add_function_as(f, ns, &f.name);
    }

    fn add_function_as(&mut self, f: &'a Function, ns: &[&str], name: &str) {
        let names = qualified_names(ns, name);
        self.full_names
            .entry(f as *const Function as usize)
            .or_insert_with(|| names[0].clone());
        for q in names {
            push_once(self.functions.entry(q).or_default(), f);
        }
    }

    fn add_alias(&mut self, ns: &[&str], name: &str, ty: &Ty) {
        // `typedef struct S S;` names the struct itself: no alias, or lookups would loop.
        if named_name(ty).map(normalize) == Some(normalize(name)) {
            return;
        }
        for q in qualified_names(ns, name) {
            self.aliases.insert(q, ty.clone());
        }
    }

    fn add_member_types(&mut self, d: &DeclStmt, inner: &[&str], plain: bool) {
        for v in &d.vars {
            self.add_member_type(inner, &v.name, &v.ty, plain);
        }
    }

    /// A struct's member type under its qualified names (`inner` ends with the owner); its bare
    /// name is noted in `bare_member_types`.
    fn add_member_type(&mut self, inner: &[&str], name: &str, ty: &Ty, plain: bool) {
        for q in qualified_names(inner, name).iter().rev().skip(1) {
            self.aliases.insert(q.clone(), ty.clone());
        }
        let bare = strip_template_args(normalize(name)).to_string();
        self.bare_member_types
            .entry(bare)
            .or_default()
            .push(plain.then(|| ty.clone()));
    }

    /// The type a bare member type name stands for when plain structs alone declare it, all
    /// alike.
    fn bare_member_type(&self, name: &str) -> Option<&Ty> {
        let decls = self.bare_member_types.get(name)?;
        let first = decls.first()?.as_ref()?;
        decls
            .iter()
            .all(|d| d.as_ref() == Some(first))
            .then_some(first)
    }

    fn add_typedef(&mut self, d: &'a DeclStmt, ns: &[&str]) {
        for v in &d.vars {
            self.add_alias(ns, &v.name, &v.ty);
        }
    }

    fn add_globals(&mut self, d: &'a DeclStmt, ns: &[&str]) {
        for v in &d.vars {
            self.add_global(ns, &v.name, &v.ty);
            let constant = d.specs.is_constexpr || v.ty.is_const;
            let integer = matches!(v.ty.kind, TyKind::Int { .. } | TyKind::Bool);
            if let (true, true, Some(Init::Assign(e))) = (constant, integer, &v.init) {
                for q in qualified_names(ns, &v.name) {
                    self.integer_constants.insert(q, e);
                }
            }
        }
    }

    fn add_global(&mut self, ns: &[&str], name: &str, ty: &Ty) {
        for q in qualified_names(ns, name) {
            self.globals.insert(q, ty.clone());
        }
    }

    fn add_struct(&mut self, s: &'a StructDef, ns: &[&str]) {
        let owner = struct_name(s);
        if owner.contains('<') {
            // A specialization: found by the class template's name (`Acc` for `Acc<float>`)
            // and the arguments of an instance (`instance_def`), never as the template itself.
            let base = owner.split('<').next().unwrap_or(&owner).trim();
            let table = if is_explicit_specialization(s) {
                &mut self.specializations
            } else {
                &mut self.partial_specializations
            };
            for q in qualified_names(ns, base) {
                push_once(table.entry(q).or_default(), s);
            }
            for q in 0..=ns.len() {
                let mut parts = ns[q..].to_vec();
                parts.push(&owner);
                self.spelled_specializations
                    .insert(compact(&parts.join("::")), s);
            }
        } else {
            self.register_struct(s, ns, &owner);
        }
        if let Some(trailing) = &s.trailing {
            for v in &trailing.vars {
                // the parser spells the type of an anonymous struct as the empty name
                let ty = name_anonymous(&v.ty, &owner);
                match (trailing.specs.is_typedef, &ty.kind) {
                    // `typedef struct {...} T;`: T denotes the struct itself
                    (true, TyKind::Named { .. }) => self.register_struct(s, ns, &v.name),
                    (true, _) => self.add_alias(ns, &v.name, &ty),
                    (false, _) => self.add_global(ns, &v.name, &ty),
                }
            }
        }
        let owner = owner.as_str();
        let mut inner = ns.to_vec();
        inner.push(owner);
        // An explicit specialization's member types are found through the instance
        // (`member_of_instance`), not by their bare names.
        let explicit = is_explicit_specialization(s);
        let plain = s.template.is_none();
        for member in s.members.iter().flatten() {
            match member {
                // methods only under qualified names: they are not free functions
                Member::Method(m) => {
                    self.method_owners
                        .insert(m as *const Function as usize, owner.to_string());
                    self.add_function_as(m, ns, &format!("{owner}::{}", m.name));
                }
                Member::Item(_) | Member::Field(_) if explicit => {}
                // `typedef double value_type;` / `using Real = double;`: `S::value_type`
                // names a type, not plain `value_type` (in the struct's own fields and
                // methods it is substituted; two structs may give one name different types).
                Member::Field(d) if d.specs.is_typedef => self.add_member_types(d, &inner, plain),
                Member::Item(item) => match item.as_ref() {
                    Item::Typedef(d) => self.add_member_types(d, &inner, plain),
                    Item::Using {
                        name,
                        ty,
                        template: None,
                        ..
                    } => self.add_member_type(&inner, name, ty, plain),
                    _ => self.add_item(item, &inner),
                },
                Member::Field(_) | Member::Access(_) => {}
            }
        }
    }

    /// Notes the full path of a struct or enum `name` declared in `ns` (`def` its address),
    /// under each of its names.
    fn note_type_path(&mut self, ns: &[&str], name: &str, def: usize) {
        let names = qualified_names(ns, name);
        let full = names[0].clone();
        for q in names {
            let entry = self
                .type_paths
                .entry(q)
                .or_insert(Some((def, full.clone())));
            // One definition under two paths (an inline namespace's) keeps the first; a
            // forward declaration and its definition share their path.
            if entry
                .as_ref()
                .is_some_and(|(d, path)| *d != def && *path != full)
            {
                *entry = None;
            }
        }
    }

    fn register_struct(&mut self, s: &'a StructDef, ns: &[&str], name: &str) {
        self.note_type_path(ns, name, s as *const StructDef as usize);
        for q in qualified_names(ns, name) {
            let keep_old = self
                .structs
                .get(&q)
                .is_some_and(|old| old.members.is_some());
            if !keep_old || s.members.is_some() {
                self.structs.insert(q, s);
            }
        }
    }

    fn add_enum(&mut self, e: &'a EnumDef, ns: &[&str]) {
        let ty = match &e.name {
            Some(n) => Ty::named(&strip_template_args(normalize(n))),
            None => Ty::int(),
        };
        if let Some(n) = &e.name {
            self.note_type_path(ns, n, e as *const EnumDef as usize);
            for q in qualified_names(ns, n) {
                self.enums.insert(q, e);
            }
        }
        for (variant, _) in &e.variants {
            if let Some(n) = &e.name {
                for q in qualified_names(ns, &format!("{n}::{variant}")) {
                    self.enumerators.insert(q, ty.clone());
                }
            }
            if !e.scoped {
                for q in qualified_names(ns, variant) {
                    self.enumerators.insert(q, ty.clone());
                }
            }
        }
    }

    // ------------------------------------------------------------ queries

    pub fn functions(&self, name: &str) -> &[&'a Function] {
        let key = normalize(name);
        let found = match self.functions.get(key) {
            Some(v) => Some(v),
            None if key.contains('<') => self.functions.get(&strip_template_args(key)),
            None => None,
        };
        found.map(|v| v.as_slice()).unwrap_or(&[])
    }

    /// The struct `name` denotes; a name with template arguments is the specialization of
    /// that spelling (`Poly<T, 1>`), else the definition its instance uses (`Poly<float, 1>`).
    pub fn struct_def(&self, name: &str) -> Option<&'a StructDef> {
        let key = normalize(name);
        if let Some(s) = self.structs.get(key) {
            return Some(s);
        }
        if !key.contains('<') {
            return None;
        }
        if let Some(s) = self.spelled_specializations.get(&compact(key)) {
            return Some(s);
        }
        if let Some(lt) = key.find('<').filter(|_| key.ends_with('>')) {
            if let Some(args) = self.spelled_template_args(&key[lt..]) {
                if let Some((s, _)) = self.instance_def(key[..lt].trim(), &args) {
                    return Some(s);
                }
            }
        }
        self.structs.get(&strip_template_args(key)).copied()
    }

    /// The definition the instance `name<args>` of a class uses, with the arguments of that
    /// definition's own template parameters: an explicit specialization (none), a partial one
    /// (deduced from its pattern), else the primary template (`args`). `None` for no struct,
    /// or when cuad cannot tell which partial specialization C++ picks.
    pub fn instance_def(
        &self,
        name: &str,
        args: &[TemplateArg],
    ) -> Option<(&'a StructDef, Vec<TemplateArg>)> {
        if !args.is_empty() {
            if let Some(s) = self.specialization(name, args) {
                return Some((s, vec![]));
            }
            match self.partial_specialization(name, args) {
                PartialPick::Partial(s, own) => return Some((s, own)),
                PartialPick::Unknown => return None,
                PartialPick::Primary => {}
            }
        }
        let s = self.structs.get(normalize(name)).copied()?;
        Some((s, args.to_vec()))
    }

    pub fn is_type_name(&self, name: &str) -> bool {
        let key = normalize(name);
        self.structs.contains_key(key)
            || self.aliases.contains_key(key)
            || self.bare_member_type(key).is_some()
            || self.enums.contains_key(key)
            || builtins::vector_type(key).is_some()
            || std_typedef(key).is_some()
    }

    pub fn global_type(&self, name: &str) -> Option<Ty> {
        let key = normalize(name);
        if let Some(t) = self.globals.get(key) {
            return Some(t.clone());
        }
        if let Some(t) = self.enumerators.get(key) {
            return Some(t.clone());
        }
        // an instance of a variable template, `kFar<float>` (spelled as written)
        if let Some(lt) = key.find('<').filter(|_| key.ends_with('>')) {
            if let Some((params, ty)) = self.var_templates.get(key[..lt].trim()) {
                let args = self.spelled_template_args(&key[lt..])?;
                return Some(substitute_class(ty, params, &args));
            }
        }
        // static data member `S::count`, also through a typedef of the class (`L::offset`
        // with `typedef Layout L;`)
        let (owner, field) = key.rsplit_once("::")?;
        let owner = self.canonical(&type_from_spelling(owner), 0);
        let TyKind::Named { name, .. } = &owner.kind else {
            return None;
        };
        self.struct_def(name)?;
        // `Scale<double>::kA` declared `static constexpr T kA`: a `double`.
        self.field_type(&owner, field, 0)
    }

    /// Do two spellings of a struct or enum name (`ns::W` and `W` written inside `ns`) denote
    /// one definition? Names that denote several stay distinct unless spelled alike.
    pub fn same_type_name(&self, a: &str, b: &str) -> bool {
        let (a, b) = (normalize(a), normalize(b));
        if a == b {
            return true;
        }
        match (self.type_paths.get(a), self.type_paths.get(b)) {
            (Some(Some((da, _))), Some(Some((db, _)))) => da == db,
            _ => false,
        }
    }

    /// `ty` spelled so that code in the namespaces `scope` means the same types: a struct or
    /// enum name that C++ would not find there (`Hit` of `g::Hit` from a function outside
    /// `g`, as a callee's return type reads) gets its full path (`::g::Hit`). Names the file's
    /// using-declarations and -directives, or `local` ones of the function's body, make
    /// visible, and names that denote several types, stay as they are.
    pub fn qualified_for(&self, ty: &Ty, scope: &[&str], local: &[Using]) -> Ty {
        let kind = match &ty.kind {
            TyKind::Named { name, args } => {
                let args = args
                    .iter()
                    .map(|a| match a {
                        TemplateArg::Type(t) => {
                            TemplateArg::Type(self.qualified_for(t, scope, local))
                        }
                        other => other.clone(),
                    })
                    .collect();
                let name = match self.type_paths.get(normalize(name)) {
                    Some(Some((_, full)))
                        if !name.starts_with("::") && !self.visible(name, full, scope, local) =>
                    {
                        format!("::{full}")
                    }
                    _ => name.clone(),
                };
                TyKind::Named { name, args }
            }
            TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
                pointee: Box::new(self.qualified_for(pointee, scope, local)),
                restrict: *restrict,
            },
            TyKind::LRef(t) => TyKind::LRef(Box::new(self.qualified_for(t, scope, local))),
            TyKind::RRef(t) => TyKind::RRef(Box::new(self.qualified_for(t, scope, local))),
            TyKind::Array { elem, len } => TyKind::Array {
                elem: Box::new(self.qualified_for(elem, scope, local)),
                len: len.clone(),
            },
            other => other.clone(),
        };
        Ty { kind, ..ty.clone() }
    }

    /// Does C++ find the type whose full path is `full` by `name` in the namespaces `scope`:
    /// declared in one of them, or brought in by a using-declaration or -directive of one of
    /// them (or of the body, `local`)?
    fn visible(&self, name: &str, full: &str, scope: &[&str], local: &[Using]) -> bool {
        let name = normalize(name);
        let joined = |parts: &[&str]| {
            parts
                .iter()
                .filter(|p| !p.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("::")
        };
        let enclosing: Vec<String> = (0..=scope.len()).map(|k| scope[..k].join("::")).collect();
        let brings = |at: &str, u: &Using| match u {
            Using::Namespace(n) => joined(&[at, n, name]) == full || joined(&[n, name]) == full,
            Using::Name(n) => {
                n.rsplit("::").next() == Some(name) && (joined(&[at, n]) == full || n == full)
            }
        };
        let scope_path = scope.join("::");
        enclosing.iter().any(|at| joined(&[at, name]) == full)
            || local.iter().any(|u| brings(&scope_path, u))
            || self
                .usings
                .iter()
                .any(|(at, u)| enclosing.contains(at) && brings(at, u))
    }

    pub fn canonical(&self, ty: &Ty, depth: usize) -> Ty {
        let kind = match &ty.kind {
            TyKind::Named { name, args } => {
                if let Some(resolved) = self.resolve_named(name, args, depth) {
                    let mut t = resolved;
                    t.is_const |= ty.is_const;
                    t.is_volatile |= ty.is_volatile;
                    return t;
                }
                let args = args.iter().map(|a| self.canonical_arg(a, depth)).collect();
                TyKind::Named {
                    name: normalize(name).to_string(),
                    args,
                }
            }
            TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
                pointee: Box::new(self.canonical(pointee, depth)),
                restrict: *restrict,
            },
            TyKind::LRef(t) => TyKind::LRef(Box::new(self.canonical(t, depth))),
            TyKind::RRef(t) => TyKind::RRef(Box::new(self.canonical(t, depth))),
            TyKind::Array { elem, len } => TyKind::Array {
                elem: Box::new(self.canonical(elem, depth)),
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

    fn canonical_arg(&self, arg: &TemplateArg, depth: usize) -> TemplateArg {
        match arg {
            TemplateArg::Type(t) => TemplateArg::Type(self.canonical(t, depth)),
            TemplateArg::Expr(e) => TemplateArg::Expr(e.clone()),
        }
    }

    /// What an alias or standard typedef name stands for.
    fn resolve_named(&self, name: &str, args: &[TemplateArg], depth: usize) -> Option<Ty> {
        let key = normalize(name);
        if args.is_empty() && depth < MAX_DEPTH {
            if let Some(target) = self.aliases.get(key) {
                return Some(self.canonical(target, depth + 1));
            }
            if let Some(target) = self.bare_member_type(key) {
                return Some(self.canonical(target, depth + 1));
            }
        }
        if args.is_empty() && depth < MAX_DEPTH {
            if let Some(t) = self.member_of_instance(key, depth) {
                return Some(t);
            }
            if let Some(t) = self.conditional_member(key) {
                return Some(self.canonical(&t, depth + 1));
            }
            if let Some(t) = self.trait_member(key, depth) {
                return Some(t);
            }
        }
        if depth < MAX_DEPTH {
            if let Some(t) = self.conditional_alias(key, args) {
                return Some(self.canonical(&t, depth + 1));
            }
            if let Some(t) = self.trait_alias(key, args, depth) {
                return Some(t);
            }
        }
        if args.is_empty() {
            return std_typedef(key);
        }
        if let Some((params, target)) = self.alias_templates.get(key) {
            if depth < MAX_DEPTH {
                return Some(self.canonical(&substitute_class(target, params, args), depth + 1));
            }
        }
        None
    }

    /// `Box<double>::value_type` (a member type of a class template instance, which the
    /// parser keeps spelled as written): the member's type with the class's arguments bound.
    fn member_of_instance(&self, key: &str, depth: usize) -> Option<Ty> {
        let (owner, member) = key.rsplit_once("::")?;
        let owner = owner.trim();
        if !owner.ends_with('>') {
            return None;
        }
        let lt = owner.find('<')?;
        let base = owner[..lt].trim();
        let args = self.spelled_template_args(&owner[lt..])?;
        let (s, own) = self.instance_def(base, &args)?;
        let ty = member_types(s, "").remove(member.trim())?;
        let ty = match s.template.as_deref() {
            Some(params) if !own.is_empty() => substitute_class(&ty, params, &own),
            _ => ty,
        };
        Some(self.canonical(&ty, depth + 1))
    }

    /// `<float, 3>` spelled as written, parsed as template arguments.
    pub fn spelled_template_args(&self, text: &str) -> Option<Vec<TemplateArg>> {
        let mut diags = cuad_syntax::Diagnostics::default();
        let tokens = cuad_syntax::lexer::lex(cuad_syntax::FileId(0), text, &mut diags);
        let is_type = |name: &str| self.is_type_name(name);
        let args =
            cuad_syntax::parser::parse_template_args_text_with(&tokens, &is_type, &mut diags)?;
        // Names the parser could not know as types come back as expressions.
        Some(
            args.into_iter()
                .map(|a| match a {
                    TemplateArg::Expr(Expr {
                        kind: ExprKind::Ident(n),
                        ..
                    }) if self.is_type_name(&n) => TemplateArg::Type(Ty::named(&n)),
                    other => other,
                })
                .collect(),
        )
    }

    /// The explicit specialization of class template `base` for `args`, if the file has one.
    pub fn specialization(&self, base: &str, args: &[TemplateArg]) -> Option<&'a StructDef> {
        let candidates = self.specializations.get(normalize(base))?;
        candidates.iter().copied().find(|s| {
            self.pattern(s).is_some_and(|own| {
                own.len() == args.len()
                    && own
                        .iter()
                        .zip(args)
                        .all(|(a, b)| self.same_template_arg(a, b))
            })
        })
    }

    /// Which partial specialization of class template `base` concrete `args` select, with the
    /// specialization's own template arguments deduced from them (`Poly<float, 1>` selects
    /// `template <typename T> struct Poly<T, 1>` with `<float>`).
    pub fn partial_specialization(&self, base: &str, args: &[TemplateArg]) -> PartialPick<'a> {
        let Some(candidates) = self.partial_specializations.get(normalize(base)) else {
            return PartialPick::Primary;
        };
        let mut found = vec![];
        for s in candidates {
            match self.deduce_partial(s, args) {
                Err(()) => return PartialPick::Unknown,
                Ok(Some(deduced)) => found.push((*s, deduced)),
                Ok(None) => {}
            }
        }
        // C++ picks the most specialized of those that match; none is an ambiguity.
        let best = found.iter().position(|(a, _)| {
            found
                .iter()
                .all(|(b, _)| std::ptr::eq(*a, *b) || self.more_specialized_class(a, b))
        });
        match best {
            Some(i) => {
                let (s, deduced) = found.swap_remove(i);
                PartialPick::Partial(s, deduced)
            }
            None if found.is_empty() => PartialPick::Primary,
            None => PartialPick::Unknown,
        }
    }

    /// The arguments a specialization's name spells (`<T*, 2>` of `P<T*, 2>`), its own type
    /// parameters read as types.
    pub fn pattern(&self, s: &StructDef) -> Option<Vec<TemplateArg>> {
        let params = s.template.as_deref().unwrap_or_default();
        let is_param_type = |n: &str| {
            params
                .iter()
                .any(|p| p.name == n && matches!(p.kind, TemplateParamKind::Type { .. }))
        };
        let name = s.name.as_deref()?;
        let text = &name[name.find('<')?..];
        let mut diags = cuad_syntax::Diagnostics::default();
        let tokens = cuad_syntax::lexer::lex(cuad_syntax::FileId(0), text, &mut diags);
        let is_type = |n: &str| self.is_type_name(n) || is_param_type(n);
        let args =
            cuad_syntax::parser::parse_template_args_text_with(&tokens, &is_type, &mut diags)?;
        Some(
            args.into_iter()
                .map(|a| match a {
                    TemplateArg::Expr(Expr {
                        kind: ExprKind::Ident(n),
                        ..
                    }) if is_type(&n) => TemplateArg::Type(Ty::named(&n)),
                    TemplateArg::Type(t) => TemplateArg::Type(self.canonical(&t, 0)),
                    other => other,
                })
                .collect(),
        )
    }

    /// Does `pattern` (with the template parameters `vars`) match `args`, binding `out`?
    /// Unknown comparisons fail (`Mode::Ordering`).
    fn match_args(
        &self,
        pattern: &[TemplateArg],
        args: &[TemplateArg],
        vars: &HashSet<&str>,
        out: &mut Deduced,
    ) -> bool {
        pattern.len() == args.len()
            && pattern.iter().zip(args).all(|(p, a)| match (p, a) {
                (TemplateArg::Type(p), TemplateArg::Type(a)) => {
                    self.unify(p, &self.canonical(a, 0), vars, Mode::Ordering, out)
                }
                (TemplateArg::Expr(p), TemplateArg::Expr(a)) => {
                    self.unify_value(p, a, vars, Mode::Ordering, out)
                }
                // an enumerator read as a type in one of them
                _ => self.same_template_arg(p, a),
            })
    }

    /// `s`'s template arguments when `args` match its pattern; `Err` when cuad cannot read
    /// the pattern or it leaves a parameter undeduced.
    fn deduce_partial(
        &self,
        s: &StructDef,
        args: &[TemplateArg],
    ) -> Result<Option<Vec<TemplateArg>>, ()> {
        let params = s.template.as_deref().unwrap_or_default();
        let pattern = self.pattern(s).ok_or(())?;
        let vars: HashSet<&str> = params.iter().map(|p| p.name.as_str()).collect();
        let mut out = Deduced::new();
        if !self.match_args(&pattern, args, &vars, &mut out) {
            return Ok(None);
        }
        params
            .iter()
            .map(|p| out.remove(&p.name).ok_or(()))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// Is partial specialization `a` more specialized than `b`: `b`'s pattern matches `a`'s
    /// (its parameters taken as unique types and values), not the other way round?
    fn more_specialized_class(&self, a: &StructDef, b: &StructDef) -> bool {
        let at_least = |a: &StructDef, b: &StructDef| {
            let (Some(pa), Some(pb)) = (self.pattern(a), self.pattern(b)) else {
                return false;
            };
            let vars: HashSet<&str> = b
                .template
                .iter()
                .flatten()
                .map(|p| p.name.as_str())
                .collect();
            self.match_args(&pb, &pa, &vars, &mut Deduced::new())
        };
        at_least(a, b) && !at_least(b, a)
    }

    pub(crate) fn same_template_arg(&self, a: &TemplateArg, b: &TemplateArg) -> bool {
        match (a, b) {
            (TemplateArg::Type(a), TemplateArg::Type(b)) => {
                self.canonical(a, 0) == self.canonical(b, 0)
            }
            (TemplateArg::Expr(a), TemplateArg::Expr(b)) => {
                let value = |e: &Expr| crate::fold_constant(e, &|_| None);
                match (value(a), value(b)) {
                    (Some(x), Some(y)) => x == y,
                    // Enumerators (`ActFn<Act::Tanh>`) by name: the spans differ.
                    _ => match (&a.kind, &b.kind) {
                        (ExprKind::Ident(x), ExprKind::Ident(y)) => {
                            x.trim_start_matches("::") == y.trim_start_matches("::")
                        }
                        _ => a == b,
                    },
                }
            }
            // A name read as a type in one place and a value in the other (an enumerator).
            (TemplateArg::Type(t), TemplateArg::Expr(e))
            | (TemplateArg::Expr(e), TemplateArg::Type(t)) => {
                matches!((&t.kind, &e.kind), (TyKind::Named { name, args }, ExprKind::Ident(n))
                    if args.is_empty() && name.trim_start_matches("::") == n.trim_start_matches("::"))
            }
        }
    }

    /// Field lookup in a canonical value type (through base classes, anonymous members and
    /// class-template arguments).
    pub fn field_type(&self, ty: &Ty, field: &str, depth: usize) -> Option<Ty> {
        let TyKind::Named { name, args } = &strip_refs(ty).kind else {
            return None;
        };
        if let Some(t) = builtins::vector_component(name, field) {
            return Some(t);
        }
        let (s, own) = self.instance_def(name, args)?;
        let found = self.find_field(s, field, depth)?;
        Some(match (&s.template, own.is_empty()) {
            (Some(params), false) => substitute_class(&found, params, &own),
            _ => found,
        })
    }

    /// Every data member of a canonical value type in declaration order (base classes first,
    /// anonymous members flattened), or the components of a CUDA vector type.
    pub fn all_fields(&self, ty: &Ty) -> Vec<(String, Ty)> {
        let TyKind::Named { name, args } = &strip_refs(ty).kind else {
            return vec![];
        };
        if let Some((elem, width)) = builtins::vector_type(name) {
            return ["x", "y", "z", "w"][..width]
                .iter()
                .map(|c| (c.to_string(), elem.clone()))
                .collect();
        }
        let Some((s, own)) = self.instance_def(name, args) else {
            return vec![];
        };
        let mut out = Vec::new();
        self.collect_fields(s, false, 0, &mut out);
        if let (Some(params), false) = (&s.template, own.is_empty()) {
            out = out
                .into_iter()
                .map(|(n, t)| (n, substitute_class(&t, params, &own)))
                .collect();
        }
        out
    }

    /// Data members of `s` (base classes first, anonymous members flattened), with or without
    /// the static ones.
    pub fn collect_fields(
        &self,
        s: &StructDef,
        statics: bool,
        depth: usize,
        out: &mut Vec<(String, Ty)>,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        for base in self.base_names(s) {
            if let Some(b) = self.struct_def(&base) {
                self.collect_fields(b, statics, depth + 1, out);
            }
        }
        for member in s.members.iter().flatten() {
            match member {
                Member::Field(d) if d.specs.is_typedef => {}
                Member::Field(d) if statics || !d.specs.is_static => {
                    out.extend(d.vars.iter().map(|v| (v.name.clone(), member_ty(s, &v.ty))));
                }
                Member::Item(item) => {
                    let Item::Struct(inner) = item.as_ref() else {
                        continue;
                    };
                    match inner.trailing.as_ref().filter(|t| !t.specs.is_typedef) {
                        Some(t) => {
                            out.extend(t.vars.iter().map(|v| (v.name.clone(), v.ty.clone())))
                        }
                        None if inner.name.is_none() => {
                            self.collect_fields(inner, statics, depth + 1, out)
                        }
                        None => {}
                    }
                }
                _ => {}
            }
        }
    }

    fn find_field(&self, s: &StructDef, field: &str, depth: usize) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        for member in s.members.iter().flatten() {
            match member {
                Member::Field(d) if !d.specs.is_typedef => {
                    if let Some(v) = d.vars.iter().find(|v| v.name == field) {
                        return Some(member_ty(s, &v.ty));
                    }
                }
                Member::Item(item) => {
                    if let Some(t) = self.anonymous_member_field(item, field, depth) {
                        return Some(t);
                    }
                }
                Member::Field(_) | Member::Method(_) | Member::Access(_) => {}
            }
        }
        s.bases.iter().find_map(|b| {
            let base = self.struct_def(&base_class_name(b))?;
            self.find_field(base, field, depth + 1)
        })
    }

    /// Fields of an anonymous `union { ... };` / `struct { ... };` member, and of declarators
    /// after a nested struct (`struct Inner {...} inner;`).
    fn anonymous_member_field(&self, item: &Item, field: &str, depth: usize) -> Option<Ty> {
        let Item::Struct(inner) = item else {
            return None;
        };
        if let Some(trailing) = &inner.trailing {
            if !trailing.specs.is_typedef {
                return trailing
                    .vars
                    .iter()
                    .find(|v| v.name == field)
                    .map(|v| v.ty.clone());
            }
        }
        if inner.name.is_none() {
            return self.find_field(inner, field, depth + 1);
        }
        None
    }

    /// Names of the base classes of a struct (for method lookup through bases).
    pub fn base_names(&self, s: &StructDef) -> Vec<String> {
        s.bases.iter().map(|b| base_class_name(b)).collect()
    }
}

/// The type of a member declared `ty` in `s` as code outside `s` reads it: member types
/// replaced, and the struct's integer constants in array lengths (`double q[N]` with `static
/// constexpr int N = D > 2 ? 4 : 2;` is `double q[(D > 2 ? 4 : 2)]`).
fn member_ty(s: &StructDef, ty: &Ty) -> Ty {
    let mut ty = substitute(ty, &member_types(s, ""));
    let constants: Vec<(&str, &Expr)> = s
        .members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Field(d) if d.specs.is_static && !d.specs.is_typedef => Some(d),
            _ => None,
        })
        .flat_map(|d| &d.vars)
        .filter(|v| matches!(v.ty.kind, TyKind::Int { .. }))
        .filter_map(|v| match &v.init {
            Some(Init::Assign(e)) => Some((v.name.as_str(), e)),
            _ => None,
        })
        .collect();
    // a constant may be defined through another (`N = 2 * M`)
    for _ in 0..4 {
        substitute_lengths(&mut ty, &constants);
    }
    ty
}

/// Bindings of a class template's parameters to the arguments of a use (`Vec3<float>`).
/// A member type of a class template instance: type parameters replaced, and value
/// parameters in array lengths (`T c[N]` of `Poly<double, 4>` is `double c[4]`).
fn substitute_class(t: &Ty, params: &[TemplateParam], args: &[TemplateArg]) -> Ty {
    let mut t = substitute(t, &class_bindings(params, args));
    let values: Vec<(&str, &Expr)> = params
        .iter()
        .zip(args)
        .filter_map(|(p, a)| match (&p.kind, a) {
            (TemplateParamKind::Value { .. }, TemplateArg::Expr(e)) => Some((p.name.as_str(), e)),
            _ => None,
        })
        .collect();
    if !values.is_empty() {
        substitute_lengths(&mut t, &values);
    }
    t
}

pub(crate) fn substitute_lengths(t: &mut Ty, values: &[(&str, &Expr)]) {
    match &mut t.kind {
        TyKind::Array { elem, len } => {
            if let Some(l) = len {
                substitute_idents(l, values);
            }
            substitute_lengths(elem, values);
        }
        TyKind::Pointer { pointee: x, .. } | TyKind::LRef(x) | TyKind::RRef(x) => {
            substitute_lengths(x, values)
        }
        TyKind::Named { args, .. } => {
            for a in args {
                match a {
                    TemplateArg::Expr(e) => substitute_idents(e, values),
                    TemplateArg::Type(t) => substitute_lengths(t, values),
                }
            }
        }
        _ => {}
    }
}

/// Replaces names in a constant expression (`N`, `N * 2 + 1`).
fn substitute_idents(e: &mut Expr, values: &[(&str, &Expr)]) {
    match &mut e.kind {
        ExprKind::Ident(n) => {
            if let Some((_, v)) = values.iter().find(|(name, _)| name == n) {
                // an atom as written (`V<double, 2>`, the spelling other uses compare with)
                *e = match v.kind {
                    ExprKind::IntLit(_) | ExprKind::Ident(_) | ExprKind::BoolLit(_) => (*v).clone(),
                    _ => Expr::new(ExprKind::Paren(Box::new((*v).clone())), e.span),
                };
            }
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => substitute_idents(x, values),
        ExprKind::Binary(_, l, r) => {
            substitute_idents(l, values);
            substitute_idents(r, values);
        }
        ExprKind::Cond(c, a, b) => {
            substitute_idents(c, values);
            substitute_idents(a, values);
            substitute_idents(b, values);
        }
        _ => {}
    }
}

pub(crate) fn class_bindings(params: &[TemplateParam], args: &[TemplateArg]) -> crate::Bindings {
    params
        .iter()
        .zip(args)
        .filter_map(|(p, a)| match (&p.kind, a) {
            (TemplateParamKind::Type { .. }, TemplateArg::Type(t)) => {
                Some((p.name.clone(), t.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The types a struct declares (`typedef double value_type;`, `using index = int;`, nested
/// structs and enums), as the types they stand for outside the struct: aliases by their
/// targets (so a class template's `typedef T value_type;` is `T` in its stand-ins), nested
/// types qualified by `qualified` (the owner's full name; none when empty).
pub fn member_types(s: &StructDef, qualified: &str) -> Bindings {
    let mut types = Bindings::new();
    for m in s.members.iter().flatten() {
        match m {
            Member::Field(d) if d.specs.is_typedef => {
                for v in &d.vars {
                    types.insert(v.name.clone(), v.ty.clone());
                }
            }
            Member::Item(item) => match item.as_ref() {
                Item::Using { name, ty, .. } => {
                    types.insert(name.clone(), ty.clone());
                }
                Item::Typedef(d) => {
                    for v in &d.vars {
                        types.insert(v.name.clone(), v.ty.clone());
                    }
                }
                Item::Struct(StructDef { name: Some(n), .. })
                | Item::Enum(EnumDef { name: Some(n), .. })
                    if s.template.is_none() && !qualified.is_empty() =>
                {
                    types.insert(n.clone(), Ty::named(&format!("{qualified}::{n}")));
                }
                _ => {}
            },
            _ => {}
        }
    }
    // An alias may name another member type (`typedef value_type* pointer;`).
    for _ in 0..4 {
        let snapshot = types.clone();
        for t in types.values_mut() {
            *t = substitute(t, &snapshot);
        }
    }
    types
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalized() {
        assert_eq!(normalize("::abs"), "abs");
        assert_eq!(normalize("struct S"), "S");
        assert_eq!(strip_template_args("Vec<T>::norm"), "Vec::norm");
        assert_eq!(base_class_name("public virtual Base<T>"), "Base");
        assert_eq!(
            qualified_names(&["a", "b"], "f"),
            vec!["a::b::f", "b::f", "f"]
        );
    }
}

/// The type a name spells (`Scale<double>`, `Vec<float, 3>`, `Outer<Inner<int>*>`): template
/// arguments that are integers become values, the others types.
fn type_from_spelling(text: &str) -> Ty {
    let text = text.trim();
    let Some((name, rest)) = text.split_once('<') else {
        return builtins::spec_type(text);
    };
    let Some(inner) = rest.trim_end().strip_suffix('>') else {
        return Ty::named(text);
    };
    let mut args = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                args.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    args.push(&inner[start..]);
    let args = args
        .into_iter()
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| {
            if a.chars().all(|c| c.is_ascii_digit()) || a == "true" || a == "false" {
                let kind = match a {
                    "true" => ExprKind::BoolLit(true),
                    "false" => ExprKind::BoolLit(false),
                    _ => ExprKind::IntLit(a.to_string()),
                };
                TemplateArg::Expr(Expr::synth(kind))
            } else if let Some(pointee) = a.strip_suffix('*') {
                TemplateArg::Type(Ty::pointer_to(type_from_spelling(pointee)))
            } else {
                TemplateArg::Type(type_from_spelling(a))
            }
        })
        .collect();
    Ty::new(TyKind::Named {
        name: name.trim().to_string(),
        args,
    })
}
