//! Indexing, canonical types, fields and overload resolution.

use super::build::*;
use crate::types::{int_of, long_ty};
use crate::Program;
use cuad_syntax::ast::*;

#[test]
fn canonical_resolves_typedef_chains_under_pointers_and_arrays() {
    let unit = tu(vec![
        typedef("real", f32()),
        using("real_t", named("real")),
        typedef("rp", ptr(named("real_t"))),
    ]);
    let p = Program::new(&unit);
    assert_eq!(p.canonical(&named("real")), f32());
    assert_eq!(p.canonical(&named("real_t")), f32());
    assert_eq!(p.canonical(&named("rp")), ptr(f32()));
    assert_eq!(p.canonical(&ptr(cnst(named("real_t")))), ptr(cnst(f32())));
    assert_eq!(p.canonical(&lref(named("real"))), lref(f32()));
    let arr = p.canonical(&array(named("real"), 4));
    assert!(matches!(arr.kind, TyKind::Array { ref elem, .. } if **elem == f32()));
}

#[test]
fn canonical_keeps_cv_and_unknown_names() {
    let unit = tu(vec![typedef("cfloat", cnst(f32())), typedef("real", f64())]);
    let p = Program::new(&unit);
    assert_eq!(p.canonical(&cnst(named("real"))), cnst(f64()));
    assert_eq!(p.canonical(&named("cfloat")), cnst(f32()));
    assert_eq!(p.canonical(&named("T")), named("T"));
    assert_eq!(p.canonical(&named("cudaStream_t")), named("cudaStream_t"));
    assert_eq!(p.canonical(&named("size_t")), crate::types::ulong_ty());
    assert_eq!(p.canonical(&named("int64_t")), long_ty());
    let vec = generic("std::vector", vec![named("real")]);
    assert_eq!(p.canonical(&vec), generic("std::vector", vec![f64()]));
}

#[test]
fn self_referential_typedefs_do_not_loop() {
    let unit = tu(vec![
        strukt("S", vec![("x", f32())]),
        typedef("S", named("S")),
        typedef("A", named("B")),
        typedef("B", named("A")),
    ]);
    let p = Program::new(&unit);
    assert_eq!(p.canonical(&named("S")), named("S"));
    assert!(matches!(
        p.canonical(&named("A")).kind,
        TyKind::Named { .. }
    ));
    assert_eq!(p.field_type(&named("S"), "x"), Some(f32()));
}

#[test]
fn structs_in_namespaces_have_qualified_and_plain_names() {
    let unit = tu(vec![namespace(
        "phys",
        vec![
            strukt("Particle", vec![("pos", named("float3")), ("mass", f32())]),
            typedef("real", f64()),
        ],
    )]);
    let p = Program::new(&unit);
    assert!(p.struct_def("phys::Particle").is_some());
    assert!(p.struct_def("Particle").is_some());
    assert!(p.struct_def("::phys::Particle").is_some());
    assert!(p.struct_def("Other").is_none());
    assert_eq!(p.field_type(&named("phys::Particle"), "mass"), Some(f32()));
    assert_eq!(p.canonical(&named("phys::real")), f64());
    assert!(p.is_namespace("phys"));
}

#[test]
fn field_types_through_typedefs_bases_and_templates() {
    let mut derived = struct_def("Derived", fields(vec![("extra", named("real"))]));
    derived.bases = vec!["public Base".into()];
    let mut boxed = struct_def(
        "Box",
        fields(vec![("value", named("T")), ("ptr", ptr(named("T")))]),
    );
    boxed.template = Some(type_params(&["T"]));
    let unit = tu(vec![
        typedef("real", f64()),
        strukt("Base", vec![("w", f32())]),
        Item::Struct(derived),
        Item::Struct(boxed),
        typedef("D", named("Derived")),
    ]);
    let p = Program::new(&unit);
    assert_eq!(p.field_type(&named("Derived"), "extra"), Some(f64()));
    assert_eq!(p.field_type(&named("Derived"), "w"), Some(f32()));
    assert_eq!(p.field_type(&named("D"), "w"), Some(f32()));
    assert_eq!(p.field_type(&cnst(named("Derived")), "nope"), None);
    assert_eq!(
        p.field_type(&generic("Box", vec![f64()]), "value"),
        Some(f64())
    );
    assert_eq!(
        p.field_type(&generic("Box", vec![f32()]), "ptr"),
        Some(ptr(f32()))
    );
    assert_eq!(p.field_type(&named("float4"), "w"), Some(f32()));
}

