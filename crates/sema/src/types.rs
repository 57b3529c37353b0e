//! Type helpers that need no program context: constructors, classification, promotions,
//! usual arithmetic conversions, literal types and the standard integer typedefs.

use cuad_syntax::ast::{IntKind, Ty, TyKind};

// ---------------------------------------------------------------- constructors

pub fn int_of(kind: IntKind, signed: bool) -> Ty {
    Ty::new(TyKind::Int {
        kind,
        signed: Some(signed),
    })
}
pub fn int_ty() -> Ty {
    Ty::int()
}
pub fn uint_ty() -> Ty {
    int_of(IntKind::Int, false)
}
pub fn long_ty() -> Ty {
    int_of(IntKind::Long, true)
}
pub fn ulong_ty() -> Ty {
    int_of(IntKind::Long, false)
}
pub fn long_long_ty() -> Ty {
    int_of(IntKind::LongLong, true)
}
pub fn char_ty() -> Ty {
    Ty::new(TyKind::Int {
        kind: IntKind::Char,
        signed: None,
    })
}
pub fn float_ty() -> Ty {
    Ty::new(TyKind::Float)
}
pub fn double_ty() -> Ty {
    Ty::new(TyKind::Double)
}
pub fn bool_ty() -> Ty {
    Ty::new(TyKind::Bool)
}
pub fn void_ty() -> Ty {
    Ty::new(TyKind::Void)
}
/// The type cuad gives `nullptr` and `NULL`.
pub fn nullptr_ty() -> Ty {
    Ty::named(NULLPTR_T)
}
pub const NULLPTR_T: &str = "std::nullptr_t";

// ---------------------------------------------------------------- classification

/// The type without reference wrappers (cv-qualifiers of the referenced type kept).
pub fn strip_refs(ty: &Ty) -> &Ty {
    match &ty.kind {
        TyKind::LRef(t) | TyKind::RRef(t) => strip_refs(t),
        _ => ty,
    }
}

/// Same type without top-level cv-qualifiers and references.
pub fn unqualified(ty: &Ty) -> Ty {
    let mut t = strip_refs(ty).clone();
    t.is_const = false;
    t.is_volatile = false;
    t
}

/// Element type of a pointer or array.
pub fn pointee(ty: &Ty) -> Option<&Ty> {
    match &strip_refs(ty).kind {
        TyKind::Pointer { pointee, .. } => Some(pointee),
        TyKind::Array { elem, .. } => Some(elem),
        _ => None,
    }
}

/// Array-to-pointer decay, refs and top-level cv removed.
pub fn decay(ty: &Ty) -> Ty {
    match &strip_refs(ty).kind {
        TyKind::Array { elem, .. } => Ty::pointer_to((**elem).clone()),
        _ => unqualified(ty),
    }
}

pub fn is_floating(ty: &Ty) -> bool {
    matches!(
        strip_refs(ty).kind,
        TyKind::Half | TyKind::BFloat16 | TyKind::Float | TyKind::Double | TyKind::LongDouble
    )
}

pub fn is_integral(ty: &Ty) -> bool {
    matches!(strip_refs(ty).kind, TyKind::Int { .. } | TyKind::Bool)
}

pub fn is_arithmetic(ty: &Ty) -> bool {
    is_floating(ty) || is_integral(ty)
}

pub fn is_pointer(ty: &Ty) -> bool {
    matches!(
        strip_refs(ty).kind,
        TyKind::Pointer { .. } | TyKind::Array { .. }
    )
}

pub fn is_nullptr(ty: &Ty) -> bool {
    matches!(&ty.kind, TyKind::Named { name, .. } if name == NULLPTR_T)
}

pub fn is_void(ty: &Ty) -> bool {
    matches!(strip_refs(ty).kind, TyKind::Void)
}

/// Name of a named type (struct, typedef, template parameter...).
pub fn named_name(ty: &Ty) -> Option<&str> {
    match &strip_refs(ty).kind {
        TyKind::Named { name, .. } => Some(name),
        _ => None,
    }
}

