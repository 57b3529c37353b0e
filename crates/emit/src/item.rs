//! Top-level items: functions, structs, enums, typedefs, namespaces, directives.

use crate::expr::{print_args, print_expr_at, PREC_ASSIGN};
use crate::stmt::{decl_texts, declarator_only, pad, specs_prefix, write_stmts};
use crate::ty::{in_template, print_decl, print_ty};
use cuad_syntax::ast::{
    DeclStmt, EnumDef, FnAttrs, Function, Item, Member, Param, StructDef, TemplateParam,
    TemplateParamKind, Ty, TyKind,
};

/// Prints one item at the top level; the text ends with a newline.
pub fn print_item(item: &Item) -> String {
    let mut out = String::new();
    write_item(&mut out, item, 0);
    out
}

/// Prints items separated by blank lines (consecutive directives stay together).
pub(crate) fn write_items(out: &mut String, items: &[Item], indent: usize) {
    for (i, item) in items.iter().enumerate() {
        let both_directives = i > 0
            && matches!(items[i - 1], Item::Directive { .. })
            && matches!(item, Item::Directive { .. });
        if i > 0 && !both_directives {
            out.push('\n');
        }
        write_item(out, item, indent);
    }
}

fn write_item(out: &mut String, item: &Item, indent: usize) {
    let p = pad(indent);
    match item {
        Item::Function(f) => write_function(out, f, indent, None),
        Item::Struct(s) => write_struct(out, s, indent),
        Item::Enum(e) => write_enum(out, e, indent),
        Item::Typedef(d) => {
            let typedef = if d.specs.is_typedef { "" } else { "typedef " };
            write_decl(out, d, indent, typedef);
        }
        Item::Using {
            name, ty, template, ..
        } => {
            if let Some(params) = template {
                out.push_str(&format!("{p}{}\n", template_head(params)));
            }
            out.push_str(&format!("{p}using {name} = {};\n", print_ty(ty)));
        }
        Item::Global(d) => write_decl(out, d, indent, ""),
        Item::VarTemplate { params, decl } => {
            out.push_str(&format!(
                "{p}{}
",
                template_head(params)
            ));
            in_template(|| write_decl(out, decl, indent, ""));
        }
        Item::Namespace {
            name,
            inline,
            items,
            ..
        } => {
            let name = name.as_deref().map(|n| format!(" {n}")).unwrap_or_default();
            let inline = if *inline { "inline " } else { "" };
            out.push_str(&format!("{p}{inline}namespace{name} {{\n"));
            write_items(out, items, indent);
            out.push_str(&format!("{p}}}  // namespace{name}\n"));
        }
        Item::ExternC { items, .. } => {
            out.push_str(&format!("{p}extern \"C\" {{\n"));
            write_items(out, items, indent);
            out.push_str(&format!("{p}}}\n"));
        }
        Item::UsingDirective { text, .. } | Item::Opaque { text, .. } => {
            out.push_str(&reindent(text, indent));
            out.push('\n');
        }
        Item::Directive { text, .. } => {
            out.push_str(text);
            out.push('\n');
        }
    }
}

/// Verbatim text with each line indented by its brace depth (only whitespace at line starts
/// changes, which keeps every token). Text with a raw string literal, whose lines are
/// content, stays as it is.
fn reindent(text: &str, indent: usize) -> String {
    if text.contains("R\"") {
        return text.to_string();
    }
    let mut depth = 0usize;
    let mut lines = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        let level = if line.starts_with('}') {
            depth.saturating_sub(1)
        } else {
            depth
        };
        lines.push(if line.is_empty() {
            String::new()
        } else {
            format!("{}{line}", pad(indent + level))
        });
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        depth = (depth + opens).saturating_sub(closes);
    }
    lines.join("\n")
}

fn write_decl(out: &mut String, d: &DeclStmt, indent: usize, prefix: &str) {
    for decl in decl_texts(d) {
        out.push_str(&format!("{}{prefix}{decl};\n", pad(indent)));
    }
}

/// Prints a function definition or prototype at the top level.
pub fn print_function(f: &Function) -> String {
    let mut out = String::new();
    write_function(&mut out, f, 0, None);
    out
}

