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
    let (_, diags) = lex_str("1.2.3");
    assert!(diags.list[0].message.contains("decimal points"));
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

// ----- preprocessor -----

use cuad_syntax::pp::{preprocess, PpOptions};
use cuad_syntax::source::Severity;
use std::path::{Path, PathBuf};

struct PpRun {
    sm: SourceMap,
    toks: Vec<Token>,
    diags: Diagnostics,
}

impl PpRun {
    /// Output tokens joined by single spaces, without the final Eof.
    fn text(&self) -> String {
        let body = &self.toks[..self.toks.len() - 1];
        body.iter()
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
    fn errors(&self) -> Vec<String> {
        self.diags
            .list
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message.clone())
            .collect()
    }
    fn warnings(&self) -> Vec<String> {
        self.diags
            .list
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .map(|d| d.message.clone())
            .collect()
    }
    /// `line:col` of diagnostic `i`.
    fn diag_pos(&self, i: usize) -> String {
        let d = &self.diags.list[i];
        let (l, c) = self.sm.file(d.span.file).line_col(d.span.lo);
        format!("{l}:{c}")
    }
}

fn pp_file(path: &Path, opts: &PpOptions) -> PpRun {
    let mut sm = SourceMap::new();
    let text = std::fs::read_to_string(path).expect("test file");
    let main = sm.add(path, text);
    let mut diags = Diagnostics::default();
    let toks = preprocess(&mut sm, main, opts, &mut diags);
    assert_eq!(toks.last().map(|t| t.kind), Some(TokenKind::Eof));
    assert_eq!(toks.iter().filter(|t| t.kind == TokenKind::Eof).count(), 1);
    PpRun { sm, toks, diags }
}

fn pp_opts(text: &str, opts: &PpOptions) -> PpRun {
    let mut sm = SourceMap::new();
    let main = sm.add("main.cu", text.to_string());
    let mut diags = Diagnostics::default();
    let toks = preprocess(&mut sm, main, opts, &mut diags);
    assert_eq!(toks.last().map(|t| t.kind), Some(TokenKind::Eof));
    assert_eq!(toks.iter().filter(|t| t.kind == TokenKind::Eof).count(), 1);
    PpRun { sm, toks, diags }
}

fn pp(text: &str) -> PpRun {
    pp_opts(text, &PpOptions::default())
}

/// Expansion of `text`, asserting that no diagnostics were produced.
fn pp_clean(text: &str) -> String {
    let r = pp(text);
    assert!(
        r.diags.list.is_empty(),
        "diagnostics: {}",
        r.diags.render(&r.sm)
    );
    r.text()
}

/// A fresh temporary folder for include tests.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cuad_pp_{}_{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn pp_plain_tokens_pass_through_with_eof() {
    let r = pp("int x = 1;\nfloat y;");
    assert_eq!(r.text(), "int x = 1 ; float y ;");
    assert!(r.toks[0].line_start && r.toks[5].line_start && !r.toks[4].line_start);
    let eof = r.toks.last().unwrap();
    assert_eq!(eof.span.lo as usize, "int x = 1;\nfloat y;".len());
}

#[test]
fn pp_object_like_macros() {
    assert_eq!(pp_clean("#define N 128\nint a[N];"), "int a [ 128 ] ;");
    assert_eq!(pp_clean("#define A B\n#define B 7\nA"), "7");
    assert_eq!(pp_clean("#define EMPTY\nx EMPTY y"), "x y");
}

#[test]
fn pp_function_like_macros() {
    assert_eq!(
        pp_clean("#define SQ(x) ((x)*(x))\nSQ(a+1)"),
        "( ( a + 1 ) * ( a + 1 ) )"
    );
    assert_eq!(
        pp_clean("#define ADD(a,b) a+b\nADD((1,2),f(3,4))"),
        "( 1 , 2 ) + f ( 3 , 4 )"
    );
    // Name without parentheses is not an invocation.
    assert_eq!(pp_clean("#define F(x) x\nint F; F\n(1)"), "int F ; 1");
    // `#define F (x)` is object-like because of the space.
    assert_eq!(pp_clean("#define F (x)\nF(1)"), "( x ) ( 1 )");
    assert_eq!(pp_clean("#define Z() 0\nZ() Z( )"), "0 0");
}

