//! The printer on hand-built ASTs (as a transformation would build them: no `Paren` nodes).

use cuad_emit::*;
use cuad_syntax::ast::*;
use cuad_syntax::Span;

// ------------------------------------------------------------------ builders

fn id(n: &str) -> Expr {
    Expr::ident(n)
}
fn int(t: &str) -> Expr {
    Expr::synth(ExprKind::IntLit(t.into()))
}
fn flt(t: &str) -> Expr {
    Expr::synth(ExprKind::FloatLit(t.into()))
}
fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr::synth(ExprKind::Binary(op, Box::new(l), Box::new(r)))
}
fn un(op: UnOp, x: Expr) -> Expr {
    Expr::synth(ExprKind::Unary(op, Box::new(x)))
}
fn assign(op: AssignOp, l: Expr, r: Expr) -> Expr {
    Expr::synth(ExprKind::Assign(op, Box::new(l), Box::new(r)))
}
fn call(f: &str, args: Vec<Expr>) -> Expr {
    Expr::synth(ExprKind::Call {
        callee: Box::new(id(f)),
        template_args: vec![],
        args,
    })
}
fn index(b: Expr, i: Expr) -> Expr {
    Expr::synth(ExprKind::Index(Box::new(b), Box::new(i)))
}
fn member(b: Expr, f: &str, arrow: bool) -> Expr {
    Expr::synth(ExprKind::Member {
        base: Box::new(b),
        field: f.into(),
        arrow,
    })
}
fn cast(kind: CastKind, ty: Ty, x: Expr) -> Expr {
    Expr::synth(ExprKind::Cast {
        kind,
        ty,
        expr: Box::new(x),
    })
}
fn cond(c: Expr, t: Expr, f: Expr) -> Expr {
    Expr::synth(ExprKind::Cond(Box::new(c), Box::new(t), Box::new(f)))
}
fn paren(x: Expr) -> Expr {
    Expr::synth(ExprKind::Paren(Box::new(x)))
}
fn float() -> Ty {
    Ty::new(TyKind::Float)
}
fn ptr(t: Ty) -> Ty {
    Ty::pointer_to(t)
}
fn restrict_ptr(t: Ty) -> Ty {
    Ty::new(TyKind::Pointer {
        pointee: Box::new(t),
        restrict: true,
    })
}
fn array(elem: Ty, n: &str) -> Ty {
    Ty::new(TyKind::Array {
        elem: Box::new(elem),
        len: Some(Box::new(int(n))),
    })
}
fn named(n: &str, args: Vec<TemplateArg>) -> Ty {
    Ty::new(TyKind::Named {
        name: n.into(),
        args,
    })
}
fn var(name: &str, ty: Ty, init: Option<Init>) -> VarDecl {
    VarDecl {
        name: name.into(),
        ty,
        init,
        span: Span::default(),
    }
}
fn decl(specs: DeclSpecs, vars: Vec<VarDecl>) -> DeclStmt {
    DeclStmt {
        specs,
        vars,
        span: Span::default(),
    }
}
fn st(kind: StmtKind) -> Stmt {
    Stmt::synth(kind)
}
fn expr_stmt(e: Expr) -> Stmt {
    st(StmtKind::Expr(e))
}
fn block(v: Vec<Stmt>) -> Stmt {
    st(StmtKind::Block(v))
}
fn param(name: &str, ty: Ty) -> Param {
    Param {
        name: Some(name.into()),
        ty,
        default: None,
        span: Span::default(),
    }
}
fn func(name: &str, ret: Ty, params: Vec<Param>, body: Option<Vec<Stmt>>) -> Function {
    Function {
        attrs: FnAttrs::default(),
        template: None,
        ret,
        name: name.into(),
        params,
        is_const_method: false,
        ctor_inits: vec![],
        body,
        span: Span::default(),
        name_span: Span::default(),
    }
}

// ------------------------------------------------------------------ types

