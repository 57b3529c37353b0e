//! Top-level items: functions, globals, typedefs, `using`, namespaces, `extern "C"`,
//! templates and directives. Each item is parsed as an island (see `island.rs`).

use super::ty::{Aggregate, Declarator, SpecCtx, Specs};
use super::{PResult, Parser};
use crate::ast::{
    DeclSpecs, DeclStmt, Function, Item, Param, TemplateParam, TemplateParamKind, Ty, TyKind,
    VarDecl,
};
use crate::token::TokenKind;

impl Parser<'_, '_> {
    /// Items until end of input, or until the `}` closing the enclosing namespace /
    /// `extern "C"` block when `in_braces` (the `}` is left for the caller).
    pub(crate) fn parse_items(&mut self, in_braces: bool) -> Vec<crate::ast::Item> {
        let mut items = Vec::new();
        while !self.at_eof() {
            if self.at("}") {
                if in_braces {
                    break;
                }
                let start = self.pos;
                self.bump();
                items.push(self.opaque_from(start, "unmatched `}`".to_string()));
                continue;
            }
            if !in_braces {
                self.types.end_item();
            }
            let friends = self.friends.len();
            match self.island(|p| p.parse_item()) {
                Ok(parsed) => items.extend(parsed),
                Err(opaque) => {
                    self.friends.truncate(friends);
                    items.push(*opaque)
                }
            }
            items.extend(self.friends.drain(friends..));
        }
        items
    }

    fn parse_item(&mut self) -> PResult<Vec<Item>> {
        let t = *self.peek();
        if t.kind == TokenKind::Directive {
            self.bump();
            return Ok(vec![Item::Directive {
                text: t.text.to_string(),
                span: t.span,
            }]);
        }
        match t.text {
            ";" if t.kind == TokenKind::Punct => {
                self.bump();
                Ok(vec![])
            }
            "namespace" => self.parse_namespace(false),
            "inline" if self.nth_is(1, "namespace") => {
                self.bump();
                self.parse_namespace(true)
            }
            "extern" if self.nth(1).kind == TokenKind::Str && self.nth_is(2, "{") => {
                self.parse_extern_c_block()
            }
            "using" => Ok(vec![self.parse_using()?]),
            "template" => self.parse_template_item(),
            "static_assert" => {
                self.skip_static_assert()?;
                Ok(vec![])
            }
            _ => self.parse_declaration_item(None, self.pos),
        }
    }

    /// `namespace a::b { items }` (anonymous allowed).
    fn parse_namespace(&mut self, inline: bool) -> PResult<Vec<Item>> {
        let start = self.pos;
        self.bump();
        let name = self.take_name();
        if self.at("=") {
            return self.parse_namespace_alias(start);
        }
        self.expect("{", "to open namespace")?;
        let depth = self.namespaces.len();
        if let Some(name) = &name {
            self.namespaces.extend(name.split("::").map(str::to_string));
        }
        let aliases = self.ns_aliases.len();
        let items = self.parse_items(true);
        self.ns_aliases.truncate(aliases);
        self.namespaces.truncate(depth);
        self.expect("}", "to close namespace")?;
        Ok(vec![Item::Namespace {
            name,
            inline,
            items,
            span: self.span_from(start),
        }])
    }

    /// `namespace cg = cooperative_groups;` is kept as text like a using-directive; later
    /// names qualified by the alias are read as names of the aliased namespace.
    fn parse_namespace_alias(&mut self, start: usize) -> PResult<Vec<Item>> {
        self.record_ns_alias(start)?;
        let text = self.text_of(start, self.pos);
        Ok(vec![Item::UsingDirective {
            text,
            span: self.span_from(start),
        }])
    }

    /// From `namespace` at token `start`, the cursor at `=`: `namespace m = a::b;` in scope
    /// until the enclosing namespace or block ends.
    pub(crate) fn record_ns_alias(&mut self, start: usize) -> PResult<()> {
        let alias = self.tok_at(start + 1).text.to_string();
        self.bump();
        let Some(target) = self.take_name() else {
            return self.err_here("expected namespace name after `=`");
        };
        self.expect(";", "after namespace alias")?;
        self.ns_aliases.push((alias, target));
        Ok(())
    }

