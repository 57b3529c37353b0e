//! `type_of`, `resolve_call` and `check` on parsed CUDA source.

use cuad_sema::{check, Program, ScopeStack};
use cuad_syntax::ast::*;
use cuad_syntax::pp::PpOptions;
use cuad_syntax::{Diagnostics, SourceMap};

fn parse(src: &str) -> (SourceMap, TranslationUnit) {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add("test.cu", src.to_string());
    let tokens = cuad_syntax::pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let tu = cuad_syntax::parser::parse(&tokens, &mut diags);
    assert!(!diags.has_errors(), "{}", diags.render(&sm));
    (sm, tu)
}

fn find_fn<'a>(items: &'a [Item], name: &str) -> Option<&'a Function> {
    items.iter().find_map(|i| match i {
        Item::Function(f) if f.name == name => Some(f),
        Item::Namespace { items, .. } => find_fn(items, name),
        Item::Struct(s) => s.members.iter().flatten().find_map(|m| match m {
            Member::Method(f) if f.name == name => Some(f),
            _ => None,
        }),
        _ => None,
    })
}

/// Type of the initializer of local `var` in function `func`, with every earlier declaration
/// of the body (at any depth) in scope.
fn init_type(src: &str, func: &str, var: &str) -> Option<Ty> {
    let (_, tu) = parse(src);
    let program = Program::new(&tu);
    let f = find_fn(&tu.items, func).expect("function");
    let mut scope = ScopeStack::new();
    for p in &f.params {
        if let Some(n) = &p.name {
            scope.declare(n, p.ty.clone());
        }
    }
    let mut found = None;
    for s in f.body.iter().flatten() {
        visit(s, &mut scope, &mut |scope, v: &VarDecl| {
            if v.name == var {
                if let Some(Init::Assign(e)) = &v.init {
                    found = Some(program.type_of(e, scope));
                }
            }
        });
    }
    found.expect("variable with an initializer")
}

