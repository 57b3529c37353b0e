//! Differentiate CUDA kernels from a Cargo build script with cuad (in-process, no `cuad`
//! binary) and compile them to PTX for loading from Rust (e.g. with `cudarc`).
//!
//! ```no_run
//! // build.rs: fn main() { ... }
//! let built = cuad_build::Build::new()
//!     .file("kernels/saxpy.cu")
//!     .grad("saxpy", &["y", "x", "a"]) // reverse mode: saxpy_grad_<indices>
//!     .fwd("saxpy", &[]) // forward mode, every parameter that can carry a tangent
//!     .arch("sm_90")
//!     .compile_ptx("saxpy"); // OUT_DIR/saxpy.ptx + OUT_DIR/saxpy_kernels.rs
//! if let Err(e) = built {
//!     // The diagnostics: file:line:col, the source line and a caret.
//!     eprint!("{e}");
//!     std::process::exit(1);
//! }
//! ```
//!
//! ```ignore
//! // src/main.rs
//! mod kernels {
//!     include!(concat!(env!("OUT_DIR"), "/saxpy_kernels.rs"));
//! }
//! // kernels::PTX is the PTX text; kernels::SAXPY and kernels::SAXPY_GRAD_0_1_2 the entry
//! // names to look up in the loaded module.
//! ```
//!
//! The Rust file holds:
//! - `pub const PTX: &str`: the PTX, embedded with `include_str!` (the binary needs no file);
//! - one `pub const` per kernel (`.entry` of the PTX), primal and generated, named after the
//!   kernel's qualified name in upper case with `::` as `__` (`phys::step` → `PHYS__STEP`),
//!   whose value is the (mangled) entry name;
//! - `pub const ENTRIES: &[(&str, &str)]`: every (qualified name, entry name) pair.
//!
//! Overloaded kernels and several instances of one kernel template share a qualified name:
//! their constants append the entry's mangled parameter (and template argument) list in upper
//! case (`_Z5scalePfi` → `SCALE__PFI`); `ENTRIES` lists them all. A kernel whose constant
//! would be `PTX`, `ENTRIES`, another kernel's or no Rust identifier is only in `ENTRIES` (with
//! a `cargo:warning`).
//!
//! nvcc is `Build::nvcc`, else `$NVCC`, else `nvcc` on `PATH`, else
//! `/usr/local/cuda/bin/nvcc`. The build script reruns when the input, a header it includes or
//! `$NVCC` changes.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

pub use cuad_api::{Derivative, Mode};

/// A build-script step: differentiate kernels of one `.cu` file and compile it to PTX.
#[derive(Clone, Debug, Default)]
pub struct Build {
    input: cuad_api::Input,
    derivatives: Vec<Derivative>,
    arch: Option<String>,
    nvcc: Option<PathBuf>,
    flags: Vec<String>,
    out_dir: Option<PathBuf>,
    cargo_metadata: Option<bool>,
}

/// What [`Build::compile_ptx`] wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Artifacts {
    /// The input followed by the generated code (`OUT_DIR/NAME.cu`).
    pub source: PathBuf,
    /// `OUT_DIR/NAME.ptx`.
    pub ptx: PathBuf,
    /// `OUT_DIR/NAME_kernels.rs`, for `include!`.
    pub rust: PathBuf,
    /// The generated functions, in the order asked.
    pub generated: Vec<cuad_api::Generated>,
    /// Every kernel of the PTX: (qualified name, entry name, Rust constant).
    pub entries: Vec<Entry>,
    /// cuad's rendered warnings (also printed as `cargo:warning` lines in a build script).
    pub warnings: String,
}

/// A kernel of the PTX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// `phys::step`, or the entry name itself when it is not a mangled C++ name.
    pub name: String,
    /// The `.entry` name to look up in the module (`_ZN4phys4stepEPfi`).
    pub entry: String,
    /// The constant of the Rust file (`PHYS__STEP`); `None` when that name is taken (by
    /// `PTX`, `ENTRIES` or another kernel's constant, as for `Pf` and `PF` overloads) or is no
    /// Rust identifier (`$` in a PTX name): the kernel is then only in `ENTRIES`.
    pub constant: Option<String>,
}

