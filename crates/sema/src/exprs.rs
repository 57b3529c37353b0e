//! Types of expressions: literals, names, operators (with C++'s conversions), member access
//! on structs and CUDA vector types, and calls (user functions, templates, builtins).

use crate::builtins;
use crate::index::{class_bindings, member_types, normalize, strip_template_args};
use crate::overload::{substitute, Bindings};
use crate::types::*;
use crate::{Program, Scope, ScopeStack};
use cuad_syntax::ast::*;

impl<'a> Program<'a> {
    pub(crate) fn expr_type(&self, e: &Expr, scope: &dyn Scope) -> Option<Ty> {
        match &e.kind {
            ExprKind::Ident(name) => self.ident_type(name, scope),
            ExprKind::IntLit(text) => Some(int_literal_type(text)),
            ExprKind::FloatLit(text) => Some(float_literal_type(text)),
            ExprKind::CharLit(text) => Some(char_literal_type(text)),
            ExprKind::StrLit(_) => Some(Ty::pointer_to(char_ty().with_const(true))),
            ExprKind::BoolLit(_) => Some(bool_ty()),
            ExprKind::Nullptr => Some(nullptr_ty()),
            ExprKind::Unary(op, x) => self.unary_type(*op, x, scope),
            ExprKind::Binary(op, l, r) => self.binary_type(*op, l, r, scope),
            ExprKind::Assign(_, lhs, _) => self.expr_type(lhs, scope),
            ExprKind::Cond(_, a, b) => self.cond_type(a, b, scope),
            ExprKind::Cast { ty, .. } => Some(self.canonical(strip_refs(ty))),
            ExprKind::SizeofType(_) | ExprKind::SizeofExpr(_) | ExprKind::SizeofPack(_) => {
                Some(ulong_ty())
            }
            // Typed in the instances that write them out (packs.rs).
            ExprKind::PackExpansion(_) | ExprKind::Fold { .. } => None,
            ExprKind::Call {
                callee,
                template_args,
                args,
            } => self.call_type(callee, template_args, args, scope),
            ExprKind::Launch { .. } => Some(void_ty()),
            ExprKind::Index(base, idx) => self.index_type(base, idx, scope),
            ExprKind::Member { base, field, arrow } => self.member_type(base, field, *arrow, scope),
            ExprKind::InitList(_) | ExprKind::Lambda(_) => None,
            ExprKind::Paren(x) => self.expr_type(x, scope),
        }
    }

    /// Locals first (unless `::`-qualified), then globals and enumerators, then builtins.
    fn ident_type(&self, name: &str, scope: &dyn Scope) -> Option<Ty> {
        if !name.starts_with("::") {
            if let Some(t) = scope.lookup(name) {
                let t = self.canonical(strip_refs(&t));
                // an `auto` local whose initializer the caller did not type
                return (!matches!(t.kind, TyKind::Auto)).then_some(t);
            }
        }
        self.global_type(name)
            .or_else(|| builtins::variable(normalize(name)))
    }

    fn unary_type(&self, op: UnOp, x: &Expr, scope: &dyn Scope) -> Option<Ty> {
        if op == UnOp::Not {
            return Some(bool_ty());
        }
        let t = self.expr_type(x, scope)?;
        if let Some(f) = self.user_unary_operator(op, strip_refs(&t)) {
            let args = [Some(strip_refs(&t).clone())];
            let Some(bindings) = self.deduce(f, &[], &args) else {
                return Some(f.ret.clone());
            };
            return self.return_type(f, &bindings);
        }
        match op {
            UnOp::Neg | UnOp::Plus | UnOp::BitNot => {
                let t = self.arith_view(&t);
                Some(if is_arithmetic(&t) {
                    promote(&t)
                } else {
                    unqualified(&t)
                })
            }
            UnOp::Deref => pointee(&t).cloned(),
            UnOp::AddrOf => Some(Ty::pointer_to(t)),
            _ => Some(t),
        }
    }

    /// Left-deep operator chains are folded in a loop (no recursion per term).
    fn binary_type(&self, op: BinOp, l: &Expr, r: &Expr, scope: &dyn Scope) -> Option<Ty> {
        let mut steps = vec![(op, r)];
        let mut leftmost = l;
        while let ExprKind::Binary(op, l, r) = &leftmost.kind {
            steps.push((*op, r.as_ref()));
            leftmost = l;
        }
        let mut ty = self.expr_type(leftmost, scope);
        for (op, r) in steps.into_iter().rev() {
            ty = self.binary_step(op, ty, r, scope);
        }
        ty
    }

