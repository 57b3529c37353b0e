//! Requests the parser did not put in the AST: a host function it could not model (range
//! `for`, lambdas, library templates, ...) is kept verbatim as `Item::Opaque`, but the
//! requests in it still have to be found. They are read from the preprocessed tokens.

use super::requests::{self, Request};
use cuad_syntax::ast::{Expr, ExprKind, Item, TranslationUnit, UnOp};
use cuad_syntax::token::{Token, TokenKind};
use cuad_syntax::{Diagnostic, Diagnostics, FileId, SourceMap, Span};

/// Requests in the main file's tokens that `found` (from the AST) lacks. One whose arguments
/// are not simple (a name, `&name`, a string or integer literal) gets a diagnostic.
pub fn requests_in_tokens(
    main: FileId,
    tokens: &[Token],
    tu: &TranslationUnit,
    found: &[Request],
    diags: &mut Diagnostics,
) -> Vec<Request> {
    let mut extra = Vec::new();
    for i in 0..tokens.len() {
        let Some((api, kind)) = request_name_at(tokens, i) else {
            continue;
        };
        let at = tokens[i].span;
        let covered = |r: &Request| contains(r.call_span, at);
        if at.file != main || found.iter().any(covered) {
            continue;
        }
        let callee_span = at.to(tokens[i + 2].span);
        match read_call(tokens, i + 3) {
            Some((has_template_args, args, close)) => extra.push(Request {
                kind,
                api,
                call_span: at.to(tokens[close].span),
                callee_span,
                has_template_args,
                args,
                top_item: requests::item_at(tu, at),
            }),
            None => {
                let mut d = Diagnostic::error(callee_span, "cuad could not read this request");
                if let Some(reason) = opaque_reason(tu, at) {
                    d = d.with_note(format!("the enclosing code was not understood: {reason}"));
                }
                diags.push(d.with_note(
                    "write it as clad::gradient(function, \"param, param\") with a function name",
                ));
            }
        }
    }
    extra
}