#[test]
fn pp_empty_arguments() {
    assert_eq!(
        pp_clean("#define F(a,b) [a|b]\nF(,) F(1,) F(,2)"),
        "[ | ] [ 1 | ] [ | 2 ]"
    );
    assert_eq!(pp_clean("#define G(a) <a>\nG()"), "< >");
}

#[test]
fn pp_stringize() {
    assert_eq!(
        pp_clean("#define S(x) #x\nS(a  +   b) S(\"q\\n\") S('\"')"),
        r#""a + b" "\"q\\n\"" "'\"'""#
    );
    assert_eq!(pp_clean("#define S(x) #x\nS()"), "\"\"");
    let r = pp("#define S(x) #x\nS(  lead trail  )");
    assert_eq!(r.toks[0].kind, TokenKind::Str);
    assert_eq!(r.toks[0].text, "\"lead trail\"");
}

#[test]
fn pp_stringize_uses_unexpanded_argument() {
    assert_eq!(
        pp_clean("#define N 5\n#define S(x) #x\n#define XS(x) S(x)\nS(N) XS(N)"),
        "\"N\" \"5\""
    );
}

#[test]
fn pp_token_pasting() {
    assert_eq!(
        pp_clean("#define CAT(a,b) a##b\nCAT(x,y) CAT(1,2) CAT(+,=) CAT(,z) CAT(w,)"),
        "xy 12 += z w"
    );
    let r = pp("#define CAT(a,b) a##b\nCAT(x,y) CAT(1,2) CAT(+,=)");
    assert_eq!(r.toks[1].kind, TokenKind::Int);
    assert_eq!(r.toks[2].kind, TokenKind::Punct);
    assert_eq!(
        pp_clean("#define N 3\n#define CAT(a,b) a##b\nCAT(N,1)"),
        "N1"
    );
    assert_eq!(
        pp_clean("#define V(n) var_ ## n ## _end\nV(7)"),
        "var_7_end"
    );
}

#[test]
fn pp_invalid_paste_reports() {
    let r = pp("#define CAT(a,b) a##b\nCAT(+,-)");
    assert_eq!(r.errors().len(), 1, "{:?}", r.errors());
    assert!(r.errors()[0].contains("pasting"));
    assert_eq!(r.text(), "+ -");
}

#[test]
fn pp_variadic_macros() {
    assert_eq!(
        pp_clean("#define P(fmt, ...) f(fmt, __VA_ARGS__)\nP(\"a\", 1, 2)"),
        "f ( \"a\" , 1 , 2 )"
    );
    assert_eq!(
        pp_clean("#define P(fmt, ...) f(fmt, ## __VA_ARGS__)\nP(\"a\") P(\"b\", 3)"),
        "f ( \"a\" ) f ( \"b\" , 3 )"
    );
    assert_eq!(
        pp_clean("#define Q(args...) g(args)\nQ(1, 2)"),
        "g ( 1 , 2 )"
    );
    assert_eq!(pp_clean("#define C(...) #__VA_ARGS__\nC(a, b)"), "\"a, b\"");
    assert_eq!(
        pp_clean("#define O(x, ...) x __VA_OPT__(, __VA_ARGS__)\nO(1) O(1, 2)"),
        "1 1 , 2"
    );
    assert_eq!(pp_clean("#define E(...) [__VA_ARGS__]\nE()"), "[ ]");
}

#[test]
fn pp_nested_and_argument_prescan() {
    let src = "#define F(x) (x+1)\n#define G(x) F(F(x))\nG(2)";
    assert_eq!(pp_clean(src), "( ( 2 + 1 ) + 1 )");
    let src = "#define ID(x) x\n#define TWO ID(2)\nID(ID(TWO))";
    assert_eq!(pp_clean(src), "2");
    // A macro producing a function-like name that takes its arguments from the file.
    assert_eq!(pp_clean("#define F(x) [x]\n#define G F\nG(3)"), "[ 3 ]");
}