fn visit(s: &Stmt, scope: &mut ScopeStack, f: &mut dyn FnMut(&ScopeStack, &VarDecl)) {
    match &s.kind {
        StmtKind::Decl(d) => {
            for v in &d.vars {
                f(scope, v);
                scope.declare(&v.name, v.ty.clone());
            }
        }
        StmtKind::Block(b) => b.iter().for_each(|s| visit(s, scope, f)),
        StmtKind::For { init, body, .. } => {
            init.iter().for_each(|s| visit(s, scope, f));
            visit(body, scope, f);
        }
        StmtKind::If { then, els, .. } => {
            visit(then, scope, f);
            els.iter().for_each(|s| visit(s, scope, f));
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => visit(body, scope, f),
        _ => {}
    }
}

fn float() -> Ty {
    Ty::new(TyKind::Float)
}
fn double() -> Ty {
    Ty::new(TyKind::Double)
}
fn uint() -> Ty {
    Ty::new(TyKind::Int {
        kind: IntKind::Int,
        signed: Some(false),
    })
}

const KERNELS: &str = r#"
#include <cuda_runtime.h>
typedef float real;
using vec_t = float4;
struct Particle { float3 pos; double mass; Particle* next; };
namespace phys { struct Body { real m; }; __device__ real energy(const Body& b) { return b.m; } }
__device__ float sq(float x) { return x * x; }
__device__ double sq(double x) { return x * x; }
template <typename T> __device__ T twice(const T& x) { return x + x; }
template <typename T> __device__ T load(const T* p) { return p[0]; }
__global__ void k(float* out, const double* in, Particle* ps, vec_t* v, int n) {
  auto gid = blockIdx.x * blockDim.x + threadIdx.x;
  real r = 1.0f;
  float a = sq(r);
  double b = sq(in[0]);
  double c = twice(in[1]);
  float d = load(out);
  float e = v[0].w * 2;
  double f = ps->mass + ps[1].next->pos.y;
  float g = __shfl_down_sync(0xffffffffu, a, 16);
  float h = atomicAdd(&out[0], a);
  float i = expf(a) + __expf(a) + sqrt(a);
  double j = sqrt(b) * pow(a, 2);
  phys::Body body;
  float m = phys::energy(body);
  float s = max(a, 1.0f) + fminf(a, r);
  long long t = &out[3] - out;
  float u = n > 0 ? a : 0.0f;
  float w = (float)b + static_cast<float>(c);
  unsigned long z = sizeof(float);
  float q = 1.0f + 2;
  double p = 1.0f + 2.0;
}
"#;

#[test]
fn parsed_kernel_expression_types() {
    let t = |var: &str| init_type(KERNELS, "k", var);
    assert_eq!(t("gid"), Some(uint()));
    assert_eq!(t("r"), Some(float()));
    assert_eq!(t("a"), Some(float()), "sq(float)");
    assert_eq!(t("b"), Some(double()), "sq(double)");
    assert_eq!(t("c"), Some(double()), "twice<double>");
    assert_eq!(t("d"), Some(float()), "load<float>");
    assert_eq!(t("e"), Some(float()), "float4.w * int");
    assert_eq!(t("f"), Some(double()));
    assert_eq!(t("g"), Some(float()));
    assert_eq!(t("h"), Some(float()));
    assert_eq!(t("i"), Some(float()));
    assert_eq!(t("j"), Some(double()));
    assert_eq!(
        t("m"),
        Some(float()),
        "namespaced function returning a typedef"
    );
    assert_eq!(t("s"), Some(float()));
    assert_eq!(
        t("t"),
        Some(Ty::new(TyKind::Int {
            kind: IntKind::LongLong,
            signed: Some(true)
        }))
    );
    assert_eq!(t("u"), Some(float()));
    assert_eq!(t("w"), Some(float()));
    assert_eq!(
        t("z"),
        Some(Ty::new(TyKind::Int {
            kind: IntKind::Long,
            signed: Some(false)
        }))
    );
    assert_eq!(t("q"), Some(float()));
    assert_eq!(t("p"), Some(double()));
}

#[test]
fn parsed_overloads_resolve() {
    let (_, tu) = parse(KERNELS);
    let p = Program::new(&tu);
    let on_float = p
        .resolve_call("sq", &[Some(float())])
        .map(|f| f.ret.clone());
    assert_eq!(on_float, Some(float()));
    let on_double = p
        .resolve_call("sq", &[Some(double())])
        .map(|f| f.ret.clone());
    assert_eq!(on_double, Some(double()));
    assert!(p
        .resolve_call("phys::energy", &[Some(Ty::named("phys::Body"))])
        .is_some());
    assert_eq!(p.canonical(&Ty::named("vec_t")), Ty::named("float4"));
}

const FUNCTOR: &str = r#"
struct Scale {
  float k;
  __device__ float operator()(float v) const { return k * v; }
  __device__ float twice(float v) const { return 2.0f * (*this)(v); }
};
__global__ void apply(float* x, Scale op) {
  float y = op(x[0]);
  float z = op.twice(y);
}
"#;

#[test]
fn functor_calls_use_operator_call() {
    assert_eq!(init_type(FUNCTOR, "apply", "y"), Some(float()));
    assert_eq!(init_type(FUNCTOR, "apply", "z"), Some(float()));
}

fn check_src(src: &str) -> Vec<String> {
    let (sm, tu) = parse(src);
    let mut diags = Diagnostics::default();
    check(&tu, &mut diags);
    diags.list.iter().map(|d| d.render(&sm)).collect()
}

#[test]
fn parsed_check_reports_undeclared_with_caret() {
    let errs = check_src(
        "__global__ void k(float* out, int n) {\n  int i = threadIdx.x;\n  if (i < n) out[i] = scale * out[i];\n}\n",
    );
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with("test.cu:3:23: error: use of undeclared identifier `scale`"),
        "{}",
        errs[0]
    );
    assert!(errs[0].contains("^~~~~"), "{}", errs[0]);
}

#[test]
fn parsed_check_accepts_methods_templates_and_library_names() {
    let errs = check_src(
        r#"
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cfloat>
#define N 256
struct Acc {
  float sum;
  int count;
  __device__ void add(float v) { sum += v; count++; bump(); }
  __device__ void bump() { this->count += 0; }
  __device__ float mean() const;
};
__device__ float Acc::mean() const { return count ? sum / count : 0.0f; }
enum class Mode { Fast, Slow };
template <typename T, int BLOCK>
__global__ void reduce(const T* in, T* out, int n) {
  __shared__ T tile[BLOCK];
  T v = n > 0 ? in[threadIdx.x] : T(0);
  tile[threadIdx.x] = v;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, tile[0]);
}
int main() {
  float* d = nullptr;
  cudaMalloc(&d, N * sizeof(float));
  cudaMemcpy(d, d, N, cudaMemcpyDeviceToDevice);
  Mode m = Mode::Fast;
  float lo = FLT_MAX, pi = M_PI, inf = INFINITY;
  reduce<float, 128><<<1, 128>>>(d, d, N);
  if (cudaGetLastError() != cudaSuccess) { fprintf(stderr, "err\n"); exit(EXIT_FAILURE); }
  printf("%d %f %f %f %d\n", (int)m, lo, pi, inf, rand() % RAND_MAX);
  cudaFree(d);
  return 0;
}
"#,
    );
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}