#[test]
fn abstract_types() {
    assert_eq!(print_ty(&ptr(float().with_const(true))), "const float*");
    assert_eq!(print_ty(&ptr(ptr(float()))), "float**");
    assert_eq!(print_ty(&ptr(array(float(), "3"))), "float (*)[3]");
    assert_eq!(print_ty(&array(float(), "3")), "float[3]");
    let uint = Ty::new(TyKind::Int {
        kind: IntKind::Int,
        signed: Some(false),
    });
    assert_eq!(print_ty(&uint), "unsigned int");
    let ull = Ty::new(TyKind::Int {
        kind: IntKind::LongLong,
        signed: Some(false),
    });
    assert_eq!(print_ty(&ull), "unsigned long long");
    let schar = Ty::new(TyKind::Int {
        kind: IntKind::Char,
        signed: Some(true),
    });
    assert_eq!(print_ty(&schar), "signed char");
    let chr = Ty::new(TyKind::Int {
        kind: IntKind::Char,
        signed: None,
    });
    assert_eq!(print_ty(&chr), "char");
    assert_eq!(
        print_ty(&Ty::new(TyKind::LRef(Box::new(float().with_const(true))))),
        "const float&"
    );
}

#[test]
fn declarators() {
    assert_eq!(print_decl(&ptr(array(float(), "3")), "p"), "float (*p)[3]");
    let double = Ty::new(TyKind::Double);
    assert_eq!(
        print_decl(&array(array(double, "4"), "4"), "a"),
        "double a[4][4]"
    );
    assert_eq!(
        print_decl(&restrict_ptr(float()), "x"),
        "float* __restrict__ x"
    );
    assert_eq!(
        print_decl(&restrict_ptr(float().with_const(true)), "x"),
        "const float* __restrict__ x"
    );
    assert_eq!(
        print_decl(&ptr(float()).with_const(true), "p"),
        "float* const p"
    );
    assert_eq!(
        print_decl(&ptr(ptr(float()).with_const(true)), "p"),
        "float* const* p"
    );
    let arr_ref = Ty::new(TyKind::LRef(Box::new(array(float(), "3"))));
    assert_eq!(print_decl(&arr_ref, "a"), "float (&a)[3]");
    let unsized_arr = Ty::new(TyKind::Array {
        elem: Box::new(float()),
        len: None,
    });
    assert_eq!(print_decl(&unsized_arr, "s"), "float s[]");
    assert_eq!(print_decl(&array(ptr(float()), "2"), "ps"), "float* ps[2]");
}

#[test]
fn template_types_close_with_a_space() {
    let inner = named("B", vec![TemplateArg::Type(Ty::int())]);
    let outer = named(
        "A",
        vec![TemplateArg::Type(inner), TemplateArg::Expr(int("4"))],
    );
    assert_eq!(print_ty(&outer), "A<B<int>, 4>");
    let nested_last = named(
        "std::vector",
        vec![TemplateArg::Type(named(
            "X",
            vec![TemplateArg::Type(float())],
        ))],
    );
    assert_eq!(print_ty(&nested_last), "std::vector<X<float> >");
    let gt = named(
        "C",
        vec![TemplateArg::Expr(bin(BinOp::Gt, id("a"), id("b")))],
    );
    assert_eq!(print_ty(&gt), "C<(a > b)>");
}

// ------------------------------------------------------------------ expressions

#[test]
fn parentheses_come_from_precedence() {
    let sum = bin(BinOp::Add, id("a"), id("b"));
    assert_eq!(
        print_expr(&bin(BinOp::Mul, sum.clone(), id("c"))),
        "(a + b) * c"
    );
    assert_eq!(
        print_expr(&bin(BinOp::Add, id("c"), bin(BinOp::Mul, id("a"), id("b")))),
        "c + a * b"
    );
    // Left associativity: a - (b - c) keeps its parentheses, (a - b) - c does not need them.
    let ab = bin(BinOp::Sub, id("a"), id("b"));
    assert_eq!(
        print_expr(&bin(BinOp::Sub, ab.clone(), id("c"))),
        "a - b - c"
    );
    assert_eq!(print_expr(&bin(BinOp::Sub, id("c"), ab)), "c - (a - b)");
    assert_eq!(print_expr(&un(UnOp::Neg, sum.clone())), "-(a + b)");
    assert_eq!(print_expr(&index(id("x"), sum.clone())), "x[a + b]");
    assert_eq!(
        print_expr(&un(UnOp::Deref, un(UnOp::PostInc, id("p")))),
        "*p++"
    );
    assert_eq!(
        print_expr(&un(UnOp::PostInc, un(UnOp::Deref, id("p")))),
        "(*p)++"
    );
    assert_eq!(
        print_expr(&member(un(UnOp::Deref, id("p")), "x", false)),
        "(*p).x"
    );
    assert_eq!(
        print_expr(&member(index(id("a"), id("i")), "x", true)),
        "a[i]->x"
    );
    let c_cast = cast(CastKind::CStyle, float(), sum.clone());
    assert_eq!(print_expr(&c_cast), "(float)(a + b)");
    assert_eq!(
        print_expr(&member(c_cast, "x", false)),
        "((float)(a + b)).x"
    );
    assert_eq!(
        print_expr(&Expr::synth(ExprKind::SizeofExpr(Box::new(cast(
            CastKind::CStyle,
            float(),
            id("x")
        ))))),
        "sizeof ((float)x)"
    );
}

