//! Reverse mode: one generated function (kernel gradient, function gradient or pullback).
//!
//! The body is normalized (see `normalize`), then every statement yields forward code (the
//! primal, plus saves of overwritten values that the reverse pass reads) and reverse code
//! (restores, then adjoint propagation). The reverse pass runs the statements' reverse code
//! in reverse order, so when a statement's adjoint code runs, every variable it reads holds
//! the value it had before the statement ran in the forward pass.

use crate::activity::{active_vars, is_differentiable, is_real};
use crate::address_calls::AddressCall;
use crate::adjoint::{adj_name, Space};
use crate::builder::*;
use crate::index::{build_env, counter_init, step_stride, IndexEnv};
use crate::normalize::{normalize, Local};
use crate::usage::{self, lvalue_root, reads, Names};
use cuad_sema::{Program, Scope};
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Where the generated code runs; decides how adjoint updates to shared memory are done.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// A `__global__` gradient: one thread of many.
    Kernel,
    /// A `__device__` pullback called by kernel threads.
    Device,
    /// Sequential code (host functions, `__host__ __device__` gradients).
    Host,
}

/// What to generate for a function.
#[derive(Clone, Debug)]
pub enum Target {
    /// Top-level gradient w.r.t. these parameter indices; `keep_seeds`: see `keep_seeds`;
    /// `symbols`: `__constant__`/`__device__` globals a host gradient made active (symbols.rs),
    /// whose reads add into their adjoint globals `_d_<symbol>` (kernels only).
    Grad {
        wrt: Vec<usize>,
        keep_seeds: bool,
        symbols: Vec<String>,
    },
    /// Pullback; `globals` are pointer parameters that receive shared (global) memory,
    /// `mixed` those among them that may also receive a thread's local array.
    Pullback {
        globals: BTreeSet<usize>,
        mixed: BTreeSet<usize>,
        active: BTreeSet<usize>,
        /// The caller zeroed the dynamic shared region's adjoint half (`Gen::region_zeroed`).
        caller_zeroes_region: bool,
        /// A call may run on part of a warp (`Gen::may_split_warp`).
        split_warp: bool,
        /// Active symbols the callee reads (as in `Grad`, for a kernel variant's callees).
        symbols: Vec<String>,
    },
}

/// Runtime helpers the generated code needs (emitted once per output).
#[derive(Default, Clone, Copy, Debug)]
pub struct Helpers {
    pub warp_add: bool,
    pub block_add: bool,
    pub tape: bool,
    pub host_tape: bool,
    pub memcpy: bool,
    /// `cuad_memcpy2d_pullback` (with `memcpy`).
    pub memcpy2d: bool,
    pub digamma: bool,
    /// `cuad_value_and_pushforward` (forward mode's value functions return it).
    pub value_and_pushforward: bool,
    /// `cuad_zero_tangent<T>()` (forward mode: zero tangents of structs with constructors).
    pub zero_tangent: bool,
    /// `cuad_add_maybe_local` (updates through pointers that may point into local arrays).
    pub maybe_local_add: bool,
    /// `cuad_add_if_whole_warps` (warp-per-row updates proven distinct in whole-warp blocks).
    pub whole_warps_add: bool,
    /// `cuad_add_row_groups` and `cuad_add_column_groups` (addresses shared by a 2-D block's
    /// rows or columns of threads).
    pub row_group_add: bool,
    /// `cuad_tree_fits` and `cuad_tree_reaches_root` (reverse tree reductions, `tree_reverse.rs`).
    pub tree_reverse: bool,
    /// `cuad_shift_trips` (closed-form trip counts of halving loops, `trip_count.rs`).
    pub shift_trips: bool,
    /// `cuad_blocks_per_worker` (gradient kernels whose blocks merge, `block_merge.rs`).
    pub merge_blocks: bool,
}

impl Helpers {
    pub fn merge(&mut self, o: Helpers) {
        self.warp_add |= o.warp_add;
        self.block_add |= o.block_add;
        self.tape |= o.tape;
        self.host_tape |= o.host_tape;
        self.memcpy |= o.memcpy;
        self.memcpy2d |= o.memcpy2d;
        self.digamma |= o.digamma;
        self.value_and_pushforward |= o.value_and_pushforward;
        self.zero_tangent |= o.zero_tangent;
        self.maybe_local_add |= o.maybe_local_add;
        self.whole_warps_add |= o.whole_warps_add;
        self.tree_reverse |= o.tree_reverse;
        self.shift_trips |= o.shift_trips;
        self.merge_blocks |= o.merge_blocks;
        self.row_group_add |= o.row_group_add;
    }
}

/// A pullback another generated function calls.
#[derive(Clone, Debug, PartialEq)]
pub struct PullbackReq {
    /// The function to differentiate (template functions arrive instantiated).
    pub callee: Function,
    pub name: String,
    pub globals: BTreeSet<usize>,
    /// Parameters (among `globals`) that may also receive a thread's local array.
    pub mixed: BTreeSet<usize>,
    /// Parameters whose adjoints the caller passes (the others get null/scratch adjoints).
    pub active: BTreeSet<usize>,
    pub mode: Mode,
    /// The requester zeroed the dynamic shared region's adjoint half.
    pub caller_zeroes_region: bool,
    /// The call may run on part of a warp.
    pub split_warp: bool,
    /// Active symbols the callee reads (its name says `_via_<symbol>`).
    pub symbols: Vec<String>,
}

pub struct Generated {
    pub function: Function,
    pub helpers: Helpers,
    pub pullbacks: Vec<PullbackReq>,
    pub kernel_grads: Vec<KernelGradReq>,
    /// Kernels a host gradient launches that are emitted as they are (gather.rs).
    pub extra_kernels: Vec<Function>,
    pub explanations: Vec<String>,
    /// Declarations of the adjoint globals of active symbols (`__device__ double _d_c[7];`).
    pub adjoint_globals: Vec<String>,
}

/// A kernel-invariant adjoint address whose updates a per-thread register sums; the block
/// reduces the registers at the end of the kernel.
pub struct KernelAcc {
    /// The address, printed (identifies it).
    pub key: String,
    pub register: String,
    pub lvalue: Expr,
    pub ty: Ty,
}

pub struct Gen<'p, 'a> {
    pub prog: &'p Program<'a>,
    pub mode: Mode,
    pub types: HashMap<String, Ty>,
    pub params: Vec<(String, Ty)>,
    pub active: Names,
    pub spaces: HashMap<String, Space>,
    /// Where the pointer fields of an object point (`p.w` of `Params p`), by the object's
    /// root variable: the object's own space says nothing about its fields' targets. Roots
    /// not listed point to global memory (private memory in host code).
    pub field_spaces: HashMap<String, Space>,
    /// `__shared__` locals that are not arrays (`__shared__ float s_inv;`): one per block.
    pub shared_scalars: Names,
    /// `extern __shared__` arrays: the block's one dynamic region.
    pub dynamic_shared: Names,
    /// The caller zeroed the dynamic region's adjoint half (see `region_zeroed`): this
    /// pullback adds into it and must not zero it again.
    pub caller_zeroes_region: bool,
    /// The region's adjoint half is zeroed by now (by this function or a caller): pullbacks
    /// requested from here add into it.
    pub region_zeroed: bool,
    /// A call of this pullback may run on part of a warp.
    pub called_on_split_warp: bool,
    pub env: IndexEnv,
    /// Declarations of temporaries and saves, placed at the top of the function.
    pub decls: Vec<Stmt>,
    /// Enclosing conditions (condition, negated) at the current program point.
    pub guards: Vec<(Expr, bool)>,
    /// Ranges of the counters of the loops being generated (for adjoint address analysis).
    pub loop_ranges: Vec<crate::index::CounterRange>,
    /// Bodies of the loops being generated, innermost last.
    pub loop_bodies: Vec<Stmt>,
    /// Kernel-invariant adjoint addresses summed in registers: (key, register, lvalue).
    pub kernel_accs: Vec<KernelAcc>,
    pub helpers: Helpers,
    pub pullbacks: Vec<PullbackReq>,
    pub kernel_grads: Vec<KernelGradReq>,
    pub extra_kernels: Vec<Function>,
    /// Kernel: active symbols (reads add into `_d_<symbol>`). Host: the symbols that a copy of
    /// a buffer carrying derivatives made active so far (symbols.rs).
    pub(crate) symbols: Names,
    /// Host: the active symbols that launched kernels write (`kernel_written_symbols`).
    pub(crate) written_symbols: Names,
    /// Declarations of the adjoint globals of active symbols, emitted once before the code.
    pub(crate) adjoint_globals: Vec<String>,
    pub errors: Vec<Diagnostic>,
    pub explanations: Vec<String>,
    /// Host: device buffers allocated in the function, with their byte sizes.
    pub allocations: Vec<(String, Expr)>,
    /// Host: the allocated buffers that live in host memory (malloc/calloc).
    pub host_buffers: Vec<String>,
    /// Statements placed after the reverse pass (host frees).
    pub epilogue: Vec<Stmt>,
    /// Host: pointer variables whose allocations the reverse pass frees itself, restoring the
    /// value each held before (`host::reallocation_restore`).
    pub realloc_freed: Names,
    /// Host: the variables holding what a deferred free frees (`p_at_free3`), by the freed
    /// variable (`p`; adjoints likewise).
    pub held_frees: HashMap<String, String>,
    /// Adjoint zeroing stores postponed to the end of the enclosing block's reverse code.
    deferred: Vec<Vec<Stmt>>,
    /// Names read after the statement being generated (forward order, later iterations too).
    after_reads: Vec<Names>,
    /// Offsets of every access to each shared/global array (see `sole_offset`).
    pub access_offsets: HashMap<String, Vec<crate::index::AccessKey>>,
    /// Per array, the `if` guards every statement mentioning it is under (printed condition,
    /// negated): only these may prove an update's address distinct per thread, since the
    /// other statements' threads reach the same elements too (see `Gen::strategy`).
    pub common_guards: HashMap<String, Vec<(String, bool)>>,
    tmp: usize,
    /// Names read by the reverse code of the statements generated so far (plus, inside a
    /// loop, by the whole loop): a write to one of them must save the old value.
    pub(crate) reads_so_far: Names,
    /// Pointer variables whose value (not their buffer's contents) reverse code reads.
    pub(crate) pointer_value_reads: Names,
    /// Host: classes of pointer variables assigned to one another (`t = a; a = b; b = t;`).
    pub(crate) pointer_aliases: Vec<Names>,
    /// Host: how each pointer variable gets its value (see `PointerDefs`).
    pub(crate) pointer_defs: HashMap<String, PointerDefs>,
    /// Host code: fields assigned whole somewhere in the body (`prm.x = d_x`), whose adjoint
    /// fields get the shadow of what is assigned.
    assigned_fields: HashSet<String>,
    /// Host: pointer fields whose adjoint field was set from a shadow (`a.v = d_v` gave
    /// `_d_a.v = _d_d_v`), as printed: a launch passing the struct may rely on them.
    pub(crate) mirrored_fields: HashSet<String>,
    /// Host: pointer fields that name one buffer for the whole function (`b.out = d_out;`
    /// once, outside loops): a launch given `b.out` writes `d_out` (host::stable_field_buffers).
    pub(crate) field_buffers: HashMap<String, String>,
    /// The pointer variable last assigned to each pointer field of a host local struct
    /// (`b.u = q;` in a loop): a launch given `b` whose kernel writes through `b.u` writes
    /// `q`'s buffer.
    pub(crate) field_sources: HashMap<String, String>,
    /// Every (field, buffer variable) assignment seen (`field_sources` keeps the last).
    pub(crate) field_history: Vec<(String, String)>,
    /// Host: the function allocates managed memory (host code may read device results).
    pub(crate) managed_memory: bool,
    /// Output arrays whose seeds the gradient leaves as given (`kept_seed_arrays`).
    kept_seeds: Names,
    /// Host: some launched kernel's gradient reads primal memory (or cuad cannot tell).
    pub(crate) launch_grads_read_memory: bool,
    /// Host: zeroing passes deferred to fuse with the next launch (`host::PendingZero`).
    pub(crate) pending_zeros: Vec<crate::host::PendingZero>,
    /// Write sets of the enclosing loops' bodies and conditions (not their steps).
    pub(crate) loop_writes: Vec<Names>,
    /// Variables the enclosing counted loops' reverse iterations recompute (see `replay`):
    /// their definitions need no save.
    pub(crate) replayed: Names,
    /// Shared tiles replayed by their loop's reverse iterations that nothing after the loop
    /// reads (dead_shared.rs drops their forward stores when only dead code reads them).
    pub(crate) replayed_tiles: Names,
    /// Roots of everything the function writes (memory included): memory outside this set
    /// reads the same in the reverse pass as in the forward pass.
    pub(crate) function_writes: Names,
    /// Host: variables whose value may change after a statement reads it (assigned in a loop
    /// or by several statements; `host::changing_variables`).
    pub(crate) changing: Names,
    tapes: Vec<(String, String)>,
    /// The assignment being generated may compute the partials of its calls in the forward
    /// sweep (`calls::preaccumulable`): it runs once, and its forward code runs right before it.
    pub(crate) preacc_site: bool,
    /// Forward code of those partials, placed before the assignment's primal statement.
    pub(crate) preacc_fwd: Vec<Stmt>,
    /// Adjoint of the return value (`1` for gradients, `_d_y` for pullbacks).
    seed: Option<Expr>,
    span: Span,
}

pub(crate) struct TypeScope<'m>(pub(crate) &'m HashMap<String, Ty>);

impl Scope for TypeScope<'_> {
    fn lookup(&self, name: &str) -> Option<Ty> {
        self.0.get(name).cloned()
    }
}

/// A kernel launched by a host function, whose gradient the host gradient launches.
#[derive(Clone, Debug)]
pub struct KernelGradReq {
    /// The kernel (for a template, its instance).
    pub kernel: Function,
    /// The kernel template the instance comes from.
    pub primary: Option<Function>,
    /// The launch's template arguments (the gradient is launched with the same ones).
    pub template_args: Vec<TemplateArg>,
    pub wrt: Vec<usize>,
    /// Active symbols the kernel reads (its gradient is the variant that adds into them).
    pub symbols: Vec<String>,
}

/// Adjoint parameter type: `T*`/`const T*`/`T&`/`T` -> `T*`.
/// Adjoints drop `const` and `volatile` (an adjoint buffer is written, also by `atomicAdd`).
pub fn adjoint_param_ty(ty: &Ty) -> Ty {
    match &ty.kind {
        // `const T (&a)[N]` -> `T (&_d_a)[N]`: the caller passes its adjoint array;
        // `const T*& p` -> `T*& _d_p`: its adjoint pointer, which moves with `p`.
        TyKind::LRef(t) if matches!(t.kind, TyKind::Array { .. } | TyKind::Pointer { .. }) => {
            Ty::new(TyKind::LRef(Box::new(mutable_ty(t))))
        }
        TyKind::Pointer { pointee, .. } => Ty::pointer_to(mutable_ty(pointee)),
        TyKind::LRef(t) | TyKind::RRef(t) => Ty::pointer_to(mutable_ty(t)),
        TyKind::Array { elem, .. } => Ty::pointer_to(mutable_ty(elem)),
        _ => Ty::pointer_to(mutable_ty(ty)),
    }
}

/// Where the local `name` is declared in `body`.
/// Where a diagnostic about `name` points: `span`, or the name's declaration (or the function)
/// for code cuad synthesized.
pub(crate) fn diagnostic_span(span: Span, body: &[Stmt], name: &str, func: &Function) -> Span {
    if span == Span::default() {
        declaration_span(body, name).unwrap_or(func.name_span)
    } else {
        span
    }
}

/// Where the local `name` is declared in the (not normalized) body.
pub(crate) fn declaration_span(body: &[Stmt], name: &str) -> Option<Span> {
    let mut found = None;
    for s in body {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                if let Some(v) = d.vars.iter().find(|v| v.name == name) {
                    found = found.or(Some(v.span));
                }
            }
        });
    }
    found
}

/// The integer constants of the file (`qualified_constants`), each also under its unqualified
/// name where that name is unambiguous: code inside a namespace or struct names them so
/// (`double a[kN];` in `namespace ph`, `double c[N];` for `static constexpr int N`).
pub(crate) fn integer_constants(items: &[Item]) -> Vec<(String, i64)> {
    let mut out = qualified_constants(items, "");
    let mut short: HashMap<String, Option<i64>> = HashMap::new();
    for (name, value) in &out {
        if let Some((_, last)) = name.rsplit_once("::") {
            let entry = short.entry(last.to_string()).or_insert(Some(*value));
            if *entry != Some(*value) {
                *entry = None;
            }
        }
    }
    for (name, value) in short {
        if let (Some(v), false) = (value, out.iter().any(|(n, _)| *n == name)) {
            out.push((name, v));
        }
    }
    out
}