const AUTO: &str = r#"
__device__ auto half_of(double x) { auto h = x * 0.5; return h; }
__device__ auto forever(float x) { return forever(x); }
template <typename T> __device__ auto scaled(T x) { if (x > 0) { return x * 2; } return x; }
__global__ void k(float* p) {
  auto a = half_of(1.0);
  auto b = forever(1.0f);
  auto c = scaled(p[0]);
  auto d = p[0] * 2;
  float e = d;
}
"#;

#[test]
fn auto_return_types_are_deduced_from_the_body() {
    assert_eq!(init_type(AUTO, "k", "a"), Some(double()));
    assert_eq!(init_type(AUTO, "k", "b"), None, "recursion gives up");
    assert_eq!(init_type(AUTO, "k", "c"), Some(float()));
    // `d` is declared `auto` by the walker of this test: unknown, not `auto`
    assert_eq!(init_type(AUTO, "k", "e"), None);
}

const CLASSES: &str = r#"#include <cuda_runtime.h>
#include <cmath>

inline __host__ __device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline __host__ __device__ float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }

template <typename T, int N>
struct Array {
  T data[N];
  __host__ __device__ T& operator[](int i) { return data[i]; }
  __host__ __device__ int size() const { return N; }
  __host__ __device__ T sum() const {
    T s = T(0);
    for (int i = 0; i < N; ++i) s += data[i];
    return s;
  }
};

class Shape {
 public:
  __device__ virtual float area() const { return 0.f; }
 protected:
  float scale_ = 1.f;
};

class Circle : public Shape {
 public:
  __device__ Circle(float r) : r_(r) {}
  __device__ float area() const override { return scale_ * 3.14159265f * r_ * r_; }
  static constexpr int kind = 1;
  struct Info { int id; float w; };
  Info info;
  enum Color { RED, GREEN };
  __device__ Color color() const { return RED; }
 private:
  float r_;
};

template <typename T>
class Buffer {
 public:
  __host__ void alloc(size_t n) { n_ = n; cudaMalloc(&ptr_, n * sizeof(T)); }
  __host__ void release() { cudaFree(ptr_); ptr_ = nullptr; }
  __host__ __device__ T* get() const { return ptr_; }
  __host__ __device__ size_t size() const { return n_; }
 private:
  T* ptr_ = nullptr;
  size_t n_ = 0;
};

template <typename T>
__global__ void scale(Buffer<T> buf, T k) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < buf.size()) buf.get()[i] *= k;
  T* p = buf.get();
}

__global__ void shapes(float* out, Array<float, 4> arr, float3 v) {
  Circle c(2.0f);
  Circle::Info inf = c.info;
  float a = c.area();
  float b = arr.sum();
  float e = arr[1];
  float f = inf.w;
  int g = arr.size();
  float3 w = v + v * 2.0f;
  float h = w.x;
  out[0] = a + b + e + f + g + h + (float)Circle::kind + (c.color() == Circle::RED);
}

void host() {
  Buffer<float> b;
  b.alloc(100);
  scale<float><<<1, 100>>>(b, 2.0f);
  b.release();
}
"#;

#[test]
fn classes_templates_and_opaque_operators() {
    let t = |var: &str| init_type(CLASSES, "shapes", var);
    assert_eq!(t("a"), Some(float()), "method");
    assert_eq!(t("b"), Some(float()), "method of a class template instance");
    assert_eq!(
        t("e"),
        Some(float()),
        "opaque operator[] of a class template"
    );
    assert_eq!(t("f"), Some(float()), "field of a nested struct");
    assert_eq!(t("g"), Some(Ty::int()));
    assert_eq!(t("w"), Some(Ty::named("float3")), "helper_math operators");
    assert_eq!(t("h"), Some(float()));
    let p = init_type(CLASSES, "scale", "p");
    assert_eq!(
        p,
        Some(Ty::pointer_to(Ty::named("T"))),
        "template-dependent stays named"
    );
    assert!(check_src(CLASSES).is_empty(), "{:?}", check_src(CLASSES));
}

