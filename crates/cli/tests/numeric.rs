//! Numeric gradient tests: every case in tests/grad is differentiated with the `cuad` binary,
//! compiled for the CPU (g++ with include/cuad_cpu.h) and run, so each adjoint is compared with
//! finite differences; when nvcc is available the driver, whose first line includes the
//! generated code, is also compiled for sm_90. tests/grad/README.md describes the case format.
//!
//! Environment: CUAD_CASES=a,b (run only cases whose name contains one of these),
//! CUAD_NVCC=path (nvcc to use; `0` disables it; default <repo>/.venv-nvcc/nvcc),
//! CUAD_CXX (default g++), CUAD_NUMERIC_JOBS (parallel cases, default 2), CUAD_CASES_DIR
//! (cases in another folder, for drafting cases outside tests/grad), CUAD_NUMERIC_WORK (scratch
//! folder; runs at the same time need different ones), CUAD_BIN (another cuad binary),
//! CUAD_TIMING=1 (a line per command with its seconds, to see where the suite's time goes).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const CUAD_TIMEOUT: Duration = Duration::from_secs(60);
const COMPILE_TIMEOUT: Duration = Duration::from_secs(240);
const RUN_TIMEOUT: Duration = Duration::from_secs(180);
const LOG_LINES: usize = 40;

// ------------------------------------------------------------------ tests

#[test]
fn numeric_gradients() {
    let env = Env::detect("numeric");
    let results = run_all(&env, Mode::Gradient);
    let summary = report(&env, &results);
    println!("{summary}");
    let failed: Vec<_> = results
        .iter()
        .filter(|r| r.verdict() == Verdict::Fail)
        .collect();
    assert!(
        failed.is_empty(),
        "{} numeric case(s) failed (table above)",
        failed.len()
    );
}

/// Runs every driver against the primal alone (gradient calls compiled out) to check the
/// drivers and their finite differences, independently of the differentiation engine: for
/// writing a case before cuad can differentiate it. `numeric_gradients` makes the same checks
/// of the finite differences in its own runs, so the default run skips this one.
#[test]
#[ignore = "for case authors (cargo test --release -p cuad --test numeric -- --ignored); numeric_gradients checks the same finite differences"]
fn numeric_driver_selftest() {
    let env = Env::detect("selftest");
    let results = run_all(&env, Mode::Selftest);
    let summary = report(&env, &results);
    println!("{summary}");
    let failed = results.iter().filter(|r| r.outcome.is_err()).count();
    assert_eq!(
        failed, 0,
        "{failed} driver selftest(s) failed (table above)"
    );
}