#[test]
fn pp_recursive_macros_stop() {
    assert_eq!(pp_clean("#define foo foo\nfoo"), "foo");
    assert_eq!(pp_clean("#define a b\n#define b a\na b"), "a b");
    assert_eq!(pp_clean("#define f(x) x+f(x)\nf(1)"), "1 + f ( 1 )");
    // Classic example from the C standard (6.10.3.5).
    let src = "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n\
               #define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n\
               #define t(a) a\n\
               f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);";
    assert_eq!(
        pp_clean(src),
        "f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) ) + t ( 1 ) ;"
    );
}

#[test]
fn pp_standard_example_painted_blue() {
    let src = "#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)";
    assert_eq!(pp_clean(src), "2 * 9 * g");
}

#[test]
fn pp_undef() {
    assert_eq!(pp_clean("#define X 1\n#undef X\nX"), "X");
}

#[test]
fn pp_redefinition_warns_only_when_different() {
    let r = pp("#define X 1\n#define X 1\n#define X 2\nX");
    assert_eq!(r.warnings().len(), 1);
    assert!(r.warnings()[0].contains("redefined"));
    assert_eq!(r.text(), "2");
}

#[test]
fn pp_conditionals() {
    assert_eq!(pp_clean("#if 1\na\n#else\nb\n#endif"), "a");
    assert_eq!(
        pp_clean("#if 0\na\n#elif 1\nb\n#elif 1\nc\n#else\nd\n#endif"),
        "b"
    );
    assert_eq!(pp_clean("#if 0\na\n#elif 0\nb\n#else\nd\n#endif"), "d");
    assert_eq!(
        pp_clean("#define X\n#ifdef X\na\n#endif\n#ifndef X\nb\n#endif"),
        "a"
    );
    assert_eq!(pp_clean("#ifdef Y\na\n#else\nb\n#endif"), "b");
    assert_eq!(
        pp_clean("#if 0\n#if 1\nx\n#else\ny\n#endif\n#else\nz\n#endif"),
        "z"
    );
    assert_eq!(
        pp_clean("#define A 1\n#if defined A && defined(A) && !defined B\nok\n#endif"),
        "ok"
    );
    assert_eq!(pp_clean("#define X\n#if 0\n#elifdef X\nyes\n#endif"), "yes");
}

#[test]
fn pp_skipped_groups_ignore_garbage() {
    let src = "#if 0\ndon't @ 'unterminated \"x\n#bogus directive\n#error no\n#endif\nok";
    assert_eq!(pp_clean(src), "ok");
}

#[test]
fn pp_if_arithmetic() {
    let cases = [
        ("1 + 2 * 3 == 7", true),
        ("(1 + 2) * 3 == 9", true),
        ("10 / 3 == 3 && 10 % 3 == 1", true),
        ("-1 < 0", true),
        ("-1 < 0u", false),
        ("1 << 4 == 16 && 256 >> 4 == 16", true),
        ("(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6", true),
        ("~0 == -1", true),
        ("!0 && !!5", true),
        ("1 ? 2 : 0", true),
        ("0 ? 1 : 0", false),
        ("UNKNOWN", false),
        ("UNKNOWN == 0", true),
        (
            "'A' == 65 && '\\n' == 10 && '\\x41' == 65 && '\\0' == 0",
            true,
        ),
        ("0x10 == 16 && 010 == 8 && 0b11 == 3 && 1'000 == 1000", true),
        ("100000000000L > 1 && 4294967295u > 0 && 1ull", true),
        ("__cplusplus >= 201103L", true),
        ("true && !false", true),
        ("0 && (1 / 0)", false),
        ("1 || (1 / 0)", true),
        ("3 > 2 > 1", false),
        ("1 <= 1 && 1 >= 1 && 1 != 2", true),
        ("(2, 0)", false),
        ("0xffffffffffffffff == -1", true),
        ("-9223372036854775807 - 1 < 0", true),
        ("1 and not 0 or 0", true),
        (
            "compl 0 == -1 && (6 bitand 3) == 2 && (1 bitor 2 xor 1) == 3 && 1 not_eq 2",
            true,
        ),
        ("__has_include(<cstdio>)", true),
    ];
    for (expr, want) in cases {
        let src = format!("#if {expr}\nyes\n#else\nno\n#endif");
        let r = pp(&src);
        assert!(r.errors().is_empty(), "{expr}: {:?}", r.errors());
        assert_eq!(r.text(), if want { "yes" } else { "no" }, "{expr}");
    }
}