/// `const`/`constexpr` integer globals, `static constexpr` integer members of (non-template)
/// structs whose initializers are literal arithmetic, and enumerators: qualified name -> value.
fn qualified_constants(items: &[Item], prefix: &str) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    let from_decl = |d: &DeclStmt, prefix: &str, out: &mut Vec<(String, i64)>| {
        for v in &d.vars {
            let constant = d.specs.is_constexpr || v.ty.is_const;
            if !constant || !matches!(v.ty.kind, TyKind::Int { .. }) {
                continue;
            }
            let value = match &v.init {
                Some(Init::Assign(e)) => crate::instantiate::constant_value(e),
                Some(Init::Brace(es)) if es.len() == 1 => {
                    crate::instantiate::constant_value(&es[0])
                }
                _ => None,
            };
            if let Some(value) = value {
                out.push((format!("{prefix}{}", v.name), value));
            }
        }
    };
    for item in items {
        match item {
            Item::Global(d) => from_decl(d, prefix, &mut out),
            Item::Namespace {
                name: Some(n),
                items,
                ..
            } => out.extend(qualified_constants(items, &format!("{prefix}{n}::"))),
            Item::Enum(e) => {
                let mut next = 0i64;
                for (variant, value) in &e.variants {
                    if let Some(v) = value {
                        let known = |x: &Expr| {
                            let n = cuad_emit::print_expr(x);
                            out.iter().find(|(k, _)| *k == n).map(|(_, v)| *v)
                        };
                        match cuad_sema::fold_constant(v, &known) {
                            Some(v) => next = v,
                            None => break,
                        }
                    }
                    // Unscoped enumerators are names of the enclosing scope too.
                    if let Some(name) = &e.name {
                        out.push((format!("{prefix}{name}::{variant}"), next));
                    }
                    if !e.scoped {
                        out.push((format!("{prefix}{variant}"), next));
                    }
                    next += 1;
                }
            }
            Item::Struct(s) if s.template.is_none() => {
                let Some(name) = &s.name else { continue };
                for m in s.members.iter().flatten() {
                    if let Member::Field(d) = m {
                        if d.specs.is_static && !d.specs.is_typedef {
                            from_decl(d, &format!("{prefix}{name}::"), &mut out);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A reference-to-array parameter (`T (&a)[N]`) is analysed as the array parameter `T a[N]`:
/// its elements are the caller's, its adjoint is the caller's adjoint array. A reference to a
/// pointer (`const T*& p`, a reader advancing it) is analysed as the pointer: the callee moves
/// the caller's variable, and its adjoint pointer (`T*& _d_p`, the caller's) along with it.
fn ref_param_as_object(ty: Ty) -> Ty {
    match ty.kind {
        TyKind::LRef(t) if matches!(t.kind, TyKind::Array { .. } | TyKind::Pointer { .. }) => *t,
        _ => ty,
    }
}

pub fn generate(
    prog: &Program,
    func: &Function,
    name: &str,
    mode: Mode,
    target: &Target,
) -> Result<Generated, Vec<Diagnostic>> {
    let Some(body) = &func.body else {
        return Err(vec![Diagnostic::error(
            func.name_span,
            format!("`{}` has no body to differentiate", func.name),
        )]);
    };
    let mut norm = normalize(prog, func, body)?;
    let params: Vec<(String, Ty)> = func
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                p.name.clone().unwrap_or_else(|| format!("_p{i}")),
                ref_param_as_object(prog.canonical(&p.ty)),
            )
        })
        .collect();
    let mut types: HashMap<String, Ty> = params.iter().cloned().collect();
    for l in &norm.locals {
        types.insert(l.name.clone(), l.ty.clone());
    }
    // Method calls become calls of their free stand-ins (methods.rs).
    let object_type = |e: &Expr| {
        prog.type_of(e, &TypeScope(&types))
            .map(|t| prog.canonical(&t))
    };
    for s in &mut norm.body {
        crate::methods::lower_calls(s, prog, &object_type);
    }
    crate::field_index::lower(prog, &mut norm.body, &object_type)?;
    // Helpers returning an address into their argument are that address (address_calls.rs).
    let declares = |n: &str| types.contains_key(n);
    let scope = crate::address_calls::CallerScope {
        type_of: &object_type,
        declares: &declares,
    };
    crate::address_calls::inline_address_calls(prog, &mut norm.body, &scope);
    let before = norm.locals.len();
    crate::cond_calls::lower(prog, &mut norm.body, &mut norm.locals);
    copy_written_params(
        prog,
        mode,
        &params,
        &mut norm.body,
        &mut norm.locals,
        &types,
    );
    for l in &norm.locals[before..] {
        types.insert(l.name.clone(), l.ty.clone());
    }
    let mut seeds: Names = match target {
        Target::Grad { wrt, .. } => wrt.iter().map(|&i| params[i].0.clone()).collect(),
        Target::Pullback { active, .. } => active.iter().map(|&i| params[i].0.clone()).collect(),
    };
    // Active symbols are read like global arrays with adjoints (their reads are active).
    let symbols = crate::symbols::kernel_symbols(prog, mode, target, &mut types);
    seeds.extend(symbols.iter().cloned());
    // Host: symbols that launched kernels write carry derivatives to the host (symbols.rs).
    let mut written_symbols = match mode {
        Mode::Host => crate::symbols::kernel_written_symbols(prog, &norm.body),
        _ => Names::new(),
    };
    seeds.extend(written_symbols.iter().cloned());
    // `extern __shared__` arrays are the block's one dynamic region, whichever function
    // declares them. When the kernel declares one and a function it calls does too, the
    // kernel's gradient owns the region's adjoint half (zeroes it once) and pullbacks add into
    // it: there, a pullback's dynamic arrays are active whatever its own body does with them,
    // and the kernel's are active so that it keeps their values for the pullbacks' reads.
    let region_seeded = match (mode, target) {
        (
            Mode::Device,
            Target::Pullback {
                caller_zeroes_region,
                ..
            },
        ) => *caller_zeroes_region,
        (Mode::Kernel, _) => crate::calls::callee_with_dynamic_shared(prog, func, 0).is_some(),
        _ => false,
    };
    if region_seeded {
        seeds.extend(
            norm.locals
                .iter()
                .filter(|l| l.specs.shared && l.specs.is_extern)
                .filter(|l| crate::activity::is_differentiable(prog, &l.ty))
                .map(|l| l.name.clone()),
        );
    }
    let mut activity_types = types.clone();
    for (n, t) in &params {
        activity_types.insert(format!("__param:{n}"), t.clone());
    }
    let mut active = active_vars(prog, &norm.body, &activity_types, &seeds);
    // Host: a symbol a copy fills from a value carrying derivatives carries them on into what
    // copies it back (`cudaMemcpyFromSymbol(&s, c, ...)`).
    // So do the buffers a kernel reading such a symbol writes (`k<<<...>>>(d_x, d_out)` with
    // `d_x` inactive, reading `c_a`), as in forward mode (`symbols::launch_outputs`).
    if mode == Mode::Host {
        let is_buffer = |n: &str| {
            !params.iter().any(|(p, _)| p == n)
                && types.get(n).is_some_and(|t| {
                    matches!(t.kind, TyKind::Pointer { .. })
                        && crate::activity::is_differentiable(prog, t)
                })
        };
        loop {
            let filled = crate::symbols::filled_from_active(&norm.body, &active);
            let symbols: Names = filled
                .iter()
                .chain(written_symbols.iter())
                .cloned()
                .collect();
            let outputs = crate::symbols::launch_outputs(prog, &norm.body, &symbols, &is_buffer);
            if filled.iter().chain(&outputs).all(|f| seeds.contains(f)) {
                // Refilled symbols are handled as symbols kernels write (symbols.rs).
                written_symbols.extend(crate::symbols::refilled(&norm.body, &filled));
                break;
            }
            seeds.extend(filled);
            seeds.extend(outputs);
            active = active_vars(prog, &norm.body, &activity_types, &seeds);
        }
    }
    let unknown =
        crate::activity::unknown_type_receivers(prog, &norm.body, &types, &params, &active);
    if !unknown.is_empty() {
        return Err(unknown
            .into_iter()
            .map(|(span, name, message)| {
                // A declaration's initializer became an assignment without a span: point at
                // the declaration.
                Diagnostic::error(diagnostic_span(span, body, &name, func), message)
            })
            .collect());
    }
    let kept = crate::activity::container_stores(prog, &norm.body, &types, &params, &active);
    if !kept.is_empty() {
        return Err(kept
            .into_iter()
            .map(|(span, name)| {
                Diagnostic::error(
                    span,
                    format!(
                        "cuad cannot differentiate values stored into `{name}`: it stays a library container (grown, passed or copied whole, or sized in a loop by values it changes), whose elements have no adjoint; use it as a fixed buffer (`{name}[i]`, `{name}.data()`, `{name}.size()`, sized once: outside loops, or at its declaration from values the loops leave alone) or a pointer from malloc/new[]"
                    ),
                )
            })
            .collect());
    }
    let untraced = crate::activity::untraced_pointer_stores(prog, &norm.body, &types, &active);
    if !untraced.is_empty() {
        return Err(untraced
            .into_iter()
            .map(|(span, name)| {
                let at = diagnostic_span(span, body, &name, func);
                Diagnostic::error(
                    at,
                    format!(
                        "cuad cannot tell what `{name}` points to, so not where the derivative of the value stored through it goes; point it at a local array, an allocation or a parameter by assignment (`p = buf + k`, `p = c ? a : b`)"
                    ),
                )
            })
            .collect());
    }
    // In a pullback, such a parameter is memory its caller passes without an adjoint.
    let lost = crate::activity::unlisted_round_trips(prog, &norm.body, &params, &active);
    if !lost.is_empty() {
        let pullback = matches!(target, Target::Pullback { .. });
        return Err(lost
            .into_iter()
            .map(|(span, name)| {
                let at = diagnostic_span(span, body, &name, func);
                let fix = if pullback {
                    format!("add what the caller of `{}` passes for `{name}` to --wrt (to the parameters of a `clad::gradient` request)", func.name)
                } else {
                    format!("add `{name}` to --wrt (to the parameters of a `clad::gradient` request)")
                };
                Diagnostic::error(
                    at,
                    format!(
                        "`{name}` receives values that depend on the differentiated parameters and is read again, but it is not differentiated itself, so the derivative through it would be lost; {fix}"
                    ),
                )
            })
            .collect());
    }
    // Adjoint variables have types too (saves of moving shadow pointers need them).
    for n in &active {
        if let Some(t) = types.get(n).cloned() {
            let is_param = params.iter().any(|(p, _)| p == n);
            let adj_ty = if is_param {
                adjoint_param_ty(&t)
            } else {
                mutable_ty(&t)
            };
            types.insert(adj_name(n), adj_ty);
        }
    }
    let mut spaces = HashMap::new();
    let mut field_spaces = HashMap::new();
    for (i, (n, t)) in params.iter().enumerate() {
        // A reference to an array binds the caller's array: its adjoint array is the
        // caller's own, as for a scalar reference (pullbacks of calls with shared arrays
        // are told otherwise through `globals`).
        let array_ref = matches!(prog.canonical(&func.params[i].ty).kind, TyKind::LRef(_))
            && matches!(t.kind, TyKind::Array { .. });
        let space = match (mode, target) {
            (Mode::Host, _) => Space::Private,
            (Mode::Kernel, _) => Space::Global,
            (Mode::Device, Target::Pullback { globals, .. }) if !globals.contains(&i) => {
                Space::Private
            }
            (Mode::Device, Target::Pullback { mixed, .. }) if mixed.contains(&i) => {
                Space::MaybeLocal
            }
            // A device function's gradient is called by user code, with local arrays
            // as well as global memory.
            (Mode::Device, Target::Grad { .. }) => Space::MaybeLocal,
            (Mode::Device, _) => Space::Global,
        };
        // Where the pointer fields of an object parameter point: a pullback's `globals` and
        // `mixed` cover them too (calls.rs `field_targets_space`).
        field_spaces.insert(n.clone(), space);
        if matches!(
            t.kind,
            TyKind::Pointer { .. } | TyKind::Array { .. } | TyKind::LRef(_)
        ) {
            let own = match (mode, target) {
                (Mode::Device, Target::Grad { .. }) if array_ref => Space::Private,
                _ => space,
            };
            spaces.insert(n.clone(), own);
        }
    }
    for n in &symbols {
        spaces.insert(n.clone(), Space::Global);
    }
    for l in &norm.locals {
        if matches!(l.ty.kind, TyKind::Array { .. }) {
            spaces.insert(
                l.name.clone(),
                if l.specs.shared {
                    Space::Shared
                } else {
                    Space::Private
                },
            );
        }
    }
    let shared_scalars: Names = norm
        .locals
        .iter()
        .filter(|l| l.specs.shared && !matches!(l.ty.kind, TyKind::Array { .. }))
        .map(|l| l.name.clone())
        .collect();
    let dynamic_shared: Names = norm
        .locals
        .iter()
        .filter(|l| l.specs.shared && l.specs.is_extern)
        .map(|l| l.name.clone())
        .collect();
    let global_ptrs = spaces
        .iter()
        .filter(|(_, s)| **s == Space::Global)
        .map(|(n, _)| n.clone())
        .collect();
    // Integer constants of the file (`constexpr int TILE = 16;`, `S::n`) are known values in
    // indices (`x[TILE * i + k]` is distinct per thread), unless a local shadows them.
    let constants: Vec<(String, i64)> = integer_constants(&prog.tu.items)
        .into_iter()
        .filter(|(n, _)| !types.contains_key(n))
        .collect();
    let env = build_env(
        &params,
        &norm.body,
        &global_ptrs,
        mode == Mode::Kernel,
        &constants,
        &crate::calls::reference_writes(prog, &norm.body),
    );
    let is_value = !matches!(func.ret.kind, TyKind::Void);
    let ret = prog.canonical(&func.ret);
    if matches!(target, Target::Grad { .. })
        && is_value
        && !is_real(&ret)
        && is_differentiable(prog, &ret)
    {
        // A gradient seeds the returned value with 1; a struct has no such seed.
        return Err(vec![Diagnostic::error(
            func.name_span,
            format!(
                "cuad cannot make the gradient of `{}`: it returns `{}`, a value of several components; a gradient is of a function returning one real value (or void, with outputs through parameters); differentiate a function that reduces the result to a real, or one calling `{}`",
                func.name,
                cuad_emit::print_ty(&func.ret),
                func.name
            ),
        )]);
    }
    let seed = match target {
        Target::Grad { .. } if is_value => Some(real_lit(&ret, 1.0)),
        Target::Pullback { .. } if is_value => {
            Some(ident(&return_adjoint_name(&params, &norm.locals)))
        }
        _ => None,
    };
    let kept_seeds = match (target, mode) {
        (
            Target::Grad {
                wrt,
                keep_seeds: true,
                ..
            },
            Mode::Kernel,
        ) => kept_seed_arrays(
            &norm.body,
            wrt.iter().map(|&i| params[i].0.clone()).collect(),
        ),
        _ => Names::new(),
    };
    let caller_zeroes_region = matches!(
        target,
        Target::Pullback {
            caller_zeroes_region: true,
            ..
        }
    );
    let region_zeroed = caller_zeroes_region || dynamic_shared.iter().any(|n| active.contains(n));
    let mut g = Gen {
        kept_seeds,
        prog,
        mode,
        types,
        params: params.clone(),
        active,
        spaces,
        field_spaces,
        shared_scalars,
        caller_zeroes_region,
        region_zeroed,
        called_on_split_warp: matches!(
            target,
            Target::Pullback {
                split_warp: true,
                ..
            }
        ),
        dynamic_shared,
        env,
        decls: vec![],
        guards: vec![],
        loop_ranges: vec![],
        loop_bodies: vec![],
        kernel_accs: vec![],
        helpers: Helpers::default(),
        pullbacks: vec![],
        kernel_grads: vec![],
        extra_kernels: vec![],
        symbols: symbols.iter().chain(&written_symbols).cloned().collect(),
        written_symbols,
        adjoint_globals: vec![],
        errors: vec![],
        explanations: vec![],
        allocations: vec![],
        host_buffers: vec![],
        epilogue: vec![],
        realloc_freed: Names::new(),
        held_frees: HashMap::new(),
        access_offsets: HashMap::new(),
        common_guards: HashMap::new(),
        after_reads: vec![],
        deferred: vec![],
        tmp: 0,
        reads_so_far: Names::new(),
        pointer_value_reads: Names::new(),
        pointer_aliases: vec![],
        pointer_defs: HashMap::new(),
        assigned_fields: HashSet::new(),
        mirrored_fields: HashSet::new(),
        field_buffers: HashMap::new(),
        field_sources: HashMap::new(),
        field_history: Vec::new(),
        managed_memory: false,
        launch_grads_read_memory: false,
        pending_zeros: vec![],
        loop_writes: vec![],
        replayed: Names::new(),
        replayed_tiles: Names::new(),
        function_writes: Names::new(),
        changing: Names::new(),
        tapes: vec![],
        preacc_site: false,
        preacc_fwd: vec![],
        seed,
        span: func.name_span,
    };
    for s in &norm.body {
        let mut w = Names::new();
        usage::stmt_writes_one(s, &mut w);
        g.call_writes(s, &mut w);
        g.function_writes.extend(w);
    }
    g.pointer_aliases = pointer_alias_classes(&norm.body, &g.types);
    if mode == Mode::Host {
        g.pointer_defs = pointer_definitions(&norm.body, &g.types);
        g.changing = crate::host::changing_variables(&norm.body);
        g.field_buffers = crate::host::stable_field_buffers(&norm.body);
        for st in &norm.body {
            usage::visit_stmt_exprs(st, &mut |e| {
                usage::walk_expr(e, &mut |x| {
                    if let ExprKind::Assign(None, l, _) = &x.kind {
                        if matches!(l.strip_parens().kind, ExprKind::Member { .. }) {
                            g.assigned_fields
                                .insert(cuad_emit::print_expr(l.strip_parens()));
                        }
                    }
                })
            });
        }
    }
    g.check_bit_casts(&norm.body, &norm.locals);
    g.check_symbol_calls(&norm.body);
    g.check_atomic_values(&norm.body);
    g.check_address_calls(&norm.body);
    g.infer_pointer_spaces(&norm.body);
    g.collect_access_offsets(&norm.body);
    let prologue = crate::symbols::zero_written_adjoints(&mut g);
    let (mut fwd, rev) = g.gen_block(&norm.body);
    if !g.errors.is_empty() {
        return Err(g.errors);
    }
    fwd.splice(0..0, prologue);
    let mut body = using_directives(body);
    body.extend(g.assemble(&norm.locals, fwd, rev));
    let mut out_params: Vec<Param> = func
        .params
        .iter()
        .zip(&params)
        .map(|(p, (n, _))| Param {
            name: Some(n.clone()),
            ty: p.ty.clone(),
            default: None,
            span: p.span,
        })
        .collect();
    let adjoint_params: Vec<usize> = match target {
        Target::Grad { wrt, .. } => wrt.clone(),
        Target::Pullback { .. } => (0..params.len()).collect(),
    };
    if let (Target::Pullback { .. }, true) = (target, is_value) {
        out_params.push(Param {
            name: Some(return_adjoint_name(&params, &norm.locals)),
            // The adjoint of the returned value (of the referent, for `T& f(T& a)`).
            ty: cuad_sema::types::strip_refs(&prog.canonical(&func.ret))
                .clone()
                .with_const(false),
            default: None,
            span: Span::default(),
        });
    }
    for i in adjoint_params {
        let (n, _) = &params[i];
        let mut ty = adjoint_param_ty(&prog.canonical(&func.params[i].ty));
        // Adjoint buffers never overlap the primal arrays or each other: telling the compiler
        // lets it keep loads in flight across adjoint stores (several times faster on H100).
        if let (TyKind::Pointer { restrict, .. }, Mode::Kernel) = (&mut ty.kind, mode) {
            *restrict = true;
        }
        out_params.push(param(&adj_name(n), ty));
    }
    let mut function = derived_function(func, name, out_params, Ty::new(TyKind::Void), Some(body));
    // A `__host__ __device__` function's pullback made for device code runs there only: its
    // atomics and warp operations do not exist on the host.
    if mode == Mode::Device && matches!(target, Target::Pullback { .. }) {
        function.attrs.host = false;
    }
    Ok(Generated {
        function,
        helpers: g.helpers,
        pullbacks: g.pullbacks,
        kernel_grads: g.kernel_grads,
        extra_kernels: g.extra_kernels,
        explanations: g.explanations,
        adjoint_globals: g.adjoint_globals,
    })
}

/// The using-directives of a body (`using namespace ns;` anywhere in it), to open the
/// generated function: its code names what the primal names, in every sweep.
fn using_directives(body: &[Stmt]) -> Vec<Stmt> {
    let mut out: Vec<Stmt> = Vec::new();
    for s in body {
        s.visit(&mut |s| {
            if matches!(s.kind, StmtKind::Using(_)) && !out.iter().any(|o| o.kind == s.kind) {
                out.push(Stmt::synth(s.kind.clone()));
            }
        });
    }
    out
}

/// Output arrays (among `wrt`) whose seeds a kernel gradient may leave as given: the kernel
/// only writes them, with one plain store outside any loop. (Whether that store's index is
/// distinct per thread is checked where its adjoint is read.)
fn kept_seed_arrays(body: &[Stmt], wrt: Names) -> Names {
    fn stores(s: &Stmt, in_loop: bool, out: &mut Vec<(String, bool)>) {
        if let StmtKind::Expr(e) = &s.kind {
            if let ExprKind::Assign(None, l, _) = &e.kind {
                if let ExprKind::Index(b, _) = &l.kind {
                    if let ExprKind::Ident(n) = &b.kind {
                        out.push((n.clone(), in_loop));
                    }
                }
            }
        }
        let is_loop = matches!(
            s.kind,
            StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
        );
        s.for_each_child(&mut |c| stores(c, in_loop || is_loop, out));
    }
    let mut found = Vec::new();
    body.iter().for_each(|s| stores(s, false, &mut found));
    let write_only = usage::write_only_names(body);
    wrt.into_iter()
        .filter(|n| write_only.contains(n))
        .filter(|n| {
            let mine: Vec<bool> = found.iter().filter(|(m, _)| m == n).map(|x| x.1).collect();
            mine == [false]
        })
        .collect()
}

/// Classes of pointer variables that assignments `p = q` (or `p = q + k`) connect: they may
/// hold the same buffer at different times. A struct local whose field is assigned a pointer
/// (`a.v = q`) joins `q`'s class: launches given the struct read that buffer.
fn pointer_alias_classes(body: &[Stmt], types: &HashMap<String, Ty>) -> Vec<Names> {
    let is_pointer = |n: &str| {
        types
            .get(n)
            .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }))
    };
    let is_array = |n: &str| {
        types
            .get(n)
            .is_some_and(|t| matches!(t.kind, TyKind::Array { .. }))
    };
    let mut classes: Vec<Names> = Vec::new();
    for s in body {
        usage::visit_stmt_exprs(s, &mut |e| {
            usage::walk_expr(e, &mut |x| {
                let ExprKind::Assign(None, l, r) = &x.kind else {
                    return;
                };
                let mut sources = Vec::new();
                alias_sources(r, &mut sources);
                // A struct holding the pointer in a field (`a.v = d_x`) reaches its buffer too:
                // a kernel given the struct reads it.
                let p = match &l.kind {
                    ExprKind::Ident(p) if is_pointer(p) => p,
                    ExprKind::Member { .. } => match lvalue_root(l) {
                        Some(root)
                            if types
                                .get(root)
                                .is_some_and(|t| matches!(t.kind, TyKind::Named { .. })) =>
                        {
                            root
                        }
                        _ => return,
                    },
                    _ => return,
                };
                let p = &p.to_string();
                for (q, source) in sources {
                    // `p = &v` points at any object; otherwise `q` is a pointer or an array.
                    let address_of = matches!(source.kind, ExprKind::Unary(UnOp::AddrOf, _));
                    if p == q || !(address_of || is_pointer(q) || is_array(q)) {
                        continue;
                    }
                    // A pointer loaded from memory `q` points to (`m_h = m->h`, `row =
                    // rows[i]`) points into it only if it has `q`'s type (`n = n->next`). A row
                    // of an array of arrays (`c = tile[j]`) is an address into it (assumed
                    // of any array).
                    let loads = !is_array(q)
                        && matches!(
                            source.strip_parens().kind,
                            ExprKind::Member { .. } | ExprKind::Index(..)
                        );
                    let strip =
                        |n: &str| types.get(n).map(|t| without_restrict(t).with_const(false));
                    if loads && strip(p) != strip(q) {
                        continue;
                    }
                    let mut merged: Names = [p.clone(), q.to_string()].into();
                    classes.retain(|c| {
                        let joins = c.contains(p) || c.contains(q);
                        if joins {
                            merged.extend(c.iter().cloned());
                        }
                        !joins
                    });
                    classes.push(merged);
                }
            })
        });
    }
    classes
}

