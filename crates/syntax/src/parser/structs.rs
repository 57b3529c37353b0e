//! `struct` / `class` / `union` / `enum` specifiers: definitions, forward declarations and
//! elaborated type names, with members parsed one island at a time.

use super::ty::{Aggregate, SpecCtx};
use super::{PResult, Parser};
use crate::ast::{
    EnumDef, Expr, ExprKind, Item, Member, StructDef, TemplateArg, TemplateParam,
    TemplateParamKind, Ty, TyKind,
};
use crate::token::TokenKind;

impl Parser<'_, '_> {
    /// At `struct`/`class`/`union`/`enum`: the type it names and, for a definition or a
    /// forward declaration, the aggregate itself.
    pub(crate) fn parse_aggregate_spec(
        &mut self,
        ctx: SpecCtx,
    ) -> PResult<(Ty, Option<Aggregate>)> {
        if self.at("enum") {
            return self.parse_enum_spec(ctx);
        }
        let start = self.pos;
        let keyword = self.bump().text.to_string();
        let attributes = self.parse_struct_attributes()?;
        let name = self.take_name();
        let specialized = self.at("<");
        // the class template's parameters, when this defines one (not a nested struct)
        let header_params = self.header_params.take();
        let mut injected_args = None;
        let name = match name {
            // `template <> struct Acc<float> {...}` and the partial `template <typename T>
            // struct Poly<T, 1>`: named with their arguments, which sema matches against the
            // instances the program names.
            Some(n) if specialized && (self.explicit_specialization || self.in_template) => {
                let args_start = self.pos;
                injected_args = Some(self.parse_template_args()?);
                Some(format!("{n}{}", self.text_of(args_start, self.pos)))
            }
            _ if specialized => {
                return self.err_here("partial class template specializations are not modelled")
            }
            other => other,
        };
        self.eat("final");
        let defining = self.at("{") || self.at(":");
        let forward = !defining && self.at(";") && matches!(ctx, SpecCtx::Top | SpecCtx::Member(_));
        if !defining && !forward {
            let Some(name) = name else {
                return self.err_here(format!("expected a name or `{{` after `{keyword}`"));
            };
            return Ok((Ty::named(&name), None));
        }
        if defining && !matches!(ctx, SpecCtx::Top | SpecCtx::Member(_)) {
            return self.unsupported("local struct definitions are");
        }
        if let Some(name) = name.as_ref().filter(|_| !specialized) {
            self.declare_type(name);
        }
        let bases = if self.eat(":") {
            self.parse_bases()
        } else {
            Vec::new()
        };
        let class_template = match (&header_params, &name) {
            (Some(params), Some(n)) if !params.is_empty() => {
                let base = n.split('<').next().unwrap_or(n).trim().to_string();
                let args = injected_args.unwrap_or_else(|| params_as_args(params));
                Some((params.clone(), Ty::new(TyKind::Named { name: base, args })))
            }
            _ => None,
        };
        let outer_class = std::mem::replace(&mut self.class_template, class_template);
        let members = if defining {
            self.parse_members(name.as_deref()).map(Some)
        } else {
            Ok(None)
        };
        self.class_template = outer_class;
        let members = members?;
        let ty = Ty::named(name.as_deref().unwrap_or(""));
        let def = StructDef {
            keyword,
            name,
            template: None,
            bases,
            members,
            attributes,
            trailing: None,
            span: self.span_from(start),
        };
        Ok((ty, Some(Aggregate::Struct(def))))
    }

    /// `__align__(16)` / `alignas(16)` between the keyword and the name (and `[[...]]`
    /// attributes, dropped).
    fn parse_struct_attributes(&mut self) -> PResult<Vec<String>> {
        let mut attributes = Vec::new();
        loop {
            self.skip_attributes()?;
            if !self.at("__align__") && !self.at("alignas") {
                break;
            }
            let start = self.pos;
            self.bump();
            if !self.at("(") {
                return self.err_here("expected `(` after alignment specifier");
            }
            self.skip_balanced();
            attributes.push(self.text_of(start, self.pos));
        }
        if self.at("__attribute__") {
            return self.err_here("attributes on classes are not modelled");
        }
        Ok(attributes)
    }

