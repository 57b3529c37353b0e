//! Local scopes: the names a body walk has declared so far.

use cuad_syntax::ast::Ty;

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

/// A simple stack of block scopes.
#[derive(Default, Clone)]
pub struct ScopeStack {
    frames: Vec<Vec<(String, Ty)>>,
}

impl ScopeStack {
    pub fn new() -> ScopeStack {
        ScopeStack {
            frames: vec![vec![]],
        }
    }
    pub fn push(&mut self) {
        self.frames.push(vec![]);
    }
    pub fn pop(&mut self) {
        self.frames.pop();
    }
    pub fn declare(&mut self, name: &str, ty: Ty) {
        match self.frames.last_mut() {
            Some(frame) => frame.push((name.to_string(), ty)),
            None => self.frames.push(vec![(name.to_string(), ty)]),
        }
    }
    /// Number of open frames (for callers that restore a depth after an early exit).
    pub fn depth(&self) -> usize {
        self.frames.len()
    }
    /// Pops frames until `depth` remain.
    pub fn truncate(&mut self, depth: usize) {
        self.frames.truncate(depth);
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
    }
}
