//! Tests of the parser: AST shapes, precedence, declaration/expression disambiguation,
//! templates, kernel launches, island tolerance, error recovery and robustness.

use cuad_syntax::ast::*;
use cuad_syntax::parser;
use cuad_syntax::pp::{self, PpOptions};
use cuad_syntax::source::{Diagnostics, Severity, SourceMap};

// ------------------------------------------------------------------ helpers

/// Preprocesses and parses `src`; returns the unit, the diagnostics and the source map.
fn parse_full(src: &str) -> (TranslationUnit, Diagnostics, SourceMap) {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add("test.cu", src.to_string());
    let tokens = pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let tu = parser::parse(&tokens, &mut diags);
    (tu, diags, sm)
}

/// Parses `src`, requiring no diagnostic at all.
fn parse_ok(src: &str) -> TranslationUnit {
    let (tu, diags, sm) = parse_full(src);
    assert!(
        diags.list.is_empty(),
        "unexpected diagnostics:\n{}",
        diags.render(&sm)
    );
    tu
}

fn function<'a>(tu: &'a TranslationUnit, name: &str) -> &'a Function {
    fn find<'a>(items: &'a [Item], name: &str) -> Option<&'a Function> {
        items.iter().find_map(|item| match item {
            Item::Function(f) if f.name == name => Some(f),
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => find(items, name),
            _ => None,
        })
    }
    find(&tu.items, name).unwrap_or_else(|| panic!("no function `{name}` in {:#?}", tu.items))
}

/// Statements of `void f() { body }`.
fn body_of(prelude_and_body: (&str, &str)) -> Vec<Stmt> {
    let (prelude, body) = prelude_and_body;
    let tu = parse_ok(&format!("{prelude}\nvoid test_body() {{\n{body}\n}}\n"));
    function(&tu, "test_body").body.clone().expect("body")
}

fn stmts(body: &str) -> Vec<Stmt> {
    body_of(("", body))
}

/// The expression of the statement `src;` inside a function.
fn expr(src: &str) -> Expr {
    expr_with("", src)
}

fn expr_with(prelude: &str, src: &str) -> Expr {
    let body = body_of((prelude, &format!("{src};")));
    match body.into_iter().next().map(|s| s.kind) {
        Some(StmtKind::Expr(e)) => e,
        other => panic!("`{src}` is not an expression statement: {other:?}"),
    }
}

fn decl(stmt: &Stmt) -> &DeclStmt {
    match &stmt.kind {
        StmtKind::Decl(d) => d,
        other => panic!("not a declaration: {other:?}"),
    }
}

/// Compact prefix notation of a type: `const rptr(const float)`, `arr(arr(int; 3); 2)`.
fn ts(t: &Ty) -> String {
    let core = match &t.kind {
        TyKind::Void => "void".to_string(),
        TyKind::Bool => "bool".to_string(),
        TyKind::Int { kind, signed } => {
            let k = match kind {
                IntKind::Char => "char",
                IntKind::Short => "short",
                IntKind::Int => "int",
                IntKind::Long => "long",
                IntKind::LongLong => "long long",
            };
            match signed {
                None => k.to_string(),
                Some(true) if *kind != IntKind::Char => k.to_string(),
                Some(true) => format!("signed {k}"),
                Some(false) => format!("unsigned {k}"),
            }
        }
        TyKind::Half => "half".to_string(),
        TyKind::BFloat16 => "bfloat16".to_string(),
        TyKind::Float => "float".to_string(),
        TyKind::Double => "double".to_string(),
        TyKind::LongDouble => "long double".to_string(),
        TyKind::Named { name, args } if args.is_empty() => name.clone(),
        TyKind::Named { name, args } => {
            let a: Vec<String> = args.iter().map(targ).collect();
            format!("{name}<{}>", a.join(", "))
        }
        TyKind::Pointer { pointee, restrict } => {
            format!(
                "{}({})",
                if *restrict { "rptr" } else { "ptr" },
                ts(pointee)
            )
        }
        TyKind::LRef(t) => format!("ref({})", ts(t)),
        TyKind::RRef(t) => format!("rref({})", ts(t)),
        TyKind::Array { elem, len } => match len {
            Some(n) => format!("arr({}; {})", ts(elem), sx(n)),
            None => format!("arr({})", ts(elem)),
        },
        TyKind::Auto => "auto".to_string(),
        TyKind::Pack(t) => format!("pack({})", ts(t)),
        TyKind::Function { ret, params } => {
            let p: Vec<String> = params.iter().map(ts).collect();
            format!("fn({}; {})", ts(ret), p.join(", "))
        }
    };
    let mut out = String::new();
    if t.is_const {
        out.push_str("const ");
    }
    if t.is_volatile {
        out.push_str("volatile ");
    }
    out + &core
}

fn targ(a: &TemplateArg) -> String {
    match a {
        TemplateArg::Type(t) => ts(t),
        TemplateArg::Expr(e) => sx(e),
    }
}

fn list(items: &[Expr]) -> String {
    items.iter().map(sx).collect::<Vec<_>>().join(" ")
}

/// S-expression of an expression: `(+ a (* b c))`.
fn sx(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Ident(n) => n.clone(),
        ExprKind::IntLit(t)
        | ExprKind::FloatLit(t)
        | ExprKind::CharLit(t)
        | ExprKind::StrLit(t) => t.clone(),
        ExprKind::BoolLit(b) => b.to_string(),
        ExprKind::Nullptr => "nullptr".to_string(),
        ExprKind::Unary(op, x) => {
            let o = match op {
                UnOp::Neg => "-",
                UnOp::Plus => "+",
                UnOp::Not => "!",
                UnOp::BitNot => "~",
                UnOp::Deref => "*",
                UnOp::AddrOf => "&",
                UnOp::PreInc => "++pre",
                UnOp::PreDec => "--pre",
                UnOp::PostInc => "post++",
                UnOp::PostDec => "post--",
            };
            format!("({o} {})", sx(x))
        }
        ExprKind::Binary(op, a, b) => format!("({} {} {})", binop(*op), sx(a), sx(b)),
        ExprKind::Assign(op, a, b) => {
            let o = op
                .map(|o| format!("{}=", binop(o)))
                .unwrap_or_else(|| "=".to_string());
            format!("({o} {} {})", sx(a), sx(b))
        }
        ExprKind::Cond(c, a, b) => format!("(? {} {} {})", sx(c), sx(a), sx(b)),
        ExprKind::Cast { kind, ty, expr } => format!("(cast:{kind:?} {} {})", ts(ty), sx(expr)),
        ExprKind::SizeofType(t) => format!("(sizeof-type {})", ts(t)),
        ExprKind::SizeofExpr(x) => format!("(sizeof {})", sx(x)),
        ExprKind::Call {
            callee,
            template_args,
            args,
        } => {
            let t: Vec<String> = template_args.iter().map(targ).collect();
            let targs = if t.is_empty() {
                String::new()
            } else {
                format!("<{}>", t.join(", "))
            };
            format!("(call {}{targs} {})", sx(callee), list(args)).replace(" )", ")")
        }
        ExprKind::Launch {
            kernel,
            template_args,
            config,
            args,
        } => {
            let t: Vec<String> = template_args.iter().map(targ).collect();
            let targs = if t.is_empty() {
                String::new()
            } else {
                format!("<{}>", t.join(", "))
            };
            format!(
                "(launch {}{targs} [{}] {})",
                sx(kernel),
                list(config),
                list(args)
            )
            .replace(" )", ")")
        }
        ExprKind::Index(a, i) => format!("([] {} {})", sx(a), sx(i)),
        ExprKind::Member { base, field, arrow } => {
            format!("({} {} {field})", if *arrow { "->" } else { "." }, sx(base))
        }
        ExprKind::InitList(items) => format!("{{{}}}", list(items)),
        ExprKind::Lambda(l) => format!(
            "(lambda [{}] ({}) {} stmts)",
            l.default_capture.map(String::from).unwrap_or_default(),
            l.params.len(),
            l.body.len()
        ),
        ExprKind::Paren(x) => format!("(paren {})", sx(x)),
        ExprKind::PackExpansion(x) => format!("(... {})", sx(x)),
        ExprKind::Fold { op, lhs, rhs } => format!(
            "(fold {} {} {})",
            binop(*op),
            lhs.as_deref().map(sx).unwrap_or_else(|| "_".into()),
            rhs.as_deref().map(sx).unwrap_or_else(|| "_".into())
        ),
        ExprKind::SizeofPack(n) => format!("(sizeof... {n})"),
    }
}

fn binop(op: BinOp) -> &'static str {
    match op {
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
        BinOp::Lt => "<",
        BinOp::Gt => ">",
        BinOp::Le => "<=",
        BinOp::Ge => ">=",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::BitAnd => "&",
        BinOp::BitXor => "^",
        BinOp::BitOr => "|",
        BinOp::And => "&&",
        BinOp::Or => "||",
        BinOp::Comma => ",",
    }
}

/// Line and column (1-based) of a diagnostic.
fn line_col(sm: &SourceMap, d: &cuad_syntax::Diagnostic) -> (usize, usize) {
    sm.file(d.span.file).line_col(d.span.lo)
}

