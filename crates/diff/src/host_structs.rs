//! Scalar replacement of a host function's local structs. Application code keeps its device
//! buffers in a struct (`cudaMalloc(&b.in, ...)`, `k<<<g, t>>>(b.in, b.out, b.n)`, a swap of
//! `b.in` and `b.out` in a time loop, `Bufs c = b;`). A struct local used only through its
//! fields, and copied whole only to or from another such local, becomes one local per field
//! (`b.in` -> `b_in`), so the host pass traces buffers held in fields exactly as it traces
//! pointer variables: allocations, copies, checkpoints of overwritten buffers, adjoint mirrors.
//! A struct used any other way (passed whole to a kernel or a helper, its address taken) is
//! left alone.

use crate::builder::*;
use crate::normalize::Local;
use crate::usage::Names;
use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::collections::HashMap;

/// Replaces the eligible struct locals and parameters of a host body by one local per field.
pub fn scalarize(prog: &Program, params: &[Param], locals: &mut Vec<Local>, body: &mut Vec<Stmt>) {
    let local_candidates = locals
        .iter()
        .filter(|l| l.init.is_none())
        .filter_map(|l| Some((l.name.clone(), candidate(prog, &l.ty, None)?)));
    let param_candidates = params.iter().filter_map(|p| {
        let ty = prog.canonical(&p.ty);
        let (ty, kind) = match &ty.kind {
            TyKind::LRef(t) => ((**t).clone(), ParamKind::Reference),
            TyKind::Pointer { pointee, .. } => ((**pointee).clone(), ParamKind::Pointer),
            _ => (ty.clone(), ParamKind::Value),
        };
        Some((p.name.clone()?, candidate(prog, &ty, Some(kind))?))
    });
    let mut candidates: Candidates = local_candidates.chain(param_candidates).collect();
    if candidates.is_empty() {
        return;
    }
    let mut uses = Uses::default();
    body.iter().for_each(|s| uses.stmt(s, &candidates));
    // A reference or pointer parameter whose fields are assigned (or that is assigned whole)
    // must keep writing the caller's struct.
    for (n, c) in &candidates {
        let by_reference = matches!(c.param, Some(ParamKind::Reference | ParamKind::Pointer));
        let assigned = uses.fields_written.contains(n) || uses.copies.iter().any(|(a, _)| a == n);
        if by_reference && assigned {
            uses.whole.insert(n.clone());
        }
    }
    // A whole copy keeps both sides whole unless both are scalarized (same type).
    loop {
        let before = uses.whole.len();
        for (a, b) in &uses.copies {
            let same = candidates[a].ty == candidates[b].ty;
            if !same || uses.whole.contains(a) || uses.whole.contains(b) {
                uses.whole.insert(a.clone());
                uses.whole.insert(b.clone());
            }
        }
        if uses.whole.len() == before {
            break;
        }
    }
    candidates.retain(|n, _| !uses.whole.contains(n));
    if candidates.is_empty() {
        return;
    }
    let mut taken: Names = locals.iter().map(|l| l.name.clone()).collect();
    taken.extend(params.iter().filter_map(|p| p.name.clone()));
    taken.extend(crate::usage::mentioned_names(body));
    let mut names: HashMap<(String, String), String> = HashMap::new();
    let mut field_locals = |v: &str, fields: &[Field], out: &mut Vec<Local>, specs: &DeclSpecs| {
        for field in fields {
            let mut name = format!("{v}_{}", field.name);
            while taken.contains(&name) {
                name.push('_');
            }
            taken.insert(name.clone());
            names.insert((v.to_string(), field.name.clone()), name.clone());
            out.push(Local {
                name,
                ty: field.ty.clone(),
                specs: specs.clone(),
                init: None,
                spelled: None,
            });
        }
    };
    let mut replaced: Vec<Local> = Vec::with_capacity(locals.len());
    for l in locals.drain(..) {
        match candidates.get(&l.name) {
            Some(c) => field_locals(&l.name, &c.fields, &mut replaced, &l.specs),
            None => replaced.push(l),
        }
    }
    // A parameter's fields are read into their locals on entry (only those the body uses).
    let mut entry_reads = vec![];
    for p in params.iter().filter_map(|p| p.name.as_deref()) {
        let Some(c) = candidates.get(p) else {
            continue;
        };
        // A parameter copied whole (`View v = p;`) needs every field.
        let copied = uses.copies.iter().any(|(a, b)| a == p || b == p);
        let used: Vec<Field> = c
            .fields
            .iter()
            .filter(|f| copied || uses.fields_used.contains(&(p.to_string(), f.name.clone())))
            .cloned()
            .collect();
        field_locals(p, &used, &mut replaced, &DeclSpecs::default());
        let arrow = c.param == Some(ParamKind::Pointer);
        entry_reads.extend(used.into_iter().map(|f| (p, f.name, arrow)));
    }
    let prologue: Vec<Stmt> = entry_reads
        .into_iter()
        .map(|(p, f, arrow)| {
            let local = ident(&names[&(p.to_string(), f.clone())]);
            expr_stmt(assign(local, member(ident(p), &f, arrow)))
        })
        .collect();
    *locals = replaced;
    for s in body.iter_mut() {
        expand_whole(s, &candidates, &names);
        crate::methods::map_stmt_exprs(s, &mut |e| rename_field(e, &names));
    }
    body.splice(0..0, prologue);
}