    fn binary_step(&self, op: BinOp, lt: Option<Ty>, r: &Expr, scope: &dyn Scope) -> Option<Ty> {
        use BinOp::*;
        match op {
            Comma => return self.expr_type(r, scope),
            Lt | Gt | Le | Ge | Eq | Ne | And | Or => return Some(bool_ty()),
            _ => {}
        }
        let lt = self.arith_view(&lt?);
        let rt = self.arith_view(&self.expr_type(r, scope)?);
        if let Some(f) = self.user_operator(op, &lt, &rt) {
            // An operator template's return type in the types of this call (`Vec<T, N>`
            // of `operator*(T, Vec<T, N>)` given a double and a `Vec<double, 2>`).
            let args = [Some(lt.clone()), Some(rt.clone())];
            let Some(bindings) = self.deduce(f, &[], &args) else {
                return Some(f.ret.clone());
            };
            let ret = self.return_type(f, &bindings)?;
            return Some(self.with_values(f, &[], &args, ret));
        }
        match op {
            Add | Sub if is_pointer(&lt) && is_pointer(&rt) => Some(long_long_ty()),
            Add | Sub if is_pointer(&lt) => Some(decay(&lt)),
            Add if is_pointer(&rt) => Some(decay(&rt)),
            Shl | Shr if is_integral(&lt) => Some(promote(&lt)),
            _ => usual_arithmetic(&lt, &rt).or_else(|| overloaded_operator_type(&lt, &rt)),
        }
    }

    fn cond_type(&self, a: &Expr, b: &Expr, scope: &dyn Scope) -> Option<Ty> {
        let (ta, tb) = (self.expr_type(a, scope), self.expr_type(b, scope));
        let (ta, tb) = match (ta, tb) {
            (Some(ta), Some(tb)) => (ta, tb),
            (one, other) => return one.or(other),
        };
        if same_unqualified(&ta, &tb) {
            return Some(ta);
        }
        let (va, vb) = (self.arith_view(&ta), self.arith_view(&tb));
        if let Some(t) = usual_arithmetic(&va, &vb) {
            return Some(t);
        }
        if is_nullptr(&ta) && is_pointer(&tb) {
            return Some(decay(&tb));
        }
        Some(decay(&ta))
    }

    fn index_type(&self, base: &Expr, idx: &Expr, scope: &dyn Scope) -> Option<Ty> {
        let tb = self.expr_type(base, scope)?;
        if let Some(elem) = pointee(&tb) {
            return Some(elem.clone());
        }
        if is_integral(&tb) {
            // `i[arr]`
            return self
                .expr_type(idx, scope)
                .and_then(|t| pointee(&t).cloned());
        }
        if let Some(elem) = builtins::container_element(&tb) {
            return Some(self.canonical(&elem));
        }
        let idx_type = self.expr_type(idx, scope);
        self.method_call_type(&tb, "operator[]", &[], &[idx_type])
    }

    fn member_type(&self, base: &Expr, field: &str, arrow: bool, scope: &dyn Scope) -> Option<Ty> {
        let tb = self.expr_type(base, scope)?;
        let object = if arrow { pointee(&tb)?.clone() } else { tb };
        let t = self.field_type(&object, field)?;
        let t = strip_refs(&t).clone();
        Some(if object.is_const {
            t.with_const(true)
        } else {
            t
        })
    }

