//! CUDA C++ printer: AST back to readable source text.
//!
//! Output uses 4-space indentation, one statement per line and K&R braces. Parentheses are
//! inserted from precedence and associativity, so ASTs built by transformations (without
//! `Paren` nodes) print correctly; `Paren` nodes always print. Parsing printed text gives back
//! the same AST up to spans (see `tests/roundtrip.rs`).

mod expr;
mod item;
mod spans;
mod stmt;
mod ty;

use cuad_syntax::ast::TranslationUnit;

pub use expr::print_expr;
pub use item::{print_function, print_item};
pub use spans::strip_spans;
pub use stmt::print_stmt;
pub use ty::{print_decl, print_ty};

/// Prints a whole translation unit as valid CUDA C++, a blank line between top-level items.
pub fn print_tu(tu: &TranslationUnit) -> String {
    let mut out = String::new();
    item::write_items(&mut out, &tu.items, 0);
    out
}
