//! Clearing source locations, so ASTs from different texts compare by structure alone.

use cuad_syntax::ast::*;
use cuad_syntax::Span;

/// Sets every span in `tu` to `Span::default()`.
pub fn strip_spans(tu: &mut TranslationUnit) {
    tu.items.iter_mut().for_each(item);
}

fn item(it: &mut Item) {
    match it {
        Item::Function(f) => function(f),
        Item::Struct(s) => struct_def(s),
        Item::Enum(e) => {
            e.span = Span::default();
            e.underlying.iter_mut().for_each(ty);
            e.variants
                .iter_mut()
                .filter_map(|(_, v)| v.as_mut())
                .for_each(expr);
        }
        Item::Typedef(d) | Item::Global(d) | Item::VarTemplate { decl: d, .. } => decl(d),
        Item::Using { ty: t, span, .. } => {
            *span = Span::default();
            ty(t);
        }
        Item::Namespace { items, span, .. } | Item::ExternC { items, span } => {
            *span = Span::default();
            items.iter_mut().for_each(item);
        }
        Item::UsingDirective { span, .. }
        | Item::Directive { span, .. }
        | Item::Opaque { span, .. } => *span = Span::default(),
    }
}

fn function(f: &mut Function) {
    f.span = Span::default();
    f.name_span = Span::default();
    f.attrs.launch_bounds.iter_mut().flatten().for_each(expr);
    f.attrs.max_registers.iter_mut().for_each(|e| expr(e));
    f.template.iter_mut().flatten().for_each(template_param);
    ty(&mut f.ret);
    for p in &mut f.params {
        p.span = Span::default();
        ty(&mut p.ty);
        p.default.iter_mut().for_each(expr);
    }
    f.ctor_inits
        .iter_mut()
        .flat_map(|(_, args)| args.iter_mut())
        .for_each(expr);
    f.body.iter_mut().flatten().for_each(stmt);
}

fn template_param(tp: &mut TemplateParam) {
    match &mut tp.kind {
        TemplateParamKind::Type { default } => default.iter_mut().for_each(ty),
        TemplateParamKind::Value { ty: t, default } => {
            ty(t);
            default.iter_mut().for_each(expr);
        }
        TemplateParamKind::TypePack => {}
    }
}

fn struct_def(s: &mut StructDef) {
    s.span = Span::default();
    s.template.iter_mut().flatten().for_each(template_param);
    s.trailing.iter_mut().for_each(decl);
    for m in s.members.iter_mut().flatten() {
        match m {
            Member::Field(d) => decl(d),
            Member::Method(f) => function(f),
            Member::Access(_) => {}
            Member::Item(it) => item(it),
        }
    }
}

fn decl(d: &mut DeclStmt) {
    d.span = Span::default();
    d.specs.bit_width.iter_mut().for_each(|w| expr(w));
    for v in &mut d.vars {
        v.span = Span::default();
        ty(&mut v.ty);
        match &mut v.init {
            Some(Init::Assign(e)) => expr(e),
            Some(Init::Brace(args) | Init::Paren(args)) => args.iter_mut().for_each(expr),
            None => {}
        }
    }
}

fn stmt(s: &mut Stmt) {
    s.span = Span::default();
    match &mut s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr(e),
        StmtKind::Decl(d) => decl(d),
        StmtKind::Bindings(b) => {
            b.span = Span::default();
            ty(&mut b.ty);
            expr(&mut b.init);
        }
        StmtKind::Block(body) => body.iter_mut().for_each(stmt),
        StmtKind::If { cond, then, els } => {
            expr(cond);
            stmt(then);
            els.iter_mut().for_each(|e| stmt(e));
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            init.iter_mut().for_each(|i| stmt(i));
            cond.iter_mut().chain(step.iter_mut()).for_each(expr);
            stmt(body);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr(cond);
            stmt(body);
        }
        StmtKind::Switch { cond, cases } => {
            expr(cond);
            for c in cases {
                c.span = Span::default();
                c.label.iter_mut().for_each(expr);
                c.body.iter_mut().for_each(stmt);
            }
        }
        StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Return(None)
        | StmtKind::Pragma(_)
        | StmtKind::Using(_)
        | StmtKind::Empty => {}
    }
}

fn ty(t: &mut Ty) {
    match &mut t.kind {
        TyKind::Named { args, .. } => args.iter_mut().for_each(template_arg),
        TyKind::Pointer { pointee: inner, .. } | TyKind::LRef(inner) | TyKind::RRef(inner) => {
            ty(inner)
        }
        TyKind::Array { elem, len } => {
            ty(elem);
            len.iter_mut().for_each(|e| expr(e));
        }
        _ => {}
    }
}

fn template_arg(a: &mut TemplateArg) {
    match a {
        TemplateArg::Type(t) => ty(t),
        TemplateArg::Expr(e) => expr(e),
    }
}

fn expr(e: &mut Expr) {
    e.span = Span::default();
    match &mut e.kind {
        ExprKind::Unary(_, x) | ExprKind::SizeofExpr(x) | ExprKind::Paren(x) => expr(x),
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) | ExprKind::Index(l, r) => {
            expr(l);
            expr(r);
        }
        ExprKind::Cond(c, t, f) => {
            expr(c);
            expr(t);
            expr(f);
        }
        ExprKind::Cast { ty: t, expr: x, .. } => {
            ty(t);
            expr(x);
        }
        ExprKind::SizeofType(t) => ty(t),
        ExprKind::Call {
            callee,
            template_args,
            args,
        } => {
            expr(callee);
            template_args.iter_mut().for_each(template_arg);
            args.iter_mut().for_each(expr);
        }
        ExprKind::Launch {
            kernel,
            template_args,
            config,
            args,
        } => {
            expr(kernel);
            template_args.iter_mut().for_each(template_arg);
            config.iter_mut().chain(args.iter_mut()).for_each(expr);
        }
        ExprKind::Member { base, .. } => expr(base),
        ExprKind::InitList(items) => items.iter_mut().for_each(expr),
        ExprKind::Lambda(l) => {
            l.params.iter_mut().for_each(|p| {
                p.span = Span::default();
                ty(&mut p.ty);
            });
            l.ret.iter_mut().for_each(ty);
            l.body.iter_mut().for_each(stmt);
        }
        ExprKind::PackExpansion(x) => expr(x),
        ExprKind::Fold { lhs, rhs, .. } => {
            lhs.iter_mut().chain(rhs.iter_mut()).for_each(|x| expr(x));
        }
        ExprKind::Ident(_)
        | ExprKind::SizeofPack(_)
        | ExprKind::IntLit(_)
        | ExprKind::FloatLit(_)
        | ExprKind::CharLit(_)
        | ExprKind::StrLit(_)
        | ExprKind::BoolLit(_)
        | ExprKind::Nullptr => {}
    }
}
