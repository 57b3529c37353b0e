//! cuad's syntax layer: source map and diagnostics, lexer, preprocessor, AST and parser.

pub mod ast;
pub mod lexer;
pub mod parser;
pub mod pp;
pub mod source;
pub mod token;

pub use source::{Diagnostic, Diagnostics, FileId, SourceMap, Span};

/// Preprocess and parse `path`: the whole front end up to the AST.
pub fn parse_file(
    sm: &mut SourceMap,
    path: &std::path::Path,
    opts: &pp::PpOptions,
    diags: &mut Diagnostics,
) -> Option<ast::TranslationUnit> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return None;
        }
    };
    let file = sm.add(path, text);
    let tokens = pp::preprocess(sm, file, opts, diags);
    Some(parser::parse(&tokens, diags))
}
