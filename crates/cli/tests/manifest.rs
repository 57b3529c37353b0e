//! `cuad grad/fwd --manifest`: the JSON description of the primal and the generated function.
//! The expected values below are what the sources say (parameter types, which arrays a
//! function reads and writes), checked against the manifest's text.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn work_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cuad-manifest-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `cuad MODE FILE --fn F ARGS... --manifest M -o OUT` and returns the manifest.
fn manifest(mode: &str, file: &Path, function: &str, extra: &[&str], dir: &Path) -> String {
    let m = dir.join("m.json");
    let out = Command::new(env!("CARGO_BIN_EXE_cuad"))
        .arg(mode)
        .arg(file)
        .args(["--fn", function])
        .args(extra)
        .arg("--manifest")
        .arg(&m)
        .arg("-o")
        .arg(dir.join("out.cu"))
        .output()
        .expect("run cuad");
    assert!(
        out.status.success(),
        "cuad failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&m).expect("manifest written")
}

/// The manifest is one JSON object: brackets balance outside strings, strings are closed.
fn assert_balanced(json: &str) {
    let mut depth = Vec::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => depth.push(c),
            '}' => assert_eq!(depth.pop(), Some('{'), "{json}"),
            ']' => assert_eq!(depth.pop(), Some('['), "{json}"),
            _ => {}
        }
    }
    assert!(depth.is_empty() && !in_string, "unbalanced: {json}");
}

fn param(index: usize, name: &str, ty: &str, category: &str, element: &str, cnst: bool) -> String {
    format!(
        r#"{{"index": {index}, "name": "{name}", "type": "{ty}", "category": "{category}", "element": "{element}", "const": {cnst}"#
    )
}