    /// Base classes as written, split at top-level commas (`public Base<T, 2>`).
    fn parse_bases(&mut self) -> Vec<String> {
        let mut bases = Vec::new();
        let mut start = self.pos;
        let mut angle = 0i32;
        while !self.at_eof() && !self.at("{") && !self.at(";") {
            match self.peek().text {
                "<" => angle += 1,
                ">" => angle -= 1,
                "," if angle <= 0 => {
                    bases.push(self.text_of(start, self.pos));
                    self.bump();
                    start = self.pos;
                    continue;
                }
                _ => {}
            }
            self.bump();
        }
        if self.pos > start {
            bases.push(self.text_of(start, self.pos));
        }
        bases
    }

    /// At `{`: members up to and including the closing `}`. Members the parser does not
    /// model are kept as `Member::Item(Opaque)`.
    fn parse_members(&mut self, struct_name: Option<&str>) -> PResult<Vec<Member>> {
        self.expect("{", "to open class body")?;
        // A specialization's constructors are named without its arguments (`Poly` in
        // `Poly<T, 1>`).
        let owner = struct_name.map(|n| {
            let n = n.split('<').next().unwrap_or(n).trim();
            n.rsplit("::").next().unwrap_or(n).to_string()
        });
        let mut members = Vec::new();
        loop {
            let t = *self.peek();
            if t.kind == TokenKind::Eof {
                return self.err_here("expected `}` to close class body");
            }
            if self.eat("}") {
                return Ok(members);
            }
            if self.eat(";") {
                continue;
            }
            if t.kind == TokenKind::Directive {
                self.bump();
                let text = t.text.to_string();
                members.push(Member::Item(Box::new(Item::Directive {
                    text,
                    span: t.span,
                })));
                continue;
            }
            if matches!(t.text, "public" | "private" | "protected") && self.nth_is(1, ":") {
                self.bump();
                self.bump();
                members.push(Member::Access(t.text.to_string()));
                continue;
            }
            match self.island(|p| p.parse_member(owner.as_deref())) {
                Ok(parsed) => members.extend(parsed),
                Err(opaque) => members.push(Member::Item(opaque)),
            }
        }
    }

    /// `~Owner` of a destructor declared in its class, a method named `~Owner` (host code
    /// writes out the destructors of buffer classes, host_inline.rs); `None` (cursor
    /// unmoved) for anything else.
    fn destructor_declarator(
        &mut self,
        specs: &super::ty::Specs,
        owner: Option<&str>,
    ) -> Option<super::ty::Declarator> {
        let owner = owner.filter(|o| !o.is_empty())?;
        if specs.ty.is_some() || !self.at("~") || self.nth(1).text != owner || !self.nth_is(2, "(")
        {
            return None;
        }
        let span = self.cur_span();
        self.bump();
        self.bump();
        Some(super::ty::Declarator {
            name: format!("~{owner}"),
            span,
            ty: Ty::new(TyKind::Void),
        })
    }

