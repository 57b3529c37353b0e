//! Runtime helpers emitted into the generated translation unit (so it needs no include path).

use crate::reverse::Helpers;

const TAPE: &str = r#"#ifndef CUAD_TAPE_CAPACITY
#define CUAD_TAPE_CAPACITY 256
#endif
// Per-thread LIFO tape of values the reverse pass needs: CUAD_TAPE_CAPACITY entries in the
// thread's own memory, then a heap buffer that doubles as needed (device malloc on the GPU, so
// long recurrences work; cudaLimitMallocHeapSize bounds it). When the heap is exhausted the
// program stops with a message instead of corrupting memory.
// The spill buffer grows out of line, and nothing takes the tape's address, so a tape whose
// pushes unroll to fixed slots still lives in registers.
template <typename CuadSlot>
__host__ __device__ __noinline__ CuadSlot* cuad_tape_grow(CuadSlot* spill, int used, int capacity, int in_thread) {
    CuadSlot* grown = static_cast<CuadSlot*>(malloc(sizeof(CuadSlot) * capacity));
    if (!grown) {
        printf("cuad: tape overflow (%d entries in the thread, no heap for %d more); raise cudaLimitMallocHeapSize or rebuild with -DCUAD_TAPE_CAPACITY=<larger>\n", in_thread, capacity);
#ifdef __CUDA_ARCH__
        __trap();
#else
        fflush(stdout);
        abort();
#endif
    }
    if (spill) {
        memcpy(static_cast<void*>(grown), static_cast<const void*>(spill), sizeof(CuadSlot) * used);
        free(spill);
    }
    return grown;
}
template <typename CuadT, int CuadN>
struct cuad_tape {
    // Slots are not constructed, so structs without a default constructor can be taped.
    union Slot {
        CuadT v;
        __host__ __device__ Slot() {}
    };
    Slot data[CuadN];
    int top = 0;
    Slot* spill = nullptr;
    int spill_capacity = 0;
    __host__ __device__ void push(const CuadT& v) {
        if (top < CuadN) {
            data[top++].v = v;
            return;
        }
        const int k = top - CuadN;
        if (k == spill_capacity) {
            const int capacity = spill_capacity ? 2 * spill_capacity : CuadN;
            spill = cuad_tape_grow(spill, k, capacity, CuadN);
            spill_capacity = capacity;
        }
        spill[k].v = v;
        ++top;
    }
    __host__ __device__ CuadT pop() {
        --top;
        return top < CuadN ? data[top].v : spill[top - CuadN].v;
    }
    __host__ __device__ ~cuad_tape() {
        if (spill) free(spill);
    }
};
"#;

const HOST_TAPE: &str = r#"// Growable tape for host code. Its values may be objects (a std::vector saved before a
// helper refills it): they are constructed in place and moved when the tape grows.
template <typename CuadT>
struct cuad_host_tape {
    CuadT* data = nullptr;
    int top = 0, capacity = 0;
    void push(const CuadT& v) {
        if (top == capacity) {
            const int grown = capacity ? 2 * capacity : 64;
            CuadT* bigger = static_cast<CuadT*>(malloc(sizeof(CuadT) * grown));
            if (!bigger) { fprintf(stderr, "cuad: out of memory for the tape\n"); abort(); }
            for (int i = 0; i < top; ++i) {
                new (bigger + i) CuadT(static_cast<CuadT&&>(data[i]));
                data[i].~CuadT();
            }
            free(data);
            data = bigger;
            capacity = grown;
        }
        new (data + top) CuadT(v);
        ++top;
    }
    CuadT pop() {
        CuadT v(static_cast<CuadT&&>(data[--top]));
        data[top].~CuadT();
        return v;
    }
    ~cuad_host_tape() {
        for (int i = 0; i < top; ++i) data[i].~CuadT();
        free(data);
    }
};
"#;

const THREAD_ID: &str = r#"__device__ __forceinline__ unsigned cuad_linear_tid() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
"#;

