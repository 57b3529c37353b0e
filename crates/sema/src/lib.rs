//! Semantic analysis: scopes, name resolution, expression types, built-in declarations.
//!
//! API used by the differentiation crate (keep these signatures stable):
//! - [`Program::new`] indexes a translation unit (structs, typedefs, enums, functions, globals,
//!   namespaces flattened with qualified names too).
//! - [`Program::type_of`] gives the type of an expression in a [`Scope`].
//! - [`Program::canonical`] resolves typedefs/`using` to the underlying type.
//! - [`check`] type-checks every function body for `cuad parse` and reports diagnostics.
//!
//! (Stub: being written.)

use cuad_syntax::ast::*;
use cuad_syntax::Diagnostics;

/// Local names visible at a point, innermost first. Implemented by the passes that walk bodies.
pub trait Scope {
    fn lookup(&self, name: &str) -> Option<Ty>;
}

/// A simple stack of block scopes.
#[derive(Default, Clone)]
pub struct ScopeStack {
    frames: Vec<Vec<(String, Ty)>>,
}

impl ScopeStack {
    pub fn new() -> ScopeStack {
        ScopeStack { frames: vec![vec![]] }
    }
    pub fn push(&mut self) {
        self.frames.push(vec![]);
    }
    pub fn pop(&mut self) {
        self.frames.pop();
    }
    pub fn declare(&mut self, name: &str, ty: Ty) {
        if self.frames.is_empty() {
            self.frames.push(vec![]);
        }
        self.frames.last_mut().unwrap().push((name.to_string(), ty));
    }
}

impl Scope for ScopeStack {
    fn lookup(&self, name: &str) -> Option<Ty> {
        for frame in self.frames.iter().rev() {
            if let Some((_, t)) = frame.iter().rev().find(|(n, _)| n == name) {
                return Some(t.clone());
            }
        }
        None
    }
}

pub struct Program<'a> {
    pub tu: &'a TranslationUnit,
}

impl<'a> Program<'a> {
    pub fn new(tu: &'a TranslationUnit) -> Program<'a> {
        Program { tu }
    }

    /// Typedefs and `using` aliases resolved (recursively, also under pointers/arrays/refs).
    pub fn canonical(&self, ty: &Ty) -> Ty {
        ty.clone()
    }

    /// The struct/class definition a (canonical) named type refers to.
    pub fn struct_def(&self, name: &str) -> Option<&'a StructDef> {
        let _ = name;
        None
    }

    /// Type of field `field` of struct type `ty` (a value type, not a pointer).
    pub fn field_type(&self, ty: &Ty, field: &str) -> Option<Ty> {
        let _ = (ty, field);
        None
    }

    /// All function definitions and declarations with this (possibly qualified) name.
    pub fn functions(&self, name: &str) -> Vec<&'a Function> {
        let _ = name;
        vec![]
    }

    /// Overload resolution for the common cases: exact match, then promotions/conversions.
    pub fn resolve_call(&self, name: &str, arg_types: &[Option<Ty>]) -> Option<&'a Function> {
        let _ = (name, arg_types);
        None
    }

    /// Type of a global variable or enumerator.
    pub fn global_type(&self, name: &str) -> Option<Ty> {
        let _ = name;
        None
    }

    /// Type of an expression; `None` when unknown (library types, unresolved names).
    pub fn type_of(&self, e: &Expr, scope: &dyn Scope) -> Option<Ty> {
        let _ = (e, scope);
        None
    }
}

/// Type-checks the translation unit (name resolution, expression types) for `cuad parse`.
pub fn check(tu: &TranslationUnit, diags: &mut Diagnostics) {
    let _ = (tu, diags);
}
