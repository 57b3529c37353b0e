// cuad_cpu.h: runs CUDA C++ on the CPU with a plain C++17 compiler, for tests.
//
// Force-include it (`g++ -std=c++17 -pthread -include cuad_cpu.h -x c++ file.cu`). It defines
// the CUDA qualifiers away, provides the CUDA vector types, the builtin index variables, the
// CUDA math and intrinsic names missing from <cmath>, atomics, warp primitives, barriers and an
// emulated runtime (cudaMalloc, cudaMemcpy, ...). `k<<<cfg>>>(args)` is not C++: the caller
// rewrites it to `cuad_cpu::launch(k, cuad_cpu::config(cfg), args)` before compiling.
//
// Execution model: blocks run one after another. Inside a block every CUDA thread is a fiber
// on the calling OS thread; barriers (__syncthreads, __syncwarp, shuffles) switch
// fibers. This is deterministic and fast. With the environment variable CUAD_CPU_THREADS=1,
// every CUDA thread of a block is a real std::thread instead (exercises atomics for real).
//
// Strictness, so that wrong generated code fails loudly instead of passing by luck:
// - cudaMalloc memory starts as 0xFF bytes (NaN for floating point), as CUDA promises nothing;
// - every allocation has guard zones, checked after each launch, cudaMemcpy and cudaFree;
// - cudaMemcpy/cudaMemset check the direction (host vs device pointers) and the bounds;
// - pointer kernel arguments must point into device allocations;
// - a block whose threads wait at different barriers is reported as a deadlock.
// Errors print `cuad_cpu: error: ...` and exit with status 3.
#pragma once
#ifndef CUAD_CPU
#define CUAD_CPU 1

// Gradient kernels merge blocks from 2^20 threads on (block_merge.rs); test launches are small,
// so merge them from 32 threads on, so that the tests run the merged form.
#ifndef CUAD_MERGE_MIN_THREADS
#define CUAD_MERGE_MIN_THREADS 32u
#endif

#include <math.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <cstddef>
#include <mutex>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
// Included before the CUDA qualifier macros below: newer libstdc++ headers (GCC 13) spell
// `[[__gnu__::__noinline__]]`, which the `__noinline__` macro would break.
#include <array>
#include <atomic>
#include <cassert>
#include <cfloat>
#include <climits>
#include <complex>
#include <deque>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <list>
#include <numeric>
#include <optional>
#include <queue>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <variant>

// ---------------------------------------------------------------- qualifiers
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __shared__ static
#define __constant__
#define __managed__
#define __grid_constant__
#define __launch_bounds__(...)
#define __maxnreg__(n)
#define __align__(n) __attribute__((aligned(n)))
#define __cudart_builtin__

// ---------------------------------------------------------------- vector types
#define CUAD_VEC_TYPES(NAME, T, ALIGN2, ALIGN4)                                         \
  struct NAME##1 {                                                                      \
    T x;                                                                                \
  };                                                                                    \
  struct __attribute__((aligned(ALIGN2))) NAME##2 {                                     \
    T x, y;                                                                             \
  };                                                                                    \
  struct NAME##3 {                                                                      \
    T x, y, z;                                                                          \
  };                                                                                    \
  struct __attribute__((aligned(ALIGN4))) NAME##4 {                                     \
    T x, y, z, w;                                                                       \
  };                                                                                    \
  inline NAME##1 make_##NAME##1(T x) { return NAME##1{x}; }                             \
  inline NAME##2 make_##NAME##2(T x, T y) { return NAME##2{x, y}; }                     \
  inline NAME##3 make_##NAME##3(T x, T y, T z) { return NAME##3{x, y, z}; }            \
  inline NAME##4 make_##NAME##4(T x, T y, T z, T w) { return NAME##4{x, y, z, w}; }

CUAD_VEC_TYPES(char, signed char, 2, 4)
CUAD_VEC_TYPES(uchar, unsigned char, 2, 4)
CUAD_VEC_TYPES(short, short, 4, 8)
CUAD_VEC_TYPES(ushort, unsigned short, 4, 8)
CUAD_VEC_TYPES(int, int, 8, 16)
CUAD_VEC_TYPES(uint, unsigned int, 8, 16)
CUAD_VEC_TYPES(long, long, 16, 16)
CUAD_VEC_TYPES(ulong, unsigned long, 16, 16)
CUAD_VEC_TYPES(longlong, long long, 16, 16)
CUAD_VEC_TYPES(ulonglong, unsigned long long, 16, 16)
CUAD_VEC_TYPES(float, float, 8, 16)
CUAD_VEC_TYPES(double, double, 16, 16)
#undef CUAD_VEC_TYPES

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

inline thread_local uint3 threadIdx = {0, 0, 0};
inline thread_local uint3 blockIdx = {0, 0, 0};
inline thread_local dim3 blockDim = dim3(1, 1, 1);
inline thread_local dim3 gridDim = dim3(1, 1, 1);
constexpr int warpSize = 32;

// ---------------------------------------------------------------- runtime types
enum cudaError_t {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorLaunchFailure = 719,
};
typedef cudaError_t cudaError;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};

struct CUstream_st {};
typedef CUstream_st* cudaStream_t;
struct CUevent_st {
  std::chrono::steady_clock::time_point when;
};
typedef CUevent_st* cudaEvent_t;

struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int multiProcessorCount;
  int major;
  int minor;
};

namespace cuad_cpu {

[[noreturn]] inline void fatal(const char* fmt, ...) {
  std::fflush(stdout);
  std::fprintf(stderr, "cuad_cpu: error: ");
  va_list args;
  va_start(args, fmt);
  std::vfprintf(stderr, fmt, args);
  va_end(args);
  std::fprintf(stderr, "\n");
  std::fflush(stderr);
  std::_Exit(3);
}

// ------------------------------------------------------------ device memory registry
constexpr size_t kGuardBytes = 64;
constexpr unsigned char kGuardByte = 0xCD;
constexpr unsigned char kFreshByte = 0xFF;

struct Allocation {
  size_t size;
  bool managed;
  // A `__device__`/`__constant__` symbol registered by cudaGetSymbolAddress: a global of the
  // program, with no guard zones around it.
  bool symbol = false;
};

inline std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

// Keyed by the address handed to the program (after the leading guard zone).
inline std::map<uintptr_t, Allocation>& registry() {
  static std::map<uintptr_t, Allocation> r;
  return r;
}

// The allocation containing [p, p+len), or nullptr. Caller holds the mutex.
inline const std::pair<const uintptr_t, Allocation>* find_allocation_locked(const void* p,
                                                                          size_t len) {
  auto& r = registry();
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  auto it = r.upper_bound(a);
  if (it == r.begin()) return nullptr;
  --it;
  size_t span = it->second.size == 0 ? 1 : it->second.size;
  if (a < it->first || a + len > it->first + span) return nullptr;
  return &*it;
}

inline bool is_device_pointer(const void* p, size_t len = 0) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  return find_allocation_locked(p, len) != nullptr;
}

inline bool is_managed_pointer(const void* p) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  auto* a = find_allocation_locked(p, 0);
  return a && a->second.managed;
}

// True when p lies in some device allocation, even if [p, p+len) overruns it.
inline bool touches_device_allocation(const void* p) { return is_device_pointer(p, 0); }

inline void check_guards_locked(uintptr_t user, const Allocation& a, const char* when) {
  if (a.symbol) return;
  const unsigned char* lo = reinterpret_cast<const unsigned char*>(user) - kGuardBytes;
  const unsigned char* hi = reinterpret_cast<const unsigned char*>(user) + a.size;
  for (size_t i = 0; i < kGuardBytes; ++i) {
    if (lo[i] != kGuardByte)
      fatal("out-of-bounds write %zu bytes before a device allocation of %zu bytes (found %s)",
            kGuardBytes - i, a.size, when);
    if (hi[i] != kGuardByte)
      fatal("out-of-bounds write %zu bytes after the end of a device allocation of %zu bytes "
            "(found %s)",
            i, a.size, when);
  }
}

inline void check_all_guards(const char* when) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  for (auto& kv : registry()) check_guards_locked(kv.first, kv.second, when);
}

inline void* device_alloc(size_t size, bool managed) {
  unsigned char* raw = static_cast<unsigned char*>(std::malloc(size + 2 * kGuardBytes));
  if (!raw) return nullptr;
  std::memset(raw, kGuardByte, kGuardBytes);
  std::memset(raw + kGuardBytes, kFreshByte, size);
  std::memset(raw + kGuardBytes + size, kGuardByte, kGuardBytes);
  void* user = raw + kGuardBytes;
  std::lock_guard<std::mutex> lock(registry_mutex());
  registry()[reinterpret_cast<uintptr_t>(user)] = Allocation{size, managed};
  return user;
}

inline void device_free(void* p) {
  if (!p) return;
  std::lock_guard<std::mutex> lock(registry_mutex());
  auto& r = registry();
  auto it = r.find(reinterpret_cast<uintptr_t>(p));
  if (it == r.end()) fatal("cudaFree(%p): not the start of a live device allocation", p);
  check_guards_locked(it->first, it->second, "at cudaFree");
  r.erase(it);
  std::free(static_cast<unsigned char*>(p) - kGuardBytes);
}

inline const char* kind_name(cudaMemcpyKind k) {
  switch (k) {
    case cudaMemcpyHostToHost: return "cudaMemcpyHostToHost";
    case cudaMemcpyHostToDevice: return "cudaMemcpyHostToDevice";
    case cudaMemcpyDeviceToHost: return "cudaMemcpyDeviceToHost";
    case cudaMemcpyDeviceToDevice: return "cudaMemcpyDeviceToDevice";
    case cudaMemcpyDefault: return "cudaMemcpyDefault";
  }
  return "an invalid cudaMemcpyKind";
}

// `p` must be device memory covering `len` bytes (want_device) or not device memory at all.
inline void check_side(const void* p, size_t len, bool want_device, const char* what,
                       const char* role) {
  if (len == 0) return;
  if (want_device) {
    if (!is_device_pointer(p, len)) {
      if (touches_device_allocation(p))
        fatal("%s: %s %p + %zu bytes runs past the end of its device allocation", what, role, p,
              len);
      fatal("%s: %s %p is not device memory", what, role, p);
    }
  } else if (touches_device_allocation(p) && !is_managed_pointer(p)) {
    fatal("%s: %s %p is device memory, but the copy kind says host", what, role, p);
  }
}

// ------------------------------------------------------------ block execution
// One block's synchronisation state, shared by its threads.
struct Block {
  virtual ~Block() = default;
  virtual void sync_block() = 0;
  virtual void sync_warp(unsigned warp) = 0;
  // Lanes of `warp` that exist and have not returned yet.
  virtual unsigned live_mask(unsigned warp) = 0;

  struct alignas(16) Slot {
    unsigned char bytes[32];
  };
  std::vector<Slot> slots;  // one per thread: the warp exchange buffer
  std::vector<unsigned char> dynamic_shared;
  int sync_counts[3] = {0, 0, 0};
  std::vector<unsigned> sync_calls;  // per thread: __syncthreads_count calls so far

  // Storage of the block's __shared__ variables, keyed per declaration (and instantiation).
  std::mutex shared_mutex;
  std::map<const void*, std::vector<std::max_align_t>> shared_vars;
};

inline thread_local Block* tl_block = nullptr;
inline thread_local unsigned tl_linear = 0;  // linear thread index inside the block

inline unsigned linear_index(uint3 t, dim3 b) { return t.x + b.x * (t.y + b.y * t.z); }
inline uint3 thread_index(unsigned linear, dim3 b) {
  return uint3{linear % b.x, (linear / b.x) % b.y, linear / (b.x * b.y)};
}
inline unsigned lanes_in_warp(unsigned warp, unsigned nthreads) {
  unsigned first = warp * 32;
  unsigned n = std::min(32u, nthreads - first);
  return n == 32 ? 0xffffffffu : ((1u << n) - 1u);
}

