//! Statements and declarations, one statement per line, 4-space indentation.

use crate::expr::{print_args, print_expr, print_expr_at, starts_like_a_declaration, PREC_ASSIGN};
use crate::ty::{print_decl, split_decl};
use cuad_syntax::ast::{DeclSpecs, DeclStmt, Expr, Init, Stmt, StmtKind, SwitchCase, VarDecl};

/// Indentation for nesting level `indent`.
pub(crate) fn pad(indent: usize) -> String {
    "    ".repeat(indent)
}

/// Prints `s` at nesting level `indent`; every line ends with a newline.
pub fn print_stmt(s: &Stmt, indent: usize) -> String {
    let mut out = String::new();
    write_stmt(&mut out, s, indent);
    out
}

pub(crate) fn write_stmts(out: &mut String, stmts: &[Stmt], indent: usize) {
    for s in stmts {
        write_stmt(out, s, indent);
    }
}

fn write_stmt(out: &mut String, s: &Stmt, indent: usize) {
    let p = pad(indent);
    match &s.kind {
        StmtKind::Expr(e) if starts_like_a_declaration(e) => {
            // `int(x) + y;` or `a * b;` would read as a declaration.
            out.push_str(&format!("{p}({});\n", print_expr(e)))
        }
        StmtKind::Expr(e) => out.push_str(&format!("{p}{};\n", print_expr(e))),
        StmtKind::Decl(d) => {
            for decl in decl_texts(d) {
                out.push_str(&format!("{p}{decl};\n"));
            }
        }
        StmtKind::Bindings(b) => out.push_str(&format!(
            "{p}{} [{}] = {};\n",
            crate::ty::print_ty(&b.ty),
            b.names.join(", "),
            print_expr_at(&b.init, PREC_ASSIGN)
        )),
        StmtKind::Block(body) => {
            out.push_str(&format!("{p}{{\n"));
            write_stmts(out, body, indent + 1);
            out.push_str(&format!("{p}}}\n"));
        }
        StmtKind::If { cond, then, els } => {
            out.push_str(&p);
            write_if(out, cond, then, els.as_deref(), indent);
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => match init.as_deref() {
            Some(
                decl @ Stmt {
                    kind: StmtKind::Decl(d),
                    ..
                },
            ) if decl_texts(d).len() > 1 => {
                // A for-init holds one declaration only: hoist several into a block.
                out.push_str(&format!("{p}{{\n"));
                write_stmt(out, decl, indent + 1);
                let head = for_head(None, cond.as_ref(), step.as_ref());
                out.push_str(&format!("{}{head}", pad(indent + 1)));
                write_last_body(out, body, indent + 1);
                out.push_str(&format!("{p}}}\n"));
            }
            _ => {
                let head = for_head(init.as_deref(), cond.as_ref(), step.as_ref());
                out.push_str(&format!("{p}{head}"));
                write_last_body(out, body, indent);
            }
        },
        StmtKind::While { cond, body } => {
            out.push_str(&format!("{p}while ({})", print_cond(cond)));
            write_last_body(out, body, indent);
        }
        StmtKind::DoWhile { body, cond } => {
            out.push_str(&format!("{p}do"));
            let tail = format!("while ({});\n", print_cond(cond));
            if write_body(out, body, indent, false) {
                out.push_str(&format!(" {tail}"));
            } else {
                out.push_str(&format!("{p}{tail}"));
            }
        }
        StmtKind::Switch { cond, cases } => write_switch(out, cond, cases, indent),
        StmtKind::Break => out.push_str(&format!("{p}break;\n")),
        StmtKind::Continue => out.push_str(&format!("{p}continue;\n")),
        StmtKind::Return(None) => out.push_str(&format!("{p}return;\n")),
        StmtKind::Return(Some(e)) => out.push_str(&format!("{p}return {};\n", print_expr(e))),
        StmtKind::Pragma(text) => out.push_str(&format!("{p}{}\n", pragma_line(text))),
        StmtKind::Using(text) => out.push_str(&format!("{p}{text}\n")),
        StmtKind::Empty => out.push_str(&format!("{p};\n")),
    }
}

/// A condition or for-init expression; one starting like a declaration (`int(x) ...`) is
/// parenthesised, as the parser reads declarations there.
fn print_cond(e: &Expr) -> String {
    if starts_like_a_declaration(e) {
        format!("({})", print_expr(e))
    } else {
        print_expr(e)
    }
}

/// The pragma text as a full directive line, whether or not `#pragma` was kept in it. Text
/// starting with `//` is a comment that generated code places in a body; it prints as is.
fn pragma_line(text: &str) -> String {
    let text = text.trim();
    if text.starts_with('#') || text.starts_with("//") {
        text.to_string()
    } else {
        format!("#pragma {text}")
    }
}

/// Writes ` {` + body + `}` (returns true) or a newline and the indented single statement.
/// `force_braces` wraps a non-block body, which the dangling-else rule sometimes requires.
fn write_body(out: &mut String, body: &Stmt, indent: usize, force_braces: bool) -> bool {
    match &body.kind {
        StmtKind::Block(stmts) => {
            out.push_str(" {\n");
            write_stmts(out, stmts, indent + 1);
            out.push_str(&format!("{}}}", pad(indent)));
            true
        }
        _ if force_braces => {
            out.push_str(" {\n");
            write_stmt(out, body, indent + 1);
            out.push_str(&format!("{}}}", pad(indent)));
            true
        }
        _ => {
            out.push('\n');
            write_stmt(out, body, indent + 1);
            false
        }
    }
}

/// Writes a body that ends its statement, closing the line after a `}`.
fn write_last_body(out: &mut String, body: &Stmt, indent: usize) {
    if write_body(out, body, indent, false) {
        out.push('\n');
    }
}

/// `if (c) {` ... `} else if (d) {` ... `} else {` ... `}`, starting at the current column.
fn write_if(out: &mut String, cond: &Expr, then: &Stmt, els: Option<&Stmt>, indent: usize) {
    out.push_str(&format!("if ({})", print_cond(cond)));
    // Without braces, `if (a) if (b) x; else y;` would attach the else to the inner if.
    let force = els.is_some() && ends_with_open_if(then);
    let braced = write_body(out, then, indent, force);
    let Some(els) = els else {
        if braced {
            out.push('\n');
        }
        return;
    };
    if braced {
        out.push_str(" else");
    } else {
        out.push_str(&format!("{}else", pad(indent)));
    }
    match &els.kind {
        StmtKind::If { cond, then, els } => {
            out.push(' ');
            write_if(out, cond, then, els.as_deref(), indent);
        }
        _ => write_last_body(out, els, indent),
    }
}

/// Whether an `else` written after `s` would bind to an `if` inside `s`.
fn ends_with_open_if(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::If { els: None, .. } => true,
        StmtKind::If { els: Some(e), .. } => ends_with_open_if(e),
        StmtKind::For { body, .. } | StmtKind::While { body, .. } => ends_with_open_if(body),
        _ => false,
    }
}

