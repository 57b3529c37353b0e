//! `check`: undeclared identifiers are reported with their span; everything a header,
//! opaque item or template could provide is tolerated.

use super::build::*;
use crate::check;
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostics, Span};

fn errors(unit: &TranslationUnit) -> Vec<(String, Span)> {
    let mut diags = Diagnostics::default();
    check(unit, &mut diags);
    diags
        .list
        .into_iter()
        .map(|d| (d.message, d.span))
        .collect()
}

fn kernel(body: Vec<Stmt>) -> Item {
    func_body("k", vec![param("out", ptr(f32())), param("n", i32())], body)
}

fn gid() -> Expr {
    bin(
        BinOp::Add,
        bin(
            BinOp::Mul,
            member(id("blockIdx"), "x"),
            member(id("blockDim"), "x"),
        ),
        member(id("threadIdx"), "x"),
    )
}

#[test]
fn reports_undeclared_identifier_with_its_span() {
    let body = vec![
        decl("i", i32(), Some(gid())),
        expr_stmt(assign(
            index(id("out"), id("i")),
            bin(BinOp::Mul, id_at("scale", 40), id("i")),
        )),
    ];
    let errs = errors(&tu(vec![kernel(body)]));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].0, "use of undeclared identifier `scale`");
    assert_eq!((errs[0].1.lo, errs[0].1.hi), (40, 45));
}

#[test]
fn clean_kernel_has_no_errors() {
    let body = vec![
        decl("i", i32(), Some(gid())),
        Stmt::synth(StmtKind::If {
            cond: bin(BinOp::Lt, id("i"), id("n")),
            then: Box::new(expr_stmt(assign(
                index(id("out"), id("i")),
                call(
                    "sinf",
                    vec![bin(BinOp::Mul, id("coef"), cast(f32(), id("i")))],
                ),
            ))),
            els: None,
        }),
        expr_stmt(call("__syncthreads", vec![])),
        expr_stmt(call("atomicAdd", vec![id("out"), id("M_PI")])),
    ];
    let unit = tu(vec![
        directive("#include <cmath>"),
        global("coef", f32()),
        kernel(body),
    ]);
    assert!(errors(&unit).is_empty(), "{:?}", errors(&unit));
}

#[test]
fn scopes_end_with_their_block_and_for_loop() {
    let body = vec![
        for_loop(
            decl("j", i32(), Some(int("0"))),
            bin(BinOp::Lt, id("j"), id("n")),
            un(UnOp::PreInc, id("j")),
            block(vec![decl("t", f32(), Some(id("j"))), expr_stmt(id("t"))]),
        ),
        expr_stmt(id_at("j", 100)),
        expr_stmt(id_at("t", 200)),
    ];
    let errs = errors(&tu(vec![kernel(body)]));
    let names: Vec<&str> = errs.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "use of undeclared identifier `j`",
            "use of undeclared identifier `t`"
        ]
    );
    assert_eq!(errs[0].1.lo, 100);
}

#[test]
fn names_from_the_program_resolve() {
    let body = vec![
        expr_stmt(call("helper", vec![id("Fast")])),
        expr_stmt(call("ns::other", vec![])),
        expr_stmt(call("other", vec![])),
        expr_stmt(id("table")),
        expr_stmt(call("Pt", vec![])),
        Stmt::synth(StmtKind::Expr(Expr::synth(ExprKind::Launch {
            kernel: Box::new(id("k")),
            template_args: vec![],
            config: vec![int("1"), int("32")],
            args: vec![id("table"), int("3")],
        }))),
    ];
    let unit = tu(vec![
        func("helper", void(), vec![param("m", named("Mode"))]),
        enumeration(Some("Mode"), &["Fast"], false),
        namespace("ns", vec![func("other", void(), vec![])]),
        global("table", ptr(f32())),
        strukt("Pt", vec![("x", f32())]),
        func_body("host", vec![], body),
        kernel(vec![]),
    ]);
    assert!(errors(&unit).is_empty(), "{:?}", errors(&unit));
}