/// The variables whose memory a pointer value `e` may point into, with the part of `e` that
/// names each: `q` in `q + k` or `&q[k]`, both arms of `c ? a : b`.
fn alias_sources<'e>(e: &'e Expr, out: &mut Vec<(&'e str, &'e Expr)>) {
    match &e.strip_parens().kind {
        ExprKind::Cond(_, a, b) => {
            alias_sources(a, out);
            alias_sources(b, out);
        }
        ExprKind::Unary(UnOp::AddrOf, x) => out.extend(lvalue_root(x).map(|q| (q, e))),
        _ => out.extend(lvalue_root(e).map(|q| (q, e))),
    }
}

/// How a host pointer variable gets its values in the function's body.
#[derive(Default, Clone, Debug)]
pub(crate) struct PointerDefs {
    /// Pointer variables assigned to it whole (`p = q;`, `T* p = q;`).
    pub copies: Vec<String>,
    /// `p = (T*)malloc(...)` / `calloc(...)` assignments.
    pub mallocs: usize,
    /// Occurrences of `&p` (allocation calls such as `cudaMalloc(&p, n)` among them).
    pub addr_taken: usize,
    /// The bases of offsets into another pointer variable's buffer (`p = q + k;`, `p = &q[k];`).
    pub offsets: Vec<String>,
    /// Any other change: `p = f()`, `p += k`, `++p`.
    pub other: usize,
}

fn pointer_definitions(body: &[Stmt], types: &HashMap<String, Ty>) -> HashMap<String, PointerDefs> {
    let is_pointer = |n: &str| {
        types
            .get(n)
            .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }))
    };
    let mut defs: HashMap<String, PointerDefs> = HashMap::new();
    let plain = |e: &Expr| match &e.strip_parens().kind {
        ExprKind::Ident(n) if is_pointer(n) => Some(n.clone()),
        _ => None,
    };
    for s in body {
        usage::visit_stmt_exprs(s, &mut |e| {
            usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(op, l, r) => {
                    let Some(p) = plain(l) else { return };
                    let d = defs.entry(p).or_default();
                    let mut rhs = r.strip_parens();
                    while let ExprKind::Cast { expr, .. } = &rhs.kind {
                        rhs = expr.strip_parens();
                    }
                    match (op, &rhs.kind) {
                        (None, ExprKind::Ident(q)) if is_pointer(q) => d.copies.push(q.clone()),
                        (None, ExprKind::Binary(BinOp::Add, q, _)) if plain(q).is_some() => {
                            d.offsets.extend(plain(q))
                        }
                        (None, ExprKind::Unary(UnOp::AddrOf, x)) => match &x.strip_parens().kind {
                            ExprKind::Index(q, _) if plain(q).is_some() => {
                                d.offsets.extend(plain(q))
                            }
                            _ => d.other += 1,
                        },
                        (None, _)
                            if crate::host::callee_name(rhs)
                                .is_some_and(|c| c == "malloc" || c == "calloc") =>
                        {
                            d.mallocs += 1
                        }
                        _ => d.other += 1,
                    }
                }
                ExprKind::Unary(UnOp::AddrOf, v) => {
                    if let Some(p) = plain(v) {
                        defs.entry(p).or_default().addr_taken += 1;
                    }
                }
                ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, v) => {
                    if let Some(p) = plain(v) {
                        defs.entry(p).or_default().other += 1;
                    }
                }
                _ => {}
            })
        });
    }
    defs
}

/// Name of a pullback's return-adjoint parameter: `_d_y`, unless a parameter or local is named `y`.
pub fn return_adjoint_name(params: &[(String, Ty)], locals: &[Local]) -> String {
    let taken = |n: &str| {
        params.iter().any(|(p, _)| adj_name(p) == n)
            || locals.iter().any(|l| adj_name(&l.name) == n)
    };
    let mut name = "_d_y".to_string();
    let mut k = 0;
    while taken(&name) {
        name = format!("_d_y{k}");
        k += 1;
    }
    name
}

impl<'p, 'a> Gen<'p, 'a> {
    pub fn type_of(&self, e: &Expr) -> Option<Ty> {
        self.prog
            .type_of(e, &TypeScope(&self.types))
            .map(|t| self.prog.canonical(&t))
    }

    /// A local struct whose fields are all pointers or integers, at least one a pointer (a
    /// struct of device buffers): its adjoint holds adjoint buffers, no adjoint values.
    pub(crate) fn is_buffer_struct(&self, e: &Expr) -> bool {
        let ExprKind::Ident(n) = &e.strip_parens().kind else {
            return false;
        };
        let Some(ty) = self.types.get(n) else {
            return false;
        };
        let ty = self.prog.canonical(ty);
        if !matches!(ty.kind, TyKind::Named { .. }) {
            return false;
        }
        let fields = self.prog.fields(&ty);
        let kinds: Vec<TyKind> = fields
            .iter()
            .map(|(_, t)| self.prog.canonical(t).kind)
            .collect();
        kinds.iter().any(|k| matches!(k, TyKind::Pointer { .. }))
            && kinds.iter().all(|k| {
                matches!(
                    k,
                    TyKind::Pointer { .. } | TyKind::Int { .. } | TyKind::Bool
                )
            })
    }

    pub fn is_param(&self, n: &str) -> bool {
        self.params.iter().any(|(p, _)| p == n)
    }

