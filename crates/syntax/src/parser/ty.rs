//! Declaration specifiers (storage, CUDA memory spaces, function attributes, the base type)
//! and declarators (pointers, references, names, array bounds).

use super::lookahead::{is_reserved, is_type_keyword};
use super::{PResult, Parser};
use crate::ast::{DeclSpecs, EnumDef, Expr, FnAttrs, IntKind, StructDef, TemplateArg, Ty, TyKind};
use crate::source::Span;
use crate::token::TokenKind;

/// Where specifiers are parsed: decides what an unknown name or a constructor means.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SpecCtx<'a> {
    /// Namespace scope (out-of-line constructors `S::S(` allowed).
    Top,
    /// Inside `struct Name { ... }` (constructors `Name(` allowed).
    Member(&'a str),
    /// A declaration statement, already recognised as such.
    Stmt,
    /// A function or template parameter.
    Param,
    /// A type-id: casts, template arguments, `sizeof(T)`, `using X = T`.
    TypeId,
}

/// A struct or enum defined inside the specifiers.
pub(crate) enum Aggregate {
    Struct(StructDef),
    Enum(EnumDef),
}

/// Everything before the declarators of a declaration.
pub(crate) struct Specs {
    pub decl: DeclSpecs,
    pub attrs: FnAttrs,
    /// The base type; `None` for a constructor (no type before the name).
    pub ty: Option<Ty>,
    pub aggregate: Option<Aggregate>,
    /// `__align__(16)` / `alignas(16)` as written.
    pub align: Vec<String>,
}

/// Builtin type keywords seen so far (`unsigned long long int`).
#[derive(Default)]
struct TypeWords {
    void: bool,
    bool_: bool,
    char_: bool,
    short: bool,
    long: u8,
    int: bool,
    float: bool,
    double: bool,
    signed: Option<bool>,
    any: bool,
}

/// One declarator: the declared name (empty when abstract) and its full type.
pub(crate) struct Declarator {
    pub name: String,
    pub span: Span,
    pub ty: Ty,
}

impl Parser<'_, '_> {
    /// Parses declaration specifiers in any order, including the base type.
    pub(crate) fn parse_specs(&mut self, ctx: SpecCtx) -> PResult<Specs> {
        let mut specs = Specs {
            decl: DeclSpecs::default(),
            attrs: FnAttrs::default(),
            ty: None,
            aggregate: None,
            align: Vec::new(),
        };
        let mut words = TypeWords::default();
        let (mut is_const, mut is_volatile) = (false, false);
        loop {
            let t = *self.peek();
            if t.is("[") && self.nth_is(1, "[") {
                self.skip_attributes()?;
                continue;
            }
            if !t.is_ident() {
                break;
            }
            let have_type = words.any || specs.ty.is_some();
            match t.text {
                "const" => is_const = true,
                "volatile" => is_volatile = true,
                "__restrict__" | "__restrict" if have_type => {}
                _ if self.storage_specifier(t.text, &mut specs, ctx)? => continue,
                "struct" | "class" | "union" | "enum" if !have_type => {
                    let (ty, aggregate) = self.parse_aggregate_spec(ctx)?;
                    specs.ty = Some(ty);
                    specs.aggregate = aggregate;
                    continue;
                }
                "typename" => {
                    self.bump();
                    specs.ty = Some(self.parse_named_type()?);
                    continue;
                }
                "decltype" if !have_type => {
                    specs.ty = Some(self.parse_decltype()?);
                    continue;
                }
                "auto" if !have_type => {
                    self.bump();
                    specs.ty = Some(Ty::new(TyKind::Auto));
                    continue;
                }
                w if is_type_keyword(w) && specs.ty.is_none() => {
                    if !words.add(w) {
                        return self
                            .err_here(format!("invalid combination of type keywords at `{w}`"));
                    }
                }
                _ if have_type || is_reserved(t.text) || self.is_constructor_name(ctx) => break,
                _ => {
                    specs.ty = Some(self.parse_named_type()?);
                    continue;
                }
            }
            self.bump();
        }
        if words.any {
            specs.ty = Some(words.resolve());
        }
        if let Some(ty) = specs.ty.as_mut() {
            ty.is_const |= is_const;
            ty.is_volatile |= is_volatile;
        }
        Ok(specs)
    }

