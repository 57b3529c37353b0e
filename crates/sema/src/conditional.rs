//! `std::conditional_t<B, T, F>` and `typename std::conditional<B, T, F>::type` (the
//! mixed-precision accumulator idiom) resolved to `T` or `F` when `B` is a constant
//! expression (template arguments already substituted).

use crate::index::Index;
use cuad_syntax::ast::*;

const ALIAS_NAMES: [&str; 3] = [
    "std::conditional_t",
    "cuda::std::conditional_t",
    "conditional_t",
];
const CLASS_NAMES: [&str; 3] = ["std::conditional", "cuda::std::conditional", "conditional"];

impl Index<'_> {
    /// The type `conditional_t<B, T, F>` (`name`, `args`) selects; `None` when the name is
    /// not that alias or `B` is not constant.
    pub(crate) fn conditional_alias(&self, name: &str, args: &[TemplateArg]) -> Option<Ty> {
        if !ALIAS_NAMES.contains(&name.trim_start_matches("::")) {
            return None;
        }
        self.select(args)
    }

    /// `std::conditional<B, T, F>::type`, kept spelled as written (`key` the whole name).
    pub(crate) fn conditional_member(&self, key: &str) -> Option<Ty> {
        let owner = key.trim_start_matches("::").strip_suffix("::type")?.trim();
        let lt = owner.find('<')?;
        if !CLASS_NAMES.contains(&owner[..lt].trim()) || !owner.ends_with('>') {
            return None;
        }
        let mut diags = cuad_syntax::Diagnostics::default();
        let tokens = cuad_syntax::lexer::lex(cuad_syntax::FileId(0), &owner[lt..], &mut diags);
        let is_type = |name: &str| self.is_type_name(name);
        let args =
            cuad_syntax::parser::parse_template_args_text_with(&tokens, &is_type, &mut diags)?;
        self.select(&args)
    }

    fn select(&self, args: &[TemplateArg]) -> Option<Ty> {
        let [TemplateArg::Expr(cond), yes, no] = args else {
            return None;
        };
        let chosen = if self.constant(cond)? != 0 { yes } else { no };
        match chosen {
            TemplateArg::Type(t) => Some(t.clone()),
            // a type name the parser read as an expression
            TemplateArg::Expr(Expr {
                kind: ExprKind::Ident(n),
                ..
            }) if self.is_type_name(n) => Some(Ty::named(n)),
            TemplateArg::Expr(_) => None,
        }
    }

    /// The value of an integer or boolean constant expression of literals, `sizeof` of
    /// arithmetic types and file-scope integer constants.
    fn constant(&self, e: &Expr) -> Option<i64> {
        self.constant_within(e, 0)
    }

    fn constant_within(&self, e: &Expr, depth: usize) -> Option<i64> {
        crate::fold_constant(e, &|x| match &x.kind {
            ExprKind::SizeofType(t) => crate::types::scalar_size(&self.canonical(t, 0)),
            ExprKind::Ident(n) if depth < 8 => {
                let init = self.integer_constants.get(n.trim_start_matches("::"))?;
                self.constant_within(init, depth + 1)
            }
            _ => None,
        })
    }
}