/// Programs in tests/grad/emulation check the CPU emulation itself (see the README there).
#[test]
fn cpu_emulation() {
    let env = Env::detect("emulation");
    let dir = env.root.join("tests/grad/emulation");
    let mut programs: Vec<PathBuf> = list_dir(&dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    programs.sort();
    assert!(!programs.is_empty(), "no programs in {}", dir.display());
    let failures: Vec<String> = programs
        .iter()
        .filter_map(|p| {
            run_emulation_program(&env, p)
                .err()
                .map(|e| format!("{}: {e}", p.display()))
        })
        .collect();
    println!(
        "cpu emulation: {} programs, {} failed",
        programs.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn run_emulation_program(env: &Env, program: &Path) -> Result<(), String> {
    let text = fs::read_to_string(program).map_err(|e| e.to_string())?;
    let name = file_stem(program);
    let dir = env.work.join(&name);
    reset_dir(&dir)?;
    let src = dir.join(format!("{name}.cpu.cu"));
    fs::write(&src, rewrite_for_cpu(&text, 0)?).map_err(|e| e.to_string())?;
    let exe = dir.join(&name);
    let compile = run(env.gxx_command(&src, &exe, &[]), COMPILE_TIMEOUT);
    if !compile.ok() {
        return Err(format!("g++ failed:\n{}", compile.tail()));
    }
    if let Some(expected) = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("// expect-error:"))
    {
        let expected = expected.trim();
        let out = run(Command::new(&exe), RUN_TIMEOUT);
        if out.code == Some(3) && out.stderr.contains(expected) {
            return Ok(());
        }
        return Err(format!(
            "expected exit status 3 and `{expected}`:\n{}",
            out.tail()
        ));
    }
    for threads in ["0", "1"] {
        let mut cmd = Command::new(&exe);
        cmd.env("CUAD_CPU_THREADS", threads);
        let out = run(cmd, RUN_TIMEOUT);
        if !out.ok() {
            return Err(format!(
                "failed with CUAD_CPU_THREADS={threads}:\n{}",
                out.tail()
            ));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ environment

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Gradient,
    Selftest,
}

struct Env {
    root: PathBuf,
    include: PathBuf,
    /// cuad_cpu.h to force-include: a copy next to its precompiled form when g++ made one.
    cpu_header: PathBuf,
    /// The same for the ThreadSanitizer build (a precompiled header must match its flags).
    tsan_header: PathBuf,
    shim: PathBuf,
    work: PathBuf,
    cuad: PathBuf,
    cxx: String,
    nvcc: Option<PathBuf>,
    /// ThreadSanitizer works with this compiler: gradients also run in a race-checking build.
    tsan: bool,
    jobs: usize,
    /// CUAD_NUMERIC_PROGRESS=1: print each output's verdict as it finishes.
    progress: bool,
    filter: Vec<String>,
    cases_dir: PathBuf,
}

impl Env {
    fn detect(purpose: &str) -> Env {
        // CUAD_ROOT: a copy of the repository elsewhere (the test binary run on another machine).
        let root = std::env::var_os("CUAD_ROOT")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."));
        let root = root.canonicalize().unwrap_or(root);
        let work = std::env::var_os("CUAD_NUMERIC_WORK")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).to_path_buf())
            .join(purpose);
        let shim = work.join("shim");
        write_cuda_header_shims(&shim);
        let cxx = std::env::var("CUAD_CXX").unwrap_or_else(|_| "g++".into());
        let include = root.join("include");
        let tsan = purpose == "numeric" && tsan_works(&cxx, &work);
        let tsan_header = if tsan {
            precompile_cpu_header(&cxx, &include, &work.join("pch-tsan"), &TSAN_FLAGS)
        } else {
            include.join("cuad_cpu.h")
        };
        Env {
            tsan,
            cpu_header: precompile_cpu_header(&cxx, &include, &work.join("pch"), &[]),
            tsan_header,
            include,
            shim,
            work,
            cuad: std::env::var_os("CUAD_BIN")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_cuad"))),
            cases_dir: std::env::var_os("CUAD_CASES_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| root.join("tests/grad")),
            cxx,
            nvcc: find_nvcc(&root),
            jobs: std::env::var("CUAD_NUMERIC_JOBS")
                .ok()
                .and_then(|v| v.parse().ok())
                .filter(|&n| n > 0)
                .unwrap_or(2),
            progress: std::env::var("CUAD_NUMERIC_PROGRESS").is_ok_and(|v| v == "1"),
            filter: std::env::var("CUAD_CASES")
                .map(|v| {
                    v.split(',')
                        .map(str::to_string)
                        .filter(|s| !s.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            root,
        }
    }

    /// The nvcc that compiles the drivers in this mode: the selftest leaves nvcc to the
    /// gradient run, which compiles every driver.
    fn nvcc_for(&self, mode: Mode) -> Option<&Path> {
        self.nvcc.as_deref().filter(|_| mode == Mode::Gradient)
    }

    fn cases_dir(&self) -> PathBuf {
        self.cases_dir.clone()
    }

    /// g++ with the CUDA emulation force-included, plus `flags` (-D, -I).
    fn gxx_command(&self, src: &Path, exe: &Path, flags: &[String]) -> Command {
        let mut cmd = Command::new(&self.cxx);
        cmd.args(CXX_FLAGS)
            .arg("-include")
            .arg(&self.cpu_header)
            .arg("-I")
            .arg(&self.include)
            .arg("-I")
            .arg(&self.shim);
        cmd.args(flags);
        cmd.args(["-x", "c++"]).arg(src).arg("-o").arg(exe);
        cmd
    }

    fn nvcc_command(&self, nvcc: &Path, src: &Path, obj: &Path, flags: &[String]) -> Command {
        let mut cmd = Command::new(nvcc);
        // `__device__` lambdas passed from host code to kernel templates need --extended-lambda;
        // `std::numeric_limits<T>::lowest()` in device code, --expt-relaxed-constexpr (both
        // are in PyTorch's extension flags).
        cmd.args([
            "-std=c++17",
            "-arch=sm_90",
            "--extended-lambda",
            "--expt-relaxed-constexpr",
            "-I",
        ])
        .arg(&self.include);
        cmd.args(flags);
        // -cubin: nvcc's front end still checks the whole file, host code included, and ptxas
        // builds the device code; it skips the host-side g++ compile, which was two thirds of
        // the time (the CPU build compiles the host code with g++ already).
        // -Xptxas -O0: ptxas still assembles every kernel (the check), a third faster.
        cmd.args(["-x", "cu", "-cubin", "-Xptxas", "-O0"])
            .arg(src)
            .arg("-o")
            .arg(obj);
        cmd
    }
}

/// -Og: compiling dominates the suite's time, and -Og compiles about a quarter faster than -O1.
const CXX_FLAGS: [&str; 3] = ["-std=c++17", "-Og", "-pthread"];
/// Added to CXX_FLAGS for the race-checking build.
const TSAN_FLAGS: [&str; 2] = ["-fsanitize=thread", "-DCUAD_RACECHECK=1"];

/// Precompiles cuad_cpu.h with CXX_FLAGS plus `extra` (it halves the compile time of a
/// driver). Falls back to the header itself when that fails.
fn precompile_cpu_header(cxx: &str, include: &Path, dir: &Path, extra: &[&str]) -> PathBuf {
    let original = include.join("cuad_cpu.h");
    let copy = dir.join("cuad_cpu.h");
    if fs::create_dir_all(dir).is_err() || fs::copy(&original, &copy).is_err() {
        return original;
    }
    let mut cmd = Command::new(cxx);
    cmd.args(CXX_FLAGS)
        .args(extra)
        .args(["-x", "c++-header"])
        .arg(&copy)
        .arg("-o")
        .arg(dir.join("cuad_cpu.h.gch"));
    if !run(cmd, COMPILE_TIMEOUT).ok() {
        let _ = fs::remove_file(dir.join("cuad_cpu.h.gch"));
    }
    copy
}

fn tsan_works(cxx: &str, work: &Path) -> bool {
    if std::env::var("CUAD_RACECHECK").is_ok_and(|v| v == "0") {
        return false;
    }
    let dir = work.join("tsan-probe");
    let src = dir.join("probe.cpp");
    if fs::create_dir_all(&dir).is_err() || fs::write(&src, "int main() { return 0; }\n").is_err() {
        return false;
    }
    let exe = dir.join("probe");
    let mut cmd = Command::new(cxx);
    cmd.args(["-fsanitize=thread", "-pthread"])
        .arg(&src)
        .arg("-o")
        .arg(&exe);
    run(cmd, COMPILE_TIMEOUT).ok() && run(Command::new(&exe), RUN_TIMEOUT).ok()
}

fn find_nvcc(root: &Path) -> Option<PathBuf> {
    match std::env::var("CUAD_NVCC") {
        Ok(v) if v == "0" || v.is_empty() => None,
        Ok(v) => Some(PathBuf::from(v)),
        Err(_) => {
            let wrapper = root.join(".venv-nvcc/nvcc");
            wrapper.is_file().then_some(wrapper)
        }
    }
}

/// Empty stand-ins for CUDA headers a case may include: cuad_cpu.h provides their content.
/// The common constants of CUDA's math_constants.h (the CPU build has no CUDA headers).
const MATH_CONSTANTS: &str = "#include <cmath>\n#include <cfloat>\n\
#define CUDART_INF_F HUGE_VALF\n#define CUDART_NAN_F NAN\n#define CUDART_INF HUGE_VAL\n\
#define CUDART_NAN ((double)NAN)\n#define CUDART_PI_F 3.141592654f\n\
#define CUDART_PIO2_F 1.570796327f\n#define CUDART_PIO4_F 0.785398163f\n\
#define CUDART_2_OVER_PI_F 0.636619772f\n#define CUDART_SQRT_HALF_F 0.707106781f\n\
#define CUDART_SQRT_2_OVER_PI_F 0.797884561f\n#define CUDART_L2E_F 1.442695041f\n\
#define CUDART_LN2_F 0.693147181f\n#define CUDART_MAX_NORMAL_F FLT_MAX\n\
#define CUDART_MIN_DENORM_F 1.40129846e-45f\n#define CUDART_ZERO_F 0.0f\n#define CUDART_ONE_F 1.0f\n\
#define CUDART_PI 3.1415926535897931e+0\n#define CUDART_PIO2 1.5707963267948966e+0\n\
#define CUDART_PIO4 7.8539816339744828e-1\n#define CUDART_2_OVER_PI 6.3661977236758138e-1\n\
#define CUDART_SQRT_2PI 2.5066282746310002e+0\n#define CUDART_SQRT_PIO2 1.2533141373155003e+0\n\
#define CUDART_SQRT_2OPI 7.9788456080286536e-1\n#define CUDART_SQRT_HALF 7.0710678118654757e-1\n\
#define CUDART_SQRT_TWO 1.4142135623730951e+0\n#define CUDART_THIRD 3.3333333333333333e-1\n\
#define CUDART_LN2 6.9314718055994529e-1\n#define CUDART_L2E 1.4426950408889634e+0\n\
#define CUDART_ZERO 0.0\n#define CUDART_ONE 1.0\n";

fn write_cuda_header_shims(dir: &Path) {
    let _ = fs::create_dir_all(dir);
    for name in [
        "cuda_runtime.h",
        "cuda_runtime_api.h",
        "cuda.h",
        "device_launch_parameters.h",
        "device_functions.h",
        "math_functions.h",
        "cooperative_groups.h",
        "cooperative_groups/reduce.h",
        "cuComplex.h",
        "cuda_fp16.h",
        "cuda_bf16.h",
        "cub/cub.cuh",
        "curand_kernel.h",
        "math_constants.h",
    ] {
        // The 16-bit types' short names come with their headers, as in CUDA.
        let body = match name {
            "cuda_fp16.h" => "typedef __half half;\ntypedef __half2 half2;\n",
            "cuda_bf16.h" => {
                "typedef __nv_bfloat16 nv_bfloat16;\ntypedef __nv_bfloat162 nv_bfloat162;\n"
            }
            "math_constants.h" => MATH_CONSTANTS,
            _ => "",
        };
        let _ = fs::create_dir_all(dir.join(name).parent().unwrap_or(dir));
        let _ = fs::write(
            dir.join(name),
            format!("#pragma once\n// provided by cuad_cpu.h\n{body}"),
        );
    }
}

// ------------------------------------------------------------------ cases

struct Case {
    name: String,
    source: PathBuf,
    driver: PathBuf,
    /// Arguments of each `// cuad:` line, one generated output per line.
    outputs: Vec<Vec<String>>,
}

fn discover_cases(env: &Env) -> Result<Vec<Case>, String> {
    let dir = env.cases_dir();
    let mut sources: Vec<PathBuf> = list_dir(&dir)
        .into_iter()
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".cu") && !name.ends_with(".driver.cu")
        })
        .collect();
    sources.sort();
    let mut cases = Vec::new();
    for source in sources {
        let name = file_stem(&source);
        if !env.filter.is_empty() && !env.filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let text = fs::read_to_string(&source).map_err(|e| format!("{name}: {e}"))?;
        let outputs = parse_cuad_lines(&text);
        if outputs.is_empty() {
            return Err(format!("{}: no `// cuad:` line", source.display()));
        }
        let driver = dir.join(format!("{name}.driver.cu"));
        let driver_text = fs::read_to_string(&driver)
            .map_err(|e| format!("{name}: missing driver {}: {e}", driver.display()))?;
        if driver_text.lines().next() != Some("#include CUAD_GENERATED") {
            return Err(format!(
                "{}: the first line must be `#include CUAD_GENERATED`",
                driver.display()
            ));
        }
        cases.push(Case {
            name,
            source,
            driver,
            outputs,
        });
    }
    if cases.is_empty() {
        return Err(format!("no cases selected in {}", dir.display()));
    }
    Ok(cases)
}

/// The words after `// cuad:` on every line that starts with it.
fn parse_cuad_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix("// cuad:"))
        .map(|rest| rest.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// `name reason...` per line; `#` starts a comment line.
fn load_expected_failures(path: &Path) -> BTreeMap<String, String> {
    let text = fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((name, reason)) => (name.to_string(), reason.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

// ------------------------------------------------------------------ running

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Pass,
    Fail,
    XFail,
    XPass,
}

struct Failure {
    stage: &'static str,
    log: String,
}

struct OutputResult {
    case: String,
    index: usize,
    args: String,
    outcome: Result<(), Failure>,
    nvcc_checked: bool,
    expected_failure: Option<String>,
    seconds: f64,
}

impl OutputResult {
    fn verdict(&self) -> Verdict {
        match (&self.outcome, &self.expected_failure) {
            (Ok(()), None) => Verdict::Pass,
            (Ok(()), Some(_)) => Verdict::XPass,
            (Err(_), None) => Verdict::Fail,
            (Err(_), Some(_)) => Verdict::XFail,
        }
    }
}

fn run_all(env: &Env, mode: Mode) -> Vec<OutputResult> {
    let cases = match discover_cases(env) {
        Ok(c) => c,
        Err(e) => panic!("numeric test setup: {e}"),
    };
    let expected = load_expected_failures(&env.cases_dir().join("EXPECTED_FAILURES"));
    for name in expected.keys() {
        if env.filter.is_empty() && !cases.iter().any(|c| &c.name == name) {
            println!("note: EXPECTED_FAILURES names `{name}`, which is no case");
        }
    }
    if mode == Mode::Gradient && !env.tsan {
        println!("note: g++ -fsanitize=thread does not work here (or CUAD_RACECHECK=0): skipping the race checks");
    }
    if env.nvcc.is_none() {
        println!("note: nvcc not found (run scripts/setup-nvcc.sh or set CUAD_NVCC): skipping the nvcc compile checks");
    }
    let jobs: Vec<(usize, usize)> = cases
        .iter()
        .enumerate()
        .flat_map(|(c, case)| (0..case.outputs.len()).map(move |k| (c, k)))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..env.jobs.min(jobs.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(c, k)) = jobs.get(i) else { break };
                let case = &cases[c];
                let start = Instant::now();
                let outcome = run_output(env, case, k, mode);
                let result = OutputResult {
                    case: case.name.clone(),
                    index: k + 1,
                    args: case.outputs[k].join(" "),
                    outcome,
                    nvcc_checked: env.nvcc_for(mode).is_some(),
                    expected_failure: match mode {
                        Mode::Gradient => expected.get(&case.name).cloned(),
                        Mode::Selftest => None,
                    },
                    seconds: start.elapsed().as_secs_f64(),
                };
                // A line per output as it finishes, so a run cut short still says how far it got.
                if env.progress {
                    let verdict = if result.outcome.is_ok() {
                        "ok"
                    } else {
                        "FAILED"
                    };
                    println!("progress: {}#{} {verdict}", result.case, result.index);
                }
                if let Ok(mut r) = results.lock() {
                    r.push(result);
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by(|a, b| (&a.case, a.index).cmp(&(&b.case, b.index)));
    results
}

/// Generates output `k` of `case` and checks it: contract prefix, CPU build and run, nvcc.
fn run_output(env: &Env, case: &Case, k: usize, mode: Mode) -> Result<(), Failure> {
    let tag = format!("{}.{}", case.name, k + 1);
    let job = Job {
        env,
        case,
        k,
        dir: env.work.join(&tag),
        tag,
    };
    reset_dir(&job.dir).map_err(|log| Failure {
        stage: "setup",
        log,
    })?;
    let generated = match mode {
        Mode::Gradient => job.generate()?,
        Mode::Selftest => case.source.clone(),
    };
    let mut defines = vec![
        format!("-DCUAD_GENERATED=\"{}\"", job.file(".cpu.cu").display()),
        format!("-DCUAD_OUTPUT={}", k + 1),
    ];
    if mode == Mode::Selftest {
        defines.push("-DCUAD_SELFTEST=1".into());
    }
    defines.extend(job.source_flags());
    job.build_and_run_cpu(&generated, &defines)?;
    if mode == Mode::Gradient && env.tsan && job.can_race(&generated)? {
        job.race_check(&defines)?;
    }
    // The driver's first line includes the generated file (discover_cases checks it), so one
    // nvcc compile of the driver also checks that the generated file compiles on its own.
    if let Some(nvcc) = env.nvcc_for(mode) {
        defines[0] = format!("-DCUAD_GENERATED=\"{}\"", generated.display());
        job.nvcc_driver(nvcc, &defines)?;
    }
    Ok(())
}

/// One output of one case, built in its own folder.
struct Job<'a> {
    env: &'a Env,
    case: &'a Case,
    k: usize,
    dir: PathBuf,
    tag: String,
}

impl Job<'_> {
    fn file(&self, suffix: &str) -> PathBuf {
        self.dir.join(format!("{}{suffix}", self.tag))
    }

    /// Flags that compiling the input needs, so compiling the output too: the `-D` and `-I`
    /// of its `// cuad:` line, and the input's folder (the output lives elsewhere, and the
    /// input's `#include "..."` lines are relative to the input).
    fn source_flags(&self) -> Vec<String> {
        let dir = self.env.cases_dir();
        let mut flags = vec![format!("-I{}", dir.display())];
        let mut words = self.case.outputs[self.k].iter();
        while let Some(w) = words.next() {
            let (flag, rest) = match w.as_str() {
                "-D" | "-I" => (w.as_str(), words.next().cloned().unwrap_or_default()),
                _ if w.starts_with("-D") || w.starts_with("-I") => (&w[..2], w[2..].to_string()),
                _ => continue,
            };
            flags.push(match flag {
                "-I" => format!("-I{}", dir.join(rest).display()),
                _ => format!("-D{rest}"),
            });
        }
        flags
    }

    /// Runs `cuad grad` (or `cuad fwd`) and checks that the output starts with the input
    /// verbatim.
    fn generate(&self) -> Result<PathBuf, Failure> {
        let out = self.file(".cu");
        let mut cmd = Command::new(&self.env.cuad);
        // `// cuad: fwd --fn f ...` asks for `cuad fwd`; every other line for `cuad grad`.
        let words = &self.case.outputs[self.k];
        let (command, words) = match words.first().map(String::as_str) {
            Some("fwd") => ("fwd", &words[1..]),
            _ => ("grad", &words[..]),
        };
        cmd.arg(command)
            .arg(&self.case.source)
            .args(words)
            .arg("-o")
            .arg(&out)
            .current_dir(self.env.cases_dir());
        let result = run(cmd, CUAD_TIMEOUT);
        if !result.ok() {
            return Err(Failure {
                stage: "cuad",
                log: result.tail(),
            });
        }
        let input = read(&self.case.source, "cuad")?;
        let output = read(&out, "cuad")?;
        if !output.starts_with(&input) {
            let same = input
                .bytes()
                .zip(output.bytes())
                .take_while(|(a, b)| a == b)
                .count();
            let log = format!(
                "the output does not start with the input verbatim (first difference at byte {same} of {})",
                input.len()
            );
            return Err(Failure {
                stage: "contract",
                log,
            });
        }
        Ok(out)
    }

    fn build_and_run_cpu(&self, generated: &Path, defines: &[String]) -> Result<(), Failure> {
        write(&self.file(".cpu.cu"), &rewrite_file(generated, 0)?)?;
        let driver = self.dir.join(format!("{}.driver.cpu.cu", self.case.name));
        write(&driver, &rewrite_file(&self.case.driver, DRIVER_FIRST_ID)?)?;
        let exe = self.file(".exe");
        let compile = run(
            self.env.gxx_command(&driver, &exe, defines),
            COMPILE_TIMEOUT,
        );
        if !compile.ok() {
            return Err(Failure {
                stage: "g++",
                log: compile.tail(),
            });
        }
        let result = run(Command::new(&exe), RUN_TIMEOUT);
        let pass_line = format!("PASS {}", self.case.name);
        if result.ok() && result.stdout.lines().any(|l| l.starts_with(&pass_line)) {
            Ok(())
        } else {
            Err(Failure {
                stage: "cpu-run",
                log: result.tail(),
            })
        }
    }

    /// Whether the race check can find anything. Reverse mode turns shared reads into shared
    /// writes, so every gradient can race. A tangent only writes where the primal writes, so a
    /// forward-mode output can race only where threads communicate (atomics, shared memory,
    /// warp operations); skipping the others saves a quarter of the race builds.
    fn can_race(&self, generated: &Path) -> Result<bool, Failure> {
        if self.case.outputs[self.k].first().map(String::as_str) != Some("fwd") {
            return Ok(true);
        }
        let text = read(generated, "race-build")?;
        const COMMUNICATION: [&str; 7] = [
            "atomic",
            "__shared__",
            "__sync",
            "__shfl",
            "cub::",
            "cooperative_groups",
            "cuad_block",
        ];
        Ok(COMMUNICATION.iter().any(|word| text.contains(word)))
    }

    /// Runs the gradient once more, built with ThreadSanitizer, with every CUDA thread of the
    /// grid a concurrent OS thread: a plain `+=` from several threads into one adjoint is a race
    /// that the fiber build cannot see but a GPU can.
    fn race_check(&self, defines: &[String]) -> Result<(), Failure> {
        let driver = self.dir.join(format!("{}.driver.cpu.cu", self.case.name));
        let exe = self.file(".tsan.exe");
        let mut cmd = Command::new(&self.env.cxx);
        cmd.args(CXX_FLAGS)
            .args(TSAN_FLAGS)
            .arg("-include")
            .arg(&self.env.tsan_header)
            .arg("-I")
            .arg(&self.env.include)
            .arg("-I")
            .arg(&self.env.shim);
        cmd.args(defines);
        cmd.args(["-x", "c++"]).arg(&driver).arg("-o").arg(&exe);
        let compile = run(cmd, COMPILE_TIMEOUT);
        if !compile.ok() {
            return Err(Failure {
                stage: "race-build",
                log: compile.tail(),
            });
        }
        let mut cmd = Command::new(&exe);
        cmd.env("TSAN_OPTIONS", "exitcode=66 history_size=4");
        let result = run(cmd, RUN_TIMEOUT);
        let reported = result.stderr.contains("WARNING: ThreadSanitizer");
        if result.ok() && !reported {
            return Ok(());
        }
        let log = if reported {
            first_tsan_report(&result.stderr)
        } else {
            result.tail()
        };
        Err(Failure {
            stage: "cpu-race",
            log,
        })
    }

    fn nvcc_driver(&self, nvcc: &Path, defines: &[String]) -> Result<(), Failure> {
        let cmd = self.env.nvcc_command(
            nvcc,
            &self.case.driver,
            &self.file(".driver.cubin"),
            defines,
        );
        let result = run(cmd, COMPILE_TIMEOUT);
        if !result.ok() {
            return Err(Failure {
                stage: "nvcc",
                log: result.tail(),
            });
        }
        Ok(())
    }
}

/// The first ThreadSanitizer report, shortened to the frames in the tested code.
fn first_tsan_report(stderr: &str) -> String {
    let mut lines = Vec::new();
    for line in stderr
        .lines()
        .skip_while(|l| !l.contains("WARNING: ThreadSanitizer"))
    {
        let frame_in_std = line.trim_start().starts_with('#')
            && (line.contains("/usr/include")
                || line.contains("libtsan")
                || line.contains("cuad_cpu.h"));
        if !frame_in_std {
            lines.push(line);
        }
        if line.starts_with("SUMMARY:") || lines.len() >= LOG_LINES {
            break;
        }
    }
    let count = stderr.matches("WARNING: ThreadSanitizer").count();
    format!(
        "ThreadSanitizer: {count} report(s); the first:\n{}",
        lines.join("\n")
    )
}

/// Ids of rewritten `__shared__` variables in drivers start here (generated files start at 0).
const DRIVER_FIRST_ID: usize = 1_000_000;

fn rewrite_file(path: &Path, first_id: usize) -> Result<String, Failure> {
    rewrite_for_cpu(&read(path, "rewrite")?, first_id).map_err(|e| Failure {
        stage: "rewrite",
        log: format!("{}: {e}", path.display()),
    })
}

// ------------------------------------------------------------------ report

fn report(env: &Env, results: &[OutputResult]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n{:<34} {:<12} {:<6} {:<5} {:>6}  detail",
        "case", "stage", "nvcc", "verdict", "sec"
    );
    for r in results {
        let stage = match &r.outcome {
            Ok(()) => "ok",
            Err(f) => f.stage,
        };
        let verdict = match r.verdict() {
            Verdict::Pass => "PASS",
            Verdict::Fail => "FAIL",
            Verdict::XFail => "XFAIL",
            Verdict::XPass => "XPASS",
        };
        let detail = match (r.verdict(), &r.expected_failure) {
            (Verdict::XPass, _) => "unexpected pass: remove it from EXPECTED_FAILURES".to_string(),
            (_, Some(reason)) => reason.clone(),
            _ => String::new(),
        };
        let nvcc = if r.nvcc_checked { "yes" } else { "skip" };
        let name = format!("{}#{}", r.case, r.index);
        let _ = writeln!(
            s,
            "{name:<34} {stage:<12} {nvcc:<6} {verdict:<7} {:>6.1}  {detail}",
            r.seconds
        );
    }
    for r in results.iter().filter(|r| r.verdict() == Verdict::Fail) {
        if let Err(f) = &r.outcome {
            let _ = writeln!(
                s,
                "\n---- {}#{} (`cuad grad {} {}`) failed at {}; files in {}\n{}",
                r.case,
                r.index,
                r.case,
                r.args,
                f.stage,
                env.work.join(format!("{}.{}", r.case, r.index)).display(),
                f.log
            );
        }
    }
    let count = |v: Verdict| results.iter().filter(|r| r.verdict() == v).count();
    let _ = writeln!(
        s,
        "\nnumeric: {} passed, {} failed, {} expected failures, {} unexpected passes",
        count(Verdict::Pass),
        count(Verdict::Fail),
        count(Verdict::XFail),
        count(Verdict::XPass)
    );
    s
}

// ------------------------------------------------------------------ processes and files

#[derive(Debug)]
struct ProcessResult {
    code: Option<i32>,
    timed_out: bool,
    stdout: String,
    stderr: String,
}

impl ProcessResult {
    fn ok(&self) -> bool {
        self.code == Some(0) && !self.timed_out
    }

    /// The last lines of stdout and stderr, for reports.
    fn tail(&self) -> String {
        let mut s = String::new();
        if self.timed_out {
            s.push_str("(timed out)\n");
        }
        let _ = writeln!(s, "(exit status {:?})", self.code);
        for text in [&self.stdout, &self.stderr] {
            let lines: Vec<&str> = text.lines().collect();
            let skip = lines.len().saturating_sub(LOG_LINES);
            if skip > 0 {
                let _ = writeln!(s, "... ({skip} lines cut)");
            }
            for l in &lines[skip..] {
                let _ = writeln!(s, "{l}");
            }
        }
        s
    }
}

/// Runs `cmd` with a deadline; stdout and stderr are drained by threads so pipes never fill.
fn run(mut cmd: Command, timeout: Duration) -> ProcessResult {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return ProcessResult {
                code: None,
                timed_out: false,
                stdout: String::new(),
                stderr: format!("cannot start {:?}: {e}", cmd.get_program()),
            }
        }
    };
    let out = drain(child.stdout.take());
    let err = drain(child.stderr.take());
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > timeout => {
                timed_out = true;
                let _ = child.kill();
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(_) => break None,
        }
    };
    if std::env::var("CUAD_TIMING").is_ok_and(|v| v == "1") {
        // The output file names the case, the output and the step.
        let output = cmd
            .get_args()
            .last()
            .map(|a| a.to_string_lossy().into_owned());
        println!(
            "timing: {:.2}s {} {}",
            start.elapsed().as_secs_f64(),
            cmd.get_program().to_string_lossy(),
            output.unwrap_or_default()
        );
    }
    ProcessResult {
        code: status.and_then(|s| s.code()),
        timed_out,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn list_dir(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}

fn file_stem(p: &Path) -> String {
    p.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("")
        .to_string()
}

fn reset_dir(dir: &Path) -> Result<(), String> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

fn read(p: &Path, stage: &'static str) -> Result<String, Failure> {
    fs::read_to_string(p).map_err(|e| Failure {
        stage,
        log: format!("{}: {e}", p.display()),
    })
}

fn write(p: &Path, text: &str) -> Result<(), Failure> {
    fs::write(p, text).map_err(|e| Failure {
        stage: "setup",
        log: format!("{}: {e}", p.display()),
    })
}

// ------------------------------------------------------------------ rewriting for g++

/// Makes CUDA source acceptable to g++ with cuad_cpu.h: `k<<<cfg>>>(args)` becomes
/// `cuad_cpu::launch(k, cuad_cpu::config(cfg), args)` and `extern __shared__ T name[];` becomes
/// a pointer to the block's dynamic shared memory. Line breaks are kept, so compiler messages
/// point at the same lines as in the original.
fn rewrite_for_cpu(text: &str, first_id: usize) -> Result<String, String> {
    let code = code_mask(text);
    let text = rewrite_launches(text, &code)?;
    let code = code_mask(&text);
    let text = rewrite_extern_shared(&text, &code);
    let code = code_mask(&text);
    Ok(rewrite_shared_variables(&text, &code, first_id))
}

/// For every byte: true when it is code, false inside comments and string or char literals.
fn code_mask(text: &str) -> Vec<bool> {
    let b = text.as_bytes();
    let mut mask = vec![true; b.len()];
    let mut i = 0;
    while i < b.len() {
        let end = match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => find_from(b, i, b"\n").unwrap_or(b.len()),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                find_from(b, i + 2, b"*/").map_or(b.len(), |e| e + 2)
            }
            b'"' => literal_end(b, i, b'"'),
            b'\'' if i == 0 || !b[i - 1].is_ascii_alphanumeric() => literal_end(b, i, b'\''),
            _ => {
                i += 1;
                continue;
            }
        };
        mask[i..end].iter_mut().for_each(|m| *m = false);
        i = end;
    }
    mask
}