    fn call_type(
        &self,
        callee: &Expr,
        template_args: &[TemplateArg],
        args: &[Expr],
        scope: &dyn Scope,
    ) -> Option<Ty> {
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.expr_type(a, scope)).collect();
        match &callee.strip_parens().kind {
            ExprKind::Ident(name) => self.named_call_type(name, template_args, &arg_types, scope),
            ExprKind::Member { base, field, arrow } => {
                let tb = self.expr_type(base, scope)?;
                let object = if *arrow { pointee(&tb)?.clone() } else { tb };
                self.method_call_type(&object, field, template_args, &arg_types)
                    .or_else(|| builtins::container_method(&object, field))
                    .map(|t| self.canonical(&t))
            }
            _ => None,
        }
    }

    /// `f(args)`: a user function, a constructor-style call of a type, or a builtin.
    fn named_call_type(
        &self,
        name: &str,
        template_args: &[TemplateArg],
        arg_types: &[Option<Ty>],
        scope: &dyn Scope,
    ) -> Option<Ty> {
        if !name.starts_with("::") {
            if let Some(local) = scope.lookup(name) {
                // a functor's `operator()`; function pointers stay unknown
                let object = self.canonical(strip_refs(&local));
                return self.method_call_type(&object, "operator()", template_args, arg_types);
            }
        }
        if let Some((f, bindings)) = self.resolve_call_with(name, template_args, arg_types) {
            let ret = self.return_type(f, &bindings)?;
            return Some(self.with_values(f, template_args, arg_types, ret));
        }
        if self.is_type_name(name) {
            let args = template_args.to_vec();
            return Some(self.canonical(&Ty::new(TyKind::Named {
                name: name.to_string(),
                args,
            })));
        }
        let rule = builtins::function(name)?;
        builtins::call_type(rule, arg_types)
    }

    /// `obj.method(args)` on a struct (also through base classes).
    fn method_call_type(
        &self,
        object: &Ty,
        method: &str,
        template_args: &[TemplateArg],
        arg_types: &[Option<Ty>],
    ) -> Option<Ty> {
        let TyKind::Named { name, args } = &strip_refs(object).kind else {
            return None;
        };
        let (s, own) = self.index.instance_def(name, args)?;
        let owner = strip_template_args(normalize(name));
        let mut candidates = self.methods_of(s, &self.functions(&format!("{owner}::{method}")));
        // the struct whose member types the method's declaration reads
        let mut decl = Some((s, owner.clone()));
        if candidates.is_empty() {
            (candidates, decl) = self
                .index
                .base_names(s)
                .iter()
                .map(|base| {
                    let def = self.index.struct_def(base).filter(|b| b.template.is_none());
                    let def = def.map(|b| (b, base.clone()));
                    (self.functions(&format!("{base}::{method}")), def)
                })
                .find(|(c, _)| !c.is_empty())
                .unwrap_or_default();
        }
        let class = match (&s.template, own.is_empty()) {
            (Some(params), false) => class_bindings(params, &own),
            _ => Bindings::new(),
        };
        if candidates.is_empty() {
            let declared = opaque_operator_return(s, method)?;
            return Some(self.canonical(&substitute(&declared, &class)));
        }
        let (f, mut bindings) = self.best_overload(&candidates, template_args, arg_types)?;
        // `Real reach(Real q)` in a struct with `using Real = double;`: the struct's own
        // `Real`, its class parameters bound (`using Vec = V2<S>;` is a `V2<float>`).
        if let Some((decl, decl_name)) = decl {
            for (name, ty) in member_types(decl, &decl_name) {
                let ty = if std::ptr::eq(decl, s) {
                    substitute(&ty, &class)
                } else {
                    ty
                };
                bindings.entry(name).or_insert(ty);
            }
        }
        bindings.extend(class);
        self.return_type(f, &bindings)
    }

    /// `ty` (from `f`'s declaration) with `f`'s non-type template parameters replaced by the
    /// values a call gives them, written or deduced: `scaled(p)` of `V<T, R> scaled(V<T, R>)`
    /// given a `V<double, 2>` is a `V<double, 2>`, not a `V<double, R>`.
    fn with_values(
        &self,
        f: &Function,
        template_args: &[TemplateArg],
        arg_types: &[Option<Ty>],
        ty: Ty,
    ) -> Ty {
        let Some(params) = &f.template else {
            return ty;
        };
        let mut values = self.deduce_values(f, arg_types);
        for (p, a) in params.iter().zip(template_args) {
            if let (TemplateParamKind::Value { .. }, TemplateArg::Expr(e)) = (&p.kind, a) {
                values.insert(p.name.clone(), e.clone());
            }
        }
        if values.is_empty() {
            return ty;
        }
        let pairs: Vec<(&str, &Expr)> = values.iter().map(|(n, e)| (n.as_str(), e)).collect();
        let mut ty = ty;
        crate::index::substitute_lengths(&mut ty, &pairs);
        self.canonical(&ty)
    }

    /// Declared return type with template parameters substituted; `auto` is deduced from the
    /// first `return` of the body.
    pub fn return_type(&self, f: &Function, bindings: &Bindings) -> Option<Ty> {
        if matches!(f.ret.kind, TyKind::Auto) {
            return self.deduced_return_type(f, bindings);
        }
        let t = self.canonical(&substitute(&f.ret, bindings));
        Some(strip_refs(&t).clone())
    }

    fn deduced_return_type(&self, f: &Function, bindings: &Bindings) -> Option<Ty> {
        let body = f.body.as_ref()?;
        // recursive `auto` functions: give up instead of looping
        if self.auto_depth.get() >= MAX_AUTO_DEPTH {
            return None;
        }
        self.auto_depth.set(self.auto_depth.get() + 1);
        let mut scope = ScopeStack::new();
        for p in &f.params {
            if let Some(name) = &p.name {
                scope.declare(name, substitute(&p.ty, bindings));
            }
        }
        let found = self.first_return(body, &mut scope);
        self.auto_depth.set(self.auto_depth.get() - 1);
        found
    }

    fn first_return(&self, stmts: &[Stmt], scope: &mut ScopeStack) -> Option<Ty> {
        scope.push();
        let found = stmts.iter().find_map(|s| self.return_in(s, scope));
        scope.pop();
        found
    }

    fn return_in(&self, s: &Stmt, scope: &mut ScopeStack) -> Option<Ty> {
        match &s.kind {
            StmtKind::Return(Some(e)) => self.expr_type(e, scope),
            StmtKind::Decl(d) => {
                self.declare_locals(d, scope);
                None
            }
            StmtKind::Bindings(b) => {
                self.declare_bindings(b, scope);
                None
            }
            StmtKind::Block(b) => self.first_return(b, scope),
            StmtKind::If { then, els, .. } => self
                .first_return(std::slice::from_ref(then), scope)
                .or_else(|| {
                    let els = els.as_deref()?;
                    self.first_return(std::slice::from_ref(els), scope)
                }),
            StmtKind::For { init, body, .. } => {
                scope.push();
                if let Some(StmtKind::Decl(d)) = init.as_ref().map(|i| &i.kind) {
                    self.declare_locals(d, scope);
                }
                let found = self.first_return(std::slice::from_ref(body), scope);
                scope.pop();
                found
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => {
                self.first_return(std::slice::from_ref(body), scope)
            }
            StmtKind::Switch { cases, .. } => {
                let stmts: Vec<Stmt> = cases.iter().flat_map(|c| c.body.clone()).collect();
                self.first_return(&stmts, scope)
            }
            _ => None,
        }
    }

    /// Declares the names of a structured binding with the types of the members (or array
    /// elements) they bind to; `auto` where that is unknown.
    pub fn declare_bindings(&self, b: &BindingDecl, scope: &mut ScopeStack) {
        let types = self.binding_types(b, scope);
        for (name, ty) in b.names.iter().zip(types) {
            scope.declare(name, ty.unwrap_or_else(|| Ty::new(TyKind::Auto)));
        }
    }

    /// The types of the names of a structured binding (one per name; `None` where the
    /// initializer's type is unknown or has another number of members).
    pub fn binding_types(&self, b: &BindingDecl, scope: &dyn Scope) -> Vec<Option<Ty>> {
        let ty = self
            .type_of(&b.init, scope)
            .map(|t| match self.canonical(&t).kind {
                TyKind::LRef(inner) | TyKind::RRef(inner) => self.canonical(&inner),
                kind => Ty::new(kind),
            });
        let types: Vec<Ty> = match ty {
            Some(Ty {
                kind: TyKind::Array { elem, .. },
                ..
            }) => vec![self.canonical(&elem); b.names.len()],
            Some(t) => self.fields(&t).into_iter().map(|(_, t)| t).collect(),
            None => vec![],
        };
        if types.len() != b.names.len() {
            return vec![None; b.names.len()];
        }
        types.into_iter().map(Some).collect()
    }

    /// Declares the variables of a declaration; `auto` ones get their initializer's type.
    pub fn declare_locals(&self, d: &DeclStmt, scope: &mut ScopeStack) {
        for v in &d.vars {
            let ty = match (&v.ty.kind, &v.init) {
                (TyKind::Auto, Some(Init::Assign(e))) => self
                    .expr_type(e, scope)
                    .map(|t| t.with_const(v.ty.is_const))
                    .unwrap_or_else(|| v.ty.clone()),
                _ => v.ty.clone(),
            };
            scope.declare(&v.name, ty);
        }
    }
}