#[test]
fn assignment_and_conditional_associate_right() {
    let chain = assign(None, id("a"), assign(None, id("b"), id("c")));
    assert_eq!(print_expr(&chain), "a = b = c");
    let lhs_assign = assign(None, assign(None, id("a"), id("b")), id("c"));
    assert_eq!(print_expr(&lhs_assign), "(a = b) = c");
    let compound = assign(
        Some(BinOp::Add),
        index(id("d_x"), id("i")),
        bin(BinOp::Mul, id("a"), id("d_y")),
    );
    assert_eq!(print_expr(&compound), "d_x[i] += a * d_y");
    let nested = cond(id("p"), id("a"), cond(id("q"), id("b"), id("c")));
    assert_eq!(print_expr(&nested), "p ? a : q ? b : c");
    let cond_in_cond = cond(cond(id("p"), id("a"), id("b")), id("x"), id("y"));
    assert_eq!(print_expr(&cond_in_cond), "(p ? a : b) ? x : y");
    let in_sum = bin(BinOp::Add, cond(id("p"), int("1"), int("2")), id("x"));
    assert_eq!(print_expr(&in_sum), "(p ? 1 : 2) + x");
    let comma_arg = call("f", vec![bin(BinOp::Comma, id("a"), id("b")), id("c")]);
    assert_eq!(print_expr(&comma_arg), "f((a, b), c)");
}

#[test]
fn adjacent_operators_do_not_glue() {
    assert_eq!(
        print_expr(&bin(BinOp::Sub, id("a"), un(UnOp::Neg, id("b")))),
        "a - -b"
    );
    assert_eq!(
        print_expr(&bin(BinOp::Add, id("a"), un(UnOp::Plus, id("b")))),
        "a + +b"
    );
    assert_eq!(print_expr(&un(UnOp::Neg, un(UnOp::Neg, id("b")))), "- -b");
    assert_eq!(
        print_expr(&un(UnOp::Neg, un(UnOp::PreDec, id("b")))),
        "- --b"
    );
    assert_eq!(
        print_expr(&un(UnOp::Plus, un(UnOp::PreInc, id("b")))),
        "+ ++b"
    );
    assert_eq!(
        print_expr(&un(UnOp::AddrOf, un(UnOp::AddrOf, id("x")))),
        "& &x"
    );
    assert_eq!(print_expr(&un(UnOp::Neg, un(UnOp::Not, id("b")))), "-!b");
    assert_eq!(
        print_expr(&un(UnOp::Deref, un(UnOp::Deref, id("p")))),
        "**p"
    );
}

#[test]
fn literals_print_their_source_text() {
    assert_eq!(print_expr(&int("0x1Fu")), "0x1Fu");
    assert_eq!(print_expr(&flt("1.5e-3f")), "1.5e-3f");
    assert_eq!(
        print_expr(&Expr::synth(ExprKind::CharLit("'\\n'".into()))),
        "'\\n'"
    );
    assert_eq!(
        print_expr(&Expr::synth(ExprKind::StrLit("\"hi\"".into()))),
        "\"hi\""
    );
    assert_eq!(print_expr(&Expr::synth(ExprKind::BoolLit(true))), "true");
    assert_eq!(print_expr(&Expr::synth(ExprKind::Nullptr)), "nullptr");
}