// ---- fibers: all threads of a block on the calling OS thread, switching at barriers.
struct FiberBarrier {
  int arrived = 0;
  int live = 0;
  uint64_t generation = 0;
};

constexpr size_t kFiberStack = 256 * 1024;
constexpr size_t kPage = 4096;

// Stacks are reused across launches; each has a guard page below it.
inline std::vector<char*>& stack_pool() {
  static std::vector<char*> pool;
  return pool;
}

inline char* fiber_stack(size_t i) {
  auto& pool = stack_pool();
  while (pool.size() <= i) {
    void* m = mmap(nullptr, kFiberStack + kPage, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) fatal("cannot map a fiber stack");
    mprotect(m, kPage, PROT_NONE);
    pool.push_back(static_cast<char*>(m) + kPage);
  }
  return pool[i];
}

// Switching fibers: on x86-64 a fiber starts by moving the stack pointer to its stack and
// switches with the compiler's __builtin_setjmp/__builtin_longjmp (a few registers, no system
// call); ucontext's swapcontext saves the signal mask with a system call on every switch,
// which dominated the run time of tests with many launches. Elsewhere, ucontext.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(CUAD_CPU_UCONTEXT)
#define CUAD_CPU_FAST_FIBERS 1
using FiberContext = void* [5];

// Resumes a context saved by __builtin_setjmp (which may not be called in the same function).
[[noreturn]] __attribute__((noinline)) inline void resume_context(FiberContext& ctx) {
  __builtin_longjmp(ctx, 1);
}

// Calls `entry` (which never returns) on the stack that ends at `top` (16-byte aligned).
[[noreturn]] __attribute__((noinline)) inline void start_on_stack(char* top, void (*entry)()) {
  asm volatile("mov %0, %%rsp\n\tcall *%1\n\tud2" : : "r"(top), "r"(entry) : "memory");
  __builtin_unreachable();
}
#else
#define CUAD_CPU_FAST_FIBERS 0
using FiberContext = ucontext_t;
#endif

struct FiberBlock : Block {
  struct Fiber {
    FiberContext ctx;
    uint3 tid;
    bool started = false;
    bool done = false;
  };
  FiberContext scheduler;
  std::vector<Fiber> fibers;
  FiberBarrier block_barrier;
  std::vector<FiberBarrier> warp_barriers;
  std::vector<unsigned> live_lanes;
  const std::function<void()>* body = nullptr;
  size_t current = 0;
  uint64_t events = 0;  // barrier arrivals and exits: progress for deadlock detection

  void yield() {
#if CUAD_CPU_FAST_FIBERS
    if (__builtin_setjmp(fibers[current].ctx) == 0) resume_context(scheduler);
#else
    swapcontext(&fibers[current].ctx, &scheduler);
#endif
  }

  void wait(FiberBarrier& b) {
    ++events;
    uint64_t gen = b.generation;
    if (++b.arrived >= b.live) {
      b.arrived = 0;
      ++b.generation;
      return;
    }
    while (b.generation == gen) yield();
  }

  static void drop(FiberBarrier& b) {
    --b.live;
    if (b.arrived > 0 && b.arrived >= b.live) {
      b.arrived = 0;
      ++b.generation;
    }
  }

  void sync_block() override { wait(block_barrier); }
  void sync_warp(unsigned warp) override { wait(warp_barriers[warp]); }
  unsigned live_mask(unsigned warp) override { return live_lanes[warp]; }

  void exit_current() {
    ++events;
    unsigned lin = static_cast<unsigned>(current);
    fibers[current].done = true;
    live_lanes[lin / 32] &= ~(1u << (lin % 32));
    drop(block_barrier);
    drop(warp_barriers[lin / 32]);
  }

  static void entry();
  void resume(size_t i);
  void run(unsigned nthreads);
};

inline thread_local FiberBlock* tl_fiber_block = nullptr;

inline void FiberBlock::entry() {
  FiberBlock* fb = tl_fiber_block;
  (*fb->body)();
  fb->exit_current();
#if CUAD_CPU_FAST_FIBERS
  resume_context(fb->scheduler);
#endif
  // With ucontext, returning resumes fb->scheduler through uc_link.
}

// Runs fiber `i` until it waits at a barrier or exits.
inline void FiberBlock::resume(size_t i) {
  Fiber& f = fibers[i];
#if CUAD_CPU_FAST_FIBERS
  if (__builtin_setjmp(scheduler) != 0) return;
  if (f.started) resume_context(f.ctx);
  f.started = true;
  start_on_stack(fiber_stack(i) + kFiberStack, &FiberBlock::entry);
#else
  if (!f.started) {
    f.started = true;
    getcontext(&f.ctx);
    f.ctx.uc_stack.ss_sp = fiber_stack(i);
    f.ctx.uc_stack.ss_size = kFiberStack;
    f.ctx.uc_link = &scheduler;
    makecontext(&f.ctx, &FiberBlock::entry, 0);
  }
  swapcontext(&scheduler, &f.ctx);
#endif
}

inline void FiberBlock::run(unsigned nthreads) {
  fibers.assign(nthreads, Fiber{});
  unsigned nwarps = (nthreads + 31) / 32;
  warp_barriers.assign(nwarps, FiberBarrier{});
  live_lanes.assign(nwarps, 0);
  block_barrier.live = static_cast<int>(nthreads);
  for (unsigned w = 0; w < nwarps; ++w) {
    live_lanes[w] = lanes_in_warp(w, nthreads);
    warp_barriers[w].live = __builtin_popcount(live_lanes[w]);
  }
  for (unsigned i = 0; i < nthreads; ++i) {
    fibers[i].tid = thread_index(i, blockDim);
    fiber_stack(i);  // maps the stacks before any fiber runs
  }
  FiberBlock* saved = tl_fiber_block;
  tl_fiber_block = this;
  tl_block = this;
  size_t live = nthreads;
  while (live > 0) {
    uint64_t before = events;
    for (size_t i = 0; i < nthreads; ++i) {
      if (fibers[i].done) continue;
      current = i;
      threadIdx = fibers[i].tid;
      tl_linear = static_cast<unsigned>(i);
      resume(i);
      if (fibers[i].done) --live;
    }
    if (live > 0 && events == before)
      fatal("deadlock in block (%u,%u,%u): %zu threads wait at barriers that cannot complete "
            "(threads of one block or warp wait at different barriers)",
            blockIdx.x, blockIdx.y, blockIdx.z, live);
  }
  tl_fiber_block = saved;
  tl_block = nullptr;
}

// ---- threads: one std::thread per CUDA thread.
class ThreadBarrier {
 public:
  explicit ThreadBarrier(int live) : live_(live) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(m_);
    uint64_t gen = generation_;
    if (++arrived_ >= live_) {
      release();
      return;
    }
    cv_.wait(lock, [&] { return generation_ != gen; });
  }
  void arrive_and_drop() {
    std::lock_guard<std::mutex> lock(m_);
    --live_;
    if (arrived_ > 0 && arrived_ >= live_) release();
  }

 private:
  void release() {
    arrived_ = 0;
    ++generation_;
    cv_.notify_all();
  }
  std::mutex m_;
  std::condition_variable cv_;
  int live_;
  int arrived_ = 0;
  uint64_t generation_ = 0;
};

struct ThreadBlock : Block {
  std::unique_ptr<ThreadBarrier> block_barrier;
  std::vector<std::unique_ptr<ThreadBarrier>> warp_barriers;
  std::vector<unsigned> live_lanes;  // accessed with atomics

  void sync_block() override { block_barrier->arrive_and_wait(); }
  void sync_warp(unsigned warp) override { warp_barriers[warp]->arrive_and_wait(); }
  unsigned live_mask(unsigned warp) override {
    return __atomic_load_n(&live_lanes[warp], __ATOMIC_SEQ_CST);
  }

  void start(unsigned nthreads, uint3 block, const std::function<void()>& body) {
    unsigned nwarps = (nthreads + 31) / 32;
    block_barrier.reset(new ThreadBarrier(static_cast<int>(nthreads)));
    live_lanes.assign(nwarps, 0);
    warp_barriers.clear();
    for (unsigned w = 0; w < nwarps; ++w) {
      live_lanes[w] = lanes_in_warp(w, nthreads);
      warp_barriers.emplace_back(new ThreadBarrier(__builtin_popcount(live_lanes[w])));
    }
    dim3 bdim = blockDim, gdim = gridDim;
    threads.reserve(nthreads);
    for (unsigned i = 0; i < nthreads; ++i) {
      threads.emplace_back([this, i, block, bdim, gdim, &body] {
        threadIdx = thread_index(i, bdim);
        blockIdx = block;
        blockDim = bdim;
        gridDim = gdim;
        tl_block = this;
        tl_linear = i;
        body();
        __atomic_fetch_and(&live_lanes[i / 32], ~(1u << (i % 32)), __ATOMIC_SEQ_CST);
        block_barrier->arrive_and_drop();
        warp_barriers[i / 32]->arrive_and_drop();
        tl_block = nullptr;
      });
    }
  }

  void join() {
    for (auto& t : threads) t.join();
    threads.clear();
  }

  std::vector<std::thread> threads;
};

