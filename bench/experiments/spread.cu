// Experiment 2: completion-detected spreading of per-block sums (see README.md). Run:
//   nvcc -O3 -arch=sm_90 -std=c++17 spread.cu -o sp && ./sp
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>
#ifndef CUAD_RUNTIME_HELPERS
#define CUAD_RUNTIME_HELPERS
#include <cstdio>
#include <cstdlib>
#ifndef CUAD_TAPE_CAPACITY
#define CUAD_TAPE_CAPACITY 256
#endif
// Per-thread LIFO tape of values the reverse pass needs. Overflow stops the program with a
// message instead of corrupting memory: rebuild with -DCUAD_TAPE_CAPACITY=<larger>.
template <typename CuadT, int CuadN>
struct cuad_tape {
    CuadT data[CuadN];
    int top = 0;
    __host__ __device__ void push(const CuadT& v) {
        if (top >= CuadN) {
            printf("cuad: tape overflow (capacity %d); rebuild with -DCUAD_TAPE_CAPACITY=<larger>\n", CuadN);
#ifdef __CUDA_ARCH__
            __trap();
#else
            abort();
#endif
        }
        data[top++] = v;
    }
    __host__ __device__ CuadT pop() { return data[--top]; }
};
// Growable tape for host code.
template <typename CuadT>
struct cuad_host_tape {
    CuadT* data = nullptr;
    int top = 0, capacity = 0;
    void push(const CuadT& v) {
        if (top == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            data = static_cast<CuadT*>(realloc(data, sizeof(CuadT) * capacity));
            if (!data) { fprintf(stderr, "cuad: out of memory for the tape\n"); abort(); }
        }
        data[top++] = v;
    }
    CuadT pop() { return data[--top]; }
    ~cuad_host_tape() { free(data); }
};
__device__ __forceinline__ unsigned cuad_linear_tid() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
// `*addr += v` for an address that is the same in every thread of the warp: one atomic per
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
// Adds one value per block of the grid into one address. Atomics into one address from
// hundreds of thousands of blocks serialize in L2 (0.2 ms for 2^18 blocks on an H100), so a
// large grid's blocks add into one of 64 slots of a frame instead (each slot in its own
// cache line); the block that completes a slot's expected count (from the grid size) moves the
// slot's total to the address: 64 atomics per address and launch. A frame belongs to one
// (address, grid size) for good, so every block of a launch finds the same one, and
// concurrent launches with the same key only share totals bound for the same address; when
// every frame is taken, blocks add directly.
#ifndef CUAD_SPREAD_MIN_BLOCKS
#define CUAD_SPREAD_MIN_BLOCKS 4096
#endif
#define CUAD_SPREAD_FRAMES 32
#define CUAD_SPREAD_SLOTS 64
// Each slot in a cache line of its own: atomics into one line serialize like one address.
template <typename CuadT>
struct __align__(128) cuad_spread_slot {
    CuadT value;
    unsigned long long count;
};
template <typename CuadT>
struct cuad_spread_frame {
    __align__(128) unsigned long long key;  // 0: free, 1: being claimed, else the address
    unsigned long long nblocks;
    cuad_spread_slot<CuadT> slot[CUAD_SPREAD_SLOTS];
};
static __device__ cuad_spread_frame<float> cuad_spread_frames_f[CUAD_SPREAD_FRAMES];
static __device__ cuad_spread_frame<double> cuad_spread_frames_d[CUAD_SPREAD_FRAMES];
template <typename CuadT>
__device__ __forceinline__ cuad_spread_frame<CuadT>* cuad_spread_pool(CuadT*) { return nullptr; }
__device__ __forceinline__ cuad_spread_frame<float>* cuad_spread_pool(float*) { return cuad_spread_frames_f; }
__device__ __forceinline__ cuad_spread_frame<double>* cuad_spread_pool(double*) { return cuad_spread_frames_d; }
template <typename CuadT>
__device__ __forceinline__ CuadT cuad_spread_take(CuadT* p) { CuadT v = *p; *p = CuadT(0); return v; }
__device__ __forceinline__ float cuad_spread_take(float* p) { return atomicExch(p, 0.0f); }
__device__ __forceinline__ double cuad_spread_take(double* p) {
    return __longlong_as_double(static_cast<long long>(
        atomicExch(reinterpret_cast<unsigned long long*>(p), 0ull)));
}
// A plain load of a word other blocks write atomically (an atomic load in the CPU emulation).
__device__ __forceinline__ unsigned long long cuad_spread_load(unsigned long long* p) {
#if defined(CUAD_CPU)
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#else
    return *reinterpret_cast<volatile unsigned long long*>(p);
#endif
}
template <typename CuadT>
__device__ cuad_spread_frame<CuadT>* cuad_spread_find(CuadT* addr, unsigned long long nblocks) {
    cuad_spread_frame<CuadT>* frames = cuad_spread_pool(addr);
    if (frames == nullptr) return nullptr;
    const unsigned long long key = reinterpret_cast<unsigned long long>(addr);
    const unsigned home = static_cast<unsigned>((key >> 3) ^ nblocks) * 2654435761u;
    for (unsigned probe = 0; probe < CUAD_SPREAD_FRAMES; ++probe) {
        cuad_spread_frame<CuadT>* f = &frames[(home + probe) % CUAD_SPREAD_FRAMES];
        unsigned long long k = cuad_spread_load(&f->key);
        if (k == 0ull) {
            k = atomicCAS(&f->key, 0ull, 1ull);
            if (k == 0ull) {
                atomicExch(&f->nblocks, nblocks);
                __threadfence();
                atomicExch(&f->key, key);
                return f;
            }
        }
        while (k == 1ull) k = cuad_spread_load(&f->key);
        __threadfence();
        if (k == key && cuad_spread_load(&f->nblocks) == nblocks) return f;
    }
    return nullptr;
}
// `*addr += v`, called by one thread of every block of the grid.
template <typename CuadT>
__device__ void cuad_grid_add(CuadT* addr, CuadT v) {
    const unsigned long long nblocks = 1ull * gridDim.x * gridDim.y * gridDim.z;
    cuad_spread_frame<CuadT>* f =
        nblocks >= CUAD_SPREAD_MIN_BLOCKS ? cuad_spread_find(addr, nblocks) : nullptr;
    if (f == nullptr) {
        if (v != CuadT(0)) atomicAdd(addr, v);
        return;
    }
    const unsigned long long b = blockIdx.x + 1ull * gridDim.x * (blockIdx.y + 1ull * gridDim.y * blockIdx.z);
    const unsigned k = static_cast<unsigned>(b % CUAD_SPREAD_SLOTS);
    const unsigned long long expected =
        nblocks / CUAD_SPREAD_SLOTS + (k < nblocks % CUAD_SPREAD_SLOTS ? 1ull : 0ull);
    cuad_spread_slot<CuadT>& slot = f->slot[k];
    if (v != CuadT(0)) atomicAdd(&slot.value, v);
    __threadfence();
    const unsigned long long c = atomicAdd(&slot.count, 1ull) + 1ull;
    if (c % expected == 0ull) {
        atomicAdd(&slot.count, 0ull - expected);
        __threadfence();
        const CuadT total = cuad_spread_take(&slot.value);
        if (total != CuadT(0)) atomicAdd(addr, total);
    }
}