#[test]
fn casts_calls_and_launches() {
    let sc = cast(
        CastKind::Static,
        named("A", vec![TemplateArg::Type(float())]),
        id("x"),
    );
    assert_eq!(print_expr(&sc), "static_cast<A<float> >(x)");
    assert_eq!(
        print_expr(&cast(CastKind::Reinterpret, ptr(float()), id("p"))),
        "reinterpret_cast<float*>(p)"
    );
    assert_eq!(
        print_expr(&cast(CastKind::Functional, float(), id("i"))),
        "float(i)"
    );
    let init = Expr::synth(ExprKind::InitList(vec![id("a"), id("b")]));
    assert_eq!(
        print_expr(&cast(CastKind::Functional, named("float2", vec![]), init)),
        "float2{a, b}"
    );
    // `unsigned int(x)` is not C++: fall back to a C cast.
    let uint = Ty::new(TyKind::Int {
        kind: IntKind::Int,
        signed: Some(false),
    });
    assert_eq!(
        print_expr(&cast(CastKind::Functional, uint, id("x"))),
        "(unsigned int)x"
    );
    let tcall = Expr::synth(ExprKind::Call {
        callee: Box::new(id("max")),
        template_args: vec![TemplateArg::Type(float())],
        args: vec![id("a"), id("b")],
    });
    assert_eq!(print_expr(&tcall), "max<float>(a, b)");
    let launch = Expr::synth(ExprKind::Launch {
        kernel: Box::new(id("k")),
        template_args: vec![TemplateArg::Expr(int("256"))],
        config: vec![
            bin(BinOp::Div, bin(BinOp::Add, id("n"), int("255")), int("256")),
            int("256"),
        ],
        args: vec![id("x"), id("n")],
    });
    assert_eq!(
        print_expr(&launch),
        "k<256><<<(n + 255) / 256, 256>>>(x, n)"
    );
    assert_eq!(
        print_expr(&Expr::synth(ExprKind::SizeofType(float()))),
        "sizeof(float)"
    );
    assert_eq!(print_expr(&paren(paren(id("x")))), "((x))");
}

// ------------------------------------------------------------------ statements

#[test]
fn if_else_chains() {
    let s = st(StmtKind::If {
        cond: bin(BinOp::Lt, id("i"), id("n")),
        then: Box::new(block(vec![expr_stmt(assign(None, id("y"), id("x")))])),
        els: Some(Box::new(st(StmtKind::If {
            cond: id("b"),
            then: Box::new(block(vec![st(StmtKind::Return(None))])),
            els: Some(Box::new(block(vec![st(StmtKind::Break)]))),
        }))),
    });
    let want = "    if (i < n) {\n        y = x;\n    } else if (b) {\n        return;\n    } else {\n        break;\n    }\n";
    assert_eq!(print_stmt(&s, 1), want);
}

#[test]
fn unbraced_bodies_stay_unbraced_except_for_dangling_else() {
    let plain = st(StmtKind::If {
        cond: id("c"),
        then: Box::new(expr_stmt(id("x"))),
        els: Some(Box::new(expr_stmt(id("y")))),
    });
    assert_eq!(print_stmt(&plain, 0), "if (c)\n    x;\nelse\n    y;\n");
    let inner = st(StmtKind::If {
        cond: id("b"),
        then: Box::new(expr_stmt(id("x"))),
        els: None,
    });
    let dangling = st(StmtKind::If {
        cond: id("a"),
        then: Box::new(inner),
        els: Some(Box::new(expr_stmt(id("y")))),
    });
    assert_eq!(
        print_stmt(&dangling, 0),
        "if (a) {\n    if (b)\n        x;\n} else\n    y;\n"
    );
}

#[test]
fn loops() {
    let init = st(StmtKind::Decl(decl(
        DeclSpecs::default(),
        vec![var("i", Ty::int(), Some(Init::Assign(int("0"))))],
    )));
    let f = st(StmtKind::For {
        init: Some(Box::new(init)),
        cond: Some(bin(BinOp::Lt, id("i"), id("n"))),
        step: Some(un(UnOp::PreInc, id("i"))),
        body: Box::new(block(vec![expr_stmt(assign(
            Some(BinOp::Add),
            id("s"),
            index(id("x"), id("i")),
        ))])),
    });
    assert_eq!(
        print_stmt(&f, 0),
        "for (int i = 0; i < n; ++i) {\n    s += x[i];\n}\n"
    );
    let forever = st(StmtKind::For {
        init: None,
        cond: None,
        step: None,
        body: Box::new(st(StmtKind::Empty)),
    });
    assert_eq!(print_stmt(&forever, 0), "for (;;)\n    ;\n");
    let dw = st(StmtKind::DoWhile {
        body: Box::new(block(vec![expr_stmt(un(UnOp::PostDec, id("n")))])),
        cond: id("n"),
    });
    assert_eq!(print_stmt(&dw, 0), "do {\n    n--;\n} while (n);\n");
    let w = st(StmtKind::While {
        cond: id("c"),
        body: Box::new(st(StmtKind::Continue)),
    });
    assert_eq!(print_stmt(&w, 1), "    while (c)\n        continue;\n");
}

