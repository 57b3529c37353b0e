//! Tests of the lexer and the preprocessor.

use cuad_syntax::lexer::lex;
use cuad_syntax::source::{Diagnostics, FileId, SourceMap};
use cuad_syntax::token::{Token, TokenKind};

fn lex_str(text: &str) -> (Vec<Token>, Diagnostics) {
    let mut diags = Diagnostics::default();
    let toks = lex(FileId(0), text, &mut diags);
    (toks, diags)
}

fn texts(toks: &[Token]) -> Vec<&str> {
    toks.iter().map(|t| t.text.as_str()).collect()
}

fn kinds(text: &str) -> Vec<TokenKind> {
    let (toks, diags) = lex_str(text);
    assert!(diags.list.is_empty(), "unexpected diagnostics for {text:?}");
    toks.iter().map(|t| t.kind).collect()
}

/// Renders the first diagnostic's `line:col` for `text` lexed as file `t.cu`.
fn first_diag_pos(text: &str) -> String {
    let mut sm = SourceMap::new();
    let f = sm.add("t.cu", text.to_string());
    let mut diags = Diagnostics::default();
    lex(f, text, &mut diags);
    let d = diags.list.first().expect("a diagnostic");
    let (l, c) = sm.file(f).line_col(d.span.lo);
    format!("{l}:{c}")
}

#[test]
fn lex_punctuators_longest_match() {
    let (toks, _) = lex_str("a<<<b,c>>>(x); p->*q :: ... ## # <<= >>= -> .* a<<b>>c");
    assert_eq!(
        texts(&toks),
        vec![
            "a", "<<<", "b", ",", "c", ">>>", "(", "x", ")", ";", "p", "->*", "q", "::", "...",
            "##", "#", "<<=", ">>=", "->", ".*", "a", "<<", "b", ">>", "c"
        ]
    );
    assert!(toks.iter().all(|t| t.kind != TokenKind::Eof));
}

#[test]
fn lex_all_single_char_punct() {
    let src = "{ } [ ] ( ) < > ; : , . ? ~ ! + - * / % ^ & | = #";
    let (toks, diags) = lex_str(src);
    assert!(diags.list.is_empty());
    assert_eq!(texts(&toks), src.split(' ').collect::<Vec<_>>());
    assert!(toks.iter().all(|t| t.kind == TokenKind::Punct));
}

#[test]
fn lex_integer_literals() {
    for lit in [
        "0",
        "42",
        "0x1F",
        "0X1fu",
        "017",
        "0b1011",
        "1'000'000",
        "10u",
        "10l",
        "10ul",
        "10LL",
        "10ull",
        "0xFFull",
        "7LU",
        "0'7",
    ] {
        assert_eq!(kinds(lit), vec![TokenKind::Int], "{lit}");
        assert_eq!(lex_str(lit).0[0].text, lit);
    }
}

#[test]
fn lex_float_literals() {
    for lit in [
        "1.", ".5", "1e3", "1.0f", "1.0F", "2.5L", "1.5e-3f", "1E+10", "0x1.8p3", "0x1p-2f",
        "3.14159", "1'000.5", "6.02e23",
    ] {
        assert_eq!(kinds(lit), vec![TokenKind::Float], "{lit}");
        assert_eq!(lex_str(lit).0[0].text, lit);
    }
}

#[test]
fn lex_number_followed_by_operator() {
    let (toks, _) = lex_str("1+2 0x1e+1 1.f*2 a.b 1..2");
    assert_eq!(texts(&toks)[..3], ["1", "+", "2"]);
    // Hex literals only take p+/p- as exponent, so `0x1e+1` is three tokens.
    assert_eq!(texts(&toks)[3..6], ["0x1e", "+", "1"]);
    assert_eq!(texts(&toks)[6..9], ["1.f", "*", "2"]);
    assert_eq!(texts(&toks)[9..12], ["a", ".", "b"]);
}

#[test]
fn lex_bad_number_suffix_reports() {
    let (_, diags) = lex_str("int x = 12abc;");
    assert_eq!(diags.list.len(), 1);
    assert!(
        diags.list[0].message.contains("suffix"),
        "{}",
        diags.list[0].message
    );
    let (_, diags) = lex_str("09");
    assert!(diags.list[0].message.contains("digit"));
    let (_, diags) = lex_str("0x1.8");
    assert!(diags.list[0].message.contains("exponent"));
}

