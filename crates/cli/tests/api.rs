//! The in-process API (`cuad_api`) and the `cuad` binary produce the same text.

use std::path::{Path, PathBuf};
use std::process::Command;

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/grad")
        .join(name)
}

fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cuad"))
        .args(args)
        .output()
        .expect("run cuad");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn words(s: &str) -> Vec<String> {
    s.split(',').map(str::to_string).collect()
}

/// The generated function is defined in the output under the name the API reports.
fn assert_defines(out: &cuad_api::Output, kernel: bool) {
    assert_eq!(out.generated[0].is_kernel, kernel);
    let name = out.function().rsplit("::").next().expect("a name");
    assert!(
        out.source.contains(&format!(" {name}(")),
        "`{name}` not in the output"
    );
}

#[test]
fn gradient_in_process_equals_cuad_grad() {
    let file = case("saxpy.cu");
    let request = cuad_api::Request {
        wrt: Some(words("a,x,y")),
        ..cuad_api::Request::new(&file, "saxpy")
    };
    let out = cuad_api::grad(&request).expect("gradient");
    let path = file.to_str().expect("utf-8 path");
    assert_eq!(
        out.source,
        cli(&["grad", path, "--fn", "saxpy", "--wrt", "a,x,y"])
    );
    assert_defines(&out, true);
    assert!(
        out.function().starts_with("saxpy_grad"),
        "{}",
        out.function()
    );
}

#[test]
fn pushforward_in_process_equals_cuad_fwd() {
    let file = case("fwd2_matmul_2d.cu");
    let request = cuad_api::Request {
        wrt: Some(words("A,bias,C")),
        ..cuad_api::Request::new(&file, "matmul_bias")
    };
    let out = cuad_api::fwd(&request).expect("pushforward");
    let path = file.to_str().expect("utf-8 path");
    assert_eq!(
        out.source,
        cli(&["fwd", path, "--fn", "matmul_bias", "--wrt", "A,bias,C"])
    );
    assert_defines(&out, true);
    assert!(
        out.function().starts_with("matmul_bias_pushforward"),
        "{}",
        out.function()
    );
}

#[test]
fn template_instance_in_process_equals_cuad_grad() {
    let file = case("cpp_array_ref.cu");
    let out = cuad_api::grad(&cuad_api::Request::new(&file, "dot<double,3>")).expect("gradient");
    let path = file.to_str().expect("utf-8 path");
    assert_eq!(out.source, cli(&["grad", path, "--fn", "dot<double,3>"]));
    assert_eq!(out.generated[0].template_args.as_deref(), Some("double, 3"));
}
