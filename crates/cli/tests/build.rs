//! End-to-end tests of `cuad build`: the output is compiled with g++ against the CPU emulation
//! of CUDA (include/cuad_cpu.h) and run; its numbers are checked against values derived by
//! hand. When the pinned nvcc (<repo>/.venv-nvcc/nvcc, scripts/setup-nvcc.sh) is there, the
//! outputs are also compiled with it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cuad-build-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn cuad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cuad"))
        .args(args)
        .output()
        .expect("run cuad")
}

/// `cuad build input -o output`, asserting success.
fn build_ok(input: &Path, output: &Path) -> String {
    let out = cuad(&["build", path_str(input), "-o", path_str(output)]);
    assert!(
        out.status.success(),
        "cuad build {} failed:\n{}",
        input.display(),
        text(&out.stderr)
    );
    let generated = std::fs::read_to_string(output).expect("output written");
    assert!(
        !generated
            .lines()
            .any(|l| l.trim_start().starts_with("#include")
                && (l.contains("clad/Differentiator") || l.contains("cuad/cuad.h"))),
        "the API header must be inlined, not included"
    );
    generated
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// Rewrites `k<<<cfg>>>(args)` into `cuad_cpu::launch(k, cuad_cpu::config(cfg), args)`, the
/// form the CPU emulation runs (see include/cuad_cpu.h).
fn rewrite_launches(src: &str) -> String {
    let mut out = String::new();
    let mut rest = src;
    while let Some(open) = rest.find("<<<") {
        let before = &rest[..open];
        let callee_start = callee_start(before);
        let Some(close) = rest[open..].find(">>>").map(|c| open + c) else {
            break;
        };
        let after = rest[close + 3..].trim_start();
        let skipped = rest.len() - after.len();
        let args_end = matching_paren(after).expect("launch arguments");
        let args = after[1..args_end].trim();
        out.push_str(&before[..callee_start]);
        out.push_str(&format!(
            "cuad_cpu::launch({}, cuad_cpu::config({}){}{})",
            before[callee_start..].trim(),
            &rest[open + 3..close],
            if args.is_empty() { "" } else { ", " },
            args
        ));
        rest = &rest[skipped + args_end + 1..];
    }
    out.push_str(rest);
    out
}

/// `extern __shared__ T name[];` -> a pointer to the block's dynamic shared memory in the
/// CPU emulation (as tests/grad's harness does).
fn rewrite_extern_shared(src: &str) -> String {
    let mut out = String::new();
    let mut rest = src;
    while let Some(at) = rest.find("extern __shared__ ") {
        let decl = &rest[at + "extern __shared__ ".len()..];
        let Some(end) = decl.find(';') else { break };
        let words: Vec<&str> = decl[..end].split_whitespace().collect();
        let (Some(name), true) = (
            words.last().and_then(|w| w.strip_suffix("[]")),
            words.len() >= 2,
        ) else {
            out.push_str(&rest[..at + 1]);
            rest = &rest[at + 1..];
            continue;
        };
        let ty = words[..words.len() - 1].join(" ");
        out.push_str(&rest[..at]);
        out.push_str(&format!(
            "{ty}* const {name} = reinterpret_cast<{ty}*>(cuad_cpu::dynamic_shared());"
        ));
        rest = &decl[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Start of the kernel expression before `<<<`: a name with `::` and template arguments.
fn callee_start(before: &str) -> usize {
    let bytes = before.as_bytes();
    let mut i = before.trim_end().len();
    let mut depth = 0;
    while i > 0 {
        let c = bytes[i - 1];
        match c {
            b'>' => depth += 1,
            b'<' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b':' => {}
            _ => break,
        }
        i -= 1;
    }
    i
}

/// Index of the `)` matching the `(` that `s` starts with.
fn matching_paren(s: &str) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Compiles a `cuad build` output with g++ and the CPU emulation header, and runs it.
fn run_on_cpu(cu: &Path, args: &[&str]) -> Output {
    run_on_cpu_with(cu, args, None)
}

/// `run_on_cpu` with the folder of the program's own `#include "..."` files.
fn run_on_cpu_with(cu: &Path, args: &[&str], include: Option<&Path>) -> Output {
    let cpp = cu.with_extension("cpu.cpp");
    let src = std::fs::read_to_string(cu).expect("read output");
    std::fs::write(&cpp, rewrite_extern_shared(&rewrite_launches(&src))).expect("write cpu source");
    let exe = cu.with_extension("cpu.exe");
    let emulation = repo().join("include/cuad_cpu.h");
    // Empty stand-ins for the CUDA headers a program may include: cuad_cpu.h provides them.
    let shims = cu.with_extension("shims");
    std::fs::create_dir_all(&shims).expect("create shim dir");
    for name in ["cuda.h", "cuda_runtime.h", "cuda_runtime_api.h"] {
        std::fs::write(shims.join(name), "#pragma once\n").expect("write shim");
    }
    let compile = Command::new("g++")
        .args([
            "-std=c++17",
            "-O1",
            "-pthread",
            "-w",
            "-include",
            path_str(&emulation),
        ])
        .args(include_args(include))
        .arg(format!("-I{}", path_str(&shims)))
        .args(["-x", "c++", path_str(&cpp), "-o", path_str(&exe)])
        .output()
        .expect("run g++");
    assert!(
        compile.status.success(),
        "g++ failed on {}:\n{}",
        cpp.display(),
        text(&compile.stderr)
    );
    Command::new(&exe).args(args).output().expect("run program")
}

/// `-I` options for a program's own folder of includes: that folder and cuad's API headers
/// (which its includes may include, as `nvcc -I"$(cuad --include-dir)"` finds them).
fn include_args(include: Option<&Path>) -> Vec<String> {
    include
        .map(|dir| [dir.to_path_buf(), repo().join("include")])
        .into_iter()
        .flatten()
        .map(|dir| format!("-I{}", path_str(&dir)))
        .collect()
}

/// Compiles with the pinned nvcc when it is installed (compile only: no GPU here).
fn nvcc_compiles(cu: &Path) {
    nvcc_compiles_with(cu, None)
}

fn nvcc_compiles_with(cu: &Path, include: Option<&Path>) {
    let nvcc = repo().join(".venv-nvcc/nvcc");
    if !nvcc.exists() {
        eprintln!(
            "note: {} missing, nvcc check skipped (scripts/setup-nvcc.sh)",
            nvcc.display()
        );
        return;
    }
    let obj = cu.with_extension("o");
    let out = Command::new(&nvcc)
        .args([
            "-std=c++17",
            "-arch=sm_90",
            "-c",
            path_str(cu),
            "-o",
            path_str(&obj),
        ])
        .args(include_args(include))
        .output()
        .expect("run nvcc");
    assert!(
        out.status.success(),
        "nvcc failed on {}:\n{}",
        cu.display(),
        text(&out.stderr)
    );
}

fn write(dir: &Path, name: &str, src: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, src).expect("write input");
    path
}

#[test]
fn include_dir_holds_the_api_headers() {
    let out = cuad(&["--include-dir"]);
    assert!(out.status.success());
    let dir = PathBuf::from(text(&out.stdout).trim());
    assert!(dir.join("clad/Differentiator/Differentiator.h").is_file());
    assert!(dir.join("cuad/cuad.h").is_file());
}

#[test]
fn rewrites_kernel_launches_for_the_emulation() {
    assert_eq!(
        rewrite_launches("  k<<<g, b>>>(x, f(y));\n ns::t<float><<<1, 2, 0, s>>>();"),
        "  cuad_cpu::launch(k, cuad_cpu::config(g, b), x, f(y));\n \
         cuad_cpu::launch(ns::t<float>, cuad_cpu::config(1, 2, 0, s));"
    );
}

/// Clad's Thrust tests (vgvassilev/clad test/CUDA/Thrust*.cu) differentiate w.r.t.
/// `thrust::device_vector` parameters through thrust's algorithms, which cuad does not support:
/// each request is refused at the container parameter, none dropped silently (a request for
/// every parameter would otherwise leave the containers out). Clad's thrust header is there
/// by name, so such programs reach these diagnostics.
#[test]
fn container_requests_are_diagnosed() {
    let dir = scratch("thrust");
    let input = write(
        &dir,
        "thrust.cu",
        "#include \"clad/Differentiator/Differentiator.h\"\n\
         #include \"clad/Differentiator/ThrustDerivatives.h\"\n\
         #include <thrust/device_vector.h>\n\
         #include <thrust/copy.h>\n\
         #include <thrust/reduce.h>\n\
         #include <vector>\n\
         void copy(const thrust::device_vector<double>& src, thrust::device_vector<double>& dst) {\n\
         \x20 thrust::copy(src.begin(), src.end(), dst.begin());\n\
         }\n\
         double scaled_sum(double s, const thrust::device_vector<double>& vec) {\n\
         \x20 return s * thrust::reduce(vec.begin(), vec.end(), 0.0, thrust::plus<double>());\n\
         }\n\
         double norm2(const std::vector<float>& v) { return v[0] * v[0]; }\n\
         int main() {\n\
         \x20 auto a = clad::gradient(copy);\n\
         \x20 auto b = clad::gradient(scaled_sum);\n\
         \x20 auto c = clad::gradient(scaled_sum, \"vec\");\n\
         \x20 auto d = clad::gradient(norm2);\n\
         }\n",
    );
    let output = dir.join("thrust_out.cu");
    let out = cuad(&["build", path_str(&input), "-o", path_str(&output)]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!output.exists(), "no output after errors");
    for (at, what) in [
        (
            "thrust.cu:7:11",
            "parameter `src` of `copy` is a `thrust::device_vector`",
        ),
        (
            "thrust.cu:10:29",
            "parameter `vec` of `scaled_sum` is a `thrust::device_vector`",
        ),
        (
            "thrust.cu:13:14",
            "parameter `v` of `norm2` is a `std::vector`",
        ),
    ] {
        assert!(
            err.contains(&format!("{at}: error: {what}")),
            "{at}:\n{err}"
        );
    }
    assert_eq!(err.matches("scaled_sum` is a").count(), 2, "{err}");
    assert!(err.contains("^~~~"), "a caret under the parameter:\n{err}");
}

#[test]
fn unsupported_requests_are_diagnosed() {
    let dir = scratch("unsupported");
    let input = write(
        &dir,
        "bad.cu",
        "#include \"clad/Differentiator/Differentiator.h\"\n\
         double f(double x, double* arr) { return x * arr[1]; }\n\
         int main() {\n\
         \x20 auto h = clad::estimate_error(f);\n\
         \x20 auto g = clad::gradient(f, \"x, arr[1]\");\n\
         \x20 auto k = clad::gradient(f, \"x, x\");\n\
         \x20 auto n = clad::gradient(f, 7);\n\
         }\n",
    );
    let output = dir.join("bad_out.cu");
    let out = cuad(&["build", path_str(&input), "-o", path_str(&output)]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!output.exists(), "no output after errors");
    assert!(err.contains("bad.cu:4:"), "{err}");
    assert!(
        err.contains("`clad::estimate_error` is not supported by cuad yet"),
        "{err}"
    );
    assert!(
        err.contains("bad.cu:5:34: error: array ranges (`arr[1]`) are not supported"),
        "{err}"
    );
    assert!(err.contains("requested twice"), "{err}");
    assert!(err.contains("index 7 is out of range"), "{err}");
}

/// What `clad::jacobian` and `clad::hessian` cannot do is an error at the request: kernels,
/// outputs or array inputs of unknown size, non-void Jacobian targets, inputs the function
/// writes, Hessians w.r.t. arrays or of functions not returning a real number.
#[test]
fn jacobian_and_hessian_limits_are_diagnosed() {
    let dir = scratch("matrix_bad");
    let input = write(
        &dir,
        "mbad.cu",
        "#include \"clad/Differentiator/Differentiator.h\"\n\
         __global__ void k(double x, double* out) { out[0] = x; }\n\
         void loop(int n, double x, double* out) { for (int i = 0; i < n; ++i) out[i] = x * i; }\n\
         void any(double* in, double* out) { int i = 1; out[0] = in[i]; }\n\
         void scale(double* in, double* out) { in[0] *= 2; out[0] = in[0]; }\n\
         double ret(double x, double* out) { out[0] = x; return x; }\n\
         double sum(double x, double* arr) { return x * arr[0] + arr[1]; }\n\
         void none(double x, double y) {} double var(double* v, int i) { return v[i] * v[0]; }\n\
         int main() {\n\
         \x20 auto a = clad::jacobian(k);\n\
         \x20 auto b = clad::jacobian(loop);\n\
         \x20 auto c = clad::jacobian(any);\n\
         \x20 auto d = clad::jacobian(scale);\n\
         \x20 auto e = clad::jacobian(ret);\n\
         \x20 auto f = clad::hessian(sum, \"arr\");\n\
         \x20 auto g = clad::hessian(sum, \"x, arr[0:2]\");\n\
         \x20 auto h = clad::hessian(none);\n\
         \x20 auto i = clad::hessian(k);\n\
         \x20 auto j = clad::gradient(sum, \"arr[0:1]\");\n\
         \x20 auto l = clad::hessian(var, \"v[0:1]\");\n\
         }\n",
    );
    let out = cuad(&["build", path_str(&input), "-o", path_str(&dir.join("o.cu"))]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    for expected in [
        "mbad.cu:10:12: error: `k` is a kernel: `clad::jacobian` takes host or `__device__` functions",
        "mbad.cu:11:12: error: `clad::jacobian`: cuad cannot tell how many entries `loop` writes to `out`",
        "mbad.cu:12:12: error: `clad::jacobian`: cuad cannot tell how many entries of `in` `any` reads",
        "mbad.cu:13:12: error: `clad::jacobian`: `scale` writes to `in`, which is not its output",
        "mbad.cu:14:12: error: `clad::jacobian` needs a `void` function",
        "mbad.cu:15:12: error: `clad::hessian` w.r.t. `arr`: cuad computes Hessians w.r.t. real scalar parameters and ranges of arrays of reals (`arr` is `double*`); list a range of its entries, e.g. `arr[0:1]`",
        "mbad.cu:16:12: error: `clad::hessian`: the range `arr[0:2]` is not within the 2 entries of `arr` (ranges are inclusive)",
        "mbad.cu:17:12: error: `clad::hessian` needs a function returning a real number; `none` returns `void`",
        "mbad.cu:18:12: error: `k` is a kernel: `clad::hessian` takes host or `__device__` functions",
        "mbad.cu:19:32: error: array ranges (`arr[0:1]`) are only supported by `clad::hessian` in cuad",
        "mbad.cu:20:12: error: `clad::hessian`: cuad cannot tell how many entries of `v` `var` reads",
    ] {
        assert!(err.contains(expected), "missing `{expected}` in:\n{err}");
    }
    assert!(!dir.join("o.cu").exists(), "no output after errors");
}

/// `clad::differentiate(f, "x")` (forward mode, Clad's `f_darg0`): `execute(args...)` returns
/// d f / d x, compared with the exact derivatives; by name, by index, for a function of one
/// parameter, through called functions, loops and a namespace; `getCode()` has the code.
#[test]
fn differentiate_requests_run() {
    let program = r#"#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
double f(double x, double y) { return x * x * y + sin(y); }
float cube(float t) { return t * t * t; }
namespace ns {
double power(double a, int n) {
  double r = 1;
  for (int i = 0; i < n; ++i) r = r * a;
  return r;
}
}
__host__ __device__ double inner(double u) { return exp(u) / (1.0 + u * u); }
template <typename T> T tsq(T x, T y) { return x * x * y; }
double outer(double u, double v) { return inner(u * v) + v; }
int main() {
  auto dx = clad::differentiate(f, "x");
  auto dy = clad::differentiate(f, 1);
  auto dc = clad::differentiate(cube);
  auto dp = clad::differentiate(ns::power, "a");
  auto du = clad::differentiate(outer, "u");
  auto dtd = clad::differentiate(tsq<double>, "x");
  auto dtf = clad::differentiate(tsq<float>, "y");
  printf("%.9f %.9f %.9f %.9f %.9f\n", dx.execute(3.0, 2.0), dy.execute(3.0, 2.0),
         dc.execute(2.0f), dp.execute(1.5, 4), du.execute(0.5, 0.8));
  printf("%.9f %.9f\n", dtd.execute(3.0, 5.0), dtf.execute(1.5f, 4.0f));
  printf("%s\n", dx.getCode()[0] != '<' ? "code" : "no code");
  return 0;
}
"#;
    let (stdout, _) = build_and_run("differentiate", program);
    let w: f64 = 0.5 * 0.8;
    let inner_prime = (w.exp() * (1.0 + w * w) - w.exp() * 2.0 * w) / (1.0 + w * w).powi(2);
    let expected = [
        2.0 * 3.0 * 2.0,
        9.0 + 2.0f64.cos(),
        3.0 * 4.0,
        4.0 * 1.5f64.powi(3),
        inner_prime * 0.8,
        2.0 * 3.0 * 5.0,
        1.5 * 1.5,
    ];
    assert_close(&numbers(&stdout), &expected, 1e-6, "clad::differentiate");
    assert!(stdout.ends_with("code\n"), "{stdout}");

    let dir = scratch("differentiate_bad");
    let input = write(
        &dir,
        "dbad.cu",
        "#include \"clad/Differentiator/Differentiator.h\"\n\
         double f(double x, double* arr) { return x * arr[1]; }\n\
         __global__ void k(float* x) { x[0] *= 2; }\n\
         int main() {\n\
         \x20 auto a = clad::differentiate(f, \"arr[1]\");\n\
         \x20 auto b = clad::differentiate(f, \"x, arr\");\n\
         \x20 auto c = clad::differentiate(f);\n\
         \x20 auto d = clad::differentiate(k, \"x\");\n\
         \x20 auto e = clad::jacobian(f);\n\
         }\n",
    );
    let out = cuad(&["build", path_str(&input), "-o", path_str(&dir.join("o.cu"))]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("dbad.cu:5:"), "{err}");
    assert!(
        err.contains("dbad.cu:6:12: error: `clad::differentiate` takes one parameter"),
        "{err}"
    );
    assert!(
        err.contains("dbad.cu:7:12: error: `clad::differentiate` needs the parameter"),
        "{err}"
    );
    assert!(
        err.contains("dbad.cu:8:12: error: `k` is a kernel"),
        "{err}"
    );
    assert!(
        err.contains("dbad.cu:9:12: error: `clad::jacobian` needs a `void` function that writes its outputs to its last parameter; `f` returns `double`"),
        "{err}"
    );
}

/// Requests written in macros (Clad's tests do: `#define TEST(F, ...) { auto g =
/// clad::gradient(F); ... }`): the invocations are expanded in place, so they run; an
/// invocation over several lines keeps its line count, so later diagnostics point at the
/// right line.
#[test]
fn requests_in_macros_run() {
    let program = "#include <cstdio>\n\
         #include <cuad/cuad.h>\n\
         #define GRAD(f) cuad::gradient(f)\n\
         #define CHECK(f, x) { auto g = GRAD(f); double d = 0; g.execute(x, &d); printf(\"%g\\n\", d); }\n\
         double sq(double x) { return x * x; }\n\
         double cube(double x) { return x * x * x; }\n\
         int main() {\n\
         \x20 auto g = GRAD(sq); double d = 0; g.execute(3.0, &d); printf(\"%g\\n\", d);\n\
         \x20 CHECK(cube,\n\
         \x20       2.0);\n\
         \x20 CHECK(sq, 1.5);\n\
         }\n";
    let (stdout, _) = build_and_run("macro_requests", program);
    assert_eq!(stdout, "6\n12\n3\n");

    let dir = scratch("macro");
    let bad = program.replace("  CHECK(sq, 1.5);", "  auto h = clad::estimate_error(sq);");
    let input = write(&dir, "macro.cu", &bad);
    let out = cuad(&["build", path_str(&input), "-o", path_str(&dir.join("o.cu"))]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("macro.cu:11:") && err.contains("`clad::estimate_error` is not supported"),
        "{err}"
    );
}

#[test]
fn program_without_requests_gets_the_header_inlined() {
    let dir = scratch("plain");
    let input = write(
        &dir,
        "plain.cu",
        "#include <cstdio>\n#include \"clad/Differentiator/Differentiator.h\"\n\
         __global__ void twice(float* x) { x[threadIdx.x] *= 2.0f; }\n\
         int main() {\n\
         \x20 float* d; float h[4] = {1, 2, 3, 4};\n\
         \x20 cudaMalloc(&d, sizeof h); cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);\n\
         \x20 twice<<<1, 4>>>(d);\n\
         \x20 cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n\
         \x20 std::printf(\"%g %g %g %g\\n\", h[0], h[1], h[2], h[3]);\n\
         }\n",
    );
    let output = dir.join("plain_out.cu");
    let generated = build_ok(&input, &output);
    assert!(generated.contains("using namespace ::cuad;"));
    let run = run_on_cpu(&output, &[]);
    assert_eq!(text(&run.stdout), "2 4 6 8\n");
    nvcc_compiles(&output);
}

const KERNEL_PROGRAM: &str = r#"#include <cstdio>
#include <cstring>
#include "clad/Differentiator/Differentiator.h"

__global__ void scale(float* out, const float* in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = a * in[i] * in[i];
  }
}

double product(double x, double y) { return x * y * y; }

int main() {
  const int n = 8;
  float h_in[n], h_seed[n];
  for (int i = 0; i < n; ++i) { h_in[i] = 0.5f * i; h_seed[i] = 1.0f + i; }
  float *in, *out, *d_in, *d_out, *d_a;
  cudaMalloc(&in, sizeof h_in); cudaMalloc(&out, sizeof h_in);
  cudaMalloc(&d_in, sizeof h_in); cudaMalloc(&d_out, sizeof h_in); cudaMalloc(&d_a, sizeof(float));
  cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  for (int form = 0; form < 2; ++form) {
    auto g = clad::gradient(scale, "out, in, a");
    cudaMemcpy(d_out, h_seed, sizeof h_seed, cudaMemcpyHostToDevice);
    cudaMemset(d_in, 0, sizeof h_in);
    cudaMemset(d_a, 0, sizeof(float));
    if (form == 0) {
      g.execute_kernel(dim3(2), dim3(4), out, in, 3.0f, n, d_out, d_in, d_a);
    } else {
      cudaStream_t stream;
      cudaStreamCreate(&stream);
      g.execute_kernel(dim3(1), dim3(8), 0, stream, out, in, 3.0f, n, d_out, d_in, d_a);
    }
    float h_d_in[n], h_d_a;
    cudaMemcpy(h_d_in, d_in, sizeof h_d_in, cudaMemcpyDeviceToHost);
    cudaMemcpy(&h_d_a, d_a, sizeof h_d_a, cudaMemcpyDeviceToHost);
    printf("form %d: d_in[3] = %g, d_in[7] = %g, d_a = %g\n", form, h_d_in[3], h_d_in[7], h_d_a);
  }
  auto k = cuad::gradient(scale, "0, 1, 2");
  auto same = cuad::gradient(scale, "a,out, in");
  k.execute(out, in, 3.0f, n, d_out, d_in, d_a);
  printf("code %s\n", std::strcmp(k.getCode(), "<invalid>") != 0 && std::strlen(k.getCode()) > 0 ? "present" : "missing");
  printf("same function: %s\n", same.getFunctionPtr() == k.getFunctionPtr() ? "yes" : "no");

  auto h = clad::gradient(product, "x,y");
  double dx = 0, dy = 0;
  h.execute(2.0, 3.0, &dx, &dy);
  printf("dx = %g, dy = %g\n", dx, dy);
  h.execute_kernel(dim3(1), dim3(1), 2.0, 3.0, &dx, &dy);
  return 0;
}
"#;

#[test]
fn kernel_and_host_requests_run() {
    let dir = scratch("kernel");
    let input = write(&dir, "kernel.cu", KERNEL_PROGRAM);
    let output = dir.join("kernel_out.cu");
    build_ok(&input, &output);
    let run = run_on_cpu(&output, &[]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", text(&run.stderr));
    // out = a in^2: d_in[i] = 2 a in[i] seed[i] (in[3] = 1.5, seed 4; in[7] = 3.5, seed 8),
    // d_a = sum in[i]^2 seed[i] = 0.25 * sum i^2 (1 + i) = 0.25 * (140 + 784) = 231.
    let expected_forms = "form 0: d_in[3] = 36, d_in[7] = 168, d_a = 231\n\
                          form 1: d_in[3] = 36, d_in[7] = 168, d_a = 231\n";
    assert!(stdout.starts_with(expected_forms), "{stdout}");
    assert!(
        stdout.contains("Use execute_kernel() for global CUDA kernels\ncode present\n"),
        "{stdout}"
    );
    assert!(stdout.contains("same function: yes\n"), "{stdout}");
    // f = x y^2 at (2, 3): df/dx = 9, df/dy = 12.
    assert!(
        stdout.contains("dx = 9, dy = 12\nUse execute() for non-global CUDA kernels\n"),
        "{stdout}"
    );
    nvcc_compiles(&output);
}

#[test]
fn tensor_contraction_example_matches_hand_derivation() {
    let dir = scratch("tensor");
    let example = repo().join("examples/tensor_contraction");
    let output = dir.join("tensor_contraction_grad.cu");
    build_ok(&example.join("tensor_contraction.cu"), &output);
    let run = run_on_cpu(&output, &[]);
    let expected = std::fs::read_to_string(example.join("expected_output.txt")).expect("expected");
    assert_eq!(
        text(&run.stdout),
        expected,
        "stderr:\n{}",
        text(&run.stderr)
    );
    nvcc_compiles(&output);
}

#[test]
fn black_scholes_example_matches_analytic_greeks() {
    let dir = scratch("black_scholes");
    let example = repo().join("examples/black_scholes");
    let output = dir.join("black_scholes_grad.cu");
    build_ok(&example.join("black_scholes.cu"), &output);
    let run = run_on_cpu(&output, &["1000"]);
    let stdout = text(&run.stdout);
    assert!(
        stdout.contains("result: PASS"),
        "{stdout}{}",
        text(&run.stderr)
    );
    assert!(run.status.success());
    nvcc_compiles(&output);
}

/// `cuad grad` refuses constructs whose derivative it would get wrong, at the construct.
/// Integer constants of the file (`constexpr` globals, in namespaces, `static constexpr`
/// members) are values in index analysis: `x[P::n * i + k]` with `k < P::n` is distinct per
/// thread (plain `+=`); a local shadowing a constant's name is not the constant.
#[test]
fn integer_constants_are_known_in_indices() {
    let dir = scratch("int_constants");
    let input = write(
        &dir,
        "c.cu",
        "struct P { static constexpr int n = 3; };\n\
         namespace cfg { constexpr int M = 2 + 1; }\n\
         __global__ void k(double* y, const double* x) {\n\
         \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20 for (int k = 0; k < P::n; ++k) y[P::n * i + k] = x[cfg::M * i + k] * x[cfg::M * i + k];\n\
         }\n\
         __global__ void s(double* y, const double* x) {\n\
         \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20 int M = 0;\n\
         \x20 if (i > 2) M = 1;\n\
         \x20 y[i] = x[M * i];\n\
         }\n",
    );
    let out = cuad(&[
        "grad",
        path_str(&input),
        "--fn",
        "k",
        "--explain",
        "-o",
        path_str(&dir.join("k.cu")),
    ]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("_d_x[cfg::M * i + k]: plain += (distinct per thread)"),
        "{err}"
    );
    let out = cuad(&[
        "grad",
        path_str(&input),
        "--fn",
        "s",
        "--explain",
        "-o",
        path_str(&dir.join("s.cu")),
    ]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("_d_x[M * i]: atomicAdd"), "{err}");
}

/// `reinterpret_cast<const float4*>(s)[i]` and `s[i]` are different addresses: the same offset
/// in two element types does not make either update private (thread 0's float4 holds thread
/// 1's float). Through `__ldg` alone, the float4 view's offset is the thread's own.
#[test]
fn offsets_through_casts_count_their_own_elements() {
    let dir = scratch("cast_units");
    let input = write(
        &dir,
        "v.cu",
        "__global__ void mixed(float* y, const float* s, int n4) {\n\
         \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20 if (i < n4) y[i] = reinterpret_cast<const float4*>(s)[i].x * s[i];\n\
         }\n\
         __global__ void vec(float* y, const float* s, int n4) {\n\
         \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20 if (i < n4) { float4 b = __ldg(reinterpret_cast<const float4*>(s) + i); y[i] = b.x * b.w; }\n\
         }\n",
    );
    let grad = |f: &str| {
        let output = dir.join(format!("{f}.out.cu"));
        let out = cuad(&["grad", path_str(&input), "--fn", f, "-o", path_str(&output)]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let generated = std::fs::read_to_string(&output).expect("output written");
        generated[generated.rfind("_grad_").expect("gradient")..].to_string()
    };
    let body = grad("mixed");
    assert!(body.contains("atomicAdd(&_d_s[i], "), "{body}");
    assert!(
        body.contains("atomicAdd(&reinterpret_cast<float4*>(_d_s)[i].x, "),
        "{body}"
    );
    let body = grad("vec");
    assert!(
        body.contains("(*(reinterpret_cast<float4*>(_d_s) + i)).w += "),
        "{body}"
    );
    assert!(!body.contains("atomicAdd(&"), "{body}");
}

/// One warp per row (tests/grad/warprow_*): lanes striding a row by 32 update distinct
/// elements, with a plain `+=` (behind a `blockDim.x % 32` test when the row and lane come
/// from `threadIdx.x`); a row's value read by every lane gets one warp reduction; a stride
/// other than 32, an address without the row, a loop that does not end at the row length, a
/// start other than the lane or a 2-D kernel keep atomics. Outputs are transposed
/// (`y[c * N + row]`) so that no primal store proves the input's addresses distinct.
#[test]
fn warp_per_row_updates_are_plain_only_where_proven() {
    let dir = scratch("warp_rows");
    let head = |name: &str, lane: &str, row: &str| {
        format!(
            "__global__ void {name}(float* y, const float* x, const float* m, int N, int C, int D) {{\n\
             \x20 int lane = {lane};\n\
             \x20 int row = {row};\n\
             \x20 if (row >= N) return;\n"
        )
    };
    let block_row = "blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize";
    let loop_ = |start: &str, end: &str, step: &str, body: &str| {
        format!("  for (int c = {start}; c < {end}; c += {step}) {body}\n}}\n")
    };
    let square = "y[c * N + row] = x[row * C + c] * x[row * C + c];";
    let src = [
        head(
            "block_rows",
            "threadIdx.x & (warpSize - 1)",
            "blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)",
        ) + "  const float* xr = x + row * C;\n"
            + &loop_("lane", "C", "warpSize", "y[c * N + row] = xr[c] * xr[c];"),
        head(
            "grid_rows",
            "(blockIdx.x * blockDim.x + threadIdx.x) % 32",
            "(blockIdx.x * blockDim.x + threadIdx.x) / 32",
        ) + &loop_(
            "lane",
            "C",
            "32",
            "y[c * N + row] = m[row] * x[row * C + c];",
        ),
        head("row_reads", "threadIdx.x % 32", block_row)
            + &loop_(
                "lane",
                "C",
                "32",
                "y[c * N + row] = x[row * C + c] - m[row] * m[row];",
            ),
        head("half_stride", "threadIdx.x % 32", block_row) + &loop_("lane", "C", "16", square),
        head("no_row", "threadIdx.x % 32", block_row)
            + &loop_("lane", "C", "32", "y[c * N + row] = x[c] * x[c];"),
        head("wrong_extent", "threadIdx.x % 32", block_row) + &loop_("lane", "D", "32", square),
        head("shifted_start", "threadIdx.x % 32", block_row)
            + &loop_("lane + 1", "C", "32", square),
        head(
            "rows_2d",
            "threadIdx.x % 32",
            &format!("{block_row} + threadIdx.y"),
        ) + &loop_("lane", "C", "32", square),
    ]
    .concat();
    let input = write(&dir, "w.cu", &src);
    let grad = |f: &str| {
        let output = dir.join(format!("{f}.out.cu"));
        let out = cuad(&[
            "grad",
            path_str(&input),
            "--fn",
            f,
            "--explain",
            "-o",
            path_str(&output),
        ]);
        let err = text(&out.stderr);
        assert!(out.status.success(), "{err}");
        let generated = std::fs::read_to_string(&output).expect("output written");
        let body = generated[generated.rfind("_grad_").expect("gradient")..].to_string();
        (err, body)
    };
    let (err, body) = grad("block_rows");
    assert!(
        err.contains("_d_xr[c]: plain += when blockDim.x is a multiple of 32"),
        "{err}"
    );
    assert!(
        body.contains("cuad_add_if_whole_warps(&_d_xr[c], "),
        "{body}"
    );
    let (err, body) = grad("grid_rows");
    assert!(
        err.contains("_d_x[row * C + c]: plain += (distinct per thread)"),
        "{err}"
    );
    assert!(body.contains("_d_x[row * C + c] += "), "{body}");
    // `gx / 32` may straddle a warp when blockDim.x is not a multiple of 32: checked at run time.
    assert!(
        body.contains("cuad_warp_add_if_shared(&_d_m[row], "),
        "{body}"
    );
    let (err, body) = grad("row_reads");
    assert!(
        err.contains("_d_m[row]: warp reduction, one atomic per warp"),
        "{err}"
    );
    assert!(body.contains("cuad_warp_add(&_d_m[row], "), "{body}");
    assert!(
        body.contains("cuad_add_if_whole_warps(&_d_x[row * C + c], "),
        "{body}"
    );
    for f in ["half_stride", "wrong_extent", "shifted_start", "rows_2d"] {
        let (err, body) = grad(f);
        assert!(err.contains("_d_x[row * C + c]: atomicAdd"), "{f}: {err}");
        assert!(
            body.contains("atomicAdd(&_d_x[row * C + c], "),
            "{f}: {body}"
        );
        assert!(!body.contains("cuad_add_if_whole_warps(&"), "{f}: {body}");
    }
    let (err, body) = grad("no_row");
    assert!(err.contains("_d_x[c]: atomicAdd"), "{err}");
    assert!(body.contains("atomicAdd(&_d_x[c], "), "{body}");
}

/// A host `memcpy` of values is a copy of them (a host-to-host `cudaMemcpy`), but one that
/// reads the bits of other real types or may split a value carries no derivative: both modes
/// say where.
#[test]
fn memcpy_of_bits_is_diagnosed_in_both_modes() {
    let dir = scratch("memcpy_bits");
    let input = write(
        &dir,
        "bits.cu",
        "#include <cstring>\n\
         void narrow(const double* x, float* y, int n) {\n\
         \x20 float* t = (float*)malloc(n * sizeof(float));\n\
         \x20 memcpy(t, x, n * sizeof(float));\n\
         \x20 for (int i = 0; i < n; ++i) y[i] = t[i] * t[i];\n\
         \x20 free(t);\n\
         }\n\
         void split(const double* x, double* y, int n) {\n\
         \x20 double* t = (double*)malloc(n * sizeof(double));\n\
         \x20 std::memcpy(t, x, n * sizeof(float));\n\
         \x20 for (int i = 0; i < n; ++i) y[i] = t[i] * t[i];\n\
         \x20 free(t);\n\
         }\n",
    );
    let cases = [
        ("narrow", "bits.cu:4:3: error: cuad cannot differentiate this copy of `double` values into `float` values"),
        ("split", "bits.cu:10:21: error: cuad cannot differentiate this copy: `n * sizeof(float)` bytes need not be a whole number of `double` values"),
    ];
    for mode in ["grad", "fwd"] {
        for (func, expected) in cases {
            let output = dir.join(format!("{mode}_{func}.out.cu"));
            let out = cuad(&[
                mode,
                path_str(&input),
                "--fn",
                func,
                "-o",
                path_str(&output),
            ]);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{mode} {func}: {err}");
            assert!(err.contains(expected), "{mode} {func}: {err}");
        }
    }
}

#[test]
fn grad_diagnoses_what_it_would_get_wrong() {
    let dir = scratch("grad_diagnostics");
    let cases = [
        (
            // symbols get adjoint globals only for reals, arrays of reals and structs of one
            // real type
            "symbol.cu",
            "struct P { float a; double b; };\n\
             __constant__ P c;\n\
             __global__ void k(float* y, int n) { int i = threadIdx.x; if (i < n) y[i] = c.a * c.b; }\n\
             void run(float* y, const P* h, int n) {\n\
             \x20 cudaMemcpyToSymbol(c, h, sizeof(P));\n\
             \x20 k<<<1, 32>>>(y, n);\n\
             }\n",
            "run",
            "symbol.cu:5:3: error: cuad cannot differentiate through this `cudaMemcpyToSymbol`: `c` has type `P`; cuad keeps adjoints of symbols that are real scalars, fixed-size arrays of reals, or structs (and arrays of them) whose real fields have one real type beside integers",
        ),
        (
            "union.cu",
            "union U { float f; int i; };\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 U u;\n\
             \x20 u.f = x[threadIdx.x];\n\
             \x20 u.i &= 0x7fffffff;\n\
             \x20 y[threadIdx.x] = u.f;\n\
             }\n",
            "k",
            "union.cu:2:17: error: `u` is a union that holds values carrying derivatives",
        ),
        (
            // llm.c's Packed128: 128-bit loads and stores of floats as int4 bits
            "packed128.cu",
            "struct alignas(16) P { float v[4]; };\n\
             __device__ P load128(const float* a) { P p; *reinterpret_cast<int4*>(p.v) = *reinterpret_cast<const int4*>(a); return p; }\n\
             __global__ void k(float* y, const float* x) {\n\
             \x20 P p = load128(x + 4 * threadIdx.x);\n\
             \x20 y[threadIdx.x] = p.v[0] * p.v[3];\n\
             }\n",
            "k",
            "packed128.cu:2:78: error: cuad cannot differentiate through the cast of `a` to `const int4*`",
        ),
        (
            // llm.c names kernels and their launchers alike
            "overloaded.cu",
            "__global__ void gelu(float* y, const float* x) { y[threadIdx.x] = x[threadIdx.x] * x[threadIdx.x]; }\n\
             void gelu(float* y, const float* x, int n) { gelu<<<1, n>>>(y, x); }\n",
            "gelu",
            "overloaded.cu:1:17: error: `gelu` is overloaded (2 definitions): cuad cannot tell which one to differentiate",
        ),
        (
            // a sized byte buffer viewed as floats: the adjoint could not repeat its alignas
            "byte_view.cu",
            "__device__ float f(const float* x) {\n\
             \x20 alignas(16) unsigned char buf[16];\n\
             \x20 float* v = reinterpret_cast<float*>(buf);\n\
             \x20 for (int k = 0; k < 4; ++k) v[k] = x[k] * x[k];\n\
             \x20 return v[0] * v[3];\n\
             }\n\
             __global__ void k(float* y, const float* x) { y[threadIdx.x] = f(x + 4 * threadIdx.x); }\n",
            "k",
            "byte_view.cu:3:14: error: cuad cannot differentiate values stored through a view of the integer buffer `buf`",
        ),
        (
            // a byte address given to a copy is taken only at whole elements
            "byte_offset_split.cu",
            "__global__ void sq(double* d, int n) { int i = threadIdx.x; if (i < n) d[i] = d[i] * d[i]; }\n\
             void run(const double* x, double* y, int n) {\n\
             \x20 double* d;\n\
             \x20 cudaMalloc(&d, n * sizeof(double));\n\
             \x20 cudaMemcpy(d, x, n * sizeof(double), cudaMemcpyHostToDevice);\n\
             \x20 sq<<<1, 32>>>(d, n);\n\
             \x20 cudaMemcpy(y, (char*)d + 4, 8, cudaMemcpyDeviceToHost);\n\
             }\n",
            "run",
            "byte_offset_split.cu:7:17: error: cuad cannot differentiate through the cast of `d` to `char*`",
        ),
        (
            "memcpy.cu",
            "__device__ float first(const float* a) { float v[2]; memcpy(v, a, sizeof(v)); return v[0] * v[1]; }\n\
             __global__ void k(float* y, const float* x) { y[threadIdx.x] = first(x + 2 * threadIdx.x); }\n",
            "k",
            "memcpy.cu:1:54: error: cuad cannot differentiate `memcpy` of memory that carries derivatives",
        ),
        (
            "specialized.cu",
            "template <int N> __device__ double pown(double x) { return x * pown<N - 1>(x); }\n\
             template <> __device__ double pown<0>(double x) { return 1.0; }\n\
             __global__ void k(const double* x, double* y) { y[0] = pown<3>(x[0]); }\n",
            "k",
            "specialized.cu:3:56: error: cuad cannot differentiate calls of `pown`: it has an explicit specialization",
        ),
        (
            "select.cu",
            "__constant__ double table[64];\n\
             __global__ void k(const double* x, double* y, int f) {\n\
             \x20 const double* p = f ? x : table;\n\
             \x20 y[threadIdx.x] = p[threadIdx.x] * p[threadIdx.x];\n\
             }\n",
            "k",
            "select.cu:3:21: error: this pointer may point to memory without an adjoint",
        ),
        (
            "tile.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __global__ void k(float* y) {\n\
             \x20 auto t = cg::coalesced_threads();\n\
             \x20 t.sync();\n\
             \x20 y[threadIdx.x] *= y[threadIdx.x];\n\
             }\n",
            "k",
            "error: cuad does not model cooperative groups' `coalesced_threads` yet",
        ),
        (
            // asked for directly, the group's kind is unknown
            "thread_group.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __device__ float reduce_sum(cg::thread_group g, float* temp, float val) {\n\
             \x20 temp[g.thread_rank()] = val;\n\
             \x20 g.sync();\n\
             \x20 return temp[0];\n\
             }\n",
            "reduce_sum",
            "thread_group.cu:3:29: error: cuad differentiates a function taking a `thread_group` through its callers",
        ),
        (
            "two_groups.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __device__ float both(cg::thread_group a, cg::thread_group b, float v) { a.sync(); b.sync(); return v * v; }\n\
             __global__ void k(float* y) {\n\
             \x20 cg::thread_block blk = cg::this_thread_block();\n\
             \x20 auto w = cg::tiled_partition<32>(blk);\n\
             \x20 y[threadIdx.x] = both(blk, w, y[threadIdx.x]);\n\
             }\n",
            "k",
            "two_groups.cu:7:20: error: cuad specialises a function for the group passed to one parameter",
        ),
        (
            // a tile size that is neither a literal nor a template parameter
            "tile_constant.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             constexpr int W = 32;\n\
             __device__ float wsum(cg::thread_block_tile<W> t, float v) {\n\
             \x20 for (int k = W / 2; k > 0; k /= 2) v += t.shfl_down(v, k);\n\
             \x20 return v;\n\
             }\n\
             __global__ void k(float* y) {\n\
             \x20 auto w = cg::tiled_partition<32>(cg::this_thread_block());\n\
             \x20 y[threadIdx.x] = wsum(w, y[threadIdx.x]);\n\
             }\n",
            "k",
            "tile_constant.cu:10:25: error: cuad passes a group only to a parameter of type `cg::thread_group`, `cg::thread_block`, `cg::thread_block_tile<N>`",
        ),
        (
            // the specialization for double (read again from the text the parser keeps) is
            // no view of the shared memory
            "smem_special.cu",
            "template <class T> struct SharedMemory {\n\
             \x20 __device__ operator T*() { extern __shared__ int s[]; return (T*)s; }\n\
             };\n\
             template <> struct SharedMemory<double> {\n\
             \x20 __device__ operator double*() { double* p = nullptr; return p; }\n\
             };\n\
             template <class T> __global__ void k(T* y) {\n\
             \x20 T* s = SharedMemory<T>();\n\
             \x20 s[threadIdx.x] = y[threadIdx.x];\n\
             \x20 __syncthreads();\n\
             \x20 y[threadIdx.x] = s[threadIdx.x] * s[31 - threadIdx.x];\n\
             }\n",
            "k<double>",
            "smem_special.cu:8:10: error: cuad inlines a conversion operator of `SharedMemory` only when its body is `extern __shared__` declarations and one `return`",
        ),
        (
            // a conversion cuad does not follow: the helper passed where a pointer is taken
            "conversion_arg.cu",
            "template <class T> struct SharedMemory {\n\
             \x20 __device__ operator T*() { extern __shared__ int s[]; return (T*)s; }\n\
             };\n\
             __device__ float first(float* p) { return p[0]; }\n\
             __global__ void k(float* y, const float* x) {\n\
             \x20 SharedMemory<float> smem;\n\
             \x20 float* s = smem;\n\
             \x20 s[threadIdx.x] = x[threadIdx.x];\n\
             \x20 __syncthreads();\n\
             \x20 y[threadIdx.x] = first(smem) * x[threadIdx.x];\n\
             }\n",
            "k",
            "conversion_arg.cu:10:26: error: cuad follows the conversion of `SharedMemory` to a pointer only where it initializes or is assigned to a pointer variable, or is cast to a pointer type",
        ),
        (
            "conversion.cu",
            "struct Buf {\n\
             \x20 float* p;\n\
             \x20 __device__ operator float*() { float* q = p; return q + 1; }\n\
             };\n\
             __global__ void k(float* y) {\n\
             \x20 float* s = Buf{};\n\
             \x20 y[threadIdx.x] = s[threadIdx.x] * y[threadIdx.x];\n\
             }\n",
            "k",
            "conversion.cu:6:14: error: cuad inlines a conversion operator of `Buf` only when its body is `extern __shared__` declarations and one `return`",
        ),
        (
            "reduce_cond.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __global__ void k(float* y) {\n\
             \x20 auto w = cg::tiled_partition<32>(cg::this_thread_block());\n\
             \x20 float v = y[threadIdx.x];\n\
             \x20 y[threadIdx.x] = v > 0 ? cg::reduce(w, v, cg::plus<float>()) : v;\n\
             }\n",
            "k",
            "reduce_cond.cu:6:28: error: `cg::reduce` is a collective of the whole tile: cuad needs it outside `?:`, `&&` and `||`",
        ),
        (
            "reduce_loop.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __global__ void k(float* y) {\n\
             \x20 auto w = cg::tiled_partition<32>(cg::this_thread_block());\n\
             \x20 float v = y[threadIdx.x];\n\
             \x20 while (cg::reduce(w, v, cg::plus<float>()) > 1.0f) v *= 0.5f;\n\
             \x20 y[threadIdx.x] = v;\n\
             }\n",
            "k",
            "reduce_loop.cu:6:3: error: cuad lowers `cg::reduce` only in a statement's own expressions, not in a loop's header",
        ),
        (
            "reduce_op.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __global__ void k(float* y) {\n\
             \x20 auto w = cg::tiled_partition<32>(cg::this_thread_block());\n\
             \x20 float v = y[threadIdx.x];\n\
             \x20 y[threadIdx.x] = cg::reduce(w, v, [](float a, float b) { return a * b; });\n\
             }\n",
            "k",
            "reduce_op.cu:6:37: error: cuad lowers `cg::reduce` with `cg::plus`",
        ),
        (
            "lambda.cu",
            "template <typename F> __device__ float apply(F f, float v) { F g = f; return g(v); }\n\
             __global__ void k(float* y, float a) {\n\
             \x20 auto f = [&](float v) { return a * v; };\n\
             \x20 y[threadIdx.x] = apply(f, y[threadIdx.x]);\n\
             }\n",
            "k",
            "lambda.cu:4:26: error: cuad supports a lambda passed to `apply` when `apply` only calls `f`",
        ),
        (
            "lambda_generic.cu",
            "template <typename F> __device__ float apply(F f, float v) { return f(v); }\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 y[threadIdx.x] = apply([](auto u) { return u * u; }, x[threadIdx.x]);\n\
             }\n",
            "k",
            "lambda_generic.cu:3:26: error: cuad cannot pass a generic lambda (an `auto` parameter) to a template: give its parameters types",
        ),
        (
            "lambda_arg.cu",
            "template <typename F, typename G> __device__ float both(F f, G g, float v) { return f(v) * g(v); }\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 y[threadIdx.x] = both([](float a) { return a * a; }, [](float b) { return b + 1.f; }, x[threadIdx.x]);\n\
             }\n",
            "k",
            "lambda_arg.cu:3:20: error: cuad supports one lambda per call of the template `both`",
        ),
        (
            // a host lambda held in a local cannot run in a kernel (an extended
            // `__device__` lambda can: host_lambda_local)
            "lambda_host_local.cu",
            "template <class Op> __global__ void map(float* y, Op op) { y[threadIdx.x] = op(y[threadIdx.x]); }\n\
             void run(float* y, float s) {\n\
             \x20 auto op = [=](float v) { return s * v; };\n\
             \x20 map<<<1, 32>>>(y, op);\n\
             }\n",
            "run",
            "lambda_host_local.cu:4:21: error: the lambda `op` runs on the host (it is not `__device__`) but `map` on the device",
        ),
        (
            // a kernel parameter cannot be a reference to the host array the lambda copied
            "lambda_array_kernel.cu",
            "template <class Op> __global__ void map(float* y, Op op) { y[threadIdx.x] = op(y[threadIdx.x]); }\n\
             void run(float* y, float s) {\n\
             \x20 const float c[2] = {s, 2.f * s};\n\
             \x20 auto op = [=] __device__ (float v) { return c[0] * v + c[1]; };\n\
             \x20 map<<<1, 32>>>(y, op);\n\
             }\n",
            "run",
            "lambda_array_kernel.cu:5:21: error: cuad cannot pass the array `c` the lambda captures to the kernel `map`",
        ),
        (
            // a helper reading an active symbol, at a call carrying no derivative
            "const_table.cu",
            "__constant__ float c_tab[4];\n\
             __device__ float tap(int k) { return c_tab[k]; }\n\
             __global__ void k(float* y) { y[threadIdx.x] = tap(threadIdx.x % 4); }\n\
             void run(const float* tab, float* y) {\n\
             \x20 cudaMemcpyToSymbol(c_tab, tab, 4 * sizeof(float));\n\
             \x20 k<<<1, 4>>>(y);\n\
             }\n",
            "run",
            "const_table.cu:3:48: error: `tap` reads `c_tab`, which carries derivatives from `cudaMemcpyToSymbol`, but this call passes it no value with derivatives",
        ),
        (
            // a gradient seeds the returned value with 1: a struct has no such seed
            "struct_return.cu",
            "struct V2 { double x, y; };\n\
             __device__ V2 polar(double a, double t) { V2 r; r.x = a * cos(t); r.y = a * sin(t); return r; }\n",
            "polar",
            "struct_return.cu:2:15: error: cuad cannot make the gradient of `polar`: it returns `V2`",
        ),
        (
            // a symbol a kernel adds into with atomics and reads: what each thread reads
            // depends on the order of the other threads' updates
            "written_read.cu",
            "__device__ float g_acc;\n\
             __global__ void k(const float* x) { atomicAdd(&g_acc, x[threadIdx.x] * g_acc); }\n\
             void run(const float* x, float* out) {\n\
             \x20 float* d = nullptr;\n\
             \x20 cudaMalloc(&d, 32 * sizeof(float));\n\
             \x20 cudaMemcpy(d, x, 32 * sizeof(float), cudaMemcpyHostToDevice);\n\
             \x20 k<<<1, 32>>>(d);\n\
             \x20 cudaMemcpyFromSymbol(out, g_acc, sizeof(float));\n\
             }\n",
            "run",
            "written_read.cu:7:3: error: kernel `k` reads `g_acc` while its threads update it with atomics",
        ),
        (
            // a helper's own gradient would launch the kernel's plain gradient
            "const_helper.cu",
            "__constant__ float c_tab[4];\n\
             __global__ void k(float* y) { y[threadIdx.x] = c_tab[threadIdx.x % 4]; }\n\
             void launch(float* y) { k<<<1, 4>>>(y); }\n\
             void run(const float* tab, float* y) {\n\
             \x20 cudaMemcpyToSymbol(c_tab, tab, 4 * sizeof(float));\n\
             \x20 launch(y);\n\
             }\n",
            "run",
            "const_helper.cu:6:3: error: `k`, reached from this call, names a symbol that carries derivatives from `cudaMemcpyToSymbol`",
        ),
        (
            "global.cu",
            "__device__ float g_buf[64];\n\
             __global__ void k(const float* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n) g_buf[i] = x[i] * x[i];\n\
             }\n",
            "k",
            "global.cu:4:14: error: cuad cannot tell where the adjoint of `g_buf[i]` lives (a `__device__` variable",
        ),
        (
            "goto.cu",
            "// a kernel with a goto is kept verbatim\n\
             __global__ void k(float* y, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i >= n) goto done;\n\
             \x20 y[i] *= y[i];\n\
             done:\n\
             \x20 return;\n\
             }\n",
            "k",
            "goto.cu:2:1: error: `k` cannot be differentiated: cuad could not model its definition (`goto` is not supported by cuad)",
        ),
        (
            // A method of a class with private data stays opaque: the error says why.
            "private_method.cu",
            "class M {\n\
             \x20public:\n\
             \x20 __device__ M(float a, float b) : m0(a), m1(b) {}\n\
             \x20 __device__ float g() const { return m0 * m1; }\n\
             \x20private:\n\
             \x20 float m0, m1;\n\
             };\n\
             __global__ void k(const float* x, float* y) { int i = threadIdx.x; M a(x[2 * i], x[2 * i + 1]); y[i] = a.g(); }\n",
            "k",
            "private_method.cu:8:104: error: cuad cannot differentiate this call of a method of `M`",
        ),
        (
            // A static member function template of a class template (static member functions
            // without their own template parameters are lowered to function templates).
            "class_template_static.cu",
            "template <typename T, int D> struct Horner {\n\
             \x20 template <int E> __device__ static T eval(const T* c, T x) { T acc = c[D]; for (int k = D - 1; k >= 0; --k) acc = acc * x + c[k]; return acc * E; }\n\
             };\n\
             template <typename T> __global__ void k(const T* c, const T* x, T* y) { int i = threadIdx.x; y[i] = Horner<T, 2>::eval<3>(c, x[i]); }\n",
            "k<double>",
            "class_template_static.cu:4:101: error: cuad cannot differentiate calls of member functions of class templates (`Horner<double, 2>::eval<3>`) yet",
        ),
        (
            // A local copy of a struct parameter that is then copied into a reference
            // parameter: the caller's struct is written whole, so neither is scalarized.
            "struct_copy_out.cu",
            "struct B { double* a; int n; };\n\
             __global__ void sq(double* a, int n) { int i = threadIdx.x; if (i < n) a[i] = a[i] * a[i]; }\n\
             void f(B& out, const B& in) {\n\
             \x20 B t = in;\n\
             \x20 sq<<<1, 64>>>(t.a, t.n);\n\
             \x20 out = t;\n\
             }\n",
            "f",
            "struct_copy_out.cu:5:3: error: kernel `sq` writes through `t.a`, which cuad cannot trace to a buffer",
        ),
        (
            // A host helper's kernel overwrites the caller's buffer with a store its guard does
            // not bound: no byte count for the checkpoint at the helper call.
            "helper_hashed.cu",
            "__global__ void mix(double* x, int n) { int i = threadIdx.x; if (i < n) x[(7 * i) % n] = x[i] * x[i]; }\n\
             static void step(double* x, int n) { mix<<<1, 64>>>(x, n); }\n\
             void f(double* x, int n, int steps) {\n\
             \x20 for (int t = 0; t < steps; ++t) step(x, n);\n\
             }\n",
            "f",
            "helper_hashed.cu:4:35: error: `step` may overwrite `x`, which the reverse pass needs, and cuad cannot save it: this function did not allocate it, and the guards of `step`'s kernels do not bound their stores into it",
        ),
        (
            // Ping-pong between buffers of different sizes, and a store (`b[(7 * i) % n]`) whose
            // extent the guard does not bound: no byte count for the checkpoint of `dst`.
            "pingpong_sizes.cu",
            "__global__ void step(const double* a, double* b, int n) { int i = threadIdx.x; if (i < n) b[(7 * i) % n] = a[i] * a[i]; }\n\
             void f(double* y, const double* x, int n) {\n\
             \x20 double *d_a, *d_b;\n\
             \x20 cudaMalloc(&d_a, n * sizeof(double)); cudaMalloc(&d_b, 2 * n * sizeof(double));\n\
             \x20 cudaMemcpy(d_a, x, n * sizeof(double), cudaMemcpyHostToDevice);\n\
             \x20 double* src = d_a; double* dst = d_b;\n\
             \x20 for (int t = 0; t < 3; ++t) { step<<<1, 64>>>(src, dst, n); double* tmp = src; src = dst; dst = tmp; }\n\
             \x20 cudaMemcpy(y, src, n * sizeof(double), cudaMemcpyDeviceToHost);\n\
             }\n",
            "f",
            "pingpong_sizes.cu:7:33: error: kernel `step` overwrites `dst`, which the reverse pass needs, and cuad does not know its size",
        ),
        (
            // The same for an object's fields: which definition's fields `p.u` is cuad
            // cannot tell (before, its fields silently carried no derivative).
            "partial_ambiguous_fields.cu",
            "template <class T, class U> struct P { T a; U b; };\n\
             template <class T> struct P<T, T> { T x, y; };\n\
             template <class T> struct P<T, double> { T u, v; };\n\
             __global__ void k(const double* x, double* out) { P<double, double> p; p.u = x[0]; out[0] = p.u; }\n",
            "k",
            "partial_ambiguous_fields.cu:4:72: error: cuad cannot tell which definition of class template `P` its instance `P<double, double>` uses",
        ),
        (
            // Two partial specializations match `P<float, 3>` and neither is more specialized
            // (C++ rejects the instance): cuad cannot tell which one it is.
            "partial_ambiguous_spec.cu",
            "template <typename T, int N> struct P { static __device__ T f(T x) { return x * N; } };\n\
             template <typename T> struct P<T, 3> { static __device__ T f(T x) { return x; } };\n\
             template <int N> struct P<float, N> { static __device__ float f(float x) { return -x; } };\n\
             __global__ void k(float* y, int n) { int i = threadIdx.x; if (i < n) y[i] = P<float, 3>::f(y[i]); }\n",
            "k",
            "partial_ambiguous_spec.cu:4:77: error: cuad cannot differentiate calls of `P<float, 3>::f`: cuad cannot tell which specialization of class template `P` it calls",
        ),
        (
            "unknown_type.cu",
            "__global__ void k(float* y, const float* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n) { __nv_fp8_e4m3 h = __nv_fp8_e4m3(x[i]); y[i] = float(h) * x[i]; }\n\
             }\n",
            "k",
            "unknown_type.cu:3:30: error: cuad cannot tell whether `h` (of type `__nv_fp8_e4m3`, which cuad does not know) carries the derivative",
        ),
        (
            // an array of such a type (before, its elements silently carried no derivative)
            "unknown_elem_type.cu",
            "__global__ void k(float* y, const float* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 Acc<float> a[2]; for (int c = 0; c < 2; ++c) a[c] = x[i] * c; y[i] = a[1];\n\
             }\n",
            "k",
            "unknown_elem_type.cu:3:48: error: cuad cannot tell whether `a[c]` (of type `Acc`, which cuad does not know) carries the derivative",
        ),
        (
            // a member of such a type
            "unknown_field_type.cu",
            "struct S { Acc<float> v; float w; };\n\
             __global__ void k(float* y, const float* x) { int i = threadIdx.x; S s; s.v = x[i] * x[i]; s.w = 1; y[i] = s.w; }\n",
            "k",
            "unknown_field_type.cu:2:73: error: cuad cannot tell whether `s.v` (of type `Acc`, which cuad does not know) carries the derivative",
        ),
        (
            // a value with derivatives passed to a parameter of such a type
            "unknown_param_type.cu",
            "__device__ float sq(Opaque<float> a) { return a * a; }\n\
             __global__ void k(float* y, const float* x) { int i = threadIdx.x; y[i] = sq(x[i]); }\n",
            "k",
            "unknown_param_type.cu:2:78: error: cuad cannot tell whether parameter `a` of `sq` (of type `Opaque`, which cuad does not know) carries the derivative of this argument",
        ),
        (
            // (a `return (i % 2) ? a : b;` helper is an address computation cuad follows)
            "untraced_pointer.cu",
            "__device__ float* pick(float* a, float* b, int i) { if (i % 2) return a; return b; }\n\
             __global__ void k(const float* x, float* y, int n) {\n\
             \x20 int i = threadIdx.x; if (i >= n) return;\n\
             \x20 float a[2], b[2]; float* p = pick(a, b, i);\n\
             \x20 p[0] = x[i] * x[i];\n\
             \x20 y[i] = p[0] + a[1] + b[1];\n\
             }\n",
            "k",
            "untraced_pointer.cu:5:3: error: cuad cannot tell what `p` points to",
        ),
        (
            "global_atomic.cu",
            "__device__ float g_sum;\n\
             __global__ void k(float* y, const float* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n) atomicAdd(&g_sum, x[i] * x[i]);\n\
             \x20 __syncthreads();\n\
             \x20 if (i < n) y[i] = g_sum * x[i];\n\
             }\n",
            "k",
            "global_atomic.cu:4:24: error: cuad cannot tell where the adjoint of `g_sum` lives (a `__device__` variable",
        ),
        (
            "dynamic_parallelism.cu",
            "__global__ void child(float* y, const float* t, int n) { int i = threadIdx.x; if (i < n) y[i] = t[i] * t[i]; }\n\
             __global__ void k(float* y, float* t, const float* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n) t[i] = x[i] * 2.0f;\n\
             \x20 __syncthreads();\n\
             \x20 if (i == 0) child<<<1, 32>>>(y, t, n);\n\
             }\n",
            "k",
            "dynamic_parallelism.cu:6:32: error: cuad cannot differentiate a kernel launch from device code (dynamic parallelism)",
        ),
        (
            "grid_sync.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __global__ void k(float* y, float* t, const float* x, int n) {\n\
             \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             \x20 if (i < n) t[i] = x[i] * x[i];\n\
             \x20 cg::this_grid().sync();\n\
             \x20 if (i < n) y[i] = t[(i + 1) % n];\n\
             }\n",
            "k",
            "grid_sync.cu:6:3: error: cuad does not model cooperative groups' `this_grid` yet",
        ),
        (
            "memcpy3d.cu",
            "__global__ void sq(float* o, const float* x, int n) { int i = threadIdx.x; if (i < n) o[i] = x[i] * x[i]; }\n\
             void run(float* out, const float* x, int w, int h, int d) {\n\
             \x20 float* dout; cudaPitchedPtr dx;\n\
             \x20 cudaExtent ext = make_cudaExtent(w * sizeof(float), h, d);\n\
             \x20 cudaMalloc3D(&dx, ext);\n\
             \x20 cudaMalloc(&dout, w * h * d * sizeof(float));\n\
             \x20 cudaMemcpy3DParms p = {0};\n\
             \x20 p.srcPtr = make_cudaPitchedPtr((void*)x, w * sizeof(float), w, h);\n\
             \x20 p.dstPtr = dx; p.extent = ext; p.kind = cudaMemcpyHostToDevice;\n\
             \x20 cudaMemcpy3D(&p);\n\
             \x20 sq<<<1, 256>>>(dout, (float*)dx.ptr, w * h * d);\n\
             \x20 cudaMemcpy(out, dout, w * h * d * sizeof(float), cudaMemcpyDeviceToHost);\n\
             }\n",
            "run",
            "memcpy3d.cu:10:3: error: cuad cannot differentiate through `cudaMemcpy3D` yet",
        ),
        (
            "compound_in_expression.cu",
            "__device__ double4& operator+=(double4& a, double4 b) { a.x += b.x * b.w; return a; }\n\
             __global__ void k(const double4* a, double4* o, double* s, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 double4 v = o[i];\n\
             \x20 if (i < n) s[i] = (v += a[i]).x;\n\
             }\n",
            "k",
            "compound_in_expression.cu:5:22: error: cuad differentiates `a += b` with a user-defined `operator+=` as a call of it, only as a statement of its own",
        ),
        (
            "vector_push_back.cu",
            "#include <vector>\n\
             __global__ void sq(float* o, const float* x, int n) { int i = threadIdx.x; if (i < n) o[i] = x[i] * x[i]; }\n\
             float run(const float* x, int n) {\n\
             \x20 std::vector<float> h;\n\
             \x20 for (int i = 0; i < n; ++i) h.push_back(x[i]);\n\
             \x20 float s = 0; for (int i = 0; i < n; ++i) s += h[i];\n\
             \x20 return s;\n\
             }\n",
            "run",
            "vector_push_back.cu:5:31: error: cuad cannot differentiate values stored into `h`: it stays a library container",
        ),
        (
            // sized by the loop's counter (a size the loop leaves alone is one buffer:
            // host_vector_loop_scoped)
            "vector_in_loop.cu",
            "#include <vector>\n\
             float run(const float* x, int n) {\n\
             \x20 float s = 0;\n\
             \x20 for (int t = 0; t < 3; ++t) {\n\
             \x20   std::vector<float> h(n + t);\n\
             \x20   for (int i = 0; i < n; ++i) h[i] = x[i] * t;\n\
             \x20   s += h[n - 1];\n\
             \x20 }\n\
             \x20 return s;\n\
             }\n",
            "run",
            "vector_in_loop.cu:6:33: error: cuad cannot differentiate values stored into `h`: it stays a library container",
        ),
        (
            "vector_copy.cu",
            "#include <vector>\n\
             float run(const float* x, int n) {\n\
             \x20 std::vector<float> h(n);\n\
             \x20 for (int i = 0; i < n; ++i) h[i] = x[i] * x[i];\n\
             \x20 std::vector<float> g(n);\n\
             \x20 g.swap(h);\n\
             \x20 return g[0];\n\
             }\n",
            "run",
            "vector_copy.cu:4:31: error: cuad cannot differentiate values stored into `h`: it stays a library container",
        ),
        (
            // A helper that grows the vector it is given cannot take a pointer instead: the
            // vector stays a library container, and the helper's stores into it are refused
            // at the call (it used to drop the derivative silently).
            "vector_helper_grows.cu",
            "#include <vector>\n\
             void fill(std::vector<double>& v, const double* x, int n) {\n\
             \x20 for (int i = 0; i < n; ++i) v.push_back(3.0 * x[i]);\n\
             }\n\
             double run(const double* x, int n) {\n\
             \x20 std::vector<double> h;\n\
             \x20 fill(h, x, n);\n\
             \x20 double s = 0; for (int i = 0; i < n; ++i) s += h[i];\n\
             \x20 return s;\n\
             }\n",
            "run",
            "vector_helper_grows.cu:7:3: error: cuad cannot differentiate values stored into `h`: it stays a library container",
        ),
        (
            // std::copy into a vector that another use keeps a container: the use is named.
            "vector_copy_sorted.cu",
            "#include <vector>\n\
             #include <algorithm>\n\
             double run(const double* x, int n) {\n\
             \x20 std::vector<double> h(n);\n\
             \x20 std::copy(x, x + n, h.begin());\n\
             \x20 std::sort(h.begin(), h.end());\n\
             \x20 return h[0];\n\
             }\n",
            "run",
            "vector_copy_sorted.cu:6:3: error: cuad cannot differentiate values stored into `h`: it stays a library container",
        ),
        (
            // A range assign sizes an empty vector once, outside loops.
            "vector_assign_in_loop.cu",
            "#include <vector>\n\
             double run(const double* x, int n) {\n\
             \x20 std::vector<double> h;\n\
             \x20 for (int r = 0; r < 2; ++r) h.assign(x, x + n);\n\
             \x20 return h[0];\n\
             }\n",
            "run",
            "vector_assign_in_loop.cu:4:31: error: cuad differentiates the std::vector `h` as a fixed host buffer (it is sized inside a loop)",
        ),
        (
            "half_intrinsic.cu",
            "#include <cuda_fp16.h>\n\
             __global__ void k(__half2* y, const __half2* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n) y[i] = __hadd2_sat(x[i], x[i]);\n\
             }\n",
            "k",
            "half_intrinsic.cu:4:21: error: no derivative for `__hadd2_sat`",
        ),
        (
            "compaction.cu",
            "__global__ void k(float* y, int* count, const float* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n && x[i] > 0.0f) {\n\
             \x20   int slot = atomicAdd(count, 1);\n\
             \x20   y[slot] = x[i] * x[i];\n\
             \x20 }\n\
             }\n",
            "k",
            "compaction.cu:4:16: error: cuad cannot differentiate code where the value an atomic returns picks an address",
        ),
        (
            "last_block.cu",
            "__device__ unsigned int retired = 0;\n\
             __global__ void k(float* partial, float* total, const float* x) {\n\
             \x20 __shared__ bool last;\n\
             \x20 if (threadIdx.x == 0) {\n\
             \x20   partial[blockIdx.x] = x[blockIdx.x] * x[blockIdx.x];\n\
             \x20   __threadfence();\n\
             \x20   unsigned int ticket = atomicInc(&retired, gridDim.x);\n\
             \x20   last = ticket == gridDim.x - 1;\n\
             \x20 }\n\
             \x20 __syncthreads();\n\
             \x20 if (last && threadIdx.x == 0) {\n\
             \x20   float t = 0.0f;\n\
             \x20   for (int b = 0; b < gridDim.x; ++b) t += partial[b];\n\
             \x20   *total = t;\n\
             \x20 }\n\
             }\n",
            "k",
            "last_block.cu:7:27: error: cuad cannot differentiate code where the value an atomic returns picks an address",
        ),
        (
            "texture.cu",
            "__global__ void k(float* y, cudaTextureObject_t t, int n) { int i = threadIdx.x; if (i < n) y[i] = tex1Dfetch<float>(t, i); }\n\
             void run(float* y, const float* x, int n) {\n\
             \x20 float *dx, *dy;\n\
             \x20 cudaMalloc(&dx, n * sizeof(float));\n\
             \x20 cudaMalloc(&dy, n * sizeof(float));\n\
             \x20 cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);\n\
             \x20 cudaResourceDesc res = {};\n\
             \x20 res.resType = cudaResourceTypeLinear;\n\
             \x20 res.res.linear.devPtr = dx;\n\
             \x20 cudaTextureDesc td = {};\n\
             \x20 cudaTextureObject_t t = 0;\n\
             \x20 cudaCreateTextureObject(&t, &res, &td, nullptr);\n\
             \x20 k<<<1, 32>>>(dy, t, n);\n\
             \x20 cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);\n\
             }\n",
            "run",
            "texture.cu:9:3: error: cuad cannot follow the derivative of `dx` into `res.res.linear.devPtr`",
        ),
        (
            "graph_capture.cu",
            "__global__ void sq(float* y, const float* x, int n) { int i = threadIdx.x; if (i < n) y[i] = x[i] * x[i]; }\n\
             void run(float* y, const float* x, int n) {\n\
             \x20 float *dx, *dy;\n\
             \x20 cudaMalloc(&dx, n * sizeof(float));\n\
             \x20 cudaMalloc(&dy, n * sizeof(float));\n\
             \x20 cudaStream_t s;\n\
             \x20 cudaStreamCreate(&s);\n\
             \x20 cudaGraph_t g;\n\
             \x20 cudaGraphExec_t ge;\n\
             \x20 cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);\n\
             \x20 sq<<<1, 32, 0, s>>>(dy, dx, n);\n\
             \x20 cudaStreamEndCapture(s, &g);\n\
             \x20 cudaGraphInstantiate(&ge, g, 0);\n\
             \x20 cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);\n\
             \x20 cudaGraphLaunch(ge, s);\n\
             \x20 cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);\n\
             }\n",
            "run",
            "graph_capture.cu:10:3: error: cuad cannot differentiate through `cudaStreamBeginCapture`",
        ),
        (
            "exch_reset.cu",
            "__global__ void k(float* acc, const float* x, float* out, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n) { acc[i] += x[i] * x[i]; out[i] = acc[i]; atomicExch(&acc[i], 0.f); }\n\
             }\n",
            "k",
            "exch_reset.cu:3:56: error: cuad cannot differentiate `atomicExch` on memory or values that carry derivatives",
        ),
        (
            "float_atomic_max.cu",
            "__global__ void k(float* m, const float* x, int n) {\n\
             \x20 int i = threadIdx.x;\n\
             \x20 if (i < n) atomicMax_block((int*)m, __float_as_int(fabsf(x[i])));\n\
             }\n",
            "k",
            "float_atomic_max.cu:3:14: error: cuad cannot differentiate `atomicMax_block` on memory or values that carry derivatives",
        ),
        (
            // a CAS loop that is not an add (the CAS-loop atomicAdd is differentiated as one)
            "cas_max.cu",
            "__device__ double cas_max(double* a, double v) {\n\
             \x20 unsigned long long* p = (unsigned long long*)a; unsigned long long old = *p, as;\n\
             \x20 do { as = old; old = atomicCAS(p, as, __double_as_longlong(fmax(v, __longlong_as_double(as)))); } while (as != old);\n\
             \x20 return __longlong_as_double(old);\n\
             }\n\
             __global__ void k(double* m, const double* x) { cas_max(m, x[threadIdx.x]); }\n",
            "k",
            "cas_max.cu:3:41: error: cuad cannot differentiate through `__double_as_longlong`",
        ),
        (
            // CUB reductions other than sums of a number of valid items, on real values
            "cub_max.cu",
            "#include <cub/cub.cuh>\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 typedef cub::BlockReduce<float, 64> BR;\n\
             \x20 __shared__ typename BR::TempStorage t;\n\
             \x20 float m = BR(t).Reduce(x[threadIdx.x], cub::Max(), 40);\n\
             \x20 if (threadIdx.x == 0) y[0] = m;\n\
             }\n",
            "k",
            "cub_max.cu:5:13: error: cuad differentiates `cub::BlockReduce::Reduce` with a number of valid items only as a sum",
        ),
        (
            "cub_warp_max.cu",
            "#include <cub/cub.cuh>\n\
             using WR = cub::WarpReduce<double>;\n\
             __global__ void k(const double* x, double* y) {\n\
             \x20 __shared__ WR::TempStorage t[2];\n\
             \x20 double m = WR(t[threadIdx.x / 32]).Reduce(x[threadIdx.x], [](double a, double b) { return a > b ? a : b; });\n\
             \x20 if (threadIdx.x % 32 == 0) y[threadIdx.x / 32] = m;\n\
             }\n",
            "k",
            "cub_warp_max.cu:5:14: error: cuad differentiates `cub::WarpReduce` as `Sum(v)` or `Reduce(v, op)`, `op` a sum",
        ),
        (
            // other CUB primitives on real values
            "cub_sort.cu",
            "#include <cub/cub.cuh>\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 typedef cub::BlockRadixSort<float, 64, 1> Sort;\n\
             \x20 __shared__ typename Sort::TempStorage t;\n\
             \x20 float v[1] = {x[threadIdx.x]};\n\
             \x20 Sort(t).Sort(v);\n\
             \x20 y[threadIdx.x] = v[0];\n\
             }\n",
            "k",
            "cub_sort.cu:6:3: error: cuad cannot differentiate `cub::BlockRadixSort::Sort` on real values",
        ),
        (
            "cub_scan_op.cu",
            "#include <cub/cub.cuh>\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 typedef cub::BlockScan<float, 64> Scan;\n\
             \x20 __shared__ typename Scan::TempStorage t;\n\
             \x20 float out;\n\
             \x20 Scan(t).ExclusiveScan(x[threadIdx.x], out, -1.0f, cub::Max());\n\
             \x20 y[threadIdx.x] = out;\n\
             }\n",
            "k",
            "cub_scan_op.cu:6:3: error: cuad differentiates `cub::BlockScan` only as `InclusiveSum(v, out)` / `ExclusiveSum(v, out)` / `InclusiveScan(v, out, op)`",
        ),
        (
            // a collective where only some threads would run it
            "cub_cond.cu",
            "#include <cub/cub.cuh>\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 typedef cub::BlockReduce<float, 64> BR;\n\
             \x20 __shared__ typename BR::TempStorage t;\n\
             \x20 float v = x[threadIdx.x];\n\
             \x20 float s = v > 0 ? BR(t).Sum(v) : 0.0f;\n\
             \x20 if (threadIdx.x == 0) y[0] = s;\n\
             }\n",
            "k",
            "cub_cond.cu:6:21: error: a CUB collective is a collective of the whole block or warp: cuad needs it outside `?:`, `&&` and `||`",
        ),
        (
            // a scan of several items per thread into an array of another length
            "cub_items.cu",
            "#include <cub/cub.cuh>\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 typedef cub::BlockScan<float, 64> BS;\n\
             \x20 __shared__ typename BS::TempStorage t;\n\
             \x20 float items[2] = {x[2 * threadIdx.x], x[2 * threadIdx.x + 1]}, out[3];\n\
             \x20 BS(t).InclusiveSum(items, out);\n\
             \x20 y[threadIdx.x] = out[0] + out[1];\n\
             }\n",
            "k",
            "cub_items.cu:6:3: error: cuad differentiates `cub::BlockScan::InclusiveSum` of one item per thread; of an array of items, `cub::BlockReduce`'s `Sum(items)` and `Reduce(items, op)` and `cub::BlockScan`'s `InclusiveSum(items, out)`, `ExclusiveSum(items, out)` and `InclusiveScan(items, out, op)`, of local arrays of one constant length",
        ),
        (
            "cub_warp_width.cu",
            "#include <cub/cub.cuh>\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 typedef cub::WarpReduce<float, 24> WR;\n\
             \x20 __shared__ typename WR::TempStorage t[2];\n\
             \x20 float s = WR(t[threadIdx.x / 24]).Sum(x[threadIdx.x]);\n\
             \x20 if (threadIdx.x % 24 == 0) y[threadIdx.x / 24] = s;\n\
             }\n",
            "k",
            "cub_warp_width.cu:5:13: error: cuad lowers `cub::WarpReduce` with a literal power of two up to 32",
        ),
        (
            // a draw on one path of `?:` inside a larger expression (`x = c ? draw : v;` alone
            // becomes an `if`)
            "curand_cond.cu",
            "#include <curand_kernel.h>\n\
             __global__ void k(curandState* st, const float* x, float* y) {\n\
             \x20 curandState s = st[threadIdx.x];\n\
             \x20 float v = x[threadIdx.x];\n\
             \x20 y[threadIdx.x] = v * (v > 0.0f ? curand_normal(&s) : 1.0f);\n\
             \x20 st[threadIdx.x] = s;\n\
             }\n",
            "k",
            "curand_cond.cu:5:36: error: cuad cannot differentiate a cuRAND draw inside `?:`, `&&` or `||` of a larger expression",
        ),
        (
            // the same through a helper that takes the generator state
            "curand_helper_cond.cu",
            "#include <curand_kernel.h>\n\
             __device__ float noisy(float x, curandState* s) { return x * curand_normal(s); }\n\
             __global__ void k(curandState* st, const float* x, float* y) {\n\
             \x20 float v = x[threadIdx.x];\n\
             \x20 y[threadIdx.x] = 1.0f + (v > 0.0f ? noisy(v, st + threadIdx.x) : v);\n\
             }\n",
            "k",
            "curand_helper_cond.cu:5:39: error: cuad cannot differentiate a cuRAND draw inside `?:`, `&&` or `||` of a larger expression",
        ),
        (
            // A library wrapper around differentiated memory: what reads through it (here
            // thrust::reduce) would get no derivative.
            "thrust_wrapper.cu",
            "#include <thrust/device_ptr.h>\n\
             #include <thrust/reduce.h>\n\
             __global__ void sq(const double* x, double* y, int n) { int i = threadIdx.x; if (i < n) y[i] = x[i] * x[i]; }\n\
             double sumsq(const double* x, int n) {\n\
             \x20 double *d_x, *d_y;\n\
             \x20 cudaMalloc(&d_x, n * sizeof(double));\n\
             \x20 cudaMalloc(&d_y, n * sizeof(double));\n\
             \x20 cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);\n\
             \x20 sq<<<1, 64>>>(d_x, d_y, n);\n\
             \x20 thrust::device_ptr<double> p(d_y);\n\
             \x20 double s = thrust::reduce(p, p + n);\n\
             \x20 cudaFree(d_x);\n\
             \x20 cudaFree(d_y);\n\
             \x20 return s;\n\
             }\n",
            "sumsq",
            "thrust_wrapper.cu:10:30: error: cuad cannot tell what reads through `p` (of type `thrust::device_ptr`, which cuad does not know): it is built around memory that carries derivatives",
        ),
        (
            // `std::accumulate` with its own operation: located at the call.
            "accumulate_op.cu",
            "#include <numeric>\n\
             double f(const double* x, int n) {\n\
             \x20 return std::accumulate(x, x + n, 0.0, [](double a, double b) { return a + b * b; });\n\
             }\n",
            "f",
            "accumulate_op.cu:3:10: error: cuad differentiates `std::accumulate(first, last, init)` with the default `+`",
        ),
        (
            // A vector kept a library container by a library call: the error points there,
            // not at the earlier copy into its `data()`.
            "vector_kept_by_call.cu",
            "#include <numeric>\n#include <vector>\n\
             __global__ void sq(const double* x, double* y, int n) { int i = threadIdx.x; if (i < n) y[i] = x[i] * x[i]; }\n\
             double f(const double* x, int n) {\n\
             \x20 double *d_x, *d_y; cudaMalloc(&d_x, n * sizeof(double)); cudaMalloc(&d_y, n * sizeof(double));\n\
             \x20 cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice); sq<<<1, 64>>>(d_x, d_y, n);\n\
             \x20 std::vector<double> h(n);\n\
             \x20 cudaMemcpy(h.data(), d_y, n * sizeof(double), cudaMemcpyDeviceToHost);\n\
             \x20 return std::inner_product(h.begin(), h.end(), h.begin(), 0.0);\n\
             }\n",
            "f",
            "vector_kept_by_call.cu:9:10: error: cuad cannot differentiate values stored into `h`: it stays a library container",
        ),
        (
            // Structs whose real fields have two types: no one element type to sum adjoints in.
            "mixed_real_struct_copy.cu",
            "struct P { float f; double d; };\n\
             __global__ void k(P* p, int n) { int i = threadIdx.x; if (i < n) p[i].d = p[i].d * p[i].f; }\n\
             void h(P* p, int n) {\n\
             \x20 P* d; cudaMalloc(&d, n * sizeof(P));\n\
             \x20 cudaMemcpy(d, p, n * sizeof(P), cudaMemcpyHostToDevice);\n\
             \x20 k<<<1, 32>>>(d, n);\n\
             \x20 cudaMemcpy(p, d, n * sizeof(P), cudaMemcpyDeviceToHost);\n\
             }\n",
            "h",
            "mixed_real_struct_copy.cu:5:3: error: cuad can differentiate a copy of structs only when all their real fields have one real type (other fields integers): `P`",
        ),
        (
            // a helper returning a pointer that is not an address computation: its result
            // would have no adjoint pointer (null)
            "pointer_helper.cu",
            POINTER_HELPER_SRC,
            "k",
            "pointer_helper.cu:6:15: error: `advance` returns a pointer that cuad cannot follow to its derivative: its body is more than local definitions and a `return`",
        ),
        (
            // A function template kept as text (a template template parameter): `app<sq>(x)`
            // is its call (it was read as the comparisons `(app < sq) > (x)`, silently
            // constant).
            "opaque_template_call.cu",
            "__device__ float sq(float v) { return v * v; }\n\
             template <template <class> class W> __device__ float app(float v) { return v; }\n\
             __global__ void k(const float* x, float* y) { int i = threadIdx.x; y[i] = app<sq>(x[i]); }\n",
            "k",
            "opaque_template_call.cu:3:75: error: cannot differentiate the call of `app`: its definition is kept as written",
        ),
        (
            // The address of a pointer kept where cuad cannot follow it (an array indexed
            // by a variable): the pointer assigned through it would silently have no adjoint.
            "escaped_pointer_address.cu",
            "__global__ void sq(float* y, const float* a, int n) { int i = threadIdx.x; if (i < n) y[i] = a[i] * a[i]; }\n\
             void f(const float* x, float* y, int n) {\n\
             \x20 float *d, *d_y; cudaMalloc(&d, n * sizeof(float)); cudaMalloc(&d_y, n * sizeof(float));\n\
             \x20 cudaMemcpy(d, x, n * sizeof(float), cudaMemcpyHostToDevice);\n\
             \x20 float* a; float** slots[1]; int j = 0; slots[j] = &a; *slots[0] = d;\n\
             \x20 sq<<<1, 32>>>(d_y, a, n);\n\
             \x20 cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);\n\
             }\n",
            "f",
            "escaped_pointer_address.cu:5:53: error: cuad cannot follow a pointer through its address kept here",
        ),
        (
            // A helper storing through its pointer in a loop: the caller cannot name the
            // elements to save, which the reverse of `s`'s definition reads (before, silently
            // not saved).
            "helper_loop_store.cu",
            "__device__ void scale2(float* a, float s) { for (int k = 0; k < 2; ++k) a[k] = a[k] * s; }\n\
             __global__ void k(float* x, int n) {\n\
             \x20 int i = threadIdx.x; if (i >= n) return;\n\
             \x20 float* r = x + 2 * i; const float s = r[0] * r[1];\n\
             \x20 scale2(r, s);\n\
             }\n",
            "k",
            "helper_loop_store.cu:5:3: error: `scale2` overwrites memory through `r` that the reverse pass needs, at elements cuad cannot name here",
        ),
        (
            // A helper writing its pointer argument through a local alias (`r = x + 2 * i`)
            // and reading elements it does not write: before, neither save nor error.
            "helper_alias_store.cu",
            "__device__ float upd(float* x, int i) { float* r = x + 2 * i; const float s = x[2 * i] + x[2 * i + 1]; r[0] = r[0] * s; return x[2 * i]; }\n\
             __global__ void k(float* x, float* y, int n) {\n\
             \x20 int i = threadIdx.x; if (i < n) y[i] = upd(x, i);\n\
             }\n",
            "k",
            "helper_alias_store.cu:3:42: error: `upd` overwrites memory through `x` that the reverse pass needs, at elements cuad cannot name here",
        ),
        (
            // A helper handing its pointer to a helper that updates it in place from its own
            // values: the inner pullback re-ran from what the inner call left (before,
            // silently wrong).
            "nested_helper_rerun.cu",
            "__device__ void relax(double* p, int n) { for (int k = 1; k < n; ++k) p[k] = p[k] + p[k - 1] * p[k - 1]; }\n\
             __device__ double sweep(double* row, int n) { relax(row, n); return row[n - 1]; }\n\
             __global__ void k(const double* x, double* out) {\n\
             \x20 double buf[4]; for (int j = 0; j < 4; ++j) buf[j] = x[j]; out[0] = sweep(buf, 4);\n\
             }\n",
            "k",
            "nested_helper_rerun.cu:2:47: error: `relax` overwrites memory through `row` that the reverse pass needs, at elements cuad cannot name here",
        ),
        (
            // The same update of a kernel's `__shared__` tile: nothing restored the tile
            // before the pullback re-ran the call (before, silently wrong).
            "shared_helper_rerun.cu",
            "__device__ void relax(double* p, int n) { for (int k = 1; k < n; ++k) p[k] = p[k] + p[k - 1] * p[k - 1]; }\n\
             __global__ void k(const double* x, double* out) {\n\
             \x20 __shared__ double tile[512]; int t = threadIdx.x;\n\
             \x20 for (int j = 0; j < 4; ++j) tile[4 * t + j] = x[4 * t + j];\n\
             \x20 __syncthreads(); relax(tile + 4 * t, 4); __syncthreads(); out[t] = tile[4 * t + 3];\n\
             }\n",
            "k",
            "shared_helper_rerun.cu:5:20: error: `relax` overwrites memory through `tile + 4 * t` that the reverse pass needs, at elements cuad cannot name here",
        ),
        (
            // A host table of row pointers (`rows[i] = rows[0] + i * w`): the adjoint table's
            // rows would stay null (before, a crash in the generated code).
            "host_row_table.cu",
            "void f(const double* x, double* y, int h, int w) {\n\
             \x20 double** rows = (double**)malloc(h * sizeof(double*));\n\
             \x20 rows[0] = (double*)malloc(h * w * sizeof(double));\n\
             \x20 for (int i = 1; i < h; i++) rows[i] = rows[0] + i * w;\n\
             \x20 for (int i = 0; i < h * w; i++) rows[0][i] = x[i];\n\
             \x20 for (int i = 0; i < h; i++) y[i] = rows[i][0] * rows[i][0];\n\
             \x20 free(rows[0]); free(rows);\n\
             }\n",
            "f",
            "host_row_table.cu:3:3: error: cuad keeps no adjoint for pointers stored in a table (`rows[0]`) in host code",
        ),
        (
            // A helper storing in a loop through a pointer to a thread's local array (`p =
            // buf`): the array is not saved through the pointer (before, silently wrong).
            "local_array_pointer_store.cu",
            "__device__ void upd(double* z, double s) { for (int k = 0; k < 2; ++k) z[k] = z[k] * z[1 - k] * s; }\n\
             __global__ void k(const double* x, const double* s, double* out, int n) {\n\
             \x20 double buf[2]; double* p = buf; buf[0] = x[0]; buf[1] = x[1];\n\
             \x20 for (int j = 0; j < n; ++j) upd(p, s[j]);\n\
             \x20 out[0] = buf[0];\n\
             }\n",
            "k",
            "local_array_pointer_store.cu:4:31: error: `upd` overwrites memory through `p` that the reverse pass needs, at elements cuad cannot name here",
        ),
        (
            // An assignment run for its effect inside `&&` (before, it ran in the forward
            // sweep only and its derivative was lost).
            "and_stmt.cu",
            "__global__ void k(const float* x, float* y) {\n\
             \x20 float s = 0.0f;\n\
             \x20 x[threadIdx.x] > 0.0f && (s = x[threadIdx.x] * 2.0f);\n\
             \x20 y[threadIdx.x] = s;\n\
             }\n",
            "k",
            "and_stmt.cu:3:3: error: cuad cannot differentiate an update of a differentiated value inside this expression; make it a statement of its own",
        ),
        (
            // One local for the input and the output of a lambda: cuad merges such
            // parameters only for a function it can name, and the pullback would take them
            // for two objects (silently wrong).
            "alias_lambda_call.cu",
            "__global__ void k(const double* p, double* out, double a) {\n\
             \x20 int i = threadIdx.x; double v = p[i];\n\
             \x20 auto upd = [&](const double& x, double& o) { o = a * x * x; };\n\
             \x20 upd(v, v);\n\
             \x20 out[i] = v;\n\
             }\n",
            "k",
            "alias_lambda_call.cu:4:3: error: `k_lambda_upd` is given one object (`v`) for its parameters `x` and `o`, and writes it",
        ),
        (
            // The same through one of two overloads.
            "alias_overload_call.cu",
            "__device__ void sq(const double& x, double& o) { o = x * x; }\n\
             __device__ void sq(const float& x, float& o) { o = x * x; }\n\
             __global__ void k(const double* p, double* out) {\n\
             \x20 int i = threadIdx.x; double v = p[i]; sq(v, v); out[i] = v;\n\
             }\n",
            "k",
            "alias_overload_call.cu:4:41: error: `sq` is given one object (`v`) for its parameters `x` and `o`, and writes it",
        ),
        (
            // A view built by a helper that reads through the pointer it is given: the same
            // helper on the shadow would read adjoints (views.rs computes_addresses_only).
            "view_reading_builder.cu",
            "struct View { const float* p; int s; };\n\
             __device__ View bad(const float* x, int b) { return View{x + (int)x[b], 4}; }\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 int i = threadIdx.x; View v = bad(x, i); y[i] = v.p[0] * v.p[1];\n\
             }\n",
            "k",
            "view_reading_builder.cu:4:33: error: cuad cannot tell where the pointers of the object `bad` returns point",
        ),
        (
            // A pointer table entry without an adjoint, read with derivatives through the
            // table: its adjoint entry would stay null.
            "table_without_adjoint.cu",
            "__constant__ float table[64];\n\
             __global__ void k(const float* x, float* y, int f) {\n\
             \x20 int i = threadIdx.x; const float* t[2] = {x, table}; y[i] = t[f][i] * t[0][i];\n\
             }\n",
            "k",
            "table_without_adjoint.cu:3:48: error: `t[1]` is given `table`, which has no adjoint here",
        ),
        (
            // A view's pointer moved through a reference: the pointer belongs to the caller,
            // whose adjoint view the pullback cannot move in the caller's forward sweep.
            "view_moved_by_reference.cu",
            "struct View { const float* p; int s; };\n\
             __device__ void advance(View& v, int k) { v.p += k; }\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 int i = threadIdx.x; View v{x, 2}; advance(v, i); y[i] = v.p[0] * v.p[1];\n\
             }\n",
            "k",
            "view_moved_by_reference.cu:2:43: error: cuad cannot follow a pointer stored into `v.p`, which belongs to the caller",
        ),
        (
            // A helper setting a pointer it takes by reference to another buffer: the caller's
            // adjoint pointer moves only as far as the pointer moved (`_d_p += p - _t`).
            "ptr_ref_assign_rejected.cu",
            "__device__ void seek(const float*& p, const float* q, int k) { p = q + k; }\n\
             __global__ void k(const float* x, const float* z, float* y) {\n\
             \x20 int i = threadIdx.x; const float* p = x + i; seek(p, z, i); y[i] = *p * x[i];\n\
             }\n",
            "k",
            "ptr_ref_assign_rejected.cu:1:64: error: `seek` may set the pointer `p` it takes by reference to an address outside the buffer it points into",
        ),
        (
            // A pointer moved by reference that is not a variable of the caller: no adjoint
            // variable to move along.
            "ptr_ref_field_rejected.cu",
            "struct S { const float* p; };\n\
             __device__ float take(const float*& p) { float v = *p; ++p; return v; }\n\
             __global__ void k(const float* x, float* y) {\n\
             \x20 int i = threadIdx.x; S s{x + 2 * i}; float a = take(s.p); y[i] = a * take(s.p);\n\
             }\n",
            "k",
            "ptr_ref_field_rejected.cu:4:55: error: `take` may move the pointer `s.p` it takes by reference (`p`)",
        ),
        (
            // A host helper updating the caller's buffer in place at elements its kernel's
            // guard does not bound: its pullback re-runs it from the buffer as the call left
            // it, and cuad cannot save it (before, silently wrong).
            "helper_inplace_unsized.cu",
            "__global__ void sq(double* x, const int* idx, int n) {\n\
             \x20 int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[idx[i]] = x[idx[i]] * x[idx[i]];\n\
             }\n\
             static void step(double* d, const int* idx, int n) { sq<<<1, 32>>>(d, idx, n); }\n\
             void f(double* d, const int* idx, int n) { step(d, idx, n); }\n",
            "f",
            "helper_inplace_unsized.cu:5:44: error: `step` may overwrite `d`, which the reverse pass needs, and cuad cannot save it",
        ),
        (
            // A local array of device buffers passed whole: its entries cannot be followed as
            // pointer variables.
            "buffer_array_whole.cu",
            "__global__ void sq(double* x, int n) { int i = threadIdx.x; if (i < n) x[i] = x[i] * x[i]; }\n\
             static void step(double** bufs, int l, int n) { sq<<<1, 32>>>(bufs[l], n); }\n\
             void f(const double* x, double* y, int n) {\n\
             \x20 double* buf[2]; for (int l = 0; l < 2; ++l) cudaMalloc(&buf[l], n * sizeof(double));\n\
             \x20 cudaMemcpy(buf[0], x, n * sizeof(double), cudaMemcpyHostToDevice); step(buf, 0, n);\n\
             \x20 cudaMemcpy(y, buf[0], n * sizeof(double), cudaMemcpyDeviceToHost);\n\
             }\n",
            "f",
            "buffer_array_whole.cu:5:75: error: cuad follows the buffers of the local array `buf` as one pointer variable per entry, and cannot here: the array is used other than through an entry",
        ),
        (
            // An entry of a local array of device buffers chosen by an index the statement
            // changes.
            "buffer_array_index_effect.cu",
            "__global__ void sq(const double* a, double* b, int n) { int i = threadIdx.x; if (i < n) b[i] = a[i] * a[i]; }\n\
             void f(const double* x, double* y, int n) {\n\
             \x20 double* buf[2]; int l = 0;\n\
             \x20 while (l < 2) cudaMalloc(&buf[l++], n * sizeof(double));\n\
             \x20 cudaMemcpy(buf[0], x, n * sizeof(double), cudaMemcpyHostToDevice); sq<<<1, 32>>>(buf[0], buf[1], n);\n\
             \x20 cudaMemcpy(y, buf[1], n * sizeof(double), cudaMemcpyDeviceToHost);\n\
             }\n",
            "f",
            "buffer_array_index_effect.cu:4:33: error: cuad follows the buffers of the local array `buf` as one pointer variable per entry, and cannot here: the index has side effects or the statement changes it",
        ),
    ];
    for (name, src, func, expected) in cases {
        let input = write(&dir, name, src);
        let output = dir.join(format!("{name}.out.cu"));
        let out = cuad(&[
            "grad",
            path_str(&input),
            "--fn",
            func,
            "-o",
            path_str(&output),
        ]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(!output.exists(), "{name}: no output after errors");
        assert!(err.contains(expected), "{name}: {err}");
    }
}

/// `cuad MODE` of function `func` in a program that fills `__constant__ float c_tab[4]` with
/// `cudaMemcpyToSymbol` and launches a kernel reading it: the generated text.
fn symbol_taps_output(scratch_name: &str, mode: &str, func: &str) -> String {
    let dir = scratch(scratch_name);
    let input = write(
        &dir,
        "taps.cu",
        "__constant__ float c_tab[4];\n\
         __global__ void k(float* y, const float* x) { y[threadIdx.x] = c_tab[threadIdx.x % 4] * x[threadIdx.x]; }\n\
         void run(const float* tab, float* y, const float* x) {\n\
         \x20 cudaMemcpyToSymbol(c_tab, tab, 4 * sizeof(float));\n\
         \x20 k<<<1, 32>>>(y, x);\n\
         }\n",
    );
    let output = dir.join(format!("{func}.out.cu"));
    let out = cuad(&[
        mode,
        path_str(&input),
        "--fn",
        func,
        "-o",
        path_str(&output),
    ]);
    assert!(out.status.success(), "{func}: {}", text(&out.stderr));
    std::fs::read_to_string(&output).unwrap()
}

/// A symbol filled from a buffer carrying derivatives: the host gradient declares its adjoint
/// global, zeroes it, launches a variant of the kernel's gradient that adds into it and moves
/// it into the source's adjoint; the kernel's own gradient keeps the symbol a constant.
#[test]
fn symbols_get_adjoints_in_host_gradients_only() {
    let generate = |func: &str| symbol_taps_output("symbols", "grad", func);
    let host = generate("run");
    for want in [
        "__device__ float _d_c_tab[4];",
        "cudaGetSymbolAddress((void**)&_cuad_sym_c_tab, _d_c_tab);",
        "cudaMemset(_cuad_sym_c_tab, 0, sizeof _d_c_tab);",
        "k_grad_via_c_tab<<<1, 32>>>(y, x, _d_y, _d_x);",
        "cuad_memcpy_pullback(_cuad_sym_c_tab, _d_tab, 4 * sizeof(float), cudaMemcpyHostToDevice);",
        "atomicAdd(&_d_c_tab[threadIdx.x % 4], ",
    ] {
        assert!(host.contains(want), "{want}: {host}");
    }
    let kernel = generate("k");
    assert!(kernel.contains("__global__ void k_grad(float* y, const float* x, float* __restrict__ _d_y, float* __restrict__ _d_x)"), "{kernel}");
    assert!(!kernel.contains("_d_c_tab"), "{kernel}");
}

/// Forward mode: a copy into a symbol from a buffer carrying tangents copies the tangent into
/// the symbol's tangent global, and the launch reads it through a variant of the kernel's
/// pushforward; the kernel's own pushforward keeps the symbol a constant. What reverse mode
/// refuses for the same reasons (helpers reading the symbol at calls carrying no tangent,
/// host helpers reaching it, symbols of other types) is refused too.
#[test]
fn fwd_symbols_get_tangents_in_host_pushforwards_only() {
    let generate = |func: &str| symbol_taps_output("fwd_symbols", "fwd", func);
    let dir = scratch("fwd_symbol_errors");
    let host = generate("run");
    for want in [
        "__device__ float _d_c_tab[4];",
        "cudaMemcpyToSymbol(_d_c_tab, _d_tab, 4 * sizeof(float));",
        "k_pushforward_via_c_tab<<<1, 32>>>(y, x, _d_y, _d_x);",
        "_d_c_tab[threadIdx.x % 4] * x[threadIdx.x]",
    ] {
        assert!(host.contains(want), "{want}: {host}");
    }
    let kernel = generate("k");
    assert!(!kernel.contains("_d_c_tab"), "{kernel}");
    let errors = [
        (
            "const_table.cu",
            "__constant__ float c_tab[4];\n\
             __device__ float tap(int k) { return c_tab[k]; }\n\
             __global__ void k(float* y) { y[threadIdx.x] = tap(threadIdx.x % 4); }\n\
             void run(const float* tab, float* y) {\n\
             \x20 cudaMemcpyToSymbol(c_tab, tab, 4 * sizeof(float));\n\
             \x20 k<<<1, 4>>>(y);\n\
             }\n",
            "const_table.cu:3:48: error: forward mode: `tap` reads `c_tab`, which carries derivatives from `cudaMemcpyToSymbol`, but this call passes it no value with derivatives",
        ),
        (
            "const_helper.cu",
            "__constant__ float c_tab[4];\n\
             __global__ void k(float* y) { y[threadIdx.x] = c_tab[threadIdx.x % 4]; }\n\
             void launch(float* y) { k<<<1, 4>>>(y); }\n\
             void run(const float* tab, float* y) {\n\
             \x20 cudaMemcpyToSymbol(c_tab, tab, 4 * sizeof(float));\n\
             \x20 launch(y);\n\
             }\n",
            "const_helper.cu:6:3: error: forward mode: `k`, reached from this call, names a symbol that carries derivatives from `cudaMemcpyToSymbol`",
        ),
        (
            // a symbol a kernel adds into with atomics and reads
            "sym_racy.cu",
            "__device__ float g_acc;\n\
             __global__ void k(const float* x) { atomicAdd(&g_acc, x[threadIdx.x] * g_acc); }\n\
             void run(const float* tab, float* y) {\n\
             \x20 float* d = nullptr;\n\
             \x20 cudaMalloc(&d, 32 * sizeof(float));\n\
             \x20 cudaMemcpy(d, tab, 32 * sizeof(float), cudaMemcpyHostToDevice);\n\
             \x20 k<<<1, 32>>>(d);\n\
             \x20 cudaMemcpyFromSymbol(y, g_acc, sizeof(float));\n\
             }\n",
            "sym_racy.cu:7:3: error: forward mode: kernel `k` reads `g_acc` while its threads update it with atomics",
        ),
    ];
    for (name, src, expected) in errors {
        let input = write(&dir, name, src);
        let output = dir.join(format!("{name}.out.cu"));
        let out = cuad(&[
            "fwd",
            path_str(&input),
            "--fn",
            "run",
            "-o",
            path_str(&output),
        ]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(!output.exists(), "{name}: no output after errors");
        assert!(err.contains(expected), "{name}: {err}");
    }
}

/// A helper returning a pointer with a branch: not an address helper (address_calls.rs).
const POINTER_HELPER_SRC: &str = "__device__ double* advance(double* p, int k) {\n\
                                  \x20 if (k > 0) return p + k;\n\
                                  \x20 return p;\n\
                                  }\n\
                                  __global__ void k(double* x) {\n\
                                  \x20 double* s = advance(x, 6 * threadIdx.x);\n\
                                  \x20 s[1] = s[1] * s[0];\n\
                                  }\n";

/// Forward mode: the same helper is an error at the call, not a null tangent pointer.
#[test]
fn fwd_diagnoses_pointer_helpers_it_cannot_follow() {
    let dir = scratch("fwd_pointer_helper");
    let input = write(&dir, "pointer_helper.cu", POINTER_HELPER_SRC);
    let output = dir.join("pointer_helper.out.cu");
    let out = cuad(&[
        "fwd",
        path_str(&input),
        "--fn",
        "k",
        "-o",
        path_str(&output),
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("pointer_helper.cu:6:15: error: forward mode: `advance` returns a pointer that cuad cannot follow to its derivative"),
        "{err}"
    );
    assert_eq!(err.matches("error:").count(), 1, "one error: {err}");
}

/// A buffer parameter left out of --wrt that receives values depending on the listed ones and
/// is read again (a scratch array, a device output copied back, one a callee writes and reads)
/// would carry the derivative without an adjoint: an error at its first store, not a gradient
/// missing that path. Outputs
/// only written (not read again) stay allowed, as do the same functions with the buffer listed.
#[test]
fn unlisted_buffers_read_back_are_diagnosed() {
    let dir = scratch("unlisted_buffers");
    let scratch_src = "double f(double* in, double* tmp, int n) {\n\
                       \x20 for (int i = 0; i < n; ++i) tmp[i] = in[i] * in[i];\n\
                       \x20 double t = 0;\n\
                       \x20 for (int i = 0; i < n; ++i) t += tmp[i];\n\
                       \x20 return t;\n\
                       }\n";
    let copy_back_src = "__global__ void sq(double* y, const double* x) { y[threadIdx.x] = x[threadIdx.x] * x[threadIdx.x]; }\n\
                         double f(double* in, double* out, int n) {\n\
                         \x20 double* d_in;\n\
                         \x20 cudaMalloc(&d_in, n * sizeof(double));\n\
                         \x20 cudaMemcpy(d_in, in, n * sizeof(double), cudaMemcpyHostToDevice);\n\
                         \x20 sq<<<1, n>>>(out, d_in);\n\
                         \x20 double back[8];\n\
                         \x20 cudaMemcpy(back, out, n * sizeof(double), cudaMemcpyDeviceToHost);\n\
                         \x20 cudaFree(d_in);\n\
                         \x20 return back[0] + back[n - 1];\n\
                         }\n";
    let kernel_src = "__global__ void k(double* y, double* t, const double* x) {\n\
                      \x20 int i = threadIdx.x;\n\
                      \x20 t[i] = x[i] * x[i];\n\
                      \x20 y[i] = 2.0 * t[i];\n\
                      }\n";
    // The round trip inside a callee, whose pullback gets no adjoint for `s`.
    let callee_src = "__device__ void helper(double* s, const double* x, double* y, int i) {\n\
                      \x20 s[i] = x[i] * x[i];\n\
                      \x20 y[i] = 2.0 * s[i];\n\
                      }\n\
                      __global__ void k(double* y, double* t, const double* x) { helper(t, x, y, threadIdx.x); }\n";
    // A host output copied back from the device, left out of --wrt.
    let host_output_src = "__global__ void sq(const double* a, double* b, int n) { int i = threadIdx.x; if (i < n) b[i] = a[i] * a[i]; }\n\
                           void f(const double* x, double* y, int n) {\n\
                           \x20 double *da, *db; cudaMalloc(&da, n * sizeof(double)); cudaMalloc(&db, n * sizeof(double));\n\
                           \x20 cudaMemcpy(da, x, n * sizeof(double), cudaMemcpyHostToDevice);\n\
                           \x20 sq<<<1, 64>>>(da, db, n);\n\
                           \x20 cudaMemcpy(y, db, n * sizeof(double), cudaMemcpyDeviceToHost);\n\
                           }\n";
    let only_written_src = "__global__ void k(double* y, double* t, const double* x) {\n\
                            \x20 int i = threadIdx.x;\n\
                            \x20 t[i] += x[i] * x[i];\n\
                            \x20 y[i] = 2.0 * x[i];\n\
                            }\n";
    let run = |name: &str, src: &str, func: &str, wrt: &str| {
        let input = write(&dir, name, src);
        let output = dir.join(format!("{name}.{}.out.cu", wrt.replace(',', "_")));
        let out = cuad(&[
            "grad",
            path_str(&input),
            "--fn",
            func,
            "--wrt",
            wrt,
            "-o",
            path_str(&output),
        ]);
        (out.status.code(), text(&out.stderr), output.exists())
    };
    let errors = [
        (
            "scratch.cu",
            scratch_src,
            "f",
            "in",
            "scratch.cu:2:31: error: `tmp` receives",
        ),
        (
            "copy_back.cu",
            copy_back_src,
            "f",
            "in",
            "copy_back.cu:6:3: error: `out` receives",
        ),
        (
            "kernel.cu",
            kernel_src,
            "k",
            "y,x",
            "kernel.cu:3:3: error: `t` receives",
        ),
        (
            "callee.cu",
            callee_src,
            "k",
            "y,x",
            "callee.cu:2:3: error: `s` receives values that depend on the differentiated parameters and is read again, but it is not differentiated itself, so the derivative through it would be lost; add what the caller of `helper` passes for `s` to --wrt",
        ),
        (
            "host_output.cu",
            host_output_src,
            "f",
            "x",
            "host_output.cu:6:3: error: `y` receives values that depend on the differentiated parameters but has no adjoint; add `y` to --wrt",
        ),
    ];
    for (name, src, func, wrt, expected) in errors {
        let (code, err, written) = run(name, src, func, wrt);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(!written, "{name}: no output after errors");
        assert!(err.contains(expected), "{name}: {err}");
    }
    let fine = [
        ("scratch.cu", scratch_src, "f", "in,tmp"),
        ("copy_back.cu", copy_back_src, "f", "in,out"),
        ("kernel.cu", kernel_src, "k", "y,t,x"),
        ("callee.cu", callee_src, "k", "y,t,x"),
        ("only_written.cu", only_written_src, "k", "y,x"),
    ];
    for (name, src, func, wrt) in fine {
        let (code, err, written) = run(name, src, func, wrt);
        assert_eq!(code, Some(0), "{name} --wrt {wrt}: {err}");
        assert!(written, "{name} --wrt {wrt}");
    }
    // The same through a Clad request naming `in` only.
    let request = format!(
        "#include \"clad/Differentiator/Differentiator.h\"\n{scratch_src}\
         int main() {{ auto g = clad::gradient(f, \"in\"); return 0; }}\n"
    );
    let input = write(&dir, "request.cu", &request);
    let output = dir.join("request.out.cu");
    let out = cuad(&["build", path_str(&input), "-o", path_str(&output)]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("request.cu:3:31: error: `tmp` receives values that depend on the differentiated parameters"),
        "{err}"
    );
}

/// Clad idioms around requests: a variable named like the gradient (`auto f_grad = ...`),
/// a request for a namespaced function, custom derivatives in a reopened `clad` namespace,
/// and `clad::array_ref` adjoints.
const CLAD_IDIOMS_PROGRAM: &str = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

double my_sq(double v) { return v * v; }
namespace clad {
namespace custom_derivatives {
void my_sq_pullback(double v, double d_y, double* d_v) { *d_v += 2.0 * v * d_y; }
}  // namespace custom_derivatives
}  // namespace clad

namespace phys {
double energy(double m, double v) { return 0.5 * m * my_sq(v); }
}

double sum2(const double* a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += a[i] * a[i];
  return s;
}

int main() {
  auto energy_grad = clad::gradient(phys::energy);
  double dm = 0.0, dv = 0.0;
  energy_grad.execute(2.0, 3.0, &dm, &dv);
  auto sum2_grad = clad::gradient(sum2, "a");
  double a[3] = {1.0, 2.0, 3.0}, da[3] = {0.0, 0.0, 0.0};
  clad::array_ref<double> da_ref(da, 3);
  sum2_grad.execute(a, 3, da_ref);
  std::printf("%g %g %g %g %g\n", dm, dv, da[0], da[1], da[2]);
  return 0;
}
"#;

#[test]
fn clad_idioms_build_and_run() {
    let dir = scratch("clad_idioms");
    let input = write(&dir, "idioms.cu", CLAD_IDIOMS_PROGRAM);
    let output = dir.join("idioms_out.cu");
    build_ok(&input, &output);
    let run = run_on_cpu(&output, &[]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", text(&run.stderr));
    // d/dm 0.5 m v^2 = 4.5, d/dv = m v = 6; d/da_i sum a^2 = 2 a_i.
    assert_eq!(stdout, "4.5 6 2 4 6\n");
    nvcc_compiles(&output);
}

/// The numbers a program printed, in order (words that are not numbers are skipped).
fn numbers(stdout: &str) -> Vec<f64> {
    stdout
        .split(|c: char| c.is_whitespace() || c == ',' || c == '=')
        .filter_map(|w| w.parse::<f64>().ok())
        .collect()
}

fn assert_close(got: &[f64], expected: &[f64], tol: f64, context: &str) {
    assert_eq!(
        got.len(),
        expected.len(),
        "{context}: got {got:?}, expected {expected:?}"
    );
    for (g, e) in got.iter().zip(expected) {
        assert!(
            (g - e).abs() <= tol * (1.0 + e.abs()),
            "{context}: got {got:?}, expected {expected:?}"
        );
    }
}

/// The numbers of `stdout` (exactly `count`), checked in pairs: each line is a value and its
/// reference, within `tol` relative. Returns them for further checks.
fn pairs_close(stdout: &str, count: usize, tol: f64, context: &str) -> Vec<f64> {
    let values = numbers(stdout);
    assert_eq!(values.len(), count, "{stdout}");
    for pair in values.chunks(2) {
        assert_close(&pair[..1], &pair[1..], tol, context);
    }
    values
}

/// Builds `src` with `cuad build`, checks nvcc accepts the output, runs it on the CPU
/// emulation and returns its stdout and cuad's stderr.
fn build_and_run(name: &str, src: &str) -> (String, String) {
    let dir = scratch(name);
    let input = write(&dir, &format!("{name}.cu"), src);
    build_and_run_file(name, &input)
}

/// `build_and_run` of a file read where it is (its own `#include "..."` files next to it).
fn build_and_run_file(name: &str, input: &Path) -> (String, String) {
    let output = scratch(name).join(format!("{name}_out.cu"));
    let out = cuad(&["build", path_str(input), "-o", path_str(&output)]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "cuad build {name} failed:\n{stderr}");
    let include = input.parent();
    let run = run_on_cpu_with(&output, &[], include);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", text(&run.stderr));
    nvcc_compiles_with(&output, include);
    (stdout, stderr)
}

/// `clad::differentiate` of realistic functions (a struct with a constructor and operators
/// iterated with a data-dependent break, a switch with returns and math functions, a
/// tolerance-controlled while loop, a function template over an array): every line the
/// program prints is the pushforward and a central difference of the primal at one point.
#[test]
fn differentiate_requests_on_realistic_functions_run() {
    let program = r#"#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
struct Cplx {
  double re, im;
  __host__ __device__ Cplx(double r, double i) : re(r), im(i) {}
  __host__ __device__ Cplx operator*(const Cplx& o) const { return Cplx(re * o.re - im * o.im, re * o.im + im * o.re); }
  __host__ __device__ Cplx operator+(const Cplx& o) const { return Cplx(re + o.re, im + o.im); }
  __host__ __device__ double abs2() const { return re * re + im * im; }
};
double mandel(double cr, double ci) {
  Cplx z(0.0, 0.0), c(cr, ci);
  double acc = 0;
  for (int it = 0; it < 8; ++it) {
    z = z * z + c;
    if (z.abs2() > 4.0) break;
    acc += z.abs2();
  }
  return acc;
}
double piecewise(double x, int mode) {
  switch (mode) {
    case 0: return erf(x) * atan2(x, 2.0);
    case 1: return lgamma(2.0 + x * x);
    default: break;
  }
  if (x < 0) return fabs(x) * pow(2.0, x);
  return fmax(x, 0.5) * fmin(x * x, 3.0);
}
double series(double x, double tol) {
  double term = 1, sum = 1;
  int k = 1;
  while (fabs(term) > tol) {
    term = term * x / k;
    sum += term;
    ++k;
    if (k > 60) break;
  }
  return sum;
}
template <typename T> T softplus_sum(const T* v, int n, T beta) {
  T s = 0;
  for (int i = 0; i < n; ++i) {
    if (v[i] * beta > T(20)) { s += v[i]; continue; }
    s += log1p(exp(beta * v[i])) / beta;
  }
  return s;
}
int main() {
  auto dm = clad::differentiate(mandel, "ci");
  auto dp = clad::differentiate(piecewise, "x");
  auto ds = clad::differentiate(series, 0);
  auto dsp = clad::differentiate(softplus_sum<double>, "beta");
  const double h = 1e-6;
  double v[4] = {0.3, -1.2, 25.0, 2.0};
  printf("%.9f %.9f\n", dm.execute(0.1, 0.3), (mandel(0.1, 0.3 + h) - mandel(0.1, 0.3 - h)) / (2 * h));
  printf("%.9f %.9f\n", dm.execute(-0.4, 0.5), (mandel(-0.4, 0.5 + h) - mandel(-0.4, 0.5 - h)) / (2 * h));
  for (int mode = 0; mode < 3; ++mode)
    for (double x : {-0.7, 0.8, 1.9})
      printf("%.9f %.9f\n", dp.execute(x, mode), (piecewise(x + h, mode) - piecewise(x - h, mode)) / (2 * h));
  printf("%.9f %.9f\n", ds.execute(1.3, 1e-12), (series(1.3 + h, 1e-12) - series(1.3 - h, 1e-12)) / (2 * h));
  printf("%.9f %.9f\n", dsp.execute(v, 4, 0.7), (softplus_sum(v, 4, 0.7 + h) - softplus_sum(v, 4, 0.7 - h)) / (2 * h));
  return 0;
}
"#;
    let (stdout, _) = build_and_run("differentiate_realistic", program);
    let values = pairs_close(
        &stdout,
        26,
        1e-6,
        "clad::differentiate vs central difference",
    );
    assert!(values.iter().any(|v| v.abs() > 0.1), "{stdout}");
}

/// `clad::differentiate` of a host function that launches a kernel (cudaMalloc, copies, a
/// host-side sum of the copied-back result), requested by name and index next to
/// `clad::gradient` of the same function (forward and reverse of one function and of the
/// `__host__ __device__` helper it calls), and of a function of a struct: every line is the
/// pushforward and the reference (a central difference, the gradient, the exact derivative).
#[test]
fn differentiate_next_to_gradient_runs() {
    let program = r#"#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
__global__ void sq_kernel(int n, const double* x, double a, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] * x[i] + sin(x[i]);
}
double host_loss(const double* x, int n, double a) {
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  sq_kernel<<<1, 32>>>(n, dx, a, dy);
  double y[8];
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  double s = 0;
  for (int i = 0; i < n; ++i) s += y[i];
  cudaFree(dx);
  cudaFree(dy);
  return s;
}
__host__ __device__ double smooth(double x, double k) { return log(1.0 + exp(k * x)) / k; }
double both(double x, double k) { return smooth(x, k) * smooth(-x, k) + x; }
struct Acc { double v; };
double field(Acc a, double t) { return a.v * t * t; }
double refout(double x, double& y) { y = x * x; return y + x; }
int main() {
  auto da = clad::differentiate(host_loss, "a");
  auto gk = clad::gradient(both);
  auto dk = clad::differentiate(both, "k");
  auto dx = clad::differentiate(both, 0);
  auto dt = clad::differentiate(field, "t");
  double x[5] = {0.1, 0.2, -0.3, 0.4, 0.5};
  const double h = 1e-6;
  printf("%.9f %.9f\n", da.execute(x, 5, 1.3), (host_loss(x, 5, 1.3 + h) - host_loss(x, 5, 1.3 - h)) / (2 * h));
  double gx = 0, gkk = 0;
  gk.execute(0.3, 2.0, &gx, &gkk);
  printf("%.9f %.9f\n", dk.execute(0.3, 2.0), gkk);
  printf("%.9f %.9f\n", dx.execute(0.3, 2.0), gx);
  printf("%.9f %.9f\n", dt.execute(Acc{2.0}, 1.5), 2 * 2.0 * 1.5);
  return 0;
}
"#;
    let (stdout, _) = build_and_run("differentiate_and_gradient", program);
    let values = pairs_close(&stdout, 8, 1e-6, "clad::differentiate vs reference");
    assert!(values.iter().all(|v| v.abs() > 0.1), "{stdout}");
}

/// `clad::differentiate` (by name and by index) of functions with locals that shadow outer
/// ones, local references into an array in a loop, a ternary lvalue, a call updating a
/// reference, a pointer chosen by a flag with a do-while and `continue`, arrays of structs
/// and a struct with an array field, and most of the CUDA math library (Bessel `jn`/`yn`,
/// `erfinv`, `normcdfinv`, `modf`, `frexp`...): each line is the pushforward and a central
/// difference.
#[test]
fn differentiate_scoped_and_math_functions_run() {
    let program = r#"#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
struct P { double x, v; };
struct Arr { double c[3]; int n; };
__host__ __device__ double upd(double& s, double k) { s = s * k + 1.0; return s * s; }
double shadow(double x, double y) {
  double t = x * y;
  double acc = 0;
  for (int i = 0; i < 3; ++i) {
    double t = x + i;  // shadows the outer t
    acc += t * t;
    {
      double acc2 = t * y;
      acc += acc2;
    }
  }
  return acc + t;
}
double refs(double x, double y) {
  double a[2] = {x, y};
  for (int i = 0; i < 5; ++i) {
    double& r = a[i % 2];
    r += x * r * 0.1;
  }
  double b = 0, c = 0;
  (x > 0 ? b : c) = x * y;
  b += 1.0;
  double z = b * c + b;
  return a[0] * a[1] + z;
}
double callref(double x, double k) {
  double s = x;
  double q = upd(s, k);
  s = upd(s, k) + q;
  return s;
}
double ptrsel(double x, double y, int f) {
  double u[3] = {x, y, x * y};
  double w[3] = {y, x, 1.0};
  const double* p = f ? u : w;
  double s = 0;
  int i = 0;
  do {
    if (i == 1) { ++i; continue; }
    s += p[i] * p[i];
    ++i;
  } while (i < 3);
  int k = static_cast<int>(x * 10);
  return s + k;
}
double structs(double x, double y) {
  P pts[3];
  for (int i = 0; i < 3; ++i) { pts[i].x = x * i; pts[i].v = y; }
  for (int s = 0; s < 4; ++s)
    for (int i = 0; i < 3; ++i) { pts[i].x += 0.1 * pts[i].v; pts[i].v -= 0.1 * pts[i].x * pts[i].x; }
  Arr a;
  a.n = 3;
  for (int i = 0; i < a.n; ++i) a.c[i] = pts[i].x + pts[i].v;
  return a.c[0] * a.c[1] + a.c[2];
}
double math1(double x, double y) {
  int n = 3;
  return pow(x, n) + pow(-1.5 + 0 * x, 2) * x + pow(x - 2.0, 3) + fma(x, y, x * x) + fdim(x, -2.0) + trunc(x) * y
    + ldexp(x, 3) + scalbn(y, 2) + normcdf(x) + erfinv(0.3 * y)
    + erfcx(x) + sinpi(x) + cospi(y) + asinh(x) + acosh(2.0 + y * y) + atanh(0.5 * y) + asin(0.3 * x) + acos(0.2 * y)
    + jn(2, x + 3.0) + yn(2, 3.0 + y) + normcdfinv(0.5 + 0.2 * y) + exp10(0.1 * x) + remainder(x * 5.0, 1.3) + round(y) * x;
}
double math2(double x, double y) {
  double ip;
  double fr = modf(x * 3.0, &ip);
  int e;
  double m = frexp(y * 7.0, &e);
  return fr * ip + m * e + logb(x * 9.0) * y + ilogb(y * 5.0) * x + nearbyint(x * 2.0) + rint(y) + lround(x) * y;
}
int main() {
  const double h = 1e-6;
#define CHK(F, X, Y, ...) { auto d = clad::differentiate(F, "x"); printf("%.9f %.9f\n", d.execute(X, Y, ##__VA_ARGS__), (F(X + h, Y, ##__VA_ARGS__) - F(X - h, Y, ##__VA_ARGS__)) / (2 * h)); \
  auto e = clad::differentiate(F, 1); printf("%.9f %.9f\n", e.execute(X, Y, ##__VA_ARGS__), (F(X, Y + h, ##__VA_ARGS__) - F(X, Y - h, ##__VA_ARGS__)) / (2 * h)); }
  CHK(shadow, 0.7, -0.4)
  CHK(refs, 0.7, -0.4)
  CHK(refs, -0.7, 0.4)
  CHK(callref, 0.7, 1.3)
  CHK(ptrsel, 0.73, -0.4, 1)
  CHK(ptrsel, 0.73, -0.4, 0)
  CHK(structs, 0.7, -0.4)
  CHK(math1, 0.73, 0.41)
  CHK(math2, 0.73, 0.41)
  return 0;
}
"#;
    let (stdout, _) = build_and_run("differentiate_scoped_math", program);
    let values = pairs_close(
        &stdout,
        36,
        1e-6,
        "clad::differentiate vs central difference",
    );
    assert!(
        values.iter().filter(|v| v.abs() > 0.1).count() > 25,
        "{stdout}"
    );
}

/// Requests for instances of function templates, with and without `&`, of a host function
/// and of a kernel template.
const TEMPLATE_REQUESTS_PROGRAM: &str = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

template <typename T> T sq(T x, T y) { return x * x * y; }

template <typename T, int P>
__global__ void cube(T* out, const T* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = T(P) * in[i] * in[i] * in[i];
}

int main() {
  auto g = clad::gradient(sq<double>);
  double dx = 0, dy = 0;
  g.execute(3.0, 2.0, &dx, &dy);
  auto gf = clad::gradient(&sq<float>, "x");
  float fx = 0;
  gf.execute(1.5f, 4.0f, &fx);
  auto gd = clad::gradient(sq<double>, "y");
  double dy2 = 0;
  gd.execute(5.0, 7.0, &dy2);
  printf("%g %g %g %g\n", dx, dy, fx, dy2);
  auto gk = clad::gradient(cube<float, 2>, "out, in");
  const int n = 6;
  float *out, *in, *d_out, *d_in;
  cudaMallocManaged(&out, n * sizeof(float)); cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&d_out, n * sizeof(float)); cudaMallocManaged(&d_in, n * sizeof(float));
  for (int i = 0; i < n; ++i) { in[i] = 0.5f * (i + 1); d_out[i] = 1.0f + i; d_in[i] = 0.0f; }
  gk.execute_kernel(dim3(2), dim3(4), out, in, n, d_out, d_in);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) printf("%g ", d_in[i]);
  printf("\n");
  printf("%s\n", gk.getCode()[0] != '<' && g.getCode() != gf.getCode() ? "code" : "no code");
  return 0;
}
"#;

#[test]
fn template_instance_requests_run() {
    let (stdout, _) = build_and_run("template_requests", TEMPLATE_REQUESTS_PROGRAM);
    // x^2 y: d/dx = 2xy, d/dy = x^2.
    let mut expected = vec![12.0, 9.0, 12.0, 25.0];
    // out = 2 in^3: d_in = 6 in^2 seed, in = 0.5 (i + 1), seed = 1 + i.
    expected.extend((0..6).map(|i| {
        let x = 0.5 * (i as f64 + 1.0);
        6.0 * x * x * (1.0 + i as f64)
    }));
    assert_close(&numbers(&stdout), &expected, 1e-5, &stdout);
    assert!(stdout.ends_with("code\n"), "{stdout}");
}

/// `--fn` naming an instance whose template arguments are template-ids themselves (nested
/// `<...>`, with or without spaces, qualified, next to a value argument) reads them with the
/// program's type names, in both modes; a list that does not parse is still an error.
#[test]
fn fn_option_reads_nested_template_arguments() {
    let dir = scratch("nested_fn_args");
    let input = write(
        &dir,
        "nested.cu",
        "namespace ops {\n\
         struct Sq { double s; __device__ double operator()(double a) const { return s * a * a; } };\n\
         template <class F> struct Wrap {\n\
         \x20 F f;\n\
         \x20 __device__ double operator()(double a) const { return this->f(a) + a; }\n\
         };\n\
         }\n\
         template <class A, class B> struct Compose {\n\
         \x20 A a; B b;\n\
         \x20 __device__ double operator()(double v) const { return this->a(this->b(v)); }\n\
         };\n\
         template <class Op, int N>\n\
         __global__ void tr(const double* x, double* y, Op op) {\n\
         \x20 int i = threadIdx.x;\n\
         \x20 if (i < N) y[i] = op(x[i]);\n\
         }\n",
    );
    let output = dir.join("out.cu");
    for (command, function, instance) in [
        (
            "grad",
            "tr<Compose<ops::Sq,ops::Wrap<ops::Sq>>,64>",
            "tr_grad<Compose<ops::Sq, ops::Wrap<ops::Sq> >, 64>(",
        ),
        (
            "grad",
            "tr< Compose< ops::Sq , ops::Wrap< ops::Sq > >, 8 >",
            "tr_grad<Compose<ops::Sq, ops::Wrap<ops::Sq> >, 8>(",
        ),
        (
            "fwd",
            "tr<ops::Wrap<ops::Wrap<ops::Sq>>, 4>",
            "tr_pushforward<ops::Wrap<ops::Wrap<ops::Sq> >, 4>(",
        ),
    ] {
        let out = cuad(&[
            command,
            path_str(&input),
            "--fn",
            function,
            "-o",
            path_str(&output),
        ]);
        assert!(out.status.success(), "{function}: {}", text(&out.stderr));
        let generated = std::fs::read_to_string(&output).expect("output written");
        assert!(generated.contains(instance), "{function}: {generated}");
    }
    let out = cuad(&[
        "grad",
        path_str(&input),
        "--fn",
        "tr<ops::Wrap<ops::Sq>, 4>>",
        "-o",
        path_str(&output),
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains(
            "error: cannot read the template arguments of `--fn tr<ops::Wrap<ops::Sq>, 4>>`"
        ),
        "{}",
        text(&out.stderr)
    );
}

/// Requests of member functions (`&S::f`), executed as in Clad with the object first: the
/// current form with the object's adjoint (`&d_obj`) and the older one without; a method of
/// a struct in a namespace; parameter lists by name and by index (indices count the method's
/// parameters, as in Clad); Clad's options as template arguments of the request.
const METHOD_REQUESTS_PROGRAM: &str = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

struct Spring {
  double k, rest;
  double energy(double x, double v) const { return 0.5 * k * (x - rest) * (x - rest) + v * v * k; }
};

namespace geo {
struct Box {
  float w, h;
  float scaled_area(float s) { w = w * s; return w * h * s; }
};
}  // namespace geo

int main() {
  Spring sp{3.0, 0.5}, d_sp{0.0, 0.0};
  double dx = 0, dv = 0;
  auto e = clad::gradient(&Spring::energy);
  e.execute(sp, 2.0, 1.5, &d_sp, &dx, &dv);
  printf("%g %g %g %g\n", d_sp.k, d_sp.rest, dx, dv);
  double dv_old = 0;
  auto ev = clad::gradient(&Spring::energy, "v");
  ev.execute(sp, 2.0, 1.5, &dv_old);
  Spring d_sp2{0.0, 0.0};
  double dv_idx = 0;
  auto ei = clad::gradient<clad::opts::disable_tbr>(&Spring::energy, 1);
  ei.execute(sp, 2.0, 1.5, &d_sp2, &dv_idx);
  printf("%g %g %g %g\n", dv_old, d_sp2.k, d_sp2.rest, dv_idx);
  geo::Box b{2.0f, 3.0f}, d_b{0.0f, 0.0f};
  float ds = 0;
  auto a = clad::gradient(&geo::Box::scaled_area);
  a.execute(b, 1.5f, &d_b, &ds);
  printf("%g %g %g %g\n", d_b.w, d_b.h, ds, b.w);
  return 0;
}
"#;

#[test]
fn member_function_requests_run() {
    let (stdout, stderr) = build_and_run("method_requests", METHOD_REQUESTS_PROGRAM);
    // E = k (x - r)^2 / 2 + v^2 k at k = 3, r = 0.5, x = 2, v = 1.5:
    // dE/dk = 1.125 + 2.25, dE/dr = -k (x - r), dE/dx = k (x - r), dE/dv = 2 v k.
    // Box: w h s^2 with w = 2, h = 3, s = 1.5: d/dw = h s^2 = 6.75, d/dh = w s^2 = 4.5,
    // d/ds = 2 w h s = 18; the reverse sweep restores the field it overwrote (w = 2), as
    // Clad's does.
    let expected = [
        3.375, -4.5, 4.5, 9.0, //
        9.0, 3.375, -4.5, 9.0, //
        6.75, 4.5, 18.0, 2.0,
    ];
    assert_close(&numbers(&stdout), &expected, 1e-6, &stdout);
    assert!(
        stderr.contains("template arguments of `clad::gradient` (Clad options) are ignored"),
        "{stderr}"
    );
    assert!(!stderr.contains("macro"), "{stderr}");
}

/// Requests of static member functions (`&S::f`, `S::f`, in a namespace), executed without
/// an object as in Clad, and of methods of class templates' instances (`&Box<double>::energy`),
/// executed with the object first and its adjoint.
const STATIC_AND_TEMPLATE_METHODS_PROGRAM: &str = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

struct Phys {
  double m;
  static double kinetic(double m, double v) { return 0.5 * m * v * v; }
};

namespace phys {
struct Gas {
  static double pv(double p, double v) { return p * v * v; }
};
}  // namespace phys

template <typename T>
struct Box {
  T k, x0;
  T energy(T x) const { return k * (x - x0) * (x - x0); }
  T scaled(T x, T s) { return s * energy(x); }
};

namespace geo {
template <typename T, int N>
struct Poly {
  T c[N];
  T eval(T x) const {
    T r = T(0);
    for (int i = N - 1; i >= 0; --i) r = r * x + c[i];
    return r;
  }
};
}  // namespace geo

int main() {
  auto g1 = clad::gradient(&Phys::kinetic);
  double dm = 0, dv = 0;
  g1.execute(2.0, 3.0, &dm, &dv);
  auto g2 = clad::gradient(Phys::kinetic, "v");
  double dv2 = 0;
  g2.execute(2.0, 4.0, &dv2);
  auto g5 = clad::gradient(&phys::Gas::pv);
  double dp = 0, dv3 = 0;
  g5.execute(2.0, 3.0, &dp, &dv3);
  printf("%g %g %g %g %g\n", dm, dv, dv2, dp, dv3);
  Box<double> b{3.0, 0.5}, db{0.0, 0.0};
  double dx = 0;
  auto g3 = clad::gradient(&Box<double>::energy);
  g3.execute(b, 2.0, &db, &dx);
  printf("%g %g %g\n", db.k, db.x0, dx);
  Box<float> bf{2.0f, 1.0f}, dbf{0.0f, 0.0f};
  float fx = 0, fs = 0;
  auto g4 = clad::gradient(&Box<float>::scaled, "x, s");
  g4.execute(bf, 3.0f, 0.5f, &dbf, &fx, &fs);
  printf("%g %g %g %g\n", dbf.k, dbf.x0, fx, fs);
  geo::Poly<double, 3> p{{1.0, 2.0, 3.0}}, dpoly{{0.0, 0.0, 0.0}};
  double dpx = 0;
  auto g6 = clad::gradient(&geo::Poly<double, 3>::eval);
  g6.execute(p, 2.0, &dpoly, &dpx);
  printf("%g %g %g %g\n", dpoly.c[0], dpoly.c[1], dpoly.c[2], dpx);
  return 0;
}
"#;

#[test]
fn static_and_class_template_method_requests_run() {
    let (stdout, _) = build_and_run(
        "static_template_methods",
        STATIC_AND_TEMPLATE_METHODS_PROGRAM,
    );
    // m v^2 / 2 at (2, 3): v^2 / 2 = 4.5, m v = 6; at v = 4: m v = 8. p v^2 at (2, 3): 9, 12.
    // k (x - x0)^2 at k = 3, x0 = 0.5, x = 2: (x - x0)^2 = 2.25, -2k(x - x0) = -9, 9.
    // s k (x - x0)^2 at k = 2, x0 = 1, x = 3, s = 0.5: 2, -4, 4, 8.
    // c0 + c1 x + c2 x^2 at c = (1, 2, 3), x = 2: 1, 2, 4, c1 + 2 c2 x = 14.
    let expected = [
        4.5, 6.0, 8.0, 9.0, 12.0, //
        2.25, -9.0, 9.0, //
        2.0, -4.0, 4.0, 8.0, //
        1.0, 2.0, 4.0, 14.0,
    ];
    assert_close(&numbers(&stdout), &expected, 1e-6, &stdout);
}

/// Member functions cuad cannot differentiate are diagnosed at the request.
#[test]
fn unsupported_member_requests_are_diagnosed() {
    let dir = scratch("bad_methods");
    let input = write(
        &dir,
        "bad_methods.cu",
        "#include \"clad/Differentiator/Differentiator.h\"\n\
         struct P { double x; static double twice(double v) { return 2 * v; }\n\
         \x20 double f(double a) { return a * x; } double f(double a, double b) { return a * b; } };\n\
         class Q { double q; public: double g(double a) { return a * q; } };\n\
         struct O { double o; double out(double a) const; };\n\
         double O::out(double a) const { return a * o; }\n\
         int main() {\n\
         \x20 auto a = clad::gradient(&P::twice);\n\
         \x20 auto b = clad::gradient(&P::f);\n\
         \x20 auto c = clad::gradient(&Q::g);\n\
         \x20 auto d = clad::gradient(&P::nope);\n\
         \x20 auto e = clad::gradient(&O::out);\n\
         }\n",
    );
    let out = cuad(&["build", path_str(&input), "-o", path_str(&dir.join("o.cu"))]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    // A static member function is differentiated like a function.
    assert!(!err.contains("bad_methods.cu:8:"), "{err}");
    assert!(
        err.contains("bad_methods.cu:9:27: error: `P::f` is overloaded"),
        "{err}"
    );
    assert!(
        err.contains(
            "bad_methods.cu:10:27: error: cuad cannot differentiate the member function `Q::g`"
        ),
        "{err}"
    );
    assert!(
        err.contains("bad_methods.cu:11:27: error: `P` has no member function named `nope`"),
        "{err}"
    );
    assert!(
        err.contains("bad_methods.cu:12:27: error: cuad cannot differentiate `O::out` yet: its body is outside the struct"),
        "{err}"
    );
}

/// Requests inside device code, as Clad allows: a kernel asks for the gradient of a
/// `__host__ __device__` function and of a `__device__` one, and executes it on the device;
/// the host asks for the same gradient and compares.
const DEVICE_REQUESTS_PROGRAM: &str = r#"#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
#define N 3

__device__ __host__ double soft_distance(double* x, double* p, double k, int dim) {
  double s = 0;
  for (int i = 0; i < dim; i++) s += (x[i] - p[i]) * (x[i] - p[i]);
  return std::pow(1.0 + s / k, 0.5) * std::exp(-s / (4 * k));
}

__device__ float cubic(float a, float b) { return a * a * a * b; }

__global__ void compute(double* d_x, double* d_p, int n, double* d_result) {
  auto dist_dp = clad::gradient(soft_distance, "p");
  dist_dp.execute(d_x, d_p, 2.0, n, d_result);
}

__global__ void per_thread(const float* a, float* da, float* db, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    auto g = clad::gradient(cubic);
    float ga = 0.0f, gb = 0.0f;
    g.execute(a[i], 2.0f, &ga, &gb);
    da[i] = ga;
    db[i] = gb;
  }
}

int main() {
  double x[N] = {2.0, 0.5, -1.0}, p[N] = {1.0, 1.0, 1.0};
  double *d_x, *d_p, *d_result;
  cudaMalloc(&d_x, sizeof x); cudaMalloc(&d_p, sizeof p); cudaMalloc(&d_result, sizeof x);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_p, p, sizeof p, cudaMemcpyHostToDevice);
  cudaMemset(d_result, 0, sizeof x);
  compute<<<1, 1>>>(d_x, d_p, N, d_result);
  double result[N], cpu[N] = {0, 0, 0};
  cudaMemcpy(result, d_result, sizeof result, cudaMemcpyDeviceToHost);
  auto dist_dp = clad::gradient(soft_distance, "p");
  dist_dp.execute(x, p, 2.0, N, cpu);
  printf("%.9f %.9f %.9f\n", result[0], result[1], result[2]);
  printf("%.9f %.9f %.9f\n", cpu[0], cpu[1], cpu[2]);
  const int n = 5;
  float *a, *da, *db;
  cudaMallocManaged(&a, n * sizeof(float)); cudaMallocManaged(&da, n * sizeof(float));
  cudaMallocManaged(&db, n * sizeof(float));
  for (int i = 0; i < n; ++i) a[i] = 0.5f * i;
  per_thread<<<2, 4>>>(a, da, db, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) printf("%g %g ", da[i], db[i]);
  printf("\n");
  return 0;
}
"#;

#[test]
fn requests_in_device_code_run() {
    let (stdout, _) = build_and_run("device_requests", DEVICE_REQUESTS_PROGRAM);
    // f = sqrt(1 + s / k) exp(-s / (4 k)) with s = |x - p|^2:
    // d/dp_i = -2 (x_i - p_i) df/ds, df/ds = exp(-s / (4 k)) / k (1 / (2 r) - r / 4), r = sqrt(1 + s / k).
    let (x, p, k) = ([2.0f64, 0.5, -1.0], [1.0f64; 3], 2.0f64);
    let s: f64 = x.iter().zip(&p).map(|(a, b)| (a - b) * (a - b)).sum();
    let r = (1.0 + s / k).sqrt();
    let df_ds = (-s / (4.0 * k)).exp() / k * (0.5 / r - r / 4.0);
    let grad: Vec<f64> = (0..3).map(|i| -2.0 * (x[i] - p[i]) * df_ds).collect();
    let mut expected = grad.clone();
    expected.extend(&grad);
    // a^3 b at b = 2: d/da = 3 a^2 b, d/db = a^3.
    for i in 0..5 {
        let a = 0.5 * i as f64;
        expected.extend([6.0 * a * a, a * a * a]);
    }
    assert_close(&numbers(&stdout), &expected, 1e-6, &stdout);
}

/// Requests of lambdas bound to locals (Clad differentiates them like functions); what cuad
/// cannot do with captures and functor objects is diagnosed.
const LAMBDA_REQUESTS_PROGRAM: &str = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

int main() {
  auto f = [](double x, double y) { return x * x * y; };
  auto g = clad::gradient(f);
  double dx = 0, dy = 0;
  g.execute(2.0, 3.0, &dx, &dy);
  auto pow4 = [](float a) {
    float r = a;
    for (int i = 0; i < 3; ++i) r = r * a;
    return r;
  };
  auto gp = clad::gradient(pow4, "a");
  float da = 0;
  gp.execute(1.5f, &da);
  printf("%g %g %g\n", dx, dy, da);
  return 0;
}
"#;

#[test]
fn lambda_requests_run() {
    let (stdout, _) = build_and_run("lambda_requests", LAMBDA_REQUESTS_PROGRAM);
    // x^2 y at (2, 3): 2xy = 12, x^2 = 4; a^4 at 1.5: 4 a^3 = 13.5.
    assert_close(&numbers(&stdout), &[12.0, 4.0, 13.5], 1e-6, &stdout);

    let dir = scratch("bad_lambda");
    let input = write(
        &dir,
        "bad_lambda.cu",
        "#include \"clad/Differentiator/Differentiator.h\"\n\
         struct Sq { double operator()(double x) { return x * x; } };\n\
         int main() {\n\
         \x20 double k = 2.0;\n\
         \x20 auto f = [k](double x) { return k * x; };\n\
         \x20 auto g = clad::gradient(f);\n\
         \x20 k = 3.0;\n\
         \x20 auto s = Sq();\n\
         \x20 auto h = clad::gradient(s);\n\
         \x20 auto r = [&](double x) { return k * x; };\n\
         \x20 auto q = clad::gradient(r, \"k\");\n\
         }\n",
    );
    let out = cuad(&["build", path_str(&input), "-o", path_str(&dir.join("o.cu"))]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("bad_lambda.cu:5:12: error: the lambda captures `k` by value and `k` changes after its declaration"),
        "{err}"
    );
    assert!(
        err.contains("bad_lambda.cu:9:27: error: `s` is a variable, not a function (cuad differentiates functor objects declared with their struct type, not `auto`)"),
        "{err}"
    );
    assert!(
        err.contains(
            "bad_lambda.cu:11:30: error: `k` is captured by the lambda, not one of its parameters"
        ),
        "{err}"
    );
}

/// Functor objects (`clad::gradient(E)` / `(&E)`: `operator()` differentiated, executed with
/// the object bound and its adjoint `&d_E` optional, as Clad's test/Gradient/Functors.C) and
/// lambdas with captures (by reference, and by value of a variable that never changes);
/// later changes of the object and of captured variables are seen by the gradient.
const FUNCTOR_REQUESTS_PROGRAM: &str = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

struct Experiment {
  mutable double x, y;
  Experiment(double p_x = 0, double p_y = 0) : x(p_x), y(p_y) {}
  double operator()(double i, double j) { return x * i * j; }
  void setX(double val) { x = val; }
};

struct ExperimentConst {
  double x, y;
  double operator()(double i, double j) const { return x * i * j + y; }
};

namespace outer {
namespace inner {
struct ExperimentNNS {
  double x, y;
  double operator()(double i, double j) { return x * i * j; }
};
}  // namespace inner
}  // namespace outer

template <typename T>
struct Scale {
  T s;
  T operator()(T v) const { return s * v * v; }
};

double x = 3;

double use(const ExperimentConst& c) {
  auto g = clad::gradient(c);
  double di = 0, dj = 0;
  ExperimentConst dc{0, 0};
  g.execute(7, 9, &dc, &di, &dj);
  return di + 100 * dj + 10000 * dc.x;
}

int main() {
  Experiment E(3, 5), d_E;
  const ExperimentConst E_Const{3, 5};
  outer::inner::ExperimentNNS E_NNS{3, 5}, d_E_NNS{0, 0};
  double res[2];
  auto E_grad = clad::gradient(&E);
  auto ERef_grad = clad::gradient(E);
  res[0] = res[1] = 0;
  E_grad.execute(7, 9, &d_E, &res[0], &res[1]);
  printf("%.2f %.2f %.2f\n", res[0], res[1], d_E.x);
  res[0] = res[1] = 0;
  ERef_grad.execute(7, 9, &res[0], &res[1]);
  printf("%.2f %.2f\n", res[0], res[1]);
  auto C_grad = clad::gradient(E_Const);
  ExperimentConst d_C{0, 0};
  res[0] = res[1] = 0;
  C_grad.execute(7, 9, &d_C, &res[0], &res[1]);
  printf("%.2f %.2f %.2f %.2f\n", res[0], res[1], d_C.x, d_C.y);
  auto N_grad = clad::gradient(E_NNS, "j");
  res[0] = 0;
  N_grad.execute(7, 9, &d_E_NNS, &res[0]);
  printf("%.2f\n", res[0]);
  double k = 2.0;
  auto lambdaWithCapture = [&](double ii, double j) { return x * ii * j * k; };
  auto L_grad = clad::gradient(lambdaWithCapture);
  res[0] = res[1] = 0;
  L_grad.execute(7, 9, &res[0], &res[1]);
  printf("%.2f %.2f\n", res[0], res[1]);
  E.setX(6);
  x = 6;
  k = 1.0;
  res[0] = res[1] = 0;
  E_grad.execute(7, 9, &d_E, &res[0], &res[1]);
  printf("%.2f %.2f\n", res[0], res[1]);
  res[0] = res[1] = 0;
  L_grad.execute(7, 9, &res[0], &res[1]);
  printf("%.2f %.2f\n", res[0], res[1]);
  const double c = 0.5;
  auto byValue = [c](double v) { return c * v * v; };
  auto V_grad = clad::gradient(byValue, "v");
  double dv = 0;
  V_grad.execute(4.0, &dv);
  Scale<float> sc{1.5f};
  auto S_grad = clad::gradient(sc);
  float dsv = 0;
  Scale<float> d_sc{0};
  S_grad.execute(2.0f, &d_sc, &dsv);
  printf("%.2f %.2f %.2f %.2f\n", dv, dsv, d_sc.s, use(E_Const));
  return 0;
}
"#;

#[test]
fn functor_and_capturing_lambda_requests_run() {
    let (stdout, _) = build_and_run("functor_requests", FUNCTOR_REQUESTS_PROGRAM);
    // x i j at x = 3, (i, j) = (7, 9): x j = 27, x i = 21, i j = 63 (d_E.x); + y: d_y = 1.
    // x i j k with x = 3, k = 2: 54, 42; after x = 6 (and E.x = 6), k = 1: 54, 42.
    // c v^2 at c = 0.5, v = 4: 4; s v^2 at s = 1.5, v = 2: 6, d_s = 4;
    // use(): 27 + 100 * 21 + 10000 * 63.
    let expected = [
        27.0, 21.0, 63.0, //
        27.0, 21.0, //
        27.0, 21.0, 63.0, 1.0,  //
        21.0, //
        54.0, 42.0, //
        54.0, 42.0, //
        54.0, 42.0, //
        4.0, 6.0, 4.0, 632127.0,
    ];
    assert_close(&numbers(&stdout), &expected, 1e-9, &stdout);
}

/// `execute_kernel` with dynamic shared memory and a stream given as `0`: the size is the
/// primal kernel's (as with Clad); the gradient kernel, which keeps the shared adjoints in a
/// second half, gets twice that. Requests inside a function template and a method run too.
const SHARED_MEMORY_PROGRAM: &str = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

__global__ void block_sum(const float* in, float* out, int n) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] * in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0];
}

struct Vec2 { double x, y; };
double norm2(Vec2 v, double s) { return s * (v.x * v.x + v.y * v.y); }

double dot(const double* a, const double* b, int n) {
  double r = 0;
  for (int i = 0; i < n; ++i) r += a[i] * b[i];
  return r;
}

template <typename T>
void run_template(T scale) {
  auto g = clad::gradient(dot, "a, b");
  double a[2] = {1, 2}, b[2] = {3, 4}, da[2] = {0, 0}, db[2] = {0, 0};
  g.execute(a, b, 2, clad::array_ref<double>(da, 2), clad::array_ref<double>(db, 2));
  printf("%g %g %g %g\n", scale * da[0], scale * da[1], scale * db[0], scale * db[1]);
}

struct Runner {
  double w;
  void go() {
    auto g = clad::gradient(norm2);
    Vec2 v{1.0, 2.0}, dv{0, 0};
    double ds = 0;
    g.execute(v, w, &dv, &ds);
    printf("%g %g %g\n", dv.x, dv.y, ds);
  }
};

int main() {
  const int n = 8, B = 4;
  float *in, *out, *din, *dout;
  cudaMallocManaged(&in, n * sizeof(float)); cudaMallocManaged(&out, 2 * sizeof(float));
  cudaMallocManaged(&din, n * sizeof(float)); cudaMallocManaged(&dout, 2 * sizeof(float));
  for (int i = 0; i < n; ++i) { in[i] = i; din[i] = 0; }
  dout[0] = 1; dout[1] = 2;
  auto g = clad::gradient(block_sum, "in, out");
  g.execute_kernel(dim3(2), dim3(B), B * sizeof(float), 0, in, out, n, din, dout);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) printf("%g ", din[i]);
  printf("\n");
  run_template(2);
  Runner r{3.0};
  r.go();
  return 0;
}
"#;

#[test]
fn execute_kernel_with_shared_memory_and_stream() {
    let (stdout, _) = build_and_run("shared_memory", SHARED_MEMORY_PROGRAM);
    // out[b] = sum of in^2 over block b: d_in[i] = 2 in[i] d_out[b].
    let mut expected: Vec<f64> = (0..8)
        .map(|i| 2.0 * i as f64 * if i < 4 { 1.0 } else { 2.0 })
        .collect();
    // dot: d_a = b, d_b = a (times 2); norm2 at v = (1, 2), s = 3: 2 s v, |v|^2.
    expected.extend([6.0, 8.0, 2.0, 4.0, 6.0, 12.0, 5.0]);
    assert_close(&numbers(&stdout), &expected, 1e-6, &stdout);
}

/// Clad's `CUDA_HOST_DEVICE` (CladConfig.h) on a functor and a helper it calls, both on the
/// host and in a kernel: d/dx (a x^2 + b) = 2 a x at x = 3, a = 1.5, and d/da = x^2.
#[test]
fn clad_host_device_macro_works() {
    let program = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"
CUDA_HOST_DEVICE double sq(double x) { return x * x; }
struct Quad {
  double a, b;
  CUDA_HOST_DEVICE double operator()(double x) const { return a * sq(x) + b; }
};
__global__ void apply(Quad q, const double* x, double* y) { y[threadIdx.x] = q(x[threadIdx.x]); }
int main() {
  Quad q{1.5, 2.0};
  auto g = clad::gradient(q);
  double dx = 0;
  g.execute(3.0, &dx);
  printf("%g\n", dx);
  double *x, *y, *d_x, *d_y;
  Quad* d_q;
  cudaMallocManaged(&d_q, sizeof(Quad));
  d_q->a = d_q->b = 0;
  cudaMallocManaged(&x, 2 * sizeof(double)); cudaMallocManaged(&y, 2 * sizeof(double));
  cudaMallocManaged(&d_x, 2 * sizeof(double)); cudaMallocManaged(&d_y, 2 * sizeof(double));
  x[0] = 3; x[1] = -1; d_x[0] = d_x[1] = 0; d_y[0] = d_y[1] = 1;
  auto k = clad::gradient(apply, "q, x, y");
  k.execute_kernel(dim3(1), dim3(2), q, x, y, d_q, d_x, d_y);
  cudaDeviceSynchronize();
  printf("%g %g %g %g\n", d_x[0], d_x[1], d_q->a, d_q->b);
  return 0;
}
"#;
    let (stdout, _) = build_and_run("host_device_macro", program);
    // kernel: d_x = 2 a x per element; d_a = sum x^2 = 10, d_b = 2.
    assert_close(
        &numbers(&stdout),
        &[9.0, 9.0, -3.0, 10.0, 2.0],
        1e-12,
        &stdout,
    );
}

/// Clad's runtime helpers on the host: `zero_init` of a scalar, an array, a pointer range and
/// an aggregate; `restore_tracker` keeps the first value stored per address, restores on
/// every `restore()` until `clear()`.
#[test]
fn clad_runtime_helpers_work() {
    let program = r#"#include <cstdio>
#include "clad/Differentiator/Differentiator.h"
struct P { double x; float y[2]; };
int main() {
  double s = 4, a[3] = {1, 2, 3}, b[4] = {5, 6, 7, 8};
  P p{1, {2, 3}};
  clad::zero_init(s);
  clad::zero_init(a);
  clad::zero_init(b + 1, 2);
  clad::zero_init(p);
  printf("%g %g %g %g %g %g %g %g %g %g %g\n", s, a[0], a[1], a[2], b[0], b[1], b[2], b[3],
         p.x, p.y[0], p.y[1]);
  clad::restore_tracker t;
  double v = 1.5;
  int k = 7;
  t.store(v);
  v = 2.5;
  t.store(v);  // ignored: v was stored already
  t.store(k);
  v = 9; k = 9;
  t.restore();
  printf("%g %d\n", v, k);
  v = 3;
  t.restore();
  printf("%g\n", v);
  t.clear();
  v = 4;
  t.restore();
  printf("%g\n", v);
  return 0;
}
"#;
    let (stdout, _) = build_and_run("runtime_helpers", program);
    let mut expected = vec![0.0, 0.0, 0.0, 0.0, 5.0, 0.0, 0.0, 8.0, 0.0, 0.0, 0.0];
    expected.extend([1.5, 7.0, 1.5, 4.0]);
    assert_close(&numbers(&stdout), &expected, 0.0, &stdout);
}

/// A Clad-compatibility program (tests/clad/NAME.cu): `cuad build`, nvcc, the CPU emulation;
/// returns its stdout.
fn run_clad_test(name: &str) -> String {
    let input = repo().join(format!("tests/clad/{name}.cu"));
    build_and_run_file(&format!("clad_{name}"), &input).0
}

/// The `// CHECK-EXEC:` / `// CHECK-EXEC-NEXT:` lines of tests/clad/NAME.cu: for each, whether
/// it is a `-NEXT` one and its pattern.
fn check_exec_lines(name: &str) -> Vec<(bool, String)> {
    let src = std::fs::read_to_string(repo().join(format!("tests/clad/{name}.cu")))
        .expect("read tests/clad program");
    let checks: Vec<(bool, String)> = src
        .lines()
        .filter_map(|l| {
            let (before, rest) = l.split_once("// CHECK-EXEC")?;
            // `// CHECK-EXEC:` quoted in a comment is not a directive.
            if before.ends_with('`') {
                return None;
            }
            let (next, pattern) = match rest.strip_prefix("-NEXT:") {
                Some(p) => (true, p),
                None => (false, rest.strip_prefix(':')?),
            };
            Some((next, pattern.trim().to_string()))
        })
        .collect();
    assert!(!checks.is_empty(), "{name}: no CHECK-EXEC lines");
    checks
}

/// The CHECK-EXEC lines of tests/clad/NAME.cu matched against what the program prints, as
/// FileCheck does: each pattern is found in a later line than the previous match, a `-NEXT`
/// one in the line right after it. Returns the program's stdout.
fn clad_test_matches_check_exec(name: &str) -> String {
    let checks = check_exec_lines(name);
    let stdout = run_clad_test(name);
    let lines: Vec<&str> = stdout.lines().collect();
    let mut at = 0; // the first line a plain CHECK-EXEC may match
    for (next, pattern) in &checks {
        let found = if *next {
            lines
                .get(at)
                .filter(|l| l.contains(pattern.as_str()))
                .map(|_| at)
        } else {
            (at..lines.len()).find(|&i| lines[i].contains(pattern.as_str()))
        };
        let Some(i) = found else {
            panic!("{name}: `{pattern}` not found from output line {at}:\n{stdout}");
        };
        at = i + 1;
    }
    stdout
}

/// `clad_test_matches_check_exec` for a program whose every output line is checked: the
/// lines it prints are its CHECK-EXEC patterns, all of them and nothing else.
fn clad_test_prints_check_exec(name: &str) -> String {
    let stdout = clad_test_matches_check_exec(name);
    let checks = check_exec_lines(name);
    let patterns: Vec<&str> = checks.iter().map(|(_, p)| p.as_str()).collect();
    let lines: Vec<&str> = stdout.lines().map(str::trim).collect();
    assert_eq!(
        lines, patterns,
        "{name}: output lines against CHECK-EXEC\n{stdout}"
    );
    stdout
}

/// tests/clad/DeviceRuntime.cu (cuad's own program): `restore_tracker` and `zero_init` in a
/// kernel, gradients of CUDA intrinsics, a `__shared__` kernel gradient through
/// `execute_kernel` and forward mode of a host function launching a kernel.
#[test]
fn clad_device_runtime_matches() {
    clad_test_matches_check_exec("DeviceRuntime");
}

/// tests/clad/KernelGradients.cu (cuad's own program): gradients of kernels (elementwise,
/// strided loops, broadcasts, `__device__` callees) through both `execute_kernel` forms, the
/// messages for the wrong `execute`, and host functions that launch kernels and copy data.
#[test]
fn clad_kernel_gradients() {
    let stdout = clad_test_prints_check_exec("KernelGradients");
    assert!(
        stdout.contains("Use execute() for non-global CUDA kernels\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Use execute_kernel() for global CUDA kernels\n"),
        "{stdout}"
    );
    assert!(stdout.contains("no error\n"), "{stdout}");
}

/// tests/clad/DifferentiateSolvers.cu (cuad's own program): `clad::differentiate` of host and
/// `__host__ __device__` solvers (RK4 through pointer outputs, Newton steps in a fixed count
/// and in a tolerance loop, CUDA math), each checked in the program against finite differences.
#[test]
fn clad_differentiate_solvers() {
    clad_test_prints_check_exec("DifferentiateSolvers");
}

/// tests/clad/CustomPushforwardTypes.cu (cuad's own program): custom pullbacks and
/// pushforwards in `clad::custom_derivatives` returning `clad::ValueAndPushforward`, used from
/// kernel, host and forward-mode requests, checked in the program against finite differences.
#[test]
fn clad_custom_pushforward_types() {
    clad_test_prints_check_exec("CustomPushforwardTypes");
}

/// tests/clad/ArrayRefPullback.cu (cuad's own program): a custom pullback taking its adjoint
/// as `clad::array_ref<double>` (a bare pointer converts, as in Clad).
#[test]
fn clad_array_ref_pullback() {
    clad_test_prints_check_exec("ArrayRefPullback");
}

/// tests/clad/PhysicsKernelGradients.cu (cuad's own program): `clad::gradient` of a warp-shuffle
/// energy kernel with an atomic total, a shared-memory block RMS and a host RK4 driver, each
/// checked in the program against finite differences.
#[test]
fn clad_physics_kernel_gradients() {
    clad_test_prints_check_exec("PhysicsKernelGradients");
}

/// tests/clad/IntegerKernelGradients.cu (cuad's own program): `int` kernels differentiated with
/// integer adjoints (requests naming integer parameters), as Clad does.
#[test]
fn clad_integer_kernels() {
    clad_test_prints_check_exec("IntegerKernelGradients");
}

/// tests/clad/DeviceGradientObject.cu (cuad's own program): a gradient object made at file
/// scope, passed to a kernel as `decltype(g)` and executed by each thread on its slice; the
/// host executes it on one slice. dE/dw_j = 3 sqrt(A) w_j e_j / tau with e_j = exp(-x_j / tau)
/// and A = sum_i w_i^2 e_i, computed here from the program's data.
#[test]
fn clad_device_gradient_object() {
    let stdout = clad_test_prints_check_exec("DeviceGradientObject");
    let x = [0.0f64, 2.0, 4.0, -1.0, 0.0, 1.0];
    let w = [1.0f64, 0.5, 2.0, 0.3, -0.7, 1.1];
    let tau = 2.0f64;
    let group = |g: usize| -> Vec<f64> {
        let e: Vec<f64> = (0..3).map(|i| (-x[3 * g + i] / tau).exp()).collect();
        let a: f64 = (0..3).map(|i| w[3 * g + i] * w[3 * g + i] * e[i]).sum();
        (0..3)
            .map(|i| 3.0 * a.sqrt() * w[3 * g + i] * e[i] / tau)
            .collect()
    };
    // Device groups 0 and 1, then group 1 on the host (`N:` labels are not numbers).
    let expected = [group(0), group(1), group(1)].concat();
    assert_close(&numbers(&stdout), &expected, 1e-6, &stdout);
}

/// tests/clad/ArrayLoops.cu (cuad's own program): gradients of array loops requested through
/// a token-pasting macro; the log-sum-exp line is the softmax of p, computed here.
#[test]
fn clad_array_loops() {
    let stdout = clad_test_prints_check_exec("ArrayLoops");
    let p = [0.5f64, 1.0, 2.0, 4.0, 0.25];
    let total: f64 = p.iter().map(|v| v.exp()).sum();
    let softmax: Vec<f64> = p.iter().map(|v| v.exp() / total).collect();
    let last = stdout.lines().last().expect("output");
    let got = numbers(last);
    assert_close(&got, &softmax, 1e-4, &stdout);
}

/// tests/clad/JacobianHessian.cu (cuad's own program): `clad::jacobian` (scalar and array
/// inputs, pointer and `clad::matrix` forms, an output read back) and `clad::hessian` (math
/// functions, loops, a helper call, a parameter subset, `clad::array_ref`, `clad::matrix`),
/// also requested in a kernel for `__device__` functions; the program compares its matrices
/// with central finite differences. Here, the kernel's Rosenbrock Hessians are checked
/// against their closed form.
#[test]
fn clad_jacobian_hessian() {
    let stdout = clad_test_prints_check_exec("JacobianHessian");
    for (line, (a, b)) in stdout
        .lines()
        .filter(|l| l.starts_with("rosen "))
        .zip([(1.0f64, 1.0f64), (-0.5, 2.0)])
    {
        let expected = [
            2.0 - 400.0 * (b - a * a) + 800.0 * a * a,
            -400.0 * a,
            -400.0 * a,
            200.0,
        ];
        assert_close(&numbers(line), &expected, 1e-2, line);
    }
}

/// `clad::hessian` next to `clad::differentiate` and `clad::gradient` of the same functions
/// (and a shared callee): the Hessian's forward mode is generated apart and renamed, so the
/// other requests' pushforwards and pullbacks do not clash with it. Every number is checked
/// against central finite differences of the same functions computed here.
#[test]
fn hessian_next_to_other_requests_runs() {
    let program = r#"#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
__host__ __device__ double helper(double u, double v) { return u * exp(v) + log(u + v * v); }
double f(double x, double y) { return helper(x * y, y) * x; }
double k(double x) { return helper(x, x) * sin(x); }
int main() {
  auto h = clad::hessian(f);
  auto hk = clad::hessian(k);
  auto d = clad::differentiate(f, "x");
  auto dk = clad::differentiate(k);
  auto g = clad::gradient(f);
  double m[4], mk[1], gx = 0, gy = 0;
  h.execute(0.7, 1.1, m);
  hk.execute(0.6, mk);
  g.execute(0.7, 1.1, &gx, &gy);
  printf("%.9f %.9f %.9f %.9f %.9f\n", m[0], m[1], m[2], m[3], mk[0]);
  printf("%.9f %.9f %.9f %.9f\n", d.execute(0.7, 1.1), gx, gy, dk.execute(0.6));
}
"#;
    let (stdout, _) = build_and_run("hessian_next_to_others", program);
    let helper = |u: f64, v: f64| u * v.exp() + (u + v * v).ln();
    let f = |x: f64, y: f64| helper(x * y, y) * x;
    let k = |x: f64| helper(x, x) * x.sin();
    let h = 1e-4;
    let second = |g: &dyn Fn(f64, f64) -> f64, i: usize, j: usize, p: [f64; 2]| {
        let at = |di: f64, dj: f64| {
            let mut q = p;
            q[i] += di;
            q[j] += dj;
            g(q[0], q[1])
        };
        (at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4.0 * h * h)
    };
    let p = [0.7, 1.1];
    let mut expected: Vec<f64> = (0..4).map(|e| second(&f, e / 2, e % 2, p)).collect();
    expected.push(second(&|x, _| k(x), 0, 0, [0.6, 0.0]));
    let e = 1e-6;
    expected.extend([
        (f(0.7 + e, 1.1) - f(0.7 - e, 1.1)) / (2.0 * e),
        (f(0.7 + e, 1.1) - f(0.7 - e, 1.1)) / (2.0 * e),
        (f(0.7, 1.1 + e) - f(0.7, 1.1 - e)) / (2.0 * e),
        (k(0.6 + e) - k(0.6 - e)) / (2.0 * e),
    ]);
    assert_close(&numbers(&stdout), &expected, 1e-5, &stdout);
}

/// A kernel for the forward/reverse cross-check: a loop, a branch and math calls.
const CROSS_CHECK_KERNEL: &str = r#"__global__ void k(int n, const double* x, const double* y, double a, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = x[i];
  for (int j = 0; j < 3; ++j) {
    if (s > 0.0) s = s * a + sin(y[i]);
    else s = exp(s) - y[i] * a;
  }
  out[i] = s * y[i] + a;
}
"#;

const CROSS_CHECK_DRIVER: &str = r#"
#include <cstdio>
int main() {
  const int n = 37;
  double *x, *y, *out, *vx, *vy, *d_out, *gx, *gy, *ga, *w;
  double** all[] = {&x, &y, &out, &vx, &vy, &d_out, &gx, &gy, &w};
  for (double** p : all) cudaMallocManaged(p, n * sizeof(double));
  cudaMallocManaged(&ga, sizeof(double));
  for (int i = 0; i < n; ++i) {
    x[i] = std::sin(1.3 * i) * 0.9; y[i] = std::cos(0.7 * i); out[i] = 0; d_out[i] = 0;
    vx[i] = std::cos(2.1 * i); vy[i] = std::sin(0.4 * i + 1); w[i] = std::cos(0.3 * i + 0.5);
    gx[i] = 0; gy[i] = 0;
  }
  const double a = 0.8, va = -0.6;
  *ga = 0;
  // J v by forward mode: <w, J v>
  k_pushforward<<<2, 32>>>(n, x, y, a, out, vx, vy, va, d_out);
  cudaDeviceSynchronize();
  double forward = 0;
  for (int i = 0; i < n; ++i) forward += w[i] * d_out[i];
  // J^T w by reverse mode: <J^T w, v>
  double* seed = d_out;
  for (int i = 0; i < n; ++i) seed[i] = w[i];
  k_grad_1_2_3_4<<<2, 32>>>(n, x, y, a, out, gx, gy, ga, seed);
  cudaDeviceSynchronize();
  double reverse = *ga * va;
  for (int i = 0; i < n; ++i) reverse += gx[i] * vx[i] + gy[i] * vy[i];
  printf("%.15e %.15e\n", forward, reverse);
  return 0;
}
"#;

/// `cuad fwd` and `cuad grad` of one kernel agree: <w, J v> = <J^T w, v>.
#[test]
fn forward_and_reverse_modes_agree() {
    modes_agree("cross_check", CROSS_CHECK_KERNEL);
}

/// The same check on a kernel with a shared tile and halo under `__syncthreads`, a struct
/// returned by a device function in a loop, a data-dependent `while` in a device function,
/// a local shadowing another one and an early return: an error in either mode shows.
const CROSS_CHECK_KERNEL2: &str = r#"struct Acc { double s, q; };
__device__ Acc step(Acc c, double v, double a) {
  Acc r;
  r.s = c.s * a + v;
  r.q = c.q + v * v;
  return r;
}
__device__ double settle(double s, double a) {
  int it = 0;
  double t = s;
  while (fabs(t) > 0.05 && it < 20) {
    double t2 = t * 0.5 * a;
    t = t2 - 0.01 * sin(t2);
    ++it;
  }
  return t + s;
}
__global__ void k(int n, const double* x, const double* y, double a, double* out) {
  __shared__ double tile[34];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int li = threadIdx.x + 1;
  tile[li] = i < n ? x[i] : 0.0;
  if (threadIdx.x == 0) tile[0] = i > 0 ? x[i - 1] : 0.0;
  if (threadIdx.x == blockDim.x - 1) tile[li + 1] = i + 1 < n ? x[i + 1] : 0.0;
  __syncthreads();
  if (i >= n) return;
  Acc c = {0.0, 0.0};
  for (int j = -1; j <= 1; ++j) {
    double v = tile[li + j] * y[i];
    c = step(c, v, a);
  }
  double s = c.s;
  {
    double s = settle(c.q, a);
    out[i] = s * y[i];
  }
  out[i] += s;
}
"#;

#[test]
fn forward_and_reverse_modes_agree_on_shared_tiles_and_loops() {
    modes_agree("cross_check2", CROSS_CHECK_KERNEL2);
}

fn modes_agree(name: &str, kernel: &str) {
    let dir = scratch(name);
    let input = write(&dir, "k.cu", kernel);
    let (fwd_out, grad_out) = (dir.join("k_fwd.cu"), dir.join("k_grad.cu"));
    for (command, out) in [("fwd", &fwd_out), ("grad", &grad_out)] {
        let r = cuad(&[command, path_str(&input), "--fn", "k", "-o", path_str(out)]);
        assert!(r.status.success(), "cuad {command}: {}", text(&r.stderr));
    }
    // Each output is the input plus generated code: keep one input, both generated parts.
    let forward = std::fs::read_to_string(&fwd_out).expect("fwd output");
    let reverse = std::fs::read_to_string(&grad_out).expect("grad output");
    let program = format!(
        "#include <cmath>\n{forward}{}{CROSS_CHECK_DRIVER}",
        &reverse[kernel.len()..]
    );
    let both = write(&dir, "both.cu", &program);
    let run = run_on_cpu(&both, &[]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", text(&run.stderr));
    let got = numbers(&stdout);
    assert_eq!(got.len(), 2, "{stdout}");
    assert!(got[0].abs() > 1e-3, "a trivial check: {stdout}");
    assert_close(&got[..1], &got[1..], 1e-10, "<w, J v> = <J^T w, v>");
    nvcc_compiles(&both);
}

/// What forward mode cannot do right is an error at the construct, never wrong code.
#[test]
fn fwd_diagnoses_what_it_would_get_wrong() {
    let dir = scratch("fwd_diagnostics");
    let input = write(
        &dir,
        "fd.cu",
        "__device__ double opaque(double v);\n\
         __global__ void k(int n, const double* x, double* out) {\n\
         \x20 int i = threadIdx.x;\n\
         \x20 if (i < n) out[i] = x[i] * x[i];\n\
         }\n\
         __global__ void m(const double* x, double* out) { out[0] = opaque(x[0]); }\n\
         struct V { double a, b; };\n\
         __device__ double dotv(V u, double s) { V w = u * s; return w.a + w.b; }\n\
         __global__ void dyn(const double* x, double* out) {\n\
         \x20 atomicExch(&out[0], x[threadIdx.x]);\n\
         }\n\
         template <typename T> struct Sq { T a; __device__ Sq(T r) : a(r * r) {} };\n\
         __global__ void sq(const double* x, double* out) { Sq<double> q(x[0]); out[0] = q.a; }\n\
         struct P2 { double a, b; __device__ P2(double u, double v) : a(u), b(u * v) {} };\n\
         __global__ void p2(const double* x, double* out) { out[0] = P2(x[0], x[1]).b; }\n\
         __global__ void ov(const double* x, double* out) { double o = atomicAdd(out, x[0]); out[1] = o; }\n\
         __device__ double cube(double v) { return v * v * v; }\n\
         __global__ void hc(const double* x, double* out) { out[0] = cube(x[0]); }\n\
         __device__ double g_acc;\n\
         __global__ void gl(const double* x) { atomicAdd(&g_acc, x[threadIdx.x]); }\n\
         __global__ void ga(const double* x) { g_acc = 2.0 * x[0]; }\n\
         #include <vector>\n\
         double hv(int n, const double* x) {\n\
         \x20 std::vector<double> h(n);\n\
         \x20 double* d;\n\
         \x20 cudaMalloc(&d, n * sizeof(double));\n\
         \x20 cudaMemcpy(d, x, n * sizeof(double), cudaMemcpyHostToDevice);\n\
         \x20 cudaMemcpy(h.data(), d, n * sizeof(double), cudaMemcpyDeviceToHost);\n\
         \x20 cudaFree(d);\n\
         \x20 return h[0] * h[0];\n\
         }\n\
         double cm(double x, double y) { double b = 0; double z = (b += x, b * y); return z; }\n\
         __global__ void bits(const double* x, double* y) {\n\
         \x20 long long b = __double_as_longlong(x[0]);\n\
         \x20 y[0] = __longlong_as_double(b ^ (1LL << 63));\n\
         }\n\
         union U { float f; int i; };\n\
         __global__ void un(const float* x, float* y) { U u; u.f = x[0]; u.i &= 0x7fffffff; y[0] = u.f; }\n\
         template <int N> __device__ double pown(double x) { return x * pown<N - 1>(x); }\n\
         template <> __device__ double pown<0>(double x) { return 1.0; }\n\
         __global__ void pw(const double* x, double* y) { y[0] = pown<3>(x[0]); }\n\
         __global__ void sel(const double* x, const double* c, int f, double* y) {\n\
         \x20 const double* p = f ? x : c;\n\
         \x20 y[0] = p[0] * p[0];\n\
         }\n\
         __global__ void ld128(const float* x, float* y) {\n\
         \x20 int4 b = *reinterpret_cast<const int4*>(x + 4 * threadIdx.x);\n\
         \x20 y[threadIdx.x] = __int_as_float(b.x) + __int_as_float(b.w);\n\
         }\n\
         __global__ void rng(curandState* st, const float* x, float* y) {\n\
         \x20 y[0] = x[0] * (x[0] > 0.0f && curand_uniform(&st[0]) < 0.5f ? 2.0f : 1.0f);\n\
         }\n\
         struct M2 { double m[4]; __device__ double& operator()(int r, int c) { int k = r * 2 + c; return m[k]; } };\n\
         __global__ void acc(const double* x, double* y) {\n\
         \x20 M2 a;\n\
         \x20 a(0, 1) = x[0];\n\
         \x20 y[0] = a(0, 1);\n\
         }\n\
         constexpr bool UN() { return true; }\n\
         __global__ void ucv(const double* x, double* y) {\n\
         \x20 std::conditional_t<UN(), double, float> acc = x[0] * x[0];\n\
         \x20 y[0] = acc + x[0];\n\
         }\n\
         __device__ double uhelp(Opaque<double> a) { return a * a; }\n\
         __global__ void upar(const double* x, double* y) { y[0] = uhelp(x[0]); }\n\
         __device__ Opaque<double> uf(double a) { return a * a; }\n\
         __global__ void uret(const double* x, double* y) { y[0] = uf(x[0]); }\n",
    );
    let run = |args: &[&str]| {
        let mut all = vec!["fwd", path_str(&input)];
        all.extend_from_slice(args);
        let out = cuad(&all);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    let err = run(&["--fn", "k", "--wrt", "x"]);
    assert!(
        err.contains("fd.cu:4:14: error: forward mode: `out` receives values that depend on the differentiated parameters but has no tangent; add `out` to --wrt")
            && err.contains("  if (i < n) out[i] = x[i] * x[i];\n             ^~~~~~"),
        "{err}"
    );
    let err = run(&["--fn", "m"]);
    assert!(
        err.contains("fd.cu:6:60: error: forward mode: no derivative for `opaque`"),
        "{err}"
    );
    let err = run(&["--fn", "dotv"]);
    assert!(
        err.contains("fd.cu:8:47: error: forward mode: arithmetic on structs or vector types without a user-defined operator"),
        "{err}"
    );
    let err = run(&["--fn", "dyn"]);
    assert!(
        err.contains("fd.cu:10:3: error: forward mode: `atomicExch` of differentiated values has no derivative"),
        "{err}"
    );
    // constructors of class templates that do more than copy their parameters into fields
    // (those of other structs become stand-in functions: case cpp_ctor_body)
    let err = run(&["--fn", "sq"]);
    assert!(
        err.contains("fd.cu:13:63: error: forward mode: cuad differentiates constructors of `Sq` only when they copy their parameters into fields"),
        "{err}"
    );
    let err = run(&["--fn", "ov"]);
    assert!(
        err.contains("fd.cu:16:63: error: forward mode: the value of `atomicAdd` on differentiated memory is not supported; call `atomicAdd` as a statement of its own"),
        "{err}"
    );
    // the value of a pushforward call stored into an output without tangent
    let err = run(&["--fn", "hc", "--wrt", "x"]);
    assert!(
        err.contains("fd.cu:18:52: error: forward mode: `out` receives values that depend on the differentiated parameters but has no tangent; add `out` to --wrt"),
        "{err}"
    );
    // a `__device__` global receiving differentiated values (atomically or not) has no
    // tangent for a later kernel to read: an error, not a dropped derivative
    let err = run(&["--fn", "gl"]);
    assert!(
        err.contains("fd.cu:20:50: error: forward mode: `g_acc` is a global variable and receives values that depend on the differentiated parameters"),
        "{err}"
    );
    let err = run(&["--fn", "ga"]);
    assert!(
        err.contains("fd.cu:21:39: error: forward mode: `g_acc` is a global variable"),
        "{err}"
    );
    // an assignment inside an expression (a comma operand) would need its tangent there
    let err = run(&["--fn", "cm"]);
    assert!(
        err.contains("fd.cu:32:58: error: forward mode: an assignment of a differentiated value inside an expression"),
        "{err}"
    );
    // bits of a differentiated value turned back into a real, a union punning one
    let err = run(&["--fn", "bits"]);
    assert!(
        err.contains(
            "fd.cu:34:17: error: cuad cannot differentiate through `__double_as_longlong`"
        ),
        "{err}"
    );
    let err = run(&["--fn", "un"]);
    assert!(
        err.contains("fd.cu:38:17: error: `u` is a union that holds values carrying derivatives"),
        "{err}"
    );
    // an explicit specialization (kept opaque) ends the template's recursion: an error,
    // not the primary template instantiated forever
    let err = run(&["--fn", "pw"]);
    assert!(
        err.contains("fd.cu:41:57: error: forward mode: cuad cannot differentiate calls of `pown`: it has an explicit specialization"),
        "{err}"
    );
    // a pointer that may point to memory without a tangent (`c` is not in --wrt): its
    // shadow would be null where the tangent code reads it
    let err = run(&["--fn", "sel", "--wrt", "x,y"]);
    assert!(
        err.contains(
            "fd.cu:43:29: error: forward mode: this pointer may point to memory without a tangent"
        ),
        "{err}"
    );
    // 128-bit loads as integer bits (llm.c's Packed128): the values' derivatives would be lost
    let err = run(&["--fn", "ld128"]);
    assert!(
        err.contains("fd.cu:47:13: error: cuad cannot differentiate through the cast of `x + 4 * threadIdx.x` to `const int4*`"),
        "{err}"
    );
    let err = run(&["--fn", "rng"]);
    assert!(
        err.contains("fd.cu:51:33: error: cuad cannot differentiate a cuRAND draw inside `?:`, `&&` or `||`")
            && err.contains("&& curand_uniform(&st[0]) < 0.5f ? 2.0f : 1.0f);\n                                ^~~~~~~~~~~~~~~~~~~~~~"),
        "{err}"
    );
    let err = run(&["--fn", "k", "--wrt", "n"]);
    assert!(err.contains("cannot carry a derivative"), "{err}");
    // a store through a reference-returning `operator()` cuad cannot inline: its tangent
    // would be dropped (case mat_call_operator_ref inlines the one-`return` accessors)
    let err = run(&["--fn", "acc"]);
    assert!(
        err.contains("fd.cu:56:3: error: forward mode: cuad cannot tell where the tangent of `M2_operator_call(a, 0, 1)` lives"),
        "{err}"
    );
    // a local of a type cuad does not resolve (a condition it cannot evaluate) given a
    // varied value: an error, as in reverse mode, not a dropped tangent
    let err = run(&["--fn", "ucv"]);
    assert!(
        err.contains("fd.cu:61:43: error: forward mode: cuad cannot tell whether `acc` (of type `std::conditional_t`, which cuad does not know) carries the derivative"),
        "{err}"
    );
    // so is a varied argument of a parameter of such a type
    let err = run(&["--fn", "upar"]);
    assert!(
        err.contains("fd.cu:65:65: error: forward mode: cuad cannot tell whether parameter `a` of `uhelp` (of type `Opaque`, which cuad does not know) carries the derivative of this argument"),
        "{err}"
    );
    // or the value of a function returning such a type
    let err = run(&["--fn", "uret"]);
    assert!(
        err.contains("fd.cu:67:59: error: forward mode: cuad cannot tell whether the value of `uf` (of type `Opaque`, which cuad does not know) carries the derivative of its arguments"),
        "{err}"
    );
}

/// Structured bindings cuad does not lower (tuple-like types, bit-fields, a count of names
/// other than the count of members, `auto&` of a temporary, a scalar) are located errors in
/// both modes, with no output.
#[test]
fn structured_binding_limits_are_diagnosed() {
    let dir = scratch("sbind_limits");
    let input = write(
        &dir,
        "sbind.cu",
        "#include <utility>\n\
         struct Flags { unsigned lo : 4; unsigned hi : 4; };\n\
         struct P2 { float a, b; };\n\
         __device__ std::pair<float, float> halves(float x) { return std::pair<float, float>(x, x); }\n\
         __device__ P2 make(float x) { return P2{x, 2 * x}; }\n\
         __global__ void tuple_like(float* x) {\n\
         \x20 auto [u, v] = halves(x[0]);\n\
         \x20 x[0] = u * v;\n\
         }\n\
         __global__ void bits(float* x, const Flags* f) {\n\
         \x20 auto [lo, hi] = f[0];\n\
         \x20 x[0] = x[0] * lo;\n\
         }\n\
         __global__ void count(float* x) {\n\
         \x20 auto [a, b, c] = make(x[0]);\n\
         \x20 x[0] = a * b;\n\
         }\n\
         __global__ void temp_ref(float* x) {\n\
         \x20 auto& [a, b] = make(x[0]);\n\
         \x20 x[0] = a * b;\n\
         }\n\
         __global__ void scalar(float* x) {\n\
         \x20 auto [a] = x[0];\n\
         \x20 x[0] = a;\n\
         }\n\
         __global__ void short_array(float* x) {\n\
         \x20 float t[3] = {x[0], x[1], x[2]};\n\
         \x20 auto& [a, b] = t;\n\
         \x20 x[0] = a * b;\n\
         }\n",
    );
    let cases = [
        (
            "tuple_like",
            "sbind.cu:7:17: error: structured bindings of tuple-like types (`std::pair<...>`",
            "^~~~~~~~~~~~",
        ),
        (
            "bits",
            "sbind.cu:11:19: error: structured bindings of structs with bit-fields (`Flags`) are not supported by cuad",
            "^~~~",
        ),
        (
            "count",
            "sbind.cu:15:3: error: this structured binding declares 3 names but `P2` has 2 elements",
            "^~~~~~~~~~~~~~~~~~~~~~~~~~~~",
        ),
        (
            "temp_ref",
            "sbind.cu:19:18: error: a structured binding declared `auto&` needs an lvalue",
            "^~~~~~~~~~",
        ),
        (
            "scalar",
            "sbind.cu:23:14: error: cuad cannot decompose `float` in a structured binding",
            "^~~~",
        ),
        (
            "short_array",
            "sbind.cu:28:3: error: this structured binding declares 2 names but the array has 3 elements",
            "^~~~~~~~~~~~~~~~~",
        ),
    ];
    for (f, message, caret) in cases {
        for mode in ["grad", "fwd"] {
            let output = dir.join(format!("{f}_{mode}.cu"));
            let out = cuad(&[mode, path_str(&input), "--fn", f, "-o", path_str(&output)]);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{mode} {f}: {err}");
            assert!(!output.exists(), "{mode} {f}: no output after errors");
            assert!(err.contains(message), "{mode} {f}: {message}\n{err}");
            assert!(
                err.lines().any(|l| l.trim() == caret),
                "{mode} {f}: caret {caret}\n{err}"
            );
        }
    }
}
