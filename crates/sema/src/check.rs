//! `check`: name resolution over every body (stub while being written).

use cuad_syntax::ast::TranslationUnit;
use cuad_syntax::Diagnostics;

/// Type-checks the translation unit (name resolution, expression types) for `cuad parse`.
pub fn check(tu: &TranslationUnit, diags: &mut Diagnostics) {
    let _ = (tu, diags);
}