/// A failed build step; `Display` gives the text to print (for differentiation errors, the
/// diagnostics with file:line:col and a caret; for nvcc, its output).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<cuad_api::Error> for Error {
    fn from(e: cuad_api::Error) -> Error {
        Error { message: e.message }
    }
}

fn error(message: String) -> Error {
    Error { message }
}

impl Build {
    pub fn new() -> Build {
        Build::default()
    }

    /// The `.cu` file (relative paths are relative to the package's folder, where Cargo runs
    /// build scripts). One file per `Build`.
    pub fn file(mut self, path: impl AsRef<Path>) -> Build {
        self.input.file = path.as_ref().to_path_buf();
        self
    }

    /// Requests the gradient (reverse mode) of `function` with respect to `wrt`; an empty
    /// `wrt`: every parameter that can carry a derivative. See `cuad grad` in cuad's README
    /// for the generated signature.
    pub fn grad(self, function: &str, wrt: &[&str]) -> Build {
        self.derivative(Mode::Reverse, function, wrt)
    }

    /// Requests the pushforward (forward mode) of `function` with respect to `wrt` (empty:
    /// every parameter that can carry a tangent). See `cuad fwd` in cuad's README.
    pub fn fwd(self, function: &str, wrt: &[&str]) -> Build {
        self.derivative(Mode::Forward, function, wrt)
    }

    fn derivative(mut self, mode: Mode, function: &str, wrt: &[&str]) -> Build {
        self.derivatives.push(Derivative {
            mode,
            function: function.to_string(),
            wrt: (!wrt.is_empty()).then(|| wrt.iter().map(|s| s.to_string()).collect()),
        });
        self
    }

