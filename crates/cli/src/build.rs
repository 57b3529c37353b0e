//! `cuad build FILE.cu -o OUT.cu`: takes a program with in-source requests
//! (`auto g = clad::gradient(f, "out, in"); g.execute(...)`), generates the derivatives and
//! writes a translation unit that plain `nvcc` compiles: the API header inlined, the requests
//! rewritten into function objects over the generated functions, prototypes before the first
//! request and definitions at the end.
//!
//! Entry points for main.rs: [`cli`] for `cuad build ARGS...`, [`print_include_dir`] for
//! `cuad --include-dir`.

mod headers;
mod matrix;
mod output;
mod process;
mod requests;
mod scan;
mod wrt;

use cuad_syntax::pp::{self, PpOptions};
use cuad_syntax::{parser, Diagnostics, FileId, SourceMap};
use std::path::PathBuf;

pub use headers::include_dir;

pub const USAGE: &str = "usage: cuad build FILE.cu -o OUT.cu [-I DIR] [-D NAME[=VAL]] [-U NAME]\n\
  Generates the derivatives asked for by clad::gradient / cuad::gradient (and differentiate,\n\
  jacobian, hessian) requests in FILE.cu and writes OUT.cu, which compiles with plain nvcc\n\
  (the API header is inlined).";

/// Arguments of `cuad build`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildArgs {
    pub input: PathBuf,
    /// `-` writes to standard output.
    pub output: PathBuf,
    pub include_dirs: Vec<PathBuf>,
    /// `-D NAME[=VAL]` and `-U NAME` in command-line order.
    pub defines: Vec<(String, Option<String>)>,
    pub undefines: Vec<String>,
}

impl BuildArgs {
    /// Parses the arguments after `build`.
    pub fn parse(args: &[String]) -> Result<BuildArgs, String> {
        let mut out = BuildArgs::default();
        let mut input = None;
        let mut output = None;
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = |flag: &str| -> Result<String, String> {
                match arg.strip_prefix(flag).filter(|v| !v.is_empty()) {
                    Some(v) => Ok(v.to_string()),
                    None => it.next().cloned().ok_or(format!("{flag} needs a value")),
                }
            };
            if arg == "-o" {
                output = Some(PathBuf::from(value("-o")?));
            } else if arg.starts_with("-I") {
                out.include_dirs.push(PathBuf::from(value("-I")?));
            } else if arg.starts_with("-D") {
                let def = value("-D")?;
                out.defines.push(match def.split_once('=') {
                    Some((name, val)) => (name.to_string(), Some(val.to_string())),
                    None => (def, None),
                });
            } else if arg.starts_with("-U") {
                out.undefines.push(value("-U")?);
            } else if arg.starts_with('-') && arg != "-" {
                return Err(format!("unknown option `{arg}`"));
            } else if input.replace(PathBuf::from(arg)).is_some() {
                return Err("only one input file is allowed".into());
            }
        }
        out.input = input.ok_or("no input file")?;
        out.output = output.ok_or("no output file (-o OUT.cu)")?;
        if same_file(&out.input, &out.output) {
            return Err("the output would overwrite the input; choose another -o".into());
        }
        Ok(out)
    }
}

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// `cuad build ARGS...` (the arguments after `build`): returns the exit code.
pub fn cli(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return 0;
    }
    match BuildArgs::parse(args) {
        Ok(parsed) => run_build(&parsed),
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            2
        }
    }
}

/// `cuad --include-dir`: prints the folder holding cuad's headers.
pub fn print_include_dir() -> i32 {
    match include_dir() {
        Ok(dir) => {
            println!("{}", dir.display());
            0
        }
        Err(message) => {
            eprintln!("error: {message}");
            1
        }
    }
}

/// Runs `cuad build`: 0 on success, 1 when diagnostics stopped it.
pub fn run_build(args: &BuildArgs) -> i32 {
    let text = match std::fs::read_to_string(&args.input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.input.display());
            return 1;
        }
    };
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let main = sm.add(&args.input, text);
    let result = build_text(args, &mut sm, main, &mut diags);
    eprint!("{}", diags.render(&sm));
    let Some(out_text) = result.filter(|_| !diags.has_errors()) else {
        return 1;
    };
    match write_output(&args.output, &out_text) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", args.output.display());
            1
        }
    }
}

fn write_output(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        use std::io::Write as _;
        return std::io::stdout().write_all(text.as_bytes());
    }
    std::fs::write(path, text)
}