/// Nesting of `auto` return-type deductions (calls inside deduced bodies).
const MAX_AUTO_DEPTH: u32 = 8;

/// Operators on user types (helper_math-style `float3 * float`): the struct operand's type.
impl<'a> Program<'a> {
    /// The free function `operator<op>` a binary expression on a struct or CUDA vector type
    /// calls (`float3 operator*(float3, float)`), when the file defines one.
    pub fn user_operator(&self, op: BinOp, l: &Ty, r: &Ty) -> Option<&'a Function> {
        // Only a class operand calls a user operator (not an unknown type: `float + float`
        // with one `operator+(float3h, float3h)` in the file is the built-in addition).
        if !self.is_class(l) && !self.is_class(r) {
            return None;
        }
        let name = format!("operator{}", binop_symbol(op)?);
        let f = self
            .resolve_call(&name, &[Some(l.clone()), Some(r.clone())])
            .filter(|f| f.params.len() == 2)?;
        // A lone candidate is returned whatever the arguments: an arithmetic argument does not
        // bind a class parameter.
        let fits = f.params.iter().zip([l, r]).all(|(p, a)| {
            let p = self.canonical(&p.ty);
            !(self.is_class(&p) && is_arithmetic(strip_refs(a)))
        });
        fits.then_some(f)
    }

    /// The free function `operator<op>=` a compound assignment to a struct or CUDA vector
    /// type calls (`void operator+=(double4& a, double4 b)`, a hidden friend, a template),
    /// when the file declares one these operands can call (`r`: `None` when unknown). One
    /// for other types is not it: such an operator may come from a header cuad does not read.
    pub fn user_compound_operator(
        &self,
        op: BinOp,
        l: &Ty,
        r: Option<&Ty>,
    ) -> Option<&'a Function> {
        if !self.is_class(l) {
            return None;
        }
        let name = format!("operator{}=", binop_symbol(op)?);
        let args = [Some(l.clone()), r.cloned()];
        self.resolve_call(&name, &args)
            .filter(|f| f.params.len() == 2 && self.is_viable(f, &args))
    }

    /// The `operator-` / `operator+` of one operand a unary expression on a struct or CUDA
    /// vector type calls (`P operator-(P)`, or a member `P operator-() const` as methods.rs
    /// lowers it), when the file defines one.
    pub fn user_unary_operator(&self, op: UnOp, x: &Ty) -> Option<&'a Function> {
        if !self.is_class(x) {
            return None;
        }
        let name = match op {
            UnOp::Neg => "operator-",
            UnOp::Plus => "operator+",
            _ => return None,
        };
        let args = [Some(x.clone())];
        let unary: Vec<&'a Function> = self
            .functions(name)
            .into_iter()
            .filter(|f| f.params.len() == 1)
            .collect();
        let (f, _) = self.best_overload(&unary, &[], &args)?;
        self.is_viable(f, &args).then_some(f)
    }

    /// A struct of the program or a CUDA vector type (`float3`).
    fn is_class(&self, ty: &Ty) -> bool {
        named_name(&self.canonical(ty)).is_some_and(|n| {
            self.struct_def(n).is_some() || crate::builtins::vector_type(n).is_some()
        })
    }
}