fn kitchen_sink() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/kitchen_sink.cu");
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn kitchen_sink_program_checks_clean() {
    let src = kitchen_sink();
    assert!(src.contains("__global__"), "fixture missing");
    let errs = check_src(&src);
    assert!(errs.is_empty(), "{}", errs.join("\n"));
}

#[test]
fn kitchen_sink_typos_are_reported() {
    let src = kitchen_sink().replace(
        "(void)INT_MAX;",
        "(void)INT_MAX; acc += tpyo; pts[0].dot(nope);",
    );
    let errs = check_src(&src);
    assert_eq!(errs.len(), 2, "{}", errs.join("\n"));
    assert!(errs[0].contains("use of undeclared identifier `tpyo`"));
    assert!(errs[1].contains("use of undeclared identifier `nope`"));
}

const C_STYLE: &str = r#"
typedef struct { float re, im; } Complex, *ComplexPtr;
typedef struct Node { double v; struct Node* next; } Node;
struct Pair { int a; float b; } global_pair;
typedef unsigned int uint;
typedef float real3[3];
struct { double gx; } anon_global;
__global__ void k(Complex* cs, ComplexPtr p, Node* n, real3 r) {
  float a = cs[0].im;
  float b = p->re;
  double c = n->next->v;
  float d = global_pair.b;
  uint e = 3u;
  float f = r[1];
  double g = anon_global.gx;
}
"#;

#[test]
fn c_style_typedef_structs() {
    let t = |var: &str| init_type(C_STYLE, "k", var);
    assert_eq!(t("a"), Some(float()));
    assert_eq!(t("b"), Some(float()));
    assert_eq!(t("c"), Some(double()));
    assert_eq!(t("d"), Some(float()));
    assert_eq!(t("e"), Some(uint()));
    assert_eq!(t("f"), Some(float()));
    assert_eq!(t("g"), Some(double()), "global of an anonymous struct type");
    assert!(check_src(C_STYLE).is_empty(), "{:?}", check_src(C_STYLE));
}

const METHODS: &str = r#"
struct Base { double w; };
template <int N>
struct Grid : public Base {
  float cells[N];
  static int count;
  __device__ float at(int i) const { return cells[i] * w; }
  __device__ float sum() const;
};
struct Plain : public Base { float v; __device__ float get() const; };
__device__ float Plain::get() const { return v + w; }
__device__ float free_fn(float x) { return x; }
"#;

#[test]
fn function_scope_of_methods_has_fields_this_and_template_values() {
    let (_, tu) = parse(METHODS);
    let p = Program::new(&tu);
    let at = find_fn(&tu.items, "at").expect("inline method");
    assert_eq!(p.method_owner(at).as_deref(), Some("Grid"));
    let scope = p.function_scope(at);
    let ty = |e: &str| p.type_of(&Expr::ident(e), &scope);
    assert_eq!(ty("i"), Some(Ty::int()));
    assert_eq!(ty("w"), Some(double()), "base-class field");
    assert_eq!(ty("count"), Some(Ty::int()), "static field");
    assert_eq!(ty("N"), Some(Ty::int()), "class template value parameter");
    let this = Ty::pointer_to(Ty::named("Grid").with_const(true));
    assert_eq!(ty("this"), Some(this), "const method");
    let cells_0 = Expr::synth(ExprKind::Index(
        Box::new(Expr::ident("cells")),
        Box::new(Expr::synth(ExprKind::IntLit("0".into()))),
    ));
    assert_eq!(p.type_of(&cells_0, &scope), Some(float()));

    let out_of_line = tu.items.iter().find_map(|i| match i {
        Item::Function(f) if f.name == "Plain::get" => Some(f),
        _ => None,
    });
    let get = out_of_line.expect("out-of-line method");
    assert_eq!(p.method_owner(get).as_deref(), Some("Plain"));
    let scope = p.function_scope(get);
    assert_eq!(p.type_of(&Expr::ident("v"), &scope), Some(float()));
    assert_eq!(p.type_of(&Expr::ident("w"), &scope), Some(double()));

    let free = find_fn(&tu.items, "free_fn").expect("free function");
    assert_eq!(p.method_owner(free), None);
    assert_eq!(p.type_of(&Expr::ident("w"), &p.function_scope(free)), None);
    assert!(check_src(METHODS).is_empty(), "{:?}", check_src(METHODS));
}