#[test]
fn methods_see_fields_this_and_other_methods() {
    let body = vec![
        expr_stmt(assign(id("x"), bin(BinOp::Mul, id("x"), id("k")))),
        expr_stmt(assign(arrow(id("this"), "y"), id("w"))),
        expr_stmt(call("norm", vec![])),
        expr_stmt(id_at("zz", 7)),
        ret(bin(BinOp::Add, id("x"), id("w"))),
    ];
    let method = function("scale", void(), vec![param("k", f32())], Some(body.clone()));
    let norm = function("norm", f32(), vec![], None);
    let mut s = struct_def("V", vec![Member::Method(method), Member::Method(norm)]);
    if let Some(members) = s.members.as_mut() {
        members.extend(fields(vec![("x", f32()), ("y", f32())]));
    }
    s.bases = vec!["public B".into()];
    let out_of_line = function("V::scale2", void(), vec![param("k", f32())], Some(body));
    let unit = tu(vec![
        strukt("B", vec![("w", f32())]),
        Item::Struct(s),
        Item::Function(out_of_line),
    ]);
    let errs = errors(&unit);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs.iter().all(|(m, s)| m.contains("`zz`") && s.lo == 7));
}

#[test]
fn template_parameters_and_dependent_calls_are_tolerated() {
    let body = vec![
        decl("acc", named("T"), Some(cast(named("T"), int("0")))),
        expr_stmt(bin(BinOp::Mul, id("acc"), id("N"))),
        expr_stmt(call("combine", vec![id("acc")])),
        expr_stmt(id_at("oops", 3)),
    ];
    let mut f = function("reduce", void(), vec![param("x", named("T"))], Some(body));
    let mut params = type_params(&["T"]);
    params.push(TemplateParam {
        name: "N".into(),
        kind: TemplateParamKind::Value {
            ty: i32(),
            default: None,
        },
    });
    f.template = Some(params);
    let errs = errors(&tu(vec![Item::Function(f)]));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].0.contains("`oops`"));
}

#[test]
fn system_names_and_qualified_names_are_tolerated() {
    let body = vec![
        expr_stmt(call("exit", vec![id("EXIT_FAILURE")])),
        expr_stmt(call("std::cout", vec![])),
        expr_stmt(call("thrust::reduce", vec![])),
        expr_stmt(call("cudaMemcpy", vec![id("cudaMemcpyHostToDevice")])),
        expr_stmt(bin(
            BinOp::Eq,
            call("cudaGetLastError", vec![]),
            id("cudaSuccess"),
        )),
        expr_stmt(id("FLT_MAX")),
        expr_stmt(id("INFINITY")),
        expr_stmt(id("NAN")),
        expr_stmt(id("RAND_MAX")),
        expr_stmt(id("CUDART_PI_F")),
        expr_stmt(call("__builtin_expect", vec![int("1"), int("1")])),
        expr_stmt(call("fprintf", vec![id("stderr")])),
        expr_stmt(id("NULL")),
    ];
    let unit = tu(vec![
        directive("#include <cstdio>"),
        func_body("host", vec![], body),
    ]);
    assert!(errors(&unit).is_empty(), "{:?}", errors(&unit));
}

#[test]
fn names_mentioned_by_opaque_items_are_tolerated() {
    let body = vec![
        expr_stmt(call("lerp", vec![])),
        expr_stmt(id_at("missing", 9)),
    ];
    let unit = tu(vec![
        opaque("template <class T> __device__ T lerp(T a, T b, T t) { return a + t * (b - a); }"),
        func_body("f", vec![], body),
    ]);
    let errs = errors(&unit);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].0.contains("`missing`"));
}