/// `owner` is the name of the enclosing struct, used to recognise constructors.
fn write_function(out: &mut String, f: &Function, indent: usize, owner: Option<&str>) {
    if f.template.is_some() {
        in_template(|| write_function_head_and_body(out, f, indent, owner));
    } else {
        write_function_head_and_body(out, f, indent, owner);
    }
}

fn write_function_head_and_body(
    out: &mut String,
    f: &Function,
    indent: usize,
    owner: Option<&str>,
) {
    let p = pad(indent);
    if let Some(params) = &f.template {
        out.push_str(&format!("{p}{}\n", template_head(params)));
    }
    let mut head = fn_prefix(&f.attrs);
    let mut declarator = String::new();
    if let Some(bounds) = &f.attrs.launch_bounds {
        declarator.push_str(&format!("__launch_bounds__({}) ", print_args(bounds)));
    }
    if let Some(n) = &f.attrs.max_registers {
        declarator.push_str(&format!(
            "__maxnreg__({}) ",
            print_args(std::slice::from_ref(n))
        ));
    }
    let params: Vec<String> = f.params.iter().map(print_param).collect();
    declarator.push_str(&format!("{}({})", f.name, params.join(", ")));
    let trailing_return = is_decltype(&f.ret);
    if f.name == "operator" {
        // A conversion operator: its type is the return type.
        head.push_str(&format!(
            "operator {}({})",
            print_ty(&f.ret),
            params.join(", ")
        ));
    } else if is_ctor_or_dtor(&f.name, owner) {
        head.push_str(&declarator);
    } else if trailing_return {
        head.push_str(&format!("auto {declarator}"));
    } else {
        head.push_str(&print_decl(&f.ret, &declarator));
    }
    if f.is_const_method {
        head.push_str(" const");
    }
    if trailing_return {
        head.push_str(&format!(" -> {}", print_ty(&f.ret)));
    }
    if !f.ctor_inits.is_empty() {
        let inits: Vec<String> = f
            .ctor_inits
            .iter()
            .map(|(m, args)| format!("{m}({})", print_args(args)))
            .collect();
        head.push_str(&format!(" : {}", inits.join(", ")));
    }
    match &f.body {
        None => out.push_str(&format!("{p}{head};\n")),
        Some(body) if body.is_empty() => out.push_str(&format!("{p}{head} {{}}\n")),
        Some(body) => {
            out.push_str(&format!("{p}{head} {{\n"));
            write_stmts(out, body, indent + 1);
            out.push_str(&format!("{p}}}\n"));
        }
    }
}

/// `decltype(...)` return types may name the parameters, so they print as a trailing return
/// type (`auto f(T x) -> decltype(x * x)`), the only form in which that compiles.
fn is_decltype(ret: &Ty) -> bool {
    matches!(&ret.kind, TyKind::Named { name, .. } if name.starts_with("decltype"))
}

/// Specifiers before the return type, each followed by a space.
fn fn_prefix(a: &FnAttrs) -> String {
    let words = [
        (a.extern_c, "extern \"C\""),
        (a.is_static, "static"),
        (a.inline, "inline"),
        (a.constexpr, "constexpr"),
        (a.global, "__global__"),
        (a.host, "__host__"),
        (a.device, "__device__"),
        (a.forceinline, "__forceinline__"),
        (a.noinline, "__noinline__"),
    ];
    words
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, w)| format!("{w} "))
        .collect()
}

/// Constructors and destructors have no return type: `S(...)` inside `struct S`, `~S()`,
/// or out of line `S::S(...)`, `S::~S()`.
fn is_ctor_or_dtor(name: &str, owner: Option<&str>) -> bool {
    let segments: Vec<&str> = name.split("::").collect();
    let last = segments.last().copied().unwrap_or("");
    if last.starts_with('~') {
        return true;
    }
    let class = match segments.len() {
        1 => owner,
        n => Some(segments[n - 2]),
    };
    class.is_some_and(|c| strip_template_args(c) == last)
}

fn strip_template_args(name: &str) -> &str {
    name.split('<').next().unwrap_or(name)
}

pub(crate) fn print_param(prm: &Param) -> String {
    let mut s = print_decl(&prm.ty, prm.name.as_deref().unwrap_or(""));
    if let Some(d) = &prm.default {
        s.push_str(&format!(" = {}", print_expr_at(d, PREC_ASSIGN)));
    }
    s
}