#[test]
fn anonymous_typedef_struct_is_found_by_typedef_name() {
    let mut s = struct_def("", fields(vec![("re", f32()), ("im", f32())]));
    s.name = None;
    let mut trailing = decl_stmt("Complex", named(""), None);
    trailing.specs.is_typedef = true;
    s.trailing = Some(trailing);
    let unit = tu(vec![Item::Struct(s)]);
    let p = Program::new(&unit);
    assert!(p.struct_def("Complex").is_some());
    assert_eq!(p.field_type(&named("Complex"), "im"), Some(f32()));
}

#[test]
fn enums_and_enumerators() {
    let unit = tu(vec![
        enumeration(Some("Mode"), &["Fast", "Slow"], false),
        enumeration(Some("Color"), &["Red"], true),
        enumeration(None, &["BLOCK"], false),
    ]);
    let p = Program::new(&unit);
    assert_eq!(p.global_type("Fast"), Some(named("Mode")));
    assert_eq!(p.global_type("Mode::Slow"), Some(named("Mode")));
    assert_eq!(p.global_type("Color::Red"), Some(named("Color")));
    assert_eq!(
        p.global_type("Red"),
        None,
        "scoped enumerators need their qualifier"
    );
    assert_eq!(p.global_type("BLOCK"), Some(i32()));
    assert!(p.is_type_name("Mode"));
    assert!(p.enum_def("Color").is_some_and(|e| e.scoped));
}

#[test]
fn globals_include_constant_and_device_variables() {
    let mut c = crate::tests::build::decl_stmt("coeffs", array(f32(), 16), None);
    c.specs.constant = true;
    let unit = tu(vec![
        Item::Global(c),
        global("counter", named("real")),
        typedef("real", f64()),
        namespace("cfg", vec![global("scale", f32())]),
    ]);
    let p = Program::new(&unit);
    assert!(matches!(
        p.global_type("coeffs").map(|t| t.kind),
        Some(TyKind::Array { .. })
    ));
    assert_eq!(p.global_type("counter"), Some(f64()));
    assert_eq!(p.global_type("cfg::scale"), Some(f32()));
    assert_eq!(p.global_type("scale"), Some(f32()));
    assert_eq!(p.global_type("missing"), None);
}

#[test]
fn functions_list_all_overloads_prototypes_and_templates() {
    let unit = tu(vec![
        proto("f", f32(), vec![param("x", f32())]),
        func("f", f32(), vec![param("x", f32())]),
        func("f", f64(), vec![param("x", f64())]),
        template_func(&["T"], "g", named("T"), vec![param("x", named("T"))]),
        opaque("template <class T> struct Foo;"),
        namespace("ns", vec![func("h", i32(), vec![])]),
    ]);
    let p = Program::new(&unit);
    assert_eq!(p.functions("f").len(), 3);
    assert_eq!(p.functions("g").len(), 1);
    assert_eq!(p.functions("ns::h").len(), 1);
    assert_eq!(p.functions("h").len(), 1);
    assert_eq!(p.functions("::h").len(), 1);
    assert!(p.functions("Foo").is_empty());
}

#[test]
fn methods_are_listed_under_their_struct() {
    let m = function("norm", f32(), vec![], Some(vec![]));
    let s = struct_def(
        "Vec",
        vec![
            Member::Field(decl_stmt("x", f32(), None)),
            Member::Method(m),
        ],
    );
    let out_of_line = function("Vec::scale", void(), vec![param("k", f32())], Some(vec![]));
    let unit = tu(vec![Item::Struct(s), Item::Function(out_of_line)]);
    let p = Program::new(&unit);
    assert_eq!(p.functions("Vec::norm").len(), 1);
    assert_eq!(p.functions("Vec::scale").len(), 1);
    assert!(
        p.functions("norm").is_empty(),
        "methods are not free functions"
    );
}

