//! The `cuad` command line: `parse`, `grad`, `build`, `--include-dir`.

mod build;
mod manifest;

use cuad_syntax::pp::PpOptions;
use cuad_syntax::{Diagnostics, SourceMap};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
cuad: automatic differentiation of CUDA C++ source

usage:
  cuad grad FILE --fn NAME [--wrt P1,P2,...] [-o OUT] [-I DIR]... [-D NAME[=VAL]]... [--explain]
            [--max-registers N]   (__maxnreg__(N) on the generated kernels)
            [--keep-seeds]        (outputs a kernel writes once per element keep their adjoint)
            [--manifest PATH]     (JSON: the primal's and the gradient's parameters, for bindings)
  cuad fwd FILE --fn NAME [--wrt P1,P2,...] [-o OUT] [-I DIR]... [-D NAME[=VAL]]...
            [--manifest PATH]
            (forward mode: NAME_pushforward, tangents `_d_p` after the parameters)
  cuad build FILE -o OUT [-I DIR]... [-D NAME[=VAL]]...
  cuad parse FILE [-I DIR]... [-D NAME[=VAL]]... [--dump-ast]
  cuad --include-dir
";

/// Options shared by every subcommand that reads a source file.
struct Common {
    input: Option<PathBuf>,
    output: Option<PathBuf>,
    pp: PpOptions,
    function: Option<String>,
    wrt: Option<Vec<String>>,
    dump_ast: bool,
    explain: bool,
    max_registers: Option<u32>,
    keep_seeds: bool,
    manifest: Option<PathBuf>,
}

fn parse_args(args: &[String]) -> Result<Common, String> {
    let mut c = Common {
        input: None,
        output: None,
        pp: PpOptions::default(),
        function: None,
        wrt: None,
        dump_ast: false,
        explain: false,
        max_registers: None,
        keep_seeds: false,
        manifest: None,
    };
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String, String> {
        *i += 1;
        args.get(*i)
            .cloned()
            .ok_or_else(|| format!("`{flag}` needs a value"))
    };
    while i < args.len() {
        let a = &args[i];
        match a.as_str() {
            "-o" => c.output = Some(PathBuf::from(value(&mut i, "-o")?)),
            "--fn" => c.function = Some(value(&mut i, "--fn")?),
            "--wrt" => {
                c.wrt = Some(
                    value(&mut i, "--wrt")?
                        .split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect(),
                )
            }
            "--manifest" => c.manifest = Some(PathBuf::from(value(&mut i, "--manifest")?)),
            "-I" => c.pp.include_dirs.push(PathBuf::from(value(&mut i, "-I")?)),
            "-D" => c.pp.defines.push(split_define(&value(&mut i, "-D")?)),
            "-U" => c.pp.undefines.push(value(&mut i, "-U")?),
            "--dump-ast" => c.dump_ast = true,
            "--explain" => c.explain = true,
            "--keep-seeds" => c.keep_seeds = true,
            "--max-registers" => {
                let v = value(&mut i, "--max-registers")?;
                match v.parse::<u32>() {
                    Ok(n) if (16..=255).contains(&n) => c.max_registers = Some(n),
                    _ => {
                        return Err(format!(
                            "`--max-registers` needs a number from 16 to 255, not `{v}`"
                        ))
                    }
                }
            }
            _ if a.starts_with("-I") && a.len() > 2 => {
                c.pp.include_dirs.push(PathBuf::from(&a[2..]))
            }
            _ if a.starts_with("-D") && a.len() > 2 => c.pp.defines.push(split_define(&a[2..])),
            _ if a.starts_with("-U") && a.len() > 2 => c.pp.undefines.push(a[2..].to_string()),
            _ if a.starts_with("--fn=") => c.function = Some(a[5..].to_string()),
            _ if a.starts_with("--wrt=") => {
                c.wrt = Some(a[6..].split(',').map(|s| s.trim().to_string()).collect())
            }
            _ if a.starts_with('-') => return Err(format!("unknown option `{a}`")),
            _ if c.input.is_none() => c.input = Some(PathBuf::from(a)),
            _ => return Err(format!("unexpected argument `{a}`")),
        }
        i += 1;
    }
    Ok(c)
}