    /// `extern "C" { items }`
    fn parse_extern_c_block(&mut self) -> PResult<Vec<Item>> {
        let start = self.pos;
        self.bump();
        if self.bump().text != "\"C\"" {
            return self.err_here("only `extern \"C\"` blocks are modelled");
        }
        self.expect("{", "to open `extern \"C\"` block")?;
        let items = self.parse_items(true);
        self.expect("}", "to close `extern \"C\"` block")?;
        Ok(vec![Item::ExternC {
            items,
            span: self.span_from(start),
        }])
    }

    /// `using X = T;`, `using namespace std;`, `using std::sin;`
    pub(crate) fn parse_using(&mut self) -> PResult<Item> {
        let start = self.pos;
        self.bump();
        if self.peek().is_ident() && self.nth_is(1, "=") {
            let (name, _) = self.expect_ident("after `using`")?;
            self.bump();
            let ty = self.parse_type_id()?;
            self.expect(";", "after alias declaration")?;
            self.declare_type(&name);
            return Ok(Item::Using {
                name,
                ty,
                template: None,
                span: self.span_from(start),
            });
        }
        while !self.at(";") {
            if self.at_eof() || self.at("{") || self.at("}") {
                return self.err_here("expected `;` after using-declaration");
            }
            self.bump();
        }
        self.bump();
        let text = self.text_of(start, self.pos);
        self.declare_used_type(start);
        Ok(Item::UsingDirective {
            text,
            span: self.span_from(start),
        })
    }

    /// `using ns::Type;` brings a known type name into scope unqualified.
    fn declare_used_type(&mut self, start: usize) {
        if let Some((_, name)) = self.scan_name(start + 1) {
            if self.types.is_type(&name) {
                if let Some(last) = name.rsplit("::").next() {
                    let last = last.to_string();
                    self.declare_type(&last);
                }
            }
        }
    }

    /// `template <...>` followed by a function or a struct.
    fn parse_template_item(&mut self) -> PResult<Vec<Item>> {
        let start = self.pos;
        let params = self.parse_template_params()?;
        match self.peek().text {
            "using" if self.nth(1).is_ident() && self.nth_is(2, "=") => {
                let mut item = self.parse_using()?;
                if let Item::Using { template, name, .. } = &mut item {
                    self.templates.insert(name.clone());
                    *template = Some(params);
                }
                Ok(vec![item])
            }
            "template" => self.err_here("nested template headers are not modelled"),
            "friend" => self.err_here("friend declarations are not modelled"),
            _ => {
                let outer = std::mem::replace(&mut self.in_template, true);
                let outer_spec =
                    std::mem::replace(&mut self.explicit_specialization, params.is_empty());
                let outer_params = self.header_params.replace(params.clone());
                let item = self.parse_declaration_item(Some(params), start);
                self.header_params = outer_params;
                self.in_template = outer;
                self.explicit_specialization = outer_spec;
                item
            }
        }
    }

    /// `template <typename T, int N = 4, class U = float>`; the names are in scope until
    /// the end of the item.
    pub(crate) fn parse_template_params(&mut self) -> PResult<Vec<TemplateParam>> {
        self.bump();
        self.expect("<", "after `template`")?;
        let mut params = Vec::new();
        if self.eat(">") {
            return Ok(params);
        }
        loop {
            params.push(self.with_gt_end(|p| p.parse_template_param())?);
            if self.eat(",") {
                continue;
            }
            self.expect(">", "to close template parameter list")?;
            return Ok(params);
        }
    }