#[test]
fn switch_and_pragma() {
    let sw = st(StmtKind::Switch {
        cond: id("k"),
        cases: vec![
            SwitchCase {
                label: Some(int("0")),
                body: vec![],
                span: Span::default(),
            },
            SwitchCase {
                label: Some(int("1")),
                body: vec![expr_stmt(id("f")), st(StmtKind::Break)],
                span: Span::default(),
            },
            SwitchCase {
                label: None,
                body: vec![st(StmtKind::Return(Some(int("0"))))],
                span: Span::default(),
            },
        ],
    });
    let want = "switch (k) {\n    case 0:\n    case 1:\n        f;\n        break;\n    default:\n        return 0;\n}\n";
    assert_eq!(print_stmt(&sw, 0), want);
    assert_eq!(
        print_stmt(&st(StmtKind::Pragma("#pragma unroll".into())), 1),
        "    #pragma unroll\n"
    );
    assert_eq!(
        print_stmt(&st(StmtKind::Pragma("unroll 4".into())), 0),
        "#pragma unroll 4\n"
    );
    let comment = st(StmtKind::Pragma("// adjoint of y = x".into()));
    assert_eq!(print_stmt(&comment, 2), "        // adjoint of y = x\n");
}

#[test]
fn declarations() {
    let specs = DeclSpecs {
        is_static: true,
        ..Default::default()
    };
    let d = decl(
        specs,
        vec![
            var(
                "a",
                float().with_const(true),
                Some(Init::Assign(flt("1.0f"))),
            ),
            var("b", ptr(float().with_const(true)), None),
            var(
                "c",
                array(float().with_const(true), "3"),
                Some(Init::Brace(vec![int("1"), int("2"), int("3")])),
            ),
        ],
    );
    assert_eq!(
        print_stmt(&st(StmtKind::Decl(d)), 0),
        "static const float a = 1.0f, *b, c[3]{1, 2, 3};\n"
    );
    let shared = DeclSpecs {
        is_extern: true,
        shared: true,
        ..Default::default()
    };
    let unsized_arr = Ty::new(TyKind::Array {
        elem: Box::new(float()),
        len: None,
    });
    let d = decl(shared, vec![var("s", unsized_arr, None)]);
    assert_eq!(
        print_stmt(&st(StmtKind::Decl(d)), 0),
        "extern __shared__ float s[];\n"
    );
    // Mixed base types (only from transformations) split into separate declarations.
    let d = decl(
        DeclSpecs::default(),
        vec![
            var("x", float(), None),
            var("i", Ty::int(), Some(Init::Paren(vec![int("0")]))),
        ],
    );
    assert_eq!(
        print_stmt(&st(StmtKind::Decl(d)), 1),
        "    float x;\n    int i(0);\n"
    );
}

// ------------------------------------------------------------------ items

#[test]
fn kernel_with_launch_bounds_and_prototype() {
    let mut k = func(
        "saxpy",
        Ty::new(TyKind::Void),
        vec![
            param("a", float()),
            param("x", restrict_ptr(float().with_const(true))),
            param("y", ptr(float())),
        ],
        Some(vec![expr_stmt(assign(
            Some(BinOp::Add),
            index(id("y"), id("i")),
            bin(BinOp::Mul, id("a"), index(id("x"), id("i"))),
        ))]),
    );
    k.attrs.global = true;
    k.attrs.extern_c = true;
    k.attrs.launch_bounds = Some(vec![int("256")]);
    let want = "extern \"C\" __global__ void __launch_bounds__(256) saxpy(float a, const float* __restrict__ x, float* y) {\n    y[i] += a * x[i];\n}\n";
    assert_eq!(print_function(&k), want);
    let mut proto = func("sq", ptr(float()), vec![param("x", float())], None);
    proto.attrs.host = true;
    proto.attrs.device = true;
    proto.attrs.forceinline = true;
    assert_eq!(
        print_function(&proto),
        "__host__ __device__ __forceinline__ float* sq(float x);\n"
    );
}