fn literal_end(b: &[u8], start: usize, quote: u8) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == quote || c == b'\n' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

fn find_from(b: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    (from..b.len().saturating_sub(pat.len() - 1)).find(|&i| &b[i..i + pat.len()] == pat)
}

/// Position of the first code occurrence of `pat` at or after `from`.
fn find_code(b: &[u8], code: &[bool], from: usize, pat: &[u8]) -> Option<usize> {
    let mut i = from;
    while let Some(p) = find_from(b, i, pat) {
        if code[p] {
            return Some(p);
        }
        i = p + 1;
    }
    None
}

fn rewrite_launches(text: &str, code: &[bool]) -> Result<String, String> {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 256);
    let mut copied = 0;
    let mut from = 0;
    while let Some(open) = find_code(b, code, from, b"<<<") {
        let line = text[..open].matches('\n').count() + 1;
        let callee_start = callee_start(b, open)
            .ok_or_else(|| format!("line {line}: no kernel name before `<<<`"))?;
        let close = launch_config_end(b, code, open + 3)
            .ok_or_else(|| format!("line {line}: no `>>>` closing the launch configuration"))?;
        let paren = skip_space(b, close + 3);
        if b.get(paren) != Some(&b'(') {
            return Err(format!("line {line}: no `(` after `>>>`"));
        }
        let args_end = matching_close(b, code, paren)
            .ok_or_else(|| format!("line {line}: unbalanced kernel arguments"))?;
        let callee = text[callee_start..open].trim_end();
        let config = &text[open + 3..close];
        let args = &text[paren + 1..args_end];
        out.push_str(&text[copied..callee_start]);
        // A kernel template deduced from a lambda argument (written in the launch or a local
        // bound to one) has no address to pass: a generic lambda calls it, with the template
        // arguments written at the launch (`k<BLOCK, ITEMS>`, the lambda's type deduced).
        let passes_lambda = split_top_level(args).iter().any(|a| {
            let a = a.trim();
            a.starts_with('[') || is_lambda_local(b, code, a)
        });
        if passes_lambda {
            let _ = write!(
                out,
                "cuad_cpu::launch_deduced(cuad_cpu::config({config}), [](auto... cuad_a) {{ {callee}(cuad_a...); }}"
            );
        } else {
            let _ = write!(out, "cuad_cpu::launch({callee}, cuad_cpu::config({config})");
        }
        if !args.trim().is_empty() {
            let _ = write!(out, ", {args}");
        }
        out.push(')');
        copied = args_end + 1;
        from = copied;
    }
    out.push_str(&text[copied..]);
    Ok(out)
}