#[derive(Clone, Copy, PartialEq)]
enum ParamKind {
    Value,
    Reference,
    Pointer,
}

/// A scalarizable struct variable: its type and fields; for a parameter, how it is passed.
struct Candidate {
    ty: Ty,
    fields: Vec<Field>,
    param: Option<ParamKind>,
}

fn candidate(prog: &Program, ty: &Ty, param: Option<ParamKind>) -> Option<Candidate> {
    Some(Candidate {
        ty: prog.canonical(ty).with_const(false),
        fields: scalar_fields(prog, ty)?,
        param,
    })
}

/// Can a variable of type `ty` be scalarized (when it is used only through its fields)?
pub fn is_scalarizable(prog: &Program, ty: &Ty) -> bool {
    scalar_fields(prog, ty).is_some()
}

/// A field of a scalarizable struct and the value `T{}` gives it.
#[derive(Clone)]
struct Field {
    name: String,
    ty: Ty,
    default: Expr,
}

type Candidates = HashMap<String, Candidate>;

/// The fields of a plain struct whose fields are all arithmetic or pointers and that has no
/// user default constructor. Default member initializers are fine: `b = T{}`, what the
/// hoister writes for `T b;`, becomes one assignment per field.
fn scalar_fields(prog: &Program, ty: &Ty) -> Option<Vec<Field>> {
    let ty = prog.canonical(ty);
    let def = prog.class_def(&ty)?;
    let initializers = crate::calls::default_construction_sets_fields(prog, &ty);
    if crate::calls::has_user_default_constructor(prog, &ty)
        || (initializers && !def.bases.is_empty())
    {
        return None;
    }
    let fields = prog.fields(&ty);
    if fields.is_empty() {
        return None;
    }
    fields
        .into_iter()
        .map(|(name, ty)| {
            let pointer = matches!(ty.kind, TyKind::Pointer { .. });
            if !pointer && !cuad_sema::types::is_arithmetic(&ty) {
                return None;
            }
            let default = match member_initializer(def, &name)? {
                Some(e) => e,
                None if pointer => Expr::synth(ExprKind::Ident("nullptr".into())),
                None => Expr::synth(ExprKind::Cast {
                    kind: CastKind::Functional,
                    ty: ty.clone().with_const(false),
                    expr: Box::new(Expr::synth(ExprKind::InitList(vec![]))),
                }),
            };
            Some(Field { name, ty, default })
        })
        .collect()
}

/// The default member initializer of field `f` of `def`: `Some(None)` when it has none,
/// `None` when its form is not one value (`int a[2] = {1, 2}` and the like).
fn member_initializer(def: &StructDef, f: &str) -> Option<Option<Expr>> {
    let var = def.members.iter().flatten().find_map(|m| match m {
        Member::Field(d) if !d.specs.is_static => d.vars.iter().find(|v| v.name == f),
        _ => None,
    });
    match var.and_then(|v| v.init.as_ref()) {
        None => Some(None),
        Some(Init::Assign(e)) => Some(Some(e.clone())),
        Some(Init::Brace(es)) | Some(Init::Paren(es)) => match es.as_slice() {
            [] => Some(None),
            [e] => Some(Some(e.clone())),
            _ => None,
        },
    }
}

/// How the candidates are used: those used whole (not scalarizable), statement-level copies
/// `a = b;` between two candidates, the fields read or written, and the candidates whose
/// fields are assigned or have their address taken.
#[derive(Default)]
struct Uses {
    whole: Names,
    copies: Vec<(String, String)>,
    fields_used: std::collections::HashSet<(String, String)>,
    fields_written: Names,
}

