//! `Program::type_of` on every expression kind.

use super::build::*;
use crate::types::{long_long_ty, long_ty, nullptr_ty};
use crate::{EmptyScope, Program, ScopeStack};
use cuad_syntax::ast::*;
use BinOp::*;

fn scope(vars: &[(&str, Ty)]) -> ScopeStack {
    let mut s = ScopeStack::new();
    for (n, t) in vars {
        s.declare(n, t.clone());
    }
    s
}

fn empty_tu() -> TranslationUnit {
    tu(vec![])
}

#[test]
fn literal_types() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let t = |e: Expr| p.type_of(&e, &EmptyScope);
    assert_eq!(t(flt("1.0f")), Some(f32()));
    assert_eq!(t(flt("1.0")), Some(f64()));
    assert_eq!(t(int("1u")), Some(u32()));
    assert_eq!(t(int("1ll")), Some(llong()));
    assert_eq!(t(int("7")), Some(i32()));
    assert_eq!(t(Expr::synth(ExprKind::CharLit("'a'".into()))), Some(ch()));
    assert_eq!(
        t(Expr::synth(ExprKind::StrLit("\"hi\"".into()))),
        Some(ptr(cnst(ch())))
    );
    assert_eq!(t(Expr::synth(ExprKind::BoolLit(true))), Some(boolean()));
    assert_eq!(t(Expr::synth(ExprKind::Nullptr)), Some(nullptr_ty()));
}

#[test]
fn binary_promotions_and_conversions() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[
        ("c", ch()),
        ("s", short()),
        ("i", i32()),
        ("u", u32()),
        ("f", f32()),
        ("d", f64()),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(bin(Add, id("c"), id("s"))), Some(i32()));
    assert_eq!(t(bin(Mul, id("i"), id("f"))), Some(f32()));
    assert_eq!(t(bin(Mul, id("f"), id("d"))), Some(f64()));
    assert_eq!(t(bin(Add, id("f"), flt("1.0"))), Some(f64()));
    assert_eq!(t(bin(Add, id("f"), flt("1.0f"))), Some(f32()));
    assert_eq!(t(bin(Sub, id("i"), id("u"))), Some(u32()));
    assert_eq!(t(bin(Div, id("i"), int("2"))), Some(i32()));
    assert_eq!(t(bin(Rem, id("c"), id("c"))), Some(i32()));
    assert_eq!(t(bin(Shl, id("c"), id("i"))), Some(i32()));
    assert_eq!(t(bin(BitAnd, id("u"), id("i"))), Some(u32()));
    assert_eq!(t(bin(Comma, id("i"), id("d"))), Some(f64()));
}

#[test]
fn comparisons_and_logic_are_bool() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[("f", f32()), ("q", ptr(f32()))]);
    for op in [Lt, Gt, Le, Ge, Eq, Ne, And, Or] {
        assert_eq!(p.type_of(&bin(op, id("f"), id("f")), &s), Some(boolean()));
    }
    assert_eq!(p.type_of(&un(UnOp::Not, id("q")), &s), Some(boolean()));
}

#[test]
fn pointer_arithmetic() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[
        ("p", ptr(f32())),
        ("q", ptr(f32())),
        ("a", array(f64(), 8)),
        ("i", i32()),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(bin(Add, id("p"), id("i"))), Some(ptr(f32())));
    assert_eq!(t(bin(Add, id("i"), id("p"))), Some(ptr(f32())));
    assert_eq!(t(bin(Sub, id("p"), int("1"))), Some(ptr(f32())));
    assert_eq!(t(bin(Sub, id("p"), id("q"))), Some(long_long_ty()));
    assert_eq!(
        t(bin(Add, id("a"), id("i"))),
        Some(ptr(f64())),
        "arrays decay"
    );
}

#[test]
fn unary_operators() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[
        ("p", ptr(cnst(f32()))),
        ("x", f64()),
        ("c", ch()),
        ("r", lref(f32())),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(un(UnOp::Deref, id("p"))), Some(cnst(f32())));
    assert_eq!(t(un(UnOp::AddrOf, id("x"))), Some(ptr(f64())));
    assert_eq!(t(un(UnOp::Neg, id("c"))), Some(i32()));
    assert_eq!(t(un(UnOp::PreInc, id("x"))), Some(f64()));
    assert_eq!(t(id("r")), Some(f32()), "references are stripped");
    assert_eq!(t(un(UnOp::Neg, id("r"))), Some(f32()));
}

