//! The typed AST: a small set of plain data types shared by every later stage.
//!
//! Expressions and statements own their children (`Box`/`Vec`); every node that a diagnostic
//! may point at carries a [`Span`]. Generated code uses `Span::default()`.

use crate::source::Span;

// ---------------------------------------------------------------- types

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Char,
    Short,
    Int,
    Long,
    LongLong,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TyKind {
    Void,
    Bool,
    /// `char`, `unsigned short`, `long long`, ... `signed: None` is plain `char`.
    Int {
        kind: IntKind,
        signed: Option<bool>,
    },
    Half,
    /// `__nv_bfloat16` (cuda_bf16.h): 16-bit storage, differentiated like `__half`.
    BFloat16,
    Float,
    Double,
    /// `long double` (accepted, differentiated like double).
    LongDouble,
    /// A named type: typedef, struct, enum, template parameter, CUDA vector type (`float4`,
    /// `dim3`), `size_t`, or a library type (`std::vector<float>`). `name` may be qualified.
    Named {
        name: String,
        args: Vec<TemplateArg>,
    },
    Pointer {
        pointee: Box<Ty>,
        restrict: bool,
    },
    LRef(Box<Ty>),
    RRef(Box<Ty>),
    /// `T[N]`; `None` for `T[]`.
    Array {
        elem: Box<Ty>,
        len: Option<Box<Expr>>,
    },
    /// `auto` / `decltype(auto)`
    Auto,
    /// The declared type of a function parameter pack, `Ts... vs` / `const Ts&... vs`: the
    /// pattern each element of the pack has (variadic templates; expanded per instance).
    Pack(Box<Ty>),
    /// A function type `float(float)`; only as the target of the pointer or reference a
    /// non-type template parameter declares (`template <float (*op)(float)>`).
    Function {
        ret: Box<Ty>,
        params: Vec<Ty>,
    },
}

/// A type with its top-level cv-qualifiers (`const float` or `float* const`).
#[derive(Clone, Debug, PartialEq)]
pub struct Ty {
    pub kind: TyKind,
    pub is_const: bool,
    pub is_volatile: bool,
}