const WARP_ADD: &str = r#"// `*addr += v` for an address that is the same in every thread of the warp: one atomic per
// warp when the warp is converged, one per thread otherwise.
template <typename CuadT>
__device__ __forceinline__ void cuad_warp_add(CuadT* addr, CuadT v) {
    unsigned mask = __activemask();
    if (mask == 0xffffffffu) {
        for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(mask, v, offset);
        if ((cuad_linear_tid() & 31u) == 0) atomicAdd(addr, v);
    } else {
        atomicAdd(addr, v);
    }
}
// `*addr += v` for an address that the whole warp often shares (a row `t / width`): one
// atomic per warp when the converged warp agrees on the address, one per thread otherwise.
template <typename CuadT>
__device__ __forceinline__ void cuad_warp_add_if_shared(CuadT* addr, CuadT v) {
    unsigned mask = __activemask();
    if (mask == 0xffffffffu) {
        const unsigned long long a = reinterpret_cast<unsigned long long>(addr);
        if (__all_sync(mask, a == __shfl_sync(mask, a, 0))) {
            for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(mask, v, offset);
            if ((cuad_linear_tid() & 31u) == 0) atomicAdd(addr, v);
            return;
        }
    }
    atomicAdd(addr, v);
}
"#;

/// `*addr += v` for an address cuad proved distinct per thread provided every block is made
/// of whole warps (a row and lane taken from threadIdx.x); atomicAdd in other launches.
const WHOLE_WARPS_ADD: &str = "#ifndef CUAD_WHOLE_WARPS_ADD
#define CUAD_WHOLE_WARPS_ADD
template <typename CuadT>
__device__ __forceinline__ void cuad_add_if_whole_warps(CuadT* addr, CuadT v) {
    if (blockDim.x % 32u == 0u) {
        *addr += v;
    } else {
        atomicAdd(addr, v);
    }
}
#endif // CUAD_WHOLE_WARPS_ADD
";

/// The reverse of a shared-memory tree reduction whose adjoint is at the root only (`tree_reverse.rs`).
const TREE_REVERSE: &str = "#ifndef CUAD_TREE_REVERSE
#define CUAD_TREE_REVERSE
// Whether a tree `for (s = base; s > 0; s >>= 1) if (t < s) a[t] += a[t + s];` of `levels`
// levels has power-of-two levels down to at least 1 over the elements below 2 * base, each one
// a thread of a 1-D block (`t` is threadIdx.x).
__device__ __forceinline__ bool cuad_tree_fits(long long t, long long base, long long levels) {
    return t == (long long)threadIdx.x && blockDim.y == 1u && blockDim.z == 1u && base > 0 &&
           (base & (base - 1)) == 0 && levels >= 1 && levels <= 32 && (base >> (levels - 1)) >= 1 &&
           2 * base <= (long long)blockDim.x;
}
// Whether element t's path to the root of that tree reaches the root (t != 0): it does when
// t is below 2 * base and its bits under the lowest level are zero.
__device__ __forceinline__ bool cuad_tree_reaches_root(long long t, long long base, long long levels) {
    const long long lowest = base >> (levels - 1);
    return t > 0 && t < 2 * base && (t & (lowest - 1)) == 0;
}
#endif // CUAD_TREE_REVERSE
";

/// Trip counts of halving loops in closed form (`trip_count.rs`).
const SHIFT_TRIPS: &str = "#ifndef CUAD_SHIFT_TRIPS
#define CUAD_SHIFT_TRIPS
// Trip count of `for (; s > bound; s >>= shift)` whose body does not write s (bound >= 0,
// shift 1 to 7): iteration k runs while s >= (bound + 1) << (shift * k). Leaves s as the loop
// does.
template <typename CuadT>
__device__ __forceinline__ int cuad_shift_trips(CuadT& s, int shift, long long bound) {
    if (!(s > bound)) return 0;
    const unsigned long long q = (unsigned long long)s / (unsigned long long)(bound + 1);
    const int n = (63 - __clzll((long long)q)) / shift + 1;
    s = shift * n >= (int)(8 * sizeof(CuadT)) ? CuadT(0) : CuadT(s >> (shift * n));
    return n;
}
#endif // CUAD_SHIFT_TRIPS
";

