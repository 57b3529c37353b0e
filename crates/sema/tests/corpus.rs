//! Real-world CUDA files of the repository corpus must pass `check` without errors, and
//! `type_of` must know the types the kernels compute with.

use cuad_sema::{check, Program, ScopeStack};
use cuad_syntax::ast::{Item, TranslationUnit};
use cuad_syntax::pp::PpOptions;
use cuad_syntax::{Diagnostics, SourceMap};
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cuda_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(cuda_files(&path));
        } else if path.extension().is_some_and(|e| e == "cu") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn parse(path: &Path) -> (SourceMap, Option<TranslationUnit>) {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let tu = cuad_syntax::parse_file(&mut sm, path, &PpOptions::default(), &mut diags);
    (sm, tu)
}

#[test]
fn corpus_files_check_without_errors() {
    let root = repo_root();
    let mut files = cuda_files(&root.join("tests/corpus"));
    files.extend(cuda_files(&root.join("examples")));
    let mut failures = String::new();
    for path in &files {
        let (sm, Some(tu)) = parse(path) else {
            continue;
        };
        let mut diags = Diagnostics::default();
        check(&tu, &mut diags);
        if diags.has_errors() {
            failures.push_str(&diags.render(&sm));
        }
    }
    assert!(
        failures.is_empty(),
        "check reported errors on real files:\n{failures}"
    );
}

