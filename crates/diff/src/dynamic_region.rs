//! Which kernels use the dynamic shared memory. A derivative kernel keeps the adjoints (in
//! forward mode the tangents) of `extern __shared__` arrays in the second half of its launch's
//! dynamic region (`cuad_dynamic_smem_bytes() / 2`), so a launch of it must get twice the
//! primal's bytes, or the derivatives overlap the primal's data. The arrays need not be the
//! kernel's own: a function it calls, a method or conversion operator of a struct it uses
//! (cuda-samples' `SharedMemory<T>`, which `shared_view.rs` inlines), a lambda in its body or
//! an explicit specialization of a struct it names may declare them. This follows every name
//! the kernel mentions, transitively, and so over-approximates: a launch given more dynamic
//! shared memory than it reads loses nothing, one given less is corrupt.

use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::collections::HashSet;

/// Does `kernel`, or anything it reaches by name, declare an `extern __shared__` array?
pub(crate) fn reaches_dynamic_shared(prog: &Program, kernel: &Function) -> bool {
    let mut reach = Reach {
        prog,
        functions: HashSet::new(),
        names: HashSet::new(),
        found: false,
    };
    reach.function(kernel);
    reach.found
}

struct Reach<'p, 'a> {
    prog: &'p Program<'a>,
    /// Functions visited, by address.
    functions: HashSet<usize>,
    names: HashSet<String>,
    found: bool,
}

impl Reach<'_, '_> {
    fn function(&mut self, f: &Function) {
        if self.found || !self.functions.insert(f as *const Function as usize) {
            return;
        }
        let mut names = Names::default();
        names.ty(&f.ret);
        for p in &f.params {
            names.ty(&p.ty);
        }
        for (_, args) in &f.ctor_inits {
            args.iter().for_each(|e| names.expr(e));
        }
        f.body.iter().flatten().for_each(|s| names.stmt(s));
        self.found |= names.dynamic_shared;
        for n in names.names {
            self.name(&n);
        }
    }

    fn name(&mut self, name: &str) {
        let name = name.trim_start_matches("::");
        if self.found || !self.names.insert(name.to_string()) {
            return;
        }
        for f in self.prog.functions(name) {
            self.function(f);
        }
        // An alias (`using SM = SharedMemory<float>;`) stands for what it names.
        if let TyKind::Named { name: canon, .. } = &self.prog.canonical(&Ty::named(name)).kind {
            if canon != name {
                self.name(&canon.clone());
            }
        }
        let base = name.rsplit("::").next().unwrap_or(name);
        let base = base.split('<').next().unwrap_or(base).trim();
        let items = &self.prog.tu.items;
        let mut structs = Vec::new();
        structs_named(items, base, &mut structs);
        for def in structs {
            self.struct_def(def);
        }
        // Explicit specializations kept as text are not followed: one declaring dynamic
        // shared memory counts.
        self.found |= opaque_mentions_shared(items, base);
        // A global `extern __shared__` array.
        self.found |= global_dynamic_shared(items, base);
    }

    fn struct_def(&mut self, def: &StructDef) {
        let owner = def.name.clone().unwrap_or_default();
        for m in def.members.iter().flatten() {
            match m {
                Member::Method(f) => {
                    self.function(f);
                    // its out-of-line definition (`T S::f() { ... }`)
                    for g in self.prog.functions(&format!("{owner}::{}", f.name)) {
                        self.function(g);
                    }
                }
                Member::Field(d) => {
                    let mut names = Names::default();
                    names.decl(d);
                    for n in names.names {
                        self.name(&n);
                    }
                }
                Member::Item(item) => {
                    if let Item::Struct(inner) = &**item {
                        self.struct_def(inner);
                    }
                }
                Member::Access(_) => {}
            }
        }
        for b in &def.bases {
            // `public Base<T>`: the class name is the last word
            let class = b.split_whitespace().last().unwrap_or(b);
            self.name(class);
        }
    }
}

/// The struct definitions named `base` (primary, and specializations the parser names
/// `base<...>`), in any namespace.
fn structs_named<'t>(items: &'t [Item], base: &str, out: &mut Vec<&'t StructDef>) {
    for item in items {
        match item {
            Item::Struct(def) => {
                let name = def.name.as_deref().unwrap_or_default();
                if name.split('<').next().map(str::trim) == Some(base) {
                    out.push(def);
                }
            }
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
                structs_named(items, base, out)
            }
            _ => {}
        }
    }
}