/// `*addr += v` for an address the threads of a row of a 2-D block share (it does not depend on
/// threadIdx.x): when blockDim.x is a power of two from 4 to 32, or a multiple of 32, each warp
/// holds whole rows at aligned lanes, summed by shuffles, one atomic per row and warp (smaller
/// groups save too few atomics to pay for the shuffles). The
/// lanes' addresses are compared at run time (a converged warp's lanes may still be in
/// different iterations of a loop around the update).
const ROW_GROUP_ADD: &str = "#ifndef CUAD_ROW_GROUP_ADD
#define CUAD_ROW_GROUP_ADD
// The value converts to the address's type, as atomicAdd's does (a double into a float).
template <typename CuadT>
struct cuad_same_type {
    using type = CuadT;
};
template <typename CuadT>
__device__ __forceinline__ void cuad_add_row_groups(CuadT* addr, typename cuad_same_type<CuadT>::type v) {
    const unsigned bx = blockDim.x;
    const unsigned width = bx % 32u == 0u ? 32u : bx;
    const unsigned mask = __activemask();
    if (mask == 0xffffffffu && width >= 4u && width <= 32u && (width & (width - 1u)) == 0u) {
        const unsigned long long a = reinterpret_cast<unsigned long long>(addr);
        const unsigned first = (cuad_linear_tid() & 31u) & ~(width - 1u);
        if (__all_sync(mask, a == __shfl_sync(mask, a, first))) {
            for (unsigned offset = width >> 1; offset > 0u; offset >>= 1)
                v += __shfl_xor_sync(mask, v, offset);
            if (threadIdx.x % width == 0u) atomicAdd(addr, v);
            return;
        }
    }
    atomicAdd(addr, v);
}
// `*addr += v` for an address the threads of a column of a 2-D block share (it does not depend
// on threadIdx.y or .z): when blockDim.x is a power of two up to 8, the lanes of a warp in one
// column (4 or more) sit blockDim.x apart, summed by shuffles, one atomic per column and warp.
// With 16-wide blocks the pairs saved too little: a tiled GEMM's gradient went 16.1 -> 18.8 ms.
template <typename CuadT>
__device__ __forceinline__ void cuad_add_column_groups(CuadT* addr, typename cuad_same_type<CuadT>::type v) {
    const unsigned bx = blockDim.x;
    const unsigned mask = __activemask();
    if (mask == 0xffffffffu && bx <= 8u && (bx & (bx - 1u)) == 0u) {
        const unsigned long long a = reinterpret_cast<unsigned long long>(addr);
        const unsigned lane = cuad_linear_tid() & 31u;
        if (__all_sync(mask, a == __shfl_sync(mask, a, lane & (bx - 1u)))) {
            for (unsigned offset = bx; offset < 32u; offset <<= 1)
                v += __shfl_xor_sync(mask, v, offset);
            if (lane < bx) atomicAdd(addr, v);
            return;
        }
    }
    atomicAdd(addr, v);
}
#endif // CUAD_ROW_GROUP_ADD
";

