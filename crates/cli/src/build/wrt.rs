//! The second argument of a gradient request: which parameters to differentiate.
//!
//! Clad accepts a string of comma-separated parameter names (`"out, in"`, `"x,y"`) or a
//! parameter index (`1`). cuad also accepts indices inside the string (`"0, 2"`). Array
//! ranges (`"arr[0:2]"`) and member selectors (`"p.x"`) are Clad features cuad lacks.

/// One entry of the parameter list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrtItem {
    Name(String),
    Index(usize),
    /// `arr[lo:hi]`: entries `lo` to `hi` (inclusive, as in Clad) of an array; only
    /// `clad::hessian` takes them.
    Range(String, u64, u64),
}

/// A problem with one entry: its byte range inside the string's content, and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrtError {
    pub range: (usize, usize),
    pub message: String,
}

/// Parses the content of the string literal (without quotes, escapes already resolved).
/// An empty or all-blank string means every parameter (`Ok(vec![])`).
pub fn parse_wrt(content: &str) -> Result<Vec<WrtItem>, Vec<WrtError>> {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    if content.trim().is_empty() {
        return Ok(items);
    }
    let mut start = 0;
    for piece in content.split(',') {
        let lead = piece.len() - piece.trim_start().len();
        let entry = piece.trim();
        let range = (start + lead, start + lead + entry.len());
        start += piece.len() + 1;
        match parse_entry(entry) {
            Ok(item) if items.contains(&item) => errors.push(WrtError {
                range,
                message: format!("parameter `{entry}` is requested twice"),
            }),
            Ok(item) => items.push(item),
            Err(message) => errors.push(WrtError { range, message }),
        }
    }
    if errors.is_empty() {
        Ok(items)
    } else {
        Err(errors)
    }
}

fn parse_entry(entry: &str) -> Result<WrtItem, String> {
    if entry.is_empty() {
        return Err("empty entry in the parameter list".into());
    }
    if entry.bytes().all(|b| b.is_ascii_digit()) {
        return entry
            .parse()
            .map(WrtItem::Index)
            .map_err(|_| format!("parameter index `{entry}` is too large"));
    }
    if let Some((base, rest)) = entry.split_once('[') {
        let bounds = rest.strip_suffix(']').and_then(|r| r.split_once(':'));
        let number = |s: &str| s.trim().parse::<u64>().ok();
        if let (true, Some((Some(lo), Some(hi)))) = (
            is_identifier(base.trim()),
            bounds.map(|(lo, hi)| (number(lo), number(hi))),
        ) {
            return Ok(WrtItem::Range(base.trim().to_string(), lo, hi));
        }
    }
    if let Some(base) = entry.split('[').next().filter(|_| entry.contains('[')) {
        return Err(format!(
            "array ranges (`{entry}`) are not supported by cuad; request the whole array `{}`",
            base.trim()
        ));
    }
    if entry.contains('.') || entry.contains("->") {
        return Err(format!(
            "member selectors (`{entry}`) are not supported by cuad"
        ));
    }
    if is_identifier(entry) {
        Ok(WrtItem::Name(entry.to_string()))
    } else {
        Err(format!("`{entry}` is not a parameter name"))
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// The content of a C++ string literal as written (`"a, b"`, `u8"a"`), escapes resolved for
/// the simple cases a parameter list can contain. `None` for raw or unusual literals.
pub fn string_literal_content(lit: &str) -> Option<String> {
    let start = lit.find('"')?;
    let prefix = &lit[..start];
    if !matches!(prefix, "" | "u8" | "u" | "U" | "L") {
        return None;
    }
    // Adjacent literals were concatenated by the parser into one node: `"a, " "b"`.
    let mut out = String::new();
    let mut rest = &lit[start..];
    while let Some(body) = rest.strip_prefix('"') {
        let end = body.find('"')?;
        let part = &body[..end];
        if part.contains('\\') {
            return None;
        }
        out.push_str(part);
        rest = body[end + 1..].trim_start();
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    rest.is_empty().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<WrtItem> {
        v.iter().map(|n| WrtItem::Name(n.to_string())).collect()
    }

    #[test]
    fn names_with_and_without_spaces() {
        assert_eq!(parse_wrt("out, in"), Ok(names(&["out", "in"])));
        assert_eq!(parse_wrt("x,y"), Ok(names(&["x", "y"])));
        assert_eq!(parse_wrt("  C , A,B "), Ok(names(&["C", "A", "B"])));
        assert_eq!(parse_wrt(""), Ok(vec![]));
    }

    #[test]
    fn indices() {
        assert_eq!(
            parse_wrt("0, 2"),
            Ok(vec![WrtItem::Index(0), WrtItem::Index(2)])
        );
        assert_eq!(
            parse_wrt("x, 1"),
            Ok(vec![WrtItem::Name("x".into()), WrtItem::Index(1)])
        );
    }

    #[test]
    fn unsupported_entries_point_at_themselves() {
        let errs = parse_wrt("x, arr[1]").unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].range, (3, 9));
        assert!(
            errs[0].message.contains("not supported"),
            "{}",
            errs[0].message
        );
        assert!(errs[0].message.contains("`arr`"));
        let errs = parse_wrt("p.x").unwrap_err();
        assert!(errs[0].message.contains("member selectors"));
        let errs = parse_wrt("x,,y").unwrap_err();
        assert!(errs[0].message.contains("empty entry"));
        let errs = parse_wrt("x, x").unwrap_err();
        assert!(errs[0].message.contains("twice"));
        let errs = parse_wrt("2x").unwrap_err();
        assert!(errs[0].message.contains("not a parameter name"));
    }

    #[test]
    fn ranges() {
        assert_eq!(
            parse_wrt("x, arr[0:2]"),
            Ok(vec![
                WrtItem::Name("x".into()),
                WrtItem::Range("arr".into(), 0, 2)
            ])
        );
        assert!(parse_wrt("arr[0:n]").is_err());
    }

    #[test]
    fn literal_content() {
        assert_eq!(
            string_literal_content("\"out, in\"").as_deref(),
            Some("out, in")
        );
        assert_eq!(
            string_literal_content("\"a, \" \"b\"").as_deref(),
            Some("a, b")
        );
        assert_eq!(string_literal_content("u8\"x\"").as_deref(), Some("x"));
        assert_eq!(string_literal_content("R\"(x)\""), None);
        assert_eq!(string_literal_content("\"a\\n\""), None);
    }
}