/// `template <typename T, int N = 4>`; `template <>` for an explicit specialization.
fn template_head(params: &[TemplateParam]) -> String {
    let parts: Vec<String> = params.iter().map(template_param).collect();
    format!("template <{}>", parts.join(", "))
}

fn template_param(tp: &TemplateParam) -> String {
    match &tp.kind {
        TemplateParamKind::Type { default: None } => format!("typename {}", tp.name),
        TemplateParamKind::TypePack => format!("typename... {}", tp.name),
        TemplateParamKind::Type { default: Some(t) } => {
            format!("typename {} = {}", tp.name, print_ty(t))
        }
        TemplateParamKind::Value { ty, default } => {
            let mut s = print_decl(ty, &tp.name);
            if let Some(d) = default {
                s.push_str(&format!(" = {}", print_expr_at(d, PREC_ASSIGN)));
            }
            s
        }
    }
}

fn write_struct(out: &mut String, s: &StructDef, indent: usize) {
    if s.template.is_some() {
        in_template(|| write_struct_def(out, s, indent));
    } else {
        write_struct_def(out, s, indent);
    }
}

fn write_struct_def(out: &mut String, s: &StructDef, indent: usize) {
    let p = pad(indent);
    if let Some(params) = &s.template {
        out.push_str(&format!("{p}{}\n", template_head(params)));
    }
    let mut head = s
        .trailing
        .as_ref()
        .map(|t| specs_prefix(&t.specs))
        .unwrap_or_default();
    head.push_str(&s.keyword);
    for attr in &s.attributes {
        head.push_str(&format!(" {attr}"));
    }
    if let Some(name) = &s.name {
        head.push_str(&format!(" {name}"));
    }
    if !s.bases.is_empty() {
        head.push_str(&format!(" : {}", s.bases.join(", ")));
    }
    let trailing = match &s.trailing {
        Some(t) if !t.vars.is_empty() => {
            let parts: Vec<String> = t.vars.iter().map(declarator_only).collect();
            format!(" {}", parts.join(", "))
        }
        _ => String::new(),
    };
    let Some(members) = &s.members else {
        out.push_str(&format!("{p}{head}{trailing};\n"));
        return;
    };
    out.push_str(&format!("{p}{head} {{\n"));
    for m in members {
        write_member(out, m, indent + 1, s.name.as_deref());
    }
    out.push_str(&format!("{p}}}{trailing};\n"));
}

fn write_member(out: &mut String, m: &Member, indent: usize, owner: Option<&str>) {
    match m {
        Member::Field(d) => match &d.specs.bit_width {
            Some(width) => {
                for decl in decl_texts(d) {
                    let width = crate::expr::print_expr(width);
                    out.push_str(&format!("{}{decl} : {width};\n", pad(indent)));
                }
            }
            None => write_decl(out, d, indent, ""),
        },
        Member::Method(f) => write_function(out, f, indent, owner),
        Member::Access(a) => {
            let label = a.trim().trim_end_matches(':');
            out.push_str(&format!("{}{label}:\n", pad(indent.saturating_sub(1))));
        }
        Member::Item(item) => write_item(out, item, indent),
    }
}

fn write_enum(out: &mut String, e: &EnumDef, indent: usize) {
    let p = pad(indent);
    let mut head = "enum".to_string();
    if e.scoped {
        head.push_str(" class");
    }
    if let Some(name) = &e.name {
        head.push_str(&format!(" {name}"));
    }
    if let Some(t) = &e.underlying {
        head.push_str(&format!(" : {}", print_ty(t)));
    }
    let variants: Vec<String> = e
        .variants
        .iter()
        .map(|(name, value)| match value {
            Some(v) => format!(
                "{}{name} = {}",
                pad(indent + 1),
                print_expr_at(v, PREC_ASSIGN)
            ),
            None => format!("{}{name}", pad(indent + 1)),
        })
        .collect();
    if variants.is_empty() {
        out.push_str(&format!("{p}{head} {{}};\n"));
    } else {
        out.push_str(&format!("{p}{head} {{\n{}\n{p}}};\n", variants.join(",\n")));
    }
}