const BLOCK_ADD: &str = r#"// `*addr[k] += v[k]` for N kernel-invariant addresses, summed over the whole block with one
// barrier for all of them, then one atomic per address and block. Every thread of the block
// must call it (cuad calls it at the end of the gradient kernel, outside any branch).
template <typename CuadT, int CuadN>
__device__ void cuad_block_add_n(CuadT* const (&addr)[CuadN], const CuadT (&v)[CuadN]) {
    // One slot per warp (at most 32 warps per block): no shared-memory atomics, one barrier.
    __shared__ CuadT warp_sums[CuadN][32];
    const unsigned tid = cuad_linear_tid();
    const unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned lane = tid & 31u, warp = tid >> 5;
    const unsigned nwarps = (nthreads + 31u) / 32u;
    const bool full_warp = (warp + 1u) * 32u <= nthreads;
#pragma unroll
    for (int k = 0; k < CuadN; ++k) {
        CuadT x = v[k];
        if (full_warp) {
            for (int offset = 16; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffffu, x, offset);
            if (lane == 0) warp_sums[k][warp] = x;
        } else {
            // The block's last, partial warp: its lanes add up through shared memory.
            const unsigned mask = (1u << (nthreads - warp * 32u)) - 1u;
            if (lane == 0) warp_sums[k][warp] = CuadT(0);
            __syncwarp(mask);
            atomicAdd(&warp_sums[k][warp], x);
        }
    }
    __syncthreads();
    if (warp == 0) {
#pragma unroll
        for (int k = 0; k < CuadN; ++k) {
            CuadT x = lane < nwarps ? warp_sums[k][lane] : CuadT(0);
            if (full_warp) {
                for (int offset = 16; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffffu, x, offset);
            }
            if (lane == 0 && x != CuadT(0)) atomicAdd(addr[k], x);
        }
    }
}

// `*addr += v` for an address that is the same in every thread of the kernel.
template <typename CuadT>
__device__ __forceinline__ void cuad_block_add(CuadT* addr, CuadT v) {
    CuadT* const a[1] = {addr};
    const CuadT x[1] = {v};
    cuad_block_add_n(a, x);
}

// Bytes of dynamic shared memory (`extern __shared__`) this launch has. A gradient keeps the
// adjoints of dynamic shared arrays in the second half: launch it with twice the primal's.
__device__ __forceinline__ unsigned cuad_dynamic_smem_bytes() {
#if defined(CUAD_CPU)
    return static_cast<unsigned>(cuad_cpu::dynamic_shared_bytes());
#else
    unsigned n;
    asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(n));
    return n;
#endif
}

// Zeroes a __shared__ adjoint array cooperatively (followed by __syncthreads).
// Whole 4-byte words where the array is word-aligned (arrays of 4- and 8-byte types are), then
// the bytes left: byte stores took 4x the instructions (block_reduce: 0.508 -> 0.484 ms).
__device__ __forceinline__ void cuad_zero_shared(void* p, unsigned long long bytes) {
    const unsigned long long nthreads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned long long tid = cuad_linear_tid();
    unsigned long long done = 0;
    if ((reinterpret_cast<unsigned long long>(p) & 3u) == 0) {
        unsigned* w = static_cast<unsigned*>(p);
        for (unsigned long long k = tid; k < bytes / 4; k += nthreads) w[k] = 0u;
        done = bytes / 4 * 4;
    }
    char* c = static_cast<char*>(p);
    for (unsigned long long k = done + tid; k < bytes; k += nthreads) c[k] = 0;
}
"#;

const MEMCPY_PULLBACK: &str = r#"// Adds `n` elements of `src` into `dst` on the device.
template <typename CuadT>
__global__ void cuad_add_kernel(CuadT* dst, const CuadT* src, unsigned long long n) {
    unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
    if (i < n) dst[i] += src[i];
}

// Reverse of cudaMemcpy(dst, src, bytes, kind): the adjoint of dst is added into the adjoint
// of src (each where its primal lives), then the adjoint of dst is zeroed.
// With cudaMemcpyDefault, unified addressing tells where each adjoint (allocated next to its
// primal) lives.
inline bool cuad_on_device(const void* p) {
    cudaPointerAttributes a;
    if (p == nullptr || cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        cudaGetLastError();
        return false;
    }
    return a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged;
}

