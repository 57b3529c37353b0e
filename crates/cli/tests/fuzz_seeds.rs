//! A fixed set of scripts/fuzz seeds: random programs whose gradients (`cuad grad`) and
//! pushforwards (`cuad fwd`) are compared with finite differences on the CPU emulation
//! (scripts/fuzz/README.md). Skipped with a note when python3 or g++ is missing.
//! CUAD_NUMERIC_JOBS sets the parallel seeds (default 2).

use std::path::Path;
use std::process::Command;

/// Seeds covering every kernel shape (one thread per element, grid-stride loops, 2-D grids,
/// shared-memory tiles with barriers and tree reductions, warp shuffles), in double and float,
/// kernel templates, pointer locals, host functions with a loop of launches, and within them
/// helpers of every kind, loops with tapes, breaks, atomics and in-place arrays; all pass.
const SEEDS: &str = "202,204,207,209,215,216,217,219,221,222,223,235,242,255,259,332,338";

fn works(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn fuzz_seeds_match_finite_differences() {
    if !works("python3") || !works("g++") {
        println!("note: python3 or g++ missing: skipping the fuzz seeds");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz");
    let jobs = std::env::var("CUAD_NUMERIC_JOBS").unwrap_or_else(|_| "2".into());
    let out = Command::new("python3")
        .arg(root.join("scripts/fuzz/run.py"))
        .args([
            "--seeds",
            SEEDS,
            "--jobs",
            &jobs,
            "--cuad",
            env!("CARGO_BIN_EXE_cuad"),
        ])
        .arg("--work")
        .arg(work.join("work"))
        .arg("--fail-dir")
        .arg(work.join("fail"))
        .output()
        .expect("python3 runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    println!("{text}");
    let seeds = SEEDS.split(',').count();
    let passes = text.matches("grad PASS (").count() + text.matches("fwd PASS (").count();
    assert!(
        out.status.success() && passes == 2 * seeds,
        "fuzz seeds: {passes} of {} outputs passed (programs and logs in {}):\n{text}",
        2 * seeds,
        work.join("fail").display()
    );
}