#[test]
fn templates() {
    let mut f = func(
        "get",
        named("T", vec![]),
        vec![param("p", ptr(named("T", vec![])).with_const(false))],
        Some(vec![st(StmtKind::Return(Some(index(id("p"), id("N")))))]),
    );
    f.template = Some(vec![
        TemplateParam {
            name: "T".into(),
            kind: TemplateParamKind::Type { default: None },
        },
        TemplateParam {
            name: "N".into(),
            kind: TemplateParamKind::Value {
                ty: Ty::int(),
                default: Some(int("4")),
            },
        },
    ]);
    f.attrs.device = true;
    let want = "template <typename T, int N = 4>\n__device__ T get(T* p) {\n    return p[N];\n}\n";
    assert_eq!(print_function(&f), want);
    f.template = Some(vec![]);
    assert!(print_function(&f).starts_with("template <>\n"));
}

#[test]
fn structs_with_members_methods_and_ctors() {
    let mut ctor = func(
        "Acc",
        Ty::new(TyKind::Void),
        vec![param("v", float())],
        Some(vec![]),
    );
    ctor.attrs.device = true;
    ctor.ctor_inits = vec![("sum".into(), vec![id("v")]), ("n".into(), vec![int("0")])];
    let mut get = func(
        "mean",
        float(),
        vec![],
        Some(vec![st(StmtKind::Return(Some(bin(
            BinOp::Div,
            id("sum"),
            id("n"),
        ))))]),
    );
    get.is_const_method = true;
    get.attrs.device = true;
    let s = StructDef {
        keyword: "struct".into(),
        name: Some("Acc".into()),
        template: None,
        bases: vec!["public Base".into()],
        members: Some(vec![
            Member::Field(decl(DeclSpecs::default(), vec![var("sum", float(), None)])),
            Member::Access("private".into()),
            Member::Field(decl(DeclSpecs::default(), vec![var("n", Ty::int(), None)])),
            Member::Access("public:".into()),
            Member::Method(ctor),
            Member::Method(get),
        ]),
        attributes: vec!["__align__(16)".into()],
        trailing: None,
        span: Span::default(),
    };
    let want = "struct __align__(16) Acc : public Base {\n    float sum;\nprivate:\n    int n;\npublic:\n    __device__ Acc(float v) : sum(v), n(0) {}\n    __device__ float mean() const {\n        return sum / n;\n    }\n};\n";
    assert_eq!(print_item(&Item::Struct(s)), want);
}

#[test]
fn typedef_struct_and_forward_declaration() {
    let trailing = decl(
        DeclSpecs {
            is_typedef: true,
            ..Default::default()
        },
        vec![var("P", named("P", vec![]), None)],
    );
    let s = StructDef {
        keyword: "struct".into(),
        name: None,
        template: None,
        bases: vec![],
        members: Some(vec![Member::Field(decl(
            DeclSpecs::default(),
            vec![var("x", float(), None), var("y", float(), None)],
        ))]),
        attributes: vec![],
        trailing: Some(trailing),
        span: Span::default(),
    };
    assert_eq!(
        print_item(&Item::Struct(s)),
        "typedef struct {\n    float x, y;\n} P;\n"
    );
    let fwd = StructDef {
        keyword: "class".into(),
        name: Some("C".into()),
        template: None,
        bases: vec![],
        members: None,
        attributes: vec![],
        trailing: None,
        span: Span::default(),
    };
    assert_eq!(print_item(&Item::Struct(fwd)), "class C;\n");
}

#[test]
fn enums_typedefs_usings_and_globals() {
    let e = EnumDef {
        name: Some("Mode".into()),
        scoped: true,
        underlying: Some(Ty::int()),
        variants: vec![("A".into(), None), ("B".into(), Some(int("2")))],
        span: Span::default(),
    };
    assert_eq!(
        print_item(&Item::Enum(e)),
        "enum class Mode : int {\n    A,\n    B = 2\n};\n"
    );
    let td = decl(
        DeclSpecs::default(),
        vec![var("vec3", array(float(), "3"), None)],
    );
    assert_eq!(print_item(&Item::Typedef(td)), "typedef float vec3[3];\n");
    let using = Item::Using {
        name: "real".into(),
        ty: Ty::new(TyKind::Double),
        span: Span::default(),
        template: None,
    };
    assert_eq!(print_item(&using), "using real = double;\n");
    let c = decl(
        DeclSpecs {
            constant: true,
            ..Default::default()
        },
        vec![var("coef", array(float(), "16"), None)],
    );
    assert_eq!(
        print_item(&Item::Global(c)),
        "__constant__ float coef[16];\n"
    );
    let dv = decl(
        DeclSpecs {
            device: true,
            ..Default::default()
        },
        vec![var("g", float(), Some(Init::Assign(flt("0.f"))))],
    );
    assert_eq!(print_item(&Item::Global(dv)), "__device__ float g = 0.f;\n");
}