    fn parse_template_param(&mut self) -> PResult<TemplateParam> {
        if self.at("template") {
            return self.unsupported("template template parameters are");
        }
        let is_type_param = (self.at("typename") || self.at("class"))
            && (self.nth(1).is_ident() || self.nth_is(1, "...") || self.nth_is(1, "="));
        if is_type_param {
            self.bump();
            if self.eat("...") {
                // `typename... Ts`: a type parameter pack (expanded per instance by sema).
                let (name, _) = self.expect_ident("in template parameter pack")?;
                self.types.push_scoped(&name);
                if self.at("=") {
                    return self.err_here("a template parameter pack cannot have a default");
                }
                return Ok(TemplateParam {
                    name,
                    kind: TemplateParamKind::TypePack,
                });
            }
            let (name, _) = self.expect_ident("in template parameter")?;
            self.types.push_scoped(&name);
            let default = if self.eat("=") {
                Some(self.parse_type_id()?)
            } else {
                None
            };
            return Ok(TemplateParam {
                name,
                kind: TemplateParamKind::Type { default },
            });
        }
        let specs = self.parse_specs(SpecCtx::Param)?;
        let Some(ty) = specs.ty else {
            return self.err_here("expected template parameter");
        };
        if self.at("...") {
            return self.unsupported("packs of non-type template parameters (`int... Ns`) are");
        }
        let (name, ty) = self.template_param_declarator(ty)?;
        let default = if self.eat("=") {
            Some(self.parse_assign()?)
        } else {
            None
        };
        Ok(TemplateParam {
            name,
            kind: TemplateParamKind::Value { ty, default },
        })
    }

    /// The declarator of a non-type template parameter of type `ty`: a name, or a function
    /// pointer or reference (`float (*op)(float)`, `float (&op)(float)`; `float op(float)` is
    /// adjusted to a pointer), bound to a function at each instance.
    fn template_param_declarator(&mut self, ty: Ty) -> PResult<(String, Ty)> {
        let ty = self.parse_ptr_ops(ty);
        let wrapped = self.at("(") && matches!(self.nth(1).text, "*" | "&");
        let reference = wrapped && self.nth_is(1, "&");
        if wrapped {
            self.bump();
            self.bump();
        }
        let (name, _) = self.expect_ident("in template parameter")?;
        if wrapped {
            self.expect(")", "after the function pointer's name")?;
        } else if !self.at("(") {
            return Ok((name, ty));
        }
        let params = self.parse_params()?.into_iter().map(|p| p.ty).collect();
        let function = Ty::new(TyKind::Function {
            ret: Box::new(ty),
            params,
        });
        let ty = if reference {
            Ty::new(TyKind::LRef(Box::new(function)))
        } else {
            Ty::pointer_to(function)
        };
        Ok((name, ty))
    }

    /// A declaration at namespace scope: function, global variables, typedef, struct, enum.
    pub(crate) fn parse_declaration_item(
        &mut self,
        template: Option<Vec<TemplateParam>>,
        start: usize,
    ) -> PResult<Vec<Item>> {
        let specs = self.parse_specs(SpecCtx::Top)?;
        if specs.aggregate.is_some() {
            return self.finish_aggregate_decl(specs, template);
        }
        let base = specs.ty.clone().unwrap_or_else(|| Ty::new(TyKind::Void));
        let declarator = match self.free_operator_declarator(&base) {
            Some(d) => d,
            None => self.parse_declarator(base.clone(), true)?,
        };
        let is_function = self.at("(") && (specs.ty.is_none() || self.looks_like_params());
        if is_function && !specs.decl.is_typedef {
            let function = self.parse_function_rest(specs, declarator, template, start)?;
            return Ok(vec![Item::Function(function)]);
        }
        if specs.ty.is_none() {
            return self.err_here("expected a type");
        }
        let name = declarator.name.clone();
        let decl = self.finish_var_decl_from(specs.decl, &base, declarator, start)?;
        Ok(vec![match template {
            Some(_) if decl.specs.is_typedef || decl.vars.len() != 1 => {
                return Err(super::PErr {
                    span: decl.span,
                    msg: "variable templates of several declarators are not modelled".into(),
                });
            }
            Some(params) => {
                // `kFar<T>` is then a template-id, not comparisons.
                self.templates.insert(name);
                Item::VarTemplate { params, decl }
            }
            None if decl.specs.is_typedef => Item::Typedef(decl),
            None => Item::Global(decl),
        }])
    }