impl Uses {
    fn stmt(&mut self, s: &Stmt, c: &Candidates) {
        match whole_stmt(s, c) {
            Some(Whole::Copy(a, b)) => return self.copies.push((a.to_string(), b.to_string())),
            Some(Whole::ValueInit(a)) if c[a].param.is_none() => return,
            _ => {}
        }
        // This statement's own expressions, then its child statements.
        match &s.kind {
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. }
            | StmtKind::Switch { cond, .. } => self.expr(cond, c),
            StmtKind::For { cond, step, .. } => {
                cond.iter().chain(step.iter()).for_each(|e| self.expr(e, c))
            }
            StmtKind::Block(_) => {}
            _ => crate::usage::visit_stmt_exprs(s, &mut |e| self.expr(e, c)),
        }
        if let StmtKind::Switch { cases, .. } = &s.kind {
            cases
                .iter()
                .filter_map(|k| k.label.as_ref())
                .for_each(|l| self.expr(l, c));
        }
        s.for_each_child(&mut |x| self.stmt(x, c));
    }

    fn expr(&mut self, e: &Expr, c: &Candidates) {
        let field_root = |x: &Expr| field_of(x, c).map(|(v, _)| v.to_string());
        match &e.kind {
            ExprKind::Assign(_, l, _)
            | ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec | UnOp::AddrOf,
                l,
            ) if field_root(l.strip_parens()).is_some() => {
                self.fields_written.extend(field_root(l.strip_parens()));
            }
            _ => {}
        }
        // A method call (`b.alloc(n)` that host_inline could not write out) needs the object.
        if let ExprKind::Call { callee, args, .. } = &e.kind {
            if let Some((v, _)) = field_of(callee, c) {
                self.whole.insert(v.to_string());
                return args.iter().for_each(|a| self.expr(a, c));
            }
        }
        if let Some((v, f)) = field_of(e, c) {
            self.fields_used.insert((v.to_string(), f.to_string()));
            return;
        }
        match &e.kind {
            ExprKind::Ident(n) if c.contains_key(n) => {
                self.whole.insert(n.clone());
            }
            _ => crate::usage::for_each_child(e, &mut |x| self.expr(x, c)),
        }
    }
}

/// `v.f` (`v->f` for a pointer parameter) of a candidate `v`.
fn field_of<'a>(e: &'a Expr, c: &Candidates) -> Option<(&'a str, &'a str)> {
    let ExprKind::Member { base, field, arrow } = &e.kind else {
        return None;
    };
    let ExprKind::Ident(v) = &base.strip_parens().kind else {
        return None;
    };
    let cand = c.get(v)?;
    (*arrow == (cand.param == Some(ParamKind::Pointer))).then_some((v.as_str(), field.as_str()))
}

/// Statements that use a candidate whole and that scalarization writes per field.
enum Whole<'a> {
    /// `a = b;`
    Copy(&'a str, &'a str),
    /// `a = T{};`
    ValueInit(&'a str),
}

fn whole_stmt<'a>(s: &'a Stmt, c: &Candidates) -> Option<Whole<'a>> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    let ExprKind::Assign(None, l, r) = &e.kind else {
        return None;
    };
    let ExprKind::Ident(a) = &l.strip_parens().kind else {
        return None;
    };
    if !c.contains_key(a) {
        return None;
    }
    match &r.strip_parens().kind {
        ExprKind::Ident(b) if c.contains_key(b) => Some(Whole::Copy(a, b)),
        ExprKind::Cast {
            kind: CastKind::Functional,
            expr,
            ..
        } if matches!(&expr.kind, ExprKind::InitList(items) if items.is_empty()) => {
            Some(Whole::ValueInit(a))
        }
        _ => None,
    }
}

/// Whole-struct statements of scalarized locals -> one assignment per field.
fn expand_whole(s: &mut Stmt, c: &Candidates, names: &HashMap<(String, String), String>) {
    let Some(whole) = whole_stmt(s, c) else {
        s.for_each_child_mut(&mut |x| expand_whole(x, c, names));
        return;
    };
    let var = |v: &str, f: &str| ident(&names[&(v.to_string(), f.to_string())]);
    let (target, source) = match whole {
        Whole::Copy(a, b) => (a, Some(b)),
        Whole::ValueInit(a) => (a, None),
    };
    let span = s.span;
    let stmts = c[target]
        .fields
        .iter()
        .map(|f| {
            let value = match source {
                Some(b) => var(b, &f.name),
                None => f.default.clone(),
            };
            Stmt {
                span,
                ..expr_stmt(assign(var(target, &f.name), value))
            }
        })
        .collect();
    *s = Stmt {
        span,
        ..block(stmts)
    };
}

