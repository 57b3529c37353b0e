//! Short constructors for hand-built ASTs in tests.

use cuad_syntax::ast::*;
use cuad_syntax::{FileId, Span};

// ---------------------------------------------------------------- types

pub fn f32() -> Ty {
    Ty::new(TyKind::Float)
}
pub fn f64() -> Ty {
    Ty::new(TyKind::Double)
}
pub fn i32() -> Ty {
    Ty::int()
}
pub fn u32() -> Ty {
    Ty::new(TyKind::Int {
        kind: IntKind::Int,
        signed: Some(false),
    })
}
pub fn short() -> Ty {
    Ty::new(TyKind::Int {
        kind: IntKind::Short,
        signed: Some(true),
    })
}
pub fn ch() -> Ty {
    Ty::new(TyKind::Int {
        kind: IntKind::Char,
        signed: None,
    })
}
pub fn ulong() -> Ty {
    Ty::new(TyKind::Int {
        kind: IntKind::Long,
        signed: Some(false),
    })
}
pub fn llong() -> Ty {
    Ty::new(TyKind::Int {
        kind: IntKind::LongLong,
        signed: Some(true),
    })
}
pub fn boolean() -> Ty {
    Ty::new(TyKind::Bool)
}
pub fn void() -> Ty {
    Ty::new(TyKind::Void)
}
pub fn named(n: &str) -> Ty {
    Ty::named(n)
}
pub fn generic(n: &str, args: Vec<Ty>) -> Ty {
    Ty::new(TyKind::Named {
        name: n.to_string(),
        args: args.into_iter().map(TemplateArg::Type).collect(),
    })
}
pub fn ptr(t: Ty) -> Ty {
    Ty::pointer_to(t)
}
pub fn cnst(t: Ty) -> Ty {
    t.with_const(true)
}
pub fn lref(t: Ty) -> Ty {
    Ty::new(TyKind::LRef(Box::new(t)))
}
pub fn array(t: Ty, n: u32) -> Ty {
    Ty::new(TyKind::Array {
        elem: Box::new(t),
        len: Some(Box::new(int(&n.to_string()))),
    })
}

// ---------------------------------------------------------------- expressions

pub fn id(n: &str) -> Expr {
    Expr::ident(n)
}
/// An identifier with a source span (for diagnostics tests).
pub fn id_at(n: &str, lo: u32) -> Expr {
    Expr::new(
        ExprKind::Ident(n.to_string()),
        Span::new(FileId(0), lo, lo + n.len() as u32),
    )
}
pub fn int(t: &str) -> Expr {
    Expr::synth(ExprKind::IntLit(t.to_string()))
}
pub fn flt(t: &str) -> Expr {
    Expr::synth(ExprKind::FloatLit(t.to_string()))
}
pub fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr::synth(ExprKind::Binary(op, Box::new(l), Box::new(r)))
}
pub fn un(op: UnOp, x: Expr) -> Expr {
    Expr::synth(ExprKind::Unary(op, Box::new(x)))
}
pub fn assign(l: Expr, r: Expr) -> Expr {
    Expr::synth(ExprKind::Assign(None, Box::new(l), Box::new(r)))
}
pub fn call(f: &str, args: Vec<Expr>) -> Expr {
    call_expr(id(f), args)
}
pub fn call_expr(callee: Expr, args: Vec<Expr>) -> Expr {
    Expr::synth(ExprKind::Call {
        callee: Box::new(callee),
        template_args: vec![],
        args,
    })
}
pub fn tcall(f: &str, targs: Vec<Ty>, args: Vec<Expr>) -> Expr {
    Expr::synth(ExprKind::Call {
        callee: Box::new(id(f)),
        template_args: targs.into_iter().map(TemplateArg::Type).collect(),
        args,
    })
}
pub fn member(base: Expr, field: &str) -> Expr {
    Expr::synth(ExprKind::Member {
        base: Box::new(base),
        field: field.to_string(),
        arrow: false,
    })
}
pub fn arrow(base: Expr, field: &str) -> Expr {
    Expr::synth(ExprKind::Member {
        base: Box::new(base),
        field: field.to_string(),
        arrow: true,
    })
}
pub fn index(base: Expr, i: Expr) -> Expr {
    Expr::synth(ExprKind::Index(Box::new(base), Box::new(i)))
}
pub fn cast(ty: Ty, e: Expr) -> Expr {
    Expr::synth(ExprKind::Cast {
        kind: CastKind::CStyle,
        ty,
        expr: Box::new(e),
    })
}
pub fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::synth(ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)))
}

// ---------------------------------------------------------------- statements