/// Whether `name` is a local bound to a lambda somewhere in the text: `auto name = [`
/// (also `const auto`, `auto&&`).
fn is_lambda_local(b: &[u8], code: &[bool], name: &str) -> bool {
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    if name.is_empty() || !name.bytes().all(ident) {
        return false;
    }
    let mut from = 0;
    while let Some(p) = find_code(b, code, from, name.as_bytes()) {
        from = p + 1;
        let end = p + name.len();
        if (p > 0 && ident(b[p - 1])) || b.get(end).is_some_and(|&c| ident(c)) {
            continue;
        }
        let eq = skip_space(b, end);
        if b.get(eq) != Some(&b'=') || b.get(eq + 1) == Some(&b'=') {
            continue;
        }
        if b.get(skip_space(b, eq + 1)) != Some(&b'[') {
            continue;
        }
        let mut i = p;
        while i > 0 && (b[i - 1].is_ascii_whitespace() || b[i - 1] == b'&') {
            i -= 1;
        }
        if i >= 4 && &b[i - 4..i] == b"auto" && (i == 4 || !ident(b[i - 5])) {
            return true;
        }
    }
    false
}

/// The comma-separated parts of `args` outside brackets, parentheses and braces.
fn split_top_level(args: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in args.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&args[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&args[start..]);
    parts
}

