//! Local scopes: the names a body walk has declared so far.

use cuad_syntax::ast::Ty;
use std::collections::HashMap;

/// Local names visible at a point, innermost first. Implemented by the passes that walk bodies.
pub trait Scope {
    fn lookup(&self, name: &str) -> Option<Ty>;
}

/// No local names (globals and builtins only).
pub struct EmptyScope;

impl Scope for EmptyScope {
    fn lookup(&self, _name: &str) -> Option<Ty> {
        None
    }
}

/// A stack of block scopes. Lookups are hashed (bodies with many locals stay linear);
/// each name keeps its own shadowing stack.
#[derive(Default, Clone)]
pub struct ScopeStack {
    /// Names declared in each open frame, innermost last (to undo them on `pop`).
    frames: Vec<Vec<String>>,
    /// Visible declarations of each name, innermost last.
    names: HashMap<String, Vec<Ty>>,
}

impl ScopeStack {
    pub fn new() -> ScopeStack {
        ScopeStack {
            frames: vec![vec![]],
            names: HashMap::new(),
        }
    }
    pub fn push(&mut self) {
        self.frames.push(vec![]);
    }
    pub fn pop(&mut self) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        for name in frame {
            if let Some(stack) = self.names.get_mut(&name) {
                stack.pop();
                if stack.is_empty() {
                    self.names.remove(&name);
                }
            }
        }
    }
    pub fn declare(&mut self, name: &str, ty: Ty) {
        if self.frames.is_empty() {
            self.frames.push(vec![]);
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.push(name.to_string());
        }
        self.names.entry(name.to_string()).or_default().push(ty);
    }
    /// Number of open frames (for callers that restore a depth after an early exit).
    pub fn depth(&self) -> usize {
        self.frames.len()
    }
    /// Pops frames until `depth` remain.
    pub fn truncate(&mut self, depth: usize) {
        while self.frames.len() > depth {
            self.pop();
        }
    }
    /// The innermost declaration of `name`, without cloning it.
    pub fn get(&self, name: &str) -> Option<&Ty> {
        self.names.get(name).and_then(|stack| stack.last())
    }
    pub fn contains(&self, name: &str) -> bool {
        self.names.contains_key(name)
    }
}

impl Scope for ScopeStack {
    fn lookup(&self, name: &str) -> Option<Ty> {
        self.get(name).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_frames_shadow_outer_ones() {
        let mut s = ScopeStack::new();
        s.declare("x", Ty::int());
        s.push();
        s.declare("x", Ty::named("float3"));
        assert_eq!(s.lookup("x"), Some(Ty::named("float3")));
        s.pop();
        assert_eq!(s.lookup("x"), Some(Ty::int()));
        assert_eq!(s.lookup("y"), None);
        s.push();
        s.declare("y", Ty::int());
        s.push();
        s.push();
        s.truncate(1);
        assert!(!s.contains("y"));
        assert!(s.contains("x"));
    }
}