pub fn decl(name: &str, ty: Ty, init: Option<Expr>) -> Stmt {
    Stmt::synth(StmtKind::Decl(decl_stmt(name, ty, init)))
}
pub fn decl_stmt(name: &str, ty: Ty, init: Option<Expr>) -> DeclStmt {
    DeclStmt {
        specs: DeclSpecs::default(),
        vars: vec![VarDecl {
            name: name.to_string(),
            ty,
            init: init.map(Init::Assign),
            span: Span::default(),
        }],
        span: Span::default(),
    }
}
pub fn expr_stmt(e: Expr) -> Stmt {
    Stmt::synth(StmtKind::Expr(e))
}
pub fn ret(e: Expr) -> Stmt {
    Stmt::synth(StmtKind::Return(Some(e)))
}
pub fn block(stmts: Vec<Stmt>) -> Stmt {
    Stmt::synth(StmtKind::Block(stmts))
}
pub fn for_loop(init: Stmt, c: Expr, step: Expr, body: Stmt) -> Stmt {
    Stmt::synth(StmtKind::For {
        init: Some(Box::new(init)),
        cond: Some(c),
        step: Some(step),
        body: Box::new(body),
    })
}

// ---------------------------------------------------------------- items

pub fn param(name: &str, ty: Ty) -> Param {
    Param {
        name: Some(name.to_string()),
        ty,
        default: None,
        span: Span::default(),
    }
}

pub fn function(name: &str, ret: Ty, params: Vec<Param>, body: Option<Vec<Stmt>>) -> Function {
    Function {
        attrs: FnAttrs::default(),
        template: None,
        ret,
        name: name.to_string(),
        params,
        is_const_method: false,
        ctor_inits: vec![],
        body,
        span: Span::default(),
        name_span: Span::default(),
    }
}

pub fn func(name: &str, ret: Ty, params: Vec<Param>) -> Item {
    Item::Function(function(name, ret, params, Some(vec![])))
}

pub fn func_body(name: &str, params: Vec<Param>, body: Vec<Stmt>) -> Item {
    Item::Function(function(name, void(), params, Some(body)))
}

pub fn proto(name: &str, ret: Ty, params: Vec<Param>) -> Item {
    Item::Function(function(name, ret, params, None))
}

pub fn type_params(names: &[&str]) -> Vec<TemplateParam> {
    names
        .iter()
        .map(|n| TemplateParam {
            name: n.to_string(),
            kind: TemplateParamKind::Type { default: None },
        })
        .collect()
}

pub fn template_func(tparams: &[&str], name: &str, ret: Ty, params: Vec<Param>) -> Item {
    let mut f = function(name, ret, params, Some(vec![]));
    f.template = Some(type_params(tparams));
    Item::Function(f)
}

pub fn fields(list: Vec<(&str, Ty)>) -> Vec<Member> {
    list.into_iter()
        .map(|(n, t)| Member::Field(decl_stmt(n, t, None)))
        .collect()
}

pub fn struct_def(name: &str, members: Vec<Member>) -> StructDef {
    StructDef {
        keyword: "struct".into(),
        name: Some(name.to_string()),
        template: None,
        bases: vec![],
        members: Some(members),
        attributes: vec![],
        trailing: None,
        span: Span::default(),
    }
}

pub fn strukt(name: &str, list: Vec<(&str, Ty)>) -> Item {
    Item::Struct(struct_def(name, fields(list)))
}

pub fn typedef(name: &str, ty: Ty) -> Item {
    let mut d = decl_stmt(name, ty, None);
    d.specs.is_typedef = true;
    Item::Typedef(d)
}

pub fn using(name: &str, ty: Ty) -> Item {
    Item::Using {
        name: name.to_string(),
        ty,
        span: Span::default(),
        template: None,
    }
}

pub fn global(name: &str, ty: Ty) -> Item {
    Item::Global(decl_stmt(name, ty, None))
}

pub fn enumeration(name: Option<&str>, variants: &[&str], scoped: bool) -> Item {
    Item::Enum(EnumDef {
        name: name.map(str::to_string),
        scoped,
        underlying: None,
        variants: variants.iter().map(|v| (v.to_string(), None)).collect(),
        span: Span::default(),
    })
}

pub fn namespace(name: &str, items: Vec<Item>) -> Item {
    Item::Namespace {
        name: Some(name.to_string()),
        inline: false,
        items,
        span: Span::default(),
    }
}

pub fn opaque(text: &str) -> Item {
    Item::Opaque {
        text: text.to_string(),
        span: Span::default(),
        reason: "test".into(),
    }
}

pub fn directive(text: &str) -> Item {
    Item::Directive {
        text: text.to_string(),
        span: Span::default(),
    }
}

pub fn tu(items: Vec<Item>) -> TranslationUnit {
    TranslationUnit { items }
}
