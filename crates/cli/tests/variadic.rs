//! Diagnostics for variadic templates cuad does not instantiate: `cuad grad` / `cuad fwd`
//! report them with file:line:col and a caret, never a panic and never code.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("cuad-variadic-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

fn cuad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cuad"))
        .args(args)
        .output()
        .expect("run cuad")
}

fn write(dir: &Path, name: &str, src: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, src).expect("write input");
    path
}

/// Runs cuad, expecting exit status 1 and no output file; returns stderr.
fn fails(args: &[&str], out: &Path) -> String {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", out.to_str().unwrap()]);
    let o = cuad(&all);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists(), "no output on error");
    err
}

const SRC: &str = "\
template <int... Ns> __device__ float scaled(float x) { return x * (Ns + ...); }
template <typename... Ts> __device__ void bump(Ts&&... vs) { ((vs += 1.0f), ...); }
template <typename... Ts> __device__ float diffs(float a, Ts... vs) { return a * (vs - ...); }
__global__ void k1(float* y, const float* x) {
  y[0] = scaled<1, 2>(x[0]);
}
__global__ void k2(float* y, const float* x) {
  float a = x[0], b = x[1];
  bump(a, b);
  y[0] = a * b;
}
__global__ void k3(float* y, const float* x) {
  y[0] = x[0] * diffs(x[1]);
}
template <typename... Ts> __global__ void kv(float* y, Ts... vs) { y[0] = (vs * ...); }
";

#[test]
fn unsupported_variadic_forms_are_diagnosed() {
    let dir = scratch("diag");
    let input = write(&dir, "vbad.cu", SRC);
    let inp = input.to_str().unwrap();
    let out = dir.join("out.cu");

    // A pack of non-type template parameters: the definition is kept as text, and its call
    // cannot be differentiated.
    let err = fails(&["grad", inp, "--fn", "k1"], &out);
    assert!(
        err.contains("vbad.cu:5:10: error: cannot differentiate the call of `scaled`: its definition is kept as written (packs of non-type template parameters (`int... Ns`) are not supported by cuad)")
            && err.contains("  y[0] = scaled<1, 2>(x[0]);\n         ^~~~~~~~~~~~~~~~~~"),
        "{err}"
    );

    // A forwarding-reference pack written through.
    let err = fails(&["grad", inp, "--fn", "k2"], &out);
    assert!(
        err.contains("vbad.cu:2:64: error: in the instance of the variadic template `bump` for a call with 2 argument(s): cuad passes a forwarding-reference pack (`Ts&&... vs`) as `const Ts&... vs`, and this function writes through it; take the pack as `Ts&... vs`")
            && err.contains("vbad.cu:9:3: error: cannot differentiate the call of `bump`"),
        "{err}"
    );

    // A fold over `-` of an empty pack has no value (C++ rejects it too), in both modes.
    for (mode, prefix) in [("grad", ""), ("fwd", "forward mode: ")] {
        let err = fails(&[mode, inp, "--fn", "k3"], &out);
        assert!(
            err.contains(&format!("vbad.cu:3:82: error: {prefix}in the instance of the variadic template `diffs` for a call with 1 argument(s): a fold over `-` of an empty pack needs an initial value"))
                && err.contains(&format!("vbad.cu:13:17: error: {prefix}cannot differentiate the call of `diffs`"))
                && err.contains("  y[0] = x[0] * diffs(x[1]);\n                ^~~~~~~~~~~"),
            "{mode}: {err}"
        );
    }

    // A variadic kernel template requested directly.
    let err = fails(&["grad", inp, "--fn", "kv<float, float>"], &out);
    assert!(
        err.contains("vbad.cu:15:43: error: `kv` is a variadic template (`typename... Ts`)")
            && err.contains("^~"),
        "{err}"
    );
}