fn opaque_reasons(items: &[Item]) -> Vec<String> {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Opaque { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------ functions

#[test]
fn kernel_with_restrict_and_const_params() {
    let tu = parse_ok(
        "__global__ void k(float* __restrict__ x, const float* __restrict y, const int n) {}",
    );
    let f = function(&tu, "k");
    assert!(f.attrs.global && !f.attrs.device);
    let tys: Vec<String> = f.params.iter().map(|p| ts(&p.ty)).collect();
    assert_eq!(tys, ["rptr(float)", "rptr(const float)", "const int"]);
    let names: Vec<_> = f.params.iter().map(|p| p.name.clone().unwrap()).collect();
    assert_eq!(names, ["x", "y", "n"]);
    assert_eq!(f.body.as_deref(), Some(&[][..]));
}

#[test]
fn reference_to_array_params() {
    let tu = parse_ok(
        "template <int N> __device__ float f(const float (&a)[N], double (&b)[2][3], int (&&c)[4], float (&)[2]) { return a[0]; }",
    );
    let f = function(&tu, "f");
    let tys: Vec<String> = f.params.iter().map(|p| ts(&p.ty)).collect();
    assert_eq!(
        tys,
        [
            "ref(arr(const float; N))",
            "ref(arr(arr(double; 3); 2))",
            "rref(arr(int; 4))",
            "ref(arr(float; 2))"
        ]
    );
    let names: Vec<_> = f.params.iter().map(|p| p.name.clone()).collect();
    assert_eq!(
        names,
        [Some("a".into()), Some("b".into()), Some("c".into()), None]
    );
}

#[test]
fn pointer_to_array_declarators() {
    let tu = parse_ok(
        "__device__ double f(const double (*g)[4], double (* const h)[2][3], float (*)[2]) {\n\
             double (*a)[4] = (double (*)[4])(p + 1);\n\
             return sizeof(const double (*)[4]);\n\
         }",
    );
    let f = function(&tu, "f");
    let tys: Vec<String> = f.params.iter().map(|p| ts(&p.ty)).collect();
    assert_eq!(
        tys,
        [
            "ptr(arr(const double; 4))",
            "const ptr(arr(arr(double; 3); 2))",
            "ptr(arr(float; 2))"
        ]
    );
    let body = f.body.as_ref().unwrap();
    let a = &decl(&body[0]).vars[0];
    assert_eq!(
        (a.name.as_str(), ts(&a.ty).as_str()),
        ("a", "ptr(arr(double; 4))")
    );
    let Some(Init::Assign(init)) = &a.init else {
        panic!("{:?}", a.init)
    };
    assert_eq!(
        sx(init),
        "(cast:CStyle ptr(arr(double; 4)) (paren (+ p 1)))"
    );
}

#[test]
fn function_attributes() {
    let tu = parse_ok(
        "__host__ __device__ __forceinline__ static inline constexpr float f(float x) { return x; }\n\
         __device__ __noinline__ double g(double);\n\
         extern \"C\" __global__ void k(int* p);\n\
         __global__ void __launch_bounds__(256, 2) lb(float* x) {}\n\
         __attribute__((device)) void attr_dev(double* p) {}\n",
    );
    let f = function(&tu, "f");
    let a = &f.attrs;
    assert!(a.host && a.device && a.forceinline && a.is_static && a.inline && a.constexpr);
    let g = function(&tu, "g");
    assert!(g.attrs.device && g.attrs.noinline && g.body.is_none());
    assert_eq!(g.params[0].name, None);
    assert_eq!(ts(&g.params[0].ty), "double");
    let k = function(&tu, "k");
    assert!(k.attrs.extern_c && k.attrs.global && k.body.is_none());
    let lb = function(&tu, "lb");
    let bounds = lb.attrs.launch_bounds.as_ref().expect("launch bounds");
    assert_eq!(list_of(bounds), "256 2");
    assert!(function(&tu, "attr_dev").attrs.device);
}

fn list_of(items: &[Expr]) -> String {
    items.iter().map(sx).collect::<Vec<_>>().join(" ")
}

#[test]
fn void_params_defaults_and_return_types() {
    let tu = parse_ok(
        "int main(void) { return 0; }\n\
         float* alloc(size_t n, int align = 16, float scale = 1.0f);\n\
         const char** names(unsigned long long count, char* argv[]);\n",
    );
    assert!(function(&tu, "main").params.is_empty());
    let alloc = function(&tu, "alloc");
    assert_eq!(ts(&alloc.ret), "ptr(float)");
    assert_eq!(ts(&alloc.params[0].ty), "size_t");
    assert_eq!(
        alloc.params[1].default.as_ref().map(sx).as_deref(),
        Some("16")
    );
    assert_eq!(
        alloc.params[2].default.as_ref().map(sx).as_deref(),
        Some("1.0f")
    );
    let names = function(&tu, "names");
    assert_eq!(ts(&names.ret), "ptr(ptr(const char))");
    assert_eq!(ts(&names.params[0].ty), "unsigned long long");
    assert_eq!(ts(&names.params[1].ty), "arr(ptr(char))");
}

#[test]
fn function_template_params_and_scope() {
    let tu = parse_ok(
        "template <typename T, int N = 4, class U = float, unsigned M>\n\
         __device__ T scale(T x) { T y = x * N; U* p; return y; }",
    );
    let f = function(&tu, "scale");
    let params = f.template.as_ref().expect("template");
    assert_eq!(params.len(), 4);
    assert_eq!(
        params[0],
        TemplateParam {
            name: "T".into(),
            kind: TemplateParamKind::Type { default: None }
        }
    );
    match &params[1].kind {
        TemplateParamKind::Value { ty, default } => {
            assert_eq!(ts(ty), "int");
            assert_eq!(default.as_ref().map(sx).as_deref(), Some("4"));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&params[2].kind, TemplateParamKind::Type { default: Some(t) } if ts(t) == "float")
    );
    assert!(
        matches!(&params[3].kind, TemplateParamKind::Value { ty, default: None } if ts(ty) == "unsigned int")
    );
    let body = f.body.as_ref().unwrap();
    assert_eq!(ts(&decl(&body[0]).vars[0].ty), "T");
    assert_eq!(
        ts(&decl(&body[1]).vars[0].ty),
        "ptr(U)",
        "template type params are type names"
    );
    assert_eq!(ts(&f.ret), "T");
}

#[test]
fn function_pointer_template_params() {
    let tu = parse_ok(
        "template <float (*op)(float) = sq, float (&r)(float, int), double f(double)>\n\
         __device__ float app(float x) { return op(x) + (*op)(x); }\n\
         __global__ void k(float* y) { y[0] = app<sq, rr, g>(y[0]); }",
    );
    let f = function(&tu, "app");
    let params = f.template.as_ref().expect("template");
    let value = |i: usize| match &params[i].kind {
        TemplateParamKind::Value { ty, default } => (ts(ty), default.as_ref().map(sx)),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        value(0),
        ("ptr(fn(float; float))".into(), Some("sq".into()))
    );
    assert_eq!(value(1), ("ref(fn(float; float, int))".into(), None));
    assert_eq!(value(2), ("ptr(fn(double; double))".into(), None));
    let k = function(&tu, "k");
    let StmtKind::Expr(e) = &k.body.as_ref().unwrap()[0].kind else {
        panic!()
    };
    assert_eq!(sx(e), "(= ([] y 0) (call app<sq, rr, g> ([] y 0)))");
}

#[test]
fn opaque_function_templates_are_templates() {
    // Kept as text (a template template parameter), yet `app<sq>(x)` is a call of it, not
    // the comparisons `(app < sq) > (x)`.
    let (tu, _, _) = parse_full(
        "template <template <class> class W> __device__ __launch_bounds__(64) float app(float x);\n\
         __global__ void k(float* y) { y[0] = app<sq>(y[0]); }",
    );
    assert!(matches!(&tu.items[0], Item::Opaque { .. }));
    let k = function(&tu, "k");
    let StmtKind::Expr(e) = &k.body.as_ref().unwrap()[0].kind else {
        panic!()
    };
    assert_eq!(sx(e), "(= ([] y 0) (call app<sq> ([] y 0)))");
}

#[test]
fn variadic_templates_packs_expansions_and_folds() {
    let tu = parse_ok(
        "template <typename... Ts> __device__ float sum_all(Ts... vs) { return (vs + ...); }\n\
         template <class T, class... Rest>\n\
         __host__ __device__ T maxabs(T first, const Rest&... rest) {\n\
           float a[sizeof...(Rest) + 1] = {first, rest...};\n\
           g(2.0f * rest...);\n\
           bool ok = (... && (rest > 0));\n\
           float s = (1.0f * ... * rest);\n\
           float t = (rest - ... - 0.5f);\n\
           (h(rest), ...);\n\
           return sizeof...(rest) + maxabs(rest...);\n\
         }\n\
         template <typename... Ts> void fwd(Ts&&... vs, Ts...);\n",
    );
    let f = function(&tu, "sum_all");
    assert_eq!(
        f.template.as_ref().unwrap()[0],
        TemplateParam {
            name: "Ts".into(),
            kind: TemplateParamKind::TypePack
        }
    );
    assert_eq!(ts(&f.params[0].ty), "pack(Ts)");
    assert_eq!(f.params[0].name.as_deref(), Some("vs"));
    let StmtKind::Return(Some(r)) = &f.body.as_ref().unwrap()[0].kind else {
        panic!()
    };
    assert_eq!(sx(r), "(fold + vs _)");

    let m = function(&tu, "maxabs");
    let tp = m.template.as_ref().unwrap();
    assert!(matches!(tp[0].kind, TemplateParamKind::Type { .. }));
    assert!(matches!(tp[1].kind, TemplateParamKind::TypePack));
    assert_eq!(ts(&m.params[1].ty), "pack(ref(const Rest))");
    let body = m.body.as_ref().unwrap();
    let a = &decl(&body[0]).vars[0];
    assert_eq!(ts(&a.ty), "arr(float; (+ (sizeof... Rest) 1))");
    match &a.init {
        Some(Init::Assign(e)) => assert_eq!(sx(e), "{first (... rest)}"),
        other => panic!("{other:?}"),
    }
    let StmtKind::Expr(g) = &body[1].kind else {
        panic!()
    };
    assert_eq!(sx(g), "(call g (... (* 2.0f rest)))");
    let fold = |i: usize| match &decl(&body[i]).vars[0].init {
        Some(Init::Assign(e)) => sx(e),
        other => panic!("{other:?}"),
    };
    assert_eq!(fold(2), "(fold && _ (paren (> rest 0)))");
    assert_eq!(fold(3), "(fold * 1.0f rest)");
    assert_eq!(fold(4), "(fold - rest 0.5f)");
    let StmtKind::Expr(c) = &body[5].kind else {
        panic!()
    };
    assert_eq!(sx(c), "(fold , (call h rest) _)");
    let StmtKind::Return(Some(r)) = &body[6].kind else {
        panic!()
    };
    assert_eq!(sx(r), "(+ (sizeof... rest) (call maxabs (... rest)))");
    let fwd = function(&tu, "fwd");
    assert_eq!(ts(&fwd.params[0].ty), "pack(rref(Ts))");
    assert_eq!(fwd.params[1].name, None);
    assert_eq!(ts(&fwd.params[1].ty), "pack(Ts)");
}

#[test]
fn unsupported_variadic_forms_are_kept_as_written_with_a_reason() {
    let (tu, diags, sm) = parse_full(
        "template <int... Ns> __device__ int sum_n() { return (Ns + ...); }\n\
         template <typename... Us> __device__ float f(Us... us);\n\
         template <typename... Ts> __device__ float tup(Ts... vs) { return f<Ts...>(vs...); }\n\
         template <typename... Ts> __device__ float asg(Ts... vs) { float a; (a = ... = vs); return a; }\n\
         template <typename... Ts> __device__ float mixed(Ts... vs) { return (vs + ... - 1); }\n",
    );
    assert!(!diags.has_errors(), "{}", diags.render(&sm));
    let reasons = opaque_reasons(&tu.items);
    assert_eq!(reasons.len(), 4, "{reasons:?}");
    assert!(reasons[0].contains("packs of non-type template parameters"));
    assert!(
        reasons[1].contains("pack expansions in template argument lists"),
        "{reasons:?}"
    );
    assert!(reasons[2].contains("fold expressions over assignment operators"));
    assert!(reasons[3].contains("both operators of a binary fold expression"));
}

#[test]
fn explicit_template_arguments_in_calls() {
    let e = expr_with(
        "template <typename T, int N> __device__ T f(T x);",
        "f<float, 4>(x)",
    );
    assert_eq!(sx(&e), "(call f<float, 4> x)");
    assert_eq!(
        sx(&expr("std::max<float>(a, b)")),
        "(call std::max<float> a b)"
    );
    assert_eq!(sx(&expr("g<double>(y)")), "(call g<double> y)");
    assert_eq!(
        sx(&expr("a < b && c > (d)")),
        "(&& (< a b) (> c (paren d)))"
    );
    assert_eq!(sx(&expr("i < n")), "(< i n)");
    assert_eq!(sx(&expr("i < 10 && j > 2")), "(&& (< i 10) (> j 2))");
}

// ------------------------------------------------------------------ aggregates

#[test]
fn struct_with_fields_methods_ctor_and_access() {
    let tu = parse_ok(
        "struct __align__(16) Particle {\n\
         public:\n\
           float3 pos;\n\
           float mass, charge[2];\n\
           Particle* next;\n\
           __host__ __device__ Particle(float m) : mass(m), next{nullptr} {}\n\
           __device__ float energy() const { return mass * 2.0f; }\n\
           static int count;\n\
         private:\n\
           int id = 0;\n\
         };\n\
         Particle p;",
    );
    let Item::Struct(s) = &tu.items[0] else {
        panic!("{:?}", tu.items[0])
    };
    assert_eq!(s.keyword, "struct");
    assert_eq!(s.name.as_deref(), Some("Particle"));
    assert_eq!(s.attributes, ["__align__(16)"]);
    let members = s.members.as_ref().unwrap();
    assert!(matches!(&members[0], Member::Access(a) if a == "public"));
    let Member::Field(f) = &members[2] else {
        panic!()
    };
    assert_eq!(
        f.vars
            .iter()
            .map(|v| (v.name.as_str(), ts(&v.ty)))
            .collect::<Vec<_>>(),
        [
            ("mass", "float".to_string()),
            ("charge", "arr(float; 2)".to_string())
        ]
    );
    let Member::Field(next) = &members[3] else {
        panic!()
    };
    assert_eq!(ts(&next.vars[0].ty), "ptr(Particle)");
    let Member::Method(ctor) = &members[4] else {
        panic!("{:?}", members[4])
    };
    assert_eq!(ctor.name, "Particle");
    assert!(ctor.attrs.host && ctor.attrs.device);
    assert_eq!(ctor.ctor_inits.len(), 2);
    assert_eq!(ctor.ctor_inits[0].0, "mass");
    assert_eq!(list_of(&ctor.ctor_inits[1].1), "nullptr");
    let Member::Method(energy) = &members[5] else {
        panic!()
    };
    assert!(energy.is_const_method);
    assert_eq!(ts(&energy.ret), "float");
    let Member::Field(count) = &members[6] else {
        panic!()
    };
    assert!(count.specs.is_static);
    assert!(matches!(&members[7], Member::Access(a) if a == "private"));
    let Member::Field(id) = &members[8] else {
        panic!()
    };
    assert!(matches!(&id.vars[0].init, Some(Init::Assign(e)) if sx(e) == "0"));
    let Item::Global(g) = &tu.items[1] else {
        panic!()
    };
    assert_eq!(ts(&g.vars[0].ty), "Particle");
}

#[test]
fn classes_unions_bases_and_forward_declarations() {
    let tu = parse_ok(
        "struct Fwd;\nclass Base { int b; };\nclass D : public Base { public: int d; };\n\
         union U { int i; float f; };\nstruct Pair { int a; } p1, *p2;",
    );
    let Item::Struct(fwd) = &tu.items[0] else {
        panic!()
    };
    assert!(fwd.members.is_none());
    let Item::Struct(d) = &tu.items[2] else {
        panic!()
    };
    assert_eq!(d.keyword, "class");
    assert_eq!(d.bases, ["public Base"]);
    let Item::Struct(u) = &tu.items[3] else {
        panic!()
    };
    assert_eq!(u.keyword, "union");
    let Item::Struct(pair) = &tu.items[4] else {
        panic!()
    };
    let trailing = pair.trailing.as_ref().unwrap();
    assert_eq!(
        trailing.vars.iter().map(|v| ts(&v.ty)).collect::<Vec<_>>(),
        ["Pair", "ptr(Pair)"]
    );
}

#[test]
fn typedef_struct_and_typedefs() {
    let tu = parse_ok(
        "typedef struct { float x, y; } Vec2;\ntypedef float real;\ntypedef real vec3[3];\n\
         __device__ Vec2 add(Vec2 a) { Vec2 * p = &a; real r = p->x; return a; }",
    );
    let Item::Struct(s) = &tu.items[0] else {
        panic!()
    };
    assert!(s.name.is_none());
    let trailing = s.trailing.as_ref().unwrap();
    assert!(trailing.specs.is_typedef);
    assert_eq!(trailing.vars[0].name, "Vec2");
    assert_eq!(ts(&trailing.vars[0].ty), "Vec2");
    let Item::Typedef(t) = &tu.items[2] else {
        panic!()
    };
    assert_eq!(ts(&t.vars[0].ty), "arr(real; 3)");
    let body = function(&tu, "add").body.clone().unwrap();
    assert_eq!(
        ts(&decl(&body[0]).vars[0].ty),
        "ptr(Vec2)",
        "`Vec2 * p` is a declaration"
    );
    assert_eq!(ts(&decl(&body[1]).vars[0].ty), "real");
}

#[test]
fn enums_plain_scoped_and_typedef() {
    let tu = parse_ok(
        "enum Mode { A, B = 2, C = B << 1, };\nenum class Op : unsigned char { Add, Mul };\n\
         typedef enum { RED, GREEN } Color;\nColor c = RED;",
    );
    let Item::Enum(m) = &tu.items[0] else {
        panic!()
    };
    assert_eq!(m.name.as_deref(), Some("Mode"));
    assert!(!m.scoped);
    let v: Vec<_> = m
        .variants
        .iter()
        .map(|(n, e)| (n.as_str(), e.as_ref().map(sx)))
        .collect();
    assert_eq!(
        v,
        [
            ("A", None),
            ("B", Some("2".into())),
            ("C", Some("(<< B 1)".into()))
        ]
    );
    let Item::Enum(op) = &tu.items[1] else {
        panic!()
    };
    assert!(op.scoped);
    assert_eq!(
        op.underlying.as_ref().map(ts).as_deref(),
        Some("unsigned char")
    );
    let Item::Enum(color) = &tu.items[2] else {
        panic!()
    };
    assert_eq!(color.name.as_deref(), Some("Color"));
    assert!(matches!(&tu.items[3], Item::Global(g) if ts(&g.vars[0].ty) == "Color"));
}

#[test]
fn using_namespaces_and_extern_c() {
    let tu = parse_ok(
        "using real_t = double;\nusing namespace std;\nusing std::sin;\n\
         namespace outer { namespace inner { struct V { float x; }; } }\n\
         namespace a::b { __device__ float f(float x) { return x; } }\n\
         namespace { int hidden; }\n\
         extern \"C\" { void c_fn(int); int c_var; }\n\
         __device__ float g(outer::inner::V * v, real_t r) { outer::inner::V * w = v; return w->x; }",
    );
    assert!(
        matches!(&tu.items[0], Item::Using { name, ty, .. } if name == "real_t" && ts(ty) == "double")
    );
    assert!(
        matches!(&tu.items[1], Item::UsingDirective { text, .. } if text == "using namespace std;")
    );
    assert!(matches!(&tu.items[2], Item::UsingDirective { text, .. } if text == "using std::sin;"));
    let Item::Namespace { name, items, .. } = &tu.items[3] else {
        panic!()
    };
    assert_eq!(name.as_deref(), Some("outer"));
    assert!(matches!(&items[0], Item::Namespace { name: Some(n), .. } if n == "inner"));
    assert!(matches!(&tu.items[4], Item::Namespace { name: Some(n), .. } if n == "a::b"));
    assert!(matches!(&tu.items[5], Item::Namespace { name: None, .. }));
    let Item::ExternC { items, .. } = &tu.items[6] else {
        panic!()
    };
    assert_eq!(items.len(), 2);
    let g = function(&tu, "g");
    assert_eq!(ts(&g.params[0].ty), "ptr(outer::inner::V)");
    assert_eq!(
        ts(&decl(&g.body.as_ref().unwrap()[0]).vars[0].ty),
        "ptr(outer::inner::V)"
    );
    assert_eq!(function(&tu, "f").name, "f");
}

#[test]
fn globals_with_memory_spaces() {
    let tu = parse_ok(
        "__constant__ float coeffs[16];\n__device__ float g_sum = 0.0f;\n__managed__ int counter;\n\
         static const int N = 10, M = N * 2;\ndim3 grid(16, 16);\nextern int ext;",
    );
    let g = |i: usize| match &tu.items[i] {
        Item::Global(d) => d.clone(),
        other => panic!("{other:?}"),
    };
    assert!(g(0).specs.constant);
    assert_eq!(ts(&g(0).vars[0].ty), "arr(float; 16)");
    assert!(g(1).specs.device);
    assert!(matches!(&g(1).vars[0].init, Some(Init::Assign(e)) if sx(e) == "0.0f"));
    assert!(g(2).specs.managed);
    assert!(g(3).specs.is_static);
    assert_eq!(g(3).vars.len(), 2);
    assert_eq!(ts(&g(3).vars[1].ty), "const int");
    assert!(matches!(&g(4).vars[0].init, Some(Init::Paren(a)) if list_of(a) == "16 16"));
    assert!(g(5).specs.is_extern);
}

#[test]
fn out_of_line_methods_and_constructors() {
    let tu = parse_ok(
        "struct S { float v; S(float x); __device__ float get() const; };\n\
         S::S(float x) : v(x) {}\n__device__ float S::get() const { return v; }",
    );
    let ctor = function(&tu, "S::S");
    assert_eq!(ctor.ctor_inits[0].0, "v");
    let get = function(&tu, "S::get");
    assert!(get.is_const_method);
}

// ------------------------------------------------------------------ types in declarators

#[test]
fn declarator_shapes() {
    let body = stmts(
        "float a[2][3];\nfloat** pp;\nconst float* const cp = nullptr;\nfloat& r = a[0][0];\n\
         const float& cr = r;\nunsigned u;\nlong long ll;\nunsigned short us;\nsigned char sc;\n\
         char c;\nunsigned long int ul;\nlong double ld;\nsize_t n;\nfloat4 v4;\ndim3 b;\n\
         auto x = 1.0f;\nvolatile int vi;\nint volatile* const vp = 0;\nshort int si;\n\
         double2 d2;\nhalf h;\nbool flag;\nuint3 u3;",
    );
    let tys: Vec<String> = body.iter().map(|s| ts(&decl(s).vars[0].ty)).collect();
    assert_eq!(
        tys,
        [
            "arr(arr(float; 3); 2)",
            "ptr(ptr(float))",
            "const ptr(const float)",
            "ref(float)",
            "ref(const float)",
            "unsigned int",
            "long long",
            "unsigned short",
            "signed char",
            "char",
            "unsigned long",
            "long double",
            "size_t",
            "float4",
            "dim3",
            "auto",
            "volatile int",
            "const ptr(volatile int)",
            "short",
            "double2",
            "half",
            "bool",
            "uint3",
        ]
    );
}

#[test]
fn declarations_with_several_declarators_and_initializers() {
    let body =
        stmts("static const float a = 1, *b, c[3] = {1, 2, 3};\nint i{0}, j(5);\ndim3 grid(4, 2);");
    let d = decl(&body[0]);
    assert!(d.specs.is_static);
    let summary: Vec<(String, String)> =
        d.vars.iter().map(|v| (v.name.clone(), ts(&v.ty))).collect();
    assert_eq!(
        summary,
        [
            ("a".to_string(), "const float".to_string()),
            ("b".to_string(), "ptr(const float)".to_string()),
            ("c".to_string(), "arr(const float; 3)".to_string()),
        ]
    );
    assert!(matches!(&d.vars[2].init, Some(Init::Assign(e)) if sx(e) == "{1 2 3}"));
    let d = decl(&body[1]);
    assert!(matches!(&d.vars[0].init, Some(Init::Brace(v)) if list_of(v) == "0"));
    assert!(matches!(&d.vars[1].init, Some(Init::Paren(v)) if list_of(v) == "5"));
    assert!(matches!(&decl(&body[2]).vars[0].init, Some(Init::Paren(v)) if list_of(v) == "4 2"));
}

#[test]
fn shared_memory_declarations() {
    let body = stmts(
        "__shared__ float tile[16][16];\nextern __shared__ float dyn[];\n__shared__ int count;",
    );
    let d0 = decl(&body[0]);
    assert!(d0.specs.shared && !d0.specs.is_extern);
    let d1 = decl(&body[1]);
    assert!(d1.specs.shared && d1.specs.is_extern);
    assert_eq!(ts(&d1.vars[0].ty), "arr(float)");
    assert!(decl(&body[2]).specs.shared);
}

// ------------------------------------------------------------------ statements

#[test]
fn control_flow_statements() {
    let body = stmts(
        "{ int x = 1; }\n;\nif (a) b = 1; else if (c) b = 2; else { b = 3; }\n\
         for (int i = 0, j = 1; i < n; ++i, j++) s += i;\nfor (i = 0; ; ) break;\nfor (;;) {}\n\
         while (k > 0) k--;\ndo { k++; continue; } while (k < 10);\nreturn;",
    );
    assert!(matches!(&body[0].kind, StmtKind::Block(b) if b.len() == 1));
    assert!(matches!(body[1].kind, StmtKind::Empty));
    let StmtKind::If {
        cond,
        then,
        els: Some(els),
    } = &body[2].kind
    else {
        panic!("{:?}", body[2])
    };
    assert_eq!(sx(cond), "a");
    assert!(matches!(&then.kind, StmtKind::Expr(e) if sx(e) == "(= b 1)"));
    assert!(matches!(&els.kind, StmtKind::If { els: Some(_), .. }));
    let StmtKind::For {
        init: Some(init),
        cond: Some(c),
        step: Some(step),
        body: b,
    } = &body[3].kind
    else {
        panic!("{:?}", body[3])
    };
    assert_eq!(decl(init).vars.len(), 2);
    assert_eq!(sx(c), "(< i n)");
    assert_eq!(sx(step), "(, (++pre i) (post++ j))");
    assert!(matches!(&b.kind, StmtKind::Expr(e) if sx(e) == "(+= s i)"));
    let StmtKind::For {
        init: Some(init),
        cond: None,
        step: None,
        ..
    } = &body[4].kind
    else {
        panic!()
    };
    assert!(matches!(&init.kind, StmtKind::Expr(e) if sx(e) == "(= i 0)"));
    assert!(matches!(
        &body[5].kind,
        StmtKind::For {
            init: None,
            cond: None,
            step: None,
            ..
        }
    ));
    assert!(matches!(&body[6].kind, StmtKind::While { cond, .. } if sx(cond) == "(> k 0)"));
    let StmtKind::DoWhile { body: b, cond } = &body[7].kind else {
        panic!()
    };
    assert_eq!(sx(cond), "(< k 10)");
    assert!(matches!(&b.kind, StmtKind::Block(s) if matches!(s[1].kind, StmtKind::Continue)));
    assert!(matches!(body[8].kind, StmtKind::Return(None)));
}

#[test]
fn switch_cases_are_structured() {
    let body = stmts(
        "switch (op) {\ncase 0:\ncase 1: y = a; break;\ncase OP_MUL: { y = a * b; } break;\n\
         default: y = 0;\n}",
    );
    let StmtKind::Switch { cond, cases } = &body[0].kind else {
        panic!()
    };
    assert_eq!(sx(cond), "op");
    let labels: Vec<Option<String>> = cases.iter().map(|c| c.label.as_ref().map(sx)).collect();
    assert_eq!(
        labels,
        [
            Some("0".into()),
            Some("1".into()),
            Some("OP_MUL".into()),
            None
        ]
    );
    let sizes: Vec<usize> = cases.iter().map(|c| c.body.len()).collect();
    assert_eq!(sizes, [0, 2, 2, 1]);
    assert!(matches!(cases[1].body[1].kind, StmtKind::Break));
}

#[test]
fn pragmas_and_directives() {
    let tu = parse_ok(
        "#include <cstdio>\n#pragma once\n__global__ void k(float* x) {\n#pragma unroll 4\n\
         for (int i = 0; i < 4; i++) x[i] = 0;\n}\n",
    );
    assert!(matches!(&tu.items[0], Item::Directive { text, .. } if text == "#include <cstdio>"));
    let body = function(&tu, "k").body.clone().unwrap();
    assert!(matches!(&body[0].kind, StmtKind::Pragma(p) if p.contains("unroll 4")));
    assert!(matches!(&body[1].kind, StmtKind::For { .. }));
}

#[test]
fn pragma_in_a_loop_body_belongs_to_the_next_statement() {
    // `for (...) #pragma unroll for (...) s;`: the inner loop is the outer loop's body.
    let tu = parse_ok(
        "__global__ void k(float* x) {\n\
         for (int i = 0; i < 3; ++i)\n#pragma unroll\n  for (int j = 0; j < 3; ++j) x[i] += x[j];\n\
         if (x[0] > 0)\n#pragma unroll\n  for (int j = 0; j < 3; ++j) x[j] = 0;\n\
         else\n#pragma unroll\n  while (x[0] < 1) x[0] += 1;\n}\n",
    );
    let body = function(&tu, "k").body.clone().unwrap();
    assert_eq!(body.len(), 2);
    let pragma_then = |s: &Stmt, inner: fn(&StmtKind) -> bool| match &s.kind {
        StmtKind::Block(b) => {
            b.len() == 2 && matches!(&b[0].kind, StmtKind::Pragma(_)) && inner(&b[1].kind)
        }
        _ => false,
    };
    let StmtKind::For { body: outer, .. } = &body[0].kind else {
        panic!("{:?}", body[0].kind);
    };
    assert!(pragma_then(outer, |k| matches!(k, StmtKind::For { .. })));
    let StmtKind::If { then, els, .. } = &body[1].kind else {
        panic!("{:?}", body[1].kind);
    };
    assert!(pragma_then(then, |k| matches!(k, StmtKind::For { .. })));
    assert!(pragma_then(els.as_ref().unwrap(), |k| matches!(
        k,
        StmtKind::While { .. }
    )));
}

#[test]
fn return_values_and_local_typedefs() {
    let body =
        stmts("typedef float real;\nreal r = 1;\nusing idx = int;\nidx * ip = 0;\nreturn {1, 2};");
    assert!(decl(&body[0]).specs.is_typedef);
    assert_eq!(ts(&decl(&body[1]).vars[0].ty), "real");
    assert!(decl(&body[2]).specs.is_typedef);
    assert_eq!(ts(&decl(&body[3]).vars[0].ty), "ptr(idx)");
    assert!(matches!(&body[4].kind, StmtKind::Return(Some(e)) if sx(e) == "{1 2}"));
}

// ------------------------------------------------------------------ expressions

#[test]
fn operator_precedence_and_associativity() {
    let cases = [
        ("a + b * c", "(+ a (* b c))"),
        ("a * b + c", "(+ (* a b) c)"),
        ("a - b - c", "(- (- a b) c)"),
        ("a / b / c % d", "(% (/ (/ a b) c) d)"),
        ("a = b = c", "(= a (= b c))"),
        ("a += b *= 2", "(+= a (*= b 2))"),
        ("a ? b : c ? d : e", "(? a b (? c d e))"),
        ("x = c ? 1 : 2", "(= x (? c 1 2))"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a | b ^ c & d", "(| a (^ b (& c d)))"),
        ("a == b < c", "(== a (< b c))"),
        ("a << 1 + b", "(<< a (+ 1 b))"),
        ("a < b == c > d", "(== (< a b) (> c d))"),
        ("a >> 2 >= b", "(>= (>> a 2) b)"),
        ("a >>= 1", "(>>= a 1)"),
        ("-a * !b", "(* (- a) (! b))"),
        ("~a & *p", "(& (~ a) (* p))"),
        ("&x[i]", "(& ([] x i))"),
        ("*p++", "(* (post++ p))"),
        ("++*p", "(++pre (* p))"),
        ("--i", "(--pre i)"),
        ("- -x", "(- (- x))"),
        ("a.b->c[1].d", "(. ([] (-> (. a b) c) 1) d)"),
        ("(a + b) * c", "(* (paren (+ a b)) c)"),
        ("a, b = c", "(, a (= b c))"),
        ("i++ + ++j", "(+ (post++ i) (++pre j))"),
        ("a % b <= c != d", "(!= (<= (% a b) c) d)"),
        (
            "threadIdx.x + blockIdx.x * blockDim.x",
            "(+ (. threadIdx x) (* (. blockIdx x) (. blockDim x)))",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(sx(&expr(src)), want, "{src}");
    }
}

#[test]
fn literals_and_names() {
    let cases = [
        ("x = 0x1Fu", "(= x 0x1Fu)"),
        ("x = 1.5e-3f", "(= x 1.5e-3f)"),
        ("c = 'a'", "(= c 'a')"),
        ("s = \"ab\" \"cd\"", "(= s \"abcd\")"),
        ("b = true || false", "(= b (|| true false))"),
        ("p = nullptr", "(= p nullptr)"),
        ("p = NULL", "(= p NULL)"),
        ("y = std::sin(x)", "(= y (call std::sin x))"),
        ("y = ::abs(x)", "(= y (call ::abs x))"),
        ("y = a::b::c", "(= y a::b::c)"),
        (
            "m = std::numeric_limits<float>::max()",
            "(= m (call std::numeric_limits<float>::max))",
        ),
        ("this->x = 1", "(= (-> this x) 1)"),
    ];
    for (src, want) in cases {
        assert_eq!(sx(&expr(src)), want, "{src}");
    }
}

#[test]
fn casts() {
    let prelude = "typedef float real; struct Vec { float x; };";
    let cases = [
        ("y = (float)x", "(= y (cast:CStyle float x))"),
        ("y = (real)x * 2", "(= y (* (cast:CStyle real x) 2))"),
        (
            "y = (const float*)p",
            "(= y (cast:CStyle ptr(const float) p))",
        ),
        (
            "y = (unsigned long long)x",
            "(= y (cast:CStyle unsigned long long x))",
        ),
        ("y = (float)-x", "(= y (cast:CStyle float (- x)))"),
        ("y = (x) * 2", "(= y (* (paren x) 2))"),
        ("y = (x)(2)", "(= y (call (paren x) 2))"),
        ("y = float(x)", "(= y (cast:Functional float x))"),
        ("y = real(x) + 1", "(= y (+ (cast:Functional real x) 1))"),
        ("y = static_cast<int>(x)", "(= y (cast:Static int x))"),
        (
            "p = reinterpret_cast<float4*>(q)",
            "(= p (cast:Reinterpret ptr(float4) q))",
        ),
        (
            "p = const_cast<float*>(q)",
            "(= p (cast:Const ptr(float) q))",
        ),
        (
            "p = dynamic_cast<Vec*>(q)",
            "(= p (cast:Dynamic ptr(Vec) q))",
        ),
        ("n = sizeof(float) * k", "(= n (* (sizeof-type float) k))"),
        ("n = sizeof(Vec)", "(= n (sizeof-type Vec))"),
        ("n = sizeof x", "(= n (sizeof x))"),
        ("n = sizeof(x)", "(= n (sizeof (paren x)))"),
        ("n = sizeof(float*)", "(= n (sizeof-type ptr(float)))"),
        ("d = dim3(1, 2)", "(= d (cast:Functional dim3 (, 1 2)))"),
        (
            "v = float3{1, 2, 3}",
            "(= v (cast:Functional float3 {1 2 3}))",
        ),
        ("v = Vec{1.0f}", "(= v (cast:Functional Vec {1.0f}))"),
        ("v = float4()", "(= v (cast:Functional float4 {}))"),
        // C99 compound literals are the braced temporaries, qualifiers dropped, postfix kept.
        ("v = (Vec){1.0f}", "(= v (cast:Functional Vec {1.0f}))"),
        (
            "y = (const Vec){a, b}.x",
            "(= y (. (cast:Functional Vec {a b}) x))",
        ),
        (
            "y = (float){x} * 2",
            "(= y (* (cast:Functional float {x}) 2))",
        ),
        ("h = __half(x)", "(= h (cast:Functional half x))"),
        // A template from a header cuad does not read, braced: only a functional cast.
        (
            "r = cg::reduce(w, v, cg::plus<float>{})",
            "(= r (call cg::reduce w v (cast:Functional cg::plus<float> {})))",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(sx(&expr_with(prelude, src)), want, "{src}");
    }
}

#[test]
fn kernel_launches() {
    let prelude = "template <typename T> __global__ void tk(T* x);";
    let cases = [
        ("k<<<g, b>>>(x, n)", "(launch k [g b] x n)"),
        (
            "k<<<dim3(2, 2), 256, 0, stream>>>(x)",
            "(launch k [(cast:Functional dim3 (, 2 2)) 256 0 stream] x)",
        ),
        ("k<<<n >> 1, 32>>>()", "(launch k [(>> n 1) 32])"),
        (
            "k<<<(n + 255) / 256, 256, shm>>>(x)",
            "(launch k [(/ (paren (+ n 255)) 256) 256 shm] x)",
        ),
        ("tk<float><<<1, 2>>>(x)", "(launch tk<float> [1 2] x)"),
        ("ns::k<<<1, 1>>>(x)", "(launch ns::k [1 1] x)"),
    ];
    for (src, want) in cases {
        assert_eq!(sx(&expr_with(prelude, src)), want, "{src}");
    }
}

#[test]
fn nested_template_closers_are_split() {
    let prelude = "template <typename T> struct Box { T v; };\n\
                   template <typename T> __device__ T get(T x);";
    let body = body_of((
        prelude,
        "Box<Box<int>> b;\nBox<Box<Box<float>>> c;\nx = get<Box<int>>(y);\nz = a >> b;",
    ));
    let d = decl(&body[0]);
    assert_eq!(ts(&d.vars[0].ty), "Box<Box<int>>");
    assert_eq!(ts(&decl(&body[1]).vars[0].ty), "Box<Box<Box<float>>>");
    assert!(matches!(&body[2].kind, StmtKind::Expr(e) if sx(e) == "(= x (call get<Box<int>> y))"));
    assert!(matches!(&body[3].kind, StmtKind::Expr(e) if sx(e) == "(= z (>> a b))"));
}

// ------------------------------------------------------------------ disambiguation

#[test]
fn declaration_or_expression() {
    let prelude = "typedef float A;";
    let body = body_of((
        prelude,
        "A * b;\nint a = 2;\na * b;\nA c = 1;\nMyType d;\ncurandState *s = &st[i];\n\
         std::vector<float> v;\nf(x);\nx = y;\ncg::thread_block tb = cg::this_thread_block();\n\
         const Unknown& r = w;\nunsigned n = 0;\ncurandState* state;\nx * y + z;",
    ));
    assert_eq!(ts(&decl(&body[0]).vars[0].ty), "ptr(A)");
    let body: Vec<Stmt> = body.into_iter().skip(1).collect();
    assert!(
        matches!(&body[1].kind, StmtKind::Expr(e) if sx(e) == "(* a b)"),
        "a is a variable"
    );
    assert_eq!(ts(&decl(&body[2]).vars[0].ty), "A");
    assert_eq!(ts(&decl(&body[3]).vars[0].ty), "MyType");
    assert_eq!(ts(&decl(&body[4]).vars[0].ty), "ptr(curandState)");
    assert_eq!(ts(&decl(&body[5]).vars[0].ty), "std::vector<float>");
    assert!(matches!(&body[6].kind, StmtKind::Expr(_)));
    assert!(matches!(&body[7].kind, StmtKind::Expr(_)));
    assert_eq!(ts(&decl(&body[8]).vars[0].ty), "cg::thread_block");
    assert_eq!(ts(&decl(&body[9]).vars[0].ty), "ref(const Unknown)");
    assert_eq!(ts(&decl(&body[10]).vars[0].ty), "unsigned int");
    assert_eq!(ts(&decl(&body[11]).vars[0].ty), "ptr(curandState)");
    assert!(matches!(&body[12].kind, StmtKind::Expr(e) if sx(e) == "(+ (* x y) z)"));
}

#[test]
fn variables_named_like_types_shadow_them() {
    let body =
        stmts("int half = n / 2;\ns[tid] += s[tid + half];\nhalf = half * 2;\nx = (half) * 3;");
    assert_eq!(decl(&body[0]).vars[0].name, "half");
    assert!(
        matches!(&body[1].kind, StmtKind::Expr(e) if sx(e) == "(+= ([] s tid) ([] s (+ tid half)))")
    );
    assert!(matches!(&body[2].kind, StmtKind::Expr(e) if sx(e) == "(= half (* half 2))"));
    assert!(matches!(&body[3].kind, StmtKind::Expr(e) if sx(e) == "(= x (* (paren half) 3))"));
}

// ------------------------------------------------------------------ islands

#[test]
fn arithmetic_operator_functions_are_functions() {
    let src = r#"
struct V2 {
    float x, y;
    __device__ V2 operator*(float s) const { return {x * s, y * s}; }
};
__host__ __device__ inline V2 operator+(V2 a, V2 b) { return V2{a.x + b.x, a.y + b.y}; }
"#;
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty(), "{}", diags.render(&sm));
    let Item::Struct(s) = &tu.items[0] else {
        panic!("{:?}", tu.items[0])
    };
    let methods: Vec<&str> = s
        .members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Method(f) => Some(f.name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(methods, ["operator*"]);
    let Item::Function(f) = &tu.items[1] else {
        panic!("{:?}", tu.items[1])
    };
    assert_eq!(f.name, "operator+");
    assert_eq!(f.params.len(), 2);
}

#[test]
fn call_subscript_comparison_and_compound_operators_are_functions() {
    let src = r#"
struct Q {
    float c[4];
    __device__ float& operator[](int k) { return c[k]; }
    __device__ float operator()(float x) const { return c[0] * x; }
    __device__ Q& operator+=(const Q& o) { c[0] += o.c[0]; return *this; }
};
__host__ __device__ inline bool operator==(Q a, Q b) { return a.c[0] == b.c[0]; }
"#;
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty(), "{}", diags.render(&sm));
    let Item::Struct(s) = &tu.items[0] else {
        panic!("{:?}", tu.items[0])
    };
    let methods: Vec<&str> = s
        .members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Method(f) => Some(f.name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(methods, ["operator[]", "operator()", "operator+="]);
    let Item::Function(f) = &tu.items[1] else {
        panic!("{:?}", tu.items[1])
    };
    assert_eq!(f.name, "operator==");
}

#[test]
fn unmodelled_top_level_constructs_become_opaque_without_errors() {
    let src = r#"
template <typename T, int N>
class Matrix {
public:
    __host__ __device__ T& operator()(int i, int j) { return data[i * N + j]; }
    template <typename U> Matrix<U, N> cast() const;
    friend std::ostream& operator<<(std::ostream& os, const Matrix& m);
private:
    T data[N * N];
};
struct V2 { float x, y; };
__host__ __device__ inline V2 operator<<(V2 a, int b) { return a; }
template <> struct Matrix<float, 0> { __device__ float at() const { return 0.f; } };
[[vendor::layout(4)]] int attr_fn();
typedef void (*callback_t)(int);
__global__ void kernel(float* out, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Matrix<float, 2> m;
    callback_t cb = nullptr;
    if (i < n) out[i] = in[i] * 2.0f;
}
"#;
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty(), "{}", diags.render(&sm));
    let reasons = opaque_reasons(&tu.items);
    assert!(
        reasons.iter().any(|r| r.contains("operator")),
        "{reasons:?}"
    );
    assert!(
        reasons
            .iter()
            .any(|r| r.contains("attribute `[[vendor::layout]]`")),
        "{reasons:?}"
    );
    assert!(
        reasons.iter().any(|r| r.contains("function pointer")),
        "{reasons:?}"
    );
    let f = function(&tu, "kernel");
    assert!(f.attrs.global);
    let body = f.body.as_ref().unwrap();
    assert_eq!(ts(&decl(&body[1]).vars[0].ty), "Matrix<float, 2>");
    assert_eq!(
        ts(&decl(&body[2]).vars[0].ty),
        "callback_t",
        "opaque typedef names are types"
    );
    // An explicit specialization with methods is a struct named with its arguments.
    assert!(tu.items.iter().any(|i| matches!(i, Item::Struct(s)
        if s.name.as_deref() == Some("Matrix<float, 0>")
            && s.members.iter().flatten().any(|m| matches!(m, Member::Method(f) if f.name == "at")))));
    // The class template itself is modelled, its operator members are opaque members.
    let Item::Struct(m) = &tu.items[0] else {
        panic!("{:?}", tu.items[0])
    };
    assert!(m.template.is_some());
    let members = m.members.as_ref().unwrap();
    let opaque_members = members
        .iter()
        .filter(|m| matches!(m, Member::Item(i) if matches!(**i, Item::Opaque { .. })))
        .count();
    // the friend `operator<<`; `operator()` and the member template `cast` are methods now.
    assert_eq!(opaque_members, 1);
    assert!(members.iter().any(
        |m| matches!(m, Member::Method(f) if f.name == "cast" && f.template.as_ref().is_some_and(|t| t[0].name == "U"))
    ));
    assert!(members
        .iter()
        .any(|m| matches!(m, Member::Field(d) if d.vars[0].name == "data")));
}

#[test]
fn opaque_text_is_reconstructed_verbatim() {
    let src = "int x;\nnamespace q { int a = \n    x; } ; int z =;\nint y;\n";
    let (tu, diags, _) = parse_full(src);
    assert!(diags.list.is_empty());
    assert!(matches!(&tu.items[1], Item::Namespace { .. }));
    let Item::Opaque { text, span, .. } = &tu.items[2] else {
        panic!("{:?}", tu.items)
    };
    assert_eq!(text, "int z =;");
    assert_eq!(&src[span.lo as usize..span.hi as usize], "int z =;");
    assert!(matches!(&tu.items[3], Item::Global(g) if g.vars[0].name == "y"));
    let src = "struct V { int x; };\nV operator<<(V a, int b) {\n  V r = a;   // comment\n  int q[2] = {1, 2};\n  return r;\n}\nint w;";
    let (tu, _, _) = parse_full(src);
    let Item::Opaque { text, .. } = &tu.items[1] else {
        panic!("{:?}", tu.items)
    };
    assert_eq!(
        text,
        "V operator<<(V a, int b) {\nV r = a;\nint q[2] = {1, 2};\nreturn r;\n}"
    );
    assert!(matches!(&tu.items[2], Item::Global(g) if g.vars[0].name == "w"));
}

#[test]
fn opaque_skipping_respects_item_boundaries() {
    let src = "struct S { int a; } s1 = {1}, s2;\n\
               template <typename T> T id(T x) { return x ? x : T(); }\n\
               int arr[] = {1, 2, 3};\n\
               enum class E : short;\n\
               int after;";
    let (tu, diags, _) = parse_full(src);
    assert!(diags.list.is_empty());
    assert!(
        matches!(&tu.items[0], Item::Struct(s) if s.trailing.as_ref().unwrap().vars.len() == 2)
    );
    assert!(matches!(&tu.items[1], Item::Function(_)));
    assert!(matches!(&tu.items[2], Item::Global(_)));
    assert!(matches!(&tu.items[3], Item::Opaque { text, .. } if text == "enum class E : short;"));
    assert!(matches!(&tu.items[4], Item::Global(g) if g.vars[0].name == "after"));
    assert_eq!(tu.items.len(), 5);
    // Skipping an item that fails in the middle of a brace initializer.
    let (tu, _, _) = parse_full("int bad[] = {1, [2] = 3};\nstruct W { int q; } w;\nint z;");
    assert!(matches!(&tu.items[0], Item::Opaque { .. }));
    assert!(matches!(&tu.items[1], Item::Struct(_)));
    assert!(matches!(&tu.items[2], Item::Global(g) if g.vars[0].name == "z"));
}

#[test]
fn unsupported_constructs_in_bodies_warn_at_the_construct() {
    let src = "void host_fn(float* x) {\n  auto f = [this](float v) { return v; };\n}\n\
               void ex() {\n  try { g(); } catch (...) {}\n}\n\
               void thrower() { throw 1; }\n\
               void jumps() {\n  goto end;\nend:\n  return;\n}\n\
               __global__ void ok(float* x) { x[0] = 1; }\n\
               void arr() { const float* p = (float[]){1, 2}; }\n";
    let (tu, diags, sm) = parse_full(src);
    assert!(!diags.has_errors(), "{}", diags.render(&sm));
    let found: Vec<(usize, usize, String)> = diags
        .list
        .iter()
        .map(|d| {
            assert_eq!(d.severity, Severity::Warning);
            let (l, c) = line_col(&sm, d);
            (l, c, d.message.clone())
        })
        .collect();
    let expect = [
        (2, 13, "lambdas capturing `this` are not supported by cuad"),
        (5, 3, "exceptions (`try`/`catch`) are not supported by cuad"),
        (7, 18, "exceptions (`throw`) are not supported by cuad"),
        (9, 3, "`goto` is not supported by cuad"),
        (10, 1, "labels are not supported by cuad"),
        (14, 40, "array compound literals are not supported by cuad"),
    ];
    for (l, c, m) in expect {
        assert!(
            found.contains(&(l, c, m.to_string())),
            "missing {l}:{c} {m} in {found:?}"
        );
    }
    assert_eq!(opaque_reasons(&tu.items).len(), 5);
    assert!(function(&tu, "ok").attrs.global);
}

// ------------------------------------------------------------------ recovery

#[test]
fn syntax_errors_in_bodies_give_several_located_diagnostics() {
    let src = "__global__ void k(float* x, int n) {\n  int i = threadIdx.x;\n  x[i] = 2 *;\n  if (i < n { x[i] = 0; }\n  float z = 1\n}\n__device__ float fine(float a) { return a * a; }\nvoid more() { y = (1 + ; }\n";
    let (tu, diags, sm) = parse_full(src);
    let found: Vec<(usize, usize, String)> = diags
        .list
        .iter()
        .map(|d| {
            let (l, c) = line_col(&sm, d);
            (l, c, d.message.clone())
        })
        .collect();
    let expected = [
        (3, 13, "expected expression"),
        (4, 13, "expected `)` after `if` condition"),
        (6, 1, "expected `;` after declaration"),
        (8, 24, "expected expression"),
    ];
    let expected: Vec<(usize, usize, String)> = expected
        .iter()
        .map(|(l, c, m)| (*l, *c, m.to_string()))
        .collect();
    assert_eq!(found, expected);
    let rendered = diags.render(&sm);
    assert!(
        rendered.contains("test.cu:6:1: warning: expected `;` after declaration"),
        "{rendered}"
    );
    assert!(matches!(&tu.items[0], Item::Opaque { reason, .. } if reason == "expected expression"));
    assert_eq!(function(&tu, "fine").params.len(), 1);
    assert!(matches!(&tu.items[2], Item::Opaque { .. }));
}

#[test]
fn launch_configuration_errors() {
    let (tu, diags, sm) =
        parse_full("void h() { k<<<1>>>(x); k<<<1, 2, 3, 4, 5>>>(x); k<<<1, 2>>(x); }");
    let msgs: Vec<String> = diags.list.iter().map(|d| d.message.clone()).collect();
    assert!(
        msgs.iter()
            .any(|m| m.contains("2 to 4 configuration arguments, found 1")),
        "{msgs:?}"
    );
    assert!(msgs.iter().any(|m| m.contains("found 5")), "{msgs:?}");
    assert!(
        msgs.iter().any(|m| m.contains("expected `>>>`")),
        "{msgs:?}"
    );
    assert_eq!(line_col(&sm, &diags.list[0]), (1, 13));
    assert!(matches!(&tu.items[0], Item::Opaque { .. }));
}

#[test]
fn deep_nesting_is_diagnosed_not_overflowed() {
    let depth = 2000;
    let src = format!(
        "void f() {{ x = {}1{}; }}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let (tu, diags, _) = parse_full(&src);
    assert!(diags
        .list
        .iter()
        .any(|d| d.message.contains("nesting too deep")));
    assert!(matches!(&tu.items[0], Item::Opaque { .. }));
    let src = format!(
        "void g() {{ {}x = 1;{} }}",
        "{".repeat(depth),
        "}".repeat(depth)
    );
    let (tu, diags, _) = parse_full(&src);
    assert!(diags
        .list
        .iter()
        .any(|d| d.message.contains("nesting too deep")));
    assert_eq!(tu.items.len(), 1);
    let src = format!("int y = {}1;", "-".repeat(depth));
    let (tu, _, _) = parse_full(&src);
    assert!(matches!(&tu.items[0], Item::Opaque { .. }));
}

#[test]
fn random_token_soup_never_panics() {
    let vocab = [
        "int",
        "float",
        "x",
        "y",
        "T",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "<",
        ">",
        ">>",
        "<<<",
        ">>>",
        ";",
        ",",
        "=",
        "+",
        "*",
        "&",
        "::",
        "template",
        "typename",
        "struct",
        "class",
        "enum",
        "namespace",
        "using",
        "typedef",
        "if",
        "else",
        "for",
        "while",
        "do",
        "switch",
        "case",
        "default",
        ":",
        "?",
        "return",
        "1",
        "2.0f",
        "\"s\"",
        "'c'",
        "__global__",
        "__shared__",
        "extern",
        "\"C\"",
        "const",
        "static_cast",
        "sizeof",
        "operator",
        "~",
        "!",
        "->",
        ".",
        "...",
        "#pragma unroll\n",
        "__launch_bounds__",
        "public",
        "&&",
        "||",
        "-",
        "++",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300 {
        let len = (next() % 200) as usize;
        let mut src = String::new();
        for _ in 0..len {
            src.push_str(vocab[(next() % vocab.len() as u64) as usize]);
            src.push(if next() % 7 == 0 { '\n' } else { ' ' });
        }
        let (tu, _, _) = parse_full(&src);
        let _ = tu.items.len();
    }
}

#[test]
fn large_file_parses_quickly() {
    let kernel = "__global__ void k{N}(float* __restrict__ out, const float* in, int n) {\n\
                  int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
                  if (i < n) {\n  float v = in[i];\n  out[i] = v * v + 2.0f * v - (float)i;\n }\n\
                  for (int j = 0; j < 4; ++j) { out[i] += sinf(in[j]); }\n}\n";
    let src: String = (0..2500)
        .map(|n| kernel.replace("{N}", &n.to_string()))
        .collect();
    assert!(src.lines().count() >= 20_000);
    let src = src.to_string();
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add("big.cu", src);
    let tokens = pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let mut timings = Vec::new();
    let mut tu = TranslationUnit::default();
    for _ in 0..3 {
        let start = std::time::Instant::now();
        let parsed = parser::parse(&tokens, &mut diags);
        timings.push(start.elapsed());
        tu = parsed;
    }
    let elapsed = timings.iter().min().copied().unwrap_or_default();
    eprintln!("parsed {} tokens in {elapsed:?}", tokens.len());
    assert!(diags.list.is_empty());
    assert_eq!(tu.items.len(), 2500);
    // Generous bound for unoptimized test builds; release builds take a few milliseconds.
    assert!(elapsed.as_secs_f64() < 5.0, "took {elapsed:?}");
}

#[test]
fn realistic_program_parses_cleanly() {
    let src = r#"
#include <cstdio>
#include <cub/cub.cuh>
#define N 1024
using Real = float;
template <typename T> struct Vec { T x, y; __host__ __device__ T dot(const Vec& o) const { return x * o.x + y * o.y; } };
template <typename T> T Vec<T>::norm() const { return x; }
template <int BLOCK>
__global__ void reduce(const float* __restrict__ in, float* out, int n) {
  typedef cub::BlockReduce<float, BLOCK> BR;
  __shared__ typename BR::TempStorage temp;
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  float agg = BR(temp).Sum(v);
  if (threadIdx.x == 0) atomicAdd(&out[0], agg);
  const float4 q = reinterpret_cast<const float4*>(in)[threadIdx.x];
}
int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  std::vector<float> h(n, 1.0f);
  float *d_x = nullptr, *d_out;
  cudaMalloc((void**)&d_x, n * sizeof(float));
  dim3 block(256), grid((n + 255) / 256);
  reduce<256><<<grid, block>>>(d_x, d_out, n);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) { fprintf(stderr, "error: %s\n", cudaGetErrorString(err)); return 1; }
  return 0;
}
"#;
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty(), "{}", diags.render(&sm));
    assert_eq!(
        opaque_reasons(&tu.items),
        ["out-of-line members of class templates are not modelled"]
    );
    let reduce = function(&tu, "reduce").body.clone().unwrap();
    assert!(decl(&reduce[0]).specs.is_typedef);
    assert_eq!(
        ts(&decl(&reduce[0]).vars[0].ty),
        "cub::BlockReduce<float, BLOCK>"
    );
    assert_eq!(ts(&decl(&reduce[1]).vars[0].ty), "BR::TempStorage");
    let agg = &decl(&reduce[4]).vars[0];
    assert!(
        matches!(&agg.init, Some(Init::Assign(e)) if sx(e) == "(call (. (cast:Functional BR temp) Sum) v)")
    );
    let q = &decl(&reduce[6]).vars[0];
    assert!(
        matches!(&q.init, Some(Init::Assign(e)) if sx(e) == "([] (cast:Reinterpret ptr(const float4) in) (. threadIdx x))")
    );
    let main = function(&tu, "main").body.clone().unwrap();
    assert!(matches!(&main[3].kind, StmtKind::Expr(e)
        if sx(e) == "(call cudaMalloc (cast:CStyle ptr(ptr(void)) (& d_x)) (* n (sizeof-type float)))"));
    assert_eq!(decl(&main[4]).vars.len(), 2);
    assert!(
        matches!(&main[5].kind, StmtKind::Expr(e) if sx(e) == "(launch reduce<256> [grid block] d_x d_out n)")
    );
}

#[test]
fn spans_cover_the_source_text() {
    let src =
        "int g;\ntemplate <typename T>\n__device__ T sq(T x) { return x * x; }\nint h = g + 1;\n";
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty());
    let f = function(&tu, "sq");
    assert_eq!(
        sm.snippet(f.span),
        "template <typename T>\n__device__ T sq(T x) { return x * x; }"
    );
    assert_eq!(sm.snippet(f.name_span), "sq");
    assert_eq!(sm.snippet(f.params[0].span), "T x");
    let body = f.body.as_ref().unwrap();
    assert_eq!(sm.snippet(body[0].span), "return x * x;");
    let StmtKind::Return(Some(e)) = &body[0].kind else {
        panic!()
    };
    assert_eq!(sm.snippet(e.span), "x * x");
    let Item::Global(h) = &tu.items[2] else {
        panic!()
    };
    assert_eq!(sm.snippet(h.span), "int h = g + 1;");
    assert_eq!(sm.snippet(h.vars[0].span), "h = g + 1");
}

#[test]
fn modern_cxx_that_needs_no_ast_node() {
    let src = "namespace cg = cooperative_groups;\nstatic_assert(sizeof(int) == 4, \"int\");\n\
               struct Flags { static_assert(true, \"\"); unsigned a : 1; unsigned level : 24; };\n\
               template <typename T> __device__ auto mag(T x) -> decltype(x * x) { decltype(x) y = x; return y * y; }";
    let tu = parse_ok(src);
    assert!(
        matches!(&tu.items[0], Item::UsingDirective { text, .. } if text == "namespace cg = cooperative_groups;")
    );
    let Item::Struct(flags) = &tu.items[1] else {
        panic!("static_assert is dropped: {:?}", tu.items)
    };
    let fields: Vec<(String, String)> = flags
        .members
        .iter()
        .flatten()
        .map(|m| match m {
            Member::Field(d) => (d.vars[0].name.clone(), ts(&d.vars[0].ty)),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        fields,
        [
            ("a".to_string(), "unsigned int".to_string()),
            ("level".to_string(), "unsigned int".to_string())
        ]
    );
    let mag = function(&tu, "mag");
    assert_eq!(ts(&mag.ret), "decltype(x * x)");
    assert_eq!(
        ts(&decl(&mag.body.as_ref().unwrap()[0]).vars[0].ty),
        "decltype(x)"
    );
    // `if constexpr` is an `if` (instantiation folds its constant condition).
    let (tu, diags, _) = parse_full("template <int N> __device__ float p(float x) { if constexpr (N == 0) return x; return 0; }");
    assert!(diags.list.is_empty());
    let p = function(&tu, "p");
    assert!(matches!(
        p.body.as_ref().unwrap()[0].kind,
        StmtKind::If { .. }
    ));
}

#[test]
fn lambdas_parse_with_captures_parameters_and_return_types() {
    let src = "__global__ void k(float* y, float a) {\n  auto f = [&, a](float v, int k) -> float { return a * v; };\n  auto g = [=] __device__ () { return a; };\n  y[0] = f(1.0f, 2) + g();\n}\n";
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty(), "{}", diags.render(&sm));
    let body = function(&tu, "k").body.as_ref().unwrap();
    let lambda = |s: &Stmt| match &decl(s).vars[0].init {
        Some(Init::Assign(Expr {
            kind: ExprKind::Lambda(l),
            ..
        })) => (**l).clone(),
        other => panic!("{other:?}"),
    };
    let f = lambda(&body[0]);
    assert_eq!(f.default_capture, Some('&'));
    assert_eq!(f.captures, vec![("a".to_string(), false)]);
    assert_eq!(f.params.len(), 2);
    assert_eq!(ts(f.ret.as_ref().unwrap()), "float");
    assert_eq!(f.body.len(), 1);
    let g = lambda(&body[1]);
    assert_eq!(g.default_capture, Some('='));
    assert!(g.params.is_empty() && g.ret.is_none());
    assert!(g.device && !g.host && !f.device && !f.host);
}

#[test]
fn friend_functions_defined_in_structs_are_functions_of_the_namespace() {
    let src = r#"
namespace geo {
struct V { float x; friend class W; friend __device__ V operator+(V a, V b) { return V{a.x + b.x}; } friend float dot(V, V); };
}
"#;
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty(), "{}", diags.render(&sm));
    let Item::Namespace { items, .. } = &tu.items[0] else {
        panic!("{:?}", tu.items[0])
    };
    let Item::Struct(s) = &items[0] else {
        panic!("{:?}", items[0])
    };
    let members = s.members.as_ref().unwrap();
    assert_eq!(members.len(), 1, "{members:?}");
    let names: Vec<(&str, bool)> = items[1..]
        .iter()
        .map(|i| match i {
            Item::Function(f) => (f.name.as_str(), f.body.is_some()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(names, [("operator+", true), ("dot", false)]);
}

#[test]
fn new_and_delete_of_plain_types_read_as_malloc_and_free() {
    let src = "void f(int n) { float* a = new float[n + 1]; double* s = new double; delete[] a; delete s; }\n\
               struct S { S(); }; void g() { S* p = new S[2]; }\n";
    let (tu, diags, sm) = parse_full(src);
    // constructors would not run: `g` is kept as written, with a warning
    let rendered = diags.render(&sm);
    assert_eq!(diags.list.len(), 1, "{rendered}");
    assert!(
        rendered.contains("2:46: warning: `new` with constructors"),
        "{rendered}"
    );
    let f = function(&tu, "f");
    let body = f.body.as_ref().unwrap();
    let callee = |e: &Expr| match &e.kind {
        ExprKind::Call { callee, .. } => match &callee.kind {
            ExprKind::Ident(n) => n.clone(),
            _ => String::new(),
        },
        _ => String::new(),
    };
    for s in &body[..2] {
        let Some(Init::Assign(e)) = &decl(s).vars[0].init else {
            panic!("{s:?}")
        };
        let ExprKind::Cast { ty, expr, .. } = &e.kind else {
            panic!("{e:?}")
        };
        assert!(matches!(ty.kind, TyKind::Pointer { .. }), "{ty:?}");
        assert_eq!(callee(expr), "malloc");
    }
    for s in &body[2..] {
        let StmtKind::Expr(e) = &s.kind else {
            panic!("{s:?}")
        };
        assert_eq!(callee(e), "free");
    }
    assert!(!tu
        .items
        .iter()
        .any(|i| matches!(i, Item::Function(g) if g.name == "g")));
}

// ------------------------------------------------------------------ structured bindings

fn bindings(stmt: &Stmt) -> &BindingDecl {
    match &stmt.kind {
        StmtKind::Bindings(b) => b,
        other => panic!("not a structured binding: {other:?}"),
    }
}

#[test]
fn structured_bindings_by_value_and_by_reference() {
    let body = stmts(
        "auto [p, q] = split(x[i]);\n\
         const auto [a, b, c] = v;\n\
         auto& [x0, x1] = s[i];\n\
         const auto& [lo, hi] = range(k);\n\
         auto&& [m, n] = s[j];\n\
         auto const& [u] = one;\n\
         auto [r, t]{pair};\n\
         auto [e0, e1](arr);",
    );
    assert_eq!(body.len(), 8);
    let shapes: Vec<(String, Vec<String>, String)> = body
        .iter()
        .map(|s| {
            let b = bindings(s);
            (ts(&b.ty), b.names.clone(), sx(&b.init))
        })
        .collect();
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(shapes[0].1, names(&["p", "q"]));
    assert_eq!(shapes[0].0, "auto");
    assert_eq!(shapes[0].2, sx(&expr("split(x[i])")));
    assert_eq!(shapes[1].0, "const auto");
    assert_eq!(shapes[1].1, names(&["a", "b", "c"]));
    assert_eq!(
        shapes[2].0,
        ts(&Ty::new(TyKind::LRef(Box::new(Ty::new(TyKind::Auto)))))
    );
    assert_eq!(shapes[2].2, sx(&expr("s[i]")));
    let const_ref = Ty::new(TyKind::LRef(Box::new(
        Ty::new(TyKind::Auto).with_const(true),
    )));
    assert_eq!(shapes[3].0, ts(&const_ref));
    assert_eq!(
        shapes[4].0,
        ts(&Ty::new(TyKind::RRef(Box::new(Ty::new(TyKind::Auto)))))
    );
    assert_eq!(shapes[5].0, ts(&const_ref));
    assert_eq!(shapes[5].1, names(&["u"]));
    assert_eq!(shapes[6].2, "pair");
    assert_eq!(shapes[7].2, "arr");
    // An attribute `[[...]]` after `auto` is no binding; an ordinary `auto` declaration and an
    // indexing expression statement stay what they are.
    let other = stmts("auto z = a[0];\na[1] = 2;");
    assert!(matches!(other[0].kind, StmtKind::Decl(_)));
    assert!(matches!(other[1].kind, StmtKind::Expr(_)));
}

#[test]
fn structured_bindings_in_range_for() {
    let body = stmts("float acc = 0;\nfor (auto& [k, v] : pairs) acc += k * v;");
    let StmtKind::For {
        body: loop_body, ..
    } = &body[1].kind
    else {
        panic!("not a for loop: {:?}", body[1].kind);
    };
    let StmtKind::Block(inner) = &loop_body.kind else {
        panic!("range-for body is not a block");
    };
    let b = bindings(&inner[0]);
    assert_eq!(b.names, vec!["k".to_string(), "v".to_string()]);
    assert!(matches!(b.ty.kind, TyKind::LRef(_)));
    // The element of the counted loop: `(pairs)[_cuad_rfN]`.
    match &b.init.kind {
        ExprKind::Index(base, i) => {
            assert_eq!(sx(base.strip_parens()), "pairs");
            assert!(matches!(&i.kind, ExprKind::Ident(n) if n.starts_with("_cuad_rf")));
        }
        other => panic!("element is not an index: {other:?}"),
    }
}

#[test]
fn malformed_structured_bindings_are_located_errors() {
    let src = "__global__ void k(float* x) {\n  static auto [a, b] = s;\n  auto [c, ] = s;\n  auto [d e] = s;\n  auto [f, g];\n  x[0] = 1;\n}\n";
    let (_, diags, sm) = parse_full(src);
    let found: Vec<(usize, usize)> = diags.list.iter().map(|d| line_col(&sm, d)).collect();
    let messages: Vec<&str> = diags.list.iter().map(|d| d.message.as_str()).collect();
    assert!(found.contains(&(2, 3)), "{found:?} {messages:?}");
    assert!(
        messages
            .iter()
            .any(|m| m.contains("storage specifiers") && m.contains("not supported by cuad")),
        "{messages:?}"
    );
    assert!(found.contains(&(3, 12)), "{found:?} {messages:?}");
    assert!(found.contains(&(4, 11)), "{found:?} {messages:?}");
    assert!(found.contains(&(5, 14)), "{found:?} {messages:?}");
}

#[test]
fn specializations_of_traits_are_structs_named_with_their_arguments() {
    let src = "template <typename T> struct Acc { using type = T; };\n\
               template <> struct Acc<float> { using type = double; static constexpr int k = 2; };\n\
               template <typename T> struct Acc<T*> { using type = T; };\n";
    let (tu, diags, sm) = parse_full(src);
    assert!(diags.list.is_empty(), "{}", diags.render(&sm));
    let Item::Struct(special) = &tu.items[1] else {
        panic!("{:?}", tu.items[1]);
    };
    assert_eq!(special.name.as_deref(), Some("Acc<float>"));
    assert_eq!(special.template.as_deref(), Some(&[][..]));
    // A partial specialization is a struct too, named with its pattern and keeping its
    // template parameters (sema matches instances against the pattern).
    let Item::Struct(partial) = &tu.items[2] else {
        panic!("{:?}", tu.items[2]);
    };
    assert_eq!(partial.name.as_deref(), Some("Acc<T*>"));
    let params: Vec<&str> = partial
        .template
        .iter()
        .flatten()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(params, ["T"]);
}