/// The whole pipeline on the main file: the output text, or `None` after an error.
fn build_text(
    args: &BuildArgs,
    sm: &mut SourceMap,
    main: FileId,
    diags: &mut Diagnostics,
) -> Option<String> {
    let opts = pp_options(args)?;
    let mut main = main;
    let mut pp_diags = Diagnostics::default();
    let mut tokens = pp::preprocess(sm, main, &opts, &mut pp_diags);
    // Requests written inside macros: the invocations are expanded in the text, which is
    // then read again.
    if !pp_diags.has_errors() {
        if let Some(expanded) = scan::expand_macro_requests(sm, main, &tokens) {
            let path = sm.file(main).path.clone();
            main = sm.add(path, expanded);
            pp_diags = Diagnostics::default();
            tokens = pp::preprocess(sm, main, &opts, &mut pp_diags);
        }
    }
    diags.list.extend(pp_diags.list);
    if diags.has_errors() {
        return None;
    }
    let mut parse_diags = Diagnostics::default();
    let mut tu = parser::parse(&tokens, &mut parse_diags);
    let mut scan_diags = Diagnostics::default();
    let mut found = requests::find_requests(&tu);
    let in_opaque_code = scan::requests_in_tokens(main, &tokens, &tu, &found, &mut scan_diags);
    found.extend(in_opaque_code);
    // `clad::hessian`: the forward mode it differentiates again is appended to the program,
    // which is then read again (matrix.rs).
    let appended = process::hessian_prepass(sm, main, &tu, &found, diags)?;
    if !appended.is_empty() {
        let file = sm.file(main);
        let (path, text) = (file.path.clone(), format!("{}{appended}", file.text));
        main = sm.add(path, text);
        tokens = pp::preprocess(sm, main, &opts, &mut Diagnostics::default());
        parse_diags = Diagnostics::default();
        tu = parser::parse(&tokens, &mut parse_diags);
        scan_diags = Diagnostics::default();
        found = requests::find_requests(&tu);
        let in_opaque_code = scan::requests_in_tokens(main, &tokens, &tu, &found, &mut scan_diags);
        found.extend(in_opaque_code);
    }
    diags.list.extend(scan_diags.list);
    let mut differentiator = cuad_diff::Differentiator::new(&tu, sm);
    let plan = process::plan(sm, main, &tu, &found, &mut differentiator, diags);
    process::report_parse_problems(parse_diags, &tu, &found, &plan, diags);
    if diags.has_errors() {
        return None;
    }
    let generated = differentiator.finish();
    Some(output::compose(
        sm.file(main).text.as_str(),
        &tu,
        &plan,
        &generated,
    ))
}

fn pp_options(args: &BuildArgs) -> Option<PpOptions> {
    let mut opts = PpOptions {
        include_dirs: args.include_dirs.clone(),
        defines: args.defines.clone(),
        undefines: args.undefines.clone(),
    };
    match add_api_header_options(&mut opts) {
        Ok(()) => Some(opts),
        Err(message) => {
            eprintln!("error: {message}");
            None
        }
    }
}

/// Lets the preprocessor find cuad's API headers (`clad/Differentiator/Differentiator.h`,
/// `cuad/cuad.h`) without `-I`, and makes them empty while cuad parses: any command that
/// reads programs with requests (e.g. `cuad grad`) can call this on its options.
pub fn add_api_header_options(opts: &mut PpOptions) -> Result<(), String> {
    opts.include_dirs.push(include_dir()?);
    opts.defines.push((headers::PARSE_MACRO.to_string(), None));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_arguments() {
        let args = BuildArgs::parse(&strings(&[
            "in.cu", "-o", "out.cu", "-I", "inc", "-Iinc2", "-DN=4", "-D", "FAST", "-UOLD",
        ]))
        .expect("valid");
        assert_eq!(args.input, PathBuf::from("in.cu"));
        assert_eq!(args.output, PathBuf::from("out.cu"));
        assert_eq!(
            args.include_dirs,
            vec![PathBuf::from("inc"), PathBuf::from("inc2")]
        );
        assert_eq!(
            args.defines,
            vec![
                ("N".to_string(), Some("4".to_string())),
                ("FAST".to_string(), None)
            ]
        );
        assert_eq!(args.undefines, vec!["OLD".to_string()]);
    }

    #[test]
    fn rejects_bad_arguments() {
        assert!(BuildArgs::parse(&strings(&["in.cu"]))
            .unwrap_err()
            .contains("-o"));
        assert!(BuildArgs::parse(&strings(&["-o", "x.cu"]))
            .unwrap_err()
            .contains("input"));
        assert!(BuildArgs::parse(&strings(&["a.cu", "b.cu", "-o", "x"])).is_err());
        assert!(BuildArgs::parse(&strings(&["a.cu", "-o"]))
            .unwrap_err()
            .contains("value"));
        assert!(BuildArgs::parse(&strings(&["a.cu", "--fast", "-o", "x"])).is_err());
        assert!(BuildArgs::parse(&strings(&["a.cu", "-o", "a.cu"]))
            .unwrap_err()
            .contains("overwrite"));
    }
}