inline bool use_os_threads() {
#if defined(CUAD_RACECHECK)
  return true;  // ThreadSanitizer follows OS threads, not fibers
#endif
  static const bool on = [] {
    const char* v = std::getenv("CUAD_CPU_THREADS");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

// ------------------------------------------------------------ launch
struct LaunchConfig {
  dim3 grid, block;
  size_t shared_bytes;
  cudaStream_t stream;
};

inline LaunchConfig config(dim3 grid, dim3 block, size_t shared_bytes = 0,
                           cudaStream_t stream = nullptr) {
  return LaunchConfig{grid, block, shared_bytes, stream};
}

inline void check_config(const LaunchConfig& c) {
  unsigned long long threads = 1ull * c.block.x * c.block.y * c.block.z;
  if (c.grid.x == 0 || c.grid.y == 0 || c.grid.z == 0 || threads == 0)
    fatal("kernel launch with an empty grid or block (grid %u,%u,%u block %u,%u,%u)", c.grid.x,
          c.grid.y, c.grid.z, c.block.x, c.block.y, c.block.z);
  if (threads > 1024 || c.block.z > 64)
    fatal("kernel launch with %llu threads per block (block %u,%u,%u): CUDA allows 1024",
          threads, c.block.x, c.block.y, c.block.z);
}

inline void prepare_block(Block& b, unsigned nthreads, size_t shared_bytes) {
  b.slots.assign(nthreads, Block::Slot{});
  b.sync_calls.assign(nthreads, 0);
  b.dynamic_shared.assign(shared_bytes, kFreshByte);
}

// With OS threads, all blocks of a grid run at once (as on a GPU, where blocks race with each
// other too) unless the grid is large; always under CUAD_RACECHECK, else with
// CUAD_CPU_THREADS=grid.
constexpr unsigned long long kMaxConcurrentThreads = 4096;

inline bool concurrent_blocks() {
#if defined(CUAD_RACECHECK)
  return true;
#endif
  const char* v = std::getenv("CUAD_CPU_THREADS");
  return v && std::strcmp(v, "grid") == 0;
}

inline void run_blocks_concurrently(const LaunchConfig& c, unsigned nthreads,
                                    const std::function<void()>& body) {
  std::vector<std::unique_ptr<ThreadBlock>> blocks;
  for (unsigned z = 0; z < c.grid.z; ++z)
    for (unsigned y = 0; y < c.grid.y; ++y)
      for (unsigned x = 0; x < c.grid.x; ++x) {
        blocks.emplace_back(new ThreadBlock());
        prepare_block(*blocks.back(), nthreads, c.shared_bytes);
        blocks.back()->start(nthreads, uint3{x, y, z}, body);
      }
  for (auto& b : blocks) b->join();
}

inline void run_grid(const LaunchConfig& c, const std::function<void()>& body) {
  check_config(c);
  if (tl_block) fatal("kernel launch from inside a kernel is not supported");
  dim3 saved_block = blockDim, saved_grid = gridDim;
  blockDim = c.block;
  gridDim = c.grid;
  unsigned nthreads = c.block.x * c.block.y * c.block.z;
  unsigned long long nblocks = 1ull * c.grid.x * c.grid.y * c.grid.z;
  if (use_os_threads() && concurrent_blocks() && nblocks * nthreads <= kMaxConcurrentThreads) {
    run_blocks_concurrently(c, nthreads, body);
  } else {
    for (unsigned z = 0; z < c.grid.z; ++z)
      for (unsigned y = 0; y < c.grid.y; ++y)
        for (unsigned x = 0; x < c.grid.x; ++x) {
          blockIdx = uint3{x, y, z};
          if (use_os_threads()) {
            ThreadBlock block;
            prepare_block(block, nthreads, c.shared_bytes);
            block.start(nthreads, blockIdx, body);
            block.join();
          } else {
            FiberBlock block;
            prepare_block(block, nthreads, c.shared_bytes);
            block.body = &body;
            block.run(nthreads);
          }
        }
  }
  blockDim = saved_block;
  gridDim = saved_grid;
  threadIdx = uint3{0, 0, 0};
  blockIdx = uint3{0, 0, 0};
  check_all_guards("after a kernel launch");
}

template <class T>
void check_kernel_argument(const T& arg, size_t index) {
  if constexpr (std::is_pointer<T>::value) {
    if (arg != nullptr && !is_device_pointer(static_cast<const void*>(arg)))
      fatal("kernel argument %zu (%p) is not device memory: kernels can only read and write "
            "memory from cudaMalloc",
            index, static_cast<const void*>(arg));
  }
}

template <class Tuple, size_t... I>
void check_kernel_arguments(const Tuple& t, std::index_sequence<I...>) {
  (check_kernel_argument(std::get<I>(t), I), ...);
}

// A launch argument converted to its parameter's type; `NULL` (an integer in g++) given for a
// pointer parameter is the null pointer, as in nvcc's launch.
template <class P, class A>
std::decay_t<P> kernel_argument(A&& a) {
  if constexpr (std::is_pointer_v<std::decay_t<P>> && std::is_integral_v<std::decay_t<A>>) {
    return nullptr;
  } else {
    return static_cast<std::decay_t<P>>(std::forward<A>(a));
  }
}

// Runs `kernel` on every thread of the grid; each thread gets its own copy of the arguments.
template <class... P, class... A>
void launch(void (*kernel)(P...), const LaunchConfig& c, A&&... args) {
  static_assert(sizeof...(P) == sizeof...(A), "kernel launched with a wrong argument count");
  std::tuple<std::decay_t<P>...> params(kernel_argument<P>(std::forward<A>(args))...);
  check_kernel_arguments(params, std::index_sequence_for<P...>{});
  std::function<void()> body = [&] {
    std::tuple<std::decay_t<P>...> copy = params;
    std::apply(kernel, copy);
  };
  run_grid(c, body);
}

// Runs a kernel template that its arguments deduce (`map<<<g, b>>>(lambda, y)`), called through
// the generic lambda `kernel`; each thread gets its own copy of the arguments.
template <class K, class... A>
void launch_deduced(const LaunchConfig& c, K kernel, A&&... args) {
  std::tuple<std::decay_t<A>...> params(std::forward<A>(args)...);
  check_kernel_arguments(params, std::index_sequence_for<A...>{});
  std::function<void()> body = [&] {
    std::tuple<std::decay_t<A>...> copy = params;
    std::apply(kernel, copy);
  };
  run_grid(c, body);
}

// The current block's instance of a `__shared__` variable of type T; the harness rewrites
// `__shared__ T name;` inside functions to `T& name = *cuad_cpu::block_shared<T, ID>();`.
// Fresh storage is 0xFF bytes, like fresh device memory.
template <class T, int ID>
T* block_shared() {
  static const char key = 0;
  Block* b = tl_block;
  if (!b) fatal("__shared__ variable used outside a kernel");
  std::lock_guard<std::mutex> lock(b->shared_mutex);
  auto& storage = b->shared_vars[&key];
  if (storage.empty()) {
    size_t words = (sizeof(T) + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
    storage.resize(words);
    std::memset(static_cast<void*>(storage.data()), kFreshByte, words * sizeof(std::max_align_t));
  }
  return reinterpret_cast<T*>(storage.data());
}

inline void* dynamic_shared() {
  if (!tl_block) fatal("extern __shared__ memory used outside a kernel");
  return tl_block->dynamic_shared.data();
}

inline size_t dynamic_shared_bytes() {
  if (!tl_block) fatal("extern __shared__ memory used outside a kernel");
  return tl_block->dynamic_shared.size();
}

// ------------------------------------------------------------ warp exchange
inline unsigned lane_id() { return tl_linear % 32; }

// Checks that `mask` names every live lane of the caller's warp. Returns false when the mask
// names only the caller (then the operation involves no other lane).
inline bool warp_collective(unsigned mask, const char* what) {
  if (!tl_block) return false;
  unsigned own = 1u << lane_id();
  unsigned live = tl_block->live_mask(tl_linear / 32);
  if ((mask & live) == live) return true;
  if ((mask & live) == own) return false;
  fatal("%s with mask 0x%08x while lanes 0x%08x of the warp are live: partial-warp masks are "
        "not emulated",
        what, mask, live);
}

// Every live lane publishes `value`; returns the value of lane `pick(lane)` of the warp, or
// the caller's own value when that lane does not exist or has returned.
template <class T, class Pick>
T warp_exchange(unsigned mask, T value, Pick pick, const char* what) {
  static_assert(sizeof(T) <= sizeof(Block::Slot), "warp exchange of a type over 32 bytes");
  if (!warp_collective(mask, what)) return value;
  Block* b = tl_block;
  unsigned warp = tl_linear / 32;
  std::memcpy(b->slots[tl_linear].bytes, &value, sizeof(T));
  b->sync_warp(warp);
  int src = pick(static_cast<int>(lane_id()));
  T result = value;
  if (src >= 0 && src < 32 && (b->live_mask(warp) >> src & 1u))
    std::memcpy(&result, b->slots[warp * 32 + src].bytes, sizeof(T));
  b->sync_warp(warp);
  return result;
}

inline unsigned warp_ballot(unsigned mask, bool pred, const char* what) {
  if (!warp_collective(mask, what)) return pred ? (1u << lane_id()) : 0u;
  Block* b = tl_block;
  unsigned warp = tl_linear / 32;
  unsigned char p = pred ? 1 : 0;
  std::memcpy(b->slots[tl_linear].bytes, &p, 1);
  b->sync_warp(warp);
  unsigned live = b->live_mask(warp), bits = 0;
  for (unsigned l = 0; l < 32; ++l)
    if ((live >> l & 1u) && b->slots[warp * 32 + l].bytes[0]) bits |= 1u << l;
  b->sync_warp(warp);
  return bits & mask;
}

inline int block_count(int pred) {
  if (!tl_block) return pred ? 1 : 0;
  Block* b = tl_block;
  unsigned k = b->sync_calls[tl_linear]++;
  __atomic_store_n(&b->sync_counts[(k + 1) % 3], 0, __ATOMIC_SEQ_CST);
  if (pred) __atomic_fetch_add(&b->sync_counts[k % 3], 1, __ATOMIC_SEQ_CST);
  b->sync_block();
  return __atomic_load_n(&b->sync_counts[k % 3], __ATOMIC_SEQ_CST);
}

// ------------------------------------------------------------ atomics
template <class T, class F>
T atomic_update(T* p, F f) {
  T old;
  __atomic_load(p, &old, __ATOMIC_SEQ_CST);
  T desired = f(old);
  while (!__atomic_compare_exchange(p, &old, &desired, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST))
    desired = f(old);
  return old;
}

}  // namespace cuad_cpu

// ---------------------------------------------------------------- barriers and warps
inline void __syncthreads() {
  if (cuad_cpu::tl_block) cuad_cpu::tl_block->sync_block();
}
inline int __syncthreads_count(int pred) { return cuad_cpu::block_count(pred); }
inline int __syncthreads_and(int pred) {
  return cuad_cpu::block_count(!pred) == 0;
}
inline int __syncthreads_or(int pred) { return cuad_cpu::block_count(pred) != 0; }
inline void __syncwarp(unsigned mask = 0xffffffffu) {
  if (cuad_cpu::warp_collective(mask, "__syncwarp"))
    cuad_cpu::tl_block->sync_warp(cuad_cpu::tl_linear / 32);
}
inline unsigned __activemask() { return cuad_cpu::tl_block ? 1u << cuad_cpu::lane_id() : 1u; }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

template <class T>
T __shfl_sync(unsigned mask, T var, int src_lane, int width = warpSize) {
  return cuad_cpu::warp_exchange(
      mask, var, [&](int lane) { return (lane & ~(width - 1)) + (src_lane & (width - 1)); },
      "__shfl_sync");
}
template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  return cuad_cpu::warp_exchange(
      mask, var,
      [&](int lane) {
        int in_segment = lane & (width - 1);
        return in_segment >= static_cast<int>(delta) ? lane - static_cast<int>(delta) : lane;
      },
      "__shfl_up_sync");
}
template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  return cuad_cpu::warp_exchange(
      mask, var,
      [&](int lane) {
        int in_segment = lane & (width - 1);
        return in_segment + static_cast<int>(delta) < width ? lane + static_cast<int>(delta)
                                                            : lane;
      },
      "__shfl_down_sync");
}
template <class T>
T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = warpSize) {
  return cuad_cpu::warp_exchange(
      mask, var,
      [&](int lane) {
        int src = lane ^ lane_mask;
        return (src & ~(width - 1)) == (lane & ~(width - 1)) ? src : lane;
      },
      "__shfl_xor_sync");
}
inline unsigned __ballot_sync(unsigned mask, int pred) {
  return cuad_cpu::warp_ballot(mask, pred != 0, "__ballot_sync");
}
inline int __all_sync(unsigned mask, int pred) {
  return cuad_cpu::warp_ballot(mask, pred == 0, "__all_sync") == 0;
}
inline int __any_sync(unsigned mask, int pred) {
  return cuad_cpu::warp_ballot(mask, pred != 0, "__any_sync") != 0;
}
// The lanes of `mask` holding the same value (sm_70): one exchange per source lane.
template <class T>
unsigned __match_any_sync(unsigned mask, T value) {
  unsigned peers = 0;
  for (int l = 0; l < warpSize; ++l) {
    const T other = cuad_cpu::warp_exchange(mask, value, [&](int) { return l; }, "__match_any_sync");
    // a lane past the block's last thread does not exist (the exchange returned our own value)
    const bool live = !cuad_cpu::tl_block ||
                      (cuad_cpu::tl_block->live_mask(cuad_cpu::tl_linear / 32) >> l & 1u);
    if ((mask >> l & 1u) && live && other == value) peers |= 1u << l;
  }
  return peers;
}

