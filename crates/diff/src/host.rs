//! Host functions: CUDA runtime calls and kernel launches in the reverse pass.

use crate::reverse::Gen;
use cuad_syntax::ast::*;

/// Handles a host-side call statement (`lhs = call` when `lhs` is set). Returns `None` when
/// the call is not a CUDA runtime call or launch (ordinary differentiation applies).
pub fn gen_host_call(
    g: &mut Gen,
    lhs: Option<&Expr>,
    e: &Expr,
    s: &Stmt,
) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    let _ = (g, lhs, e, s);
    None
}