/// The main file's text with every macro invocation whose expansion holds a request replaced
/// by that expansion (Clad's tests write `#define TEST(F, ...) { auto g = clad::gradient(F);
/// ... }`), so the requests are spelled out where cuad rewrites them. Each invocation keeps its
/// line count, so later diagnostics point at the same lines. `None` when there is none.
pub fn expand_macro_requests(sm: &SourceMap, main: FileId, tokens: &[Token]) -> Option<String> {
    let text = sm.file(main).text.as_str();
    let mut raw: Option<Vec<Token>> = None;
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for i in 0..tokens.len() {
        let name = tokens[i].span;
        if name.file != main
            || request_name_at(tokens, i).is_none()
            || sm.snippet(name) == tokens[i].text
            || edits
                .iter()
                .any(|(lo, hi, _)| *lo <= name.lo as usize && (name.lo as usize) < *hi)
        {
            continue;
        }
        // The outermost invocation: its name is where every body token points; its
        // arguments run to the matching `)` in the source.
        let raw = raw.get_or_insert_with(|| {
            cuad_syntax::lexer::lex(main, text, &mut Diagnostics::default())
        });
        let Some(k) = raw.iter().position(|t| t.span.lo == name.lo) else {
            continue;
        };
        let end = match raw.get(k + 1) {
            Some(open) if open.is_punct("(") => match skip_balanced(raw, k + 1, "(", ")") {
                Some(close) => raw[close].span.hi,
                None => continue,
            },
            _ => name.hi,
        };
        let in_run = |t: &Token| t.span.file == main && t.span.lo >= name.lo && t.span.lo < end;
        let mut first = i;
        while first > 0 && in_run(&tokens[first - 1]) {
            first -= 1;
        }
        let mut last = i;
        while last + 1 < tokens.len() && in_run(&tokens[last + 1]) {
            last += 1;
        }
        let (lo, hi) = (name.lo as usize, end as usize);
        let Some(original) = text.get(lo..hi) else {
            continue;
        };
        let mut expansion: Vec<&str> = tokens[first..=last]
            .iter()
            .map(|t| t.text.as_str())
            .collect();
        expansion.retain(|t| !t.is_empty());
        let mut replacement = expansion.join(" ");
        replacement.push_str(&"\n".repeat(original.matches('\n').count()));
        edits.push((lo, hi, replacement));
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (lo, hi, replacement) in edits {
        if lo < at {
            continue;
        }
        out.push_str(&text[at..lo]);
        out.push_str(&replacement);
        at = hi;
    }
    out.push_str(&text[at..]);
    Some(out)
}

fn contains(s: Span, at: Span) -> bool {
    s.file == at.file && s.lo <= at.lo && at.lo < s.hi.max(s.lo + 1)
}

/// `clad :: gradient` (not preceded by `::`-qualification other than a leading `::`).
fn request_name_at(tokens: &[Token], i: usize) -> Option<(String, requests::RequestKind)> {
    let [ns, sep, name, next] = tokens.get(i..i + 4)? else {
        return None;
    };
    let ok = ns.kind == TokenKind::Ident
        && sep.is_punct("::")
        && name.kind == TokenKind::Ident
        && (next.is_punct("(") || next.is_punct("<"))
        && !(i > 1 && tokens[i - 1].is_punct("::") && tokens[i - 2].kind == TokenKind::Ident);
    if !ok {
        return None;
    }
    let api = format!("{}::{}", ns.text, name.text);
    requests::request_kind(&api).map(|kind| (api, kind))
}

/// From the token after the name: optional `<...>`, then `(args)`. Returns whether there
/// were template arguments, the arguments, and the index of the closing `)`.
fn read_call(tokens: &[Token], mut i: usize) -> Option<(bool, Vec<Expr>, usize)> {
    let has_template_args = tokens.get(i)?.is_punct("<");
    if has_template_args {
        i = skip_balanced(tokens, i, "<", ">")? + 1;
    }
    if !tokens.get(i)?.is_punct("(") {
        return None;
    }
    let close = skip_balanced(tokens, i, "(", ")")?;
    let mut args = Vec::new();
    let mut start = i + 1;
    let mut depth = 0;
    for j in i + 1..=close {
        let t = &tokens[j];
        // A request's arguments hold no comparisons: `<` opens template arguments.
        if t.is_punct("(") || t.is_punct("[") || t.is_punct("{") || t.is_punct("<") {
            depth += 1;
        } else if (t.is_punct(")") || t.is_punct("]") || t.is_punct("}") || t.is_punct(">"))
            && j != close
        {
            depth -= 1;
        } else if t.is_punct(">>") {
            depth -= 2;
        } else if depth == 0 && (t.is_punct(",") || j == close) {
            if j > start || t.is_punct(",") {
                args.push(simple_expr(&tokens[start..j])?);
            }
            start = j + 1;
        }
    }
    Some((has_template_args, args, close))
}

fn skip_balanced(tokens: &[Token], open_at: usize, open: &str, close: &str) -> Option<usize> {
    let mut depth = 0;
    for (j, t) in tokens.iter().enumerate().skip(open_at) {
        if t.is_punct(open) {
            depth += 1;
        } else if t.is_punct(close) {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        } else if t.kind == TokenKind::Eof {
            return None;
        }
    }
    None
}

/// `f`, `ns::f`, `&f`, `(f)`, `"a, b"` (adjacent literals joined), `2`.
fn simple_expr(toks: &[Token]) -> Option<Expr> {
    let first = toks.first()?;
    let span = first.span.to(toks.last()?.span);
    if let [open, inner @ .., close] = toks {
        if open.is_punct("(") && close.is_punct(")") {
            return Some(Expr::new(
                ExprKind::Paren(Box::new(simple_expr(inner)?)),
                span,
            ));
        }
    }
    if first.is_punct("&") {
        let inner = simple_expr(&toks[1..])?;
        return Some(Expr::new(
            ExprKind::Unary(UnOp::AddrOf, Box::new(inner)),
            span,
        ));
    }
    let kind = if toks.iter().all(|t| t.kind == TokenKind::Str) {
        let texts: Vec<&str> = toks.iter().map(|t| t.text.as_str()).collect();
        ExprKind::StrLit(texts.join(" "))
    } else if let [t] = toks {
        match t.kind {
            TokenKind::Int => ExprKind::IntLit(t.text.clone()),
            TokenKind::Ident => ExprKind::Ident(t.text.clone()),
            _ => return None,
        }
    } else {
        template_id(toks).map(ExprKind::Ident)?
    };
    Some(Expr::new(kind, span))
}

/// `a::b` or `a::b<float, 4>` (a template's instance), spelled as the parser spells it.
fn template_id(toks: &[Token]) -> Option<String> {
    let Some(open) = toks.iter().position(|t| t.is_punct("<")) else {
        return qualified_name(toks);
    };
    let close = skip_balanced(toks, open, "<", ">")?;
    if close + 1 != toks.len() {
        return None;
    }
    let mut name = qualified_name(&toks[..open])?;
    for (k, t) in toks[open..].iter().enumerate() {
        if k > 0 && t.leading_space {
            name.push(' ');
        }
        name.push_str(&t.text);
    }
    Some(name)
}

/// `a::b::c` or `::a`.
fn qualified_name(toks: &[Token]) -> Option<String> {
    let mut name = String::new();
    for (k, t) in toks.iter().enumerate() {
        let ident_here = (toks.len() - 1 - k).is_multiple_of(2);
        let ok = if ident_here {
            t.kind == TokenKind::Ident
        } else {
            t.is_punct("::")
        };
        if !ok {
            return None;
        }
        name.push_str(&t.text);
    }
    Some(name)
}

fn opaque_reason(tu: &TranslationUnit, at: Span) -> Option<String> {
    tu.items.iter().find_map(|item| match item {
        Item::Opaque { span, reason, .. } if contains(*span, at) => Some(reason.clone()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Requests found in `src` by the token scan alone (an empty AST, as if every item were
    /// opaque), with the diagnostics.
    fn scan(src: &str) -> (Vec<Request>, Vec<String>, SourceMap) {
        let mut sm = SourceMap::new();
        let file = sm.add("t.cu", src.to_string());
        let mut diags = Diagnostics::default();
        let tokens = cuad_syntax::lexer::lex(file, src, &mut diags);
        let found = requests_in_tokens(file, &tokens, &TranslationUnit::default(), &[], &mut diags);
        let messages = diags.list.iter().map(|d| d.message.clone()).collect();
        (found, messages, sm)
    }

    #[test]
    fn reads_simple_requests() {
        let src =
            "int main() { for (auto x : v) {}\n  auto g = clad::gradient(k, \"out, \" \"in\");\n  \
                   auto h = ::cuad::gradient(&ns::f, 2); auto e = clad::gradient<opt>((f));\n  \
                   auto t = clad::gradient(&ns::k<float, 4>, \"out\"); }";
        let (found, messages, sm) = scan(src);
        assert!(messages.is_empty(), "{messages:?}");
        assert_eq!(found.len(), 4);
        assert_eq!(
            sm.snippet(found[0].call_span),
            "clad::gradient(k, \"out, \" \"in\")"
        );
        assert_eq!(sm.snippet(found[0].callee_span), "clad::gradient");
        assert_eq!(found[0].args[0].kind, ExprKind::Ident("k".into()));
        assert_eq!(
            found[0].args[1].kind,
            ExprKind::StrLit("\"out, \" \"in\"".into())
        );
        assert_eq!(found[1].api, "cuad::gradient");
        let ExprKind::Unary(UnOp::AddrOf, inner) = &found[1].args[0].kind else {
            panic!("expected &ns::f, got {:?}", found[1].args[0].kind)
        };
        assert_eq!(inner.kind, ExprKind::Ident("ns::f".into()));
        assert_eq!(found[1].args[1].kind, ExprKind::IntLit("2".into()));
        assert!(found[2].has_template_args);
        assert!(matches!(found[2].args[0].kind, ExprKind::Paren(_)));
        let ExprKind::Unary(UnOp::AddrOf, inner) = &found[3].args[0].kind else {
            panic!("expected &ns::k<float, 4>, got {:?}", found[3].args[0].kind)
        };
        assert_eq!(inner.kind, ExprKind::Ident("ns::k<float, 4>".into()));
    }

    #[test]
    fn complex_requests_are_diagnosed() {
        let (found, messages, _) =
            scan("void m() { auto g = clad::gradient([](float x) { return x; }); }");
        assert!(found.is_empty());
        assert_eq!(
            messages,
            vec!["cuad could not read this request".to_string()]
        );
        let (found, messages, _) = scan("using clad::gradient; int gradient_count = 0;");
        assert!(found.is_empty() && messages.is_empty(), "{messages:?}");
    }
}