template <typename CuadT>
void cuad_memcpy_pullback(CuadT* d_dst, CuadT* d_src, size_t bytes, cudaMemcpyKind kind) {
    const bool dflt = kind == cudaMemcpyDefault;
    const bool dst_on_device = dflt ? cuad_on_device(d_dst)
                                    : kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
    const bool src_on_device = dflt ? cuad_on_device(d_src)
                                    : kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
    const unsigned long long n = bytes / sizeof(CuadT);
    if (d_src != nullptr && n > 0) {
        if (src_on_device) {
            CuadT* staged = d_dst;
            if (!dst_on_device) {
                cudaMalloc(&staged, bytes);
                cudaMemcpy(staged, d_dst, bytes, cudaMemcpyHostToDevice);
            }
            cuad_add_kernel<CuadT><<<(unsigned)((n + 255) / 256), 256>>>(d_src, staged, n);
            if (!dst_on_device) cudaFree(staged);
        } else {
            CuadT* staged = d_dst;
            if (dst_on_device) {
                staged = static_cast<CuadT*>(malloc(bytes));
                cudaMemcpy(staged, d_dst, bytes, cudaMemcpyDeviceToHost);
            }
            for (unsigned long long i = 0; i < n; ++i) d_src[i] += staged[i];
            if (dst_on_device) free(staged);
        }
    }
    if (dst_on_device) cudaMemset(d_dst, 0, bytes);
    else memset(d_dst, 0, bytes);
}
"#;

const MEMCPY2D_PULLBACK: &str = r#"// Reverse of cudaMemcpy2D: each of the `height` rows of `width` bytes as a cudaMemcpy.
template <typename CuadT>
void cuad_memcpy2d_pullback(CuadT* d_dst, size_t dpitch, CuadT* d_src, size_t spitch,
                            size_t width, size_t height, cudaMemcpyKind kind) {
    for (size_t r = 0; r < height; ++r) {
        CuadT* src_row = d_src == nullptr ? nullptr
            : reinterpret_cast<CuadT*>(reinterpret_cast<char*>(d_src) + r * spitch);
        cuad_memcpy_pullback(reinterpret_cast<CuadT*>(reinterpret_cast<char*>(d_dst) + r * dpitch),
                             src_row, width, kind);
    }
}
"#;

const DIGAMMA: &str = r#"// Digamma (the derivative of lgamma): reflection below 0, recurrence up to 6, then the
// asymptotic series.
template <typename CuadT>
__host__ __device__ inline CuadT cuad_digamma(CuadT x) {
    const CuadT pi = CuadT(3.14159265358979323846);
    CuadT acc = CuadT(0);
    if (x <= CuadT(0)) {
        if (x == floor(x)) return CuadT(NAN);
        acc = -pi / tan(pi * x);
        x = CuadT(1) - x;
    }
    while (x < CuadT(6)) { acc -= CuadT(1) / x; x += CuadT(1); }
    CuadT r = CuadT(1) / x, r2 = r * r;
    return acc + log(x) - CuadT(0.5) * r
        - r2 * (CuadT(1) / 12 - r2 * (CuadT(1) / 120 - r2 * (CuadT(1) / 252 - r2 * (CuadT(1) / 240 - r2 / 132))));
}
"#;

/// What forward-mode pushforwards of value functions return (Clad's `ValueAndPushforward`).
const VALUE_AND_PUSHFORWARD: &str = "#ifndef CUAD_VALUE_AND_PUSHFORWARD
#define CUAD_VALUE_AND_PUSHFORWARD
template <typename T, typename U> struct cuad_value_and_pushforward { T value; U pushforward; };
#endif // CUAD_VALUE_AND_PUSHFORWARD
";

/// A value of `T` with every byte zero: the zero tangent of a struct whose constructors
/// (`S() : x(1) {}`) would not give zero fields.
const ZERO_TANGENT: &str = "#ifndef CUAD_ZERO_TANGENT
#define CUAD_ZERO_TANGENT
template <typename T> __host__ __device__ inline T cuad_zero_tangent() {
    union U { T t; unsigned char b[sizeof(T)]; __host__ __device__ U() { for (unsigned i = 0; i < sizeof(T); ++i) b[i] = 0; } } u;
    return u.t;
}
#endif // CUAD_ZERO_TANGENT
";

