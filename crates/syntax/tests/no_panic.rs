//! Robustness of the whole front end (preprocessor + parser + diagnostic rendering): every
//! corpus file in `tests/corpus/`, and many deterministic mutations of it, must go through
//! `cuad_syntax::parse_file` without panicking and without hanging. Broken input may (and
//! usually does) produce diagnostics; it must never take the tool down.
//!
//! `cargo test -p cuad_syntax --test no_panic` runs a quick pass (a few dozen mutations per
//! file); `cargo test -p cuad_syntax --test no_panic -- --ignored` runs the long fuzz pass.

use cuad_syntax::ast::{Item, Member};
use cuad_syntax::pp::PpOptions;
use cuad_syntax::{Diagnostics, SourceMap};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// Mutations per corpus file in the quick test; keeps it well under 20 s in debug builds.
const QUICK_MUTATIONS_PER_FILE: usize = 24;
/// Mutations per corpus file in the `#[ignore]`d long run.
const LONG_MUTATIONS_PER_FILE: usize = 800;
/// A single front-end run that takes longer than this is reported as a hang.
const PER_CASE_TIMEOUT: Duration = Duration::from_secs(20);
/// After this many hangs the run stops early: each one costs a full timeout.
const MAX_HANGS: usize = 3;
/// How a run that timed out is described.
const HANG: &str = "did not return";
/// Punctuation and fragments that tend to confuse a hand-written C++ parser.
const NOISE: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    ";",
    "<",
    ">",
    ">>>",
    "<<<",
    "#",
    "##",
    "[",
    "]",
    ",",
    "::",
    "\"",
    "'",
    "/*",
    "*/",
    "\\",
    "\\\n",
    "#define X(",
    "#if ",
    "#endif\n",
    "#include \"",
    "template <",
    "__global__",
    "->",
    ".",
    "...",
    "=",
    "?",
    ":",
    "0x",
    "1e",
    "\u{e9}",
    "\0",
    "\t",
    "\n#\n",
];

/// SplitMix64: a tiny deterministic generator, so failures reproduce from the seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n`; `n == 0` gives 0.
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus")
}

/// The `.cu` and `.cuh` files of the corpus, sorted so runs are reproducible.
fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("cu" | "cuh")))
        .collect();
    files.sort();
    files
}

/// A byte offset in `0..=text.len()` that lies on a char boundary.
fn char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Extends `at` forward over identifier characters, so deletions cut whole words.
fn word_end(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    let mut end = at;
    while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
        end += 1;
    }
    end
}

fn delete_range(text: &str, rng: &mut Rng) -> (String, String) {
    let lo = char_boundary(text, rng.below(text.len() + 1));
    let hi = char_boundary(text, word_end(text, lo + 1 + rng.below(24)));
    let hi = hi.max(lo);
    (
        format!("{}{}", &text[..lo], &text[hi..]),
        format!("delete bytes {lo}..{hi}"),
    )
}

fn insert_noise(text: &str, rng: &mut Rng) -> (String, String) {
    let at = char_boundary(text, rng.below(text.len() + 1));
    let noise = NOISE[rng.below(NOISE.len())];
    (
        format!("{}{}{}", &text[..at], noise, &text[at..]),
        format!("insert {noise:?} at byte {at}"),
    )
}

fn truncate(text: &str, rng: &mut Rng) -> (String, String) {
    let at = char_boundary(text, rng.below(text.len() + 1));
    (text[..at].to_string(), format!("truncate at byte {at}"))
}

fn duplicate_line(text: &str, rng: &mut Rng) -> (String, String) {
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    if lines.is_empty() {
        return (text.to_string(), "duplicate nothing".into());
    }
    let i = rng.below(lines.len());
    lines.insert(i, lines[i]);
    (lines.concat(), format!("duplicate line {}", i + 1))
}

fn swap_lines(text: &str, rng: &mut Rng) -> (String, String) {
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
    if a != b {
        lines.swap(a, b);
    }
    (
        lines.concat(),
        format!("swap lines {} and {}", a + 1, b + 1),
    )
}

/// One random edit; returns the new text and a description for failure reports.
fn mutate_once(text: &str, rng: &mut Rng) -> (String, String) {
    match rng.below(6) {
        0 => delete_range(text, rng),
        1 | 2 => insert_noise(text, rng),
        3 => truncate(text, rng),
        4 => duplicate_line(text, rng),
        _ => swap_lines(text, rng),
    }
}

/// One to `max_edits` stacked edits.
fn mutate(text: &str, rng: &mut Rng, max_edits: usize) -> (String, String) {
    let edits = 1 + rng.below(max_edits);
    let mut out = text.to_string();
    let mut what = Vec::new();
    for _ in 0..edits {
        let (next, desc) = mutate_once(&out, rng);
        out = next;
        what.push(desc);
    }
    (out, what.join(", then "))
}