#[test]
fn translation_unit_layout() {
    let f = func("f", Ty::new(TyKind::Void), vec![], Some(vec![]));
    let tu = TranslationUnit {
        items: vec![
            Item::Directive {
                text: "#include <cstdio>".into(),
                span: Span::default(),
            },
            Item::Directive {
                text: "#include <cuda_runtime.h>".into(),
                span: Span::default(),
            },
            Item::Namespace {
                name: Some("ns".into()),
                inline: false,
                items: vec![Item::Function(f.clone()), Item::Function(f.clone())],
                span: Span::default(),
            },
            Item::ExternC {
                items: vec![Item::Function(func("g", Ty::int(), vec![], None))],
                span: Span::default(),
            },
            Item::Opaque {
                text: "template <class T> struct W { T v; };".into(),
                span: Span::default(),
                reason: "x".into(),
            },
        ],
    };
    let want = "#include <cstdio>\n#include <cuda_runtime.h>\n\nnamespace ns {\nvoid f() {}\n\nvoid f() {}\n}  // namespace ns\n\nextern \"C\" {\nint g();\n}\n\ntemplate <class T> struct W { T v; };\n";
    assert_eq!(print_tu(&tu), want);
}

#[test]
fn strip_spans_clears_nested_locations() {
    let sp = Span::new(cuad_syntax::FileId(0), 3, 9);
    let e = Expr::new(
        ExprKind::Unary(
            UnOp::Neg,
            Box::new(Expr::new(ExprKind::Ident("x".into()), sp)),
        ),
        sp,
    );
    let mut f = func(
        "f",
        Ty::new(TyKind::Void),
        vec![],
        Some(vec![Stmt::new(StmtKind::Expr(e), sp)]),
    );
    f.span = sp;
    f.name_span = sp;
    let mut tu = TranslationUnit {
        items: vec![Item::Function(f)],
    };
    strip_spans(&mut tu);
    let clean = func(
        "f",
        Ty::new(TyKind::Void),
        vec![],
        Some(vec![expr_stmt(un(UnOp::Neg, id("x")))]),
    );
    assert_eq!(tu.items, vec![Item::Function(clean)]);
}

#[test]
fn statements_that_would_read_as_declarations_get_parentheses() {
    let stmt = |e: Expr| print_stmt(&expr_stmt(e), 0);
    let int_cast = cast(CastKind::Functional, Ty::int(), id("x"));
    assert_eq!(
        stmt(bin(BinOp::Add, int_cast.clone(), id("y"))),
        "(int(x) + y);\n"
    );
    let named_cast = cast(CastKind::Functional, named("Scan", vec![]), id("s"));
    let method = Expr::synth(ExprKind::Call {
        callee: Box::new(member(named_cast.clone(), "Sum", false)),
        template_args: vec![],
        args: vec![id("v")],
    });
    assert_eq!(stmt(method), "Scan(s).Sum(v);\n");
    assert_eq!(stmt(assign(None, named_cast, int("1"))), "(Scan(s) = 1);\n");
    assert_eq!(stmt(bin(BinOp::Mul, id("a"), id("b"))), "(a * b);\n");
    assert_eq!(
        stmt(assign(None, un(UnOp::Deref, id("a")), id("b"))),
        "*a = b;\n"
    );
    let targ = Expr::synth(ExprKind::Call {
        callee: Box::new(id("g")),
        template_args: vec![TemplateArg::Expr(int_cast)],
        args: vec![],
    });
    assert_eq!(print_expr(&targ), "g<(int(x))>()");
}