// `*addr[k] += v[k]` for N kernel-invariant addresses, summed over the whole block with one
// barrier for all of them, then one `cuad_grid_add` per address and block. Every thread of the block
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
            if (lane == 0) cuad_grid_add(addr[k], x);
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
__device__ __forceinline__ void cuad_zero_shared(void* p, unsigned long long bytes) {
    char* c = static_cast<char*>(p);
    const unsigned long long nthreads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned long long i = cuad_linear_tid(); i < bytes; i += nthreads) c[i] = 0;
}
#endif // CUAD_RUNTIME_HELPERS


// CAS variant: value (float) and count (uint32) packed in one 64-bit word per 128-byte line.
struct __align__(128) CasSlot { unsigned long long word; };
struct CasFrame { unsigned long long key, nblocks; CasSlot slot[64]; };
__device__ CasFrame casframes[4];
__device__ __forceinline__ void cas_add(CasFrame* f, float* addr, float v) {
  const unsigned long long nblocks = 1ull * gridDim.x;
  const unsigned k = blockIdx.x % 64;
  const unsigned expected = (unsigned)(nblocks / 64 + (k < nblocks % 64 ? 1ull : 0ull));
  unsigned long long* w = &f->slot[k].word;
  unsigned long long old = *(volatile unsigned long long*)w, assumed;
  unsigned count;
  do {
    assumed = old;
    const float val = __uint_as_float((unsigned)(assumed & 0xffffffffull)) + v;
    count = (unsigned)(assumed >> 32) + 1u;
    old = atomicCAS(w, assumed, ((unsigned long long)count << 32) | __float_as_uint(val));
  } while (old != assumed);
  if (count % expected == 0u) {
    float total;
    old = *(volatile unsigned long long*)w;
    do {
      assumed = old;
      total = __uint_as_float((unsigned)(assumed & 0xffffffffull));
      const unsigned c = (unsigned)(assumed >> 32) - expected;
      old = atomicCAS(w, assumed, ((unsigned long long)c << 32));
    } while (old != assumed);
    if (total != 0.f) atomicAdd(addr, total);
  }
}
template <int MODE>
__device__ __forceinline__ void finish(float acc, float* da) {
  if (MODE == 0) { cuad_block_add(da, acc); return; }   // as emitted (CUAD_SPREAD_MIN_BLOCKS decides)
  __shared__ float ws[32];
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) ws[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    float v = threadIdx.x < (blockDim.x >> 5) ? ws[threadIdx.x] : 0.f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) {
      if (MODE == 1) { if (v != 0.f) atomicAdd(da, v); }          // direct
      if (MODE == 2) cas_add(&casframes[blockIdx.x == 0xffffffff], da, v);   // packed CAS, static frame
    }
  }
}
template <int MODE>
__global__ void g_saxpy(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  finish<MODE>(acc, da);
}
template <int MODE>
__global__ void g_ew(const float* x, float a, int n, float* __restrict__ dout, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float xi = x[i], d = dout[i];
    float r1 = d * expf(-xi * xi);
    acc += r1 * sinf(xi);
    float dxi = a * r1 * cosf(xi) - 2.f * xi * a * sinf(xi) * r1 + 2.f * xi * d / (1.f + xi * xi);
    dx[i] += dxi;
    dout[i] = 0.f;
  }
  finish<MODE>(acc, da);
}