#[test]
fn kernel_manifest() {
    let dir = work_dir("saxpy");
    let m = manifest(
        "grad",
        &repo().join("examples/quickstart/saxpy.cu"),
        "saxpy",
        &["--wrt", "y,x,a"],
        &dir,
    );
    assert_balanced(&m);
    assert!(m.contains(r#""mode": "grad""#), "{m}");
    assert!(m.contains(r#""kind": "kernel""#), "{m}");
    assert!(m.contains(r#""return_type": "void""#), "{m}");
    // y is read and written (in place), x only read
    let y = param(0, "y", "float*", "pointer", "float", false);
    assert!(
        m.contains(&format!(r#"{y}, "reads": true, "writes": true}}"#)),
        "{m}"
    );
    let x = param(1, "x", "const float*", "pointer", "float", true);
    assert!(
        m.contains(&format!(r#"{x}, "reads": true, "writes": false}}"#)),
        "{m}"
    );
    let a = param(2, "a", "float", "scalar", "float", false);
    assert!(m.contains(&format!("{a}}}")), "{m}");
    assert!(m.contains(r#""callee": "saxpy_grad_0_1_2""#), "{m}");
    for (index, name, primal) in [(4, "_d_y", 0), (5, "_d_x", 1), (6, "_d_a", 2)] {
        let adjoint = format!(r#""index": {index}, "name": "{name}", "#);
        let at = m
            .find(&adjoint)
            .unwrap_or_else(|| panic!("{adjoint} in {m}"));
        let rest = &m[at..m[at..].find('}').map_or(m.len(), |e| at + e)];
        assert!(
            rest.contains(&format!(r#""role": "adjoint", "primal": {primal}"#)),
            "{rest}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn host_function_follows_launches_and_copies() {
    let dir = work_dir("host");
    let src = dir.join("host.cu");
    std::fs::write(
        &src,
        r#"
typedef double real;
namespace ops {
__global__ void scale(real* out, const real* in, real s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i];
}
__device__ void put(real* p, real v) { *p = v; }
__global__ void fill(real* dst, real* src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) put(&dst[i], src[i] * src[i]);
}
void run(real* out, real* in, real* tmp, real* alias, real s, long n, real* other) {
  cudaMemcpy(tmp, in, sizeof(real) * n, cudaMemcpyDeviceToDevice);
  scale<<<(n + 255) / 256, 256>>>(out, tmp, s, n);
  fill<<<(n + 255) / 256, 256>>>(tmp + 1, in, n - 1);
  real* q = alias;
  q[0] = 0;
  real* r = other;
  if (n > 2) r = nullptr;
  if (r) r[0] = 1;
}
}
"#,
    )
    .expect("write source");
    let m = manifest("grad", &src, "ops::run", &["--wrt", "out,in,tmp,s"], &dir);
    assert_balanced(&m);
    assert!(m.contains(r#""qualified_name": "ops::run""#), "{m}");
    assert!(m.contains(r#""kind": "host""#), "{m}");
    let expect = [
        // written by `scale`, never read
        (0, "out", false, true),
        // copied from and read by `fill` (a non-const pointer only read)
        (1, "in", true, false),
        // written by the copy and by `fill` through `put`, read by `scale`
        (2, "tmp", true, true),
        // copied into a local that only ever points into it: written through the local
        (3, "alias", false, true),
        // copied into a local also pointed elsewhere: cuad does not follow it, so both
        (6, "other", true, true),
    ];
    for (index, name, reads, writes) in expect {
        let p = param(index, name, "real*", "pointer", "double", false);
        let want = format!(r#"{p}, "reads": {reads}, "writes": {writes}}}"#);
        assert!(m.contains(&want), "{want} in {m}");
    }
    let s = param(4, "s", "real", "scalar", "double", false);
    assert!(m.contains(&format!("{s}}}")), "{m}");
    let n = param(5, "n", "long", "scalar", "long", false);
    assert!(m.contains(&format!("{n}}}")), "{m}");
    assert!(m.contains(r#""callee": "ops::run_grad_0_1_2_4""#), "{m}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn forward_mode_and_templates() {
    let dir = work_dir("fwd");
    let src = dir.join("t.cu");
    std::fs::write(
        &src,
        r#"
template <typename T, int K>
__global__ void axpy(T* y, const T* x, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + K * y[i];
}
"#,
    )
    .expect("write source");
    let m = manifest("fwd", &src, "axpy<double, 2>", &[], &dir);
    assert_balanced(&m);
    assert!(m.contains(r#""mode": "fwd""#), "{m}");
    assert!(m.contains(r#""template_args": "double, 2""#), "{m}");
    assert!(
        m.contains(r#""callee": "axpy_pushforward<double, 2>""#),
        "{m}"
    );
    let x = param(1, "x", "const double*", "pointer", "double", true);
    assert!(
        m.contains(&format!(r#"{x}, "reads": true, "writes": false}}"#)),
        "{m}"
    );
    assert!(
        m.contains(r#""name": "_d_x", "type": "const double*", "role": "tangent", "primal": 1"#),
        "{m}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn manifest_never_overwrites_the_input() {
    let dir = work_dir("overwrite");
    let src = dir.join("k.cu");
    let text = "__global__ void k(float* y) { y[threadIdx.x] *= 2.0f; }\n";
    std::fs::write(&src, text).expect("write source");
    let out = Command::new(env!("CARGO_BIN_EXE_cuad"))
        .args(["grad"])
        .arg(&src)
        .args(["--fn", "k", "--manifest"])
        .arg(&src)
        .arg("-o")
        .arg(dir.join("out.cu"))
        .output()
        .expect("run cuad");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("refusing to overwrite"));
    assert_eq!(std::fs::read_to_string(&src).expect("input"), text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn calls_are_followed_and_recursion_is_conservative() {
    let dir = work_dir("calls");
    let src = dir.join("calls.cu");
    std::fs::write(
        &src,
        r#"
__device__ float load(const float* p, int i) { return p[i]; }
__device__ void store(float* p, int i, float v) { p[i] = v; }
__device__ void relay(float* p, int i, float v) { store(p, i, v); store(p, i + 1, v); }
__device__ float walk(float* p, int k) { return k > 0 ? walk(p, k - 1) : p[0]; }
__global__ void k(float* out, float* in, float* rec, float* atom, float* via_lambda, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    relay(out, 2 * i, load(in, i));
    float w = walk(rec, 3);
    atomicAdd(&atom[0], w);
    auto f = [&](float v) { via_lambda[i] = v; };
    f(w);
  }
}
"#,
    )
    .expect("write source");
    let m = manifest("grad", &src, "k", &["--wrt", "out,in"], &dir);
    assert_balanced(&m);
    let expect = [
        (0, "out", false, true),
        (1, "in", true, false),
        // recursion: not followed, so both
        (2, "rec", true, true),
        (3, "atom", true, true),
        (4, "via_lambda", true, true),
    ];
    for (index, name, reads, writes) in expect {
        let p = param(index, name, "float*", "pointer", "float", false);
        let want = format!(r#"{p}, "reads": {reads}, "writes": {writes}}}"#);
        assert!(m.contains(&want), "{want} in {m}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn writes_through_references_and_methods_count() {
    let dir = work_dir("refs");
    let src = dir.join("refs.cu");
    std::fs::write(
        &src,
        r#"
struct V { float x; __device__ void twice() { x = 2.0f * x; } };
__device__ void bump(float& r, float v) { r += v; }
__device__ float peek(const float& r) { return r; }
__global__ void k2(float* out, float* in, float* viaref, float* viacall, float* swapped, V* vs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float& r = viaref[i];
    r = sinf(in[i]) + peek(in[i]);
    bump(viacall[i], 1.0f);
    std::swap(swapped[i], swapped[i + 1]);
    vs[i].twice();
    out[i] = in[i];
  }
}
"#,
    )
    .expect("write source");
    let m = manifest("grad", &src, "k2", &["--wrt", "out,in"], &dir);
    assert_balanced(&m);
    let expect = [
        (0, "out", "float", false, true),
        // a library function and a const reference only read it
        (1, "in", "float", true, false),
        (2, "viaref", "float", true, true),
        (3, "viacall", "float", true, true),
        (4, "swapped", "float", true, true),
        (5, "vs", "V", true, true),
    ];
    for (index, name, element, reads, writes) in expect {
        let p = param(
            index,
            name,
            &format!("{element}*"),
            "pointer",
            element,
            false,
        );
        let want = format!(r#"{p}, "reads": {reads}, "writes": {writes}}}"#);
        assert!(m.contains(&want), "{want} in {m}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