#[test]
fn pp_if_with_macros() {
    assert_eq!(
        pp_clean("#define V 3\n#define TWICE(x) ((x)*2)\n#if TWICE(V) == 6\nok\n#endif"),
        "ok"
    );
    assert_eq!(
        pp_clean("#define D defined(X)\n#define X\n#if D\nok\n#endif"),
        "ok"
    );
    assert_eq!(
        pp_clean("#if __has_include(\"nope_not_here.h\")\nyes\n#else\nno\n#endif"),
        "no"
    );
    assert_eq!(
        pp_clean(
            "#if __has_builtin(__builtin_expect) || __has_attribute(x)\nyes\n#else\nno\n#endif"
        ),
        "no"
    );
}

#[test]
fn pp_if_errors() {
    let r = pp("#if 1 / 0\nx\n#endif");
    assert!(r.errors()[0].contains("division by zero"));
    let r = pp("#if\n#endif");
    assert!(r.errors()[0].contains("no expression"));
    let r = pp("#if (1\n#endif");
    assert_eq!(r.errors().len(), 1);
    let r = pp("#if 1.5\n#endif");
    assert!(r.errors()[0].contains("floating"));
    let r = pp("#if 1 +\n#endif");
    assert_eq!(r.errors().len(), 1);
    let r = pp("#if defined\n#endif");
    assert!(r.errors()[0].contains("defined"));
    let r = pp("#if 2 3\n#endif");
    assert_eq!(r.errors().len(), 1);
}

#[test]
fn pp_unbalanced_conditionals_report() {
    let r = pp("int a;\n#if 1\nint b;");
    assert_eq!(r.errors(), vec!["unterminated conditional directive"]);
    assert_eq!(r.diag_pos(0), "2:1");
    assert_eq!(r.text(), "int a ; int b ;");
    let r = pp("#endif\n#else\n#elif 1\nx");
    assert_eq!(r.errors().len(), 3);
    assert_eq!(r.text(), "x");
    let r = pp("#if 0\n#else\n#else\n#endif");
    assert!(r.errors()[0].contains("#else after #else"));
}

#[test]
fn pp_error_and_warning_directives() {
    let r = pp("int a;\n  #error this isn't supported\n#warning careful\nint b;");
    assert_eq!(r.errors(), vec!["#error this isn't supported"]);
    assert_eq!(r.warnings(), vec!["#warning careful"]);
    assert_eq!(r.diag_pos(0), "2:4");
    assert_eq!(r.text(), "int a ; int b ;");
}

#[test]
fn pp_unknown_directive_and_line_ignored() {
    let r = pp("#line 10 \"x.cu\"\n#frobnicate\n# 5 \"y.cu\"\n#\nx");
    assert_eq!(r.errors().len(), 1);
    assert!(r.errors()[0].contains("frobnicate"));
    assert_eq!(r.diag_pos(0), "2:2");
    assert_eq!(r.text(), "x");
}

#[test]
fn pp_system_includes_and_pragmas_become_directives() {
    let r = pp("#include <cstdio>\n#  include <cuda_runtime.h> // c\n#pragma unroll\nfor(;;);\n#pragma once\n_Pragma(\"unroll 4\") x");
    assert!(r.diags.list.is_empty(), "{}", r.diags.render(&r.sm));
    let dirs: Vec<_> = r
        .toks
        .iter()
        .filter(|t| t.kind == TokenKind::Directive)
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(
        dirs,
        vec![
            "#include <cstdio>",
            "#  include <cuda_runtime.h>",
            "#pragma unroll",
            "#pragma unroll 4"
        ]
    );
    assert_eq!(r.text(), "#include <cstdio> #  include <cuda_runtime.h> #pragma unroll for ( ; ; ) ; #pragma unroll 4 x");
}