/// `*addr += v` through a pointer that may point into a thread's local array or into memory
/// other threads share: atomics on local addresses are undefined, plain `+=` on shared ones
/// races. (The CPU emulation's atomics work on any address; host code is sequential.)
const MAYBE_LOCAL_ADD: &str = "#ifndef CUAD_MAYBE_LOCAL_ADD
#define CUAD_MAYBE_LOCAL_ADD
template <typename CuadT>
__host__ __device__ __forceinline__ void cuad_add_maybe_local(CuadT* addr, CuadT v) {
#if defined(__CUDA_ARCH__)
    if (__isLocal(addr)) *addr += v;
    else atomicAdd(addr, v);
#elif defined(CUAD_CPU)
    atomicAdd(addr, v);
#else
    *addr += v;
#endif
}
#endif // CUAD_MAYBE_LOCAL_ADD
";

const MERGE_BLOCKS: &str = "#ifndef CUAD_MERGE_BLOCKS
#define CUAD_MERGE_BLOCKS
#ifndef CUAD_MERGE_MIN_THREADS
#define CUAD_MERGE_MIN_THREADS (1u << 20)
#endif
// How many consecutive blocks of the launch each working block of a gradient with block
// reductions runs (the others exit): 1, 2, 4 or 8, while at least CUAD_MERGE_MIN_THREADS
// threads keep working. Fewer blocks then add into the same address. A power of two, so that
// picking the working blocks is a mask, not a division.
__device__ __forceinline__ unsigned cuad_blocks_per_worker() {
    const unsigned long long threads = (unsigned long long)gridDim.x * gridDim.y * gridDim.z *
                                       (blockDim.x * blockDim.y * blockDim.z);
    const unsigned long long k = threads / (CUAD_MERGE_MIN_THREADS);
    return k >= 8u ? 8u : k >= 4u ? 4u : k >= 2u ? 2u : 1u;
}
#endif // CUAD_MERGE_BLOCKS
";

/// The helper code needed, wrapped in an include guard.
pub fn helper_code(h: &Helpers) -> String {
    let mut out = String::new();
    if h.value_and_pushforward {
        out.push_str(VALUE_AND_PUSHFORWARD);
    }
    if h.zero_tangent {
        out.push_str(ZERO_TANGENT);
    }
    if h.maybe_local_add {
        out.push_str(MAYBE_LOCAL_ADD);
    }
    if h.whole_warps_add {
        out.push_str(WHOLE_WARPS_ADD);
    }
    if h.merge_blocks {
        out.push_str(MERGE_BLOCKS);
    }
    if h.shift_trips {
        out.push_str(SHIFT_TRIPS);
    }
    if h.tree_reverse {
        out.push_str(TREE_REVERSE);
    }
    if !(h.tape || h.host_tape || h.warp_add || h.block_add || h.memcpy || h.digamma) {
        return out;
    }
    out.push_str("#ifndef CUAD_RUNTIME_HELPERS\n#define CUAD_RUNTIME_HELPERS\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n#include <new>\n");
    out.push_str(TAPE);
    out.push_str(HOST_TAPE);
    out.push_str(THREAD_ID);
    out.push_str(WARP_ADD);
    out.push_str(BLOCK_ADD);
    if h.memcpy {
        out.push_str("#include <cstring>\n");
        out.push_str(MEMCPY_PULLBACK);
        if h.memcpy2d {
            out.push_str(MEMCPY2D_PULLBACK);
        }
    }
    if h.digamma {
        out.push_str(DIGAMMA);
    }
    out.push_str("#endif // CUAD_RUNTIME_HELPERS\n");
    // After the runtime helpers: it calls cuad_linear_tid.
    if h.row_group_add {
        out.push_str(ROW_GROUP_ADD);
    }
    out
}