#[test]
fn assignment_ternary_cast_sizeof() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[("f", f32()), ("d", f64()), ("i", i32()), ("p", ptr(f32()))]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(assign(id("f"), id("d"))), Some(f32()));
    assert_eq!(t(cond(id("i"), id("f"), id("d"))), Some(f64()));
    assert_eq!(t(cond(id("i"), id("f"), id("f"))), Some(f32()));
    assert_eq!(
        t(cond(id("i"), id("p"), Expr::synth(ExprKind::Nullptr))),
        Some(ptr(f32()))
    );
    assert_eq!(t(cond(id("i"), id("unknown"), id("d"))), Some(f64()));
    assert_eq!(t(cast(i32(), id("f"))), Some(i32()));
    assert_eq!(t(Expr::synth(ExprKind::SizeofType(f64()))), Some(ulong()));
    assert_eq!(
        t(Expr::synth(ExprKind::SizeofExpr(Box::new(id("f"))))),
        Some(ulong())
    );
    assert_eq!(
        t(Expr::synth(ExprKind::Paren(Box::new(id("d"))))),
        Some(f64())
    );
}

#[test]
fn indexing_pointers_arrays_and_containers() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let grid = Ty::new(TyKind::Array {
        elem: Box::new(array(f32(), 4)),
        len: None,
    });
    let s = scope(&[
        ("p", ptr(f64())),
        ("a", array(f32(), 3)),
        ("g", grid),
        ("v", generic("std::vector", vec![f32()])),
        ("i", i32()),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(index(id("p"), id("i"))), Some(f64()));
    assert_eq!(t(index(id("a"), int("0"))), Some(f32()));
    assert_eq!(t(index(index(id("g"), int("0")), int("1"))), Some(f32()));
    assert_eq!(t(index(id("v"), id("i"))), Some(f32()));
    assert_eq!(t(index(id("i"), id("p"))), Some(f64()), "i[p]");
}

#[test]
fn identifiers_scope_then_globals_then_builtins() {
    let unit = tu(vec![
        global("g", f64()),
        enumeration(Some("Mode"), &["Fast"], false),
        global("x", f64()),
    ]);
    let p = Program::new(&unit);
    let s = scope(&[("x", f32())]);
    let t = |n: &str| p.type_of(&id(n), &s);
    assert_eq!(t("x"), Some(f32()), "locals shadow globals");
    assert_eq!(t("::x"), Some(f64()), "`::x` skips locals");
    assert_eq!(t("g"), Some(f64()));
    assert_eq!(t("Fast"), Some(named("Mode")));
    assert_eq!(t("warpSize"), Some(i32()));
    assert_eq!(t("threadIdx"), Some(named("uint3")));
    assert_eq!(t("M_PI"), Some(f64()));
    assert_eq!(t("FLT_MAX"), Some(f32()));
    assert_eq!(t("nope"), None);
    // enumerators take part in arithmetic as int
    assert_eq!(p.type_of(&bin(Add, id("Fast"), int("1")), &s), Some(i32()));
}

#[test]
fn cuda_builtin_members() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[
        ("v", named("float4")),
        ("d2", named("double2")),
        ("i3", named("int3")),
        ("pv", ptr(named("float3"))),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    for var in ["threadIdx", "blockIdx", "blockDim", "gridDim"] {
        assert_eq!(t(member(id(var), "x")), Some(u32()));
    }
    assert_eq!(t(member(id("v"), "w")), Some(f32()));
    assert_eq!(t(member(id("d2"), "y")), Some(f64()));
    assert_eq!(t(member(id("i3"), "z")), Some(i32()));
    assert_eq!(t(arrow(id("pv"), "x")), Some(f32()));
    assert_eq!(t(member(id("v"), "q")), None);
    let gid = bin(
        Add,
        bin(
            Mul,
            member(id("blockIdx"), "x"),
            member(id("blockDim"), "x"),
        ),
        member(id("threadIdx"), "x"),
    );
    assert_eq!(t(gid), Some(u32()));
}