#[test]
fn resolve_call_prefers_exact_float_or_double() {
    let unit = tu(vec![
        func("sq", f32(), vec![param("x", f32())]),
        func("sq", f64(), vec![param("x", f64())]),
    ]);
    let p = Program::new(&unit);
    let f = p.resolve_call("sq", &[Some(f32())]).map(|f| f.ret.clone());
    assert_eq!(f, Some(f32()));
    let d = p.resolve_call("sq", &[Some(f64())]).map(|f| f.ret.clone());
    assert_eq!(d, Some(f64()));
    // int -> float and int -> double are both conversions: ambiguous, as in C++
    assert!(p.resolve_call("sq", &[Some(i32())]).is_none());
    // unknown argument type: cannot choose
    assert!(p.resolve_call("sq", &[None]).is_none());
    assert!(p.resolve_call("nope", &[Some(f32())]).is_none());
}

#[test]
fn resolve_call_ranks_promotions_above_conversions() {
    let unit = tu(vec![
        func("h", i32(), vec![param("x", i32())]),
        func("h", f32(), vec![param("x", f32())]),
        func("k", f64(), vec![param("x", f64())]),
        func("k", i32(), vec![param("x", i32())]),
    ]);
    let p = Program::new(&unit);
    // short -> int is a promotion, short -> float a conversion
    assert_eq!(
        p.resolve_call("h", &[Some(short())]).map(|f| f.ret.clone()),
        Some(i32())
    );
    // float -> double is a promotion, float -> int a conversion
    assert_eq!(
        p.resolve_call("k", &[Some(f32())]).map(|f| f.ret.clone()),
        Some(f64())
    );
    assert_eq!(
        p.resolve_call("k", &[Some(ch())]).map(|f| f.ret.clone()),
        Some(i32())
    );
}

#[test]
fn resolve_call_pointer_versus_scalar_and_arity() {
    let unit = tu(vec![
        func("load", f32(), vec![param("p", ptr(cnst(f32())))]),
        func("load", f32(), vec![param("x", f32())]),
        func("two", i32(), vec![param("a", f32())]),
        func("two", f64(), vec![param("a", f32()), param("b", f32())]),
    ]);
    let p = Program::new(&unit);
    let by_ptr = p.resolve_call("load", &[Some(ptr(f32()))]);
    assert!(by_ptr.is_some_and(|f| matches!(f.params[0].ty.kind, TyKind::Pointer { .. })));
    let by_val = p.resolve_call("load", &[Some(f32())]);
    assert!(by_val.is_some_and(|f| f.params[0].ty == f32()));
    let arr = p.resolve_call("load", &[Some(array(f32(), 3))]);
    assert!(arr.is_some_and(|f| matches!(f.params[0].ty.kind, TyKind::Pointer { .. })));
    assert_eq!(
        p.resolve_call("two", &[Some(f32()), Some(f32())])
            .map(|f| f.ret.clone()),
        Some(f64())
    );
    assert_eq!(
        p.resolve_call("two", &[Some(f32())]).map(|f| f.ret.clone()),
        Some(i32())
    );
}

#[test]
fn resolve_call_merges_prototype_and_definition() {
    let unit = tu(vec![
        proto("f", f32(), vec![param("x", f32())]),
        func("f", f32(), vec![param("x", f32())]),
        func("f", f64(), vec![param("x", f64())]),
    ]);
    let p = Program::new(&unit);
    let chosen = p.resolve_call("f", &[Some(f32())]);
    assert!(
        chosen.is_some_and(|f| f.body.is_some()),
        "the definition is preferred"
    );
    // a single function resolves whatever the arguments
    let unit = tu(vec![
        proto("g", f32(), vec![param("x", f32())]),
        func("g", f32(), vec![param("x", f32())]),
    ]);
    let p = Program::new(&unit);
    assert!(p
        .resolve_call("g", &[None])
        .is_some_and(|f| f.body.is_some()));
}

#[test]
fn non_template_beats_template_on_equal_match() {
    let unit = tu(vec![
        template_func(&["T"], "f", named("T"), vec![param("x", named("T"))]),
        func("f", f32(), vec![param("x", f32())]),
    ]);
    let p = Program::new(&unit);
    let chosen = p.resolve_call("f", &[Some(f32())]);
    assert!(chosen.is_some_and(|f| f.template.is_none()));
    let chosen = p.resolve_call("f", &[Some(f64())]);
    assert!(
        chosen.is_some_and(|f| f.template.is_some()),
        "T = double is exact"
    );
}