// ---------------------------------------------------------------- atomics
#define CUAD_ATOMIC_INT(T)                                                                  \
  inline T atomicAdd(T* p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }     \
  inline T atomicSub(T* p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }     \
  inline T atomicAnd(T* p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }     \
  inline T atomicOr(T* p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }       \
  inline T atomicXor(T* p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }     \
  inline T atomicExch(T* p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }   \
  inline T atomicMin(T* p, T v) {                                                          \
    return cuad_cpu::atomic_update(p, [&](T o) { return v < o ? v : o; });                 \
  }                                                                                        \
  inline T atomicMax(T* p, T v) {                                                          \
    return cuad_cpu::atomic_update(p, [&](T o) { return v > o ? v : o; });                 \
  }                                                                                        \
  inline T atomicCAS(T* p, T compare, T v) {                                               \
    __atomic_compare_exchange_n(p, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    return compare;                                                                        \
  }
CUAD_ATOMIC_INT(int)
CUAD_ATOMIC_INT(unsigned int)
CUAD_ATOMIC_INT(long long)
CUAD_ATOMIC_INT(unsigned long long)
#undef CUAD_ATOMIC_INT

#define CUAD_ATOMIC_FLOAT(T)                                                                \
  inline T atomicAdd(T* p, T v) {                                                          \
    return cuad_cpu::atomic_update(p, [&](T o) { return o + v; });                         \
  }                                                                                        \
  inline T atomicSub(T* p, T v) {                                                          \
    return cuad_cpu::atomic_update(p, [&](T o) { return o - v; });                         \
  }                                                                                        \
  inline T atomicExch(T* p, T v) {                                                         \
    T old;                                                                                 \
    __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);                                      \
    return old;                                                                            \
  }
CUAD_ATOMIC_FLOAT(float)
CUAD_ATOMIC_FLOAT(double)
#undef CUAD_ATOMIC_FLOAT

inline unsigned atomicInc(unsigned* p, unsigned limit) {
  return cuad_cpu::atomic_update(p, [&](unsigned o) { return o >= limit ? 0u : o + 1; });
}
inline unsigned atomicDec(unsigned* p, unsigned limit) {
  return cuad_cpu::atomic_update(
      p, [&](unsigned o) { return (o == 0 || o > limit) ? limit : o - 1; });
}
inline unsigned short atomicCAS(unsigned short* p, unsigned short compare, unsigned short v) {
  __atomic_compare_exchange_n(p, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return compare;
}
// Scoped variants behave like the device-wide ones here.
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicExch_block atomicExch
#define atomicMax_block atomicMax
#define atomicMin_block atomicMin
#define atomicCAS_block atomicCAS

// ---------------------------------------------------------------- math missing from <cmath>
#if !(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 42))
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
#endif
inline float rsqrt(float x) { return 1.0f / std::sqrt(x); }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline float rcbrt(float x) { return 1.0f / std::cbrt(x); }
inline float rcbrtf(float x) { return 1.0f / std::cbrt(x); }
#if !(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41))
inline double sinpi(double x) { return std::sin(M_PI * x); }
inline double cospi(double x) { return std::cos(M_PI * x); }
inline float sinpif(float x) { return std::sin(static_cast<float>(M_PI) * x); }
inline float cospif(float x) { return std::cos(static_cast<float>(M_PI) * x); }
#endif
inline float sinpi(float x) { return std::sin(static_cast<float>(M_PI) * x); }
inline float cospi(float x) { return std::cos(static_cast<float>(M_PI) * x); }
inline void sincospi(double x, double* s, double* c) {
  *s = std::sin(M_PI * x);
  *c = std::cos(M_PI * x);
}
inline void sincospif(float x, float* s, float* c) {
  *s = std::sin(static_cast<float>(M_PI) * x);
  *c = std::cos(static_cast<float>(M_PI) * x);
}
inline void sincos(float x, float* s, float* c) { ::sincosf(x, s, c); }
inline double normcdf(double x) { return 0.5 * std::erfc(-x * M_SQRT1_2); }
inline float normcdf(float x) { return 0.5f * std::erfc(-x * static_cast<float>(M_SQRT1_2)); }
inline float normcdff(float x) { return normcdf(x); }
inline double erfinv(double y) {
  if (y <= -1.0) return y == -1.0 ? -HUGE_VAL : NAN;
  if (y >= 1.0) return y == 1.0 ? HUGE_VAL : NAN;
  // Giles' single-precision approximation, then Newton steps to double accuracy.
  double w = -std::log((1.0 - y) * (1.0 + y)), x;
  if (w < 5.0) {
    w -= 2.5;
    x = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                     -0.00125372503, -0.00417768164, 0.246640727, 1.50140941})
      x = c + x * w;
  } else {
    w = std::sqrt(w) - 3.0;
    x = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                     -0.0076224613, 0.00943887047, 1.00167406, 2.83297682})
      x = c + x * w;
  }
  x *= y;
  for (int i = 0; i < 3; ++i)
    x -= (std::erf(x) - y) / (2.0 / std::sqrt(M_PI) * std::exp(-x * x));
  return x;
}
inline float erfinv(float y) { return static_cast<float>(erfinv(static_cast<double>(y))); }
inline float erfinvf(float y) { return erfinv(y); }
inline double erfcinv(double y) { return erfinv(1.0 - y); }
inline float erfcinv(float y) { return static_cast<float>(erfinv(1.0 - static_cast<double>(y))); }
inline float erfcinvf(float y) { return erfcinv(y); }
inline double normcdfinv(double p) { return -M_SQRT2 * erfcinv(2.0 * p); }
inline float normcdfinv(float p) { return static_cast<float>(normcdfinv(static_cast<double>(p))); }
inline float normcdfinvf(float p) { return normcdfinv(p); }
// Modified Bessel functions of the first kind (I0 even, I1 odd), as CUDA's math API has them.
// Power series (libstdc++'s std::cyl_bessel_i calls lgamma, which races across threads).
inline double cuad_bessel_i_series(double x, int order) {
  const double q = 0.25 * x * x;
  double term = order == 0 ? 1.0 : 0.5 * x, sum = term;
  for (int k = 1; k < 200 && std::fabs(term) > 1e-17 * std::fabs(sum); ++k) {
    term *= q / (k * static_cast<double>(k + order));
    sum += term;
  }
  return sum;
}
inline double cyl_bessel_i0(double x) { return cuad_bessel_i_series(x, 0); }
inline double cyl_bessel_i1(double x) { return cuad_bessel_i_series(x, 1); }
inline float cyl_bessel_i0f(float x) { return static_cast<float>(cyl_bessel_i0(x)); }
inline float cyl_bessel_i1f(float x) { return static_cast<float>(cyl_bessel_i1(x)); }
inline double erfcx(double x) { return std::exp(x * x) * std::erfc(x); }
inline float erfcx(float x) { return std::exp(x * x) * std::erfc(x); }
inline float erfcxf(float x) { return erfcx(x); }
inline double fdivide(double a, double b) { return a / b; }
inline float fdividef(float a, float b) { return a / b; }
inline double rhypot(double a, double b) { return 1.0 / std::hypot(a, b); }
inline float rhypot(float a, float b) { return 1.0f / std::hypot(a, b); }
inline float rhypotf(float a, float b) { return rhypot(a, b); }
inline double norm3d(double a, double b, double c) { return std::sqrt(a * a + b * b + c * c); }
inline float norm3d(float a, float b, float c) { return std::sqrt(a * a + b * b + c * c); }
inline float norm3df(float a, float b, float c) { return norm3d(a, b, c); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
inline float rnorm3df(float a, float b, float c) { return 1.0f / norm3d(a, b, c); }
inline double norm4d(double a, double b, double c, double d) {
  return std::sqrt(a * a + b * b + c * c + d * d);
}
inline float norm4df(float a, float b, float c, float d) {
  return std::sqrt(a * a + b * b + c * c + d * d);
}
inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
inline float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
inline double norm(int dim, const double* p) {
  double s = 0.0;
  for (int j = 0; j < dim; j++) s += p[j] * p[j];
  return std::sqrt(s);
}
inline float normf(int dim, const float* p) {
  float s = 0.0f;
  for (int j = 0; j < dim; j++) s += p[j] * p[j];
  return std::sqrt(s);
}
inline double rnorm(int dim, const double* p) { return 1.0 / norm(dim, p); }
inline float rnormf(int dim, const float* p) { return 1.0f / normf(dim, p); }
inline double saturate(double x) { return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x); }

// Fast intrinsics: exact functions stand in for the approximate hardware ones.
inline float __expf(float x) { return std::exp(x); }
inline float __exp10f(float x) { return ::exp10f(x); }
inline float __logf(float x) { return std::log(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __tanf(float x) { return std::tan(x); }
inline void __sincosf(float x, float* s, float* c) { ::sincosf(x, s, c); }
inline float __powf(float x, float y) { return std::pow(x, y); }
inline float __fdividef(float a, float b) { return a / b; }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
inline float __frsqrt_rn(float x) { return 1.0f / std::sqrt(x); }
#define CUAD_ROUNDED(T, SUFFIX, MODE)                                                \
  inline T SUFFIX##add##MODE(T a, T b) { return a + b; }                          \
  inline T SUFFIX##sub##MODE(T a, T b) { return a - b; }                          \
  inline T SUFFIX##mul##MODE(T a, T b) { return a * b; }                          \
  inline T SUFFIX##div##MODE(T a, T b) { return a / b; }                          \
  inline T SUFFIX##rcp##MODE(T a) { return T(1) / a; }                            \
  inline T SUFFIX##sqrt##MODE(T a) { return std::sqrt(a); }
#define CUAD_ROUNDED_MODES(T, SUFFIX)                                            \
  CUAD_ROUNDED(T, SUFFIX, _rz) CUAD_ROUNDED(T, SUFFIX, _ru) CUAD_ROUNDED(T, SUFFIX, _rd)
CUAD_ROUNDED_MODES(float, __f)
CUAD_ROUNDED_MODES(double, __d)
CUAD_ROUNDED(float, __f, _rn)
CUAD_ROUNDED(double, __d, _rn)
#undef CUAD_ROUNDED_MODES
#undef CUAD_ROUNDED
#define CUAD_ROUNDED_FMA(MODE)                                                   \
  inline float __fmaf##MODE(float a, float b, float c) { return std::fma(a, b, c); } \
  inline double __fma##MODE(double a, double b, double c) { return std::fma(a, b, c); }
CUAD_ROUNDED_FMA(_rn)
CUAD_ROUNDED_FMA(_rz)
CUAD_ROUNDED_FMA(_ru)
CUAD_ROUNDED_FMA(_rd)
#undef CUAD_ROUNDED_FMA
// glibc's lgamma writes the global `signgam`: a data race between emulated threads.
inline double cuad_cpu_lgamma(double x) { int sign; return ::lgamma_r(x, &sign); }
inline float cuad_cpu_lgamma(float x) { int sign; return ::lgammaf_r(x, &sign); }
inline float cuad_cpu_lgammaf(float x) { int sign; return ::lgammaf_r(x, &sign); }
namespace std {
using ::cuad_cpu_lgamma;
}
#define lgamma(x) cuad_cpu_lgamma(x)
#define lgammaf(x) cuad_cpu_lgammaf(x)

// min/max overloads that CUDA declares in the global namespace.
#define CUAD_MINMAX(A, B, R)                                                      \
  inline R min(A a, B b) { return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); } \
  inline R max(A a, B b) { return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); }
CUAD_MINMAX(int, int, int)
CUAD_MINMAX(unsigned int, unsigned int, unsigned int)
CUAD_MINMAX(int, unsigned int, unsigned int)
CUAD_MINMAX(unsigned int, int, unsigned int)
CUAD_MINMAX(long, long, long)
CUAD_MINMAX(unsigned long, unsigned long, unsigned long)
CUAD_MINMAX(long long, long long, long long)
CUAD_MINMAX(unsigned long long, unsigned long long, unsigned long long)
CUAD_MINMAX(long long, unsigned long long, unsigned long long)
CUAD_MINMAX(unsigned long long, long long, unsigned long long)
#undef CUAD_MINMAX
inline float min(float a, float b) { return std::fmin(a, b); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }
inline double min(float a, double b) { return std::fmin(static_cast<double>(a), b); }
inline double max(float a, double b) { return std::fmax(static_cast<double>(a), b); }
inline double min(double a, float b) { return std::fmin(a, static_cast<double>(b)); }
inline double max(double a, float b) { return std::fmax(a, static_cast<double>(b)); }
inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b;
}