    /// Storage classes, CUDA memory spaces and function attributes. Returns whether the
    /// current token was one (and consumed it).
    fn storage_specifier(&mut self, word: &str, specs: &mut Specs, ctx: SpecCtx) -> PResult<bool> {
        if ctx == SpecCtx::TypeId {
            return Ok(false);
        }
        let (decl, attrs) = (&mut specs.decl, &mut specs.attrs);
        match word {
            "static" => (decl.is_static, attrs.is_static) = (true, true),
            "extern" => {
                self.bump();
                if self.peek().kind == TokenKind::Str {
                    if self.peek().text != "\"C\"" {
                        return self.err_here("only `extern \"C\"` linkage is modelled");
                    }
                    self.bump();
                    attrs.extern_c = true;
                } else {
                    decl.is_extern = true;
                }
                return Ok(true);
            }
            "inline" | "__inline__" | "__inline" => (decl.is_inline, attrs.inline) = (true, true),
            "__forceinline__" | "__forceinline" => attrs.forceinline = true,
            "__noinline__" => attrs.noinline = true,
            "constexpr" => (decl.is_constexpr, attrs.constexpr) = (true, true),
            "typedef" => decl.is_typedef = true,
            "register" => decl.is_register = true,
            "thread_local" => decl.is_thread_local = true,
            "__global__" => attrs.global = true,
            "__device__" => (decl.device, attrs.device) = (true, true),
            "__host__" => attrs.host = true,
            "__shared__" => decl.shared = true,
            "__constant__" => decl.constant = true,
            "__managed__" => decl.managed = true,
            "mutable" | "explicit" => {}
            "__launch_bounds__" => {
                self.bump();
                specs.attrs.launch_bounds = Some(self.parse_call_args()?);
                return Ok(true);
            }
            "__maxnreg__" => {
                self.bump();
                let mut args = self.parse_call_args()?;
                if args.len() != 1 {
                    return self.err_here("`__maxnreg__` takes one argument");
                }
                specs.attrs.max_registers = args.pop().map(Box::new);
                return Ok(true);
            }
            "__align__" | "alignas" => {
                let start = self.pos;
                self.bump();
                if !self.at("(") {
                    return self.err_here(format!("expected `(` after `{word}`"));
                }
                self.skip_balanced();
                specs.align.push(self.text_of(start, self.pos));
                return Ok(true);
            }
            "virtual" => return self.err_here("virtual functions are not modelled"),
            "friend" => return self.err_here("friend declarations are not modelled"),
            "__attribute__" => {
                self.parse_gnu_attributes(attrs)?;
                return Ok(true);
            }
            "__declspec" => return self.err_here("`__declspec` attributes are not modelled"),
            _ => return Ok(false),
        }
        self.bump();
        Ok(true)
    }

    /// `__attribute__((device, always_inline))`: CUDA spellings map onto the function
    /// attributes; other attributes carry no meaning for cuad and are skipped.
    pub(crate) fn parse_gnu_attributes(&mut self, attrs: &mut FnAttrs) -> PResult<()> {
        self.bump();
        if !(self.at("(") && self.nth_is(1, "(")) {
            return self.err_here("expected `((` after `__attribute__`");
        }
        self.bump();
        self.bump();
        loop {
            if self.eat(")") {
                self.expect(")", "to close `__attribute__`")?;
                return Ok(());
            }
            let t = self.bump();
            match t.text.trim_matches('_') {
                "device" => attrs.device = true,
                "global" => attrs.global = true,
                "host" => attrs.host = true,
                "always_inline" | "forceinline" => attrs.forceinline = true,
                "noinline" => attrs.noinline = true,
                _ if t.kind == TokenKind::Eof => {
                    return self.err_here("unterminated `__attribute__`")
                }
                _ => {}
            }
            if self.at("(") {
                self.skip_balanced();
            }
            self.eat(",");
        }
    }

    /// Whether the name at the cursor is a constructor's (no type precedes it): `Name(` inside
    /// `struct Name`, or `S::S(` at namespace scope.
    fn is_constructor_name(&self, ctx: SpecCtx) -> bool {
        match ctx {
            SpecCtx::Member(name) => self.peek().text == name && self.nth_is(1, "("),
            SpecCtx::Top => match self.scan_name(self.pos) {
                Some((end, name)) => {
                    let mut parts = name.rsplit("::");
                    let last = parts.next();
                    let owner = parts.next();
                    owner.is_some() && last == owner && self.tok_at(end).is("(")
                }
                None => false,
            },
            _ => false,
        }
    }