#[test]
fn unknown_headers_and_library_namespaces_silence_errors() {
    let body = vec![
        expr_stmt(call("checkCudaErrors", vec![])),
        expr_stmt(id("undefined_thing")),
    ];
    let with_header = tu(vec![
        directive("#include <helper_cuda.h>"),
        func_body("f", vec![], body.clone()),
    ]);
    assert!(errors(&with_header).is_empty());
    let quoted = tu(vec![
        directive("#include \"common.h\""),
        func_body("f", vec![], body.clone()),
    ]);
    assert!(errors(&quoted).is_empty());
    let using = Item::UsingDirective {
        text: "using namespace std;".into(),
        span: Span::default(),
    };
    assert!(errors(&tu(vec![using, func_body("f", vec![], body.clone())])).is_empty());
    // a namespace of the file itself declares only what the file shows
    let own = Item::UsingDirective {
        text: "using namespace mine;".into(),
        span: Span::default(),
    };
    let unit = tu(vec![
        namespace("mine", vec![]),
        own,
        func_body("f", vec![], body),
    ]);
    assert_eq!(errors(&unit).len(), 2);
}

#[test]
fn using_declaration_declares_its_name() {
    let using = Item::UsingDirective {
        text: "using std::swap;".into(),
        span: Span::default(),
    };
    let body = vec![
        expr_stmt(call("swap_values", vec![])),
        expr_stmt(call("swap", vec![])),
    ];
    let errs = errors(&tu(vec![using, func_body("f", vec![], body)]));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].0.contains("swap_values"));
}

#[test]
fn global_initializers_and_array_bounds_are_checked() {
    let mut g = decl_stmt(
        "buf",
        Ty::new(TyKind::Array {
            elem: Box::new(f32()),
            len: Some(Box::new(id_at("SIZE", 11))),
        }),
        None,
    );
    g.specs.device = true;
    let unit = tu(vec![
        Item::Global(g),
        Item::Global(decl_stmt("w", f32(), Some(id_at("undefined_w", 30)))),
    ]);
    let errs = errors(&unit);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert_eq!(errs[0].1.lo, 11);
    assert_eq!(errs[1].1.lo, 30);
}

#[test]
fn grandparent_fields_and_methods_are_visible() {
    let grand = struct_def(
        "A",
        vec![
            Member::Field(decl_stmt("a_field", f32(), None)),
            Member::Method(function("a_method", f32(), vec![], None)),
        ],
    );
    let mut parent = struct_def("B", fields(vec![("b_field", f32())]));
    parent.bases = vec!["public A".into()];
    let body = vec![
        expr_stmt(call("a_method", vec![])),
        expr_stmt(bin(BinOp::Add, id("a_field"), id("b_field"))),
        expr_stmt(id_at("c_missing", 5)),
    ];
    let mut child = struct_def(
        "C",
        vec![Member::Method(function("run", void(), vec![], Some(body)))],
    );
    child.bases = vec!["protected B".into()];
    let unit = tu(vec![
        Item::Struct(grand),
        Item::Struct(parent),
        Item::Struct(child),
    ]);
    let errs = errors(&unit);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].0.contains("`c_missing`"));
}

#[test]
fn long_operator_chains_do_not_overflow_the_stack() {
    let mut chain = id("a");
    for _ in 0..50_000 {
        chain = bin(BinOp::Add, chain, id("a"));
    }
    chain = bin(BinOp::Add, chain, id_at("zz", 1));
    let body = vec![decl("x", f32(), Some(chain))];
    let unit = tu(vec![func_body("k", vec![param("a", f32())], body)]);
    let errs = errors(&unit);
    assert_eq!(errs.len(), 1, "{errs:?}");
    let program = crate::Program::new(&unit);
    let mut scope = crate::ScopeStack::new();
    scope.declare("a", f32());
    scope.declare("zz", f64());
    if let Item::Function(f) = &unit.items[0] {
        if let Some(StmtKind::Decl(d)) = f.body.as_ref().and_then(|b| b.first()).map(|s| &s.kind) {
            if let Some(Init::Assign(e)) = &d.vars[0].init {
                assert_eq!(program.type_of(e, &scope), Some(f64()));
            }
        }
    }
    drop(program);
    // The AST's own recursive drop is not under test here (and would need a big stack).
    std::mem::forget(unit);
}