/// Runs the front end on `path` (and renders its diagnostics, as the CLI does) on a worker
/// thread. `Err` describes a panic or a hang.
fn run_front_end(path: &Path) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let owned = path.to_path_buf();
    std::thread::spawn(move || {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let mut sm = SourceMap::new();
            let mut diags = Diagnostics::default();
            let opts = PpOptions {
                include_dirs: vec![corpus_dir()],
                ..PpOptions::default()
            };
            let tu = cuad_syntax::parse_file(&mut sm, &owned, &opts, &mut diags);
            let rendered = diags.render(&sm);
            (tu.is_some(), rendered.len())
        }));
        let _ = tx.send(outcome.map(|_| ()).map_err(panic_message));
    });
    match rx.recv_timeout(PER_CASE_TIMEOUT) {
        Ok(result) => result,
        Err(_) => Err(format!("{HANG} within {PER_CASE_TIMEOUT:?}")),
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        format!("panicked: {s}")
    } else if let Some(s) = payload.downcast_ref::<String>() {
        format!("panicked: {s}")
    } else {
        "panicked".to_string()
    }
}

/// A scratch folder of its own for each test, so parallel tests never share files.
fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cuad-no-panic-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir is writable");
    dir
}

/// Mutates every corpus file `per_file` times; returns one line per failing case. A failing
/// mutant is kept in the scratch folder so it can be rerun by hand.
fn fuzz_corpus(test: &str, per_file: usize, max_edits: usize, seed: u64) -> Vec<String> {
    let scratch = scratch_dir(test);
    let mut failures = Vec::new();
    let mut hangs = 0;
    for (file_no, path) in corpus_files().iter().enumerate() {
        if hangs >= MAX_HANGS {
            failures.push(format!("stopped early after {hangs} hangs"));
            break;
        }
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("corpus.cu")
            .to_string();
        if let Err(why) = run_front_end(path) {
            failures.push(format!("{name} (unmodified): {why}"));
        }
        let text = std::fs::read_to_string(path).expect("corpus files are UTF-8");
        let mut rng = Rng(seed ^ (file_no as u64).wrapping_mul(0x1000_0000_01B3));
        for case in 0..per_file {
            let (mutant, what) = mutate(&text, &mut rng, max_edits);
            let mutant_path = scratch.join(format!("{case}_{name}"));
            std::fs::write(&mutant_path, &mutant).expect("scratch file is writable");
            match run_front_end(&mutant_path) {
                Ok(()) => {
                    let _ = std::fs::remove_file(&mutant_path);
                }
                Err(why) => {
                    hangs += usize::from(why.starts_with(HANG));
                    failures.push(format!(
                        "{name} case {case} ({what}) -> {}: {why}",
                        mutant_path.display()
                    ));
                    if hangs >= MAX_HANGS {
                        break;
                    }
                }
            }
        }
    }
    // Only failing mutants are left behind; drop the folder when there are none.
    let _ = std::fs::remove_dir(&scratch);
    failures
}

fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} front-end run(s) panicked or hung:\n{}",
        failures.len(),
        failures
            .iter()
            .take(25)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn corpus_is_large_enough() {
    let files = corpus_files();
    let cu = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .count();
    assert!(
        cu >= 45,
        "expected at least 45 .cu files in tests/corpus, found {cu}"
    );
}

#[test]
fn mutations_are_deterministic_and_change_the_text() {
    let text = "__global__ void k(float *x) {\n  x[threadIdx.x] *= 2.0f;\n}\n";
    let run = |seed| {
        let mut rng = Rng(seed);
        (0..50)
            .map(|_| mutate(text, &mut rng, 3).0)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(7), run(7));
    assert!(run(7).iter().filter(|m| m.as_str() != text).count() > 40);
}

#[test]
fn front_end_survives_corpus_and_mutations() {
    assert_no_failures(&fuzz_corpus("quick", QUICK_MUTATIONS_PER_FILE, 2, 0xC0DA));
}

#[test]
#[ignore = "long fuzz run: cargo test -p cuad_syntax --test no_panic -- --ignored"]
fn front_end_survives_long_fuzz() {
    assert_no_failures(&fuzz_corpus(
        "long",
        LONG_MUTATIONS_PER_FILE,
        4,
        0x5EED_F00D,
    ));
}

/// Error diagnostics the front end reports for an unmodified corpus file, rendered.
fn parse_errors(path: &Path) -> String {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let opts = PpOptions {
        include_dirs: vec![corpus_dir()],
        ..PpOptions::default()
    };
    let tu = cuad_syntax::parse_file(&mut sm, path, &opts, &mut diags);
    if tu.is_none() {
        return format!("{}: no translation unit\n", path.display());
    }
    if diags.has_errors() {
        diags.render(&sm)
    } else {
        String::new()
    }
}