/// Equal up to top-level cv-qualifiers and references.
pub fn same_unqualified(a: &Ty, b: &Ty) -> bool {
    unqualified(a) == unqualified(b)
}

// ---------------------------------------------------------------- arithmetic

fn int_size(kind: IntKind) -> u8 {
    match kind {
        IntKind::Char => 1,
        IntKind::Short => 2,
        IntKind::Int => 4,
        IntKind::Long | IntKind::LongLong => 8,
    }
}

fn int_rank(kind: IntKind) -> u8 {
    match kind {
        IntKind::Char => 1,
        IntKind::Short => 2,
        IntKind::Int => 3,
        IntKind::Long => 4,
        IntKind::LongLong => 5,
    }
}

/// Integral promotion: bool, char and short become int; everything else is unchanged
/// (refs and cv removed).
pub fn promote(ty: &Ty) -> Ty {
    match strip_refs(ty).kind {
        TyKind::Bool => int_ty(),
        TyKind::Int {
            kind: IntKind::Char | IntKind::Short,
            ..
        } => int_ty(),
        _ => unqualified(ty),
    }
}

fn float_rank(kind: &TyKind) -> Option<u8> {
    match kind {
        TyKind::Half | TyKind::BFloat16 => Some(1),
        TyKind::Float => Some(2),
        TyKind::Double => Some(3),
        TyKind::LongDouble => Some(4),
        _ => None,
    }
}

/// The usual arithmetic conversions of a binary operator; `None` unless both are arithmetic.
pub fn usual_arithmetic(a: &Ty, b: &Ty) -> Option<Ty> {
    if !is_arithmetic(a) || !is_arithmetic(b) {
        return None;
    }
    let (a, b) = (promote(a), promote(b));
    match (float_rank(&a.kind), float_rank(&b.kind)) {
        (Some(ra), Some(rb)) => return Some(if ra >= rb { a } else { b }),
        // half mixed with an integer computes in float (CUDA's conversions)
        (Some(1), None) | (None, Some(1)) => return Some(float_ty()),
        (Some(_), None) => return Some(a),
        (None, Some(_)) => return Some(b),
        (None, None) => {}
    }
    Some(common_integer(&a, &b))
}

fn int_parts(ty: &Ty) -> (IntKind, bool) {
    match ty.kind {
        TyKind::Int { kind, signed } => (kind, signed != Some(false)),
        _ => (IntKind::Int, true),
    }
}

/// Both already promoted integers.
fn common_integer(a: &Ty, b: &Ty) -> Ty {
    let (ka, sa) = int_parts(a);
    let (kb, sb) = int_parts(b);
    if sa == sb {
        return int_of(if int_rank(ka) >= int_rank(kb) { ka } else { kb }, sa);
    }
    let ((ks, _), (ku, _)) = if sa {
        ((ka, sa), (kb, sb))
    } else {
        ((kb, sb), (ka, sa))
    };
    if int_rank(ku) >= int_rank(ks) {
        int_of(ku, false)
    } else if int_size(ks) > int_size(ku) {
        int_of(ks, true)
    } else {
        int_of(ks, false)
    }
}

// ---------------------------------------------------------------- literals

/// Type of an integer literal from its suffix and value (C++ rules for LP64).
pub fn int_literal_type(text: &str) -> Ty {
    let lower = text.to_ascii_lowercase();
    let is_hex = lower.starts_with("0x");
    let body_end = lower
        .rfind(|c: char| (c.is_ascii_hexdigit() && (is_hex || c.is_ascii_digit())) || c == '\'')
        .map(|i| i + 1)
        .unwrap_or(lower.len());
    let suffix = &lower[body_end..];
    let unsigned = suffix.contains('u');
    let min_kind = if suffix.contains("ll") {
        IntKind::LongLong
    } else if suffix.contains('l') {
        IntKind::Long
    } else {
        IntKind::Int
    };
    let decimal =
        !(is_hex || lower.starts_with("0b") || (lower.starts_with('0') && lower.len() > 1));
    let value = parse_int_value(&lower[..body_end]);
    fit_int_literal(value, min_kind, unsigned, decimal)
}