    /// After a struct/enum specifier: `;`, or trailing declarators (`} a, b;`,
    /// `typedef struct {...} T;`, `typedef enum {...} E;`).
    pub(crate) fn finish_aggregate_decl(
        &mut self,
        specs: Specs,
        template: Option<Vec<TemplateParam>>,
    ) -> PResult<Vec<Item>> {
        let start = self.pos;
        let Specs {
            decl,
            ty,
            aggregate,
            ..
        } = specs;
        let mut trailing = if self.eat(";") {
            None
        } else {
            let base = ty.unwrap_or_else(|| Ty::new(TyKind::Void));
            let first = self.parse_declarator(base.clone(), true)?;
            Some(self.finish_var_decl_from(decl, &base, first, start)?)
        };
        match aggregate {
            Some(Aggregate::Struct(mut def)) => {
                def.template = template;
                if let Some(t) = trailing.as_mut() {
                    if def.name.is_none() && t.specs.is_typedef {
                        rename_anonymous(t);
                    }
                }
                def.trailing = trailing;
                Ok(vec![Item::Struct(def)])
            }
            Some(Aggregate::Enum(def)) => self.enum_items(def, template, trailing),
            None => self.err_here("expected a struct or enum definition"),
        }
    }

    /// `enum E {..};` or `typedef enum [Tag] {..} E;` (an enum named `E`, plus a typedef
    /// when the tag differs).
    fn enum_items(
        &mut self,
        mut def: crate::ast::EnumDef,
        template: Option<Vec<TemplateParam>>,
        trailing: Option<DeclStmt>,
    ) -> PResult<Vec<Item>> {
        if template.is_some() {
            return self.err_here("enum templates are not modelled");
        }
        let Some(trailing) = trailing else {
            return Ok(vec![Item::Enum(def)]);
        };
        if !trailing.specs.is_typedef || trailing.vars.len() != 1 {
            return self.err_here("declarators after an enum definition are not modelled");
        }
        let alias = trailing.vars[0].name.clone();
        match def.name.clone() {
            None => {
                def.name = Some(alias);
                Ok(vec![Item::Enum(def)])
            }
            Some(tag) if tag == alias => Ok(vec![Item::Enum(def)]),
            Some(tag) => {
                let mut typedef = trailing;
                typedef.vars[0].ty = Ty::named(&tag);
                Ok(vec![Item::Enum(def), Item::Typedef(typedef)])
            }
        }
    }

    /// Rest of a variable declaration after its first declarator: initializer, more
    /// declarators, `;`. Registers typedef names.
    pub(crate) fn finish_var_decl_from(
        &mut self,
        specs: DeclSpecs,
        base: &Ty,
        first: Declarator,
        start: usize,
    ) -> PResult<DeclStmt> {
        let mut vars = vec![self.finish_declarator(first)?];
        while self.eat(",") {
            let next = self.parse_declarator(base.clone(), true)?;
            vars.push(self.finish_declarator(next)?);
        }
        self.expect(";", "after declaration")?;
        for v in &vars {
            if specs.is_typedef {
                self.declare_type(&v.name);
            } else {
                self.types.declare_variable(&v.name);
            }
        }
        Ok(DeclStmt {
            specs,
            vars,
            span: self.span_from(start),
        })
    }

    pub(crate) fn finish_declarator(&mut self, d: Declarator) -> PResult<VarDecl> {
        let init = self.parse_initializer()?;
        let span = d.span.to(self.span_from(self.pos.saturating_sub(1)));
        Ok(VarDecl {
            name: d.name,
            ty: d.ty,
            init,
            span,
        })
    }