    pub fn is_pointer_var(&self, n: &str) -> bool {
        self.types
            .get(n)
            .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }))
    }

    pub fn is_array_var(&self, n: &str) -> bool {
        self.types
            .get(n)
            .is_some_and(|t| matches!(t.kind, TyKind::Array { .. }))
    }

    pub fn is_pointer_or_array(&self, n: &str) -> bool {
        self.types
            .get(n)
            .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. }))
    }

    /// Calls of user functions returning a pointer into memory with derivatives: an address
    /// helper's result has a shadow (`shadow`); any other would leave a null shadow pointer.
    fn check_address_calls(&mut self, body: &[Stmt]) {
        let mut problems = Vec::new();
        for s in body {
            usage::visit_stmt_exprs(s, &mut |e| {
                usage::walk_expr(e, &mut |x| {
                    if let Some(why) = self.address_call_problem(x) {
                        problems.push((x.span, why));
                    }
                })
            });
        }
        for (span, why) in problems {
            self.error(span, why);
        }
    }

    fn address_call_problem(&self, x: &Expr) -> Option<String> {
        let ExprKind::Call { args, .. } = &x.kind else {
            return None;
        };
        let is_struct = |a: &Expr| {
            self.type_of(a).is_some_and(|t| {
                !self
                    .prog
                    .fields(cuad_sema::types::strip_refs(&t))
                    .is_empty()
            })
        };
        let carries = args
            .iter()
            .any(|a| self.shadow(a).is_some() || (self.expr_is_active(a) && is_struct(a)));
        if !carries {
            return None;
        }
        // Address helpers were written out (`inline_address_calls`); what is left has no shadow.
        match self.address_call(x) {
            AddressCall::Unsupported(why) => Some(why),
            _ => None,
        }
    }

    /// `slot = atomicAdd(count, 1)` in a kernel: the gradient re-runs the atomic, and its
    /// threads may draw other values than in the primal's run (their order is not fixed), so
    /// a value an atomic returns must not choose an adjoint's address or a branch.
    fn check_atomic_values(&mut self, body: &[Stmt]) {
        if self.mode == Mode::Host {
            return;
        }
        let is_atomic = |x: &Expr| {
            matches!(&x.kind, ExprKind::Call { callee, .. }
                if matches!(&callee.kind, ExprKind::Ident(n) if n.trim_start_matches("::").starts_with("atomic")))
        };
        // Locals holding an atomic's value, and what is computed from them.
        let mut tainted: Vec<(String, Span)> = Vec::new();
        for _ in 0..4 {
            for s in body {
                usage::visit_stmt_exprs(s, &mut |e| {
                    usage::walk_expr(e, &mut |x| {
                        let ExprKind::Assign(_, l, r) = &x.kind else {
                            return;
                        };
                        let Some(n) = lvalue_root(l).filter(|_| usage::is_plain_var(l)) else {
                            return;
                        };
                        let mut from = None;
                        usage::walk_expr(r, &mut |y| {
                            if is_atomic(y) {
                                from = Some(y.span);
                            }
                            if let ExprKind::Ident(m) = &y.kind {
                                if let Some((_, sp)) = tainted.iter().find(|(t, _)| t == m) {
                                    from = Some(*sp);
                                }
                            }
                        });
                        if let Some(sp) = from.filter(|_| !tainted.iter().any(|(t, _)| t == n)) {
                            tainted.push((n.to_string(), sp));
                        }
                    })
                });
            }
        }
        let uses = |e: &Expr, out: &mut Option<Span>| {
            usage::walk_expr(e, &mut |y| {
                if is_atomic(y) {
                    *out = Some(y.span);
                }
                if let ExprKind::Ident(m) = &y.kind {
                    if let Some((_, sp)) = tainted.iter().find(|(t, _)| t == m) {
                        *out = Some(*sp);
                    }
                }
            })
        };
        let mut found: Option<Span> = None;
        for s in body {
            s.visit(&mut |st| {
                // (Loop conditions are left alone: CAS retry loops end the same either way.)
                if let StmtKind::If { cond, .. } = &st.kind {
                    uses(cond, &mut found);
                }
            });
            usage::visit_stmt_exprs(s, &mut |e| {
                usage::walk_expr(e, &mut |x| {
                    if let ExprKind::Index(b, i) = &x.kind {
                        if lvalue_root(b).is_some_and(|r| self.active.contains(r)) {
                            uses(i, &mut found);
                        }
                    }
                })
            });
        }
        if let Some(span) = found {
            self.error(
                span,
                "cuad cannot differentiate code where the value an atomic returns picks an address that carries a derivative or a branch (`slot = atomicAdd(count, 1)`): the gradient re-runs the atomic, and its threads may draw other values than in the primal's run; pass the slots (or their order) in an array instead".to_string(),
            );
        }
    }

    /// Bit tricks and unions on values with adjoints would drop derivatives: errors.
    fn check_bit_casts(&mut self, body: &[Stmt], locals: &[crate::normalize::Local]) {
        let errors = crate::activity::bit_cast_errors(body, &self.active);
        self.errors.extend(errors);
        let errors = crate::activity::raw_bytes_errors(
            self.prog,
            body,
            &self.types,
            &self.active,
            locals,
            true,
        );
        self.errors.extend(errors);
        let errors = crate::activity::union_errors(self.prog, &self.types, &self.active, self.span);
        self.errors.extend(errors);
    }

    /// Calls of helpers reading active symbols that carry no derivative would drop the
    /// symbols' (symbols.rs): errors.
    fn check_symbol_calls(&mut self, body: &[Stmt]) {
        let errors = crate::symbols::unreached_calls(self.prog, body, &self.active, &self.symbols);
        self.errors.extend(errors);
    }

    pub fn error(&mut self, span: Span, msg: impl Into<String>) {
        let span = if span == Span::default() {
            self.span
        } else {
            span
        };
        self.errors.push(Diagnostic::error(span, msg));
    }

    pub fn explain(&mut self, lvalue: &Expr, why: &str) {
        let line = format!("{}: {why}", cuad_emit::print_expr(lvalue));
        if !self.explanations.contains(&line) {
            self.explanations.push(line);
        }
    }

    pub fn fresh(&mut self, prefix: &str) -> String {
        self.tmp += 1;
        format!("{prefix}{}", self.tmp - 1)
    }

    /// A local pointer's memory space is the space of what it is assigned from.
    fn infer_pointer_spaces(&mut self, body: &[Stmt]) {
        let mut assigns: Vec<(String, Expr)> = Vec::new();
        for s in body {
            usage::visit_stmt_exprs(s, &mut |e| {
                usage::walk_expr(e, &mut |x| {
                    if let ExprKind::Assign(None, l, r) = &x.kind {
                        if let ExprKind::Ident(n) = &l.kind {
                            assigns.push((n.clone(), (**r).clone()));
                        }
                    }
                });
            });
        }
        // A local pointer not inferred yet: `shadow` would take it for global memory.
        let unknown = |g: &Self, r: &Expr| {
            usage::any_expr(r, &|x| {
                matches!(&x.kind, ExprKind::Ident(m) if !g.is_param(m)
                    && matches!(g.types.get(m).map(|t| &t.kind), Some(TyKind::Pointer { .. }))
                    && !g.spaces.contains_key(m))
            })
        };
        // Fields first: a pointer taken from a view's field (`q = v.p`) takes its space.
        self.infer_field_spaces(body);
        for _ in 0..8 {
            // A pointer assigned several times may point into any of its targets.
            let mut joined: HashMap<String, Space> = HashMap::new();
            for (n, r) in &assigns {
                if self.is_param(n)
                    || !self.is_pointer_or_array(n)
                    || matches!(self.types[n].kind, TyKind::Array { .. })
                    || unknown(self, r)
                {
                    continue;
                }
                if let Some((_, space, _)) = self.shadow(r) {
                    joined
                        .entry(n.clone())
                        .and_modify(|s| *s = s.join(space))
                        .or_insert(space);
                }
            }
            let changed = joined.iter().any(|(n, s)| self.spaces.get(n) != Some(s));
            self.spaces.extend(joined);
            if !changed {
                break;
            }
        }
        self.infer_field_spaces(body);
        for (n, t) in &self.types {
            if matches!(t.kind, TyKind::Pointer { .. }) && !self.spaces.contains_key(n) {
                let default = if self.mode == Mode::Host {
                    Space::Private
                } else {
                    Space::Global
                };
                self.spaces.insert(n.clone(), default);
            }
        }
    }

    /// Where the pointer fields of local objects (and the entries of local pointer tables)
    /// point: the join of what their pointer fields are assigned (`q.w = buf`, a braced
    /// initializer's per-field assignments, `dst[0] = q`), of the objects they are copied
    /// from (`q = p`) and of the pointer arguments of the helper building them. Locals
    /// without such assignments keep the default (`field_target_space`).
    fn infer_field_spaces(&mut self, body: &[Stmt]) {
        let mut assigns: Vec<(Expr, Expr)> = Vec::new();
        for s in body {
            usage::visit_stmt_exprs(s, &mut |e| {
                usage::walk_expr(e, &mut |x| {
                    if let ExprKind::Assign(None, l, r) = &x.kind {
                        assigns.push(((**l).clone(), (**r).clone()));
                    }
                });
            });
        }
        for _ in 0..8 {
            let mut joined: HashMap<String, Space> = HashMap::new();
            for (l, r) in &assigns {
                let Some(root) = usage::lvalue_root(l) else {
                    continue;
                };
                if self.is_param(root) || !self.types.contains_key(root) {
                    continue;
                }
                let space = match (&l.strip_parens().kind, self.type_of(l).map(|t| t.kind)) {
                    (
                        ExprKind::Member { .. } | ExprKind::Index(..),
                        Some(TyKind::Pointer { .. }),
                    ) => self.shadow(r).map(|(_, s, _)| s),
                    (_, Some(TyKind::Named { .. })) => self.object_field_space(r),
                    _ => None,
                };
                if let Some(space) = space {
                    joined
                        .entry(root.to_string())
                        .and_modify(|s| *s = s.join(space))
                        .or_insert(space);
                }
            }
            let changed = joined
                .iter()
                .any(|(n, s)| self.field_spaces.get(n) != Some(s));
            self.field_spaces.extend(joined);
            if !changed {
                break;
            }
        }
    }

    /// Where the pointer fields of the object value `r` point: those of the object it
    /// names, of either object a conditional picks, or the pointer arguments of the helper
    /// building it (`make_view(out, ...)`).
    fn object_field_space(&self, r: &Expr) -> Option<Space> {
        match &r.strip_parens().kind {
            ExprKind::Call { args, .. } => args
                .iter()
                .filter_map(|a| self.shadow(a).map(|(_, s, _)| s))
                .reduce(Space::join),
            ExprKind::Cond(_, a, b) => {
                match (self.object_field_space(a), self.object_field_space(b)) {
                    (Some(x), Some(y)) => Some(x.join(y)),
                    (x, y) => x.or(y),
                }
            }
            _ => Some(self.field_target_space(r)),
        }
    }

    // ------------------------------------------------------------ assembly

    fn assemble(&mut self, locals: &[Local], fwd: Vec<Stmt>, rev: Vec<Stmt>) -> Vec<Stmt> {
        let mut body = Vec::new();
        for l in locals {
            // A host gradient frees its buffers at the end, also on paths that returned
            // before allocating them: pointers start null (freeing null does nothing).
            let init = l.init.clone().or_else(|| {
                (self.mode == Mode::Host
                    && matches!(l.ty.kind, TyKind::Pointer { .. })
                    && !l.specs.is_static)
                    .then(|| Init::Assign(Expr::synth(ExprKind::Nullptr)))
            });
            body.push(decl_with(
                l.specs.clone(),
                l.spelled.clone().unwrap_or_else(|| l.ty.clone()),
                &l.name,
                init,
            ));
        }
        let mut shared_zeroing = Vec::new();
        for l in locals {
            if !self.active.contains(&l.name) {
                continue;
            }
            let adj = adj_name(&l.name);
            let ty = mutable_ty(&l.ty);
            if l.specs.shared && l.specs.is_extern {
                // Every `extern __shared__` array is the launch's one dynamic region, so the
                // adjoint cannot be another one: it is the region's second half.
                let elem = match &ty.kind {
                    TyKind::Array { elem, .. } => (**elem).clone(),
                    _ => ty.clone(),
                };
                let ptr = Ty::pointer_to(elem.clone());
                let bytes = call("cuad_dynamic_smem_bytes", vec![]);
                let half = binary(BinOp::Div, bytes.clone(), int_lit(2));
                let second_half = binary(
                    BinOp::Add,
                    Expr::synth(ExprKind::Cast {
                        kind: CastKind::Reinterpret,
                        ty: Ty::pointer_to(Ty::new(TyKind::Int {
                            kind: IntKind::Char,
                            signed: None,
                        })),
                        expr: Box::new(ident(&l.name)),
                    }),
                    half.clone(),
                );
                let mut cptr = ptr.clone();
                if let TyKind::Pointer { .. } = &mut cptr.kind {
                    cptr.is_const = true;
                }
                body.push(decl(
                    cptr,
                    &adj,
                    Some(Expr::synth(ExprKind::Cast {
                        kind: CastKind::Reinterpret,
                        ty: ptr,
                        expr: Box::new(second_half),
                    })),
                ));
                if !self.caller_zeroes_region {
                    shared_zeroing
                        .push(expr_stmt(call("cuad_zero_shared", vec![ident(&adj), half])));
                    self.helpers.block_add = true;
                }
                continue;
            }
            if l.specs.shared {
                let specs = DeclSpecs {
                    shared: true,
                    is_extern: l.specs.is_extern,
                    ..Default::default()
                };
                body.push(decl_with(specs, ty, &adj, None));
                shared_zeroing.push(expr_stmt(call(
                    "cuad_zero_shared",
                    vec![
                        addr_of(ident(&adj)),
                        Expr::synth(ExprKind::SizeofExpr(Box::new(ident(&adj)))),
                    ],
                )));
                self.helpers.block_add = true;
                continue;
            }
            let init = match &ty.kind {
                TyKind::Pointer { .. } => Init::Assign(Expr::synth(ExprKind::Nullptr)),
                TyKind::Array { .. } | TyKind::Named { .. } => Init::Brace(vec![]),
                _ => Init::Assign(real_zero(&ty)),
            };
            body.push(decl_with(DeclSpecs::default(), ty, &adj, Some(init)));
        }
        body.append(&mut self.decls);
        body.extend(self.tape_decls());
        if !shared_zeroing.is_empty() {
            body.extend(shared_zeroing);
            body.push(expr_stmt(call("__syncthreads", vec![])));
        }
        let (mut fwd, mut rev) = (fwd, rev);
        if self.mode == Mode::Host
            && !self.launch_grads_read_memory
            && crate::host::forward_launches_dead(&fwd, &rev)
        {
            crate::host::drop_launches(&mut fwd);
        }
        if self.mode == Mode::Kernel {
            let shared: Names = body
                .iter()
                .filter_map(|s| match &s.kind {
                    StmtKind::Decl(d) if d.specs.shared => {
                        Some(d.vars.iter().map(|v| v.name.clone()))
                    }
                    _ => None,
                })
                .flatten()
                .collect();
            let kernel = crate::dead_shared::Kernel {
                types: &self.types,
                candidates: locals
                    .iter()
                    .filter(|l| {
                        let shared_array = l.specs.shared && !l.specs.is_extern;
                        let private_scalar = !l.specs.shared
                            && matches!(
                                l.ty.kind,
                                TyKind::Bool
                                    | TyKind::Int { .. }
                                    | TyKind::Float
                                    | TyKind::Double
                                    | TyKind::LongDouble
                            );
                        shared_array || private_scalar
                    })
                    .map(|l| l.name.clone())
                    .collect(),
                shared,
                // Adjoint parameters are pointers too (distinct from everything: restrict).
                params: self
                    .params
                    .iter()
                    .flat_map(|(n, _)| [n.clone(), adj_name(n)])
                    .collect(),
                replayed_tiles: self.replayed_tiles.clone(),
            };
            // Everything before the forward sweep is declarations and, when there are shared
            // adjoints, their zeroing followed by a barrier.
            let unused = crate::dead_shared::prune(&mut fwd, &mut rev, &kernel, false);
            crate::dead_shared::drop_declarations(&mut body, &unused);
        }
        crate::host::flush_pending_zeros(&mut rev, &self.pending_zeros);
        let (mut fwd, mut rev, fused) = crate::fuse::fuse_sweeps(fwd, rev);
        let mut marked = false;
        if self.mode == Mode::Kernel {
            let buffers: HashMap<String, Ty> = self
                .params
                .iter()
                .filter(|(n, _)| self.active.contains(n))
                .filter_map(|(n, t)| match &self.prog.canonical(t).kind {
                    TyKind::Pointer { pointee, .. } => {
                        Some((adj_name(n), (**pointee).clone().with_const(false)))
                    }
                    _ => None,
                })
                .collect();
            match fwd.last_mut().map(|s| &mut s.kind) {
                Some(StmtKind::If { then, .. }) if fused => {
                    crate::usage::as_list(then, &mut |list| {
                        crate::fuse::hoist_adjoint_loads(list, &buffers)
                    });
                }
                _ if !rev.is_empty() => {
                    fwd.push(comment("reverse pass"));
                    fwd.append(&mut rev);
                    marked = true;
                    crate::fuse::hoist_adjoint_loads(&mut fwd, &buffers);
                }
                _ => {}
            }
        }
        body.extend(fwd);
        if !marked && (!rev.is_empty() || (!fused && !self.kernel_accs.is_empty())) {
            body.push(comment("reverse pass"));
        }
        body.extend(rev);
        body.extend(block_reductions(std::mem::take(&mut self.kernel_accs)));
        let epilogue = std::mem::take(&mut self.epilogue);
        body.extend(crate::host::final_frees(self, epilogue));
        // Adjoint pointers alias as their primals do (`_d_r = _d_x + 2 * i`).
        let adjoint_aliases =
            (self.pointer_aliases.iter()).map(|c| c.iter().map(|n| adj_name(n)).collect::<Names>());
        let aliases: Vec<Names> = adjoint_aliases
            .chain(self.pointer_aliases.iter().cloned())
            .collect();
        crate::merge::merge_accumulations(&mut body, &aliases);
        if self.mode != Mode::Host {
            // A kernel's scalar parameters are the same in every thread unless it assigns them;
            // a device function's may come from the thread.
            let mut written = Names::new();
            crate::usage::stmt_writes(&body, &mut written);
            let uniform: Names = self
                .params
                .iter()
                .filter(|(n, t)| {
                    self.mode == Mode::Kernel
                        && !written.contains(n)
                        && matches!(self.prog.canonical(t).kind, TyKind::Int { .. })
                })
                .map(|(n, _)| n.clone())
                .collect();
            self.helpers.tree_reverse |= crate::tree_reverse::rewrite(&mut body, &uniform);
            self.helpers.shift_trips |= crate::trip_count::rewrite(&mut body);
            if self.mode == Mode::Kernel {
                let pointee = |t: &Ty| match &self.prog.canonical(t).kind {
                    TyKind::Pointer { pointee, .. } => Some((**pointee).clone().with_const(false)),
                    _ => None,
                };
                let primal: Vec<(String, Ty)> = self
                    .params
                    .iter()
                    .filter_map(|(n, t)| Some((n.clone(), pointee(t)?)))
                    .collect();
                let adjoint: Vec<(String, Ty)> = primal
                    .iter()
                    .filter(|(n, _)| self.active.contains(n))
                    .map(|(n, t)| (adj_name(n), t.clone()))
                    .collect();
                let buffers = crate::prefetch::Buffers {
                    primal: &primal,
                    adjoint: &adjoint,
                };
                crate::prefetch::rewrite(&mut body, &buffers);
            }
        }
        crate::sincos::fuse(&mut body, &self.params);
        self.helpers.zero_tangent |= crate::zero_adjoints::rewrite(self.prog, &mut body);
        body
    }

    fn tape_decls(&self) -> Vec<Stmt> {
        self.tapes
            .iter()
            .map(|(ty_text, var)| {
                let tape_ty = if self.mode == Mode::Host {
                    format!("cuad_host_tape<{ty_text}>")
                } else {
                    format!("cuad_tape<{ty_text}, CUAD_TAPE_CAPACITY>")
                };
                decl(Ty::named(&tape_ty), var, None)
            })
            .collect()
    }

    // ------------------------------------------------------------ saves and tapes

    pub(crate) fn tape_for(&mut self, ty: &Ty) -> String {
        let text = cuad_emit::print_ty(ty);
        if let Some((_, v)) = self.tapes.iter().find(|(t, _)| *t == text) {
            return v.clone();
        }
        let clean: String = text
            .replace('*', " ptr")
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        let var = format!("_tape_{}", clean.trim_matches('_'));
        if self.mode == Mode::Host {
            self.helpers.host_tape = true;
        } else {
            self.helpers.tape = true;
        }
        self.tapes.push((text, var.clone()));
        var
    }

    /// Saves the current value of `lv` (forward) and restores it (reverse): a local `_t`
    /// outside loops, the per-thread tape inside loops.
    pub fn save_value(&mut self, lv: &Expr) -> Option<(Stmt, Stmt)> {
        let Some(mut ty) = self.type_of(lv) else {
            self.error(
                lv.span,
                format!(
                    "cannot determine the type of `{}` to save it",
                    cuad_emit::print_expr(lv)
                ),
            );
            return None;
        };
        ty.is_const = false;
        if matches!(ty.kind, TyKind::Array { .. }) {
            self.error(lv.span, "cuad cannot save an overwritten array value yet");
            return None;
        }
        if self.loop_writes.is_empty() {
            let t = self.fresh("_t");
            self.decls.push(decl(ty, &t, None));
            Some((
                expr_stmt(assign(ident(&t), lv.clone())),
                expr_stmt(assign(lv.clone(), ident(&t))),
            ))
        } else {
            let tape = self.tape_for(&ty);
            let push = expr_stmt(Expr::synth(ExprKind::Call {
                callee: Box::new(member(ident(&tape), "push", false)),
                template_args: vec![],
                args: vec![lv.clone()],
            }));
            Some((push, expr_stmt(assign(lv.clone(), tape_pop(&tape)))))
        }
    }

    /// Does overwriting `lv` need a save (its old value is read by reverse code)? A store
    /// through a pointer also needs one when the memory was read through another pointer
    /// that may hold the same buffer (`r = x + 2 * i; ... x[2 * i] ...; r[0] = ...`).
    pub(crate) fn needs_save(&self, lv: &Expr) -> bool {
        lvalue_root(lv).is_some_and(|r| {
            let read = if usage::is_plain_var(lv) {
                // A variable whose address a pointer holds (`p = &v`) is also read through it.
                let pointer = matches!(
                    self.types.get(r).map(|t| &t.kind),
                    Some(TyKind::Pointer { .. })
                );
                self.reads_so_far.contains(r)
                    || self.pointer_value_reads.contains(r)
                    || (!pointer && self.contents_read(r))
            } else {
                self.contents_read(r)
            };
            read && !self.replayed.contains(r)
        })
    }

    /// Has reverse code read the contents `p` points to, through `p` or an alias of it?
    pub(crate) fn contents_read(&self, p: &str) -> bool {
        self.aliases(p).any(|n| self.reads_so_far.contains(n))
    }

    /// Host code storing a pointer into an element of an active table of pointers reached
    /// through a pointer (`rows[i] = rows[0] + i * w`, `rows[0] = malloc(n)` with `double**
    /// rows` from malloc): the adjoint table's elements would stay null. (Local arrays of
    /// pointers are views: `views.rs`.)
    fn pointer_into_host_table(&self, l: &Expr) -> bool {
        self.mode == Mode::Host
            && matches!(
                l.strip_parens().kind,
                ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _)
            )
            && lvalue_root(l).is_some_and(|root| {
                self.active.contains(root)
                    && matches!(
                        self.types.get(root).map(|t| &t.kind),
                        Some(TyKind::Pointer { .. })
                    )
            })
            && self
                .type_of(l)
                .is_some_and(|t| matches!(self.prog.canonical(&t).kind, TyKind::Pointer { .. }))
    }

    /// `usage::content_reads`, except that `p = q + k` between pointers of one alias class
    /// reads `q`'s value, not its contents: later reads through `p` count through the class.
    fn content_reads(&self, e: &Expr, out: &mut Names) {
        if let ExprKind::Assign(None, l, r) = &e.kind {
            if let (ExprKind::Ident(p), Some(q)) = (&l.strip_parens().kind, usage::address_root(r))
            {
                if p != q && self.aliases(p).any(|n| n == q) {
                    let mut names = Names::new();
                    usage::reads(r, &mut names);
                    names.remove(q);
                    out.extend(names);
                    return;
                }
            }
        }
        usage::content_reads(e, out)
    }

    /// `p` and the pointer variables that may hold the same buffer (`r = x + 2 * i`).
    pub(crate) fn aliases<'s>(&'s self, p: &'s str) -> impl Iterator<Item = &'s str> {
        let class = self.pointer_aliases.iter().find(|c| c.contains(p));
        std::iter::once(p).chain(class.into_iter().flatten().map(String::as_str))
    }

    /// Does overwriting the contents of buffer `arr` need a checkpoint (host code)? Yes when
    /// reverse code reads the contents through `arr` or through a pointer variable that may
    /// hold the same buffer at another time (ping-pong swaps).
    pub(crate) fn needs_checkpoint(&self, arr: &str) -> bool {
        self.contents_read(arr) && !self.replayed.contains(arr)
    }

    pub fn note_reads(&mut self, e: &Expr) {
        reads(e, &mut self.reads_so_far);
    }

    /// Notes the reads of a pointer argument whose pointed-to contents the reverse pass does
    /// not read: the pointer variable's value is needed, its buffer's contents are not.
    pub fn note_pointer_value_reads(&mut self, e: &Expr) {
        let (names, root) = usage::reads_but_root(e);
        self.pointer_value_reads.extend(root);
        self.reads_so_far.extend(names);
    }

    // ------------------------------------------------------------ statements

    pub fn gen_block(&mut self, stmts: &[Stmt]) -> (Vec<Stmt>, Vec<Stmt>) {
        let mut fwd = Vec::new();
        let mut revs = Vec::new();
        // Names read by the statements after each one (and by what follows the block).
        self.deferred.push(vec![]);
        let outer = self.after_reads.last().cloned().unwrap_or_default();
        let mut suffix = vec![outer; stmts.len() + 1];
        for k in (0..stmts.len()).rev() {
            let mut r = suffix[k + 1].clone();
            usage::visit_stmt_exprs(&stmts[k], &mut |e| self.content_reads(e, &mut r));
            suffix[k] = r;
        }
        let mut deferred = Vec::new();
        // Locals an earlier statement of this block assigns whole, with no reverse code in
        // between reading them: that statement's restore comes before any reverse code that
        // runs later, so the values a statement overwrites need no save (`s = 0.f;
        // for (...) s = fmaf(a[d], b[d], s);` saves `s` once, not once per iteration).
        let mut killed = Names::new();
        for (k, s) in stmts.iter().enumerate() {
            let hidden: Names = killed.intersection(&self.reads_so_far).cloned().collect();
            for v in &hidden {
                self.reads_so_far.remove(v);
            }
            self.after_reads.push(suffix[k + 1].clone());
            let (f, r) = self.gen_stmt(s);
            self.after_reads.pop();
            if !killed.is_empty() {
                let mut read_back = Names::new();
                self.rev_reads(s, &mut read_back);
                killed.retain(|v| !read_back.contains(v) && !self.reads_so_far.contains(v));
            }
            self.reads_so_far.extend(hidden);
            if let Some(v) = self.whole_local_assignment(s) {
                killed.insert(v);
            }
            fwd.extend(f);
            revs.push(r);
            if let Some(d) = self.deferred.last_mut() {
                deferred.extend(std::mem::take(d).into_iter().map(|z| (k, z)));
            }
        }
        self.deferred.pop();
        // A postponed zeroing store stays with its statement when the reverse code of the
        // statements before it (which runs after it) restores a name its address reads.
        let mut tail = Vec::new();
        for (k, zero) in deferred {
            let mut address = Names::new();
            let mut root = None;
            if let StmtKind::Expr(e) = &zero.kind {
                if let ExprKind::Assign(_, l, _) = &e.kind {
                    usage::lvalue_index_reads(l, &mut address);
                    if let Some(r) = lvalue_root(l) {
                        address.remove(r);
                        root = Some(r.to_string());
                    }
                }
            }
            let before = revs[..k].concat();
            let mut restored = Names::new();
            usage::stmt_writes(&before, &mut restored);
            // The root counts only when reassigned itself (an adjoint pointer `_d_p` restored
            // from a tape), not when memory is stored through it.
            let mut reassigned = Names::new();
            for s in &before {
                usage::visit_stmt_exprs(s, &mut |e| usage::var_writes(e, &mut reassigned));
            }
            if address.iter().any(|n| restored.contains(n))
                || root.is_some_and(|r| reassigned.contains(&r))
            {
                revs[k].push(zero);
            } else {
                tail.push(zero);
            }
        }
        let mut rev: Vec<Stmt> = revs.into_iter().rev().flatten().collect();
        rev.extend(tail);
        (fwd, rev)
    }

    /// What a loop writes: its body, condition and step.
    fn loop_writes_of(&self, body: &Stmt, cond: Option<&Expr>, step: Option<&Expr>) -> Names {
        let mut writes = Names::new();
        usage::stmt_writes_one(body, &mut writes);
        self.call_writes(body, &mut writes);
        for e in cond.into_iter().chain(step) {
            usage::writes(e, &mut writes);
        }
        writes
    }

    /// `v = e;` assigning a local scalar, or a counted loop over `v`: a statement whose
    /// reverse restores `v` whole, last, when anything after it reads `v`.
    fn whole_local_assignment(&self, s: &Stmt) -> Option<String> {
        let v = match &s.kind {
            StmtKind::Expr(Expr {
                kind: ExprKind::Assign(_, l, _),
                ..
            }) => match &l.strip_parens().kind {
                ExprKind::Ident(v) => v,
                _ => return None,
            },
            StmtKind::For { .. } => {
                let (counter, _, _) = self.counted_loop_parts(s)?;
                return Some(counter).filter(|v| self.is_local_scalar(v));
            }
            _ => return None,
        };
        // Not a pointer: hiding its reads would hide reads of the memory it points to.
        let pointer = matches!(
            self.types.get(v).map(|t| &t.kind),
            Some(TyKind::Pointer { .. })
        );
        (self.is_local_scalar(v) && !pointer).then(|| v.clone())
    }

    /// A local that is neither a parameter, an array nor a reference.
    fn is_local_scalar(&self, v: &str) -> bool {
        !self.is_param(v)
            && self.types.get(v).is_some_and(|t| {
                !matches!(
                    t.kind,
                    TyKind::Array { .. } | TyKind::LRef(_) | TyKind::RRef(_)
                )
            })
    }

    fn gen_stmt(&mut self, s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
        match &s.kind {
            StmtKind::Expr(e) if self.mode != Mode::Host && self.writes_volatile(e) => {
                // Warp-synchronous code (a store through a `volatile` pointer, reduce6's warp
                // tail) relies on the warp running in lockstep; the gradient makes that
                // explicit, in both sweeps, so lanes see each other's values and adjoints.
                // Within a step, every lane reads its adjoints (the leading declarations)
                // before any lane adds into them, as every lane read before any wrote.
                // Under a condition that may split a warp (`if (tid < s)`), only some lanes
                // get here: a full-mask __syncwarp would wait for the others forever.
                let partial_warp = self.may_split_warp();
                let sync = || {
                    let mask = if partial_warp {
                        vec![call("__activemask", vec![])]
                    } else {
                        vec![]
                    };
                    expr_stmt(call("__syncwarp", mask))
                };
                let (mut fwd, mut rev) = self.gen_expr_stmt(e, s);
                let is_decl = |x: &Stmt| matches!(x.kind, StmtKind::Decl(_));
                if let Some(first) = rev.iter().position(is_decl) {
                    let end = first + rev[first..].iter().take_while(|x| is_decl(x)).count();
                    if end < rev.len() {
                        rev.insert(end, sync());
                    }
                }
                fwd.push(sync());
                rev.push(sync());
                (fwd, rev)
            }
            // `n = __syncthreads_count(p)` and `if (__syncthreads_or(p))` are barriers: the
            // reverse mirrors each with one, after the reverse of what follows it.
            StmtKind::Expr(e) => {
                let (fwd, mut rev) = self.gen_expr_stmt(e, s);
                if self.evaluates_value_barrier(e) {
                    rev.push(expr_stmt(call("__syncthreads", vec![])));
                }
                (fwd, rev)
            }
            StmtKind::Block(b) => self.gen_block(b),
            StmtKind::If { cond, then, els } => {
                if let Some((mut fwd, call_rev, cond)) = self.hoist_effect_only_calls(cond, s) {
                    let (f, mut rev) = self.gen_if(&cond, then, els.as_deref());
                    fwd.extend(f);
                    rev.extend(call_rev);
                    return (fwd, rev);
                }
                let (fwd, mut rev) = self.gen_if(cond, then, els.as_deref());
                if self.evaluates_value_barrier(cond) {
                    rev.push(expr_stmt(call("__syncthreads", vec![])));
                }
                (fwd, rev)
            }
            StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => {
                self.gen_loop(s)
            }
            StmtKind::Return(e) => {
                let mut fwd = Vec::new();
                let mut rev = Vec::new();
                if let (Some(e), Some(seed)) = (e, self.seed.clone()) {
                    // Calls advancing a state run once, before the reverse reads their values.
                    let (f, call_rev, e) = match self.hoist_calls_in(e, s, None) {
                        Some(h) => h,
                        None => (vec![], vec![], e.clone()),
                    };
                    fwd = f;
                    self.note_reads(&e);
                    rev = self.rev_expr(&e, seed);
                    rev.extend(call_rev);
                }
                (fwd, rev)
            }
            StmtKind::Break | StmtKind::Continue => {
                self.error(
                    s.span,
                    "cuad cannot differentiate `break`/`continue` inside loops yet",
                );
                (vec![], vec![])
            }
            StmtKind::Pragma(_) | StmtKind::Decl(_) => (vec![s.clone()], vec![]),
            // Repeated at the top of the generated function (`generate`).
            StmtKind::Empty | StmtKind::Using(_) => (vec![], vec![]),
            StmtKind::Switch { .. } => {
                self.error(s.span, "internal: switch not lowered");
                (vec![], vec![])
            }
            StmtKind::Bindings(_) => {
                self.error(s.span, "internal: structured binding not lowered");
                (vec![], vec![])
            }
        }
    }

    /// May only part of a warp reach the current program point: is this a pullback called so,
    /// or is it under a condition that may split a warp (`if (tid < s)`)?
    pub(crate) fn may_split_warp(&self) -> bool {
        self.called_on_split_warp
            || self
                .guards
                .iter()
                .any(|(c, _)| !self.env.warp_uniform_condition(c))
    }

    /// Does `e` store through a pointer to `volatile` memory?
    fn writes_volatile(&self, e: &Expr) -> bool {
        let ExprKind::Assign(_, l, _) = &e.kind else {
            return false;
        };
        let volatile_pointee = |t: &Ty| match &t.kind {
            TyKind::Pointer { pointee, .. } | TyKind::Array { elem: pointee, .. } => {
                pointee.is_volatile
            }
            _ => false,
        };
        !usage::is_plain_var(l)
            && lvalue_root(l)
                .and_then(|r| self.types.get(r))
                .is_some_and(volatile_pointee)
    }

    /// Does device code `e` call a barrier that returns a value (`__syncthreads_count`)?
    fn evaluates_value_barrier(&self, e: &Expr) -> bool {
        self.mode != Mode::Host
            && usage::any_expr(e, &|x| {
                crate::host::callee_name(x).is_some_and(crate::calls::is_value_barrier)
            })
    }

    fn gen_expr_stmt(&mut self, e: &Expr, s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
        match &e.kind {
            ExprKind::Assign(op, l, r) => self.gen_assign(*op, l, r, s),
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                x,
            ) => {
                let mut fwd = vec![];
                let mut rev = vec![];
                // A moving pointer with a shadow moves its shadow along.
                let shadow = match &x.kind {
                    ExprKind::Ident(n)
                        if self.active.contains(n) && self.is_pointer_or_array(n) =>
                    {
                        Some(ident(&adj_name(n)))
                    }
                    _ => None,
                };
                let targets: Vec<Expr> = std::iter::once((**x).clone())
                    .chain(shadow.clone())
                    .collect();
                if self.needs_save(x) {
                    for t in &targets {
                        if let Some((sf, sr)) = self.save_value(t) {
                            fwd.push(sf);
                            // Tapes are LIFO: restore the last saved first.
                            rev.insert(0, sr);
                        }
                    }
                }
                fwd.push(s.clone());
                if let Some(sh) = shadow {
                    fwd.push(expr_stmt(unary(*op, sh)));
                }
                (fwd, rev)
            }
            ExprKind::Call { .. } => self.gen_call_stmt(e, s),
            ExprKind::Launch { .. } => match self.gen_host_call(None, e, s) {
                Some(out) => out,
                None => (vec![s.clone()], vec![]),
            },
            ExprKind::Paren(x) => self.gen_expr_stmt(x, s),
            _ => {
                // Runs forward only: an update of a differentiated value inside it (`c ? x =
                // a : y = b;`) would lose its derivative.
                let writes_active = usage::any_expr(e, &|x| match &x.kind {
                    ExprKind::Assign(_, l, _)
                    | ExprKind::Unary(
                        UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                        l,
                    ) => lvalue_root(l).is_some_and(|r| self.active.contains(r)),
                    _ => false,
                });
                if writes_active {
                    self.error(
                        e.span,
                        "cuad cannot differentiate an update of a differentiated value inside this expression; make it a statement of its own",
                    );
                }
                (vec![s.clone()], vec![])
            }
        }
    }

    pub(crate) fn gen_assign(
        &mut self,
        op: AssignOp,
        l: &Expr,
        r: &Expr,
        s: &Stmt,
    ) -> (Vec<Stmt>, Vec<Stmt>) {
        if crate::usage::any_expr(r, &|x| matches!(x.kind, ExprKind::Assign(..))) {
            self.error(
                s.span,
                "cuad cannot differentiate chained assignments yet; split them into statements",
            );
            return (vec![], vec![]);
        }
        if self.mode == Mode::Host && op.is_none() {
            crate::host::note_field_buffers(self, l, r);
        }
        if self.pointer_into_host_table(l) {
            self.error(
                l.span,
                format!(
                    "cuad keeps no adjoint for pointers stored in a table (`{}`) in host code; keep the buffer in a pointer variable and index it (`buf[i * w + j]`)",
                    cuad_emit::print_expr(l)
                ),
            );
            return (vec![], vec![]);
        }
        // `p = (T*)malloc(n)`: the call under the cast.
        let mut call_rhs = r.strip_parens();
        while let ExprKind::Cast { expr, .. } = &call_rhs.kind {
            call_rhs = expr.strip_parens();
        }
        if let ExprKind::Launch { .. } | ExprKind::Call { .. } = &call_rhs.kind {
            if self.mode == Mode::Host {
                if let Some(out) = self.gen_host_call(Some(l), call_rhs, s) {
                    return out;
                }
            }
        }
        if let Some(out) = self.hoist_writing_calls(op, l, r, s) {
            return out;
        }
        // A pointer carrying derivatives stored where cuad keeps no shadow (a texture's
        // resource descriptor, a struct cuad does not follow): reads through the copy would
        // lose their derivatives.
        if self.mode == Mode::Host
            && op.is_none()
            && self.shadow(r).is_some()
            // (an index array beside values, `A.col` of a struct with `A.val`, has no derivative)
            && self
                .type_of(r)
                .is_none_or(|t| crate::activity::is_differentiable(self.prog, &t))
            && self
                .type_of(l)
                .is_none_or(|t| matches!(self.prog.canonical(&t).kind, TyKind::Pointer { .. }))
            && lvalue_root(l).is_some_and(|root| !self.active.contains(root))
        {
            self.error(
                l.span,
                format!(
                    "cuad cannot follow the derivative of `{}` into `{}` (memory read through it, as by a texture object, would lose its derivative)",
                    cuad_emit::print_expr(r),
                    cuad_emit::print_expr(l)
                ),
            );
            return (vec![], vec![]);
        }
        // `px = b.p` with `b` a local object: cuad mirrors no allocation made for a field
        // (in a constructor, or `cudaMalloc(&b.p, n)`), so `_d_b.p` points nowhere.
        if self.mode == Mode::Host
            && op.is_none()
            && self.active.contains(lvalue_root(l).unwrap_or_default())
            && matches!(r.strip_parens().kind, ExprKind::Member { arrow: false, .. })
            && lvalue_root(r).is_some_and(|root| !self.is_param(root))
            && !self
                .assigned_fields
                .contains(&cuad_emit::print_expr(r.strip_parens()))
            && self
                .type_of(r)
                .is_some_and(|t| matches!(self.prog.canonical(&t).kind, TyKind::Pointer { .. }))
        {
            self.error(
                r.span,
                format!(
                    "cuad cannot tell where the adjoint of the buffer `{}` lives (keep device and host buffers in pointer variables of this function, or in its parameters)",
                    cuad_emit::print_expr(r)
                ),
            );
            return (vec![], vec![]);
        }
        let buffer_struct = self.mode == Mode::Host && self.is_buffer_struct(l);
        let place = self
            .adj_place(l)
            .filter(|_| self.is_real_value(l) && !buffer_struct);
        // A root that is neither a parameter nor a local is a `__device__` (file-scope)
        // variable: cuad keeps no adjoint for it, so an active value stored there is lost.
        let file_scope = lvalue_root(l).is_some_and(|root| !self.types.contains_key(root));
        if place.is_none()
            && !buffer_struct
            && self.is_real_value(l)
            && self.expr_is_active(r)
            && (file_scope || lvalue_root(l).is_none_or(|root| self.active.contains(root)))
        {
            // Skipping the update would be a silently wrong gradient.
            let why = if file_scope {
                " (a `__device__` variable: cuad keeps no adjoint for it; pass the buffer as a kernel parameter)"
            } else {
                ""
            };
            self.error(
                l.span,
                format!(
                    "cuad cannot tell where the adjoint of `{}` lives{why}",
                    cuad_emit::print_expr(l)
                ),
            );
            return (vec![], vec![]);
        }
        let mut fwd = Vec::new();
        let mut rev = Vec::new();
        if place.is_some() {
            let mut needed = Names::new();
            self.needed_reads(r, &mut needed);
            self.reads_so_far.extend(needed);
        }
        // A store to global memory that nothing reads afterwards is dead in the gradient: the
        // reverse pass needs the old value, not the new one (primal outputs are unspecified).
        let dead_store = self.mode != Mode::Host
            && !crate::usage::is_plain_var(l)
            && self.stored_space(l) == Some(Space::Global)
            && lvalue_root(l).is_some_and(|b| {
                !self
                    .after_reads
                    .last()
                    .is_some_and(|after| self.aliases(b).any(|n| after.contains(n)))
            })
            && !crate::effects::store_value_has_effects(self.prog, r);
        let mut idx_reads = Names::new();
        self.address_reads(l, &mut idx_reads);
        let address_read_back = place.is_some();
        if !dead_store && self.needs_save(l) {
            self.reads_so_far.extend(idx_reads.iter().cloned());
            if let Some((sf, sr)) = self.save_value(l) {
                fwd.push(sf);
                rev.push(sr);
            }
        }
        if address_read_back {
            // The reverse code reads and zeroes the adjoint at the same address: code before
            // this statement that changes the index must restore it.
            let mut index_reads = Names::new();
            usage::lvalue_index_reads(l, &mut index_reads);
            if let Some(root) = lvalue_root(l) {
                index_reads.remove(root);
                // A pointer's adjoint address is its shadow's value (`*p++ = v`: `_d_p` moves
                // on after the store); its buffer's contents are not read.
                if self
                    .types
                    .get(root)
                    .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }))
                {
                    self.pointer_value_reads.insert(root.to_string());
                }
            }
            self.reads_so_far.extend(index_reads);
        }
        let primal_at = fwd.len();
        if !dead_store {
            fwd.push(s.clone());
        }
        // A pointer local moves together with its shadow.
        if let (ExprKind::Ident(n), true) = (&l.kind, self.is_pointer_or_array(l_name(l))) {
            let moved = match op {
                None => self
                    .shadow(r)
                    .map(|(sh, _, _)| assign(ident(&adj_name(n)), sh)),
                Some(bop @ (BinOp::Add | BinOp::Sub)) => {
                    Some(compound(bop, ident(&adj_name(n)), r.clone()))
                }
                Some(_) => None,
            };
            if moved.is_none()
                && op.is_none()
                && self.active.contains(n)
                && matches!(r.strip_parens().kind, ExprKind::Cond(..))
            {
                // `p = f ? x : c` with `c` without adjoint: the shadow would stay null
                self.error(
                    r.span,
                    "this pointer may point to memory without an adjoint (or cuad cannot tell which)",
                );
            }
            if let (true, Some(moved)) = (self.active.contains(n), moved) {
                if self.needs_save(l) {
                    if let Some((sf, sr)) = self.save_value(&ident(&adj_name(n))) {
                        fwd.insert(0, sf);
                        rev.push(sr);
                    }
                }
                fwd.push(expr_stmt(moved));
            }
        }
        // A host struct of buffers (`State a = b;`, a swap of states) moves together with its
        // adjoint struct, whose fields are the adjoint buffers: like a pointer, never zeroed.
        // (A parameter's adjoint is behind a pointer: views.rs copies its fields.)
        let local_struct_copy = buffer_struct
            && op.is_none()
            && matches!(&r.strip_parens().kind, ExprKind::Ident(w) if !self.is_param(w));
        if let (ExprKind::Ident(n), ExprKind::Ident(w), true) =
            (&l.kind, &r.strip_parens().kind, local_struct_copy)
        {
            if self.active.contains(n) && self.active.contains(w) {
                if self.needs_save(l) {
                    if let Some((sf, sr)) = self.save_value(&ident(&adj_name(n))) {
                        fwd.insert(0, sf);
                        rev.push(sr);
                    }
                }
                fwd.push(expr_stmt(assign(ident(&adj_name(n)), ident(&adj_name(w)))));
                crate::host::inherit_mirrored_fields(self, n, w);
            }
        }
        // A struct's pointer field (a pointer table's entry, the pointers of an object
        // assigned whole) moves together with the same pointer of its adjoint.
        // Host code stores buffers into fields its own way (`host::mirror_pointer_field`)
        // and moves structs of buffers whole (above).
        let host_field = self.mode == Mode::Host
            && op.is_none()
            && matches!(l.strip_parens().kind, ExprKind::Member { .. })
            && self
                .type_of(l)
                .is_some_and(|t| matches!(self.prog.canonical(&t).kind, TyKind::Pointer { .. }));
        let mirrored = if host_field {
            crate::host::mirror_pointer_field(self, op, l, r)
                .map(|(shadow, moved)| (Some(shadow), moved))
                .into_iter()
                .collect()
        } else if local_struct_copy {
            vec![]
        } else {
            self.mirror_view_pointers(op, l, r)
        };
        for (shadow, moved) in mirrored {
            if let Some(shadow) = shadow.filter(|_| self.needs_save(l)) {
                if let Some((sf, sr)) = self.save_value(&shadow) {
                    fwd.insert(0, sf);
                    rev.push(sr);
                }
            }
            fwd.push(moved);
        }
        let Some(place) = place else {
            return (fwd, rev);
        };
        // Outside loops the statement runs at most once, so partials computed next to it in
        // the forward sweep are still there in the reverse sweep (no tape).
        self.preacc_site = self.mode != Mode::Host && self.loop_bodies.is_empty();
        let rev = self.gen_assign_reverse(op, l, r, s, place, rev);
        self.preacc_site = false;
        let partials = std::mem::take(&mut self.preacc_fwd);
        fwd.splice(primal_at..primal_at, partials);
        (fwd, rev)
    }

    /// The space of the memory a store to `l` writes: a pointer field's target for `s.p[i]`
    /// (a struct of buffers given to a kernel points into global memory), else the root's.
    fn stored_space(&self, l: &Expr) -> Option<Space> {
        if let ExprKind::Index(b, _) | ExprKind::Unary(UnOp::Deref, b) = &l.strip_parens().kind {
            if let ExprKind::Member { base, .. } = &b.strip_parens().kind {
                if matches!(
                    self.type_of(b).map(|t| t.kind),
                    Some(TyKind::Pointer { .. })
                ) {
                    return Some(self.field_target_space(base));
                }
            }
        }
        lvalue_root(l).and_then(|r| self.spaces.get(r).copied())
    }

    /// The reverse code of `l op= r` (with `place` the adjoint of `l`), after `rev`.
    fn gen_assign_reverse(
        &mut self,
        op: AssignOp,
        l: &Expr,
        r: &Expr,
        s: &Stmt,
        place: crate::adjoint::AdjPlace,
        mut rev: Vec<Stmt>,
    ) -> Vec<Stmt> {
        let root = lvalue_root(l).unwrap_or("").to_string();
        let mentions_target =
            crate::usage::any_expr(r, &|x| matches!(&x.kind, ExprKind::Ident(n) if *n == root));
        let is_memory = !crate::usage::is_plain_var(l);
        let ty = self.type_of(l).unwrap_or_else(|| Ty::new(TyKind::Double));
        match op {
            None => {
                if mentions_target || is_memory || !is_simple(&place.lvalue) {
                    let t = self.fresh("_r_d");
                    rev.push(decl(ty.clone(), &t, Some(place.lvalue.clone())));
                    let mut tail = self.rev_expr(r, ident(&t));
                    // `--keep-seeds`: an output written once per element keeps its seed.
                    let keep_seed = place
                        .base
                        .as_ref()
                        .is_some_and(|b| self.kept_seeds.contains(b))
                        && self.loop_bodies.is_empty()
                        && matches!(self.strategy(&place), crate::index::Strategy::Plain(_));
                    if keep_seed {
                        self.explain(&place.lvalue, "seed kept (--keep-seeds)");
                    } else if !fuse_zero_then_add(&mut tail, &place.lvalue, &t) {
                        let mut zeroes = self.zero_adjoint(place.lvalue.clone(), &ty);
                        let zero = match zeroes.len() {
                            1 => zeroes.remove(0),
                            _ => block(zeroes),
                        };
                        // An array touched only here: zero its adjoint after the block's other
                        // reverse work, so the store does not hold up later loads.
                        let sole_access = place.base.as_ref().is_some_and(|b| {
                            self.access_offsets.get(b).is_some_and(|v| v.len() == 1)
                        });
                        match self.deferred.last_mut() {
                            Some(d)
                                if sole_access && !is_memory_mentioned(&tail, &place.lvalue) =>
                            {
                                d.push(zero)
                            }
                            _ => rev.push(zero),
                        }
                    }
                    rev.extend(tail);
                } else {
                    rev.extend(self.rev_expr(r, place.lvalue.clone()));
                    rev.extend(self.zero_adjoint(place.lvalue.clone(), &ty));
                }
            }
            Some(bop @ (BinOp::Add | BinOp::Sub)) => {
                let adj = if mentions_target || is_memory || !is_simple(&place.lvalue) {
                    let t = self.fresh("_r_d");
                    rev.push(decl(ty.clone(), &t, Some(place.lvalue.clone())));
                    ident(&t)
                } else {
                    place.lvalue.clone()
                };
                let adj = if bop == BinOp::Sub { neg(adj) } else { adj };
                rev.extend(self.rev_expr(r, adj));
            }
            Some(_) => self.error(s.span, "internal: compound assignment not expanded"),
        }
        rev
    }

    /// Does the lvalue hold a real (or real aggregate) value, as opposed to an integer or a
    /// pointer?
    pub fn is_real_value(&self, e: &Expr) -> bool {
        match self.type_of(e) {
            // A view (pointers and integers) in device code: its adjoint is shadow pointers,
            // moved forward (views.rs), never summed.
            Some(t) => {
                is_real(&t)
                    || (matches!(t.kind, TyKind::Named { .. })
                        && is_differentiable(self.prog, &t)
                        && (self.mode == Mode::Host
                            || crate::views::holds_real_values(self.prog, &t)))
            }
            None => true,
        }
    }

    fn gen_if(&mut self, cond: &Expr, then: &Stmt, els: Option<&Stmt>) -> (Vec<Stmt>, Vec<Stmt>) {
        let mut branch_writes = Names::new();
        usage::stmt_writes_one(then, &mut branch_writes);
        // Calls writing through reference parameters may change the condition too.
        self.call_writes(then, &mut branch_writes);
        if let Some(e) = els {
            usage::stmt_writes_one(e, &mut branch_writes);
            self.call_writes(e, &mut branch_writes);
        }
        let mut cond_reads = Names::new();
        reads(cond, &mut cond_reads);
        // Replayed locals (replay.rs) hold the iteration's values again in its reverse.
        let written_in_loop = self.loop_writes.last().is_some_and(|w| {
            cond_reads
                .iter()
                .any(|n| w.contains(n) && !self.replayed.contains(n))
        });
        let has_call = crate::usage::any_expr(cond, &|x| {
            matches!(x.kind, ExprKind::Call { .. } | ExprKind::Assign(..))
        });
        let recompute = branch_writes.is_disjoint(&cond_reads) && !written_in_loop && !has_call;
        if recompute {
            self.reads_so_far.extend(cond_reads);
        }
        self.guards.push((cond.clone(), false));
        let (tf, tr) = self.gen_stmt(then);
        self.guards.pop();
        self.guards.push((cond.clone(), true));
        let (ef, er) = match els {
            Some(e) => self.gen_stmt(e),
            None => (vec![], vec![]),
        };
        self.guards.pop();
        if tr.is_empty() && er.is_empty() {
            let pure = !usage::may_have_effects(cond);
            if tf.is_empty() && ef.is_empty() && pure {
                return (vec![], vec![]);
            }
            return (vec![if_stmt(cond.clone(), tf, Some(ef))], vec![]);
        }
        if recompute {
            return (
                vec![if_stmt(cond.clone(), tf, Some(ef))],
                vec![if_stmt(cond.clone(), tr, Some(er))],
            );
        }
        let flag = self.fresh("_cond");
        self.decls.push(decl(Ty::new(TyKind::Bool), &flag, None));
        let mut fwd = vec![
            expr_stmt(assign(ident(&flag), cond.clone())),
            if_stmt(ident(&flag), tf, Some(ef)),
        ];
        let mut rev = Vec::new();
        if !self.loop_writes.is_empty() {
            // Pushed after the branch ran, popped before its reverse: tape order stays LIFO.
            let tape = self.tape_for(&Ty::new(TyKind::Bool));
            fwd.push(expr_stmt(method_call(&tape, "push", vec![ident(&flag)])));
            rev.push(expr_stmt(assign(ident(&flag), tape_pop(&tape))));
        }
        rev.push(if_stmt(ident(&flag), tr, Some(er)));
        (fwd, rev)
    }

    // ------------------------------------------------------------ loops

    fn gen_loop(&mut self, s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
        // Adjoint addresses inside the body may use the counter's range (index.rs).
        let range = crate::index::counter_range(&self.env, s);
        let pushed = range.is_some();
        self.loop_ranges.extend(range);
        let body = match &s.kind {
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. } => (**body).clone(),
            _ => Stmt::synth(StmtKind::Empty),
        };
        let teardown_loop = self.mode == Mode::Host
            && matches!(s.kind, StmtKind::For { .. })
            && crate::host::only_teardown(&body);
        let outer_epilogue = std::mem::take(&mut self.epilogue);
        self.loop_bodies.push(body);
        let out = self.gen_loop_parts(s);
        self.loop_bodies.pop();
        let moved = std::mem::replace(&mut self.epilogue, outer_epilogue);
        match &s.kind {
            // `for (k...) cudaStreamDestroy(streams[k]);`: the whole loop moves to the end,
            // not its body alone (which would run once, with the counter's final value).
            StmtKind::For {
                init, cond, step, ..
            } if teardown_loop && !moved.is_empty() => {
                self.epilogue.push(Stmt::synth(StmtKind::For {
                    init: init.clone(),
                    cond: cond.clone(),
                    step: step.clone(),
                    body: Box::new(block(moved)),
                }))
            }
            _ => self.epilogue.extend(moved),
        }
        if pushed {
            self.loop_ranges.pop();
        }
        out
    }

    fn gen_loop_parts(&mut self, s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
        let (init, cond, step, body, is_do) = match &s.kind {
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => (
                init.as_deref(),
                cond.as_ref(),
                step.as_ref(),
                body.as_ref(),
                false,
            ),
            StmtKind::While { cond, body } => (None, Some(cond), None, body.as_ref(), false),
            StmtKind::DoWhile { body, cond } => (None, Some(cond), None, body.as_ref(), true),
            _ => unreachable!("gen_loop on a non-loop"),
        };
        if usage::any_stmt(body, &|x| matches!(x.kind, StmtKind::Return(_))) {
            self.error(
                s.span,
                "cuad cannot differentiate a `return` inside a loop yet",
            );
            return (vec![], vec![]);
        }
        if loop_level_jump(body) {
            self.error(
                s.span,
                "cuad cannot differentiate `break`/`continue` inside loops yet",
            );
            return (vec![], vec![]);
        }
        let counted = init.and_then(|i| self.counted_loop(i, cond, step, body));
        let body_writes = self.loop_writes_of(body, cond, step);
        // Everything the reverse of any iteration reads counts as read before each write in
        // the loop (later iterations are reversed before earlier ones).
        let mut loop_reads = Names::new();
        self.rev_reads(body, &mut loop_reads);
        // Shared tiles the reverse iteration stores again instead of taping them.
        let tiles = match &counted {
            Some(c) if self.mode != Mode::Host => {
                let defs = self.replayable_defs(body, &c.counter, &body_writes, None);
                self.replayable_tiles(
                    body,
                    &c.counter,
                    &body_writes,
                    &defs,
                    &loop_reads,
                    &self.reads_so_far,
                )
            }
            _ => None,
        };
        if let Some(t) = &tiles {
            loop_reads.extend(t.reads.iter().cloned());
            let after = self.after_reads.last();
            let unread_after = t
                .arrays
                .iter()
                .filter(|m| after.is_none_or(|a| !a.contains(*m)));
            self.replayed_tiles.extend(unread_after.cloned());
        }
        let replay = match &counted {
            Some(c) => self.needed_replays(body, &c.counter, &body_writes, &loop_reads),
            None => vec![],
        };
        let checkpoint = counted.as_ref().filter(|_| tiles.is_none()).and_then(|c| {
            let replay_names: Names = replay.iter().map(|(v, _)| v.clone()).collect();
            self.recompute_checkpoint(body, &c.counter, &body_writes, &loop_reads, &replay_names)
        });
        if let Some(checkpoint) = checkpoint {
            if let Some(c) = counted {
                let parts = LoopParts {
                    s,
                    init,
                    cond,
                    step,
                    body,
                    is_do,
                };
                return self.gen_recomputed_loop(parts, c, body_writes, loop_reads, checkpoint);
            }
        }
        for (_, def) in &replay {
            usage::visit_stmt_exprs(def, &mut |e| reads(e, &mut loop_reads));
        }
        if !loop_reads.is_empty() {
            // A loop reversed by counting its iterations never evaluates its condition again.
            let cond = cond.filter(|_| counted.is_some());
            for e in cond.into_iter().chain(step) {
                reads(e, &mut loop_reads);
            }
            if let Some(i) = init {
                usage::visit_stmt_exprs(i, &mut |e| reads(e, &mut loop_reads));
            }
        }
        let mut fwd = Vec::new();
        let mut pre_rev = Vec::new();
        // The init runs once, before the loop.
        let (init_fwd, init_rev) = match (init, &counted) {
            (Some(i), None) => self.gen_stmt(i),
            (Some(i), Some(c)) => {
                let mut f = Vec::new();
                // The reverse loop sets the counter and the replayed locals itself: code
                // reversed after it gets back their values from before the loop.
                let restored = std::iter::once(&c.counter).chain(replay.iter().map(|(v, _)| v));
                for v in restored {
                    if self.reads_so_far.contains(v) {
                        if let Some((sf, sr)) = self.save_value(&ident(v)) {
                            f.push(sf);
                            pre_rev.push(sr);
                        }
                    }
                }
                let _ = i;
                (f, vec![])
            }
            (None, _) => (vec![], vec![]),
        };
        // A loop that counts its iterations runs its init's forward code before it; the
        // header repeats the init only when that is the init itself and running it again
        // changes nothing (`j = j * 2` or a call drawing a random number would run twice).
        let print = |s: &Stmt| cuad_emit::print_stmt(s, 0);
        let header_init = match (init, &counted) {
            (Some(i), None)
                if init_fwd.len() != 1
                    || print(&init_fwd[0]) != print(i)
                    || !self.repeatable(i) =>
            {
                None
            }
            _ => init,
        };
        fwd.extend(init_fwd);
        self.reads_so_far.extend(loop_reads);
        if self.mode == Mode::Host {
            // Launches and runtime calls in the loop read their pointer arguments' values in
            // reverse.
            usage::visit_stmt_exprs(body, &mut |e| {
                usage::walk_expr(e, &mut |x| {
                    let args = match &x.kind {
                        ExprKind::Launch { args, .. } => args,
                        ExprKind::Call { args, .. }
                            if crate::host::callee_name(x)
                                .is_some_and(|n| n.starts_with("cuda")) =>
                        {
                            args
                        }
                        _ => return,
                    };
                    let roots = args.iter().filter_map(|a| lvalue_root(a));
                    self.pointer_value_reads.extend(roots.map(str::to_string));
                })
            });
        }
        // What the body (and the condition) write: a branch condition reading only values
        // the step writes can be recomputed, since the reverse iteration restores the step's
        // values before it reverses the body.
        let mut not_step_writes = Names::new();
        usage::stmt_writes_one(body, &mut not_step_writes);
        self.call_writes(body, &mut not_step_writes);
        if let Some(c) = cond {
            usage::writes(c, &mut not_step_writes);
        }
        self.loop_writes.push(not_step_writes);
        let outer_replayed = self.replayed.clone();
        self.replayed.extend(replay.iter().map(|(v, _)| v.clone()));
        if let Some(t) = &tiles {
            self.replayed.extend(t.arrays.iter().cloned());
        }
        // Later iterations read whatever the loop reads.
        let mut after = self.after_reads.last().cloned().unwrap_or_default();
        usage::visit_stmt_exprs(s, &mut |e| self.content_reads(e, &mut after));
        self.after_reads.push(after);
        let (body_fwd, body_rev) = self.gen_stmt(body);
        self.after_reads.pop();
        // The step of a counted loop is recomputed, so is a halving or doubling counter's;
        // other steps are reversed like statements.
        let geometric = match (init, &counted) {
            (Some(i), None) => self.geometric_counter(i, step, self.loop_writes.last()),
            _ => None,
        };
        let (step_fwd, step_rev) = match (step, &counted, &geometric) {
            (Some(st), None, None) => self.gen_expr_stmt(st, &expr_stmt(st.clone())),
            _ => (vec![], vec![]),
        };
        self.loop_writes.pop();
        self.replayed = outer_replayed;
        let mut rev_iter: Vec<Stmt> = step_rev;
        rev_iter.extend(body_rev);
        if !rev_iter.is_empty() {
            let mut top: Vec<Stmt> = replay.into_iter().map(|(_, def)| def).collect();
            if let Some(t) = tiles {
                // The barriers keep the previous reverse iteration's reads of the tiles before
                // the stores, and the stores before this iteration's reads.
                let barrier = || expr_stmt(call("__syncthreads", vec![]));
                let ends_with_barrier =
                    rev_iter.first().is_some_and(crate::tile_replay::is_barrier);
                top.insert(0, barrier());
                top.extend(t.stores);
                if !ends_with_barrier {
                    top.push(barrier());
                }
            }
            rev_iter.splice(0..0, top);
        }
        if rev_iter.is_empty() {
            fwd.push(rebuild_loop(
                s,
                header_init,
                cond,
                step,
                body_fwd,
                step_fwd,
                is_do,
                None,
            ));
            let mut rev = init_rev;
            rev.extend(pre_rev);
            return (fwd, rev);
        }
        let mut rev = Vec::new();
        match counted {
            Some(c) => {
                fwd.push(rebuild_loop(
                    s,
                    header_init,
                    cond,
                    step,
                    body_fwd,
                    step_fwd,
                    is_do,
                    None,
                ));
                rev.push(c.reverse_loop(self, rev_iter));
            }
            None => {
                let n = self.fresh("_n");
                self.decls.push(decl(Ty::int(), &n, None));
                fwd.push(expr_stmt(assign(ident(&n), int_lit(0))));
                let count = expr_stmt(unary(UnOp::PreInc, ident(&n)));
                fwd.push(rebuild_loop(
                    s,
                    header_init,
                    cond,
                    step,
                    body_fwd,
                    step_fwd,
                    is_do,
                    Some(count),
                ));
                if !self.loop_writes.is_empty() {
                    let tape = self.tape_for(&Ty::int());
                    fwd.push(expr_stmt(method_call(&tape, "push", vec![ident(&n)])));
                    rev.push(expr_stmt(assign(ident(&n), tape_pop(&tape))));
                }
                let k = self.fresh("_k");
                if let Some(g) = geometric {
                    rev_iter.insert(0, g.value_at(&k));
                }
                rev.push(Stmt::synth(StmtKind::For {
                    init: Some(Box::new(decl(Ty::int(), &k, Some(ident(&n))))),
                    cond: Some(binary(BinOp::Gt, ident(&k), int_lit(0))),
                    step: Some(unary(UnOp::PreDec, ident(&k))),
                    body: Box::new(block(rev_iter)),
                }));
            }
        }
        rev.extend(init_rev);
        rev.extend(pre_rev);
        (fwd, rev)
    }

    /// Whether running `s` twice in a row has the effect of running it once: it reads nothing
    /// it writes and calls only functions without effects.
    fn repeatable(&self, s: &Stmt) -> bool {
        let (mut r, mut w) = (Names::new(), Names::new());
        let mut calls_ok = true;
        usage::visit_stmt_exprs(s, &mut |e| {
            reads(e, &mut r);
            usage::writes(e, &mut w);
            calls_ok &= !usage::any_expr(
                e,
                &|x| matches!(&x.kind, ExprKind::Call { callee, .. } if !self.is_effect_free_call(callee)),
            );
        });
        calls_ok && r.is_disjoint(&w)
    }

    /// `for (s = start; ...; s >>= c)` (or `<<=`) whose body does not write `s` or what
    /// `start` reads: iteration `k` runs with `s == start >> (c * k)`.
    fn geometric_counter(
        &self,
        init: &Stmt,
        step: Option<&Expr>,
        body_writes: Option<&Names>,
    ) -> Option<GeometricCounter> {
        let (counter, start) = counter_init(init)?;
        let is_counter =
            |l: &Expr| matches!(&l.strip_parens().kind, ExprKind::Ident(n) if *n == counter);
        let (op, shift) = match &step?.kind {
            ExprKind::Assign(Some(op @ (BinOp::Shr | BinOp::Shl)), l, r) if is_counter(l) => {
                let shift = match &r.strip_parens().kind {
                    ExprKind::IntLit(t) => {
                        crate::index::parse_int(t).filter(|c| (1..8).contains(c))?
                    }
                    _ => return None,
                };
                (*op, shift)
            }
            // An arithmetic counter in a loop that is not counted (its condition also tests
            // a flag the body sets: a lowered `break`).
            ExprKind::Unary(UnOp::PreInc | UnOp::PostInc, l) if is_counter(l) => (BinOp::Add, 1),
            ExprKind::Unary(UnOp::PreDec | UnOp::PostDec, l) if is_counter(l) => (BinOp::Sub, 1),
            _ => return None,
        };
        let mut used = Names::new();
        reads(&start, &mut used);
        let stable = body_writes.is_some_and(|w| !w.contains(&counter) && w.is_disjoint(&used));
        let integer = self
            .types
            .get(&counter)
            .is_some_and(|t| matches!(t.kind, TyKind::Int { .. }));
        (stable && integer && !used.contains(&counter) && !usage::may_have_effects(&start))
            .then_some(GeometricCounter {
                counter,
                start,
                op,
                shift,
            })
    }

    /// A counted loop whose iterations the reverse pass recomputes (see `recompute`): the
    /// forward loop tapes only the checkpoint; each reverse iteration restores it, re-runs the
    /// body's forward code (saves in registers) and then the body's reverse code.
    fn gen_recomputed_loop(
        &mut self,
        p: LoopParts,
        c: CountedLoop,
        body_writes: Names,
        loop_reads: Names,
        checkpoint: crate::recompute::Checkpoint,
    ) -> (Vec<Stmt>, Vec<Stmt>) {
        let crate::recompute::Checkpoint {
            per_iteration: checkpoint,
            entry,
        } = checkpoint;
        let mut fwd = Vec::new();
        let mut pre_rev = Vec::new();
        if self.reads_so_far.contains(&c.counter) {
            if let Some((sf, sr)) = self.save_value(&ident(&c.counter)) {
                fwd.push(sf);
                pre_rev.push(sr);
            }
        }
        // Outside other loops, the last iteration's values (and the body's saves) are still in
        // place when the reverse loop starts; inside one, later runs of this loop replaced them.
        let runs_once = self.loop_writes.is_empty();
        // When no adjoint flows between iterations, only the last one is reversed, with the
        // forward's values still in place: nothing is re-run, so there is no checkpoint; what
        // the code before the loop reads back is saved once, in registers, around the loop.
        let last_only = runs_once && self.carries_no_adjoint(p.body, &body_writes, &c.counter);
        self.loop_writes.push(body_writes);
        // Checkpoint saves go to the tape (one per iteration).
        let mut push = Vec::new();
        let mut pop = Vec::new();
        for v in checkpoint.iter().filter(|_| !last_only) {
            if let Some((sf, sr)) = self.save_value(&ident(v)) {
                push.push(sf);
                pop.insert(0, sr);
            }
        }
        let outer_loops = std::mem::take(&mut self.loop_writes);
        let mut after = self.after_reads.last().cloned().unwrap_or_default();
        usage::visit_stmt_exprs(p.s, &mut |e| self.content_reads(e, &mut after));
        self.after_reads.push(after);
        // The body is generated as straight-line code: each reverse iteration re-runs it.
        let (body_fwd, body_rev) = self.gen_stmt(p.body);
        self.after_reads.pop();
        self.loop_writes = outer_loops;
        self.loop_writes.pop();
        // Without re-runs (only the last iteration reversed, or nothing to reverse), the
        // checkpoint is not taped; what the code before the loop reads back is saved once
        // around the loop, and so is the entry part of the checkpoint otherwise.
        let mut restore_after = Vec::new();
        let read_back: Vec<String> = if last_only || body_rev.is_empty() {
            push.clear();
            pop.clear();
            checkpoint
                .iter()
                .chain(&entry)
                .filter(|v| self.reads_so_far.contains(*v))
                .cloned()
                .collect()
        } else {
            entry.iter().cloned().collect()
        };
        for v in read_back {
            if let Some((sf, sr)) = self.save_value(&ident(&v)) {
                fwd.push(sf);
                restore_after.insert(0, sr);
            }
        }
        // Code before the loop is reversed after the whole loop, which reads all of this.
        self.reads_so_far.extend(loop_reads);
        self.reads_so_far.extend(checkpoint);
        self.reads_so_far.extend(entry);
        usage::visit_stmt_exprs(p.s, &mut |e| reads(e, &mut self.reads_so_far));
        let mut fwd_body = push;
        fwd_body.extend(body_fwd.clone());
        fwd.push(rebuild_loop(
            p.s,
            p.init,
            p.cond,
            p.step,
            fwd_body,
            vec![],
            p.is_do,
            None,
        ));
        let mut rev = Vec::new();
        if !body_rev.is_empty() && !runs_once {
            let mut rev_iter = pop;
            rev_iter.extend(body_fwd);
            rev_iter.extend(body_rev);
            rev.push(c.reverse_loop(self, rev_iter));
        } else if last_only && !body_rev.is_empty() {
            // Earlier iterations receive no adjoint: reverse the last one and stop.
            let mut rev_iter = body_rev;
            rev_iter.push(Stmt::synth(StmtKind::Break));
            rev.push(c.reverse_loop(self, rev_iter));
        } else if !body_rev.is_empty() {
            // The first reverse iteration reverses the last forward one, whose values (and
            // saves) are still in place: it only drops its checkpoint from the tape.
            let first = self.fresh("_last_iteration");
            self.decls.push(decl(Ty::new(TyKind::Bool), &first, None));
            rev.push(expr_stmt(assign(
                ident(&first),
                Expr::synth(ExprKind::BoolLit(true)),
            )));
            let drop: Vec<Stmt> = pop
                .iter()
                .filter_map(|r| match &r.kind {
                    StmtKind::Expr(Expr {
                        kind: ExprKind::Assign(None, _, value),
                        ..
                    }) => Some(expr_stmt((**value).clone())),
                    _ => None,
                })
                .collect();
            let mut rerun = pop;
            rerun.extend(body_fwd);
            let mut first_only = drop;
            first_only.push(expr_stmt(assign(
                ident(&first),
                Expr::synth(ExprKind::BoolLit(false)),
            )));
            let mut rev_iter = vec![if_stmt(ident(&first), first_only, Some(rerun))];
            rev_iter.extend(body_rev);
            rev.push(c.reverse_loop(self, rev_iter));
        }
        rev.extend(restore_after);
        rev.extend(pre_rev);
        (fwd, rev)
    }

    /// A `for (i = a; i < b; i += c)` loop whose counter, bound and stride are not changed by
    /// the body: its reverse recomputes the counter instead of taping it.
    /// A loop condition as `counter op bound`: `k < n`, `n > k`; for upper bounds also
    /// `k + e < n` (bound `n - e`, signed integers only, where the subtraction cannot wrap)
    /// and conjunctions of upper bounds (`k < TILE && t0 + k < n`: the smaller bound).
    fn counter_bound(&self, cond: &Expr, counter: &str) -> Option<(BinOp, Expr)> {
        let is_counter =
            |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == counter);
        let strict_upper = |(op, bound): (BinOp, Expr)| match op {
            BinOp::Lt => Some(bound),
            BinOp::Le => Some(binary(BinOp::Add, paren(bound), int_lit(1))),
            _ => None,
        };
        let signed = |e: &Expr| {
            self.type_of(e).is_some_and(|t| {
                matches!(
                    t.kind,
                    TyKind::Int {
                        signed: Some(true),
                        ..
                    }
                )
            })
        };
        match &cond.strip_parens().kind {
            ExprKind::Binary(BinOp::And, a, b) => {
                let a = strict_upper(self.counter_bound(a, counter)?)?;
                let b = strict_upper(self.counter_bound(b, counter)?)?;
                let smaller = Expr::synth(ExprKind::Cond(
                    Box::new(binary(BinOp::Lt, paren(a.clone()), paren(b.clone()))),
                    Box::new(paren(a)),
                    Box::new(paren(b)),
                ));
                Some((BinOp::Lt, paren(smaller)))
            }
            ExprKind::Binary(op, l, r) if is_counter(l) => Some((*op, (**r).clone())),
            ExprKind::Binary(op, l, r) if is_counter(r) => Some((flip(*op)?, (**l).clone())),
            ExprKind::Binary(op @ (BinOp::Lt | BinOp::Le), l, r) => {
                let ExprKind::Binary(BinOp::Add, x, y) = &l.strip_parens().kind else {
                    return None;
                };
                let offset = match (is_counter(x), is_counter(y)) {
                    (true, false) => y,
                    (false, true) => x,
                    _ => return None,
                };
                (signed(offset) && signed(r) && signed(l)).then(|| {
                    let bound = binary(BinOp::Sub, paren((**r).clone()), paren((**offset).clone()));
                    (*op, bound)
                })
            }
            _ => None,
        }
    }

    /// A counted `for` statement's counter, the expressions fixing its range (start, bound,
    /// stride) and its body.
    pub(crate) fn counted_loop_parts<'s>(
        &self,
        s: &'s Stmt,
    ) -> Option<(String, Vec<Expr>, &'s Stmt)> {
        let StmtKind::For {
            init: Some(init),
            cond,
            step,
            body,
        } = &s.kind
        else {
            return None;
        };
        let c = self.counted_loop(init, cond.as_ref(), step.as_ref(), body)?;
        Some((c.counter, vec![c.start, c.bound, c.stride], body))
    }

    fn counted_loop(
        &self,
        init: &Stmt,
        cond: Option<&Expr>,
        step: Option<&Expr>,
        body: &Stmt,
    ) -> Option<CountedLoop> {
        let (counter, start) = counter_init(init)?;
        let stride = step_stride(step?, &counter)?;
        let (op, bound) = self.counter_bound(cond?, &counter)?;
        let mut w = Names::new();
        usage::stmt_writes_one(body, &mut w);
        let mut used = Names::new();
        reads(&start, &mut used);
        reads(&bound, &mut used);
        reads(&stride, &mut used);
        if w.contains(&counter) || !w.is_disjoint(&used) || used.contains(&counter) {
            return None;
        }
        if crate::usage::any_expr(&bound, &|x| matches!(x.kind, ExprKind::Call { .. })) {
            return None;
        }
        let ty = self.types.get(&counter).cloned().unwrap_or_else(Ty::int);
        // A floating-point counter's trip count has no exact integer formula, and its
        // adjoint must reach its initializer: such loops count their iterations instead.
        if cuad_sema::types::is_floating(&ty) {
            return None;
        }
        CountedLoop::new(counter, ty, start, op, bound, stride)
    }

    /// Names the reverse code of `s` reads (active statements only).
    ///
    /// A nested loop whose iterations are recomputed (recompute.rs) re-runs its body in the
    /// reverse pass, so its reverse reads everything the body reads. It is recomputed only
    /// when the reverse needs a value its body overwrites, which depends on what the rest
    /// reads: the set grows from the reads already known until nothing changes.
    pub fn rev_reads(&self, s: &Stmt, out: &mut Names) {
        let mut assumed = self.reads_so_far.clone();
        assumed.extend(out.iter().cloned());
        loop {
            let mut found = Names::new();
            self.rev_reads_assuming(s, &assumed, &mut found);
            if found.is_subset(&assumed) {
                out.extend(found);
                return;
            }
            assumed.extend(found);
        }
    }

    /// `rev_reads` of `s` where the names in `assumed` count as read by other reverse code.
    fn rev_reads_assuming(&self, s: &Stmt, assumed: &Names, out: &mut Names) {
        match &s.kind {
            StmtKind::Expr(e) => {
                // `err = cudaMemcpy(...)` (error-checking macros): its reverse is the call's.
                let e = self.runtime_call_under_assign(e).unwrap_or(e);
                if self.stmt_is_active(e) {
                    match &e.kind {
                        ExprKind::Assign(_, l, r) => {
                            self.needed_reads(r, out);
                            self.address_reads(l, out);
                            // A call writing an active argument through a reference has a
                            // pullback even where its value carries no adjoint (`bool`).
                            for c in self.active_writing_calls(r) {
                                self.call_rev_reads(&c, out);
                            }
                        }
                        ExprKind::Launch {
                            kernel,
                            template_args,
                            config,
                            args,
                        } if self.mode == Mode::Host => {
                            config.iter().for_each(|c| reads(c, out));
                            crate::host::launch_rev_reads(self, kernel, template_args, args, out);
                        }
                        ExprKind::Call { args, .. }
                            if self.mode == Mode::Host
                                && crate::host::callee_name(e)
                                    .is_some_and(|n| n.starts_with("cuda")) =>
                        {
                            crate::host::runtime_call_rev_reads(self, args, out);
                        }
                        _ => self.call_rev_reads(e, out),
                    }
                } else if let ExprKind::Assign(_, l, _) = &e.kind {
                    // Restoring memory needs its address.
                    if !usage::is_plain_var(l) {
                        self.address_reads(l, out);
                    }
                }
            }
            StmtKind::Block(b) => b
                .iter()
                .for_each(|x| self.rev_reads_assuming(x, assumed, out)),
            StmtKind::If { cond, then, els } => {
                self.condition_call_reads(cond, out);
                let mut inner = Names::new();
                self.rev_reads_assuming(then, assumed, &mut inner);
                if let Some(e) = els {
                    self.rev_reads_assuming(e, assumed, &mut inner);
                }
                if !inner.is_empty() {
                    reads(cond, out);
                }
                out.extend(inner);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                let mut inner = Names::new();
                self.rev_reads_assuming(body, assumed, &mut inner);
                if !inner.is_empty() {
                    cond.iter().chain(step).for_each(|e| reads(e, &mut inner));
                    if let Some(i) = init {
                        usage::visit_stmt_exprs(i, &mut |e| reads(e, &mut inner));
                    }
                    let counted = init
                        .as_deref()
                        .and_then(|i| self.counted_loop(i, cond.as_ref(), step.as_ref(), body));
                    // A loop whose iterations may be recomputed re-runs its body in the
                    // reverse pass, reading everything the body reads; it is recomputed only
                    // when some reverse code reads a value the body writes (`saved` in
                    // `recompute_checkpoint`).
                    if self.body_is_recomputable(body) {
                        let mut writes = Names::new();
                        usage::stmt_writes_one(body, &mut writes);
                        let counter = counted.as_ref().map(|c| c.counter.as_str());
                        let needed = writes.iter().any(|w| {
                            Some(w.as_str()) != counter
                                && (assumed.contains(w) || inner.contains(w))
                        });
                        if needed {
                            usage::visit_stmt_exprs(body, &mut |e| reads(e, &mut inner));
                        }
                    }
                    // The reverse iterations of a counted loop may re-run definitions and tile
                    // stores of its body (replay.rs, tile_replay.rs), reading what they read.
                    // Locals it certainly replays are set before the reverse reads them: not
                    // read from before (`needed_replays` of the least the loop's reverse
                    // reads, so `gen_loop` replays at least these).
                    if let Some(c) = &counted {
                        let mut least = Names::new();
                        self.rev_reads_assuming(body, &Names::new(), &mut least);
                        let writes = self.loop_writes_of(body, cond.as_ref(), step.as_ref());
                        crate::replay::replay_reads(body, &mut inner);
                        for (v, _) in self.needed_replays(body, &c.counter, &writes, &least) {
                            inner.remove(&v);
                        }
                    }
                    // The reverse of a counted loop sets its counter before reading it: the
                    // value the counter had before the loop is not read (no save needed).
                    if let Some(c) = counted {
                        inner.remove(&c.counter);
                    }
                }
                out.extend(inner);
            }
            StmtKind::While { body, cond } | StmtKind::DoWhile { body, cond } => {
                let mut inner = Names::new();
                self.rev_reads_assuming(body, assumed, &mut inner);
                if !inner.is_empty() {
                    reads(cond, out);
                }
                out.extend(inner);
            }
            StmtKind::Return(Some(e)) if self.seed.is_some() => reads(e, out),
            _ => {}
        }
    }

    /// The reads of the pullbacks of calls in an `if` condition that are differentiated for
    /// what they write (`if (advance(d_x, n) != 0)`, hoisted before the condition by `gen_stmt`).
    fn condition_call_reads(&self, cond: &Expr, out: &mut Names) {
        for c in self.active_writing_calls(cond) {
            self.call_rev_reads(&c, out);
        }
    }

    /// Names whose values the adjoint code of `e` reads: operands of nonlinear operations
    /// and addresses, not the values of linear terms (`x` in `y = x + z` is not needed).
    pub fn needed_reads(&self, e: &Expr, out: &mut Names) {
        // Mirrors `rev_expr`: inactive parts get no reverse code.
        if !self.expr_is_active(e) {
            return;
        }
        // A user operator on a struct (`acc + p` with a log-add-exp `operator+`) need not be
        // linear: its pullback reads the operands its partials need (operator_reads.rs), or
        // all of them, as any call's does.
        if let Some((f, call)) =
            crate::calls::user_operator_call(self.prog, e, &|x| self.type_of(x))
        {
            let ExprKind::Call { args, .. } = &call.kind else {
                return;
            };
            let Some(partials) = crate::operator_reads::partial_reads(self.prog, f) else {
                return self.call_rev_reads(&call, out);
            };
            for (a, needs) in args.iter().zip(&partials) {
                if self.expr_is_active(a) {
                    needs.iter().for_each(|&j| reads(&args[j], out));
                    self.needed_reads(a, out);
                }
            }
            return;
        }
        match &e.kind {
            ExprKind::Ident(_) | ExprKind::IntLit(_) | ExprKind::FloatLit(_) => {}
            ExprKind::Paren(x) | ExprKind::Unary(UnOp::Neg | UnOp::Plus, x) => {
                self.needed_reads(x, out)
            }
            ExprKind::Cast { expr, .. } => self.needed_reads(expr, out),
            ExprKind::Binary(BinOp::Add | BinOp::Sub, l, r) => {
                self.needed_reads(l, out);
                self.needed_reads(r, out);
            }
            // `d(l*r) = dl*r + l*dr`, `d(l/r) = dl/r - dr*l/(r*r)`: a side's value is needed
            // only for the other side's partial.
            ExprKind::Binary(op @ (BinOp::Mul | BinOp::Div), l, r) => {
                if self.expr_is_active(l) {
                    reads(r, out);
                    self.needed_reads(l, out);
                }
                if self.expr_is_active(r) {
                    reads(l, out);
                    if *op == BinOp::Div {
                        reads(r, out);
                    }
                    self.needed_reads(r, out);
                }
            }
            ExprKind::Member {
                base, arrow: false, ..
            } => self.needed_reads(base, out),
            ExprKind::Cond(c, a, b) => {
                reads(c, out);
                self.needed_reads(a, out);
                self.needed_reads(b, out);
            }
            // Loads need their address; everything else needs its operands' values.
            ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) | ExprKind::Member { .. } => {
                self.address_reads(e, out)
            }
            _ => {
                if !self.math_needed_reads(e, out) {
                    self.call_rev_reads(e, out)
                }
            }
        }
    }

    /// `needed_reads` of a math-library call (rules.rs): the names its active arguments'
    /// partial derivatives read (`fmaf(a, b, acc)` needs `a` and `b`, not `acc`). False when
    /// `e` is no such call.
    fn math_needed_reads(&self, e: &Expr, out: &mut Names) -> bool {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return false;
        };
        let ExprKind::Ident(name) = &callee.kind else {
            return false;
        };
        if self.find_custom(name).is_some()
            || self.prog.functions(name).iter().any(|f| f.body.is_some())
        {
            return false;
        }
        if crate::rules::is_piecewise_constant(name) {
            return true;
        }
        let math_name = crate::rules::min_max_alias(name).unwrap_or(name);
        let Some(call) = crate::rules::classify(math_name) else {
            return false;
        };
        let ty = Ty::new(TyKind::Double);
        let Some(partials) = crate::rules::partials(&call, &ty, args) else {
            return false;
        };
        for (a, p) in args.iter().zip(&partials) {
            if self.expr_is_active(a) {
                reads(p, out);
                self.needed_reads(a, out);
            }
        }
        true
    }

    /// What the reverse of `e` reads, where `e` may be a call: an lvalue argument whose value
    /// on entry the callee overwrites unread (`calc(p, ...)` storing `p = ...` first) is not
    /// read by the pullback (its re-run of the callee overwrites it), only its address.
    fn call_rev_reads(&self, e: &Expr, out: &mut Names) {
        let ExprKind::Call { callee, args, .. } = &e.strip_parens().kind else {
            return reads(e, out);
        };
        let ExprKind::Ident(name) = &callee.kind else {
            return reads(e, out);
        };
        let name = name.trim_start_matches("::");
        // A callee's own `extern __shared__` arrays are this function's: its pullback reads them.
        if self.prog.functions(name).into_iter().any(|g| {
            crate::calls::own_dynamic_shared(self.prog, g).is_some()
                || crate::calls::callee_with_dynamic_shared(self.prog, g, 1).is_some()
        }) {
            out.extend(self.dynamic_shared.iter().cloned());
        }
        let dead_entry: Vec<(usize, Expr)> = self
            .overwritten_args(name, args)
            .into_iter()
            .filter(|(_, _, reads_entry)| !reads_entry)
            .map(|(j, lv, _)| (j, lv))
            .collect();
        if dead_entry.is_empty() {
            return reads(e, out);
        }
        reads(callee, out);
        for (j, a) in args.iter().enumerate() {
            match dead_entry.iter().find(|(k, _)| *k == j) {
                Some((_, lv)) => usage::lvalue_index_reads(lv, out),
                None => reads(a, out),
            }
        }
    }

    /// Names needed to compute the address of lvalue `lv`. A local or `__shared__` array's
    /// address never changes, so its name is left out: writing its elements then needs no
    /// save on account of the address (its contents are what a save is about).
    fn address_reads(&self, lv: &Expr, out: &mut Names) {
        let mut names = Names::new();
        reads(&assign(lv.clone(), int_lit(0)), &mut names);
        // A local array's address never changes: the array the lvalue indexes is not read.
        // Arrays read inside its indices are (`x[cor[c]]` reads `cor`).
        let root = lvalue_root(lv).filter(|r| !usage::index_mentions(lv, r));
        names.retain(|n| {
            self.is_param(n)
                || root != Some(n.as_str())
                || !self
                    .types
                    .get(n)
                    .is_some_and(|t| matches!(t.kind, TyKind::Array { .. }))
        });
        out.extend(names);
    }

    /// Calls in `e` that write through a reference or `&x` and take an active argument.
    fn active_writing_calls(&self, e: &Expr) -> Vec<Expr> {
        let mut calls = self.writing_calls(e);
        calls.retain(|c| match &c.kind {
            ExprKind::Call { args, .. } => args
                .iter()
                .any(|a| crate::activity::depends_on_active(a, &self.active)),
            _ => false,
        });
        calls
    }

    /// The CUDA runtime call `c` of a host statement `v = c` (under parens and casts), which
    /// `gen_assign` differentiates as the call statement `c`.
    fn runtime_call_under_assign<'e>(&self, e: &'e Expr) -> Option<&'e Expr> {
        let ExprKind::Assign(_, _, r) = &e.kind else {
            return None;
        };
        let mut r = r.strip_parens();
        while let ExprKind::Cast { expr, .. } = &r.kind {
            r = expr.strip_parens();
        }
        (self.mode == Mode::Host
            && crate::host::callee_name(r).is_some_and(|n| n.starts_with("cuda")))
        .then_some(r)
    }

    fn stmt_is_active(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Assign(_, l, r) => {
                self.adj_place(l).is_some() || !self.active_writing_calls(r).is_empty()
            }
            ExprKind::Call { args, .. } | ExprKind::Launch { args, .. } => args
                .iter()
                .any(|a| crate::activity::depends_on_active(a, &self.active)),
            ExprKind::Paren(x) => self.stmt_is_active(x),
            _ => false,
        }
    }
}