impl Ty {
    pub fn new(kind: TyKind) -> Ty {
        Ty {
            kind,
            is_const: false,
            is_volatile: false,
        }
    }
    pub fn named(name: &str) -> Ty {
        Ty::new(TyKind::Named {
            name: name.to_string(),
            args: vec![],
        })
    }
    pub fn int() -> Ty {
        Ty::new(TyKind::Int {
            kind: IntKind::Int,
            signed: Some(true),
        })
    }
    pub fn pointer_to(pointee: Ty) -> Ty {
        Ty::new(TyKind::Pointer {
            pointee: Box::new(pointee),
            restrict: false,
        })
    }
    /// Whether an object of this type is const: an array is when its elements are (C++
    /// [basic.type.qualifier]), so `const double (*g)[N]` points to const like `const double*`.
    pub fn is_const_object(&self) -> bool {
        match &self.kind {
            TyKind::Array { elem, .. } => self.is_const || elem.is_const_object(),
            _ => self.is_const,
        }
    }
    pub fn with_const(mut self, c: bool) -> Ty {
        self.is_const = c;
        self
    }
    pub fn with_volatile(mut self, v: bool) -> Ty {
        self.is_volatile = v;
        self
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum TemplateArg {
    Type(Ty),
    Expr(Expr),
}

// ---------------------------------------------------------------- expressions

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
    Comma,
}

/// `=` is `Assign(None)`, `+=` is `Assign(Some(BinOp::Add))`, etc.
pub type AssignOp = Option<BinOp>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKind {
    /// `(T)e`
    CStyle,
    /// `T(e)` with a simple type name
    Functional,
    Static,
    Reinterpret,
    Const,
    Dynamic,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A name, possibly qualified (`x`, `std::sin`, `cuad::custom_derivatives::f`, `::abs`).
    Ident(String),
    /// Integer literal, exact source text (`42`, `0x1Fu`, `1'000ull`).
    IntLit(String),
    /// Floating literal, exact source text (`1.5f`, `2e-3`, `0x1.8p3`).
    FloatLit(String),
    /// Character literal with quotes (`'a'`, `'\n'`).
    CharLit(String),
    /// String literal with quotes; adjacent literals are concatenated into one node.
    StrLit(String),
    BoolLit(bool),
    Nullptr,
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Assign(AssignOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Cast {
        kind: CastKind,
        ty: Ty,
        expr: Box<Expr>,
    },
    SizeofType(Ty),
    SizeofExpr(Box<Expr>),
    /// `f(args)`, `f<T>(args)`, `obj.method(args)` (callee is then a `Member`).
    Call {
        callee: Box<Expr>,
        template_args: Vec<TemplateArg>,
        args: Vec<Expr>,
    },
    /// `k<<<config>>>(args)` with 2 to 4 configuration expressions.
    Launch {
        kernel: Box<Expr>,
        template_args: Vec<TemplateArg>,
        config: Vec<Expr>,
        args: Vec<Expr>,
    },
    Index(Box<Expr>, Box<Expr>),
    /// `base.field` or `base->field` (`arrow`).
    Member {
        base: Box<Expr>,
        field: String,
        arrow: bool,
    },
    /// `{a, b, c}` (brace initializer list; also `T{...}` is `Cast{Functional, InitList}`).
    InitList(Vec<Expr>),
    /// Parenthesised expression; kept so printing preserves the user's grouping.
    Paren(Box<Expr>),
    /// `[captures](params) -> ret { body }` (cuad lowers it to a function before
    /// differentiating).
    Lambda(Box<Lambda>),
    /// `pattern...` among call arguments or braced items (`f(vs...)`, `g(2.0f * vs...)`):
    /// one item per element of the parameter pack the pattern names.
    PackExpansion(Box<Expr>),
    /// A fold expression with its parentheses: `(lhs op ...)` when `rhs` is `None`,
    /// `(... op rhs)` when `lhs` is `None`, `(lhs op ... op rhs)` with both (the side naming
    /// the pack is the pack, the other the initial value).
    Fold {
        op: BinOp,
        lhs: Option<Box<Expr>>,
        rhs: Option<Box<Expr>>,
    },
    /// `sizeof...(name)`: the length of a template or function parameter pack.
    SizeofPack(String),
}

/// A lambda expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    /// `[&]` / `[=]`: the default capture (`'&'` or `'='`).
    pub default_capture: Option<char>,
    /// Explicitly captured names, `true` when by reference (`&x`).
    pub captures: Vec<(String, bool)>,
    pub params: Vec<Param>,
    pub ret: Option<Ty>,
    pub body: Vec<Stmt>,
    /// Written `__device__` (an extended lambda, callable in device code) / `__host__`.
    pub device: bool,
    pub host: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
    /// An expression built by a transformation (no source location).
    pub fn synth(kind: ExprKind) -> Expr {
        Expr {
            kind,
            span: Span::default(),
        }
    }
    pub fn ident(name: &str) -> Expr {
        Expr::synth(ExprKind::Ident(name.to_string()))
    }
    /// Skips `Paren` wrappers.
    pub fn strip_parens(&self) -> &Expr {
        match &self.kind {
            ExprKind::Paren(e) => e.strip_parens(),
            _ => self,
        }
    }
}

// ---------------------------------------------------------------- statements

/// Storage and CUDA memory-space specifiers of a declaration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeclSpecs {
    pub is_static: bool,
    pub is_extern: bool,
    pub is_constexpr: bool,
    pub is_inline: bool,
    pub is_typedef: bool,
    /// `__shared__` (with `is_extern`: dynamic shared memory).
    pub shared: bool,
    pub constant: bool,
    /// `__device__` on a variable.
    pub device: bool,
    pub managed: bool,
    pub is_register: bool,
    pub is_thread_local: bool,
    /// The width of a bit-field member (`unsigned level : 24;`).
    pub bit_width: Option<Box<Expr>>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    /// `= expr` (an `InitList` for `= {...}`)
    Assign(Expr),
    /// `x{...}`
    Brace(Vec<Expr>),
    /// `x(...)`
    Paren(Vec<Expr>),
}