    /// `-I DIR`, for cuad and nvcc.
    pub fn include(mut self, dir: impl AsRef<Path>) -> Build {
        self.input.include_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    /// `-D NAME[=VALUE]`, for cuad and nvcc.
    pub fn define(mut self, name: &str, value: Option<&str>) -> Build {
        self.input
            .defines
            .push((name.to_string(), value.map(str::to_string)));
        self
    }

    /// The GPU architecture for nvcc's `-arch` (`sm_90`); nvcc's default when not set.
    pub fn arch(mut self, arch: &str) -> Build {
        self.arch = Some(arch.to_string());
        self
    }

    /// An extra nvcc flag (`-O3`, `--use_fast_math`, ...).
    pub fn nvcc_flag(mut self, flag: &str) -> Build {
        self.flags.push(flag.to_string());
        self
    }

    /// The nvcc to run (default: `$NVCC`, `nvcc` on `PATH`, `/usr/local/cuda/bin/nvcc`).
    pub fn nvcc(mut self, path: impl AsRef<Path>) -> Build {
        self.nvcc = Some(path.as_ref().to_path_buf());
        self
    }

    /// Outputs a kernel writes once per element keep their adjoint (`cuad grad --keep-seeds`).
    pub fn keep_seeds(mut self, keep: bool) -> Build {
        self.input.keep_seeds = keep;
        self
    }

    /// `__maxnreg__(n)` on the generated kernels (`cuad grad --max-registers`, 16 to 255).
    pub fn max_registers(mut self, n: u32) -> Build {
        self.input.max_registers = Some(n);
        self
    }

    /// Where to write (default: `$OUT_DIR`).
    pub fn out_dir(mut self, dir: impl AsRef<Path>) -> Build {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Whether to print `cargo:rerun-if-changed` lines (default: when `$OUT_DIR` is set, as
    /// in a build script).
    pub fn cargo_metadata(mut self, print: bool) -> Build {
        self.cargo_metadata = Some(print);
        self
    }

    /// Differentiates and writes `OUT_DIR/NAME.cu` only (for a caller compiling it itself).
    pub fn generate(&self, name: &str) -> Result<(PathBuf, cuad_api::Output), Error> {
        if self.input.file.as_os_str().is_empty() {
            return Err(error(
                "error: cuad-build: no input file (Build::file)\n".into(),
            ));
        }
        let metadata = self.prints_metadata();
        if metadata {
            // Before differentiating: a failed build reruns when the input is fixed.
            println!("cargo:rerun-if-changed={}", self.input.file.display());
            println!("cargo:rerun-if-env-changed=NVCC");
        }
        let output = cuad_api::derive(&self.input, &self.derivatives)?;
        if metadata {
            for file in output.files_read.iter().filter(|f| **f != self.input.file) {
                println!("cargo:rerun-if-changed={}", file.display());
            }
        }
        if metadata {
            for line in output.warnings.lines() {
                println!("cargo:warning={line}");
            }
        }
        let dir = self.target_dir()?;
        let source = dir.join(format!("{name}.cu"));
        write(&source, &output.source)?;
        Ok((source, output))
    }

    /// Differentiates, writes `OUT_DIR/NAME.cu`, compiles it with `nvcc -ptx` into
    /// `OUT_DIR/NAME.ptx` and writes `OUT_DIR/NAME_kernels.rs` (see the crate's documentation).
    pub fn compile_ptx(&self, name: &str) -> Result<Artifacts, Error> {
        let (source, output) = self.generate(name)?;
        let dir = self.target_dir()?;
        let ptx = dir.join(format!("{name}.ptx"));
        let nvcc = self.find_nvcc()?;
        let mut cmd = Command::new(&nvcc);
        cmd.args(["-ptx", "-std=c++17"]);
        if let Some(arch) = &self.arch {
            cmd.arg(format!("-arch={arch}"));
        }
        // `#include "..."` lines are relative to the input, which is not where the output is.
        if let Some(parent) = self.input.file.parent() {
            let parent = if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            };
            cmd.arg("-I").arg(parent);
        }
        for dir in &self.input.include_dirs {
            cmd.arg("-I").arg(dir);
        }
        for (name, value) in &self.input.defines {
            cmd.arg(match value {
                Some(v) => format!("-D{name}={v}"),
                None => format!("-D{name}"),
            });
        }
        cmd.args(&self.flags).arg(&source).arg("-o").arg(&ptx);
        let run = cmd.output().map_err(|e| {
            error(format!(
                "error: cuad-build: cannot run {}: {e}\n",
                nvcc.display()
            ))
        })?;
        if !run.status.success() {
            return Err(error(format!(
                "error: cuad-build: nvcc failed on {} ({}):\n{}{}",
                source.display(),
                run.status,
                String::from_utf8_lossy(&run.stdout),
                String::from_utf8_lossy(&run.stderr)
            )));
        }
        let text = std::fs::read_to_string(&ptx)
            .map_err(|e| error(format!("error: cannot read {}: {e}\n", ptx.display())))?;
        let entries = entries(&text);
        for e in entries.iter().filter(|e| e.constant.is_none()) {
            if self.prints_metadata() {
                println!(
                    "cargo:warning=cuad-build: no constant for kernel `{}` (name taken or not an identifier); ENTRIES has `{}`",
                    e.name, e.entry
                );
            }
        }
        let rust = dir.join(format!("{name}_kernels.rs"));
        write(&rust, &rust_file(&ptx, &entries))?;
        Ok(Artifacts {
            source,
            ptx,
            rust,
            generated: output.generated,
            entries,
            warnings: output.warnings,
        })
    }

    fn prints_metadata(&self) -> bool {
        self.cargo_metadata
            .unwrap_or_else(|| std::env::var_os("OUT_DIR").is_some())
    }

    fn target_dir(&self) -> Result<PathBuf, Error> {
        let dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR").map(PathBuf::from).ok_or_else(|| {
                error("error: cuad-build: OUT_DIR is not set (not a build script?); use Build::out_dir\n".into())
            })?,
        };
        std::fs::create_dir_all(&dir)
            .map_err(|e| error(format!("error: cannot create {}: {e}\n", dir.display())))?;
        Ok(dir)
    }

    fn find_nvcc(&self) -> Result<PathBuf, Error> {
        if let Some(path) = &self.nvcc {
            return Ok(path.clone());
        }
        if let Some(path) = std::env::var_os("NVCC").filter(|v| !v.is_empty()) {
            return Ok(PathBuf::from(path));
        }
        let on_path = std::env::var_os("PATH")
            .into_iter()
            .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .map(|dir| dir.join(format!("nvcc{}", std::env::consts::EXE_SUFFIX)));
        on_path
            .chain([PathBuf::from("/usr/local/cuda/bin/nvcc")])
            .find(|p| p.is_file())
            .ok_or_else(|| {
                error(
                    "error: cuad-build: nvcc not found ($NVCC, PATH, /usr/local/cuda/bin/nvcc)\n"
                        .into(),
                )
            })
    }
}