#[test]
fn pp_pragma_inside_macro_arguments_keeps_its_place() {
    let src = "#define BODY(s) { s }\nBODY(\n#pragma unroll\nfor (;;);\n)";
    let r = pp(src);
    assert!(r.diags.list.is_empty(), "{}", r.diags.render(&r.sm));
    assert_eq!(r.text(), "{ #pragma unroll for ( ; ; ) ; }");
    assert_eq!(r.toks[1].kind, TokenKind::Directive);
}

#[test]
fn pp_predefined_macros() {
    let src = "#ifdef __CUDACC__\ncuda\n#endif\n#ifdef __NVCC__\nnvcc\n#endif\n#ifdef __CUDA_ARCH__\ndevice\n#endif\n__cplusplus __CUAD__\n__LINE__ __FILE__";
    assert_eq!(pp_clean(src), "cuda nvcc 201703L 1 11 \"main.cu\"");
    assert_eq!(pp_clean("#define L __LINE__\nint a;\nL\n"), "int a ; 3");
    assert_eq!(pp_clean("__COUNTER__ __COUNTER__"), "0 1");
}

#[test]
fn pp_command_line_defines() {
    let opts = PpOptions {
        defines: vec![
            ("X".into(), None),
            ("Y".into(), Some("2+3".into())),
            ("F(a)".into(), Some("a*a".into())),
            ("__CUAD__".into(), Some("0".into())),
        ],
        undefines: vec!["__NVCC__".into(), "Y".into()],
        ..Default::default()
    };
    let r = pp_opts("X Y F(4)\n#ifdef __NVCC__\nnvcc\n#endif\n__CUDACC__", &opts);
    assert!(r.errors().is_empty(), "{:?}", r.errors());
    assert_eq!(r.text(), "1 Y 4 * 4 1");
}

#[test]
fn pp_expansion_spans_point_at_invocation() {
    let src = "#define ADD(a, b) ((a) + (b))\nint v =\n    ADD(x, 1);";
    let r = pp(src);
    let plus = r.toks.iter().find(|t| t.text == "+").unwrap();
    let (l, c) = r.sm.file(plus.span.file).line_col(plus.span.lo);
    assert_eq!((l, c), (3, 5));
    // Argument tokens keep their own position.
    let x = r.toks.iter().find(|t| t.text == "x").unwrap();
    assert_eq!(r.sm.file(x.span.file).line_col(x.span.lo), (3, 9));
}

#[test]
fn pp_macro_argument_errors() {
    let r = pp("#define F(a,b) a\nF(1)\nafter");
    assert!(
        r.errors()[0].contains("requires 2 arguments"),
        "{:?}",
        r.errors()
    );
    assert_eq!(r.diag_pos(0), "2:1");
    assert_eq!(r.text(), "after");
    let r = pp("#define F(a) a\nF(1, 2)");
    assert_eq!(r.errors().len(), 1);
    let r = pp("#define F(a) a\nF(1");
    assert!(r.errors()[0].contains("unterminated argument list"));
}

#[test]
fn pp_bad_definitions_report() {
    for src in [
        "#define",
        "#define 3 x",
        "#define F(a,a) a",
        "#define F(a b) a",
        "#define F(a",
        "#define X ## y",
        "#define X y ##",
        "#define F(a) #b",
        "#define defined 1",
    ] {
        let r = pp(src);
        assert_eq!(r.errors().len(), 1, "{src}: {:?}", r.errors());
    }
}

#[test]
fn pp_live_lexer_errors_reported_once() {
    let r = pp("int a = 'x;\nint b = @;");
    assert_eq!(r.errors().len(), 2, "{:?}", r.errors());
    assert_eq!(r.diag_pos(0), "1:9");
    assert_eq!(r.diag_pos(1), "2:9");
}