/// Start of the kernel expression ending right before `<<<` at `open`: a possibly qualified
/// name, possibly followed by template arguments (`ns::k<float, 4>`).
fn callee_start(b: &[u8], open: usize) -> Option<usize> {
    let mut i = open;
    while i > 0 && b[i - 1].is_ascii_whitespace() {
        i -= 1;
    }
    if i > 0 && b[i - 1] == b'>' {
        let mut depth = 0usize;
        while i > 0 {
            i -= 1;
            match b[i] {
                b'>' => depth += 1,
                b'<' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        if depth != 0 {
            return None;
        }
    }
    let end = i;
    loop {
        while i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
            i -= 1;
        }
        if i >= 2 && &b[i - 2..i] == b"::" {
            i -= 2;
        } else {
            break;
        }
    }
    (i < end).then_some(i)
}

/// Position of the `>>>` closing a launch configuration that starts at `from`.
fn launch_config_end(b: &[u8], code: &[bool], from: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut i = from;
    while i < b.len() {
        if code[i] {
            match b[i] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b'>' if depth == 0 && b[i..].starts_with(b">>>") => return Some(i),
                b';' => return None,
                _ => {}
            }
        }
        i += 1;
    }
    None
}

fn matching_close(b: &[u8], code: &[bool], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, &c) in b.iter().enumerate().skip(open) {
        if !code[i] {
            continue;
        }
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
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

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// `extern __shared__ T name[];` -> `T* const name = reinterpret_cast<T*>(...);`.
fn rewrite_extern_shared(text: &str, code: &[bool]) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut from = 0;
    while let Some(at) = find_code(b, code, from, b"extern") {
        from = at + 6;
        let before_ok = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        let rest = &text[at + 6..];
        let after = rest.trim_start();
        if !before_ok || !rest.starts_with(char::is_whitespace) || !after.starts_with("__shared__")
        {
            continue;
        }
        let Some(semi) = text[at..].find(';').map(|s| at + s) else {
            break;
        };
        let decl_start = text.len() - after.len() + "__shared__".len();
        let Some((ty, name)) = split_unsized_array(&text[decl_start..semi]) else {
            continue;
        };
        out.push_str(&text[copied..at]);
        let _ = write!(
            out,
            "{ty}* const {name} = reinterpret_cast<{ty}*>(cuad_cpu::dynamic_shared());"
        );
        copied = semi + 1;
        from = copied;
    }
    out.push_str(&text[copied..]);
    out
}