int main() {
  const int n = 1 << 26, threads = 256, blocks = (n + threads - 1) / threads;
  float *x, *dy, *dy0, *dx, *da;
  cudaMalloc(&x, n * 4); cudaMalloc(&dy, n * 4); cudaMalloc(&dy0, n * 4); cudaMalloc(&dx, n * 4); cudaMalloc(&da, 4);
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i % 1000) * 1e-3f;
  cudaMemcpy(x, h.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dy0, h.data(), n * 4, cudaMemcpyHostToDevice);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  float ref = 0;
  auto time = [&](const char* name, auto launch) {
    std::vector<float> ms;
    for (int r = 0; r < 25; ++r) {
      cudaMemcpy(dy, dy0, n * 4, cudaMemcpyDeviceToDevice);
      cudaMemset(dx, 0, n * 4); cudaMemset(da, 0, 4);
      cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1);
      float t; cudaEventElapsedTime(&t, e0, e1); if (r >= 4) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    float got; cudaMemcpy(&got, da, 4, cudaMemcpyDeviceToHost);
    printf("%-30s median %.4f ms  d_a %.7g %s\n", name, ms[ms.size() / 2], got, cudaGetErrorString(cudaGetLastError()));
  };
  for (int round = 0; round < 2; ++round) {
    time("saxpy emitted (spread)", [&] { g_saxpy<0><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("saxpy direct", [&] { g_saxpy<1><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("saxpy packed CAS", [&] { g_saxpy<2><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("ew emitted (spread)", [&] { g_ew<0><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("ew direct", [&] { g_ew<1><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("ew packed CAS", [&] { g_ew<2><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
  }
  return 0;
}