fn write(path: &Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text)
        .map_err(|e| error(format!("error: cannot write {}: {e}\n", path.display())))
}

/// The kernels of a PTX module: the names of its `.entry` directives, with their constants.
pub fn entries(ptx: &str) -> Vec<Entry> {
    let names: Vec<(String, String, &str)> = ptx
        .lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|w| *w == ".entry")?;
            let entry = words.get(at + 1)?.split('(').next()?;
            let (name, rest) = demangle_name(entry).unwrap_or_else(|| (entry.to_string(), ""));
            Some((name, entry.to_string(), rest))
        })
        .collect();
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for (name, _, _) in &names {
        *count.entry(name).or_default() += 1;
    }
    let constants: Vec<String> = names
        .iter()
        .map(|(name, _, rest)| {
            let mut constant = name.replace("::", "__").to_uppercase();
            if count[name.as_str()] > 1 {
                constant.push_str("__");
                constant.push_str(&rest.to_uppercase());
            }
            constant
        })
        .collect();
    names
        .iter()
        .zip(&constants)
        .map(|((name, entry, _), constant)| Entry {
            name: name.clone(),
            entry: entry.clone(),
            constant: (is_identifier(constant)
                && !["PTX", "ENTRIES"].contains(&constant.as_str())
                && constants.iter().filter(|c| *c == constant).count() == 1)
                .then(|| constant.clone()),
        })
        .collect()
}

/// A Rust identifier (PTX names may also hold `$` and `%`).
fn is_identifier(name: &str) -> bool {
    name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && name.bytes().next().is_some_and(|b| !b.is_ascii_digit())
        && name != "_"
}

/// The qualified name of an Itanium-mangled function (`_ZN4phys4stepEPfi` → `phys::step`)
/// and what follows it (template arguments, parameter types: `Pfi`). `None` when `mangled` is
/// not a mangled name cuad-build reads (a plain `extern "C"` name, an operator).
fn demangle_name(mangled: &str) -> Option<(String, &str)> {
    if !mangled.is_ascii() {
        return None;
    }
    let rest = mangled.strip_prefix("_Z")?;
    let (parts, rest) = match rest.strip_prefix('N') {
        Some(nested) => {
            let mut parts = Vec::new();
            let mut rest = nested;
            loop {
                if let Some(after) = rest.strip_prefix('E') {
                    break (parts, after);
                }
                let (part, after) = source_name(rest)?;
                parts.push(part);
                // Template arguments of a nested name end it before its `E`.
                if after.starts_with('I') {
                    let args_end = template_args_end(after)?;
                    rest = &after[args_end..];
                    // The function's own template arguments stay in what follows the name
                    // (they tell instances apart).
                    if rest.starts_with('E') {
                        break (parts, after);
                    }
                    continue;
                }
                rest = after;
            }
        }
        None => {
            let (part, after) = source_name(rest)?;
            (vec![part], after)
        }
    };
    (!parts.is_empty()).then(|| (parts.join("::"), rest))
}

/// `<length><identifier>` at the start of `s`.
fn source_name(s: &str) -> Option<(&str, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let len: usize = s[..digits].parse().ok()?;
    let end = digits.checked_add(len)?;
    Some((s.get(digits..end)?, &s[end..]))
}