/// The type with `const` removed at every level (adjoints are always written).
/// A kernel's real parameter passed by value is each thread's own copy: where the body
/// overwrites it (or passes it to a non-const reference parameter), the body works on a
/// local initialized from it. The local's adjoint stays in the thread; only the
/// initialization adds into the parameter's adjoint, which all threads share (reading and
/// zeroing that one for an overwrite would take the other threads' contributions).
/// Parameters a function writes get a local copy at its top: in a kernel, real scalars
/// (their adjoint is shared by every thread); anywhere, structs whose own pointers move
/// (views, FlashAttention's `p.q += b * p.q_batch_stride`): the copy's adjoint object is the
/// function's own, so its shadow pointers move with the copy's pointers (views.rs) while the
/// caller's adjoint object stays as given.
fn copy_written_params(
    prog: &Program,
    mode: Mode,
    params: &[(String, Ty)],
    body: &mut Vec<Stmt>,
    locals: &mut Vec<Local>,
    types: &HashMap<String, Ty>,
) {
    let mut written = Names::new();
    usage::stmt_writes(body, &mut written);
    // Views are copied when their own pointers move, not for stores through them.
    let mut own_written = crate::views::own_writes(prog, types, body);
    for s in body.iter() {
        usage::visit_stmt_exprs(s, &mut |e| {
            usage::walk_expr(e, &mut |x| {
                let ExprKind::Call { callee, args, .. } = &x.kind else {
                    return;
                };
                let ExprKind::Ident(f) = &callee.kind else {
                    return;
                };
                let fns = prog.functions_for_call(f, args.len());
                for (j, a) in args.iter().enumerate() {
                    let by_ref = fns.iter().any(|fd| {
                        fd.params.get(j).is_some_and(|p| {
                            matches!(&prog.canonical(&p.ty).kind, TyKind::LRef(t) if !t.is_const)
                        })
                    });
                    if let (true, ExprKind::Ident(n)) = (by_ref, &a.strip_parens().kind) {
                        written.insert(n.clone());
                        own_written.insert(n.clone());
                    }
                }
            })
        });
    }
    let mut prologue = Vec::new();
    for (name, ty) in params {
        let copied = (mode == Mode::Kernel && is_real(ty) && written.contains(name))
            || (matches!(ty.kind, TyKind::Named { .. })
                && crate::views::holds_active_pointers(prog, ty)
                && own_written.contains(name));
        if !copied {
            continue;
        }
        let mut local = format!("{name}_copy");
        while types.contains_key(&local) || locals.iter().any(|l| l.name == local) {
            local.push('_');
        }
        for s in body.iter_mut() {
            crate::methods::map_stmt_exprs(s, &mut |e| {
                if matches!(&e.kind, ExprKind::Ident(n) if n == name) {
                    *e = ident(&local);
                }
            });
        }
        locals.push(Local {
            name: local.clone(),
            ty: mutable_ty(ty),
            specs: DeclSpecs::default(),
            init: None,
            spelled: None,
        });
        prologue.push(expr_stmt(assign(ident(&local), ident(name))));
    }
    body.splice(0..0, prologue);
}