fn for_head(init: Option<&Stmt>, cond: Option<&Expr>, step: Option<&Expr>) -> String {
    let init = match init.map(|s| &s.kind) {
        Some(StmtKind::Decl(d)) => format!("{};", decl_texts(d).concat()),
        Some(StmtKind::Expr(e)) => format!("{};", print_cond(e)),
        _ => ";".to_string(),
    };
    let cond = cond
        .map(|c| format!(" {}", print_expr(c)))
        .unwrap_or_default();
    let step = step
        .map(|c| format!(" {}", print_expr(c)))
        .unwrap_or_default();
    format!("for ({init}{cond};{step})")
}

fn write_switch(out: &mut String, cond: &Expr, cases: &[SwitchCase], indent: usize) {
    let p = pad(indent);
    out.push_str(&format!("{p}switch ({}) {{\n", print_cond(cond)));
    for case in cases {
        let label = match &case.label {
            Some(e) => format!("case {}:", print_expr(e)),
            None => "default:".to_string(),
        };
        match case.body.as_slice() {
            // `case 1: {` ... `}`: a braced case body stays on the label's line.
            [Stmt {
                kind: StmtKind::Block(stmts),
                ..
            }] => {
                out.push_str(&format!("{}{label} {{\n", pad(indent + 1)));
                write_stmts(out, stmts, indent + 2);
                out.push_str(&format!("{}}}\n", pad(indent + 1)));
            }
            body => {
                out.push_str(&format!("{}{label}\n", pad(indent + 1)));
                write_stmts(out, body, indent + 2);
            }
        }
    }
    out.push_str(&format!("{p}}}\n"));
}

/// Storage and memory-space specifiers, each followed by a space.
pub(crate) fn specs_prefix(s: &DeclSpecs) -> String {
    let words = [
        (s.is_typedef, "typedef"),
        (s.is_extern, "extern"),
        (s.is_static, "static"),
        (s.is_register, "register"),
        (s.is_thread_local, "thread_local"),
        (s.is_inline, "inline"),
        (s.is_constexpr, "constexpr"),
        (s.device, "__device__"),
        (s.constant, "__constant__"),
        (s.shared, "__shared__"),
        (s.managed, "__managed__"),
    ];
    words
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, w)| format!("{w} "))
        .collect()
}

/// The declaration without its `;`, split into several declarations when the declarators do
/// not share a base type (possible only in synthesized ASTs).
pub(crate) fn decl_texts(d: &DeclStmt) -> Vec<String> {
    let specs = specs_prefix(&d.specs);
    let mut groups: Vec<(String, Vec<&VarDecl>)> = Vec::new();
    for v in &d.vars {
        let (base, _) = split_decl(&v.ty, &v.name);
        match groups.last_mut() {
            Some((b, vars)) if *b == base => vars.push(v),
            _ => groups.push((base, vec![v])),
        }
    }
    groups
        .into_iter()
        .map(|(base, vars)| format!("{specs}{}", declarators(&base, &vars)))
        .collect()
}

/// `float* p = q` for one declarator, `float *a, b[3]` for several sharing `base`.
fn declarators(base: &str, vars: &[&VarDecl]) -> String {
    if let [v] = vars {
        return format!(
            "{}{}",
            print_decl(&v.ty, &v.name),
            print_init(v.init.as_ref())
        );
    }
    let parts: Vec<String> = vars.iter().map(|v| declarator_only(v)).collect();
    format!("{base} {}", parts.join(", "))
}

/// A declarator and its initializer without the base type: `*p = q`, `a[3]`.
pub(crate) fn declarator_only(v: &VarDecl) -> String {
    let (_, d) = split_decl(&v.ty, &v.name);
    format!("{}{}", d.joined(), print_init(v.init.as_ref()))
}

pub(crate) fn print_init(init: Option<&Init>) -> String {
    match init {
        None => String::new(),
        Some(Init::Assign(e)) => format!(" = {}", print_expr_at(e, PREC_ASSIGN)),
        Some(Init::Brace(args)) => format!("{{{}}}", print_args(args)),
        Some(Init::Paren(args)) => format!("({})", print_args(args)),
    }
}