// `__builtin_assume(c)` (clang's and nvcc's device compiler's): generated gather kernels tell
// nvcc what their fast path's guard proves. g++ has no such builtin; the emulation checks it.
#ifndef __clang__
#define __builtin_assume(c) \
  ((c) ? (void)0 : cuad_cpu::fatal("assumption `%s` is false (%s:%d)", #c, __FILE__, __LINE__))
#endif

// Bit manipulation and reinterpretation.
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  unsigned long long r = 0;
  for (int i = 0; i < 64; ++i) r |= ((x >> i) & 1ull) << (63 - i);
  return r;
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned r = 0;
  for (int k = 0; k < 4; ++k) r |= ((bytes >> (8 * ((s >> (4 * k)) & 7u))) & 0xffu) << (8 * k);
  return r;
}
inline unsigned __sad(int x, int y, unsigned z) {
  return z + static_cast<unsigned>(x > y ? x - y : y - x);
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return z + (x > y ? x - y : y - x); }
inline int __mul24(int a, int b) { return a * b; }
inline unsigned __umul24(unsigned a, unsigned b) { return a * b; }
inline int __mulhi(int a, int b) { return static_cast<int>((1ll * a * b) >> 32); }
inline unsigned __umulhi(unsigned a, unsigned b) {
  return static_cast<unsigned>((1ull * a * b) >> 32);
}
template <class To, class From>
To cuad_bit_cast(From f) {
  static_assert(sizeof(To) == sizeof(From), "bit cast of different sizes");
  To t;
  std::memcpy(&t, &f, sizeof(To));
  return t;
}
inline int __float_as_int(float x) { return cuad_bit_cast<int>(x); }
inline unsigned __float_as_uint(float x) { return cuad_bit_cast<unsigned>(x); }
inline float __int_as_float(int x) { return cuad_bit_cast<float>(x); }
inline float __uint_as_float(unsigned x) { return cuad_bit_cast<float>(x); }
inline long long __double_as_longlong(double x) { return cuad_bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return cuad_bit_cast<double>(x); }
inline int __double2hiint(double x) { return static_cast<int>(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return static_cast<int>(__double_as_longlong(x)); }
inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((static_cast<long long>(hi) << 32) |
                              static_cast<unsigned>(lo));
}
// Rounding conversions to integers, each rounding mode (rn: to nearest even).
inline int __float2int_rn(float x) { return static_cast<int>(std::nearbyint(x)); }
inline int __float2int_rz(float x) { return static_cast<int>(x); }
inline int __float2int_rd(float x) { return static_cast<int>(std::floor(x)); }
inline int __float2int_ru(float x) { return static_cast<int>(std::ceil(x)); }
inline unsigned __float2uint_rn(float x) { return static_cast<unsigned>(std::nearbyint(x)); }
inline unsigned __float2uint_rz(float x) { return static_cast<unsigned>(x); }
inline unsigned __float2uint_rd(float x) { return static_cast<unsigned>(std::floor(x)); }
inline unsigned __float2uint_ru(float x) { return static_cast<unsigned>(std::ceil(x)); }
inline long long __float2ll_rn(float x) { return static_cast<long long>(std::nearbyint(x)); }
inline long long __float2ll_rz(float x) { return static_cast<long long>(x); }
inline long long __float2ll_rd(float x) { return static_cast<long long>(std::floor(x)); }
inline long long __float2ll_ru(float x) { return static_cast<long long>(std::ceil(x)); }
inline unsigned long long __float2ull_rn(float x) { return static_cast<unsigned long long>(std::nearbyint(x)); }
inline unsigned long long __float2ull_rz(float x) { return static_cast<unsigned long long>(x); }
inline unsigned long long __float2ull_rd(float x) { return static_cast<unsigned long long>(std::floor(x)); }
inline unsigned long long __float2ull_ru(float x) { return static_cast<unsigned long long>(std::ceil(x)); }
inline int __double2int_rn(double x) { return static_cast<int>(std::nearbyint(x)); }
inline int __double2int_rz(double x) { return static_cast<int>(x); }
inline int __double2int_rd(double x) { return static_cast<int>(std::floor(x)); }
inline int __double2int_ru(double x) { return static_cast<int>(std::ceil(x)); }
inline unsigned __double2uint_rn(double x) { return static_cast<unsigned>(std::nearbyint(x)); }
inline unsigned __double2uint_rz(double x) { return static_cast<unsigned>(x); }
inline unsigned __double2uint_rd(double x) { return static_cast<unsigned>(std::floor(x)); }
inline unsigned __double2uint_ru(double x) { return static_cast<unsigned>(std::ceil(x)); }
inline long long __double2ll_rn(double x) { return static_cast<long long>(std::nearbyint(x)); }
inline long long __double2ll_rz(double x) { return static_cast<long long>(x); }
inline long long __double2ll_rd(double x) { return static_cast<long long>(std::floor(x)); }
inline long long __double2ll_ru(double x) { return static_cast<long long>(std::ceil(x)); }
inline unsigned long long __double2ull_rn(double x) { return static_cast<unsigned long long>(std::nearbyint(x)); }
inline unsigned long long __double2ull_rz(double x) { return static_cast<unsigned long long>(x); }
inline unsigned long long __double2ull_rd(double x) { return static_cast<unsigned long long>(std::floor(x)); }
inline unsigned long long __double2ull_ru(double x) { return static_cast<unsigned long long>(std::ceil(x)); }
inline float __double2float_rn(double x) { return static_cast<float>(x); }
inline double __uint2double_rn(unsigned x) { return static_cast<double>(x); }
inline float __uint2float_rn(unsigned x) { return static_cast<float>(x); }

inline float __int2float_rn(int x) { return static_cast<float>(x); }
inline double __int2double_rn(int x) { return static_cast<double>(x); }
inline double __ll2double_rn(long long x) { return static_cast<double>(x); }
inline float __ll2float_rn(long long x) { return static_cast<float>(x); }

// Loads and stores with cache hints.
template <class T>
T __ldg(const T* p) { return *p; }
template <class T>
T __ldcg(const T* p) { return *p; }
template <class T>
T __ldca(const T* p) { return *p; }
template <class T>
T __ldcs(const T* p) { return *p; }
template <class T>
void __stcg(T* p, T v) { *p = v; }
template <class T>
void __stcs(T* p, T v) { *p = v; }

// Misc device functions.
[[noreturn]] inline void __trap() { cuad_cpu::fatal("__trap() called in a kernel"); }
[[noreturn]] inline void __brkpt() { cuad_cpu::fatal("__brkpt() called in a kernel"); }
inline long long clock64() {
  return std::chrono::steady_clock::now().time_since_epoch().count();
}
inline void __nanosleep(unsigned ns) { std::this_thread::sleep_for(std::chrono::nanoseconds(ns)); }

// ---------------------------------------------------------------- runtime API
inline cudaError_t cudaMalloc(void** p, size_t size) {
  *p = cuad_cpu::device_alloc(size, false);
  return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
template <class T>
cudaError_t cudaMalloc(T** p, size_t size) {
  return cudaMalloc(reinterpret_cast<void**>(p), size);
}
inline cudaError_t cudaMallocManaged(void** p, size_t size, unsigned = 1) {
  *p = cuad_cpu::device_alloc(size, true);
  return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
template <class T>
cudaError_t cudaMallocManaged(T** p, size_t size, unsigned flags = 1) {
  return cudaMallocManaged(reinterpret_cast<void**>(p), size, flags);
}
enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};
struct cudaPointerAttributes {
  cudaMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
};
// Device and managed allocations are known; any other pointer is unregistered host memory.
inline cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* a, const void* p) {
  const bool dev = cuad_cpu::is_device_pointer(p);
  a->type = !dev ? cudaMemoryTypeUnregistered
                 : (cuad_cpu::is_managed_pointer(p) ? cudaMemoryTypeManaged : cudaMemoryTypeDevice);
  a->device = 0;
  a->devicePointer = dev ? const_cast<void*>(p) : nullptr;
  a->hostPointer = dev ? nullptr : const_cast<void*>(p);
  return cudaSuccess;
}
inline cudaError_t cudaMallocHost(void** p, size_t size) {
  *p = std::malloc(size == 0 ? 1 : size);
  return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
template <class T>
cudaError_t cudaMallocHost(T** p, size_t size) {
  return cudaMallocHost(reinterpret_cast<void**>(p), size);
}
inline cudaError_t cudaFreeHost(void* p) {
  std::free(p);
  return cudaSuccess;
}
inline cudaError_t cudaFree(void* p) {
  cuad_cpu::device_free(p);
  return cudaSuccess;
}
// Kernel attributes (the dynamic shared memory opt-in): no limits to lift here.
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9
};
template <class F>
cudaError_t cudaFuncSetAttribute(F*, cudaFuncAttribute, int) {
  return cudaSuccess;
}
// Stream-ordered allocation: streams run in order here, so the plain forms do.
template <class T>
cudaError_t cudaMallocAsync(T** p, size_t size, cudaStream_t) {
  return cudaMalloc(reinterpret_cast<void**>(p), size);
}
inline cudaError_t cudaFreeAsync(void* p, cudaStream_t) { return cudaFree(p); }

inline cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  const char* what = cuad_cpu::kind_name(kind);
  switch (kind) {
    case cudaMemcpyHostToHost:
      cuad_cpu::check_side(dst, count, false, what, "destination");
      cuad_cpu::check_side(src, count, false, what, "source");
      break;
    case cudaMemcpyHostToDevice:
      cuad_cpu::check_side(dst, count, true, what, "destination");
      cuad_cpu::check_side(src, count, false, what, "source");
      break;
    case cudaMemcpyDeviceToHost:
      cuad_cpu::check_side(dst, count, false, what, "destination");
      cuad_cpu::check_side(src, count, true, what, "source");
      break;
    case cudaMemcpyDeviceToDevice:
      cuad_cpu::check_side(dst, count, true, what, "destination");
      cuad_cpu::check_side(src, count, true, what, "source");
      break;
    case cudaMemcpyDefault:
      break;
    default:
      cuad_cpu::fatal("cudaMemcpy with an invalid kind %d", static_cast<int>(kind));
  }
  if (count) std::memmove(dst, src, count);
  cuad_cpu::check_all_guards("after cudaMemcpy");
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind,
                                   cudaStream_t = nullptr) {
  return cudaMemcpy(dst, src, count, kind);
}
// Pitched 2-D memory: rows padded to 512 bytes, as on current GPUs (so code that assumes
// pitch == width fails here too).
inline cudaError_t cudaMallocPitch(void** p, size_t* pitch, size_t width, size_t height) {
  *pitch = (width + 511) / 512 * 512;
  return cudaMalloc(p, *pitch * height);
}
template <class T>
cudaError_t cudaMallocPitch(T** p, size_t* pitch, size_t width, size_t height) {
  return cudaMallocPitch(reinterpret_cast<void**>(p), pitch, width, height);
}
inline cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch,
                                size_t width, size_t height, cudaMemcpyKind kind) {
  if (width > dpitch || width > spitch) {
    cuad_cpu::fatal("cudaMemcpy2D: width %zu exceeds a pitch (%zu, %zu)", width, dpitch, spitch);
  }
  for (size_t r = 0; r < height; ++r) {
    cudaMemcpy(static_cast<char*>(dst) + r * dpitch, static_cast<const char*>(src) + r * spitch,
               width, kind);
  }
  return cudaSuccess;
}
inline cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                                     size_t width, size_t height, cudaMemcpyKind kind,
                                     cudaStream_t = nullptr) {
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
inline cudaError_t cudaMemset(void* p, int value, size_t count);
inline cudaError_t cudaMemset2D(void* p, size_t pitch, int value, size_t width, size_t height) {
  for (size_t r = 0; r < height; ++r) cudaMemset(static_cast<char*>(p) + r * pitch, value, width);
  return cudaSuccess;
}
inline cudaError_t cudaMemset(void* p, int value, size_t count) {
  cuad_cpu::check_side(p, count, true, "cudaMemset", "destination");
  if (count) std::memset(p, value, count);
  return cudaSuccess;
}
inline cudaError_t cudaMemset2DAsync(void* p, size_t pitch, int value, size_t width,
                                     size_t height, cudaStream_t = nullptr) {
  return cudaMemset2D(p, pitch, value, width, height);
}
inline cudaError_t cudaMemsetAsync(void* p, int value, size_t count, cudaStream_t = nullptr) {
  return cudaMemset(p, value, count);
}
template <class T>
cudaError_t cudaMemcpyToSymbol(T& symbol, const void* src, size_t count, size_t offset = 0,
                               cudaMemcpyKind = cudaMemcpyHostToDevice) {
  std::memcpy(reinterpret_cast<char*>(&symbol) + offset, src, count);
  return cudaSuccess;
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                 cudaMemcpyKind = cudaMemcpyDeviceToHost) {
  std::memcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, count);
  return cudaSuccess;
}
// The symbol's address is device memory from then on (runtime calls given it check so).
template <class T>
cudaError_t cudaGetSymbolAddress(void** p, const T& symbol) {
  *p = const_cast<void*>(static_cast<const void*>(&symbol));
  std::lock_guard<std::mutex> lock(cuad_cpu::registry_mutex());
  cuad_cpu::registry()[reinterpret_cast<uintptr_t>(*p)] = cuad_cpu::Allocation{sizeof(T), false, true};
  return cudaSuccess;
}
template <class T>
cudaError_t cudaGetSymbolSize(size_t* size, const T&) {
  *size = sizeof(T);
  return cudaSuccess;
}

inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
// Device limits: the emulation runs on the host's stack and heap, so setting one changes nothing.
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2 };
inline size_t& cuad_cpu_limit(cudaLimit l) {
  static size_t limits[3] = {1024, 1 << 20, 8 << 20};
  return limits[l];
}
inline cudaError_t cudaDeviceSetLimit(cudaLimit l, size_t v) {
  cuad_cpu_limit(l) = v;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetLimit(size_t* v, cudaLimit l) {
  *v = cuad_cpu_limit(l);
  return cudaSuccess;
}
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline cudaError_t cudaPeekAtLastError() { return cudaSuccess; }
inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int* d) {
  *d = 0;
  return cudaSuccess;
}
inline cudaError_t cudaGetDeviceCount(int* n) {
  *n = 1;
  return cudaSuccess;
}
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int) {
  std::memset(p, 0, sizeof(*p));
  std::snprintf(p->name, sizeof(p->name), "cuad_cpu emulation");
  p->totalGlobalMem = size_t(1) << 32;
  p->sharedMemPerBlock = 48 * 1024;
  p->warpSize = 32;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
  p->maxThreadsDim[2] = 64;
  p->maxGridSize[0] = 0x7fffffff;
  p->maxGridSize[1] = p->maxGridSize[2] = 65535;
  p->multiProcessorCount = 1;
  p->major = 9;
  return cudaSuccess;
}
inline const char* cudaGetErrorString(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidDevicePointer: return "invalid device pointer";
    case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case cudaErrorLaunchFailure: return "unspecified launch failure";
  }
  return "unknown error";
}
inline const char* cudaGetErrorName(cudaError_t e) {
  return e == cudaSuccess ? "cudaSuccess" : "cudaError";
}
inline cudaError_t cudaStreamCreate(cudaStream_t* s) {
  *s = new CUstream_st();
  return cudaSuccess;
}
constexpr unsigned cudaStreamDefault = 0, cudaStreamNonBlocking = 1;
constexpr unsigned cudaEventDefault = 0, cudaEventBlockingSync = 1, cudaEventDisableTiming = 2;
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned) {
  return cudaStreamCreate(s);
}
inline cudaError_t cudaStreamDestroy(cudaStream_t s) {
  delete s;
  return cudaSuccess;
}
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaEventCreate(cudaEvent_t* e) {
  *e = new CUevent_st();
  return cudaSuccess;
}
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned) {
  return cudaEventCreate(e);
}
// Launches run to completion in order: waiting on an event has nothing to wait for.
inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned = 0) {
  return cudaSuccess;
}
inline cudaError_t cudaEventDestroy(cudaEvent_t e) {
  delete e;
  return cudaSuccess;
}
inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t = nullptr) {
  e->when = std::chrono::steady_clock::now();
  return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t a, cudaEvent_t b) {
  *ms = std::chrono::duration<float, std::milli>(b->when - a->when).count();
  return cudaSuccess;
}

// Occupancy queries: the emulation has no register or shared-memory limits, so it answers
// what a GPU commonly answers for a small kernel (1024-thread blocks, 2 per multiprocessor).
template <class K>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block, K, size_t = 0,
                                                      int block_limit = 0) {
  *block = block_limit > 0 && block_limit < 1024 ? block_limit : 1024;
  *min_grid = 2;
  return cudaSuccess;
}
template <class K>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, K, int, size_t) {
  *blocks = 2;
  return cudaSuccess;
}

// Cooperative groups: the thread block (what cuad models); <cooperative_groups.h> is a shim.
namespace cooperative_groups {
struct thread_block {
  void sync() const { __syncthreads(); }
  unsigned thread_rank() const {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  unsigned num_threads() const { return size(); }
  dim3 group_index() const { return blockIdx; }
  dim3 thread_index() const { return threadIdx; }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};
inline thread_block this_thread_block() { return {}; }
inline void sync(const thread_block& b) { b.sync(); }
// A warp tile of S consecutive threads of the block (S a power of two up to 32).
template <unsigned S>
struct thread_block_tile {
  void sync() const { __syncwarp(); }
  unsigned thread_rank() const { return this_thread_block().thread_rank() & (S - 1); }
  unsigned size() const { return S; }
  unsigned num_threads() const { return S; }
  unsigned meta_group_rank() const { return this_thread_block().thread_rank() / S; }
  unsigned meta_group_size() const { return (this_thread_block().size() + S - 1) / S; }
  template <class T>
  T shfl(T v, int src) const { return __shfl_sync(0xffffffffu, v, src, S); }
  template <class T>
  T shfl_down(T v, unsigned d) const { return __shfl_down_sync(0xffffffffu, v, d, S); }
  template <class T>
  T shfl_up(T v, unsigned d) const { return __shfl_up_sync(0xffffffffu, v, d, S); }
  template <class T>
  T shfl_xor(T v, int m) const { return __shfl_xor_sync(0xffffffffu, v, m, S); }
  // The tile's lanes of the warp's ballot, bit 0 for the tile's rank 0.
  unsigned ballot(int p) const {
    const unsigned all = __ballot_sync(0xffffffffu, p);
    return S == 32 ? all : (all >> (this_thread_block().thread_rank() & (32 - S))) & ((1u << S) - 1);
  }
  bool any(int p) const { return ballot(p) != 0; }
  bool all(int p) const { return ballot(p) == (S == 32 ? 0xffffffffu : (1u << S) - 1); }
};
template <unsigned S>
thread_block_tile<S> tiled_partition(const thread_block&) { return {}; }
// The type-erased group: a thread block (tile == 0) or a warp tile of `tile` threads.
struct thread_group {
  unsigned tile;
  thread_group(const thread_block&) : tile(0) {}
  template <unsigned S>
  thread_group(const thread_block_tile<S>&) : tile(S) {}
  void sync() const {
    if (tile == 0)
      __syncthreads();
    else
      __syncwarp();
  }
  unsigned thread_rank() const {
    const unsigned r = this_thread_block().thread_rank();
    return tile == 0 ? r : r & (tile - 1);
  }
  unsigned size() const { return tile == 0 ? this_thread_block().size() : tile; }
  unsigned num_threads() const { return size(); }
};
inline void sync(const thread_group& g) { g.sync(); }
// <cooperative_groups/reduce.h>: every thread of the tile gets the reduction of all of them.
template <class T>
struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <class T>
struct less {
  T operator()(T a, T b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  T operator()(T a, T b) const { return a & b; }
};
template <class T>
struct bit_or {
  T operator()(T a, T b) const { return a | b; }
};
template <class T>
struct bit_xor {
  T operator()(T a, T b) const { return a ^ b; }
};
template <unsigned S, class T, class Op>
T reduce(const thread_block_tile<S>& tile, T v, Op op) {
  for (int o = S / 2; o > 0; o /= 2) v = op(v, tile.shfl_xor(v, o));
  return v;
}
}  // namespace cooperative_groups

// <cub/cub.cuh> (a shim header): the block and warp collectives cuad differentiates, with
// CUB's interfaces (temporary storage in `__shared__`, results valid where CUB says), computed
// plainly through shared memory and barriers. Other threads' results are what CUB leaves
// there too: nothing a program may use.
namespace cub {
struct Sum {
  template <class T>
  T operator()(const T& a, const T& b) const { return a + b; }
};
struct Max {
  template <class T>
  T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
struct Min {
  template <class T>
  T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
namespace detail {
template <int X, int Y, int Z>
unsigned block_tid() {
  return threadIdx.x + (Y == 1 ? 0 : threadIdx.y * X) + (Z == 1 ? 0 : threadIdx.z * X * Y);
}
}  // namespace detail
template <class T, int X, BlockReduceAlgorithm A = BLOCK_REDUCE_WARP_REDUCTIONS, int Y = 1,
          int Z = 1>
class BlockReduce {
 public:
  struct TempStorage {
    T item[X * Y * Z];
  };
  explicit BlockReduce(TempStorage& t) : t_(t) {}
  // The reduction of the first `valid` threads' inputs, in thread 0.
  template <class Op>
  T Reduce(T v, Op op, int valid = X * Y * Z) {
    const unsigned tid = detail::block_tid<X, Y, Z>();
    t_.item[tid] = v;
    __syncthreads();
    T r = t_.item[0];
    if (tid == 0)
      for (int u = 1; u < valid; ++u) r = op(r, t_.item[u]);
    __syncthreads();
    return tid == 0 ? r : v;
  }
  T Sum(T v, int valid = X * Y * Z) { return Reduce(v, cub::Sum(), valid); }
  // Several items per thread: the thread's items folded in order, then across the block.
  template <int N, class Op>
  T Reduce(T (&items)[N], Op op) {
    T v = items[0];
    for (int k = 1; k < N; ++k) v = op(v, items[k]);
    return Reduce(v, op);
  }
  template <int N>
  T Sum(T (&items)[N]) {
    return Reduce(items, cub::Sum());
  }