pub fn mutable_ty(ty: &Ty) -> Ty {
    let kind = match &ty.kind {
        TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
            pointee: Box::new(mutable_ty(pointee)),
            restrict: *restrict,
        },
        TyKind::Array { elem, len } => TyKind::Array {
            elem: Box::new(mutable_ty(elem)),
            len: len.clone(),
        },
        k => k.clone(),
    };
    Ty::new(kind)
}

/// `adj = 0; ... adj += v;` (with no other use of `adj` in between, as produced for one
/// statement) becomes `adj = v;`: one store instead of a zero store and a read-modify-write.
fn fuse_zero_then_add(stmts: &mut Vec<Stmt>, lvalue: &Expr, saved: &str) -> bool {
    let text = cuad_emit::print_expr(lvalue);
    let hits: Vec<usize> = stmts
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(&s.kind, StmtKind::Expr(Expr { kind: ExprKind::Assign(Some(BinOp::Add), l, _), .. }) if cuad_emit::print_expr(l) == text))
        .map(|(i, _)| i)
        .collect();
    let mentions = stmts
        .iter()
        .filter(|s| cuad_emit::print_stmt(s, 0).contains(&text))
        .count();
    if hits.len() != 1 || mentions != 1 {
        return false;
    }
    if let StmtKind::Expr(Expr {
        kind: ExprKind::Assign(op, _, r),
        ..
    }) = &mut stmts[hits[0]].kind
    {
        if matches!(&r.kind, ExprKind::Ident(n) if n == saved) {
            // `adj = saved` where `saved` was read from `adj`: nothing changes.
            stmts.remove(hits[0]);
        } else {
            *op = None;
        }
    }
    true
}