    /// `decltype(auto)` is `Auto`; `decltype(expr)` is a named type spelled as written
    /// (later stages that need the type cannot resolve it and say so).
    fn parse_decltype(&mut self) -> PResult<Ty> {
        if self.nth_is(1, "(") && self.nth_is(2, "auto") && self.nth_is(3, ")") {
            for _ in 0..4 {
                self.bump();
            }
            return Ok(Ty::new(TyKind::Auto));
        }
        let start = self.pos;
        self.bump();
        if !self.at("(") {
            return self.err_here("expected `(` after `decltype`");
        }
        self.skip_balanced();
        Ok(Ty::named(&self.text_of(start, self.pos)))
    }

    /// A possibly qualified type name with template arguments: `Vec3`, `std::vector<float>`,
    /// `typename T::value_type`. `A<int>::type` keeps its spelling as the name.
    pub(crate) fn parse_named_type(&mut self) -> PResult<Ty> {
        let start = self.pos;
        let mut name = String::new();
        let mut args = Vec::new();
        let mut verbatim = false;
        if self.eat("::") {
            name.push_str("::");
        }
        loop {
            let (part, _) = self.expect_ident("in type name")?;
            name.push_str(&part);
            if self.at("<") {
                args = self.parse_template_args()?;
            }
            if self.at("::") && self.nth(1).is_ident() {
                verbatim |= !args.is_empty();
                self.bump();
                name.push_str("::");
                continue;
            }
            break;
        }
        if verbatim {
            let text = self.text_of(start, self.pos);
            return Ok(Ty::named(&self.expand_ns_alias(&text).unwrap_or(text)));
        }
        let name = self.expand_ns_alias(&name).unwrap_or(name);
        if let Some(ty) = self.injected_type(&name, &args) {
            return Ok(ty);
        }
        Ok(match name.as_str() {
            "half" | "__half" => Ty::new(TyKind::Half),
            "nv_bfloat16" | "__nv_bfloat16" => Ty::new(TyKind::BFloat16),
            _ => Ty::new(TyKind::Named { name, args }),
        })
    }

    /// In a class template's friend, its injected name (`Vec` without arguments) is the
    /// instance `Vec<N>`.
    pub(crate) fn injected_type(&self, name: &str, args: &[TemplateArg]) -> Option<Ty> {
        let (injected, ty) = self.injected.as_ref()?;
        (args.is_empty() && name == injected).then(|| ty.clone())
    }

    /// At `<`: template arguments up to the matching `>`.
    pub(crate) fn parse_template_args(&mut self) -> PResult<Vec<TemplateArg>> {
        self.expect("<", "to open template arguments")?;
        self.with_gt_end(|p| {
            let mut args = Vec::new();
            if p.eat(">") {
                return Ok(args);
            }
            loop {
                args.push(p.parse_template_arg()?);
                if p.eat(",") {
                    continue;
                }
                p.expect(">", "to close template arguments")?;
                return Ok(args);
            }
        })
    }

    fn parse_template_arg(&mut self) -> PResult<TemplateArg> {
        let arg = if self.template_arg_is_type() {
            TemplateArg::Type(self.parse_type_id()?)
        } else {
            TemplateArg::Expr(self.parse_assign()?)
        };
        if self.at("...") {
            if self.speculation == 0 {
                return self.unsupported(PACK_IN_TEMPLATE_ARGS);
            }
            self.pack_in_template_args.get_or_insert(self.cur_span());
            self.bump();
        }
        Ok(arg)
    }

    /// A known type, or an unknown name used as a pointer/reference type (`T*`).
    fn template_arg_is_type(&self) -> bool {
        if self.is_type_start_at(self.pos) {
            return true;
        }
        match self.scan_name(self.pos) {
            Some((j, _)) => {
                let next = self.tok_at(j);
                // `Vec<double, 3>` (an unknown name given a type argument, not called: no
                // expression compares with a type).
                let type_args = next.is("<")
                    && self.is_type_start_at(j + 1)
                    && self
                        .scan_angles(j)
                        .is_some_and(|after| !self.tok_at(after).is("("));
                type_args
                    || matches!(next.text, "*" | "&" | "<")
                        && next.kind == TokenKind::Punct
                        && matches!(self.tok_at(j + 1).text, "*" | "&" | ">" | ",")
            }
            None => false,
        }
    }