#[test]
fn tokens_that_would_merge_or_mislead_get_parentheses() {
    assert_eq!(print_expr(&member(flt("1.5f"), "x", false)), "(1.5f).x");
    assert_eq!(print_expr(&member(int("0x1e"), "x", true)), "(0x1e)->x");
    let lt = bin(BinOp::Lt, id("a"), id("b"));
    assert_eq!(
        print_expr(&bin(BinOp::Gt, lt.clone(), id("c"))),
        "(a < b) > c"
    );
    assert_eq!(
        print_expr(&bin(BinOp::Lt, lt.clone(), id("c"))),
        "a < b < c"
    );
    let targ = named("A", vec![TemplateArg::Expr(lt)]);
    assert_eq!(print_ty(&targ), "A<(a < b)>");
}

#[test]
fn for_init_mixing_base_types_is_hoisted_into_a_block() {
    let init = decl(
        DeclSpecs::default(),
        vec![
            var("i", Ty::int(), Some(Init::Assign(int("0")))),
            var("acc", float(), Some(Init::Assign(flt("0.f")))),
        ],
    );
    let f = st(StmtKind::For {
        init: Some(Box::new(st(StmtKind::Decl(init)))),
        cond: Some(bin(BinOp::Lt, id("i"), id("n"))),
        step: Some(un(UnOp::PostInc, id("i"))),
        body: Box::new(expr_stmt(assign(Some(BinOp::Add), id("acc"), id("i")))),
    });
    let want =
        "{\n    int i = 0;\n    float acc = 0.f;\n    for (; i < n; i++)\n        acc += i;\n}\n";
    assert_eq!(print_stmt(&f, 0), want);
}

#[test]
fn opaque_text_is_indented_by_brace_depth() {
    let text = "template <class T>\nT f(T x) {\nif (x) {\nreturn x;\n}\nreturn -x;\n}";
    let opaque = Item::Opaque {
        text: text.into(),
        span: Span::default(),
        reason: "test".into(),
    };
    let ns = Item::Namespace {
        name: Some("n".into()),
        inline: false,
        items: vec![opaque.clone()],
        span: Span::default(),
    };
    let want = "template <class T>\nT f(T x) {\n    if (x) {\n        return x;\n    }\n    return -x;\n}\n";
    assert_eq!(print_item(&opaque), want);
    assert_eq!(
        print_item(&ns),
        format!("namespace n {{\n{want}}}  // namespace n\n")
    );
    let raw = "const char* s = R\"(a\n  b)\";";
    let raw_item = Item::Opaque {
        text: raw.into(),
        span: Span::default(),
        reason: "test".into(),
    };
    assert_eq!(print_item(&raw_item), format!("{raw}\n"));
}

#[test]
fn decltype_return_types_print_trailing() {
    let t = named("T", vec![]);
    let ret = named("decltype(x * x)", vec![]);
    let mut f = func(
        "sq",
        ret,
        vec![param("x", t)],
        Some(vec![st(StmtKind::Return(Some(bin(
            BinOp::Mul,
            id("x"),
            id("x"),
        ))))]),
    );
    f.attrs.device = true;
    f.is_const_method = true;
    let want = "__device__ auto sq(T x) const -> decltype(x * x) {\n    return x * x;\n}\n";
    assert_eq!(print_function(&f), want);
}

#[test]
fn qualified_types_in_templates_get_typename() {
    let dependent = named("Traits::value_type", vec![]);
    let library = named("std::size_t", vec![]);
    let instantiated = named("std::vector<T>::iterator", vec![]);
    let body = vec![st(StmtKind::Decl(decl(
        DeclSpecs::default(),
        vec![var("it", instantiated, None)],
    )))];
    let mut f = func(
        "f",
        dependent.clone(),
        vec![param("n", library.clone())],
        Some(body),
    );
    let plain = print_function(&f);
    assert_eq!(
        plain,
        "Traits::value_type f(std::size_t n) {\n    std::vector<T>::iterator it;\n}\n"
    );
    f.template = Some(vec![TemplateParam {
        name: "Traits".into(),
        kind: TemplateParamKind::Type { default: None },
    }]);
    let want = "template <typename Traits>\ntypename Traits::value_type f(std::size_t n) {\n    typename std::vector<T>::iterator it;\n}\n";
    assert_eq!(print_function(&f), want);
    // The flag does not leak out of the template.
    assert_eq!(print_ty(&dependent), "Traits::value_type");
}
