// Shared harness for the cuad GPU benchmark drivers.
//
// Every driver: allocates and fills its data on the GPU, verifies the gradients it has
// (cuad's and the hand-written one) against finite differences / analytic references,
// times forward, cuad gradient and hand-written gradient with CUDA events (median of
// >= 21 runs after warm-up, state restored outside the timed region), and prints ONE
// line `RESULT {json}` on stdout. Diagnostics go to stderr.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace bench {

// ---------------------------------------------------------------- result line (JSON)

inline std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += c;
    } else if (c == '\n') {
      o += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      o += ' ';
    } else {
      o += c;
    }
  }
  return o;
}

inline std::string json_num(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[64];
  snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// Collects "key": value pairs and prints them as one JSON object.
class Result {
 public:
  explicit Result(const char* workload) { str("workload", workload); }
  void str(const char* k, const std::string& v) { add(k, "\"" + json_escape(v) + "\""); }
  void num(const char* k, double v) { add(k, json_num(v)); }
  void raw(const char* k, const std::string& v) { add(k, v); }
  void print() const { printf("RESULT {%s}\n", body_.c_str()); fflush(stdout); }

 private:
  void add(const char* k, const std::string& v) {
    if (!body_.empty()) body_ += ", ";
    body_ += "\"" + std::string(k) + "\": " + v;
  }
  std::string body_;
};

// The workload's result object; fatal errors still print a RESULT line through it.
inline Result*& current_result() {
  static Result* r = nullptr;
  return r;
}

[[noreturn]] inline void fail_exit(const char* what, const char* why, const char* file, int line) {
  fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, what, why);
  if (current_result() != nullptr) {
    current_result()->str("status", "error");
    current_result()->str("error", std::string(what) + ": " + why);
    current_result()->print();
  }
  exit(1);
}