fn is_memory_mentioned(stmts: &[Stmt], lvalue: &Expr) -> bool {
    let text = cuad_emit::print_expr(lvalue);
    stmts
        .iter()
        .any(|s| cuad_emit::print_stmt(s, 0).contains(&text))
}

fn l_name(l: &Expr) -> &str {
    match &l.kind {
        ExprKind::Ident(n) => n,
        _ => "",
    }
}

fn is_simple(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Ident(_))
}

fn flip(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Gt => BinOp::Lt,
        BinOp::Le => BinOp::Ge,
        BinOp::Ge => BinOp::Le,
        BinOp::Ne => BinOp::Ne,
        _ => return None,
    })
}

/// Does a `break`/`continue` belong to this loop (not to a nested one)?
fn loop_level_jump(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Break | StmtKind::Continue => true,
        StmtKind::Block(b) => b.iter().any(loop_level_jump),
        StmtKind::If { then, els, .. } => {
            loop_level_jump(then) || els.as_deref().is_some_and(loop_level_jump)
        }
        _ => false,
    }
}

pub fn method_call(obj: &str, method: &str, args: Vec<Expr>) -> Expr {
    Expr::synth(ExprKind::Call {
        callee: Box::new(member(ident(obj), method, false)),
        template_args: vec![],
        args,
    })
}