/// The spelling of an overloadable binary operator.
pub fn binop_symbol(op: BinOp) -> Option<&'static str> {
    use BinOp::*;
    Some(match op {
        Add => "+",
        Sub => "-",
        Mul => "*",
        Div => "/",
        _ => return None,
    })
}

fn overloaded_operator_type(l: &Ty, r: &Ty) -> Option<Ty> {
    [l, r]
        .into_iter()
        .find(|t| named_name(t).is_some())
        .map(unqualified)
}

/// The parser keeps operator overloads as opaque member text
/// (`__device__ float operator()(float v) const {...}`): read the return type in front.
fn opaque_operator_return(s: &StructDef, method: &str) -> Option<Ty> {
    let text = s.members.iter().flatten().find_map(|m| match m {
        Member::Item(item) => match item.as_ref() {
            Item::Opaque { text, .. } if text.contains(method) => Some(text.as_str()),
            _ => None,
        },
        _ => None,
    })?;
    let head = text.split(method).next()?;
    let words: Vec<&str> = head
        .split_whitespace()
        .filter(|w| !FUNCTION_QUALIFIERS.contains(w) && !w.starts_with("__launch_bounds__"))
        .collect();
    let spelled = words.join(" ");
    let spelled = spelled.trim_end_matches('&').trim();
    (!spelled.is_empty() && !spelled.contains(['(', '<'])).then(|| builtins::spec_type(spelled))
}

const FUNCTION_QUALIFIERS: &[&str] = &[
    "__device__",
    "__host__",
    "__forceinline__",
    "__noinline__",
    "inline",
    "static",
    "constexpr",
    "virtual",
    "explicit",
    "friend",
    "template<>",
];