    /// One member declaration: fields, methods, constructors, nested types, `using`.
    fn parse_member(&mut self, owner: Option<&str>) -> PResult<Vec<Member>> {
        let mut template = None;
        if self.at("template") {
            // A member function template: `template <typename T> T scale(T x) const`.
            template = Some(self.parse_template_params().map_err(|mut e| {
                if e.msg.starts_with("variadic") {
                    e.msg = "variadic member templates are not modelled".into();
                }
                e
            })?);
            if matches!(self.peek().text, "template" | "using" | "friend") {
                return self.err_here("member templates other than methods are not modelled");
            }
        }
        // `__host__ __device__ friend T f(...)`: read as `friend __host__ __device__ T f(...)`.
        if let Some(k) = self.friend_after_specifiers() {
            self.toks[self.pos..=self.pos + k].rotate_right(1);
        }
        match self.peek().text {
            "static_assert" => {
                self.skip_static_assert()?;
                return Ok(vec![]);
            }
            "friend" => return self.parse_friend(),
            "using" => {
                let item = self.parse_using()?;
                return Ok(vec![Member::Item(Box::new(item))]);
            }
            _ => {}
        }
        let ctx = SpecCtx::Member(owner.unwrap_or(""));
        let start = self.pos;
        let specs = self.parse_specs(ctx)?;
        if specs.aggregate.is_some() && template.is_some() {
            return self.err_here("member class templates are not modelled");
        }
        if specs.aggregate.is_some() {
            let items = self.finish_aggregate_decl(specs, None)?;
            return Ok(items
                .into_iter()
                .map(|i| Member::Item(Box::new(i)))
                .collect());
        }
        if specs.ty.is_none() && self.at("operator") && self.nth(1).is_ident() {
            // A conversion operator `operator T*()`: a method named `operator` returning `T*`.
            let span = self.cur_span();
            self.bump();
            let ty = self.parse_type_id()?;
            if !self.at("(") {
                return self.err_here("expected `(` after the conversion operator's type");
            }
            let declarator = super::ty::Declarator {
                name: "operator".into(),
                span,
                ty,
            };
            let function = self.parse_function_rest(specs, declarator, template, start)?;
            return Ok(vec![Member::Method(function)]);
        }
        let base = specs.ty.clone().unwrap_or_else(|| Ty::new(TyKind::Void));
        let declarator = match self.free_operator_declarator(&base) {
            Some(d) => d,
            None => match self.destructor_declarator(&specs, owner) {
                Some(d) => d,
                None => self.parse_declarator(base.clone(), true)?,
            },
        };
        if self.at("(") {
            let function = self.parse_function_rest(specs, declarator, template, start)?;
            return Ok(vec![Member::Method(function)]);
        }
        if template.is_some() {
            return self.err_here("member variable templates are not modelled");
        }
        if specs.ty.is_none() {
            return self.err_here("expected `(` after constructor name");
        }
        if self.at(":") {
            return self.parse_bit_field(specs.decl, declarator, start);
        }
        let decl = self.finish_var_decl_from(specs.decl, &base, declarator, start)?;
        Ok(vec![Member::Field(decl)])
    }

    /// The offset of a `friend` that follows function specifiers (`__device__ inline friend`).
    fn friend_after_specifiers(&self) -> Option<usize> {
        let mut k = 0;
        while matches!(
            self.nth(k).text,
            "__host__"
                | "__device__"
                | "__forceinline__"
                | "__forceinline"
                | "__noinline__"
                | "inline"
                | "__inline__"
                | "__inline"
                | "constexpr"
        ) {
            k += 1;
        }
        (k > 0 && self.nth_is(k, "friend")).then_some(k)
    }

    /// `friend class X;` (nothing to model) or a friend function: a function of the enclosing
    /// namespace (found by argument-dependent lookup), queued to follow the declaration that
    /// holds it.
    fn parse_friend(&mut self) -> PResult<Vec<Member>> {
        self.bump();
        if matches!(self.peek().text, "class" | "struct") && self.nth_is(2, ";") {
            self.bump();
            self.bump();
            self.bump();
            return Ok(vec![]);
        }
        let class_template = match (&self.class_template, self.in_template) {
            (Some(class), _) => Some(class.clone()),
            (None, true) => {
                return self.err_here("friend functions of this class template are not modelled")
            }
            (None, false) => None,
        };
        let start = self.pos;
        // A hidden friend of a class template `Vec<N>` is a function template over the
        // class's parameters, its `Vec` the instance `Vec<N>` (so calls deduce `N`).
        let injected = class_template.as_ref().and_then(|(_, ty)| match &ty.kind {
            TyKind::Named { name, .. } => Some((name.clone(), ty.clone())),
            _ => None,
        });
        let outer = std::mem::replace(&mut self.injected, injected);
        let items = self.parse_declaration_item(None, start);
        self.injected = outer;
        for item in items? {
            match item {
                Item::Function(mut f) if class_template.is_some() => {
                    if f.template.is_some() || f.body.is_none() {
                        return self.err_here(
                            "friend declarations of class templates other than function definitions are not modelled",
                        );
                    }
                    f.template = class_template.as_ref().map(|(params, _)| params.clone());
                    self.friends.push(Item::Function(f));
                }
                Item::Function(_) => self.friends.push(item),
                _ => {
                    return self
                        .err_here("friend declarations other than functions are not modelled")
                }
            }
        }
        Ok(vec![])
    }