#[test]
fn struct_members_through_typedefs_and_pointers() {
    let unit = tu(vec![
        typedef("real", f64()),
        strukt(
            "Particle",
            vec![
                ("pos", named("float3")),
                ("mass", named("real")),
                ("next", ptr(named("Particle"))),
            ],
        ),
        typedef("P", named("Particle")),
    ]);
    let p = Program::new(&unit);
    let s = scope(&[
        ("a", named("P")),
        ("ps", ptr(named("Particle"))),
        ("c", cnst(named("Particle"))),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(member(id("a"), "mass")), Some(f64()));
    assert_eq!(t(member(member(id("a"), "pos"), "y")), Some(f32()));
    assert_eq!(
        t(arrow(index(id("ps"), int("0")).clone(), "mass")),
        None,
        "ps[0] is not a pointer"
    );
    assert_eq!(t(member(index(id("ps"), int("0")), "mass")), Some(f64()));
    assert_eq!(t(arrow(arrow(id("ps"), "next"), "mass")), Some(f64()));
    assert_eq!(t(member(id("c"), "mass")), Some(cnst(f64())));
}

#[test]
fn user_function_calls_and_overloads() {
    let unit = tu(vec![
        func("sq", f32(), vec![param("x", f32())]),
        func("sq", f64(), vec![param("x", f64())]),
        func("helper", named("real"), vec![param("x", f32())]),
        typedef("real", f64()),
    ]);
    let p = Program::new(&unit);
    let s = scope(&[("f", f32()), ("d", f64())]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(call("sq", vec![id("f")])), Some(f32()));
    assert_eq!(t(call("sq", vec![id("d")])), Some(f64()));
    assert_eq!(t(call("helper", vec![id("d")])), Some(f64()));
    assert_eq!(t(call("unknown_fn", vec![id("d")])), None);
}

#[test]
fn template_calls_deduce_return_types() {
    let unit = tu(vec![
        template_func(
            &["T"],
            "twice",
            named("T"),
            vec![param("x", lref(cnst(named("T"))))],
        ),
        template_func(
            &["T"],
            "first",
            named("T"),
            vec![param("p", ptr(named("T")))],
        ),
        template_func(
            &["T", "U"],
            "convert",
            named("U"),
            vec![param("x", named("T"))],
        ),
    ]);
    let p = Program::new(&unit);
    let s = scope(&[("f", f32()), ("d", f64()), ("arr", ptr(f64()))]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(call("twice", vec![id("f")])), Some(f32()));
    assert_eq!(t(call("twice", vec![id("d")])), Some(f64()));
    assert_eq!(t(call("first", vec![id("arr")])), Some(f64()));
    assert_eq!(t(tcall("twice", vec![f64()], vec![id("f")])), Some(f64()));
    assert_eq!(
        t(tcall("convert", vec![f32(), i32()], vec![id("f")])),
        Some(i32())
    );
    assert_eq!(
        t(call("convert", vec![id("f")])),
        Some(named("U")),
        "U is not deducible"
    );
}

#[test]
fn method_calls() {
    let norm = function("norm", f32(), vec![], Some(vec![]));
    let scale = function(
        "Vec::scale",
        named("Vec"),
        vec![param("k", f32())],
        Some(vec![]),
    );
    let mut get = function("get", named("T"), vec![], Some(vec![]));
    get.template = None;
    let mut holder = struct_def("Holder", vec![Member::Method(get)]);
    holder.template = Some(type_params(&["T"]));
    let unit = tu(vec![
        Item::Struct(struct_def("Vec", vec![Member::Method(norm)])),
        Item::Function(scale),
        Item::Struct(holder),
    ]);
    let p = Program::new(&unit);
    let s = scope(&[
        ("v", named("Vec")),
        ("pv", ptr(named("Vec"))),
        ("h", generic("Holder", vec![f64()])),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(call_expr(member(id("v"), "norm"), vec![])), Some(f32()));
    assert_eq!(t(call_expr(arrow(id("pv"), "norm"), vec![])), Some(f32()));
    assert_eq!(
        t(call_expr(member(id("v"), "scale"), vec![flt("2.0f")])),
        Some(named("Vec"))
    );
    assert_eq!(t(call_expr(member(id("h"), "get"), vec![])), Some(f64()));
    assert_eq!(t(call_expr(member(id("v"), "missing"), vec![])), None);
}

#[test]
fn math_builtins_follow_argument_types() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[("f", f32()), ("d", f64()), ("i", i32())]);
    let t = |e: Expr| p.type_of(&e, &s);
    for name in [
        "sin", "cos", "exp", "log", "sqrt", "rsqrt", "erf", "normcdf", "fabs", "floor", "std::sin",
        "::sqrt",
    ] {
        assert_eq!(t(call(name, vec![id("f")])), Some(f32()), "{name}(float)");
        assert_eq!(t(call(name, vec![id("d")])), Some(f64()), "{name}(double)");
    }
    for name in [
        "sinf",
        "expf",
        "__expf",
        "__logf",
        "__sinf",
        "__fdividef",
        "__saturatef",
        "powf",
        "__fmul_rn",
    ] {
        assert_eq!(t(call(name, vec![id("f"), id("f")])), Some(f32()), "{name}");
    }
    assert_eq!(t(call("pow", vec![id("f"), id("i")])), Some(f32()));
    assert_eq!(t(call("pow", vec![id("f"), id("d")])), Some(f64()));
    assert_eq!(t(call("sqrt", vec![id("i")])), Some(f64()));
    assert_eq!(t(call("fma", vec![id("f"), id("f"), id("f")])), Some(f32()));
    assert_eq!(t(call("lround", vec![id("d")])), Some(long_ty()));
    assert_eq!(t(call("abs", vec![id("i")])), Some(i32()));
    assert_eq!(t(call("abs", vec![id("f")])), Some(f32()));
    assert_eq!(t(call("min", vec![id("i"), id("f")])), Some(f32()));
    assert_eq!(t(call("max", vec![id("i"), id("i")])), Some(i32()));
    assert_eq!(t(call("std::max", vec![id("d"), id("d")])), Some(f64()));
}

