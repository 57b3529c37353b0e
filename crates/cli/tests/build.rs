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
    let cpp = cu.with_extension("cpu.cpp");
    let src = std::fs::read_to_string(cu).expect("read output");
    std::fs::write(&cpp, rewrite_launches(&src)).expect("write cpu source");
    let exe = cu.with_extension("cpu.exe");
    let emulation = repo().join("include/cuad_cpu.h");
    let compile = Command::new("g++")
        .args([
            "-std=c++17",
            "-O1",
            "-pthread",
            "-w",
            "-include",
            path_str(&emulation),
        ])
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

/// Compiles with the pinned nvcc when it is installed (compile only: no GPU here).
fn nvcc_compiles(cu: &Path) {
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

#[test]
fn unsupported_requests_are_diagnosed() {
    let dir = scratch("unsupported");
    let input = write(
        &dir,
        "bad.cu",
        "#include \"clad/Differentiator/Differentiator.h\"\n\
         double f(double x, double* arr) { return x * arr[1]; }\n\
         int main() {\n\
         \x20 auto h = clad::hessian(f);\n\
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
        err.contains("`clad::hessian` is not supported by cuad yet"),
        "{err}"
    );
    assert!(
        err.contains("bad.cu:5:34: error: array ranges (`arr[1]`) are not supported"),
        "{err}"
    );
    assert!(err.contains("requested twice"), "{err}");
    assert!(err.contains("index 7 is out of range"), "{err}");
}

#[test]
fn requests_in_macros_are_diagnosed() {
    let dir = scratch("macro");
    let input = write(
        &dir,
        "macro.cu",
        "#include <cuad/cuad.h>\n\
         #define GRAD(f) cuad::gradient(f)\n\
         double sq(double x) { return x * x; }\n\
         int main() { auto g = GRAD(sq); }\n",
    );
    let out = cuad(&["build", path_str(&input), "-o", path_str(&dir.join("o.cu"))]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("macro.cu:4:") && err.contains("inside a macro expansion"),
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
#[test]
fn grad_diagnoses_what_it_would_get_wrong() {
    let dir = scratch("grad_diagnostics");
    let cases = [
        (
            "symbol.cu",
            "__constant__ float c[2];\n\
             __global__ void k(float* y, int n) { int i = threadIdx.x; if (i < n) y[i] *= c[0]; }\n\
             void run(float* y, const float* h, int n) {\n\
             \x20 cudaMemcpyToSymbol(c, h, 2 * sizeof(float));\n\
             \x20 k<<<1, 32>>>(y, n);\n\
             }\n",
            "run",
            "symbol.cu:4:3: error: cuad cannot differentiate through `cudaMemcpyToSymbol`",
        ),
        (
            "tile.cu",
            "#include <cooperative_groups.h>\n\
             namespace cg = cooperative_groups;\n\
             __global__ void k(float* y) {\n\
             \x20 auto t = cg::tiled_partition<32>(cg::this_thread_block());\n\
             \x20 t.sync();\n\
             \x20 y[threadIdx.x] *= y[threadIdx.x];\n\
             }\n",
            "k",
            "error: cuad does not model cooperative groups' `tiled_partition` yet",
        ),
        (
            "lambda.cu",
            "template <typename F> __device__ float apply(F f, float v) { return f(v); }\n\
             __global__ void k(float* y, float a) {\n\
             \x20 auto f = [&](float v) { return a * v; };\n\
             \x20 y[threadIdx.x] = apply(f, y[threadIdx.x]);\n\
             }\n",
            "k",
            "lambda.cu:4:26: error: cuad supports a lambda only through direct calls of `f`",
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
            "comma_continue.cu",
            "__global__ void k(double* y, const double* x, int m) {\n\
             \x20 double s = 0.0; int j = threadIdx.x;\n\
             \x20 for (int c = 0; c < m; ++c, j += 32) { if (x[j] < 0.0) continue; s += x[j] * x[j]; }\n\
             \x20 y[threadIdx.x] = s;\n\
             }\n",
            "k",
            "comma_continue.cu:3:3: error: cuad cannot differentiate `continue` in a for loop whose condition or step (a comma expression) has side effects yet",
        ),
        (
            "field_buffer.cu",
            "struct Buf { double* a; int n; };\n\
             __global__ void sq(Buf b, double* y) { int i = threadIdx.x; if (i < b.n) y[i] = b.a[i] * b.a[i]; }\n\
             void f(double* y, const double* x, int n) {\n\
             \x20 Buf b; b.n = n; double* d_y;\n\
             \x20 cudaMalloc(&b.a, n * sizeof(double)); cudaMalloc(&d_y, n * sizeof(double));\n\
             \x20 cudaMemcpy(b.a, x, n * sizeof(double), cudaMemcpyHostToDevice);\n\
             \x20 sq<<<1, 64>>>(b, d_y);\n\
             \x20 cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);\n\
             }\n",
            "f",
            "field_buffer.cu:6:3: error: cuad cannot tell where the adjoint of the buffer `b.a` lives",
        ),
        (
            "vector_buffer.cu",
            "#include <vector>\n\
             __global__ void sq(double* y, const double* x) { int i = threadIdx.x; y[i] = x[i] * x[i]; }\n\
             double f(const double* x, double* d_x, double* d_y, int n) {\n\
             \x20 cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);\n\
             \x20 sq<<<1, 64>>>(d_y, d_x);\n\
             \x20 std::vector<double> h(n);\n\
             \x20 cudaMemcpy(h.data(), d_y, n * sizeof(double), cudaMemcpyDeviceToHost);\n\
             \x20 double s = 0.0; for (int i = 0; i < n; ++i) s += h[i];\n\
             \x20 return s;\n\
             }\n",
            "f",
            "vector_buffer.cu:7:3: error: cuad cannot tell where the adjoint of the buffer `h.data()` lives",
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