fn parse_int_value(digits: &str) -> u128 {
    let clean: String = digits.chars().filter(|&c| c != '\'').collect();
    let (radix, body) = if let Some(h) = clean.strip_prefix("0x") {
        (16, h)
    } else if let Some(b) = clean.strip_prefix("0b") {
        (2, b)
    } else if clean.len() > 1 && clean.starts_with('0') {
        (8, &clean[1..])
    } else {
        (10, clean.as_str())
    };
    u128::from_str_radix(body, radix).unwrap_or(0)
}

fn fit_int_literal(value: u128, min_kind: IntKind, unsigned: bool, decimal: bool) -> Ty {
    let candidates = [IntKind::Int, IntKind::Long, IntKind::LongLong];
    for kind in candidates
        .into_iter()
        .filter(|k| int_rank(*k) >= int_rank(min_kind))
    {
        let bits = u32::from(int_size(kind)) * 8;
        let signed_max = (1u128 << (bits - 1)) - 1;
        let unsigned_max = (1u128 << bits) - 1;
        if unsigned {
            if value <= unsigned_max {
                return int_of(kind, false);
            }
        } else if value <= signed_max {
            return int_of(kind, true);
        } else if !decimal && value <= unsigned_max {
            return int_of(kind, false);
        }
    }
    int_of(IntKind::LongLong, !unsigned && decimal)
}

/// Type of a floating literal: `f` float, `l` long double, otherwise double.
pub fn float_literal_type(text: &str) -> Ty {
    let lower = text.to_ascii_lowercase();
    // In hex floats `f` is a digit before the binary exponent; only a suffix after `p` counts.
    let tail = if lower.starts_with("0x") {
        lower.rsplit('p').next().unwrap_or("")
    } else {
        lower.as_str()
    };
    if tail.ends_with('f') {
        float_ty()
    } else if tail.ends_with('l') {
        Ty::new(TyKind::LongDouble)
    } else if tail.ends_with("f16") {
        Ty::new(TyKind::Half)
    } else {
        double_ty()
    }
}

/// Character literal type: `char`, or the wide types by prefix (kept as named types).
pub fn char_literal_type(text: &str) -> Ty {
    match text.split('\'').next().unwrap_or("") {
        "L" => Ty::named("wchar_t"),
        "u" => Ty::named("char16_t"),
        "U" => Ty::named("char32_t"),
        _ => char_ty(),
    }
}

// ---------------------------------------------------------------- standard typedefs

/// `size_t`, `int32_t`, `__half`... as the builtin type they name (LP64 Linux).
pub fn std_typedef(name: &str) -> Option<Ty> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let name = name.strip_prefix("std::").unwrap_or(name);
    let ty = match name {
        "size_t" | "uint64_t" | "uintptr_t" | "uint_fast64_t" | "uint_least64_t" => ulong_ty(),
        "ssize_t" | "ptrdiff_t" | "int64_t" | "intptr_t" | "int_fast64_t" | "int_least64_t"
        | "intmax_t" => long_ty(),
        "uintmax_t" => ulong_ty(),
        "int32_t" | "int_least32_t" => int_ty(),
        "uint32_t" | "uint_least32_t" => uint_ty(),
        "int16_t" | "int_least16_t" => int_of(IntKind::Short, true),
        "uint16_t" | "uint_least16_t" => int_of(IntKind::Short, false),
        "int8_t" | "int_least8_t" => int_of(IntKind::Char, true),
        "uint8_t" | "uint_least8_t" => int_of(IntKind::Char, false),
        "half" | "__half" => Ty::new(TyKind::Half),
        "nv_bfloat16" | "__nv_bfloat16" => Ty::new(TyKind::BFloat16),
        // <cuComplex.h>
        "cuFloatComplex" | "cuComplex" => Ty::named("float2"),
        "cuDoubleComplex" => Ty::named("double2"),
        _ => return None,
    };
    Some(ty)
}