#define CK(call)                                                                 \
  do {                                                                           \
    cudaError_t ck_err_ = (call);                                                \
    if (ck_err_ != cudaSuccess)                                                  \
      ::bench::fail_exit(#call, cudaGetErrorString(ck_err_), __FILE__, __LINE__); \
  } while (0)

#define CK_LAUNCH() CK(cudaGetLastError())

// ---------------------------------------------------------------- memory helpers

template <class T>
T* dalloc(size_t n) {
  T* p = nullptr;
  CK(cudaMalloc(reinterpret_cast<void**>(&p), n * sizeof(T) + 16));
  return p;
}

template <class T>
void dzero(T* p, size_t n) {
  CK(cudaMemset(p, 0, n * sizeof(T)));
}

template <class T>
void dcopy(T* dst, const T* src, size_t n) {
  CK(cudaMemcpy(dst, src, n * sizeof(T), cudaMemcpyDeviceToDevice));
}

template <class T>
void upload(T* dst, const std::vector<T>& src) {
  CK(cudaMemcpy(dst, src.data(), src.size() * sizeof(T), cudaMemcpyHostToDevice));
}

template <class T>
std::vector<T> download(const T* src, size_t n) {
  std::vector<T> h(n);
  CK(cudaMemcpy(h.data(), src, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

template <class T>
T read1(const T* src, size_t i = 0) {
  T v;
  CK(cudaMemcpy(&v, src + i, sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}

template <class T>
void write1(T* dst, size_t i, T v) {
  CK(cudaMemcpy(dst + i, &v, sizeof(T), cudaMemcpyHostToDevice));
}

// ---------------------------------------------------------------- deterministic random data

__host__ __device__ inline uint32_t hash32(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return static_cast<uint32_t>(x);
}

__host__ __device__ inline double unit(uint64_t seed, uint64_t i) {
  return (hash32(seed * 0x9E3779B97F4A7C15ULL + i) + 0.5) * (1.0 / 4294967296.0);
}

template <class T>
__global__ void fill_uniform_kernel(T* p, size_t n, uint64_t seed, double lo, double hi) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    p[i] = static_cast<T>(lo + (hi - lo) * unit(seed, i));
}

template <class T>
void fill_uniform(T* p, size_t n, uint64_t seed, double lo, double hi) {
  fill_uniform_kernel<<<1024, 256>>>(p, n, seed, lo, hi);
  CK_LAUNCH();
}

// Host-side generator for index data and small tables.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint32_t next() { return hash32(s++); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * ((next() + 0.5) / 4294967296.0); }
  int below(int n) { return static_cast<int>(next() % static_cast<uint32_t>(n)); }
};

// Sample indices spread over [0, n): first, last and a few pseudo-random ones.
inline std::vector<size_t> sample_indices(size_t n, int count, uint64_t seed) {
  std::vector<size_t> idx;
  idx.push_back(0);
  idx.push_back(n - 1);
  Rng r(seed);
  while (static_cast<int>(idx.size()) < count) idx.push_back((size_t(r.next()) << 20 ^ r.next()) % n);
  return idx;
}

// ---------------------------------------------------------------- reductions

// Block-wide sum, then one atomicAdd per block into *dst (expert scalar-adjoint pattern).
template <class T>
__device__ void block_atomic_add(T v, T* dst) {
  __shared__ T warp_sums[32];
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    const int nwarps = (blockDim.x + 31) >> 5;
    v = lane < nwarps ? warp_sums[lane] : T(0);
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (lane == 0) atomicAdd(dst, v);
  }
}

// Grid size for grid-stride kernels: a few blocks per SM.
inline int stride_grid(int blocks_per_sm = 8) {
  int dev = 0, sms = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  return sms * blocks_per_sm;
}

constexpr int kRedBlocks = 1024;
constexpr int kRedThreads = 256;

// partial[block] = sum_i seed[i] * (a[i] - b[i]) in double; fixed order => deterministic,
// and entries where a == b contribute exactly zero.
template <class T>
__global__ void seeded_diff_kernel(const T* seed, const T* a, const T* b, size_t n, double* partial) {
  __shared__ double s[kRedThreads];
  double acc = 0.0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    const double d = static_cast<double>(a[i]) - static_cast<double>(b[i]);
    if (d != 0.0) acc += static_cast<double>(seed[i]) * d;
  }
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

inline double* partial_buffer() {
  static double* p = dalloc<double>(kRedBlocks);
  return p;
}

inline double sum_partials() {
  std::vector<double> h = download(partial_buffer(), kRedBlocks);
  double s = 0.0;
  for (double v : h) s += v;
  return s;
}

template <class T>
double seeded_diff(const T* seed, const T* a, const T* b, size_t n) {
  seeded_diff_kernel<T><<<kRedBlocks, kRedThreads>>>(seed, a, b, n, partial_buffer());
  CK_LAUNCH();
  return sum_partials();
}

// worst = max_i |got - ref| / (atol + rtol |ref|) (as float bits), plus a count of non-finite.
template <class T>
__global__ void compare_kernel(const T* got, const T* ref, size_t n, double rtol, double atol,
                               unsigned int* worst_bits, unsigned long long* bad) {
  float worst = 0.f;
  unsigned long long nonfinite = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    const double g = got[i], r = ref[i];
    if (!isfinite(g) || !isfinite(r)) {
      ++nonfinite;
      continue;
    }
    worst = fmaxf(worst, static_cast<float>(fabs(g - r) / (atol + rtol * fabs(r))));
  }
  atomicMax(worst_bits, __float_as_uint(worst));
  if (nonfinite) atomicAdd(bad, nonfinite);
}

template <class T>
__global__ void max_abs_kernel(const T* p, size_t n, unsigned int* out_bits) {
  float m = 0.f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    if (isfinite(static_cast<double>(p[i]))) m = fmaxf(m, static_cast<float>(fabs(static_cast<double>(p[i]))));
  atomicMax(out_bits, __float_as_uint(m));
}

template <class T>
double max_abs(const T* p, size_t n) {
  unsigned int* bits = dalloc<unsigned int>(1);
  dzero(bits, 1);
  max_abs_kernel<T><<<kRedBlocks, kRedThreads>>>(p, n, bits);
  CK_LAUNCH();
  unsigned int b = read1(bits);
  CK(cudaFree(bits));
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

// ---------------------------------------------------------------- verification bookkeeping

class Checks {
 public:
  // One scalar check: passes when |got - want| <= atol + rtol |want| (and both finite).
  void add(const std::string& name, double got, double want, double rtol, double atol) {
    const double err = std::fabs(got - want) / (atol + rtol * std::fabs(want));
    const bool ok = std::isfinite(got) && std::isfinite(want) && err <= 1.0;
    note(name, ok, err, got, want);
  }

  // Elementwise comparison of two device arrays; atol is relative to max |ref| when
  // atol_rel_to_max is set.
  template <class T>
  void arrays(const std::string& name, const T* got, const T* ref, size_t n, double rtol,
              double atol_rel_to_max) {
    const double atol = std::max(atol_rel_to_max * max_abs(ref, n), 1e-30);
    unsigned int* bits = dalloc<unsigned int>(1);
    unsigned long long* bad = dalloc<unsigned long long>(1);
    dzero(bits, 1);
    dzero(bad, 1);
    compare_kernel<T><<<kRedBlocks, kRedThreads>>>(got, ref, n, rtol, atol, bits, bad);
    CK_LAUNCH();
    const unsigned int b = read1(bits);
    const unsigned long long nonfinite = read1(bad);
    CK(cudaFree(bits));
    CK(cudaFree(bad));
    float worst;
    memcpy(&worst, &b, sizeof worst);
    const bool ok = nonfinite == 0 && worst <= 1.0f;
    note(name + (nonfinite ? " (non-finite values)" : ""), ok, worst, NAN, NAN);
  }

  void list(const std::string& name, const std::vector<double>& got, const std::vector<double>& want,
            double rtol, double atol) {
    for (size_t k = 0; k < got.size(); ++k) add(name + "[" + std::to_string(k) + "]", got[k], want[k], rtol, atol);
  }

  bool ok() const { return failures_ == 0; }
  int count() const { return count_; }

  // Adds verify fields to the result: verify ok/FAIL, number of checks, worst error ratio
  // (1.0 = at tolerance), and the first few failures.
  void report(Result& r, const char* prefix) const {
    const std::string p = prefix;
    r.str((p + "_verify").c_str(), count_ == 0 ? "none" : (ok() ? "ok" : "FAIL"));
    r.num((p + "_checks").c_str(), count_);
    r.num((p + "_worst_err").c_str(), worst_);
    if (!failed_.empty()) r.str((p + "_failures").c_str(), failed_);
  }

 private:
  void note(const std::string& name, bool ok, double err, double got, double want) {
    ++count_;
    if (std::isfinite(err)) worst_ = std::max(worst_, err);
    else worst_ = INFINITY;
    fprintf(stderr, "  check %-40s %s err/tol=%.3g got=%.9g want=%.9g\n", name.c_str(), ok ? "ok  " : "FAIL", err,
            got, want);
    if (!ok) {
      ++failures_;
      if (failures_ <= 4) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s%s got=%.7g want=%.7g err/tol=%.3g", failed_.empty() ? "" : "; ", name.c_str(),
                 got, want, err);
        failed_ += buf;
      }
    }
  }
  int count_ = 0, failures_ = 0;
  double worst_ = 0.0;
  std::string failed_;
};

// ---------------------------------------------------------------- finite differences

// A seeded output: loss = sum_i seed[i] * out[i] over all outputs of the forward.
struct SeededOut {
  void* out;
  const void* seed;
  size_t n;
  bool is_double;
  void* scratch;
};

class Outputs {
 public:
  void add(float* out, const float* seed, size_t n) { outs_.push_back({out, seed, n, false, dalloc<float>(n)}); }
  void add(double* out, const double* seed, size_t n) { outs_.push_back({out, seed, n, true, dalloc<double>(n)}); }
  void snapshot() {
    for (auto& o : outs_)
      CK(cudaMemcpy(o.scratch, o.out, o.n * (o.is_double ? 8 : 4), cudaMemcpyDeviceToDevice));
  }
  // sum seed * (snapshot - current)
  double diff_from_snapshot() const {
    double s = 0.0;
    for (const auto& o : outs_) {
      if (o.is_double)
        s += seeded_diff((const double*)o.seed, (const double*)o.scratch, (const double*)o.out, o.n);
      else
        s += seeded_diff((const float*)o.seed, (const float*)o.scratch, (const float*)o.out, o.n);
    }
    return s;
  }
  ~Outputs() {
    for (auto& o : outs_) cudaFree(o.scratch);
  }

 private:
  std::vector<SeededOut> outs_;
};

// Central difference of the seeded loss. set_delta(d) moves the parameter to base + d and
// returns the delta actually applied (after rounding to the parameter's type); set_delta(0)
// restores it. run_forward() must rebuild every in-place input from pristine copies.
inline double fd_derivative(const std::function<double(double)>& set_delta, const std::function<void()>& run_forward,
                            Outputs& outs, double h) {
  const double hp = set_delta(h);
  run_forward();
  outs.snapshot();
  const double hm = set_delta(-h);
  run_forward();
  const double d = outs.diff_from_snapshot();
  set_delta(0.0);
  CK(cudaDeviceSynchronize());
  return d / (hp - hm);
}

// Perturbation of element i of a device array (of float or double).
template <class T>
std::function<double(double)> element_of(T* arr, size_t i) {
  const T base = read1(arr, i);
  return [arr, i, base](double d) {
    const T v = static_cast<T>(static_cast<double>(base) + d);
    write1(arr, i, v);
    return static_cast<double>(v) - static_cast<double>(base);
  };
}

// Perturbation of a host scalar passed by value to the kernel.
template <class T>
std::function<double(double)> scalar_of(T& s) {
  const T base = s;
  T* p = &s;
  return [p, base](double d) {
    *p = static_cast<T>(static_cast<double>(base) + d);
    return static_cast<double>(*p) - static_cast<double>(base);
  };
}

// FD derivatives at the given indices of an array parameter, step max(h_rel * |x|, h_abs).
template <class T>
std::vector<double> fd_at(T* arr, const std::vector<size_t>& idx, double h_rel, double h_abs,
                          const std::function<void()>& run_forward, Outputs& outs) {
  std::vector<double> r;
  for (size_t i : idx) {
    const double x = static_cast<double>(read1(arr, i));
    r.push_back(fd_derivative(element_of(arr, i), run_forward, outs, std::max(h_rel * std::fabs(x), h_abs)));
  }
  return r;
}

template <class T>
std::vector<double> values_at(const T* arr, const std::vector<size_t>& idx) {
  std::vector<double> r;
  for (size_t i : idx) r.push_back(static_cast<double>(read1(arr, i)));
  return r;
}

// ---------------------------------------------------------------- timing

struct Timing {
  double median_ms = NAN;
  double min_ms = NAN;
  int reps = 0;
};

// prepare() runs before each repetition outside the timed region (restores inputs, seeds
// adjoints); body() is timed with CUDA events. Median of `reps` after `warmup` runs.
template <class Prepare, class Body>
Timing time_ms(Prepare prepare, Body body, int reps = 21, int warmup = 3) {
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  auto once = [&]() {
    prepare();
    CK(cudaDeviceSynchronize());
    CK(cudaEventRecord(start));
    body();
    CK(cudaEventRecord(stop));
    CK(cudaEventSynchronize(stop));
    CK_LAUNCH();
    float ms = 0.f;
    CK(cudaEventElapsedTime(&ms, start, stop));
    return static_cast<double>(ms);
  };
  // Very slow bodies (far from any target) get fewer runs so the suite stays within its
  // time budget: 7 runs above 250 ms, 3 above 2 s.
  double first = 0.0;
  for (int w = 0; w < warmup; ++w) {
    first = once();
    if (first > 250.0) break;
  }
  if (first > 2000.0) reps = 3;
  else if (first > 250.0) reps = 7;
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) t.push_back(once());
  std::sort(t.begin(), t.end());
  CK(cudaEventDestroy(start));
  CK(cudaEventDestroy(stop));
  Timing res;
  res.median_ms = t[t.size() / 2];
  res.min_ms = t.front();
  res.reps = reps;
  return res;
}

inline void report_timing(Result& r, const char* prefix, const Timing& t) {
  const std::string p = prefix;
  r.num((p + "_ms").c_str(), t.median_ms);
  r.num((p + "_min_ms").c_str(), t.min_ms);
  r.num((p + "_reps").c_str(), t.reps);
  fprintf(stderr, "  time %-10s median %.4f ms (min %.4f, %d reps)\n", prefix, t.median_ms, t.min_ms, t.reps);
}

inline void noop() {}

// Standard tail of a driver: status from the verification of the cuad gradient.
inline void finish(Result& r, bool have_cuad, const Checks& cuad_checks) {
  if (!have_cuad) {
    r.str("status", "no_gradient");
  } else {
    r.str("status", cuad_checks.ok() ? "ok" : "wrong_gradient");
  }
  r.print();
}

inline void device_info(Result& r) {
  int dev = 0;
  cudaDeviceProp p;
  CK(cudaGetDevice(&dev));
  CK(cudaGetDeviceProperties(&p, dev));
  r.str("gpu", p.name);
}

}  // namespace bench

#ifdef HAVE_CUAD
#define BENCH_HAVE_CUAD true
#else
#define BENCH_HAVE_CUAD false
#endif