#[test]
fn corpus_parses_without_errors() {
    let failing: Vec<String> = corpus_files()
        .iter()
        .map(|p| parse_errors(p))
        .filter(|errors| !errors.is_empty())
        .collect();
    assert!(
        failing.is_empty(),
        "{} corpus file(s) (all valid CUDA) got errors:\n{}",
        failing.len(),
        failing.concat()
    );
}

/// Valid constructs in the corpus that the parser keeps verbatim as `Item::Opaque` today
/// (file, start of the item's first line). Anything opaque beyond this list is a regression;
/// entries may be removed as the parser learns more.
const KNOWN_OPAQUE: &[(&str, &str)] = &[
    // Inline PTX (`asm volatile(...)`) in device helpers.
    (
        "warp_intrinsics_asm.cu",
        "__device__ __forceinline__ unsigned lane_id()",
    ),
    (
        "warp_intrinsics_asm.cu",
        "__device__ __forceinline__ float fast_rcp(",
    ),
    // A free operator template: operator overloads are not modelled by design.
    ("cxx_mixed.cu", "template <typename T>"),
    // Range-based for in a host function.
    ("cxx_mixed.cu", "Vec2<float> centroid("),
    ("enums_namespaces.cu", "namespace ph = physics;"),
    // `alignof` in the kernel body.
    ("literals_casts.cu", "__global__ void literal_mix("),
    (
        "seed_001_execute_with_default_args.cu",
        "template <typename... Rest",
    ),
    // `new[]` / `delete[]` in host functions.
    ("seed_002_cache_reduction.cu", "void naive_cache("),
    ("seed_002_cache_reduction.cu", "void smallest_cache("),
    ("seed_002_cache_reduction.cu", "void square_with_cache("),
    // A variadic `__device__` function (`void __enzyme_autodiff(void*, ...) {}`).
    ("seed_003_daxpy_enzyme.cu", "__device__"),
    // Unnamed function-pointer parameters.
    ("seed_003_diffef.cu", "void __enzyme_autodiff(void (*)"),
    (
        "seed_003_relu3_enzyme.cu",
        "double __enzyme_autodiff(double (*)",
    ),
    // Explicit instantiations `template __global__ void k<float, 128>(...);`.
    (
        "templated_kernels.cu",
        "template __global__ void sum_of_squares<",
    ),
    ("templated_kernels.cu", "template __global__ void axpby<"),
];

/// `(first line, reason)` of every opaque item, nested ones included.
fn opaque_items(items: &[Item], out: &mut Vec<(String, String)>) {
    for item in items {
        match item {
            Item::Opaque { text, reason, .. } => {
                let first = text.lines().next().unwrap_or("").trim().to_string();
                out.push((first, reason.clone()));
            }
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => opaque_items(items, out),
            Item::Struct(def) => {
                for member in def.members.iter().flatten() {
                    if let Member::Item(inner) = member {
                        opaque_members(inner, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Member operators and member templates are left opaque by design (cuad does not
/// differentiate through them); any other opaque member is reported.
fn opaque_members(inner: &Item, out: &mut Vec<(String, String)>) {
    const BY_DESIGN: &[&str] = &["operator overloads", "member templates"];
    if let Item::Opaque { reason, .. } = inner {
        if BY_DESIGN.iter().any(|r| reason.contains(r)) {
            return;
        }
    }
    opaque_items(std::slice::from_ref(inner), out);
}

#[test]
fn corpus_opaque_items_are_known() {
    let mut unexpected = Vec::new();
    for path in corpus_files() {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let mut sm = SourceMap::new();
        let mut diags = Diagnostics::default();
        let opts = PpOptions {
            include_dirs: vec![corpus_dir()],
            ..PpOptions::default()
        };
        let Some(tu) = cuad_syntax::parse_file(&mut sm, &path, &opts, &mut diags) else {
            unexpected.push(format!("{name}: no translation unit"));
            continue;
        };
        let mut found = Vec::new();
        opaque_items(&tu.items, &mut found);
        for (first, reason) in found {
            let known = KNOWN_OPAQUE
                .iter()
                .any(|(f, prefix)| *f == name && first.starts_with(prefix));
            if !known {
                unexpected.push(format!("{name}: `{first}` kept opaque: {reason}"));
            }
        }
    }
    assert!(
        unexpected.is_empty(),
        "valid corpus code was not parsed (kept as Item::Opaque):\n{}",
        unexpected.join("\n")
    );
}
