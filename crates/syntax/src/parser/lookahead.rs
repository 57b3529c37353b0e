//! Cheap token scans that decide between declarations and expressions without backtracking.

use super::Parser;
use crate::token::TokenKind;
use std::borrow::Cow;

/// Keywords that can never be a variable or type name.
pub(crate) fn is_reserved(word: &str) -> bool {
    matches!(
        word,
        "alignas"
            | "alignof"
            | "asm"
            | "auto"
            | "bool"
            | "break"
            | "case"
            | "catch"
            | "char"
            | "class"
            | "const"
            | "const_cast"
            | "constexpr"
            | "continue"
            | "decltype"
            | "default"
            | "delete"
            | "do"
            | "double"
            | "dynamic_cast"
            | "else"
            | "enum"
            | "explicit"
            | "extern"
            | "false"
            | "float"
            | "for"
            | "friend"
            | "goto"
            | "if"
            | "inline"
            | "int"
            | "long"
            | "mutable"
            | "namespace"
            | "new"
            | "noexcept"
            | "nullptr"
            | "operator"
            | "private"
            | "protected"
            | "public"
            | "register"
            | "reinterpret_cast"
            | "return"
            | "short"
            | "signed"
            | "sizeof"
            | "static"
            | "static_assert"
            | "static_cast"
            | "struct"
            | "switch"
            | "template"
            | "this"
            | "thread_local"
            | "throw"
            | "true"
            | "try"
            | "typedef"
            | "typeid"
            | "typename"
            | "union"
            | "unsigned"
            | "using"
            | "virtual"
            | "void"
            | "volatile"
            | "while"
            | "__global__"
            | "__device__"
            | "__host__"
            | "__shared__"
            | "__constant__"
            | "__managed__"
            | "__forceinline__"
            | "__noinline__"
            | "__launch_bounds__"
            | "__maxnreg__"
            | "__restrict__"
            | "__restrict"
            | "__align__"
            | "__attribute__"
            | "__inline__"
    )
}

/// Words that start a declaration (specifiers and builtin type keywords).
const DECL_WORDS: &[&str] = &[
    "const",
    "volatile",
    "static",
    "extern",
    "inline",
    "__inline__",
    "constexpr",
    "typedef",
    "register",
    "thread_local",
    "__shared__",
    "__constant__",
    "__device__",
    "__managed__",
    "struct",
    "class",
    "union",
    "enum",
    "typename",
    "auto",
    "decltype",
    "__align__",
    "alignas",
];

pub(crate) fn is_type_keyword(word: &str) -> bool {
    matches!(
        word,
        "void"
            | "bool"
            | "char"
            | "short"
            | "int"
            | "long"
            | "float"
            | "double"
            | "signed"
            | "unsigned"
    )
}