/// An explicit specialization of `base` the parser keeps as text (`template <> struct
/// SharedMemory<double> { ... }`) that declares an `extern __shared__` array.
fn opaque_mentions_shared(items: &[Item], base: &str) -> bool {
    items.iter().any(|item| match item {
        Item::Opaque { text, .. } => {
            let compact: String = text.split_whitespace().collect();
            compact.starts_with("template<>")
                && compact.contains("extern__shared__")
                && specializes(text, base)
        }
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
            opaque_mentions_shared(items, base)
        }
        _ => false,
    })
}

/// Does `text` name `base<...>` (the identifier `base`, then `<`)?
fn specializes(text: &str, base: &str) -> bool {
    let is_ident = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
    let bytes = text.as_bytes();
    !base.is_empty()
        && text.match_indices(base).any(|(at, _)| {
            let end = at + base.len();
            (at == 0 || !is_ident(bytes[at - 1])) && text[end..].trim_start().starts_with('<')
        })
}

fn global_dynamic_shared(items: &[Item], name: &str) -> bool {
    items.iter().any(|item| match item {
        Item::Global(d) => is_dynamic_shared(d) && d.vars.iter().any(|v| v.name == name),
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
            global_dynamic_shared(items, name)
        }
        _ => false,
    })
}

fn is_dynamic_shared(d: &DeclStmt) -> bool {
    d.specs.shared && d.specs.is_extern
}

/// The names a piece of code mentions (identifiers, type names, callees), and whether it
/// declares an `extern __shared__` array itself (lambda bodies included).
#[derive(Default)]
struct Names {
    names: HashSet<String>,
    dynamic_shared: bool,
}

impl Names {
    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::Decl(d) => self.decl(d),
            StmtKind::Bindings(b) => {
                self.ty(&b.ty);
                self.expr(&b.init);
            }
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. } => self.expr(cond),
            StmtKind::For { cond, step, .. } => {
                cond.iter().chain(step.iter()).for_each(|e| self.expr(e))
            }
            StmtKind::Switch { cond, cases } => {
                self.expr(cond);
                cases
                    .iter()
                    .filter_map(|c| c.label.as_ref())
                    .for_each(|e| self.expr(e));
            }
            _ => {}
        }
        s.for_each_child(&mut |c| self.stmt(c));
    }

    fn decl(&mut self, d: &DeclStmt) {
        self.dynamic_shared |= is_dynamic_shared(d);
        for v in &d.vars {
            self.ty(&v.ty);
            match &v.init {
                Some(Init::Assign(e)) => self.expr(e),
                Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                    es.iter().for_each(|e| self.expr(e))
                }
                None => {}
            }
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Ident(n) => {
                self.names.insert(n.clone());
            }
            ExprKind::Cast { ty, .. } | ExprKind::SizeofType(ty) => self.ty(ty),
            ExprKind::Call { template_args, .. } | ExprKind::Launch { template_args, .. } => {
                self.template_args(template_args)
            }
            ExprKind::Lambda(l) => {
                for p in &l.params {
                    self.ty(&p.ty);
                }
                if let Some(ret) = &l.ret {
                    self.ty(ret);
                }
                l.body.iter().for_each(|s| self.stmt(s));
            }
            _ => {}
        }
        crate::usage::for_each_child(e, &mut |x| self.expr(x));
    }

    fn template_args(&mut self, args: &[TemplateArg]) {
        for a in args {
            match a {
                TemplateArg::Type(t) => self.ty(t),
                TemplateArg::Expr(e) => self.expr(e),
            }
        }
    }

    fn ty(&mut self, t: &Ty) {
        match &t.kind {
            TyKind::Named { name, args } => {
                self.names.insert(name.clone());
                self.template_args(args);
            }
            TyKind::Pointer { pointee: x, .. }
            | TyKind::LRef(x)
            | TyKind::RRef(x)
            | TyKind::Pack(x)
            | TyKind::Array { elem: x, .. } => self.ty(x),
            _ => {}
        }
    }
}
