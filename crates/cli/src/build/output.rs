//! Composing the output of `cuad build` from the main file's text and the edits.

use super::headers;
use super::process::{Edit, Plan};
use super::requests::item_span;
use cuad_diff::Generated;
use cuad_syntax::ast::TranslationUnit;

/// The main file's text with the API header inlined, the requests rewritten, the generated
/// prototypes (and code strings) before the first request and the definitions at the end.
pub fn compose(text: &str, tu: &TranslationUnit, plan: &Plan, generated: &Generated) -> String {
    let mut edits = plan.replacements.clone();
    edits.extend(header_edits(text, !plan.replacements.is_empty()));
    if let Some(first) = plan.first_item.filter(|&i| i < tu.items.len()) {
        let at = insertion_point(text, tu, first);
        let blank_before = at == 0 || text[..at].ends_with("\n\n");
        let block = prototype_block(plan, generated);
        edits.push(Edit {
            lo: at,
            hi: at,
            text: if blank_before {
                block
            } else {
                format!("\n{block}")
            },
        });
    }
    let mut out = apply(text, edits);
    if !plan.replacements.is_empty() {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str("\n// ---- cuad build: generated derivatives ----\n");
        out.push_str(&generated.definitions);
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&plan.wrapper_definitions);
    }
    out
}

/// Replaces the first `#include` of an API header by the header text and comments out the
/// others. Without one, the header goes first when the output needs it.
fn header_edits(text: &str, needed: bool) -> Vec<Edit> {
    let mut edits = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        if headers::api_include(content).is_some() {
            let replacement = if edits.is_empty() {
                headers::inlined_api().trim_end().to_string()
            } else {
                format!("// {content} (inlined above by cuad build)")
            };
            edits.push(Edit {
                lo: offset,
                hi: offset + content.len(),
                text: replacement,
            });
        }
        offset += line.len();
    }
    if edits.is_empty() && needed {
        edits.push(Edit {
            lo: 0,
            hi: 0,
            text: headers::inlined_api(),
        });
    }
    edits
}

fn prototype_block(plan: &Plan, generated: &Generated) -> String {
    let mut block = String::from("// ---- cuad build: generated gradient prototypes ----\n");
    if plan.names_value_struct {
        block.push_str(&cuad_diff::value_and_pushforward_code());
    }
    block.push_str(&generated.prototypes);
    if !block.ends_with('\n') {
        block.push('\n');
    }
    block.push_str(&plan.wrapper_prototypes);
    for (name, code) in &plan.code_constants {
        block.push_str(&code_constant(name, code));
    }
    block.push_str("// ---- end of cuad build prototypes ----\n\n");
    block
}

/// `static const char NAME[] = "line\n" "line\n";`
fn code_constant(name: &str, code: &str) -> String {
    let mut out = format!("[[maybe_unused]] static const char {name}[] =");
    if code.is_empty() {
        out.push_str(" \"\"");
    }
    for line in code.split_inclusive('\n') {
        out.push_str("\n    \"");
        out.push_str(&escape_c(line));
        out.push('"');
    }
    out.push_str(";\n");
    out
}

fn escape_c(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // `??x` trigraph-like sequences are harmless since C++17; other control chars:
            c if (c as u32) < 0x20 => out.push_str(&format!("\\{:03o}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Where the prototypes go: on a fresh line after everything that precedes the item holding
/// the first request (earlier items of the main file, preprocessor lines such as `#include`
/// of a header whose types they may use). An item's span may start at its name rather than
/// at its specifiers, so the item's own start is not used.
fn insertion_point(text: &str, tu: &TranslationUnit, first: usize) -> usize {
    let item = item_span(&tu.items[first]);
    let limit = (item.lo as usize).min(text.len());
    let items_end = tu.items[..first]
        .iter()
        .map(item_span)
        .filter(|s| s.file == item.file && (s.hi as usize) <= limit)
        .map(|s| s.hi as usize)
        .max()
        .unwrap_or(0);
    let anchor = items_end.max(directives_end(&text[..limit]));
    match text[anchor..limit].find('\n') {
        Some(nl) => anchor + nl + 1,
        None => anchor,
    }
}

/// End of the last preprocessor line (continuations included) in `text`, or 0.
fn directives_end(text: &str) -> usize {
    let mut end = 0;
    let mut offset = 0;
    let mut continued = false;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if continued || body.trim_start().starts_with('#') {
            end = offset + body.len();
            continued = body.ends_with('\\');
        }
        offset += line.len();
    }
    end
}

/// Applies non-overlapping edits; insertions at the same point keep their order.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.lo, e.hi));
    let mut out = String::with_capacity(text.len());
    let mut pos = 0;
    for e in edits {
        if e.lo < pos || e.hi > text.len() {
            continue; // overlapping edit: cannot happen for distinct calls and lines
        }
        out.push_str(&text[pos..e.lo]);
        out.push_str(&e.text);
        pos = e.hi;
    }
    out.push_str(&text[pos..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_code_strings() {
        let c = code_constant("cuad_code_f", "void f(\"a\\b\") {\n\tx;\n}");
        assert_eq!(
            c,
            "[[maybe_unused]] static const char cuad_code_f[] =\n    \"void f(\\\"a\\\\b\\\") {\\n\"\n    \"\\tx;\\n\"\n    \"}\";\n"
        );
        assert_eq!(
            code_constant("e", ""),
            "[[maybe_unused]] static const char e[] = \"\";\n"
        );
    }

    #[test]
    fn applies_edits_in_order() {
        let edits = vec![
            Edit {
                lo: 4,
                hi: 7,
                text: "X".into(),
            },
            Edit {
                lo: 0,
                hi: 0,
                text: "<".into(),
            },
            Edit {
                lo: 7,
                hi: 7,
                text: ">".into(),
            },
        ];
        assert_eq!(apply("abc defg", edits), "<abc X>g");
    }

    #[test]
    fn inlines_first_api_include_only() {
        let text = "#include <cstdio>\n#include \"clad/Differentiator/Differentiator.h\"\n#include <cuad/cuad.h>\nint x;\n";
        let out = apply(text, header_edits(text, true));
        assert!(out.starts_with("#include <cstdio>\n// ---- begin cuad API header"));
        assert!(out.contains("// #include <cuad/cuad.h> (inlined above by cuad build)\nint x;\n"));
        assert_eq!(out.matches("class CladFunction").count(), 1);
        let bare = "int x;\n";
        assert!(apply(bare, header_edits(bare, true)).starts_with("// ---- begin cuad API header"));
        assert_eq!(apply(bare, header_edits(bare, false)), bare);
    }

    #[test]
    fn prototypes_go_after_directives() {
        assert_eq!(
            directives_end("#include <a>\nint x;\n#define L \\\n  2\nint y;"),
            35
        );
        assert_eq!(directives_end("int x;\n"), 0);
    }
}