/// The index just after the `I...E` template argument list at the start of `s`.
fn template_args_end(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'I' => depth += 1,
            b'E' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            // A source name may contain the letters `I` and `E`: skip it whole.
            b'0'..=b'9' => {
                let (_, after) = source_name(&s[i..])?;
                i = s.len() - after.len();
                continue;
            }
            // A literal (`Li4E`): its digits are a value, its `E` closes it.
            b'L' => i += s[i..].find('E')?,
            // Substitutions and template parameters (`S1_`, `T_`) up to their `_`; `St`,
            // `Sa`, ... (abbreviations) are two letters.
            b'S' | b'T' if !bytes.get(i + 1).is_some_and(u8::is_ascii_lowercase) => {
                i += s[i..].find('_')?
            }
            _ => {}
        }
        i += 1;
    }
    None
}

fn rust_file(ptx: &Path, entries: &[Entry]) -> String {
    let mut out =
        String::from("// Generated by cuad-build: the PTX and its kernels' entry names.\n\n");
    out.push_str(&format!(
        "/// The PTX module.\npub const PTX: &str = include_str!({:?});\n",
        ptx.display().to_string()
    ));
    for e in entries {
        if let Some(constant) = &e.constant {
            out.push_str(&format!(
                "\n/// Entry name of `{}`.\npub const {constant}: &str = {:?};\n",
                e.name, e.entry
            ));
        }
    }
    out.push_str("\n/// Every kernel: (qualified name, entry name).\npub const ENTRIES: &[(&str, &str)] = &[\n");
    for e in entries {
        out.push_str(&format!("    ({:?}, {:?}),\n", e.name, e.entry));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mangled_names() {
        assert_eq!(
            demangle_name("_Z5saxpyidPKdPd"),
            Some(("saxpy".into(), "idPKdPd"))
        );
        assert_eq!(
            demangle_name("_ZN4phys4stepEPfi"),
            Some(("phys::step".into(), "Pfi"))
        );
        assert_eq!(
            demangle_name("_ZN1a1b3EIkEPf"),
            Some(("a::b::EIk".into(), "Pf"))
        );
        // A template instance: the arguments stay with the parameters.
        assert_eq!(
            demangle_name("_Z3dotIdLi3EEvPT_"),
            Some(("dot".into(), "IdLi3EEvPT_"))
        );
        assert_eq!(
            demangle_name("_ZN2ns4scanIfEEvPT_"),
            Some(("ns::scan".into(), "IfEEvPT_"))
        );
        // nvcc's names of template instances in a namespace: literals, substitutions.
        assert_eq!(
            demangle_name("_ZN3ops6tscaleIfLi4EEEvPT_S1_"),
            Some(("ops::tscale".into(), "IfLi4EEEvPT_S1_"))
        );
        assert_eq!(
            demangle_name("_ZN3ops4fillI4Vec3S1_Li12EEEvPT_"),
            Some(("ops::fill".into(), "I4Vec3S1_Li12EEEvPT_"))
        );
        assert_eq!(
            demangle_name("_ZN1a3BoxIfE4stepEPf"),
            Some(("a::Box::step".into(), "Pf"))
        );
        assert_eq!(demangle_name("plain_c_kernel"), None);
        assert_eq!(demangle_name("_Z999x"), None);
    }

    #[test]
    fn overloads_get_their_parameters_in_the_constant() {
        let ptx = "\
.visible .entry _Z5scalePfi(\n\t.param .u64 a\n)\n{\n}\n\
.visible .entry _Z5scalePdi(\n)\n{\n}\n\
.visible .entry _ZN2ns4stepEv()\n{\n}\n\
.entry raw_kernel(\n)\n\
.entry ptx(\n)\n\
.entry _Z1fPf(\n)\n.entry _Z1fPF(\n)\n.entry $k(\n)\n";
        let constants: Vec<(String, String)> = entries(ptx)
            .into_iter()
            .map(|e| (e.constant.unwrap_or_default(), e.entry))
            .collect();
        let expected = [
            ("SCALE__PFI", "_Z5scalePfi"),
            ("SCALE__PDI", "_Z5scalePdi"),
            ("NS__STEP", "_ZN2ns4stepEv"),
            ("RAW_KERNEL", "raw_kernel"),
            // Names taken: no constant.
            ("", "ptx"),
            ("", "_Z1fPf"),
            ("", "_Z1fPF"),
            ("", "$k"),
        ];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(c, e)| (c.to_string(), e.to_string()))
            .collect();
        assert_eq!(constants, expected);
    }
}
