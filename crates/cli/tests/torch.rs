//! The PyTorch integration's tests that need neither torch nor a GPU (integrations/torch/tests):
//! `test_build.py` (manifests, argument checks, the wrappers compiled with `nvcc -shared` and
//! loaded through ctypes) and `test_autograd_stub.py` (forward and backward against a stand-in
//! for torch). Need python3; the link tests need the pinned nvcc (scripts/setup-nvcc.sh, or
//! CUAD_NVCC=path) and are skipped without it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs a unittest script with this build's cuad; `None` when python3 is missing.
fn run_script(name: &str, nvcc: Option<PathBuf>) {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("note: python3 not found: integrations/torch/tests/{name} skipped");
        return;
    }
    let mut cmd = Command::new("python3");
    cmd.arg(repo().join("integrations/torch/tests").join(name))
        .env("CUAD", env!("CARGO_BIN_EXE_cuad"))
        // `0`: skip what needs nvcc rather than find another one on PATH
        .env("NVCC", nvcc.unwrap_or_else(|| PathBuf::from("0")));
    let out = cmd.output().expect("run python3");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{}\n{log}",
        String::from_utf8_lossy(&out.stdout)
    );
    // unittest reports on stderr: make sure tests ran
    assert!(log.contains("Ran ") && log.contains("\nOK"), "{log}");
}

#[test]
fn torch_wrappers_build_and_link() {
    let nvcc = match std::env::var("CUAD_NVCC") {
        Ok(v) if v == "0" || v.is_empty() => None,
        Ok(v) => Some(PathBuf::from(v)),
        Err(_) => Some(repo().join(".venv-nvcc/nvcc")).filter(|p| p.is_file()),
    };
    if nvcc.is_none() {
        eprintln!("note: pinned nvcc missing: the torch wrappers' link tests are skipped");
    }
    run_script("test_build.py", nvcc);
}

#[test]
fn torch_autograd_against_a_stand_in() {
    run_script("test_autograd_stub.py", None);
}
