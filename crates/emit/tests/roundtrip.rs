//! parse -> print -> parse gives the same AST (spans aside) for every file in tests/corpus and
//! tests/fixtures, and printing is stable: printing the re-parsed AST gives the same text again.

use cuad_emit::{print_item, print_tu, strip_spans};
use cuad_syntax::ast::TranslationUnit;
use cuad_syntax::pp::{self, PpOptions};
use cuad_syntax::{parser, Diagnostics, SourceMap};
use std::path::{Path, PathBuf};

/// Every .cu/.cuh file of the shared corpus and of this crate's fixtures.
fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = [root.join("../../tests/corpus"), root.join("tests/fixtures")];
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .collect::<Vec<_>>()
        })
        .collect();
    files.retain(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("cu" | "cuh")));
    files.sort();
    files
}

/// Preprocesses (no -I/-D) and parses `text` as if it were the file at `path`.
fn parse_text(path: &Path, text: String) -> (TranslationUnit, String) {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add(path, text);
    let tokens = pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let mut tu = parser::parse(&tokens, &mut diags);
    strip_spans(&mut tu);
    let errors = if diags.has_errors() {
        diags.render(&sm)
    } else {
        String::new()
    };
    (tu, errors)
}

/// Describes the first differing top-level item of two ASTs.
fn first_difference(a: &TranslationUnit, b: &TranslationUnit) -> String {
    if a.items.len() != b.items.len() {
        return format!("{} items became {} items", a.items.len(), b.items.len());
    }
    for (x, y) in a.items.iter().zip(&b.items) {
        if x != y {
            return format!(
                "item printed as:\n{}\noriginal AST:\n{x:#?}\nre-parsed AST:\n{y:#?}",
                print_item(x)
            );
        }
    }
    String::new()
}

/// Round-trips one file; returns a description of each problem found.
fn check_file(path: &Path) -> Vec<String> {
    let name = path.display();
    let Ok(text) = std::fs::read_to_string(path) else {
        return vec![format!("{name}: cannot read")];
    };
    let mut problems = Vec::new();
    let (original, errors) = parse_text(path, text.clone());
    if !errors.is_empty() {
        eprintln!(
            "note: {name} does not parse cleanly (parser issue, not the printer's):\n{errors}"
        );
    }
    if original.items.is_empty() && text.lines().any(|l| l.contains(';') || l.contains('}')) {
        problems.push(format!("{name}: parsed to an empty translation unit"));
    }
    let printed = print_tu(&original);
    // A sibling path, so quoted includes (if any survive) resolve as for the original.
    let printed_path = path.with_extension("printed.cu");
    let (reparsed, reparse_errors) = parse_text(&printed_path, printed.clone());
    if !reparse_errors.is_empty() && errors.is_empty() {
        problems.push(format!(
            "{name}: printed text does not parse:\n{reparse_errors}"
        ));
    }
    if reparsed != original {
        let diff = first_difference(&original, &reparsed);
        problems.push(format!("{name}: AST changed by the round trip: {diff}"));
    } else if print_tu(&reparsed) != printed {
        problems.push(format!(
            "{name}: printing the re-parsed AST gives different text"
        ));
    }
    problems
}

#[test]
fn corpus_round_trips() {
    let files = corpus_files();
    assert!(!files.is_empty(), "no .cu files in tests/corpus");
    let problems: Vec<String> = files.iter().flat_map(|f| check_file(f)).collect();
    assert!(
        problems.is_empty(),
        "{} problem(s):\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

/// The pinned PyPI nvcc (see /work/shared/FACTS.md) or `$CUAD_NVCC`.
fn find_nvcc() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CUAD_NVCC") {
        return Some(PathBuf::from(p));
    }
    let lib = std::fs::read_dir("/work/venv-corpus/lib").ok()?;
    lib.filter_map(|e| e.ok())
        .map(|e| e.path().join("site-packages/nvidia/cu13/bin/nvcc"))
        .find(|p| p.exists())
}

/// Compiles `file` with nvcc; returns its messages on failure.
fn nvcc_error(nvcc: &Path, file: &Path) -> Option<String> {
    let out = std::process::Command::new(nvcc)
        .args(["-std=c++17", "-arch=sm_90", "-c"])
        .arg(file)
        .args(["-o", "/dev/null"])
        .output();
    match out {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(format!(
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&o.stderr)
        )),
        Err(e) => Some(format!("{}: cannot run nvcc: {e}", file.display())),
    }
}

/// The printed corpus compiles with nvcc (slow: about 2 minutes; needs nvcc).
/// `cargo test -p cuad_emit --test roundtrip -- --ignored`
#[test]
#[ignore]
fn printed_corpus_compiles_with_nvcc() {
    let nvcc = find_nvcc().expect("no nvcc: set CUAD_NVCC or install /work/venv-corpus");
    let out_dir = std::env::temp_dir().join(format!("cuad-emit-nvcc-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    let mut printed = Vec::new();
    for path in corpus_files()
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
    {
        let text = std::fs::read_to_string(path).expect("corpus file");
        let (tu, _) = parse_text(path, text);
        let target = out_dir.join(path.file_name().expect("file name"));
        std::fs::write(&target, print_tu(&tu)).expect("write printed file");
        printed.push(target);
    }
    let workers = std::thread::available_parallelism().map_or(4, |n| n.get());
    let chunks: Vec<Vec<PathBuf>> = printed
        .chunks(printed.len().div_ceil(workers).max(1))
        .map(<[_]>::to_vec)
        .collect();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                s.spawn(|| {
                    chunk
                        .iter()
                        .filter_map(|f| nvcc_error(&nvcc, f))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "printed files nvcc rejects:\n{}",
        failures.join("\n")
    );
    let _ = std::fs::remove_dir_all(&out_dir);
}