    /// A type without a declared name: `const float*`, `Vec<int>&`, `int[3]`.
    pub(crate) fn parse_type_id(&mut self) -> PResult<Ty> {
        let specs = self.parse_specs(SpecCtx::TypeId)?;
        let Some(base) = specs.ty else {
            return self.err_here("expected a type");
        };
        let ty = self.parse_ptr_ops(base);
        if let Some(d) = self.array_declarator(&ty, false)? {
            return Ok(d.ty);
        }
        self.parse_array_suffixes(ty)
    }

    /// The declarator of an arithmetic operator function (`float3 operator*(float3 a, float s)`,
    /// or a member `Vec operator*(float s) const`), named `operator*`; `None` (cursor unmoved)
    /// for anything else.
    pub(crate) fn free_operator_declarator(&mut self, base: &Ty) -> Option<Declarator> {
        let start = self.pos;
        let ty = self.parse_ptr_ops(base.clone());
        let symbol = self.nth(1).text;
        // `operator()` and `operator[]` are two tokens; the other symbols one.
        let (name, tokens) = match symbol {
            "(" if self.nth_is(2, ")") => ("operator()".to_string(), 3),
            "[" if self.nth_is(2, "]") => ("operator[]".to_string(), 3),
            "+" | "-" | "*" | "/" | "%" | "+=" | "-=" | "*=" | "/=" | "==" | "!=" | "<" | ">"
            | "<=" | ">=" | "=" | "!" => (format!("operator{symbol}"), 2),
            _ => (String::new(), 0),
        };
        if self.at("operator") && tokens > 0 && self.nth_is(tokens, "(") {
            let span = self.cur_span();
            for _ in 0..tokens {
                self.bump();
            }
            return Some(Declarator { name, span, ty });
        }
        self.pos = start;
        None
    }

    /// A declarator: pointer/reference operators, the (possibly qualified) name and array
    /// bounds. Function parameter lists are left to the caller.
    pub(crate) fn parse_declarator(&mut self, base: Ty, need_name: bool) -> PResult<Declarator> {
        let ty = self.parse_ptr_ops(base);
        if let Some(d) = self.array_declarator(&ty, need_name)? {
            return Ok(d);
        }
        if self.at("(") && matches!(self.nth(1).text, "*" | "&" | "^") {
            return self.unsupported("function pointers and parenthesized declarators are");
        }
        if self.at("operator") {
            return self.err_here("operator overloads are not modelled");
        }
        if self.at("~") {
            return self.err_here("destructors are not modelled");
        }
        let span = self.cur_span();
        let name = match self.take_name() {
            Some(name) => name,
            None if need_name => return self.err_here("expected identifier in declarator"),
            None => String::new(),
        };
        if name.contains("::") && (self.at("operator") || self.at("~")) {
            return self.err_here("out-of-line operators and destructors are not modelled");
        }
        // `float t [[maybe_unused]] = ...`
        if !name.is_empty() {
            self.skip_attributes()?;
        }
        if self.at("<") && !name.is_empty() {
            let member_of_template = self
                .scan_angles(self.pos)
                .is_some_and(|after| self.tok_at(after).is("::"));
            return self.err_here(if member_of_template {
                "out-of-line members of class templates are not modelled"
            } else {
                "explicit specializations are not modelled"
            });
        }
        let ty = self.parse_array_suffixes(ty)?;
        Ok(Declarator { name, span, ty })
    }

    /// A parenthesized declarator of a reference or pointer to an array, `(&a)[N]`,
    /// `(&&a)[N][M]`, `(*g)[N]`, `(* const g)[N]` (abstract in a type-id: `(*)[N]`), after the
    /// element type `elem`; `None` (cursor unmoved) for anything else (function pointers stay
    /// unsupported).
    fn array_declarator(&mut self, elem: &Ty, need_name: bool) -> PResult<Option<Declarator>> {
        if !self.at("(") || !matches!(self.nth(1).text, "&" | "&&" | "*") {
            return Ok(None);
        }
        let start = self.pos;
        self.bump();
        // The operators applied to a stand-in, replaced by the array type once it is known.
        let ops = self.parse_ptr_ops(Ty::new(TyKind::Auto));
        let span = self.cur_span();
        let name = match self.take_name() {
            None if !need_name => Some(String::new()),
            name => name,
        };
        let (Some(name), true) = (name, self.at(")") && self.nth_is(1, "[")) else {
            self.pos = start;
            return Ok(None);
        };
        if name.contains("::") {
            self.pos = start;
            return Ok(None);
        }
        self.bump();
        let array = self.parse_array_suffixes(elem.clone())?;
        Ok(Some(Declarator {
            name,
            span,
            ty: replace_innermost(ops, array),
        }))
    }