    /// `unsigned level : 24;` The field keeps its declared type (enough to type-check
    /// accesses; the output keeps the original struct text), the width is in its specifiers.
    fn parse_bit_field(
        &mut self,
        mut specs: crate::ast::DeclSpecs,
        declarator: super::ty::Declarator,
        start: usize,
    ) -> PResult<Vec<Member>> {
        self.bump();
        specs.bit_width = Some(Box::new(self.parse_assign()?));
        let span = declarator
            .span
            .to(self.span_from(self.pos.saturating_sub(1)));
        self.expect(
            ";",
            "after bit-field (one bit-field per declaration is modelled)",
        )?;
        let var = crate::ast::VarDecl {
            name: declarator.name,
            ty: declarator.ty,
            init: None,
            span,
        };
        let decl = crate::ast::DeclStmt {
            specs,
            vars: vec![var],
            span: self.span_from(start),
        };
        Ok(vec![Member::Field(decl)])
    }

    /// At `enum`: `enum [class] [Name] [: T] [{ A, B = 2 }]`.
    fn parse_enum_spec(&mut self, ctx: SpecCtx) -> PResult<(Ty, Option<Aggregate>)> {
        let start = self.pos;
        self.bump();
        let scoped = self.eat("class") || self.eat("struct");
        self.skip_attributes()?;
        let name = self.take_name();
        let underlying = if self.eat(":") {
            Some(self.parse_type_id()?)
        } else {
            None
        };
        if !self.at("{") {
            if self.at(";") && matches!(ctx, SpecCtx::Top | SpecCtx::Member(_)) {
                return self.err_here("opaque enum declarations are not modelled");
            }
            let Some(name) = name else {
                return self.err_here("expected a name or `{` after `enum`");
            };
            return Ok((Ty::named(&name), None));
        }
        if !matches!(ctx, SpecCtx::Top | SpecCtx::Member(_)) {
            return self.unsupported("local enum definitions are");
        }
        if let Some(name) = &name {
            self.declare_type(name);
        }
        let variants = self.parse_enumerators()?;
        let ty = Ty::named(name.as_deref().unwrap_or(""));
        let def = EnumDef {
            name,
            scoped,
            underlying,
            variants,
            span: self.span_from(start),
        };
        Ok((ty, Some(Aggregate::Enum(def))))
    }

    /// `{ A, B = expr, }`
    fn parse_enumerators(&mut self) -> PResult<Vec<(String, Option<Expr>)>> {
        self.expect("{", "to open enum body")?;
        let mut variants = Vec::new();
        loop {
            if self.eat("}") {
                return Ok(variants);
            }
            let (name, _) = self.expect_ident("in enumerator list")?;
            let value = if self.eat("=") {
                Some(self.parse_assign()?)
            } else {
                None
            };
            variants.push((name, value));
            if !self.eat(",") {
                self.expect("}", "to close enum body")?;
                return Ok(variants);
            }
        }
    }
}

/// A class template's parameters as the arguments of its injected name (`Vec<N>`).
fn params_as_args(params: &[TemplateParam]) -> Vec<TemplateArg> {
    params
        .iter()
        .map(|p| match p.kind {
            TemplateParamKind::Value { .. } => TemplateArg::Expr(Expr::new(
                ExprKind::Ident(p.name.clone()),
                Default::default(),
            )),
            _ => TemplateArg::Type(Ty::named(&p.name)),
        })
        .collect()
}