 private:
  TempStorage& t_;
};
template <class T, int W = 32>
class WarpReduce {
 public:
  struct TempStorage {
    T unused;
  };
  explicit WarpReduce(TempStorage&) {}
  // The reduction over the logical warp's first `valid` lanes, in its lane 0.
  template <class Op>
  T Reduce(T v, Op op, int valid = W) {
    const unsigned lane = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % W;
    T r = v;
    for (int k = 1; k < W; ++k) {
      const T other = __shfl_sync(0xffffffffu, v, lane + k, W);
      if (lane == 0 && k < valid) r = op(r, other);
    }
    return r;
  }
  T Sum(T v, int valid = W) { return Reduce(v, cub::Sum(), valid); }
};
template <class T, int X, BlockScanAlgorithm A = BLOCK_SCAN_RAKING, int Y = 1, int Z = 1>
class BlockScan {
 public:
  struct TempStorage {
    T item[X * Y * Z];
  };
  explicit BlockScan(TempStorage& t) : t_(t) {}
  void InclusiveSum(T v, T& out) {
    T total;
    Scan(v, out, total, true);
  }
  void InclusiveSum(T v, T& out, T& total) { Scan(v, out, total, true); }
  void ExclusiveSum(T v, T& out) {
    T total;
    Scan(v, out, total, false);
  }
  void ExclusiveSum(T v, T& out, T& total) { Scan(v, out, total, false); }
  template <class Op>
  void InclusiveScan(T v, T& out, Op op) {
    T total;
    InclusiveScan(v, out, op, total);
  }
  template <class Op>
  void InclusiveScan(T v, T& out, Op op, T& total) {
    const unsigned tid = detail::block_tid<X, Y, Z>();
    t_.item[tid] = v;
    __syncthreads();
    T acc = t_.item[0];
    for (unsigned u = 0; u < X * Y * Z; ++u) {
      if (u > 0) acc = op(acc, t_.item[u]);
      if (u == tid) out = acc;
    }
    total = acc;
    __syncthreads();
  }
  // Several items per thread (blocked arrangement: thread t holds items t * N .. t * N + N - 1
  // of the block's sequence); `out` may be `items`.
  template <int N>
  void InclusiveSum(T (&items)[N], T (&out)[N]) {
    T total;
    ItemsScan(items, out, cub::Sum(), total, true);
  }
  template <int N>
  void InclusiveSum(T (&items)[N], T (&out)[N], T& total) {
    ItemsScan(items, out, cub::Sum(), total, true);
  }
  template <int N>
  void ExclusiveSum(T (&items)[N], T (&out)[N]) {
    T total;
    ItemsScan(items, out, cub::Sum(), total, false);
  }
  template <int N>
  void ExclusiveSum(T (&items)[N], T (&out)[N], T& total) {
    ItemsScan(items, out, cub::Sum(), total, false);
  }
  template <int N, class Op>
  void InclusiveScan(T (&items)[N], T (&out)[N], Op op) {
    T total;
    ItemsScan(items, out, op, total, true);
  }
  template <int N, class Op>
  void InclusiveScan(T (&items)[N], T (&out)[N], Op op, T& total) {
    ItemsScan(items, out, op, total, true);
  }