    /// `*`, `&`, `&&` with their cv-qualifiers and `__restrict__`.
    pub(crate) fn parse_ptr_ops(&mut self, mut ty: Ty) -> Ty {
        loop {
            if self.eat("*") {
                ty = Ty::pointer_to(ty);
                self.parse_pointer_qualifiers(&mut ty);
            } else if self.eat("&") {
                ty = Ty::new(TyKind::LRef(Box::new(ty)));
                self.parse_pointer_qualifiers(&mut ty);
            } else if self.eat("&&") {
                ty = Ty::new(TyKind::RRef(Box::new(ty)));
            } else {
                return ty;
            }
        }
    }

    fn parse_pointer_qualifiers(&mut self, ty: &mut Ty) {
        loop {
            match self.peek().text {
                "const" => ty.is_const = true,
                "volatile" => ty.is_volatile = true,
                "__restrict__" | "__restrict" | "restrict" => {
                    if let TyKind::Pointer { restrict, .. } = &mut ty.kind {
                        *restrict = true;
                    }
                }
                _ => return,
            }
            self.bump();
        }
    }

    /// `[N][M]`: `T a[2][3]` is an array of 2 arrays of 3 `T`.
    fn parse_array_suffixes(&mut self, ty: Ty) -> PResult<Ty> {
        let mut lens: Vec<Option<Expr>> = Vec::new();
        while self.eat("[") {
            if self.eat("]") {
                lens.push(None);
                continue;
            }
            let len = self.without_gt_end(|p| p.parse_expr())?;
            self.expect("]", "after array bound")?;
            lens.push(Some(len));
        }
        let mut ty = ty;
        for len in lens.into_iter().rev() {
            ty = Ty::new(TyKind::Array {
                elem: Box::new(ty),
                len: len.map(Box::new),
            });
        }
        Ok(ty)
    }
}

pub(crate) const PACK_IN_TEMPLATE_ARGS: &str =
    "pack expansions in template argument lists (`<Ts...>`) are";

/// `ops` (pointers and references around a stand-in) with the stand-in replaced by `inner`.
fn replace_innermost(ops: Ty, inner: Ty) -> Ty {
    let Ty {
        kind,
        is_const,
        is_volatile,
    } = ops;
    let kind = match kind {
        TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
            pointee: Box::new(replace_innermost(*pointee, inner)),
            restrict,
        },
        TyKind::LRef(t) => TyKind::LRef(Box::new(replace_innermost(*t, inner))),
        TyKind::RRef(t) => TyKind::RRef(Box::new(replace_innermost(*t, inner))),
        _ => return inner,
    };
    Ty {
        kind,
        is_const,
        is_volatile,
    }
}

impl TypeWords {
    /// Records one keyword; `false` for an impossible combination.
    fn add(&mut self, word: &str) -> bool {
        self.any = true;
        let fresh = |flag: &mut bool| !std::mem::replace(flag, true);
        match word {
            "void" => fresh(&mut self.void),
            "bool" => fresh(&mut self.bool_),
            "char" => fresh(&mut self.char_),
            "short" => fresh(&mut self.short),
            "int" => fresh(&mut self.int),
            "float" => fresh(&mut self.float),
            "double" => fresh(&mut self.double),
            "long" => {
                self.long += 1;
                self.long <= 2
            }
            "signed" | "unsigned" => self.signed.replace(word == "signed").is_none(),
            _ => false,
        }
    }

    fn resolve(&self) -> Ty {
        let int = |kind: IntKind, signed: Option<bool>| Ty::new(TyKind::Int { kind, signed });
        if self.void {
            Ty::new(TyKind::Void)
        } else if self.bool_ {
            Ty::new(TyKind::Bool)
        } else if self.float {
            Ty::new(TyKind::Float)
        } else if self.double {
            Ty::new(if self.long > 0 {
                TyKind::LongDouble
            } else {
                TyKind::Double
            })
        } else if self.char_ {
            int(IntKind::Char, self.signed)
        } else {
            let kind = match (self.short, self.long) {
                (true, _) => IntKind::Short,
                (false, 0) => IntKind::Int,
                (false, 1) => IntKind::Long,
                _ => IntKind::LongLong,
            };
            int(kind, Some(self.signed.unwrap_or(true)))
        }
    }
}
