//! The standard type transformations resolved to the type they name: `std::decay_t<T>`,
//! `std::remove_reference_t<T>`, `typename std::remove_cv<T>::type` and the like, and
//! `std::common_type_t<A, B>` of one type or of floating-point types.

use crate::index::{normalize, Index};
use cuad_syntax::ast::*;

impl Index<'_> {
    /// `decay_t<T>` and the other `_t` aliases (`name`, `args`); `None` for other names.
    pub(crate) fn trait_alias(&self, name: &str, args: &[TemplateArg], depth: usize) -> Option<Ty> {
        let base = trait_base(name)?.strip_suffix("_t")?;
        self.transform(base, args, depth)
    }

    /// `std::decay<T>::type`, kept spelled as written (`key` the whole name).
    pub(crate) fn trait_member(&self, key: &str, depth: usize) -> Option<Ty> {
        let owner = normalize(key).strip_suffix("::type")?.trim();
        let lt = owner.find('<')?;
        if !owner.ends_with('>') {
            return None;
        }
        let base = trait_base(&owner[..lt])?;
        let args = self.spelled_template_args(&owner[lt..])?;
        self.transform(base, &args, depth)
    }

    fn transform(&self, base: &str, args: &[TemplateArg], depth: usize) -> Option<Ty> {
        let types = args
            .iter()
            .map(|a| match a {
                TemplateArg::Type(t) => Some(self.canonical(t, depth + 1)),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        // A template parameter or `decltype(e)` is transformed once it is known: `decay_t<T>`
        // with `T` bound to `const float&` is `float`, not `T`.
        if !types.iter().all(|t| self.is_concrete(t)) {
            return None;
        }
        if base == "common_type" {
            return common_type(&types);
        }
        let [t] = &types[..] else {
            return None;
        };
        Some(match base {
            "remove_reference" => without_ref(t),
            "remove_cv" => t.clone().with_const(false).with_volatile(false),
            "remove_const" => t.clone().with_const(false),
            "remove_volatile" => t.clone().with_volatile(false),
            "remove_cvref" => without_ref(t).with_const(false).with_volatile(false),
            "decay" => decay(t),
            "remove_pointer" => match &t.kind {
                TyKind::Pointer { pointee, .. } => (**pointee).clone(),
                _ => t.clone(),
            },
            "type_identity" => t.clone(),
            _ => return None,
        })
    }
}

impl Index<'_> {
    /// Does `t` name only types cuad knows (no template parameter, `decltype` or library type)?
    fn is_concrete(&self, t: &Ty) -> bool {
        match &t.kind {
            TyKind::Named { name, args } => {
                self.is_type_name(name)
                    && args.iter().all(|a| match a {
                        TemplateArg::Type(t) => self.is_concrete(t),
                        TemplateArg::Expr(_) => true,
                    })
            }
            TyKind::Pointer { pointee: t, .. }
            | TyKind::LRef(t)
            | TyKind::RRef(t)
            | TyKind::Array { elem: t, .. } => self.is_concrete(t),
            TyKind::Auto | TyKind::Pack(_) => false,
            _ => true,
        }
    }
}

/// The trait's name without `std::` (`using namespace std;` code writes it bare).
fn trait_base(name: &str) -> Option<&str> {
    let name = normalize(name);
    let base = name
        .strip_prefix("cuda::std::")
        .or_else(|| name.strip_prefix("std::"))
        .unwrap_or(name);
    (!base.contains("::")).then_some(base)
}

fn without_ref(t: &Ty) -> Ty {
    match &t.kind {
        TyKind::LRef(inner) | TyKind::RRef(inner) => (**inner).clone(),
        _ => t.clone(),
    }
}

/// `std::decay_t<T>`: no reference, no cv-qualifiers, an array as a pointer to its element.
fn decay(t: &Ty) -> Ty {
    let t = without_ref(t);
    match &t.kind {
        TyKind::Array { elem, .. } => Ty::new(TyKind::Pointer {
            pointee: elem.clone(),
            restrict: false,
        }),
        _ => t.with_const(false).with_volatile(false),
    }
}

/// `std::common_type_t` of decayed types that are all one type, or arithmetic with one of
/// them floating-point (the widest floating type); other mixes stay unknown.
fn common_type(types: &[Ty]) -> Option<Ty> {
    let decayed: Vec<Ty> = types.iter().map(decay).collect();
    let first = decayed.first()?;
    if decayed.iter().all(|t| t == first) {
        return Some(first.clone());
    }
    let rank = |t: &Ty| match t.kind {
        TyKind::Bool | TyKind::Int { .. } => Some(0),
        TyKind::Float => Some(1),
        TyKind::Double => Some(2),
        TyKind::LongDouble => Some(3),
        _ => None,
    };
    let ranks = decayed.iter().map(rank).collect::<Option<Vec<_>>>()?;
    let (widest, rank) = ranks.iter().enumerate().max_by_key(|(_, r)| **r)?;
    (*rank > 0).then(|| decayed[widest].clone())
}
