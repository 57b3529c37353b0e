//! Preprocessor over tokens. (Stub: being written.)

use crate::source::{Diagnostics, FileId, SourceMap};
use crate::token::Token;
use std::path::PathBuf;

#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    /// `-I` directories, searched after the including file's folder.
    pub include_dirs: Vec<PathBuf>,
    /// `-D NAME[=VAL]` (value "1" when omitted) and `-U NAME`, in command-line order.
    pub defines: Vec<(String, Option<String>)>,
    pub undefines: Vec<String>,
}

/// Expands `main` fully. The result ends with an `Eof` token. `#include <...>` and `#pragma`
/// lines come out as `Directive` tokens; everything else is expanded away.
pub fn preprocess(
    sm: &mut SourceMap,
    main: FileId,
    opts: &PpOptions,
    diags: &mut Diagnostics,
) -> Vec<Token> {
    let _ = (opts,);
    let text = sm.file(main).text.clone();
    crate::lexer::lex(main, &text, diags)
}
