//! Parses a CUDA file and prints it back: `cargo run -p cuad_emit --example reprint FILE.cu`.
//! Diagnostics and the reason of each top-level opaque item go to stderr.

use cuad_syntax::{parse_file, pp::PpOptions, Diagnostics, SourceMap};
use std::path::Path;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: reprint FILE.cu");
        std::process::exit(2);
    };
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let tu = parse_file(&mut sm, Path::new(&path), &PpOptions::default(), &mut diags);
    eprint!("{}", diags.render(&sm));
    if let Some(tu) = tu {
        for item in &tu.items {
            if let cuad_syntax::ast::Item::Opaque { text, reason, .. } = item {
                let first = text.lines().next().unwrap_or("");
                eprintln!("opaque ({reason}): {first}");
            }
        }
        print!("{}", cuad_emit::print_tu(&tu));
    }
}
