//! Errors of the in-process API: rendered diagnostics with file:line:col and a caret, and the
//! kind a caller (the CLI's exit code) relies on.

use cuad_api::{ErrorKind, Request};
use std::path::{Path, PathBuf};

fn source(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cuad-api-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write source");
    path
}

/// The line after `file:line:col: error:` is the source line, the next one a caret under `col`.
fn assert_points_at(message: &str, path: &Path, line: usize, col: usize) {
    let head = format!("{}:{line}:{col}: error: ", path.display());
    let lines: Vec<&str> = message.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no `{head}` in:\n{message}"));
    let caret = lines.get(at + 2).expect("caret line");
    assert_eq!(
        caret.find('^'),
        Some(col - 1),
        "caret misplaced in:\n{message}"
    );
}

#[test]
fn syntax_error_is_rendered_with_its_location() {
    let path = source(
        "bad.cu",
        "__global__ void k(float* x) {\n  x[0] = 2 * ;\n}\n",
    );
    let e = cuad_api::grad(&Request::new(&path, "k")).expect_err("a syntax error");
    assert_eq!(e.kind, ErrorKind::Diagnostics);
    assert!(e.message.contains(&format!("{}:2:", path.display())), "{e}");
    assert_points_at(&e.message, &path, 1, 1);
}

#[test]
fn unknown_function_and_parameter_are_errors() {
    let path = source("ok.cu", "__device__ float f(float a) { return a * a; }\n");
    let e = cuad_api::grad(&Request::new(&path, "g")).expect_err("no such function");
    assert_eq!(e.kind, ErrorKind::Diagnostics);
    assert!(e.message.contains("no function named `g`"), "{e}");
    assert_points_at(&e.message, &path, 1, 1);
    let request = Request {
        wrt: Some(vec!["b".into()]),
        ..Request::new(&path, "f")
    };
    let e = cuad_api::fwd(&request).expect_err("no such parameter");
    assert_eq!(e.kind, ErrorKind::Diagnostics);
    assert!(e.message.contains(": error: "), "{e}");
}

#[test]
fn malformed_requests_and_missing_files() {
    let path = source("ok2.cu", "__device__ float f(float a) { return a * a; }\n");
    let e = cuad_api::grad(&Request::new(&path, "f<<int>")).expect_err("bad template args");
    assert_eq!(e.kind, ErrorKind::Request);
    let mut request = Request::new(&path, "f");
    request.input.max_registers = Some(8);
    assert_eq!(
        cuad_api::grad(&request).unwrap_err().kind,
        ErrorKind::Request
    );
    let e = cuad_api::derive(&request.input, &[]).expect_err("nothing asked");
    assert_eq!(e.kind, ErrorKind::Request);
    let missing = path.with_file_name("missing.cu");
    let e = cuad_api::grad(&Request::new(&missing, "f")).expect_err("missing file");
    assert_eq!(e.kind, ErrorKind::Read);
    assert!(e.message.contains("missing.cu"), "{e}");
}

#[test]
fn several_derivatives_share_one_source() {
    let header = source(
        "scale.h",
        "__device__ float scale(float a) { return a * a; }\n",
    );
    let path = source(
        "both.cu",
        "#include \"scale.h\"\n\
         __global__ void k(int n, float a, const float* x, float* y) {\n\
         \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20 if (i < n) y[i] = scale(a) * x[i];\n}\n",
    );
    let derivative = |mode, wrt: &[&str]| cuad_api::Derivative {
        mode,
        function: "k".into(),
        wrt: Some(wrt.iter().map(|s| s.to_string()).collect()),
    };
    let out = cuad_api::derive(
        &cuad_api::Input::new(&path),
        &[
            derivative(cuad_api::Mode::Reverse, &["a", "x", "y"]),
            derivative(cuad_api::Mode::Forward, &["a", "y"]),
        ],
    )
    .expect("both derivatives");
    let names: Vec<&str> = out.generated.iter().map(|g| g.function.as_str()).collect();
    assert_eq!(names, ["k_grad_1_2_3", "k_pushforward_1_3"]);
    for name in names {
        let definition = format!("__global__ void {name}(");
        assert_eq!(
            out.source.matches(&definition).count(),
            2,
            "{name}: {}",
            out.source
        );
    }
    assert_eq!(out.files_read, [path.clone(), header.clone()]);
}

#[test]
fn gradient_without_output_adjoints_is_a_warning() {
    let path = source(
        "outputs.cu",
        "__global__ void k(const double* x, double* y) {\n  y[threadIdx.x] = x[threadIdx.x] * x[threadIdx.x];\n}\n",
    );
    let request = |wrt: &[&str]| Request {
        wrt: Some(wrt.iter().map(|w| w.to_string()).collect()),
        ..Request::new(&path, "k")
    };
    let out = cuad_api::grad(&request(&["x"])).expect("a gradient");
    let head = format!(
        "{}:1:17: warning: `k` writes `y`, which is not in --wrt",
        path.display()
    );
    assert!(out.warnings.contains(&head), "{}", out.warnings);
    let out = cuad_api::grad(&request(&["x", "y"])).expect("a gradient");
    assert!(out.warnings.is_empty(), "{}", out.warnings);
}

#[test]
fn template_argument_of_a_local_variable_is_a_located_error() {
    // `B` is a variable: the launched kernel's gradient, a specialization outside `run`,
    // cannot name it (a `const int B = 32;` would be folded to `<32>`).
    let path = source(
        "local_targ.cu",
        "template <int B>\n__global__ void k(double* v) { v[threadIdx.x] *= B; }\n\
         void run(double* d, int n) {\n  int B = n;\n  k<B><<<1, 32>>>(d);\n}\n",
    );
    for mode in [cuad_api::Mode::Reverse, cuad_api::Mode::Forward] {
        let derivative = cuad_api::Derivative {
            mode,
            function: "run".into(),
            wrt: None,
        };
        let e = cuad_api::derive(&cuad_api::Input::new(&path), &[derivative])
            .expect_err("a non-constant template argument");
        assert_eq!(e.kind, ErrorKind::Diagnostics);
        assert!(e.message.contains("not a compile-time constant"), "{e}");
        assert_points_at(&e.message, &path, 5, 5);
    }
}