#[test]
fn corpus_functions_have_known_parameter_types() {
    let root = repo_root();
    let mut checked = 0;
    for path in cuda_files(&root.join("tests/corpus")) {
        let (_, Some(tu)) = parse(&path) else {
            continue;
        };
        let program = Program::new(&tu);
        for item in &tu.items {
            let Item::Function(f) = item else { continue };
            let mut scope = ScopeStack::new();
            for p in &f.params {
                if let Some(name) = &p.name {
                    scope.declare(name, p.ty.clone());
                    let e = cuad_syntax::ast::Expr::ident(name);
                    assert!(
                        program.type_of(&e, &scope).is_some(),
                        "{}: {name}",
                        path.display()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0 || cuda_files(&root.join("tests/corpus")).is_empty());
}

/// Parses `text` as if it were the file at `path` (so its quoted includes resolve).
fn parse_text(path: &Path, text: String) -> (SourceMap, TranslationUnit) {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add(path, text);
    let tokens = cuad_syntax::pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let tu = cuad_syntax::parser::parse(&tokens, &mut diags);
    (sm, tu)
}

const PROBE: &str =
    "\n__global__ void cuad_probe(float* p) { p[0] = cuad_probe_missing * 2.0f; }\n";

#[test]
fn an_undeclared_name_added_to_a_corpus_file_is_reported() {
    let root = repo_root();
    let mut reported = 0;
    for path in cuda_files(&root.join("tests/corpus")) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let (sm, tu) = parse_text(&path, text + PROBE);
        let mut diags = Diagnostics::default();
        check(&tu, &mut diags);
        let rendered = diags.render(&sm);
        if text_includes_library_headers(&tu) {
            assert!(!diags.has_errors(), "{rendered}");
            continue;
        }
        assert_eq!(diags.list.len(), 1, "{}:\n{rendered}", path.display());
        assert_eq!(sm.snippet(diags.list[0].span), "cuad_probe_missing");
        assert!(rendered.contains("use of undeclared identifier `cuad_probe_missing`"));
        reported += 1;
    }
    assert!(reported > 0 || cuda_files(&root.join("tests/corpus")).is_empty());
}

/// Files including headers whose names cuad does not know (thrust, cooperative groups...)
/// silence undeclared-identifier errors: they are not probed.
fn text_includes_library_headers(tu: &TranslationUnit) -> bool {
    tu.items.iter().any(|i| match i {
        Item::Directive { text, .. } => {
            let header = text.split(['<', '>']).nth(1).unwrap_or("");
            text.contains("include") && !cuad_sema::builtins::KNOWN_HEADERS.contains(&header)
        }
        _ => false,
    })
}

#[test]
fn twenty_thousand_lines_check_quickly() {
    let root = repo_root();
    let Ok(sample) = std::fs::read_to_string(root.join("tests/corpus/lulesh_hydro.cu")) else {
        return;
    };
    let mut text = String::new();
    let mut copy = 0;
    while text.lines().count() < 20_000 {
        // distinct names so every copy is a separate set of functions
        text.push_str(&sample.replace("__global__ void ", &format!("__global__ void c{copy}_")));
        copy += 1;
    }
    let (_, tu) = parse_text(&root.join("tests/corpus/big.cu"), text);
    let start = std::time::Instant::now();
    let mut diags = Diagnostics::default();
    check(&tu, &mut diags);
    let elapsed = start.elapsed();
    eprintln!("Program::new + check over {} lines: {elapsed:?}", 20_000);
    assert!(!diags.has_errors());
    // generous bound for debug builds; release is far below 50 ms
    assert!(elapsed.as_millis() < 1000, "check took {elapsed:?}");
}

/// Walks bodies like `check` does and records expressions `type_of` cannot type.
struct TypeCoverage<'p, 'a> {
    program: &'p Program<'a>,
    scope: ScopeStack,
    typed: usize,
    untyped: Vec<String>,
}

impl TypeCoverage<'_, '_> {
    fn function(&mut self, f: &cuad_syntax::ast::Function) {
        self.scope = ScopeStack::new();
        for t in f.template.iter().flatten() {
            if let cuad_syntax::ast::TemplateParamKind::Value { ty, .. } = &t.kind {
                self.scope.declare(&t.name, ty.clone());
            }
        }
        for p in &f.params {
            if let Some(n) = &p.name {
                self.scope.declare(n, p.ty.clone());
            }
        }
        for s in f.body.iter().flatten() {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &cuad_syntax::ast::Stmt) {
        use cuad_syntax::ast::{Init, StmtKind};
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    self.scope.declare(&v.name, v.ty.clone());
                    if let Some(Init::Assign(e)) = &v.init {
                        self.expr(e);
                    }
                }
            }
            StmtKind::Block(b) => b.iter().for_each(|s| self.stmt(s)),
            StmtKind::If { cond, then, els } => {
                self.expr(cond);
                self.stmt(then);
                els.iter().for_each(|s| self.stmt(s));
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                init.iter().for_each(|s| self.stmt(s));
                cond.iter().chain(step).for_each(|e| self.expr(e));
                self.stmt(body);
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.expr(cond);
                self.stmt(body);
            }
            StmtKind::Switch { cond, cases } => {
                self.expr(cond);
                cases
                    .iter()
                    .flat_map(|c| &c.body)
                    .for_each(|s| self.stmt(s));
            }
            _ => {}
        }
    }

    fn expr(&mut self, e: &cuad_syntax::ast::Expr) {
        use cuad_syntax::ast::ExprKind;
        if matches!(e.kind, ExprKind::InitList(_)) {
            return;
        }
        match self.program.type_of(e, &self.scope) {
            Some(_) => self.typed += 1,
            None => self
                .untyped
                .push(format!("{:?}", e.kind).chars().take(160).collect()),
        }
        match &e.kind {
            ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) | ExprKind::Index(l, r) => {
                self.expr(l);
                self.expr(r);
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => self.expr(x),
            ExprKind::Cast { expr, .. } => self.expr(expr),
            ExprKind::Call { args, .. } => args.iter().for_each(|a| self.expr(a)),
            ExprKind::Member { base, .. } => self.expr(base),
            ExprKind::Cond(c, a, b) => [c, a, b].into_iter().for_each(|x| self.expr(x)),
            _ => {}
        }
    }
}

#[test]
fn type_of_knows_almost_every_expression_of_the_corpus() {
    let root = repo_root();
    let (mut typed, mut untyped) = (0, Vec::new());
    for path in cuda_files(&root.join("tests/corpus")) {
        let (_, Some(tu)) = parse(&path) else {
            continue;
        };
        let program = Program::new(&tu);
        let mut cov = TypeCoverage {
            program: &program,
            scope: ScopeStack::new(),
            typed: 0,
            untyped: vec![],
        };
        for item in &tu.items {
            if let Item::Function(f) = item {
                cov.function(f);
            }
        }
        typed += cov.typed;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        untyped.extend(cov.untyped.into_iter().map(|u| format!("{name}: {u}")));
    }
    for u in &untyped {
        eprintln!("untyped: {u}");
    }
    eprintln!("typed {typed}, untyped {}", untyped.len());
    assert!(
        untyped.len() * 50 <= typed,
        "more than 2% of expressions untyped"
    );
}