#[test]
fn lex_char_and_string_literals() {
    let src =
        r#"'a' '\n' '\'' '\x41' u8'a' u'b' U'c' L'd' "hi" "a\"b" u8"x" u"y" U"z" L"w" "" "\\""#;
    let (toks, diags) = lex_str(src);
    assert!(diags.list.is_empty());
    let ks: Vec<_> = toks.iter().map(|t| t.kind).collect();
    assert_eq!(&ks[..8], &[TokenKind::Char; 8]);
    assert_eq!(&ks[8..], &[TokenKind::Str; 8]);
    assert_eq!(texts(&toks), src.split(' ').collect::<Vec<_>>());
}

#[test]
fn lex_raw_strings() {
    let (toks, diags) = lex_str(r#"R"(a\b"c)" u8R"xy(q)"z)xy" x"#);
    assert!(diags.list.is_empty());
    assert_eq!(
        texts(&toks),
        vec![r#"R"(a\b"c)""#, r#"u8R"xy(q)"z)xy""#, "x"]
    );
    assert_eq!(toks[0].kind, TokenKind::Str);
}

#[test]
fn lex_prefix_like_identifiers_are_identifiers() {
    let (toks, _) = lex_str("u8 u U L R LR uint Lx");
    assert!(toks.iter().all(|t| t.kind == TokenKind::Ident));
    assert_eq!(toks.len(), 8);
}

#[test]
fn lex_comments_removed_and_spacing() {
    let (toks, diags) = lex_str("a/*x*/b // c\n  d/* multi\nline */e");
    assert!(diags.list.is_empty());
    assert_eq!(texts(&toks), vec!["a", "b", "d", "e"]);
    assert!(!toks[0].leading_space && toks[0].line_start);
    assert!(toks[1].leading_space && !toks[1].line_start);
    assert!(toks[2].leading_space && toks[2].line_start);
    // A newline inside a block comment does not start a new line for directives.
    assert!(!toks[3].line_start);
}

#[test]
fn lex_spans_are_byte_offsets() {
    let (toks, _) = lex_str("int  foo = 0x10;");
    let spans: Vec<_> = toks.iter().map(|t| (t.span.lo, t.span.hi)).collect();
    assert_eq!(spans, vec![(0, 3), (5, 8), (9, 10), (11, 15), (15, 16)]);
}

#[test]
fn lex_line_continuations() {
    let src = "#define X \\\n  1 + \\\r\n 2\nin\\\nt y;";
    let (toks, diags) = lex_str(src);
    assert!(diags.list.is_empty());
    assert_eq!(
        texts(&toks),
        vec!["#", "define", "X", "1", "+", "2", "int", "y", ";"]
    );
    let line_starts: Vec<_> = toks.iter().map(|t| t.line_start).collect();
    assert_eq!(
        line_starts,
        vec![true, false, false, false, false, false, true, false, false]
    );
    // `int` is split by a continuation: its span covers the original bytes.
    let int = &toks[6];
    assert_eq!(&src[int.span.lo as usize..int.span.hi as usize], "in\\\nt");
    // `1` sits after the first continuation.
    assert_eq!(
        &src[toks[3].span.lo as usize..toks[3].span.hi as usize],
        "1"
    );
}

#[test]
fn lex_unknown_character_reports_line_col() {
    assert_eq!(first_diag_pos("int a;\n  int @b;"), "2:7");
    let (toks, diags) = lex_str("a ` b");
    assert_eq!(diags.list.len(), 1);
    assert_eq!(texts(&toks), vec!["a", "`", "b"]);
}

#[test]
fn lex_unterminated_things_report() {
    assert_eq!(first_diag_pos("x\n /* never closed"), "2:2");
    assert_eq!(first_diag_pos("x = \"abc\ny"), "1:5");
    assert_eq!(first_diag_pos("c = 'a"), "1:5");
    let (toks, _) = lex_str("\"abc\ny");
    assert_eq!(texts(&toks), vec!["\"abc", "y"]);
    assert!(toks[1].line_start);
}

#[test]
fn lex_utf8_and_bom() {
    let src = "\u{feff}float é = 1; // ünïcode\n\"ß\"";
    let (toks, diags) = lex_str(src);
    assert!(diags.list.is_empty());
    assert_eq!(texts(&toks), vec!["float", "é", "=", "1", ";", "\"ß\""]);
    assert_eq!(toks[0].span.lo, 3);
    assert!(toks[0].line_start);
}

#[test]
fn lex_user_defined_suffixes() {
    let (toks, _) = lex_str(r#""abc"s "x"PRIu64 1.5_km 'c'_x"#);
    assert_eq!(
        texts(&toks),
        vec![r#""abc"s"#, r#""x""#, "PRIu64", "1.5_km", "'c'_x"]
    );
}