/// One declarator of a declaration: its name, full type and initializer.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub name: String,
    pub ty: Ty,
    pub init: Option<Init>,
    pub span: Span,
}

/// `static const float a = 1, *b, c[3];` - specifiers shared by several declarators.
#[derive(Clone, Debug, PartialEq)]
pub struct DeclStmt {
    pub specs: DeclSpecs,
    pub vars: Vec<VarDecl>,
    pub span: Span,
}

/// `auto [a, b] = e;` (a C++17 structured binding declaration). `ty` is what the hidden
/// object is declared as: `auto`, `const auto`, `auto&`, `const auto&` or `auto&&`. The names
/// bind to the non-static data members of a struct, the components of a CUDA vector type or
/// the elements of an array, in order; normalize lowers it to ordinary locals.
#[derive(Clone, Debug, PartialEq)]
pub struct BindingDecl {
    pub ty: Ty,
    pub names: Vec<String>,
    pub init: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// `None` for `default:`.
    pub label: Option<Expr>,
    /// Statements up to the next label (empty when labels are stacked).
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Expr(Expr),
    Decl(DeclStmt),
    /// `auto [a, b] = e;` (lowered by normalize before differentiation).
    Bindings(BindingDecl),
    Block(Vec<Stmt>),
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    /// `init` is a `Decl` or `Expr` statement.
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    Switch {
        cond: Expr,
        cases: Vec<SwitchCase>,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    /// A `#pragma` line inside a body (e.g. `#pragma unroll`), text without the newline.
    Pragma(String),
    /// `using namespace ns;` / `using ns::name;` in a body, as written (with the `;`). Names
    /// after it need no qualification (sema's index finds unqualified names anyway); code
    /// generated from the body repeats it at its top.
    Using(String),
    Empty,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

impl Stmt {
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span }
    }
    pub fn synth(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            span: Span::default(),
        }
    }
    /// Calls `f` on each directly nested statement (block items, branches, loop bodies,
    /// a `for`'s init, switch-case bodies).
    pub fn for_each_child(&self, f: &mut dyn FnMut(&Stmt)) {
        match &self.kind {
            StmtKind::Block(b) => b.iter().for_each(f),
            StmtKind::If { then, els, .. } => {
                f(then);
                if let Some(e) = els {
                    f(e);
                }
            }
            StmtKind::For { init, body, .. } => {
                if let Some(i) = init {
                    f(i);
                }
                f(body);
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => f(body),
            StmtKind::Switch { cases, .. } => {
                cases.iter().for_each(|c| c.body.iter().for_each(&mut *f))
            }
            _ => {}
        }
    }
    /// [`Stmt::for_each_child`] with mutable access.
    pub fn for_each_child_mut(&mut self, f: &mut dyn FnMut(&mut Stmt)) {
        match &mut self.kind {
            StmtKind::Block(b) => b.iter_mut().for_each(f),
            StmtKind::If { then, els, .. } => {
                f(then);
                if let Some(e) = els {
                    f(e);
                }
            }
            StmtKind::For { init, body, .. } => {
                if let Some(i) = init {
                    f(i);
                }
                f(body);
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => f(body),
            StmtKind::Switch { cases, .. } => cases
                .iter_mut()
                .for_each(|c| c.body.iter_mut().for_each(&mut *f)),
            _ => {}
        }
    }
    /// Calls `f` on this statement and every statement nested in it, outermost first.
    pub fn visit(&self, f: &mut dyn FnMut(&Stmt)) {
        f(self);
        self.for_each_child(&mut |c| c.visit(f));
    }
}

// ---------------------------------------------------------------- items

#[derive(Clone, Debug, Default, PartialEq)]
pub struct FnAttrs {
    pub global: bool,
    pub device: bool,
    pub host: bool,
    pub forceinline: bool,
    pub noinline: bool,
    pub inline: bool,
    pub is_static: bool,
    pub constexpr: bool,
    pub extern_c: bool,
    /// `__launch_bounds__(a[, b[, c]])`
    pub launch_bounds: Option<Vec<Expr>>,
    /// `__maxnreg__(n)`: at most `n` registers per thread.
    pub max_registers: Option<Box<Expr>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Unnamed parameters are allowed in declarations.
    pub name: Option<String>,
    pub ty: Ty,
    pub default: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TemplateParamKind {
    /// `typename T` / `class T`
    Type { default: Option<Ty> },
    /// `int N`
    Value { ty: Ty, default: Option<Expr> },
    /// `typename... Ts` / `class... Ts`: a type parameter pack.
    TypePack,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam {
    pub name: String,
    pub kind: TemplateParamKind,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub attrs: FnAttrs,
    /// `Some` for `template <...>` functions (possibly empty for `template <>`).
    pub template: Option<Vec<TemplateParam>>,
    pub ret: Ty,
    /// Name; qualified for out-of-line definitions (`S::f`), `S` for constructors.
    pub name: String,
    pub params: Vec<Param>,
    /// `f(...) const` member functions.
    pub is_const_method: bool,
    /// Constructor member initializers `: a(x), b{y}`.
    pub ctor_inits: Vec<(String, Vec<Expr>)>,
    /// `None` for a declaration (prototype).
    pub body: Option<Vec<Stmt>>,
    pub span: Span,
    pub name_span: Span,
}

// Methods are the common member; boxing them would only add indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Member {
    Field(DeclStmt),
    Method(Function),
    /// `public:` / `private:` / `protected:`
    Access(String),
    /// A nested type or anything else kept as text.
    Item(Box<Item>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    /// `class` rather than `struct` (or `union`).
    pub keyword: String,
    pub name: Option<String>,
    pub template: Option<Vec<TemplateParam>>,
    /// Base classes as written (`public Base`).
    pub bases: Vec<String>,
    /// `None` for a forward declaration `struct S;`.
    pub members: Option<Vec<Member>>,
    /// `__align__(16)` / `alignas(16)` spelled as written.
    pub attributes: Vec<String>,
    /// Declarators after the closing brace: `struct S {...} a, b;` or `typedef struct {...} T;`.
    pub trailing: Option<DeclStmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumDef {
    pub name: Option<String>,
    /// `enum class`
    pub scoped: bool,
    pub underlying: Option<Ty>,
    pub variants: Vec<(String, Option<Expr>)>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Function(Function),
    Struct(StructDef),
    Enum(EnumDef),
    /// `typedef T name;` (several names allowed).
    Typedef(DeclStmt),
    /// `using Name = T;`, or an alias template `template <typename T> using Ptr = T*;`.
    Using {
        name: String,
        ty: Ty,
        template: Option<Vec<TemplateParam>>,
        span: Span,
    },
    /// `using namespace std;` / `using std::sin;` kept as text.
    UsingDirective {
        text: String,
        span: Span,
    },
    /// Global variables, `__constant__` / `__device__` / `__managed__` included.
    Global(DeclStmt),
    /// A variable template, `template <typename T> inline constexpr T kFar = T(1000);` (one
    /// declarator), used as `kFar<float>`.
    VarTemplate {
        params: Vec<TemplateParam>,
        decl: DeclStmt,
    },
    Namespace {
        name: Option<String>,
        /// `inline namespace v1 { ... }`: its names are also names of the enclosing namespace.
        inline: bool,
        items: Vec<Item>,
        span: Span,
    },
    /// `extern "C" { ... }`
    ExternC {
        items: Vec<Item>,
        span: Span,
    },
    /// `#include <...>`, `#pragma ...` lines kept for the output.
    Directive {
        text: String,
        span: Span,
    },
    /// A top-level construct cuad does not model (class templates from libraries, operator
    /// overloads, ...), kept verbatim. It is an error only if a request depends on it.
    Opaque {
        text: String,
        span: Span,
        reason: String,
    },
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TranslationUnit {
    pub items: Vec<Item>,
}