#[test]
fn template_deduction_simple_forms() {
    let unit = tu(vec![
        template_func(&["T"], "by_val", named("T"), vec![param("x", named("T"))]),
        template_func(
            &["T"],
            "by_ptr",
            named("T"),
            vec![param("p", ptr(named("T")))],
        ),
        template_func(
            &["T"],
            "by_cref",
            named("T"),
            vec![param("x", lref(cnst(named("T"))))],
        ),
        template_func(
            &["T"],
            "pair",
            named("T"),
            vec![param("a", named("T")), param("b", named("T"))],
        ),
    ]);
    let p = Program::new(&unit);
    let deduced = |name: &str, args: &[Option<Ty>]| {
        let (f, b) = p.resolve_call_with(name, &[], args)?;
        p.return_type(f, &b)
    };
    assert_eq!(deduced("by_val", &[Some(cnst(f64()))]), Some(f64()));
    assert_eq!(
        deduced("by_ptr", &[Some(ptr(cnst(f32())))]),
        Some(cnst(f32()))
    );
    assert_eq!(deduced("by_ptr", &[Some(array(f64(), 2))]), Some(f64()));
    assert_eq!(deduced("by_cref", &[Some(cnst(f32()))]), Some(f32()));
    let f = p.functions("pair")[0];
    assert!(
        p.deduce(f, &[], &[Some(f32()), Some(f64())]).is_none(),
        "conflicting T"
    );
    let b = p.deduce(f, &[TemplateArg::Type(f64())], &[Some(f32()), Some(f64())]);
    assert_eq!(
        b.and_then(|b| b.get("T").cloned()),
        Some(f64()),
        "explicit argument wins"
    );
    let long = int_of(IntKind::Long, true);
    assert_eq!(deduced("by_val", &[Some(long.clone())]), Some(long));
}

#[test]
fn fields_list_members_bases_and_vector_components() {
    let mut derived = struct_def("Derived", fields(vec![("extra", named("real"))]));
    derived.bases = vec!["public Base".into()];
    let mut boxed = struct_def("Box", fields(vec![("value", named("T"))]));
    boxed.template = Some(type_params(&["T"]));
    let unit = tu(vec![
        typedef("real", f64()),
        strukt("Base", vec![("w", f32())]),
        Item::Struct(derived),
        Item::Struct(boxed),
    ]);
    let p = Program::new(&unit);
    let names = |ty: Ty| {
        p.fields(&ty)
            .into_iter()
            .map(|(n, t)| format!("{n}:{t:?}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        p.fields(&named("Derived")),
        vec![("w".to_string(), f32()), ("extra".to_string(), f64())]
    );
    assert_eq!(
        p.fields(&generic("Box", vec![f32()])),
        vec![("value".to_string(), f32())]
    );
    assert_eq!(names(named("float3")).len(), 3);
    assert_eq!(p.fields(&named("double2"))[1], ("y".to_string(), f64()));
    assert!(p.fields(&f32()).is_empty());
    assert!(p.fields(&named("Unknown")).is_empty());
}

#[test]
fn substitute_qualifies_member_types_of_template_instances() {
    let vec3 = Ty::new(TyKind::Named {
        name: "Vec".into(),
        args: vec![
            TemplateArg::Type(f64()),
            TemplateArg::Expr(Expr::synth(ExprKind::IntLit("3".into()))),
        ],
    });
    let mut b = crate::Bindings::new();
    b.insert("V".into(), vec3);
    b.insert("S".into(), named("Plain"));
    let t = crate::substitute(&ptr(cnst(named("V::value_type"))), &b);
    assert_eq!(t, ptr(cnst(named("Vec<double, 3>::value_type"))));
    assert_eq!(
        crate::substitute(&named("S::value_type"), &b),
        named("Plain::value_type")
    );
}

#[test]
fn array_parameters_of_a_prototype_and_its_definition_are_one_signature() {
    // Parsed code gives the two `[3]` lengths different spans.
    let spanned = |lo: u32| {
        Ty::new(TyKind::Array {
            elem: Box::new(f64()),
            len: Some(Box::new(Expr::new(
                ExprKind::IntLit("3".into()),
                cuad_syntax::Span::new(cuad_syntax::FileId(0), lo, lo + 1),
            ))),
        })
    };
    let unit = tu(vec![
        proto("h", f64(), vec![param("p", spanned(10))]),
        func("h", f64(), vec![param("p", spanned(40))]),
    ]);
    let p = Program::new(&unit);
    let found = p.resolve_call("h", &[Some(ptr(f64()))]);
    assert!(found.is_some_and(|f| f.body.is_some()), "the definition");
}
