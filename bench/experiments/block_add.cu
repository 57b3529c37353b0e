
// Experiment: ways to sum a kernel-invariant scalar adjoint (saxpy's d_a) over a grid of one
// thread per element. Run: nvcc -O3 -arch=sm_90 -std=c++17 block_add.cu -o ba && ./ba
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
// `*addr[k] += v[k]` for N kernel-invariant addresses, summed over the whole block with one
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
__device__ __forceinline__ void cuad_zero_shared(void* p, unsigned long long bytes) {
    char* c = static_cast<char*>(p);
    const unsigned long long nthreads = blockDim.x * blockDim.y * blockDim.z;
    for (unsigned long long i = cuad_linear_tid(); i < bytes; i += nthreads) c[i] = 0;
}
#endif // CUAD_RUNTIME_HELPERS

// B: no end barrier. One barrier at kernel start zeroes the block's slot and counter; each
// warp adds its sum with a shared atomic; the last warp to arrive does the global atomic.
struct BlockAcc { float sum; unsigned arrived; };
__device__ __forceinline__ void acc_init(BlockAcc& s) {
  if (cuad_linear_tid() == 0) { s.sum = 0.f; s.arrived = 0; }
  __syncthreads();
}
__device__ __forceinline__ void acc_finish(BlockAcc& s, float* addr, float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if ((cuad_linear_tid() & 31u) == 0) {
    atomicAdd(&s.sum, v);
    __threadfence_block();
    const unsigned nwarps = (blockDim.x * blockDim.y * blockDim.z + 31u) / 32u;
    if (atomicAdd(&s.arrived, 1u) == nwarps - 1) {
      float total = atomicExch(&s.sum, 0.f);
      if (total != 0.f) atomicAdd(addr, total);
    }
  }
}

__global__ void saxpy(float* y, const float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void grad_A(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  cuad_block_add(da, acc);
}
__global__ void grad_B(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  __shared__ BlockAcc s;
  acc_init(s);
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  acc_finish(s, da, acc);
}
__global__ void grad_C(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  cuad_warp_add(da, acc);
}
__global__ void grad_D(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  if (acc == 123.456f) *da = acc;  // no reduction: the floor
}
__global__ void grad_E(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float d = dy[i]; acc += d * x[i]; dx[i] += a * d;
  }
  cuad_block_add(da, acc);
}


__global__ void grad_G(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  // block reduction, no global atomic
  __shared__ float ws[32];
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) ws[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    float v = threadIdx.x < (blockDim.x >> 5) ? ws[threadIdx.x] : 0.f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0 && v == 123.456f) *da = v;
  }
}
__global__ void grad_H(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  if (threadIdx.x == 0) atomicAdd(da, acc);  // one same-address atomic per block, no reduction
}
// I: block reduction, global atomics spread over 64 addresses (scratch), measures contention
__device__ float spread[64 * 32];
__global__ void grad_I(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  cuad_block_add(&spread[(blockIdx.x & 63) * 32], acc);
}

// P: the gradient launched like the primal, but only the first R blocks work: each walks the
// virtual blocks blockIdx.x, blockIdx.x + R, ... (the primal's blocks), keeps one sum, and
// adds it with one atomic; the other blocks exit at once. R from the SM count (%nsmid).
__device__ __forceinline__ unsigned sm_count() {
  unsigned n;
  asm("mov.u32 %0, %%nsmid;" : "=r"(n));
  return n;
}
template <int PerSm>
__global__ void grad_P(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  const unsigned workers = sm_count() * PerSm;
  if (blockIdx.x >= workers) return;
  float acc = 0.f;
  for (unsigned vb = blockIdx.x; vb < gridDim.x; vb += workers) {
    int i = vb * blockDim.x + threadIdx.x;
    if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  }
  cuad_block_add(da, acc);
}
// Q: every K-th block works, on its K consecutive virtual blocks; the blocks between exit at
// once, interleaved with the workers so that their dispatch overlaps the work.
template <int K>
__global__ void grad_Q(const float* x, float a, int n, float* __restrict__ dy, float* __restrict__ dx, float* __restrict__ da) {
  if (blockIdx.x % K != 0) return;
  float acc = 0.f;
  const unsigned end = min(gridDim.x, blockIdx.x + K);
  for (unsigned vb = blockIdx.x; vb < end; ++vb) {
    int i = vb * blockDim.x + threadIdx.x;
    if (i < n) { float d = dy[i]; acc += d * x[i]; dx[i] += a * d; }
  }
  cuad_block_add(da, acc);
}
__global__ void empty_grid(float* da) {
  if (blockIdx.x == 0xffffffffu) *da = 1.f;
}

int main() {
  const int n = 1 << 26, threads = 256, blocks = (n + threads - 1) / threads;
  int sms = 0; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float *x, *y, *dy, *dx, *da;
  cudaMalloc(&x, n * 4); cudaMalloc(&y, n * 4); cudaMalloc(&dy, n * 4); cudaMalloc(&dx, n * 4); cudaMalloc(&da, 4);
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i % 1000) * 1e-3f;
  cudaMemcpy(x, h.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, h.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemset(y, 0, n * 4);
  double expect = 0; for (int i = 0; i < n; ++i) expect += (double)h[i] * h[i];
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  auto time = [&](const char* name, auto launch) {
    std::vector<float> ms;
    for (int r = 0; r < 25; ++r) {
      cudaMemset(dx, 0, n * 4); cudaMemset(da, 0, 4);
      cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1);
      float t; cudaEventElapsedTime(&t, e0, e1); if (r >= 4) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    float got; cudaMemcpy(&got, da, 4, cudaMemcpyDeviceToHost);
    printf("%-28s median %.4f ms  d_a %.6g (expect %.6g) %s\n", name, ms[ms.size() / 2], got, expect, cudaGetErrorString(cudaGetLastError()));
  };
  for (int round = 0; round < 2; ++round) {
    time("forward", [&] { saxpy<<<blocks, threads>>>(y, x, 2.f, n); });
    time("A cuad_block_add", [&] { grad_A<<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("B last-warp shared atomic", [&] { grad_B<<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("C warp atomic", [&] { grad_C<<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("D no reduction (floor)", [&] { grad_D<<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("G block reduce, no atomic", [&] { grad_G<<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("H one atomic per block", [&] { grad_H<<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("I block add, 64 addresses", [&] { grad_I<<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("P2 virtual blocks, 2/SM", [&] { grad_P<2><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("P3 virtual blocks, 3/SM", [&] { grad_P<3><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("P6 virtual blocks, 6/SM", [&] { grad_P<6><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("Q4 every 4th block works", [&] { grad_Q<4><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("Q8 every 8th block works", [&] { grad_Q<8><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("Q32 every 32nd block works", [&] { grad_Q<32><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("E4 grid-stride, 4 blocks/SM", [&] { grad_E<<<sms * 4, threads>>>(x, 2.f, n, dy, dx, da); });
    time("P4 virtual blocks, 4/SM", [&] { grad_P<4><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("P8 virtual blocks, 8/SM", [&] { grad_P<8><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("P16 virtual blocks, 16/SM", [&] { grad_P<16><<<blocks, threads>>>(x, 2.f, n, dy, dx, da); });
    time("Z empty grid", [&] { empty_grid<<<blocks, threads>>>(da); });
    time("E grid-stride (hand)", [&] { grad_E<<<sms * 8, threads>>>(x, 2.f, n, dy, dx, da); });
  }
  return 0;
}