/// `__shared__ T name[N];` inside a function -> a reference to the current block's instance
/// (`cuad_cpu::block_shared`), so that every block has its own, as on a GPU, and blocks can run
/// at once. `first_id` keeps the ids of separately rewritten files apart.
fn rewrite_shared_variables(text: &str, code: &[bool], first_id: usize) -> String {
    let b = text.as_bytes();
    let depth = brace_depths(b, code);
    let mut out = String::with_capacity(text.len());
    let (mut copied, mut from, mut id) = (0, 0, first_id);
    while let Some(at) = find_code(b, code, from, b"__shared__") {
        from = at + "__shared__".len();
        let word_start = at == 0 || !is_ident_byte(b[at - 1]);
        let word_end = b.get(from).is_none_or(|&c| !is_ident_byte(c));
        let Some(semi) = find_code(b, code, from, b";") else {
            break;
        };
        let decl = &text[from..semi];
        if !(word_start && word_end && depth[at] > 0) {
            continue;
        }
        // `__shared__ T a[N], b[M];`: one block instance per declarator.
        let Some(decls) = split_declarators(decl) else {
            continue;
        };
        let Some(named) = decls
            .iter()
            .map(|d| declared_name(d).map(|n| (n, d)))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        // `static __shared__ T s[N];` (block reduction helpers): a block's instance either way.
        let before = &text[copied..at];
        let kept = before.trim_end();
        match kept.strip_suffix("static") {
            Some(rest) if !rest.ends_with(|c: char| is_ident_byte(c as u8)) => out.push_str(rest),
            _ => out.push_str(before),
        }
        for (k, (name, d)) in named.iter().enumerate() {
            let alias = format!("cuad_shared_t{id}");
            let typedef = replace_word(&strip_align(d), name, &alias);
            let typedef = typedef.split_whitespace().collect::<Vec<_>>().join(" ");
            if k > 0 {
                out.push(' ');
            }
            let _ = write!(
                out,
                "typedef {typedef}; {alias}& {name} = *cuad_cpu::block_shared<{alias}, {id}>();"
            );
            id += 1;
        }
        out.push_str(&"\n".repeat(decl.matches('\n').count()));
        copied = semi + 1;
        from = copied;
    }
    out.push_str(&text[copied..]);
    out
}

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Nesting depth of `{}` before each byte.
fn brace_depths(b: &[u8], code: &[bool]) -> Vec<usize> {
    let mut depth = 0usize;
    b.iter()
        .zip(code)
        .map(|(&c, &is_code)| {
            let here = depth;
            match (is_code, c) {
                (true, b'{') => depth += 1,
                (true, b'}') => depth = depth.saturating_sub(1),
                _ => {}
            }
            here
        })
        .collect()
}