#[test]
fn cuda_runtime_and_intrinsics() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[
        ("pf", ptr(f32())),
        ("pd", ptr(f64())),
        ("pi", ptr(i32())),
        ("f", f32()),
        ("d", f64()),
    ]);
    let t = |e: Expr| p.type_of(&e, &s);
    assert_eq!(t(call("atomicAdd", vec![id("pf"), id("f")])), Some(f32()));
    assert_eq!(t(call("atomicAdd", vec![id("pd"), id("d")])), Some(f64()));
    assert_eq!(
        t(call("atomicCAS", vec![id("pi"), int("0"), int("1")])),
        Some(i32())
    );
    assert_eq!(t(call("atomicMax", vec![id("pi"), int("1")])), Some(i32()));
    assert_eq!(t(call("__syncthreads", vec![])), Some(void()));
    assert_eq!(
        t(call(
            "__shfl_down_sync",
            vec![int("0xffffffff"), id("d"), int("16")]
        )),
        Some(f64())
    );
    assert_eq!(
        t(call(
            "__shfl_xor_sync",
            vec![int("0xffffffff"), id("f"), int("1")]
        )),
        Some(f32())
    );
    assert_eq!(
        t(call("__ballot_sync", vec![int("0xffffffff"), int("1")])),
        Some(u32())
    );
    assert_eq!(t(call("__popc", vec![int("3")])), Some(i32()));
    assert_eq!(t(call("__ldg", vec![id("pf")])), Some(f32()));
    let cuda_err = Some(named("cudaError_t"));
    assert_eq!(t(call("cudaMalloc", vec![id("pf"), int("4")])), cuda_err);
    assert_eq!(t(call("cudaDeviceSynchronize", vec![])), cuda_err);
    assert_eq!(t(call("cudaGetErrorString", vec![])), Some(ptr(cnst(ch()))));
    assert_eq!(t(call("malloc", vec![int("4")])), Some(ptr(void())));
    assert_eq!(t(call("printf", vec![])), Some(i32()));
    assert_eq!(
        t(call("make_float3", vec![id("f"), id("f"), id("f")])),
        Some(named("float3"))
    );
    assert_eq!(
        t(call("make_double2", vec![id("d"), id("d")])),
        Some(named("double2"))
    );
    assert_eq!(
        t(call("make_int2", vec![int("1"), int("2")])),
        Some(named("int2"))
    );
    assert_eq!(
        t(call("dim3", vec![int("1"), int("2")])),
        Some(named("dim3"))
    );
    assert_eq!(
        t(member(call("make_float2", vec![id("f"), id("f")]), "y")),
        Some(f32())
    );
}

#[test]
fn user_functions_shadow_builtins_and_types_construct() {
    let unit = tu(vec![
        func("max", f64(), vec![param("a", f64()), param("b", f64())]),
        strukt("Pt", vec![("x", f32())]),
    ]);
    let p = Program::new(&unit);
    let s = scope(&[("i", i32())]);
    assert_eq!(
        p.type_of(&call("max", vec![id("i"), id("i")]), &s),
        Some(f64())
    );
    assert_eq!(
        p.type_of(&call("Pt", vec![flt("1.0f")]), &s),
        Some(named("Pt"))
    );
    assert_eq!(p.type_of(&member(call("Pt", vec![]), "x"), &s), Some(f32()));
}

#[test]
fn helper_math_style_operators_keep_the_vector_type() {
    let unit = empty_tu();
    let p = Program::new(&unit);
    let s = scope(&[("v", named("float3")), ("k", f32())]);
    assert_eq!(
        p.type_of(&bin(Mul, id("v"), id("k")), &s),
        Some(named("float3"))
    );
    assert_eq!(
        p.type_of(&bin(Mul, id("k"), id("v")), &s),
        Some(named("float3"))
    );
    assert_eq!(
        p.type_of(&un(UnOp::Neg, id("v")), &s),
        Some(named("float3"))
    );
}