    /// After a declarator name at `(`: parameters, qualifiers, constructor initializers and
    /// the body (or `;` for a prototype).
    pub(crate) fn parse_function_rest(
        &mut self,
        specs: Specs,
        declarator: Declarator,
        template: Option<Vec<TemplateParam>>,
        start: usize,
    ) -> PResult<Function> {
        let params = self.parse_params()?;
        let mut ret = declarator.ty;
        let mut is_const_method = false;
        loop {
            match self.peek().text {
                "const" => is_const_method = true,
                "override" | "final" => {}
                "noexcept" => {
                    self.bump();
                    if self.at("(") {
                        self.skip_balanced();
                    }
                    continue;
                }
                "->" => {
                    self.bump();
                    ret = self.parse_type_id()?;
                    continue;
                }
                "&" | "&&" | "volatile" => {
                    return self.err_here("ref-qualified methods are not modelled")
                }
                "__attribute__" => {
                    let mut ignored = crate::ast::FnAttrs::default();
                    self.parse_gnu_attributes(&mut ignored)?;
                    continue;
                }
                _ => break,
            }
            self.bump();
        }
        if self.at("=") {
            return self.err_here("defaulted, deleted and pure virtual functions are not modelled");
        }
        if self.at("try") {
            return self.unsupported("exceptions (`try`) are");
        }
        let ctor_inits = if self.at(":") {
            self.parse_ctor_inits()?
        } else {
            Vec::new()
        };
        if template.is_some() {
            self.templates.insert(declarator.name.clone());
        }
        let body = if self.at("{") {
            Some(self.parse_fn_body())
        } else {
            self.expect(";", "after function declaration")?;
            None
        };
        Ok(Function {
            attrs: specs.attrs,
            template,
            ret,
            name: declarator.name,
            params,
            is_const_method,
            ctor_inits,
            body,
            span: self.span_from(start),
            name_span: declarator.span,
        })
    }

    /// `(int a, const float* __restrict__ b = nullptr, T)`; `(void)` is empty.
    pub(crate) fn parse_params(&mut self) -> PResult<Vec<Param>> {
        self.expect("(", "to open parameter list")?;
        let mut params = Vec::new();
        if self.eat(")") {
            return Ok(params);
        }
        if self.at("void") && self.nth_is(1, ")") {
            self.bump();
            self.bump();
            return Ok(params);
        }
        loop {
            if self.at("...") {
                return self.unsupported("variadic functions are");
            }
            params.push(self.parse_param()?);
            if self.eat(",") {
                continue;
            }
            self.expect(")", "after parameters")?;
            return Ok(params);
        }
    }

    fn parse_param(&mut self) -> PResult<Param> {
        let start = self.pos;
        let specs = self.parse_specs(SpecCtx::Param)?;
        let Some(base) = specs.ty else {
            return self.err_here("expected parameter type");
        };
        // `Ts... vs` / `const Ts&... vs`: a function parameter pack (its `...` follows the
        // pointer and reference operators, before the name).
        let ops = self.parse_ptr_ops(base);
        let pack = self.eat("...");
        let mut d = self.parse_declarator(ops, false)?;
        if self.at("(") {
            return self.unsupported("function parameters of function type are");
        }
        if pack {
            if self.at("=") {
                return self.err_here("a function parameter pack cannot have a default argument");
            }
            d.ty = Ty::new(TyKind::Pack(Box::new(d.ty)));
        }
        let default = if self.eat("=") {
            Some(self.parse_assign()?)
        } else {
            None
        };
        let name = (!d.name.is_empty()).then_some(d.name);
        if let Some(n) = &name {
            self.types.declare_variable(n);
        }
        Ok(Param {
            name,
            ty: d.ty,
            default,
            span: self.span_from(start),
        })
    }

    /// `: a(x), b{y}` before a constructor body.
    fn parse_ctor_inits(&mut self) -> PResult<Vec<(String, Vec<crate::ast::Expr>)>> {
        self.bump();
        let mut inits = Vec::new();
        loop {
            let (name, _) = self.expect_ident("in member initializer")?;
            let args = if self.at("{") {
                self.parse_brace_items()?
            } else if self.at("(") {
                self.parse_call_args()?
            } else {
                return self.err_here("expected `(` or `{` after member name");
            };
            inits.push((name, args));
            if !self.eat(",") {
                return Ok(inits);
            }
        }
    }
}

/// For `typedef struct { ... } T;`: the declarators name the anonymous struct `T`.
fn rename_anonymous(trailing: &mut DeclStmt) {
    let Some(first) = trailing.vars.first() else {
        return;
    };
    let name = first.name.clone();
    for v in &mut trailing.vars {
        if let TyKind::Named { name: n, .. } = &mut v.ty.kind {
            if n.is_empty() {
                *n = name.clone();
            }
        }
    }
}