impl<'t> Parser<'t, '_> {
    /// Scans a possibly qualified name starting at token `i` (`a`, `::a`, `a::b::c`), without
    /// template arguments. Returns the index after it and its spelling.
    pub(crate) fn scan_name(&self, i: usize) -> Option<(usize, Cow<'t, str>)> {
        let first = *self.tok_at(i);
        let simple = first.is_ident() && !is_reserved(first.text) && !self.tok_at(i + 1).is("::");
        if simple {
            return Some((i + 1, Cow::Borrowed(first.text)));
        }
        let mut j = i;
        let mut name = String::new();
        if self.tok_at(j).is("::") {
            name.push_str("::");
            j += 1;
        }
        loop {
            let t = self.tok_at(j);
            if !t.is_ident() || is_reserved(t.text) {
                return None;
            }
            name.push_str(t.text);
            j += 1;
            if self.tok_at(j).is("::") && self.tok_at(j + 1).is_ident() {
                name.push_str("::");
                j += 1;
                continue;
            }
            let name = self.expand_ns_alias(&name).unwrap_or(name);
            return Some((j, Cow::Owned(name)));
        }
    }

    /// Consumes a possibly qualified name (see [`Parser::scan_name`]).
    pub(crate) fn take_name(&mut self) -> Option<String> {
        let (end, name) = self.scan_name(self.pos)?;
        self.pos = end;
        Some(name.into_owned())
    }

    /// From a `<` at token `i`, the index after its matching `>`; `None` when the tokens
    /// cannot be a template argument list (a `;` or brace comes first, or it runs too long).
    pub(crate) fn scan_angles(&self, i: usize) -> Option<usize> {
        let mut angle = 0i32;
        let mut paren = 0i32;
        for j in i..i + 256 {
            let t = self.tok_at(j);
            if t.kind == TokenKind::Eof {
                return None;
            }
            match t.text {
                "<" if t.kind == TokenKind::Punct && paren == 0 => angle += 1,
                ">" if t.kind == TokenKind::Punct && paren == 0 => {
                    angle -= 1;
                    if angle == 0 {
                        return Some(j + 1);
                    }
                }
                "(" | "[" => paren += 1,
                ")" | "]" => {
                    paren -= 1;
                    if paren < 0 {
                        return None;
                    }
                }
                ";" | "{" | "}" | "&&" | "||" if t.kind == TokenKind::Punct => return None,
                _ => {}
            }
        }
        None
    }

    /// Whether token `i` starts a type for sure: a type keyword, a cv-qualifier, an
    /// elaborated type, or a name known to be a type.
    pub(crate) fn is_type_start_at(&self, i: usize) -> bool {
        let t = self.tok_at(i);
        if !(t.is_ident() || t.is("::")) {
            return false;
        }
        if is_type_keyword(t.text) {
            return true;
        }
        if matches!(
            t.text,
            "const"
                | "volatile"
                | "struct"
                | "class"
                | "union"
                | "enum"
                | "typename"
                | "auto"
                | "decltype"
        ) {
            return true;
        }
        match self.scan_name(i) {
            Some((_, name)) => self.types.is_type(&name),
            None => false,
        }
    }

    /// Whether the statement at the cursor is a declaration. Known type names decide; for
    /// unknown names that are not variables, `A b`, `A<..> b`, `A *b;` and `A &b =`
    /// patterns (useless or invalid as expressions) are taken as declarations.
    pub(crate) fn is_decl_start(&self) -> bool {
        let t = self.peek();
        if t.is_ident() && (DECL_WORDS.contains(&t.text) || is_type_keyword(t.text)) {
            return true;
        }
        let Some((mut j, name)) = self.scan_name(self.pos) else {
            return false;
        };
        let known = self.types.is_type(&name);
        if self.tok_at(j).is("<") {
            match self.scan_angles(j) {
                Some(after)
                    if known
                        || self.type_like_tokens(j, after)
                        || name.contains("::") && self.declarator_name_at(after) =>
                {
                    j = after
                }
                _ => return false,
            }
            while self.tok_at(j).is("::") && self.tok_at(j + 1).is_ident() {
                j += 2;
            }
        }
        let next = self.tok_at(j);
        if next.is_ident() {
            return !is_reserved(next.text) || matches!(next.text, "const" | "volatile");
        }
        if !matches!(next.text, "*" | "&" | "&&") || next.kind != TokenKind::Punct {
            return false;
        }
        if known {
            return true;
        }
        !self.types.is_variable(&name) && self.pointer_declarator_follows(j, next.text == "*")
    }

    /// Whether tokens `from..to` could all belong to template arguments naming types or
    /// constants (no operators such as `==` or `+`).
    fn type_like_tokens(&self, from: usize, to: usize) -> bool {
        (from..to).all(|j| {
            let t = self.tok_at(j);
            match t.kind {
                TokenKind::Ident | TokenKind::Int => true,
                TokenKind::Punct => matches!(t.text, "<" | ">" | "," | "::" | "*" | "&"),
                _ => false,
            }
        })
    }

    /// A declarator name at token `i` followed by what ends or initializes a declarator:
    /// `std::conditional_t<sizeof(T) == 4, double, T> acc = ...` (as an expression, a
    /// comparison of a library name whose result is compared again: never written).
    fn declarator_name_at(&self, i: usize) -> bool {
        let name = self.tok_at(i);
        let after = self.tok_at(i + 1);
        name.is_ident()
            && !is_reserved(name.text)
            && after.kind == TokenKind::Punct
            && matches!(after.text, "=" | ";" | "{" | "[" | ",")
    }

    /// After an unknown name that is not a variable: the `* const * p =` / `*p;` / `&r =`
    /// tail of a declaration (such statements would be useless or invalid as expressions).
    fn pointer_declarator_follows(&self, mut j: usize, pointer: bool) -> bool {
        while matches!(
            self.tok_at(j).text,
            "*" | "&" | "&&" | "const" | "volatile" | "__restrict__"
        ) {
            j += 1;
        }
        let name = self.tok_at(j);
        if !name.is_ident() || is_reserved(name.text) {
            return false;
        }
        let after = self.tok_at(j + 1);
        after.kind == TokenKind::Punct
            && (matches!(after.text, "=" | "," | "[") || pointer && after.text == ";")
    }

    /// At `(` after a declarator name at namespace scope: a parameter list (function) rather
    /// than a parenthesized initializer (`dim3 grid(16, 16);`).
    pub(crate) fn looks_like_params(&self) -> bool {
        let first = self.nth(1);
        // `f([[maybe_unused]] int tag)`: attributes start only declarations
        let attribute = first.is("[") && self.nth_is(2, "[");
        if first.is(")") || first.is("...") || attribute || self.is_type_start_at(self.pos + 1) {
            return true;
        }
        if !first.is_ident() || is_reserved(first.text) {
            return false;
        }
        match self.scan_name(self.pos + 1) {
            Some((j, _)) => {
                let next = self.tok_at(j);
                next.is_ident() || matches!(next.text, "*" | "&" | "&&" | "<")
            }
            None => false,
        }
    }
}