/// `sizeof` of an arithmetic type, as on CUDA's targets.
pub fn scalar_size(t: &Ty) -> Option<i64> {
    Some(match &t.kind {
        TyKind::Bool => 1,
        TyKind::Int { kind, .. } => match kind {
            IntKind::Char => 1,
            IntKind::Short => 2,
            IntKind::Int => 4,
            IntKind::Long | IntKind::LongLong => 8,
        },
        TyKind::Half | TyKind::BFloat16 => 2,
        TyKind::Float => 4,
        TyKind::Double => 8,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_literals_follow_suffix_and_value() {
        assert_eq!(int_literal_type("42"), int_ty());
        assert_eq!(int_literal_type("42u"), uint_ty());
        assert_eq!(int_literal_type("42U"), uint_ty());
        assert_eq!(int_literal_type("42l"), long_ty());
        assert_eq!(int_literal_type("42ul"), ulong_ty());
        assert_eq!(int_literal_type("42ll"), long_long_ty());
        assert_eq!(int_literal_type("42ULL"), int_of(IntKind::LongLong, false));
        assert_eq!(
            int_literal_type("1'000ull"),
            int_of(IntKind::LongLong, false)
        );
        assert_eq!(int_literal_type("3000000000"), long_ty());
        assert_eq!(int_literal_type("0xFFFFFFFF"), uint_ty());
        assert_eq!(int_literal_type("0x1Fu"), uint_ty());
        assert_eq!(int_literal_type("0"), int_ty());
        assert_eq!(int_literal_type("0b101"), int_ty());
    }

    #[test]
    fn float_literals_follow_suffix() {
        assert_eq!(float_literal_type("1.0f"), float_ty());
        assert_eq!(float_literal_type("1.0F"), float_ty());
        assert_eq!(float_literal_type("1.0"), double_ty());
        assert_eq!(float_literal_type("2e-3"), double_ty());
        assert_eq!(float_literal_type("1.0L"), Ty::new(TyKind::LongDouble));
        assert_eq!(float_literal_type("0x1.fp3"), double_ty());
        assert_eq!(float_literal_type("0x1.8p3f"), float_ty());
    }

    #[test]
    fn arithmetic_conversions() {
        let short = int_of(IntKind::Short, true);
        assert_eq!(usual_arithmetic(&char_ty(), &short), Some(int_ty()));
        assert_eq!(usual_arithmetic(&int_ty(), &float_ty()), Some(float_ty()));
        assert_eq!(
            usual_arithmetic(&float_ty(), &double_ty()),
            Some(double_ty())
        );
        assert_eq!(usual_arithmetic(&int_ty(), &uint_ty()), Some(uint_ty()));
        assert_eq!(usual_arithmetic(&long_ty(), &uint_ty()), Some(long_ty()));
        assert_eq!(
            usual_arithmetic(&long_long_ty(), &ulong_ty()),
            Some(int_of(IntKind::LongLong, false))
        );
        assert_eq!(usual_arithmetic(&bool_ty(), &bool_ty()), Some(int_ty()));
        assert_eq!(
            usual_arithmetic(&Ty::new(TyKind::Half), &int_ty()),
            Some(float_ty())
        );
        assert_eq!(
            usual_arithmetic(&float_ty().with_const(true), &int_ty()),
            Some(float_ty())
        );
        assert_eq!(usual_arithmetic(&Ty::named("S"), &int_ty()), None);
    }

    #[test]
    fn std_typedefs_are_integers() {
        assert_eq!(std_typedef("size_t"), Some(ulong_ty()));
        assert_eq!(std_typedef("std::size_t"), Some(ulong_ty()));
        assert_eq!(std_typedef("int32_t"), Some(int_ty()));
        assert_eq!(std_typedef("my_t"), None);
    }
}
