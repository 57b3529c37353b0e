//! `Build::compile_ptx` with the repository's pinned nvcc (<repo>/.venv-nvcc/nvcc, see
//! scripts/setup-nvcc.sh, or `CUAD_NVCC`): the constants of the Rust file it writes are
//! `.entry` names of the PTX. Skipped, with a note, when nvcc is missing.

use std::path::{Path, PathBuf};

fn nvcc() -> Option<PathBuf> {
    match std::env::var("CUAD_NVCC") {
        Ok(v) if v == "0" || v.is_empty() => None,
        Ok(v) => Some(PathBuf::from(v)),
        Err(_) => {
            let wrapper = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.venv-nvcc/nvcc");
            wrapper.is_file().then_some(wrapper)
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cuad-build-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

const KERNELS: &str = r#"#include "square.h"
namespace phys {
__global__ void step(int n, float dt, const float* v, float* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += dt * square(v[i]);
}
}
__global__ void scale(float* y, float a) { y[threadIdx.x] *= a; }
__global__ void scale(double* y, double a) { y[threadIdx.x] *= a; }
namespace ops {
template <typename T, int N>
__global__ void tscale(T* y, T a) {
  int i = threadIdx.x;
  if (i < N) y[i] = a * y[i] * y[i];
}
template __global__ void tscale<float, 4>(float*, float);
template __global__ void tscale<double, 4>(double*, double);
}
"#;

/// The `pub const NAME: &str = "VALUE";` lines of a Rust file, `PTX` aside.
fn constants(rust: &str) -> Vec<(String, String)> {
    rust.lines()
        .filter_map(|l| l.strip_prefix("pub const "))
        .filter_map(|l| {
            let (name, value) = l.split_once(": &str = \"")?;
            Some((name.to_string(), value.strip_suffix("\";")?.to_string()))
        })
        .collect()
}

#[test]
fn entry_constants_are_ptx_entries() {
    let Some(nvcc) = nvcc() else {
        println!("note: nvcc not found (scripts/setup-nvcc.sh or CUAD_NVCC): test skipped");
        return;
    };
    let dir = scratch("ptx");
    std::fs::write(
        dir.join("square.h"),
        "__device__ inline float square(float v) { return v * v; }\n",
    )
    .expect("write header");
    std::fs::write(dir.join("k.cu"), KERNELS).expect("write kernels");
    let out = dir.join("out");
    let built = cuad_build::Build::new()
        .file(dir.join("k.cu"))
        .grad("phys::step", &["dt", "v", "x"])
        .fwd("phys::step", &["v", "x"])
        .grad("ops::tscale<float, 4>", &[])
        .arch("sm_90")
        .nvcc(&nvcc)
        .out_dir(&out)
        .cargo_metadata(false)
        .compile_ptx("k")
        .unwrap_or_else(|e| panic!("{e}"));
    let ptx = std::fs::read_to_string(&built.ptx).expect("read ptx");
    let rust = std::fs::read_to_string(&built.rust).expect("read rust file");
    let entries: Vec<&str> = ptx
        .lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|rest| rest.split('(').next().unwrap_or(rest).trim())
        .collect();
    let consts = constants(&rust);
    let mut names: Vec<&str> = consts.iter().map(|(n, _)| n.as_str()).collect();
    names.sort();
    // The two instances of `ops::tscale` differ by their mangled template arguments.
    let (instances, names): (Vec<&str>, Vec<&str>) = names
        .into_iter()
        .partition(|n| n.starts_with("OPS__TSCALE__I"));
    assert_eq!(instances.len(), 2, "{rust}");
    assert_eq!(
        names,
        [
            "OPS__TSCALE_GRAD",
            "PHYS__STEP",
            "PHYS__STEP_GRAD_1_2_3",
            "PHYS__STEP_PUSHFORWARD_2_3",
            "SCALE__PDD",
            "SCALE__PFF"
        ],
        "{rust}"
    );
    for (name, value) in &consts {
        assert!(
            entries.contains(&value.as_str()),
            "{name} = {value} not in {entries:?}"
        );
    }
    assert_eq!(entries.len(), consts.len(), "{entries:?}");
    // The generated kernels are the ones asked for, in order.
    let generated: Vec<&str> = built
        .generated
        .iter()
        .map(|g| g.function.as_str())
        .collect();
    assert_eq!(
        generated,
        [
            "phys::step_grad_1_2_3",
            "phys::step_pushforward_2_3",
            "ops::tscale_grad"
        ]
    );
    assert!(rust.contains(&format!(
        "include_str!({:?})",
        built.ptx.display().to_string()
    )));
    compiles_as_rust(&built.rust);
}

/// The Rust file compiles (as a module of a library, as users `include!` it).
fn compiles_as_rust(rust: &Path) {
    let dir = rust.parent().expect("the out dir");
    let lib = dir.join("lib.rs");
    std::fs::write(
        &lib,
        format!("include!({:?});\n", rust.display().to_string()),
    )
    .expect("write lib.rs");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = std::process::Command::new(rustc)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--emit",
            "metadata",
            "-o",
        ])
        .arg(dir.join("libkernels.rmeta"))
        .arg(&lib)
        .output()
        .expect("run rustc");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn differentiation_errors_carry_their_location() {
    let dir = scratch("bad");
    let file = dir.join("bad.cu");
    std::fs::write(&file, "__global__ void k(float* x) { x[0] = 1.0f; }\n").expect("write");
    let e = cuad_build::Build::new()
        .file(&file)
        .grad("k", &["y"])
        .out_dir(dir.join("out"))
        .cargo_metadata(false)
        .compile_ptx("bad")
        .expect_err("no parameter y");
    assert!(
        e.to_string().contains(&format!("{}:1:", file.display())),
        "{e}"
    );
    assert!(e.to_string().contains('^'), "{e}");
}