 private:
  void Scan(T v, T& out, T& total, bool inclusive) {
    const unsigned tid = detail::block_tid<X, Y, Z>();
    t_.item[tid] = v;
    __syncthreads();
    T acc = T(0);
    total = T(0);
    for (unsigned u = 0; u < X * Y * Z; ++u) {
      if (u == tid && !inclusive) out = acc;
      acc = acc + t_.item[u];
      if (u == tid && inclusive) out = acc;
    }
    total = acc;
    __syncthreads();
  }
  // The thread's items folded, the folds of the threads below combined in order (none in
  // thread 0: an exclusive sum starts from 0 there), then carried through the items.
  template <int N, class Op>
  void ItemsScan(T (&items)[N], T (&out)[N], Op op, T& total, bool inclusive) {
    const unsigned tid = detail::block_tid<X, Y, Z>();
    T fold = items[0];
    for (int k = 1; k < N; ++k) fold = op(fold, items[k]);
    t_.item[tid] = fold;
    __syncthreads();
    T prefix = t_.item[0];
    for (unsigned u = 1; u < tid; ++u) prefix = op(prefix, t_.item[u]);
    total = t_.item[0];
    for (unsigned u = 1; u < X * Y * Z; ++u) total = op(total, t_.item[u]);
    __syncthreads();
    bool has_prefix = tid > 0;
    if (!inclusive && !has_prefix) {
      prefix = T(0);
      has_prefix = true;
    }
    for (int k = 0; k < N; ++k) {
      const T x = items[k];
      if (inclusive) {
        prefix = has_prefix ? op(prefix, x) : x;
        out[k] = prefix;
      } else {
        out[k] = prefix;
        prefix = op(prefix, x);
      }
      has_prefix = true;
    }
  }
  TempStorage& t_;
};
}  // namespace cub

// <curand_kernel.h> (a shim header): the device API of cuRAND, deterministic and statistically
// sound but not NVIDIA's bit streams. Every generator type is emulated by Philox4x32-10 keyed by
// the seed, with the subsequence and the offset in the counter, so `curand_init(seed, sub, off)`
// and skipahead land where they should; normals are Box-Muller pairs (the second one cached, as
// cuRAND does). The host API (curandGenerator_t) is not emulated.
struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
// The other generators share Philox's layout under their own names, so that overloads on the
// state type stay distinct as in cuRAND.
struct curandStateXORWOW : curandStatePhilox4_32_10 {};
struct curandStateMRG32k3a : curandStatePhilox4_32_10 {};
typedef curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef curandStateXORWOW curandStateXORWOW_t;
typedef curandStateMRG32k3a curandStateMRG32k3a_t;
typedef curandStateXORWOW curandState_t;
typedef curandStateXORWOW curandState;
#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI (6.2831855f)
#define CURAND_SQRT2 (-1.4142135f)

namespace cuad_cpu {
namespace rand {
inline unsigned mulhilo(unsigned a, unsigned b, unsigned* hi) {
  const unsigned long long p = (unsigned long long)a * b;
  *hi = (unsigned)(p >> 32);
  return (unsigned)p;
}
// Philox4x32-10 (Salmon et al., SC'11): ten rounds of the published multipliers and Weyl keys.
inline uint4 philox(uint4 c, uint2 k) {
  for (int round = 0; round < 10; ++round) {
    unsigned hi0, hi1;
    const unsigned lo0 = mulhilo(0xD2511F53u, c.x, &hi0);
    const unsigned lo1 = mulhilo(0xCD9E8D57u, c.z, &hi1);
    c = make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return c;
}
inline void advance_blocks(curandStatePhilox4_32_10* s, unsigned long long n) {
  const unsigned long long lo = ((unsigned long long)s->ctr.y << 32 | s->ctr.x);
  const unsigned long long sum = lo + n;
  s->ctr.x = (unsigned)sum;
  s->ctr.y = (unsigned)(sum >> 32);
  if (sum < lo && ++s->ctr.z == 0) ++s->ctr.w;
}
inline void refill(curandStatePhilox4_32_10* s) { s->output = philox(s->ctr, s->key); }
// Moves to output `offset` (4 per counter block) from the current position.
inline void skip(curandStatePhilox4_32_10* s, unsigned long long offset) {
  const unsigned long long total = s->STATE + offset;
  advance_blocks(s, total / 4);
  s->STATE = (unsigned)(total % 4);
  refill(s);
}
inline unsigned next(curandStatePhilox4_32_10* s) {
  const unsigned out[4] = {s->output.x, s->output.y, s->output.z, s->output.w};
  const unsigned v = out[s->STATE];
  if (++s->STATE == 4) {
    s->STATE = 0;
    advance_blocks(s, 1);
    refill(s);
  }
  return v;
}
// (0, 1]: never 0, so that log() of it is finite.
inline float to_float(unsigned x) { return (float)(x * CURAND_2POW32_INV + CURAND_2POW32_INV / 2.0f); }
inline double to_double(unsigned a, unsigned b) {
  const unsigned long long bits = ((unsigned long long)a << 21) ^ (b >> 11);
  return (double)(bits + 1) * (1.0 / 9007199254740992.0);
}
inline float2 box_muller(unsigned a, unsigned b) {
  const float u = to_float(a), v = to_float(b) * CURAND_2PI;
  const float r = sqrtf(-2.0f * logf(u));
  return make_float2(r * sinf(v), r * cosf(v));
}
inline double2 box_muller_double(curandStatePhilox4_32_10* s) {
  const unsigned a = next(s), b = next(s), c = next(s), d = next(s);
  const double u = to_double(a, b), v = to_double(c, d) * 2.0 * CURAND_PI_DOUBLE;
  const double r = sqrt(-2.0 * log(u));
  return make_double2(r * sin(v), r * cos(v));
}
}  // namespace rand
}  // namespace cuad_cpu

inline void curand_init(unsigned long long seed, unsigned long long subsequence,
                        unsigned long long offset, curandStatePhilox4_32_10* s) {
  s->key = make_uint2((unsigned)seed, (unsigned)(seed >> 32));
  s->ctr = make_uint4(0u, 0u, (unsigned)subsequence, (unsigned)(subsequence >> 32));
  s->STATE = 0;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
  cuad_cpu::rand::skip(s, offset);
}
inline void skipahead(unsigned long long n, curandStatePhilox4_32_10* s) {
  cuad_cpu::rand::skip(s, n);
}
inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10* s) {
  const unsigned long long sub = ((unsigned long long)s->ctr.w << 32 | s->ctr.z) + n;
  s->ctr.z = (unsigned)sub;
  s->ctr.w = (unsigned)(sub >> 32);
  cuad_cpu::rand::refill(s);
}
inline unsigned int curand(curandStatePhilox4_32_10* s) { return cuad_cpu::rand::next(s); }
inline uint4 curand4(curandStatePhilox4_32_10* s) {
  const unsigned a = curand(s), b = curand(s), c = curand(s), d = curand(s);
  return make_uint4(a, b, c, d);
}
inline float curand_uniform(curandStatePhilox4_32_10* s) {
  return cuad_cpu::rand::to_float(curand(s));
}
inline double curand_uniform_double(curandStatePhilox4_32_10* s) {
  const unsigned a = curand(s), b = curand(s);
  return cuad_cpu::rand::to_double(a, b);
}
inline float4 curand_uniform4(curandStatePhilox4_32_10* s) {
  const uint4 u = curand4(s);
  return make_float4(cuad_cpu::rand::to_float(u.x), cuad_cpu::rand::to_float(u.y),
                     cuad_cpu::rand::to_float(u.z), cuad_cpu::rand::to_float(u.w));
}
inline double2 curand_uniform2_double(curandStatePhilox4_32_10* s) {
  const double a = curand_uniform_double(s), b = curand_uniform_double(s);
  return make_double2(a, b);
}
inline float2 curand_normal2(curandStatePhilox4_32_10* s) {
  const unsigned a = curand(s), b = curand(s);
  return cuad_cpu::rand::box_muller(a, b);
}
inline float4 curand_normal4(curandStatePhilox4_32_10* s) {
  const float2 a = curand_normal2(s), b = curand_normal2(s);
  return make_float4(a.x, a.y, b.x, b.y);
}
inline float curand_normal(curandStatePhilox4_32_10* s) {
  if (s->boxmuller_flag) {
    s->boxmuller_flag = 0;
    return s->boxmuller_extra;
  }
  const float2 v = curand_normal2(s);
  s->boxmuller_extra = v.y;
  s->boxmuller_flag = 1;
  return v.x;
}
inline double2 curand_normal2_double(curandStatePhilox4_32_10* s) {
  return cuad_cpu::rand::box_muller_double(s);
}
inline double curand_normal_double(curandStatePhilox4_32_10* s) {
  if (s->boxmuller_flag_double) {
    s->boxmuller_flag_double = 0;
    return s->boxmuller_extra_double;
  }
  const double2 v = curand_normal2_double(s);
  s->boxmuller_extra_double = v.y;
  s->boxmuller_flag_double = 1;
  return v.x;
}
inline float curand_log_normal(curandStatePhilox4_32_10* s, float mean, float stddev) {
  return expf(mean + stddev * curand_normal(s));
}
inline float2 curand_log_normal2(curandStatePhilox4_32_10* s, float mean, float stddev) {
  const float2 v = curand_normal2(s);
  return make_float2(expf(mean + stddev * v.x), expf(mean + stddev * v.y));
}
inline double curand_log_normal_double(curandStatePhilox4_32_10* s, double mean, double stddev) {
  return exp(mean + stddev * curand_normal_double(s));
}
// Poisson by inversion of the CDF for small means, a rounded normal approximation above.
inline unsigned int curand_poisson(curandStatePhilox4_32_10* s, double lambda) {
  if (lambda >= 64.0) {
    const double x = floor(lambda + sqrt(lambda) * curand_normal_double(s) + 0.5);
    return x < 0.0 ? 0u : (unsigned)x;
  }
  const double u = curand_uniform_double(s);
  double p = exp(-lambda), cdf = p;
  unsigned k = 0;
  while (u > cdf && k < 1000u) {
    ++k;
    p *= lambda / k;
    cdf += p;
  }
  return k;
}
// CUB 3's reduction functors (`Reduce(v, cuda::std::plus<>())`, `cuda::maximum<>{}`).
namespace cuda {
template <class T = void>
struct maximum {
  template <class A>
  A operator()(const A& a, const A& b) const { return a < b ? b : a; }
};
template <class T = void>
struct minimum {
  template <class A>
  A operator()(const A& a, const A& b) const { return b < a ? b : a; }
};
namespace std {
template <class T = void>
using plus = ::std::plus<T>;
}  // namespace std
}  // namespace cuda

// <cuda_fp16.h> and <cuda_bf16.h> (shim headers): 16-bit storage rounded to nearest even, float
// arithmetic (CUDA's operators compute in half precision on sm_53+; a case's tolerances cover
// that). Enough for kernels that store `__half` / `__nv_bfloat16` and compute in float.
namespace cuad_cpu {
inline unsigned short float_to_half_bits(float f) {
  _Float16 h = (_Float16)f;
  unsigned short b;
  std::memcpy(&b, &h, 2);
  return b;
}
inline float half_bits_to_float(unsigned short b) {
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return (float)h;
}
inline unsigned short float_to_bf16_bits(float f) {
  unsigned u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x40u);  // NaN
  return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
inline float bf16_bits_to_float(unsigned short b) {
  unsigned u = (unsigned)b << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
}  // namespace cuad_cpu
#define CUAD_SIXTEEN_BIT(T, TO_BITS, FROM_BITS)                                          \
  struct T {                                                                            \
    unsigned short bits;                                                                \
    T() = default;                                                                      \
    template <class A, class = typename std::enable_if<std::is_arithmetic<A>::value>::type> \
    T(A v) : bits(cuad_cpu::TO_BITS((float)v)) {}                                       \
    operator float() const { return cuad_cpu::FROM_BITS(bits); }                        \
    T& operator+=(T o) { return *this = T(float(*this) + float(o)); }                   \
    T& operator-=(T o) { return *this = T(float(*this) - float(o)); }                   \
    T& operator*=(T o) { return *this = T(float(*this) * float(o)); }                   \
    T& operator/=(T o) { return *this = T(float(*this) / float(o)); }                   \
  };                                                                                    \
  inline T atomicAdd(T* p, T v) {                                                       \
    static std::mutex m;                                                                \
    std::lock_guard<std::mutex> lock(m);                                                \
    T old = *p;                                                                         \
    *p = T(float(old) + float(v));                                                      \
    return old;                                                                         \
  }
CUAD_SIXTEEN_BIT(__half, float_to_half_bits, half_bits_to_float)
CUAD_SIXTEEN_BIT(__nv_bfloat16, float_to_bf16_bits, bf16_bits_to_float)
#undef CUAD_SIXTEEN_BIT
// `half` and `nv_bfloat16` come with the cuda_fp16.h / cuda_bf16.h shims, as in CUDA, where
// they are not declared without those headers (a user's own `half` must not clash).
inline float __half2float(__half h) { return float(h); }
inline __half __float2half(float f) { return __half(f); }
inline __half __float2half_rn(float f) { return __half(f); }
inline __half __double2half(double d) { return __half((float)d); }
inline __half __hadd(__half a, __half b) { return __half(float(a) + float(b)); }
inline __half __hsub(__half a, __half b) { return __half(float(a) - float(b)); }
inline __half __hmul(__half a, __half b) { return __half(float(a) * float(b)); }
inline __half __hdiv(__half a, __half b) { return __half(float(a) / float(b)); }
inline __half __hneg(__half a) { return __half(-float(a)); }
inline __half __hfma(__half a, __half b, __half c) { return __half(float(a) * float(b) + float(c)); }
inline float __bfloat162float(__nv_bfloat16 h) { return float(h); }
inline __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); }
// Pairs of 16-bit values (`__half2`, `__nv_bfloat162`): each operation is done on both halves in
// float and rounded once, as CUDA's correctly rounded intrinsics are.
#define CUAD_PAIR(P, H, MAKE, TOF, FROMF, F22P, P2F2, FS2P, F2P, HS2P, H2P, LOW, HIGH)         \
  struct P {                                                                                \
    H x, y;                                                                                 \
  };                                                                                        \
  inline P MAKE(H a, H b) { return P{a, b}; }                                               \
  inline P HS2P(H a, H b) { return P{a, b}; }                                               \
  inline P H2P(H a) { return P{a, a}; }                                                     \
  inline H LOW(P a) { return a.x; }                                                         \
  inline H HIGH(P a) { return a.y; }                                                        \
  inline float __low2float(P a) { return float(a.x); }                                      \
  inline float __high2float(P a) { return float(a.y); }                                     \
  inline float2 P2F2(P a) { return make_float2(float(a.x), float(a.y)); }                   \
  inline P F22P(float2 a) { return P{H(a.x), H(a.y)}; }                                     \
  inline P FS2P(float a, float b) { return P{H(a), H(b)}; }                                 \
  inline P F2P(float a) { return P{H(a), H(a)}; }                                           \
  inline P __lowhigh2highlow(P a) { return P{a.y, a.x}; }                                   \
  inline P operator+(P a, P b) { return P{H(float(a.x) + float(b.x)), H(float(a.y) + float(b.y))}; } \
  inline P operator-(P a, P b) { return P{H(float(a.x) - float(b.x)), H(float(a.y) - float(b.y))}; } \
  inline P operator*(P a, P b) { return P{H(float(a.x) * float(b.x)), H(float(a.y) * float(b.y))}; } \
  inline P operator/(P a, P b) { return P{H(float(a.x) / float(b.x)), H(float(a.y) / float(b.y))}; } \
  inline P operator-(P a) { return P{H(-float(a.x)), H(-float(a.y))}; }                     \
  inline P& operator+=(P& a, P b) { return a = a + b; }                                     \
  inline P& operator-=(P& a, P b) { return a = a - b; }                                     \
  inline P& operator*=(P& a, P b) { return a = a * b; }                                     \
  inline P& operator/=(P& a, P b) { return a = a / b; }                                     \
  inline P __hadd2(P a, P b) { return P{H(float(a.x) + float(b.x)), H(float(a.y) + float(b.y))}; } \
  inline P __hadd2_rn(P a, P b) { return __hadd2(a, b); }                                   \
  inline P __hsub2(P a, P b) { return P{H(float(a.x) - float(b.x)), H(float(a.y) - float(b.y))}; } \
  inline P __hsub2_rn(P a, P b) { return __hsub2(a, b); }                                   \
  inline P __hmul2(P a, P b) { return P{H(float(a.x) * float(b.x)), H(float(a.y) * float(b.y))}; } \
  inline P __hmul2_rn(P a, P b) { return __hmul2(a, b); }                                   \
  inline P __h2div(P a, P b) { return P{H(float(a.x) / float(b.x)), H(float(a.y) / float(b.y))}; } \
  inline P __hfma2(P a, P b, P c) {                                                         \
    return P{H(float(a.x) * float(b.x) + float(c.x)), H(float(a.y) * float(b.y) + float(c.y))}; \
  }                                                                                         \
  inline P __hneg2(P a) { return P{H(-float(a.x)), H(-float(a.y))}; }                       \
  inline P __habs2(P a) { return P{H(std::fabs(float(a.x))), H(std::fabs(float(a.y)))}; }  \
  inline P __hmax2(P a, P b) { return P{H(std::fmax(float(a.x), float(b.x))), H(std::fmax(float(a.y), float(b.y)))}; } \
  inline P __hmin2(P a, P b) { return P{H(std::fmin(float(a.x), float(b.x))), H(std::fmin(float(a.y), float(b.y)))}; } \
  inline P h2exp(P a) { return P{H(std::exp(float(a.x))), H(std::exp(float(a.y)))}; }      \
  inline P h2exp2(P a) { return P{H(std::exp2(float(a.x))), H(std::exp2(float(a.y)))}; }   \
  inline P h2exp10(P a) { return P{H(::exp10f(float(a.x))), H(::exp10f(float(a.y)))}; }    \
  inline P h2log(P a) { return P{H(std::log(float(a.x))), H(std::log(float(a.y)))}; }      \
  inline P h2log2(P a) { return P{H(std::log2(float(a.x))), H(std::log2(float(a.y)))}; }   \
  inline P h2log10(P a) { return P{H(std::log10(float(a.x))), H(std::log10(float(a.y)))}; } \
  inline P h2sqrt(P a) { return P{H(std::sqrt(float(a.x))), H(std::sqrt(float(a.y)))}; }   \
  inline P h2rsqrt(P a) { return P{H(1.0f / std::sqrt(float(a.x))), H(1.0f / std::sqrt(float(a.y)))}; } \
  inline P h2rcp(P a) { return P{H(1.0f / float(a.x)), H(1.0f / float(a.y))}; }            \
  inline P h2sin(P a) { return P{H(std::sin(float(a.x))), H(std::sin(float(a.y)))}; }      \
  inline P h2cos(P a) { return P{H(std::cos(float(a.x))), H(std::cos(float(a.y)))}; }      \
  inline P h2tanh(P a) { return P{H(std::tanh(float(a.x))), H(std::tanh(float(a.y)))}; }
CUAD_PAIR(__half2, __half, make_half2, __half2float, __float2half, __float22half2_rn,
          __half22float2, __floats2half2_rn, __float2half2_rn, __halves2half2, __half2half2,
          __low2half, __high2half)
CUAD_PAIR(__nv_bfloat162, __nv_bfloat16, make_bfloat162, __bfloat162float, __float2bfloat16,
          __float22bfloat162_rn, __bfloat1622float2, __floats2bfloat162_rn, __float2bfloat162_rn,
          __halves2bfloat162, __bfloat162bfloat162, __low2bfloat16, __high2bfloat16)
#undef CUAD_PAIR

// <cuComplex.h> (a shim header): complex numbers as float2 / double2.
typedef float2 cuFloatComplex;
typedef float2 cuComplex;
typedef double2 cuDoubleComplex;
inline float cuCrealf(cuFloatComplex a) { return a.x; }
inline float cuCimagf(cuFloatComplex a) { return a.y; }
inline cuFloatComplex make_cuFloatComplex(float r, float i) { return make_float2(r, i); }
inline cuFloatComplex make_cuComplex(float r, float i) { return make_float2(r, i); }
inline cuFloatComplex cuConjf(cuFloatComplex a) { return make_float2(a.x, -a.y); }
inline cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) { return make_float2(a.x + b.x, a.y + b.y); }
inline cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) { return make_float2(a.x - b.x, a.y - b.y); }
inline cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
inline cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) {
  float d = b.x * b.x + b.y * b.y;
  return make_float2((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d);
}
inline float cuCabsf(cuFloatComplex a) { return std::hypot(a.x, a.y); }
inline double cuCreal(cuDoubleComplex a) { return a.x; }
inline double cuCimag(cuDoubleComplex a) { return a.y; }
inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return make_double2(r, i); }
inline cuDoubleComplex cuConj(cuDoubleComplex a) { return make_double2(a.x, -a.y); }
inline cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) { return make_double2(a.x + b.x, a.y + b.y); }
inline cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) { return make_double2(a.x - b.x, a.y - b.y); }
inline cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
inline cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) {
  double d = b.x * b.x + b.y * b.y;
  return make_double2((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d);
}
inline double cuCabs(cuDoubleComplex a) { return std::hypot(a.x, a.y); }

#endif  // CUAD_CPU
