//! Lexer: C++/CUDA source text to tokens with spans. (Stub: being written.)

use crate::source::{Diagnostics, FileId};
use crate::token::Token;

/// Tokenizes `text`. Preprocessor directive lines are returned as ordinary tokens (`#` first on
/// a line); the preprocessor interprets them. Line continuations are removed. Never panics.
pub fn lex(file: FileId, text: &str, diags: &mut Diagnostics) -> Vec<Token> {
    let _ = (file, text, diags);
    Vec::new()
}