/// `b.f` (`p->f`) -> `b_f` for a scalarized `b` (`p`).
fn rename_field(e: &mut Expr, names: &HashMap<(String, String), String>) {
    let ExprKind::Member { base, field, .. } = &e.kind else {
        return;
    };
    let ExprKind::Ident(v) = &base.strip_parens().kind else {
        return;
    };
    if let Some(n) = names.get(&(v.clone(), field.clone())) {
        *e = Expr {
            span: e.span,
            ..ident(n)
        };
    }
}

/// `cudaMalloc(&s.f, bytes)` into a field of a struct local kept whole (passed whole to a
/// kernel): allocated through a pointer local, `cudaMalloc(&s_f_alloc, bytes); s.f =
/// s_f_alloc;`, so the host pass sees an allocation of known size, and the field is assigned
/// a traced buffer (its adjoint field follows, as for `s.f = d_buf;`).
pub fn split_field_allocations(prog: &Program, locals: &mut Vec<Local>, body: &mut Vec<Stmt>) {
    let struct_locals: HashMap<String, Ty> = locals
        .iter()
        .filter(|l| matches!(prog.canonical(&l.ty).kind, TyKind::Named { .. }))
        .map(|l| (l.name.clone(), prog.canonical(&l.ty)))
        .collect();
    let mut any = false;
    for s in body.iter() {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                any |= allocated_field(x, &struct_locals).is_some();
            })
        });
    }
    if !any {
        return;
    }
    let mut taken: Names = locals.iter().map(|l| l.name.clone()).collect();
    split_in_list(prog, &struct_locals, locals, &mut taken, body);
}

/// `(s, f)` of `cudaMalloc(&s.f, ...)` (also `(void**)&s.f`) with `s` a struct local.
fn allocated_field(e: &Expr, struct_locals: &HashMap<String, Ty>) -> Option<(String, String)> {
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return None;
    };
    if !matches!(&callee.kind, ExprKind::Ident(n) if n == "cudaMalloc" || n == "cudaMallocManaged")
    {
        return None;
    }
    let mut target = args.first()?.strip_parens();
    if let ExprKind::Cast { expr, .. } = &target.kind {
        target = expr.strip_parens();
    }
    let ExprKind::Unary(UnOp::AddrOf, field) = &target.kind else {
        return None;
    };
    let ExprKind::Member {
        base,
        field,
        arrow: false,
    } = &field.strip_parens().kind
    else {
        return None;
    };
    let ExprKind::Ident(s) = &base.strip_parens().kind else {
        return None;
    };
    struct_locals
        .contains_key(s)
        .then(|| (s.clone(), field.clone()))
}

fn split_in_list(
    prog: &Program,
    struct_locals: &HashMap<String, Ty>,
    locals: &mut Vec<Local>,
    taken: &mut Names,
    list: &mut Vec<Stmt>,
) {
    let mut i = 0;
    while i < list.len() {
        if !matches!(
            list[i].kind,
            StmtKind::Expr(_) | StmtKind::Decl(_) | StmtKind::Return(_)
        ) {
            crate::usage::for_each_body(&mut list[i], &mut |b| {
                split_in_list(prog, struct_locals, locals, taken, b)
            });
            i += 1;
            continue;
        }
        let mut after = vec![];
        crate::methods::map_stmt_exprs(&mut list[i], &mut |e| {
            let Some((s, f)) = allocated_field(e, struct_locals) else {
                return;
            };
            let Some(fty) = prog.field_type(&struct_locals[&s], &f) else {
                return;
            };
            let mut name = format!("{s}_{f}_alloc");
            while taken.contains(&name) {
                name.push('_');
            }
            taken.insert(name.clone());
            locals.push(Local {
                name: name.clone(),
                ty: fty,
                specs: DeclSpecs::default(),
                init: None,
                spelled: None,
            });
            if let ExprKind::Call { args, .. } = &mut e.kind {
                args[0] = addr_of(ident(&name));
            }
            after.push(expr_stmt(assign(
                member(ident(&s), &f, false),
                ident(&name),
            )));
        });
        let n = after.len();
        for (k, st) in after.into_iter().enumerate() {
            list.insert(i + 1 + k, st);
        }
        i += 1 + n;
    }
}