fn split_define(d: &str) -> (String, Option<String>) {
    match d.split_once('=') {
        Some((n, v)) => (n.to_string(), Some(v.to_string())),
        None => (d.to_string(), None),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("grad") => run(&args[1..], grad),
        Some("fwd") => run(&args[1..], fwd),
        Some("parse") => run(&args[1..], parse),
        Some("build") => build::cli(&args[1..]),
        Some("--include-dir") => build::print_include_dir(),
        Some("--help") | Some("-h") | None => {
            print!("{USAGE}");
            0
        }
        Some("--version") => {
            println!("cuad {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Some(other) => {
            eprintln!("error: unknown command `{other}`\n\n{USAGE}");
            2
        }
    };
    ExitCode::from(code as u8)
}

fn run(args: &[String], f: fn(Common) -> i32) -> i32 {
    match parse_args(args).map(|mut c| {
        // Programs that include the Clad-compatible headers find the ones cuad ships.
        if let Err(e) = build::add_api_header_options(&mut c.pp) {
            eprintln!("warning: {e}");
        }
        c
    }) {
        Ok(c) if c.input.is_some() => f(c),
        Ok(_) => {
            eprintln!("error: no input file\n\n{USAGE}");
            2
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{USAGE}");
            2
        }
    }
}

fn parse(c: Common) -> i32 {
    let input = c.input.expect("checked by run");
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let Some(tu) = cuad_syntax::parse_file(&mut sm, &input, &c.pp, &mut diags) else {
        return 1;
    };
    cuad_sema::check(&tu, &mut diags);
    if c.dump_ast {
        println!("{tu:#?}");
    }
    eprint!("{}", diags.render(&sm));
    i32::from(diags.has_errors())
}

fn grad(c: Common) -> i32 {
    derive(c, Direction::Reverse)
}

fn fwd(c: Common) -> i32 {
    derive(c, Direction::Forward)
}

/// Which derivative `derive` generates.
#[derive(Clone, Copy, PartialEq)]
enum Direction {
    /// `cuad grad`: the gradient (reverse mode).
    Reverse,
    /// `cuad fwd`: the pushforward (forward mode).
    Forward,
}

fn derive(c: Common, direction: Direction) -> i32 {
    let input = c.input.expect("checked by run");
    let command = match direction {
        Direction::Reverse => "grad",
        Direction::Forward => "fwd",
    };
    let Some(function) = c.function.clone() else {
        eprintln!("error: `cuad {command}` needs `--fn NAME`");
        return 2;
    };
    let request = cuad_api::Request {
        input: cuad_api::Input {
            file: input.clone(),
            include_dirs: c.pp.include_dirs,
            defines: c.pp.defines,
            undefines: c.pp.undefines,
            keep_seeds: c.keep_seeds,
            max_registers: c.max_registers,
        },
        function,
        wrt: c.wrt,
    };
    let result = match direction {
        Direction::Reverse => cuad_api::grad(&request),
        Direction::Forward => cuad_api::fwd(&request),
    };
    let out = match result {
        Ok(out) => out,
        Err(e) => {
            eprint!("{e}");
            return match e.kind {
                cuad_api::ErrorKind::Request => 2,
                cuad_api::ErrorKind::Read | cuad_api::ErrorKind::Diagnostics => 1,
            };
        }
    };
    eprint!("{}", out.warnings);
    if c.explain {
        for line in out.generated.iter().flat_map(|g| &g.explanations) {
            eprintln!("explain: {line}");
        }
    }
    match &c.output {
        Some(path) => {
            if same_file(path, &input) {
                eprintln!(
                    "error: refusing to overwrite the input file {}",
                    input.display()
                );
                return 2;
            }
            if let Err(e) = std::fs::write(path, out.source) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return 1;
            }
        }
        None => print!("{}", out.source),
    }
    if let Some(path) = &c.manifest {
        let text = manifest::render(&out.generated[0], &request.function);
        if let Err(e) = write_new(path, &input, &text) {
            eprintln!("error: {e}");
            return 1;
        }
    }
    0
}

/// Writes `text` to `path`, which must not be the input file.
fn write_new(path: &std::path::Path, input: &std::path::Path, text: &str) -> Result<(), String> {
    if same_file(path, input) {
        return Err(format!(
            "refusing to overwrite the input file {}",
            input.display()
        ));
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}
