//! Types and declarators: `const float*`, `float (*p)[3]`, `float* __restrict__ x`.

use crate::expr::{needs_parens_in_template_arg, print_expr, starts_like_a_declaration};
use cuad_syntax::ast::{IntKind, TemplateArg, Ty, TyKind};
use std::cell::Cell;

thread_local! {
    /// Depth of template definitions being printed (see `in_template`).
    static TEMPLATE_DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// Runs `print` for the inside of a template definition, where qualified type names may be
/// dependent and need `typename` (which the parser does not keep in the AST).
pub(crate) fn in_template<R>(print: impl FnOnce() -> R) -> R {
    TEMPLATE_DEPTH.with(|d| d.set(d.get() + 1));
    let result = print();
    TEMPLATE_DEPTH.with(|d| d.set(d.get() - 1));
    result
}

/// Library namespaces whose plain members (`std::size_t`) are never dependent.
const LIBRARY_NAMESPACES: [&str; 6] = [
    "std",
    "thrust",
    "cuda",
    "cub",
    "cooperative_groups",
    "nvcuda",
];

/// Whether a named type needs `typename` here: inside a template, a qualified name unless
/// it is a plain member of a library namespace. Extra `typename`s are valid C++11.
fn needs_typename(name: &str) -> bool {
    if TEMPLATE_DEPTH.with(|d| d.get()) == 0 || name.starts_with("typename ") {
        return false;
    }
    let Some((qualifier, _)) = name.trim_start_matches("::").rsplit_once("::") else {
        return false;
    };
    let first = qualifier.split("::").next().unwrap_or("");
    qualifier.contains('<') || !LIBRARY_NAMESPACES.contains(&first)
}

/// A declarator split into its pointer/reference prefix (`*`, `* const`, `&`) and its direct
/// part (`p`, `a[4][4]`, `(*p)[3]`). Keeping them apart lets a single declaration print as
/// `float* p` while a multi-declarator one prints as `float *a, *b`.
#[derive(Debug, Default)]
pub(crate) struct Declarator {
    pub ptr: String,
    pub direct: String,
}

impl Declarator {
    /// `*p`, `* const p`, `(*p)[3]`: the declarator as one piece.
    pub fn joined(&self) -> String {
        join_ptr(&self.ptr, &self.direct)
    }
}

/// Glues a pointer prefix to what follows; a space is needed only after a qualifier word.
fn join_ptr(ptr: &str, direct: &str) -> String {
    if ptr.is_empty() || direct.is_empty() {
        return format!("{ptr}{direct}");
    }
    match ptr.chars().last() {
        Some(c) if c.is_alphanumeric() || c == '_' => format!("{ptr} {direct}"),
        _ => format!("{ptr}{direct}"),
    }
}

/// Splits `ty` declaring `name` into its base type text (`const float`) and declarator.
/// `name` may be empty (abstract declarator) or a whole function head (`f(int x)`).
pub(crate) fn split_decl(ty: &Ty, name: &str) -> (String, Declarator) {
    let mut d = Declarator {
        ptr: String::new(),
        direct: name.to_string(),
    };
    let mut t = ty;
    // cv-qualifiers written on an array type belong to its element type.
    let (mut pending_const, mut pending_volatile) = (false, false);
    loop {
        match &t.kind {
            TyKind::Pointer { pointee, restrict } => {
                let mut op = "*".to_string();
                op.push_str(&cv_suffix(t));
                if *restrict {
                    op.push_str(" __restrict__");
                }
                d.ptr = op + &d.ptr;
                t = pointee;
            }
            TyKind::LRef(inner) => {
                d.ptr = format!("&{}", d.ptr);
                t = inner;
            }
            TyKind::RRef(inner) => {
                d.ptr = format!("&&{}", d.ptr);
                t = inner;
            }
            // `const Ts&... vs`: the ellipsis after the pattern's operators.
            TyKind::Pack(inner) => {
                d.ptr = format!("...{}", d.ptr);
                t = inner;
            }
            TyKind::Array { elem, len } => {
                if !d.ptr.is_empty() {
                    d.direct = format!("({})", d.joined());
                    d.ptr.clear();
                }
                let len = len.as_ref().map(|e| print_expr(e)).unwrap_or_default();
                d.direct.push_str(&format!("[{len}]"));
                pending_const |= t.is_const;
                pending_volatile |= t.is_volatile;
                t = elem;
            }
            // `float (*op)(float)`: the parameter list follows the parenthesized declarator.
            TyKind::Function { ret, params } => {
                if !d.ptr.is_empty() {
                    d.direct = format!("({})", d.joined());
                    d.ptr.clear();
                }
                let params: Vec<String> = params.iter().map(print_ty).collect();
                d.direct.push_str(&format!("({})", params.join(", ")));
                t = ret;
            }
            _ => {
                let mut base = String::new();
                if t.is_const || pending_const {
                    base.push_str("const ");
                }
                if t.is_volatile || pending_volatile {
                    base.push_str("volatile ");
                }
                base.push_str(&base_name(&t.kind));
                return (base, d);
            }
        }
    }
}

/// ` const`, ` volatile`, ` const volatile` or nothing: qualifiers after a `*`.
fn cv_suffix(t: &Ty) -> String {
    let mut s = String::new();
    if t.is_const {
        s.push_str(" const");
    }
    if t.is_volatile {
        s.push_str(" volatile");
    }
    s
}

/// The spelling of a non-derived type kind.
fn base_name(kind: &TyKind) -> String {
    match kind {
        TyKind::Void => "void".into(),
        TyKind::Bool => "bool".into(),
        TyKind::Int { kind, signed } => int_name(*kind, *signed),
        TyKind::Half => "__half".into(),
        TyKind::BFloat16 => "__nv_bfloat16".into(),
        TyKind::Float => "float".into(),
        TyKind::Double => "double".into(),
        TyKind::LongDouble => "long double".into(),
        TyKind::Auto => "auto".into(),
        TyKind::Named { name, args } => {
            let typename = if needs_typename(name) {
                "typename "
            } else {
                ""
            };
            format!("{typename}{name}{}", print_template_args(args))
        }
        // Derived kinds are peeled off by `split_decl`; print them as abstract types.
        TyKind::Pointer { .. }
        | TyKind::LRef(_)
        | TyKind::RRef(_)
        | TyKind::Array { .. }
        | TyKind::Pack(_)
        | TyKind::Function { .. } => print_ty(&Ty::new(kind.clone())),
    }
}

fn int_name(kind: IntKind, signed: Option<bool>) -> String {
    let word = match kind {
        IntKind::Char => "char",
        IntKind::Short => "short",
        IntKind::Int => "int",
        IntKind::Long => "long",
        IntKind::LongLong => "long long",
    };
    match (signed, kind) {
        (Some(false), _) => format!("unsigned {word}"),
        // Only `signed char` differs from the plain spelling.
        (Some(true), IntKind::Char) => "signed char".into(),
        _ => word.into(),
    }
}

/// `<float, 4>`; empty for no arguments. Nested closers get a space (`A<B<int> >`), and
/// expressions with a top-level `>` get parentheses.
pub(crate) fn print_template_args(args: &[TemplateArg]) -> String {
    if args.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = args.iter().map(print_template_arg).collect();
    close_angle(format!("<{}", parts.join(", ")))
}

fn print_template_arg(arg: &TemplateArg) -> String {
    match arg {
        TemplateArg::Type(ty) => print_ty(ty),
        // A `>` would close the list; `T(x)` would read as a function type.
        TemplateArg::Expr(e) if needs_parens_in_template_arg(e) || starts_like_a_declaration(e) => {
            format!("({})", print_expr(e))
        }
        TemplateArg::Expr(e) => crate::expr::print_expr_at(e, crate::expr::PREC_ASSIGN),
    }
}

/// Appends `>` to an opened angle list, keeping `>>` from forming.
pub(crate) fn close_angle(mut s: String) -> String {
    if s.ends_with('>') {
        s.push(' ');
    }
    s.push('>');
    s
}

/// The abstract type: `const float*`, `float (*)[3]`, `double[4]`.
pub fn print_ty(ty: &Ty) -> String {
    print_decl(ty, "")
}

/// A declaration of `name` with type `ty`: `float* __restrict__ x`, `double a[4][4]`,
/// `float (*p)[3]`. With an empty name this is the abstract type.
pub fn print_decl(ty: &Ty, name: &str) -> String {
    let (base, d) = split_decl(ty, name);
    if !d.ptr.is_empty() {
        // `float* p`: the pointer prefix stays with the type, one space before the name.
        return if d.direct.is_empty() {
            format!("{base}{}", d.ptr)
        } else {
            format!("{base}{} {}", d.ptr, d.direct)
        };
    }
    if d.direct.is_empty() {
        base
    } else if d.direct.starts_with('[') {
        format!("{base}{}", d.direct)
    } else {
        format!("{base} {}", d.direct)
    }
}
