//! Attribute specifiers `[[...]]`. The ones that say nothing about the values a program
//! computes (`[[nodiscard]]`, `[[maybe_unused]]`, `[[likely]]`, `[[fallthrough]]`, ...) are
//! read and dropped wherever a declaration, parameter or statement starts; others are errors.

use super::{PResult, Parser};
use crate::token::TokenKind;

/// Attributes without meaning for the derivative (standard C++ and the common GNU/Clang
/// optimization hints), spelled without their `(...)` arguments.
const IGNORED: [&str; 17] = [
    "nodiscard",
    "maybe_unused",
    "likely",
    "unlikely",
    "fallthrough",
    "noreturn",
    "deprecated",
    "carries_dependency",
    "assume",
    "gnu::always_inline",
    "gnu::noinline",
    "gnu::unused",
    "gnu::used",
    "gnu::hot",
    "gnu::cold",
    "gnu::flatten",
    "clang::always_inline",
];

impl Parser<'_, '_> {
    /// Skips `[[a, b(...)]]` specifiers at the current token (none is fine).
    pub(crate) fn skip_attributes(&mut self) -> PResult<()> {
        while self.at("[") && self.nth_is(1, "[") {
            self.bump();
            self.bump();
            // `[[using gnu: hot, cold]]`
            let mut prefix = String::new();
            if self.eat("using") {
                prefix = self.expect_ident("after `using` in an attribute")?.0 + "::";
                self.expect(":", "after the attribute namespace")?;
            }
            while !self.at("]") {
                let at = self.cur_span();
                let mut name = prefix.clone() + &self.expect_attribute_word()?;
                while self.eat("::") {
                    name.push_str("::");
                    name.push_str(&self.expect_attribute_word()?);
                }
                if self.at("(") {
                    self.skip_balanced();
                }
                self.eat("...");
                let bare = name.trim_start_matches("__").trim_end_matches("__");
                let bare = bare.replace("::__", "::");
                if !IGNORED.contains(&bare.as_str()) {
                    return Err(super::PErr {
                        span: at,
                        msg: format!("attribute `[[{name}]]` is not modelled"),
                    });
                }
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("]", "to close the attribute")?;
            self.expect("]", "to close the attribute")?;
        }
        Ok(())
    }

    /// An attribute's name or namespace: any identifier, keywords included (`[[using]]`).
    fn expect_attribute_word(&mut self) -> PResult<String> {
        let t = *self.peek();
        if t.kind != TokenKind::Ident {
            return self.err_here("expected an attribute name");
        }
        self.bump();
        Ok(t.text.to_string())
    }
}