/// `T a[N], b[M]` -> `T a[N]`, `T b[M]`: each declarator with the declaration's type (commas
/// inside brackets and template arguments are not separators). `None` when a declarator
/// declares a pointer or a reference (its type is not the first one's).
fn split_declarators(decl: &str) -> Option<Vec<String>> {
    let (mut brackets, mut angles, mut parens) = (0usize, 0usize, 0usize);
    let mut parts = vec![String::new()];
    for c in decl.chars() {
        match c {
            '[' => brackets += 1,
            ']' => brackets = brackets.saturating_sub(1),
            '(' => parens += 1,
            ')' => parens = parens.saturating_sub(1),
            '<' if brackets == 0 => angles += 1,
            '>' if brackets == 0 => angles = angles.saturating_sub(1),
            ',' if brackets == 0 && angles == 0 && parens == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut()?.push(c);
    }
    if parts.len() == 1 {
        return Some(parts);
    }
    let first = parts[0].clone();
    let name = declared_name(&first)?;
    let head = first.split('[').next()?.trim_end();
    let base = head.strip_suffix(name.as_str())?.to_string();
    if base.trim_end().ends_with(['*', '&']) {
        return None;
    }
    let mut out = vec![first];
    for p in &parts[1..] {
        let p = p.trim();
        if p.starts_with(['*', '&']) {
            return None;
        }
        out.push(format!("{base}{p}"));
    }
    Some(out)
}

/// The variable declared by `T name[N][M]` or `T name` (one declarator, no initializer).
fn declared_name(decl: &str) -> Option<String> {
    // Array bounds may hold any expression (`[(STEPS + 2 * HALO) * DIM]`), template arguments
    // commas (`cub::BlockScan<int, 32>::TempStorage`).
    let (mut brackets, mut angles) = (0usize, 0usize);
    let outside: String = decl
        .chars()
        .filter(|&c| {
            match c {
                '[' => brackets += 1,
                ']' => brackets = brackets.saturating_sub(1),
                '<' if brackets == 0 => angles += 1,
                '>' if brackets == 0 => angles = angles.saturating_sub(1),
                _ => {}
            }
            brackets == 0 && angles == 0
        })
        .collect();
    if outside.contains([',', '=', '(']) && !decl.contains("__align__") {
        return None;
    }
    let decl = strip_align(decl);
    let head = decl.split('[').next()?.trim_end();
    let start = head
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |p| p + 1);
    let name = &head[start..];
    let is_name = !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit());
    (is_name && !head[..start].trim().is_empty()).then(|| name.to_string())
}

fn strip_align(decl: &str) -> String {
    let mut decl = decl.to_string();
    while let Some(p) = decl.find("__align__") {
        let Some(close) = decl[p..].find(')') else {
            break;
        };
        decl.replace_range(p..=p + close, " ");
    }
    decl
}