#[test]
fn pp_include_with_guards_and_dirs() {
    let dir = temp_dir("include");
    write(
        &dir,
        "inc/guarded.h",
        "#ifndef GUARDED_H\n#define GUARDED_H\nint guarded;\n#endif\n",
    );
    write(&dir, "inc/once.h", "#pragma once\nint once;\n");
    write(
        &dir,
        "local.h",
        "#include \"sub/nested.h\"\nint local = NESTED;\n",
    );
    write(
        &dir,
        "sub/nested.h",
        "#define NESTED 42\n#include \"sibling.h\"\n",
    );
    write(&dir, "sub/sibling.h", "int sibling;\n");
    let main = write(&dir, "main.cu", "#include \"local.h\"\n#include \"guarded.h\"\n#include \"guarded.h\"\n#include \"once.h\"\n#include \"once.h\"\n#define HDR \"guarded.h\"\n#include HDR\nint end;\n");
    let opts = PpOptions {
        include_dirs: vec![dir.join("inc")],
        ..Default::default()
    };
    let r = pp_file(&main, &opts);
    assert!(r.diags.list.is_empty(), "{}", r.diags.render(&r.sm));
    assert_eq!(
        r.text(),
        "int sibling ; int local = 42 ; int guarded ; int once ; int end ;"
    );
    let sibling = &r.toks[0];
    assert!(r.sm.file(sibling.span.file).path.ends_with("sub/sibling.h"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pp_include_guard_detection_is_not_fooled() {
    let dir = temp_dir("guards");
    // `#if !defined` guard; a header with content after `#endif`; one with `#else`.
    write(
        &dir,
        "a.h",
        "#if !defined(A_H)\n#define A_H\nint a;\n#endif\n",
    );
    write(
        &dir,
        "b.h",
        "#ifndef B_H\n#define B_H\nint b;\n#endif\nint after;\n",
    );
    write(
        &dir,
        "c.h",
        "#ifndef C_H\n#define C_H\nint c;\n#else\nint again;\n#endif\n",
    );
    let main = write(&dir, "main.cu", "#include \"a.h\"\n#include \"a.h\"\n#include \"b.h\"\n#include \"b.h\"\n#include \"c.h\"\n#include \"c.h\"\n");
    let r = pp_file(&main, &PpOptions::default());
    assert!(r.diags.list.is_empty(), "{}", r.diags.render(&r.sm));
    assert_eq!(
        r.text(),
        "int a ; int b ; int after ; int after ; int c ; int again ;"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pp_include_guard_reincluded_after_undef() {
    let dir = temp_dir("reinclude");
    write(&dir, "g.h", "#ifndef G\n#define G\nint g;\n#endif\n");
    let main = write(
        &dir,
        "main.cu",
        "#include \"g.h\"\n#undef G\n#include \"g.h\"\n",
    );
    let r = pp_file(&main, &PpOptions::default());
    assert_eq!(r.text(), "int g ; int g ;");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pp_include_errors() {
    let dir = temp_dir("errors");
    write(&dir, "cycle.h", "int c;\n#include \"cycle.h\"\n");
    let main = write(
        &dir,
        "main.cu",
        "int a;\n#include \"missing.h\"\n#include \"cycle.h\"\n#include\n",
    );
    let r = pp_file(&main, &PpOptions::default());
    let errors = r.errors();
    assert!(
        errors[0].contains("'missing.h' file not found"),
        "{errors:?}"
    );
    assert_eq!(r.diag_pos(0), "2:10");
    assert!(
        errors.iter().any(|e| e.contains("nested too deeply")),
        "{errors:?}"
    );
    assert!(errors.last().unwrap().contains("FILENAME"));
    assert_eq!(r.toks.iter().filter(|t| t.text == "c").count(), 199);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pp_directives_only_at_line_start_and_not_from_macros() {
    assert_eq!(
        pp_clean("#define H #\n#define X H define Y 1\nX Y"),
        "# define Y 1 Y"
    );
    let r = pp("a # define B 1\nB");
    assert_eq!(r.text(), "a # define B 1 B");
}

#[test]
fn pp_continuation_in_directive() {
    assert_eq!(
        pp_clean("#define LONG(a) \\\n  (a + \\\n   1)\nLONG(2)"),
        "( 2 + 1 )"
    );
}

#[test]
fn pp_cuda_launch_through_macro() {
    let src = "#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)\nLAUNCH(kern, 1, 32, x, y);";
    assert_eq!(pp_clean(src), "kern <<< 1 , 32 >>> ( x , y ) ;");
}

// ----- robustness -----

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const SNIPPETS: &[&str] = &[
    "#define F(x, ...) f(x, ## __VA_ARGS__) #x a##x\nF(1) F(2, 3) F()\n",
    "#if defined(A) || B > 3 ? 1 : 0\nint a;\n#elif 1/0\n#else\n#endif\n",
    "#define CAT(a,b) a##b\n#define S(x) #x\nCAT(CAT(1,2),3) S(CAT(x,y)) CAT(/,/)\n",
    "__global__ void k(float* x) { x[threadIdx.x] = 1.5e-3f * 0x1.8p3; }\nk<<<1, 32>>>(p);\n",
    "#include \"nope.h\"\n#include <cstdio>\n#pragma unroll 4\n_Pragma(\"once\")\n",
    "R\"xy(raw ) string)xy\" u8'c' L\"wide\" '\\x41' \"esc\\\"aped\"\n/* block */ // line\n",
    "#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)\n#define r r r\nr\n",
    "#ifndef G\n#define G\n#ifdef X\n#error bad\n#endif\n#warning w\n#endif\n",
    "#define O(x, ...) __VA_OPT__(x __VA_ARGS__)\nO(1) O(1,2)\n#undef O\n#line 3\n",
    "#if __has_include(<x>) && __has_builtin(y) && 'ab' && -1u >> 63 && 1 << 70\n#endif\n",
    "a \\\n b '\\\n' 1'000'000ull .5 1. 09 0b2 1e 0x 12abc\n",
    "#pragma push_macro(\"X\")\n#define X 2\n#pragma pop_macro(\"X\")\nX __LINE__ __FILE__ __COUNTER__\n",
];

const FRAGMENTS: &[&str] = &[
    "#",
    "##",
    "(",
    ")",
    ",",
    "\n",
    "\\\n",
    "\"",
    "'",
    "/*",
    "*/",
    "//",
    "...",
    "__VA_ARGS__",
    "#define ",
    "#if ",
    "#endif\n",
    "#else\n",
    "#elif ",
    "defined",
    "#include ",
    "<<<",
    ">>>",
    "0x",
    "1e+",
    "R\"(",
    "u8",
    "@",
    "\0",
    "\u{feff}",
    "é",
    "\r",
    "#undef ",
    "__VA_OPT__(",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(6) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(4) {
            0 => {
                let end = (at + rng.below(8)).min(bytes.len());
                bytes.drain(at..end);
            }
            1 => {
                let frag = FRAGMENTS[rng.below(FRAGMENTS.len())];
                bytes.splice(at..at, frag.bytes());
            }
            2 => {
                let end = (at + rng.below(16)).min(bytes.len());
                let copy: Vec<u8> = bytes[at..end].to_vec();
                let to = rng.below(bytes.len() + 1);
                bytes.splice(to..to, copy);
            }
            _ => {
                if at < bytes.len() {
                    bytes[at] = (rng.next() & 0x7f) as u8;
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn run_everything(text: &str) {
    let mut diags = Diagnostics::default();
    lex(FileId(0), text, &mut diags);
    let mut sm = SourceMap::new();
    let main = sm.add("/nonexistent_cuad_dir/main.cu", text.to_string());
    let mut diags = Diagnostics::default();
    let toks = preprocess(&mut sm, main, &PpOptions::default(), &mut diags);
    assert_eq!(toks.last().map(|t| t.kind), Some(TokenKind::Eof));
    // Rendering must not panic either (spans must be valid).
    let _ = diags.render(&sm);
    for t in &toks {
        assert!(t.span.lo <= t.span.hi);
    }
}

#[test]
fn no_panic_on_random_bytes() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..1500 {
        let len = rng.below(120);
        let bytes: Vec<u8> = (0..len).map(|_| (rng.next() >> 56) as u8).collect();
        run_everything(&String::from_utf8_lossy(&bytes));
        // Mostly-ASCII soup built from interesting characters.
        let alphabet = b"#()\\\"'/*<>.,_aZ019eEpPxX+-\n\r ?:!&|";
        let soup: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())] as char)
            .collect();
        run_everything(&soup);
    }
}

#[test]
fn no_panic_on_mutated_snippets() {
    let mut rng = Rng(12345);
    for i in 0..3000 {
        let base = SNIPPETS[i % SNIPPETS.len()];
        let mut text = mutate(&mut rng, base);
        if rng.below(3) == 0 {
            text.push_str(SNIPPETS[rng.below(SNIPPETS.len())]);
            text = mutate(&mut rng, &text);
        }
        run_everything(&text);
    }
}

#[test]
fn no_stack_overflow_on_deep_nesting() {
    let depth = 5000;
    let nested_args = format!(
        "#define F(x) x\n{}1{}",
        "F(".repeat(depth / 5),
        ")".repeat(depth / 5)
    );
    let r = pp(&nested_args);
    assert!(
        r.errors().iter().any(|e| e.contains("nested too deeply")),
        "{:?}",
        r.errors()
    );
    let parens = format!(
        "#if {}1{}\n#endif\n#if {}1\n#endif",
        "(".repeat(depth),
        ")".repeat(depth),
        "-".repeat(depth)
    );
    let r = pp(&parens);
    assert_eq!(r.errors().len(), 2, "{:?}", r.errors());
    let mut chain: String = (0..2000)
        .map(|i| format!("#define M{i} M{}\n", i + 1))
        .collect();
    chain.push_str("M0");
    assert_eq!(pp_clean(&chain), "M2000");
}

#[test]
fn exponential_macros_are_capped() {
    let mut src = String::from("#define A0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A39\n");
    let r = pp(&src);
    assert!(
        r.errors().iter().any(|e| e.contains("too large")),
        "{:?}",
        r.errors()
    );
}

/// A synthetic CUDA file of `lines` lines exercising macros, conditionals and literals.
fn big_source(lines: usize) -> String {
    let mut s = String::from("#include <cuda_runtime.h>\n#define SQ(x) ((x) * (x))\n#define IDX(i, j, n) ((i) * (n) + (j))\n#define LOG(fmt, ...) printf(fmt, ## __VA_ARGS__)\n");
    let mut n = 4;
    let mut k = 0;
    while n < lines {
        s.push_str(&format!(
            "__global__ void kern{k}(const float* __restrict__ a, float* b, int n) {{\n"
        ));
        s.push_str("  int i = blockIdx.x * blockDim.x + threadIdx.x; // index\n");
        s.push_str("#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700\n  __syncwarp();\n#else\n  /* host */\n#endif\n");
        s.push_str("  if (i < n) b[IDX(i, 0, n)] = SQ(a[i]) * 1.5e-3f + 0x1Fu;\n");
        s.push_str("  LOG(\"%d\\n\", i); LOG(\"x\");\n}\n");
        n += 9;
        k += 1;
    }
    s
}

#[test]
fn large_file_is_fast() {
    let src = big_source(20_000);
    let start = std::time::Instant::now();
    let r = pp(&src);
    let elapsed = start.elapsed();
    assert!(r.diags.list.is_empty());
    assert!(r.toks.len() > 150_000);
    eprintln!(
        "preprocessed {} lines into {} tokens in {:?}",
        src.lines().count(),
        r.toks.len(),
        elapsed
    );
    // Generous for debug builds; release is far below 50 ms. Catches quadratic behavior.
    assert!(elapsed.as_secs_f64() < 5.0, "{elapsed:?}");
}