fn tape_pop(tape: &str) -> Expr {
    method_call(tape, "pop", vec![])
}

/// The end-of-kernel block reductions of the kernel-invariant adjoints: one
/// `cuad_block_add_n` per type for several (one pair of barriers), `cuad_block_add` for one.
fn block_reductions(accs: Vec<KernelAcc>) -> Vec<Stmt> {
    let mut groups: Vec<(String, Ty, Vec<KernelAcc>)> = Vec::new();
    for a in accs {
        let text = cuad_emit::print_ty(&a.ty);
        match groups.iter_mut().find(|(t, _, _)| *t == text) {
            Some((_, _, g)) => g.push(a),
            None => groups.push((text, a.ty.clone(), vec![a])),
        }
    }
    let mut out = Vec::new();
    for (_, ty, mut group) in groups {
        if group.len() == 1 {
            let a = group.remove(0);
            out.push(expr_stmt(call(
                "cuad_block_add",
                vec![addr_of(a.lvalue), ident(&a.register)],
            )));
            continue;
        }
        let len = Some(Box::new(int_lit(group.len() as i64)));
        let array_of = |elem: Ty| {
            Ty::new(TyKind::Array {
                elem: Box::new(elem),
                len: len.clone(),
            })
        };
        let (addrs, vals): (Vec<Expr>, Vec<Expr>) = group
            .into_iter()
            .map(|a| (addr_of(a.lvalue), ident(&a.register)))
            .unzip();
        let list = |items: Vec<Expr>| Some(Init::Assign(Expr::synth(ExprKind::InitList(items))));
        let addr_ty = array_of(Ty::pointer_to(ty.clone()).with_const(true));
        out.push(block(vec![
            decl_with(DeclSpecs::default(), addr_ty, "_acc_addr", list(addrs)),
            decl_with(
                DeclSpecs::default(),
                array_of(ty.with_const(true)),
                "_acc_val",
                list(vals),
            ),
            expr_stmt(call(
                "cuad_block_add_n",
                vec![ident("_acc_addr"), ident("_acc_val")],
            )),
        ]));
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn rebuild_loop(
    s: &Stmt,
    init: Option<&Stmt>,
    cond: Option<&Expr>,
    step: Option<&Expr>,
    body: Vec<Stmt>,
    step_fwd: Vec<Stmt>,
    is_do: bool,
    count: Option<Stmt>,
) -> Stmt {
    let mut body_stmts: Vec<Stmt> = count.into_iter().collect();
    body_stmts.extend(body);
    let kind = match &s.kind {
        StmtKind::For { .. } => {
            // A step that needs saves runs at the end of the body instead of in the header.
            let (step, extra) = if step_fwd.len() > 1 {
                (None, step_fwd)
            } else {
                (step.cloned(), vec![])
            };
            body_stmts.extend(extra);
            StmtKind::For {
                init: init.map(|i| Box::new(i.clone())),
                cond: cond.cloned(),
                step,
                body: Box::new(block(body_stmts)),
            }
        }
        _ if is_do => StmtKind::DoWhile {
            body: Box::new(block(body_stmts)),
            cond: cond.cloned().unwrap_or_else(|| int_lit(0)),
        },
        _ => StmtKind::While {
            cond: cond.cloned().unwrap_or_else(|| int_lit(1)),
            body: Box::new(block(body_stmts)),
        },
    };
    Stmt::new(kind, s.span)
}

/// A loop counter halved or doubled by its step (`s >>= 1` in a tree reduction).
struct GeometricCounter {
    counter: String,
    start: Expr,
    op: BinOp,
    shift: i64,
}

impl GeometricCounter {
    /// `s = (start) >> (c * (k - 1))` (or `+`/`-` for a counter stepping by one): the counter
    /// of the iteration a reverse loop counting `k` down from the trip count to 1 is reversing.
    fn value_at(&self, k: &str) -> Stmt {
        let index = paren(binary(BinOp::Sub, ident(k), int_lit(1)));
        let amount = if self.shift == 1 {
            index
        } else {
            paren(binary(BinOp::Mul, int_lit(self.shift), index))
        };
        expr_stmt(assign(
            ident(&self.counter),
            binary(self.op, paren(self.start.clone()), amount),
        ))
    }
}

/// The pieces of a loop statement.
struct LoopParts<'s> {
    s: &'s Stmt,
    init: Option<&'s Stmt>,
    cond: Option<&'s Expr>,
    step: Option<&'s Expr>,
    body: &'s Stmt,
    is_do: bool,
}

/// A loop with a recomputable counter: `i = start; i OP bound; i += stride`.
struct CountedLoop {
    counter: String,
    ty: Ty,
    start: Expr,
    op: BinOp,
    bound: Expr,
    stride: Expr,
    unit: Option<i64>,
}

impl CountedLoop {
    fn new(
        counter: String,
        ty: Ty,
        start: Expr,
        op: BinOp,
        bound: Expr,
        stride: Expr,
    ) -> Option<CountedLoop> {
        let unit = match &stride.strip_parens().kind {
            ExprKind::IntLit(t) if t == "1" => Some(1),
            ExprKind::Unary(UnOp::Neg, x) if matches!(&x.kind, ExprKind::IntLit(t) if t == "1") => {
                Some(-1)
            }
            _ => None,
        };
        let ok = matches!(
            (op, unit),
            (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, _) | (BinOp::Ne, Some(_))
        );
        ok.then_some(CountedLoop {
            counter,
            ty,
            start,
            op,
            bound,
            stride,
            unit,
        })
    }

    fn signed_counter(&self) -> bool {
        matches!(self.ty.kind, TyKind::Int { signed: Some(true) | None, kind } if kind != IntKind::Char)
    }

    fn reverse_loop(&self, g: &mut Gen, body: Vec<Stmt>) -> Stmt {
        let i = ident(&self.counter);
        let (a, b) = (paren(self.start.clone()), paren(self.bound.clone()));
        let increasing = match self.op {
            BinOp::Lt | BinOp::Le => true,
            BinOp::Gt | BinOp::Ge => false,
            _ => self.unit == Some(1),
        };
        if self.signed_counter() && self.unit.is_some() {
            // Readable form for unit steps: `for (i = b - 1; i >= a; --i)`.
            let (first, cmp, step) = match (self.op, increasing) {
                (BinOp::Lt | BinOp::Ne, true) => {
                    (binary(BinOp::Sub, b, int_lit(1)), BinOp::Ge, UnOp::PreDec)
                }
                (BinOp::Le, true) => (b, BinOp::Ge, UnOp::PreDec),
                (BinOp::Gt | BinOp::Ne, false) => {
                    (binary(BinOp::Add, b, int_lit(1)), BinOp::Le, UnOp::PreInc)
                }
                (_, _) => (b, BinOp::Le, UnOp::PreInc),
            };
            return Stmt::synth(StmtKind::For {
                init: Some(Box::new(expr_stmt(assign(i.clone(), first)))),
                cond: Some(binary(cmp, i.clone(), a)),
                step: Some(unary(step, i)),
                body: Box::new(block(body)),
            });
        }
        // General form: iterate the trip index backwards and recompute the counter.
        let ll = Ty::new(TyKind::Int {
            kind: IntKind::LongLong,
            signed: Some(true),
        });
        let k = g.fresh("_k");
        let c = paren(self.stride.clone());
        let cast_ll = |e: Expr| {
            Expr::synth(ExprKind::Cast {
                kind: CastKind::CStyle,
                ty: ll.clone(),
                expr: Box::new(e),
            })
        };
        let span_end = match self.op {
            BinOp::Le | BinOp::Ge => binary(
                BinOp::Add,
                binary(BinOp::Sub, cast_ll(b.clone()), cast_ll(a.clone())),
                if increasing { int_lit(1) } else { int_lit(-1) },
            ),
            _ => binary(BinOp::Sub, cast_ll(b.clone()), cast_ll(a.clone())),
        };
        // trips = (span + stride - 1) / stride for increasing loops (stride > 0), and the
        // mirror for decreasing ones.
        let trips = if increasing {
            binary(
                BinOp::Div,
                paren(binary(
                    BinOp::Sub,
                    binary(BinOp::Add, span_end, cast_ll(c.clone())),
                    int_lit(1),
                )),
                cast_ll(c.clone()),
            )
        } else {
            binary(
                BinOp::Div,
                paren(binary(
                    BinOp::Add,
                    binary(BinOp::Add, span_end, cast_ll(c.clone())),
                    int_lit(1),
                )),
                cast_ll(c.clone()),
            )
        };
        let mut inner = vec![expr_stmt(assign(
            i,
            binary(BinOp::Add, a, binary(BinOp::Mul, ident(&k), c)),
        ))];
        inner.extend(body);
        Stmt::synth(StmtKind::For {
            init: Some(Box::new(decl(
                ll,
                &k,
                Some(binary(BinOp::Sub, trips, int_lit(1))),
            ))),
            cond: Some(binary(BinOp::Ge, ident(&k), int_lit(0))),
            step: Some(unary(UnOp::PreDec, ident(&k))),
            body: Box::new(block(inner)),
        })
    }
}