fn replace_word(text: &str, word: &str, with: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(p) = rest.find(word) {
        let before_ok = rest[..p]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        let after = &rest[p + word.len()..];
        let after_ok = after
            .chars()
            .next()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        out.push_str(&rest[..p]);
        out.push_str(if before_ok && after_ok { with } else { word });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// `__align__(16) float sdata[]` -> ("float", "sdata").
fn split_unsized_array(decl: &str) -> Option<(String, String)> {
    let mut decl = decl.trim().to_string();
    while let Some(p) = decl.find("__align__") {
        let close = decl[p..].find(')')? + p;
        decl.replace_range(p..=close, " ");
    }
    let decl = decl
        .trim()
        .strip_suffix(']')?
        .trim_end()
        .strip_suffix('[')?
        .trim_end();
    let name_start = decl.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))? + 1;
    let (ty, name) = decl.split_at(name_start);
    let ty = ty.split_whitespace().collect::<Vec<_>>().join(" ");
    (!ty.is_empty() && !name.is_empty()).then_some((ty, name.to_string()))
}

// ------------------------------------------------------------------ rewriter unit tests

#[test]
fn rewrites_simple_launch() {
    let src = "void h(float* p) { k<<<2, 64>>>(p, 3); }";
    assert_eq!(
        rewrite_for_cpu(src, 0).as_deref(),
        Ok("void h(float* p) { cuad_cpu::launch(k, cuad_cpu::config(2, 64), p, 3); }")
    );
}

#[test]
fn rewrites_template_and_qualified_launches_keeping_lines() {
    let src = "ns::k<float, 4> <<<dim3(n / 2, 1), b, 0>>>(\n  f(a, b),\n  c);\nz<<<1,1>>>();";
    let out = rewrite_for_cpu(src, 0).unwrap_or_default();
    assert_eq!(
        out,
        "cuad_cpu::launch(ns::k<float, 4>, cuad_cpu::config(dim3(n / 2, 1), b, 0), \n  f(a, b),\n  c);\ncuad_cpu::launch(z, cuad_cpu::config(1,1));"
    );
    assert_eq!(out.matches('\n').count(), src.matches('\n').count());
}

#[test]
fn launches_passing_lambdas_call_the_template_through_a_generic_lambda() {
    // inline, a local bound to a lambda, with template arguments written and the lambda's
    // type deduced; a local that is not a lambda keeps the plain launch
    let src = "map<<<1, 32>>>([=] __device__(float v) { return v; }, y);\n\
               auto op = [=] __device__(float v) { return s * v; };\n\
               k<B, I><<<g, B>>>(x, y, op);\n\
               auto opx = 2;\n\
               k<B, I><<<g, B>>>(x, y, opx);";
    let out = rewrite_for_cpu(src, 0).unwrap_or_default();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "cuad_cpu::launch_deduced(cuad_cpu::config(1, 32), [](auto... cuad_a) { map(cuad_a...); }, [=] __device__(float v) { return v; }, y);"
    );
    assert_eq!(
        lines[2],
        "cuad_cpu::launch_deduced(cuad_cpu::config(g, B), [](auto... cuad_a) { k<B, I>(cuad_a...); }, x, y, op);"
    );
    assert_eq!(
        lines[4],
        "cuad_cpu::launch(k<B, I>, cuad_cpu::config(g, B), x, y, opx);"
    );
}

#[test]
fn leaves_launch_syntax_in_comments_and_strings() {
    let src =
        "// k<<<1,1>>>(x)\nconst char* s = \"k<<<1,1>>>(x)\"; /* k<<<a>>>( */ int y = a >> 2;";
    assert_eq!(rewrite_for_cpu(src, 0).as_deref(), Ok(src));
}

#[test]
fn reports_a_broken_launch() {
    let err = rewrite_for_cpu("void f() {\n k<<<1, 2>>>;\n}", 0).unwrap_err();
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn rewrites_extern_shared() {
    let src = "__global__ void k() { extern __shared__ __align__(16) double s[]; s[0] = 1; }";
    assert_eq!(
        rewrite_for_cpu(src, 0).as_deref(),
        Ok("__global__ void k() { double* const s = reinterpret_cast<double*>(cuad_cpu::dynamic_shared()); s[0] = 1; }")
    );
    let plain = "extern int g; extern \"C\" void f();";
    assert_eq!(rewrite_for_cpu(plain, 0).as_deref(), Ok(plain));
}

#[test]
fn parses_cuad_lines_and_expected_failures() {
    let lines = parse_cuad_lines("// cuad: --fn f --wrt a,b\nint x;\n  // cuad: --fn g -D N=3\n");
    assert_eq!(
        lines,
        vec![
            vec!["--fn", "f", "--wrt", "a,b"],
            vec!["--fn", "g", "-D", "N=3"]
        ]
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xfail-parse");
    let _ = fs::create_dir_all(&dir);
    let path = dir.join("EXPECTED_FAILURES");
    fs::write(
        &path,
        "# comment\n\nshared_reduce  needs __syncthreads reversal\nbare\n",
    )
    .expect("write temp file");
    let xf = load_expected_failures(&path);
    assert_eq!(
        xf.get("shared_reduce").map(String::as_str),
        Some("needs __syncthreads reversal")
    );
    assert_eq!(xf.get("bare").map(String::as_str), Some(""));
    assert_eq!(xf.len(), 2);
}

#[test]
fn rewrites_shared_variables_per_block() {
    let src = "__shared__ int g;\ntemplate <class T> __device__ void f() {\n  __shared__ T sum;\n  __shared__ __align__(8) double buf[64][2];\n  static __shared__ T red[32];\n  __shared__ float a, b;\n  __shared__ float t[4][(8 + 2) * 16];\n  __shared__ cub::BlockScan<int, 32>::TempStorage st;\n}";
    let out = rewrite_for_cpu(src, 7).unwrap_or_default();
    assert_eq!(
        out,
        "__shared__ int g;\ntemplate <class T> __device__ void f() {\n  typedef T cuad_shared_t7; cuad_shared_t7& sum = *cuad_cpu::block_shared<cuad_shared_t7, 7>();\n  typedef double cuad_shared_t8[64][2]; cuad_shared_t8& buf = *cuad_cpu::block_shared<cuad_shared_t8, 8>();\n  typedef T cuad_shared_t9[32]; cuad_shared_t9& red = *cuad_cpu::block_shared<cuad_shared_t9, 9>();\n  typedef float cuad_shared_t10; cuad_shared_t10& a = *cuad_cpu::block_shared<cuad_shared_t10, 10>(); typedef float cuad_shared_t11; cuad_shared_t11& b = *cuad_cpu::block_shared<cuad_shared_t11, 11>();\n  typedef float cuad_shared_t12[4][(8 + 2) * 16]; cuad_shared_t12& t = *cuad_cpu::block_shared<cuad_shared_t12, 12>();\n  typedef cub::BlockScan<int, 32>::TempStorage cuad_shared_t13; cuad_shared_t13& st = *cuad_cpu::block_shared<cuad_shared_t13, 13>();\n}"
    );
}
