// cuad_test.h: helpers for the numeric gradient tests in tests/grad (see its README.md).
//
// A driver builds deterministic inputs, runs the generated gradient, and compares every
// adjoint entry with a central finite difference of a scalar objective L computed by running
// the primal on perturbed inputs. The same driver compiles with nvcc (real GPU) and with g++
// plus cuad_cpu.h (CPU emulation).
//
// With -DCUAD_RACECHECK (a ThreadSanitizer build on the CPU) only the gradient runs: finite
// differences are skipped, and the program passes when ThreadSanitizer reports no race.
//
// The run fails when every finite difference is zero (an objective that ignores its inputs)
// and, in the CPU build, when a finite difference taken with twice the step disagrees; a driver
// that defines CUAD_FD_CHECKS to 0 before including this header skips both (the random
// programs of scripts/fuzz may sit on a kink).
// With -DCUAD_SELFTEST the gradient calls (CUAD_GRAD) are compiled out and the checker only
// validates the finite differences: this tests a case's driver and primal before any
// gradient exists.
#pragma once

#ifndef CUAD_FD_CHECKS
#define CUAD_FD_CHECKS 1
#endif

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define CUAD_LAUNCH(kernel, grid, block, ...)                        \
  do {                                                               \
    kernel<<<grid, block>>>(__VA_ARGS__);                            \
    cuad_test::check_cuda(cudaGetLastError(), "launch of " #kernel); \
    cuad_test::check_cuda(cudaDeviceSynchronize(), #kernel);         \
  } while (0)
// With `bytes` of dynamic shared memory (`extern __shared__`).
#define CUAD_LAUNCH_SHARED(kernel, grid, block, bytes, ...)          \
  do {                                                               \
    kernel<<<grid, block, bytes>>>(__VA_ARGS__);                     \
    cuad_test::check_cuda(cudaGetLastError(), "launch of " #kernel); \
    cuad_test::check_cuda(cudaDeviceSynchronize(), #kernel);         \
  } while (0)
#else
#define CUAD_LAUNCH(kernel, grid, block, ...) \
  cuad_cpu::launch(kernel, cuad_cpu::config(grid, block), __VA_ARGS__)
#define CUAD_LAUNCH_SHARED(kernel, grid, block, bytes, ...) \
  cuad_cpu::launch(kernel, cuad_cpu::config(grid, block, bytes), __VA_ARGS__)
#endif

// Wraps every statement that calls generated code.
#if defined(CUAD_SELFTEST)
#define CUAD_GRAD(...) ((void)0)
#else
#define CUAD_GRAD(...) __VA_ARGS__
#endif

namespace cuad_test {

inline void check_cuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::printf("CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    std::exit(2);
  }
}

#if defined(__CUDACC__)
// Under compute-sanitizer memcheck, device malloc (a tape spilling past CUAD_TAPE_CAPACITY)
// needs more per-thread stack than the frame size the driver sizes the stack for, and the
// kernel dies with an unlocated illegal address. scripts/gpu-test.sh sets CUAD_TEST_STACK
// for its memcheck runs only: a larger stack reserves memory for every resident thread.
inline const bool stack_raised = [] {
  if (const char* bytes = std::getenv("CUAD_TEST_STACK")) {
    cudaDeviceSetLimit(cudaLimitStackSize, std::strtoul(bytes, nullptr, 10));
  }
  return true;
}();
#endif

// ------------------------------------------------------------ deterministic inputs
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {  // splitmix64
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
  }
  template <class T = double>
  std::vector<T> vec(size_t n, double lo = -1.0, double hi = 1.0) {
    std::vector<T> v(n);
    for (auto& x : v) x = static_cast<T>(uniform(lo, hi));
    return v;
  }

 private:
  uint64_t state_;
};

template <class T>
std::vector<T> zeros(size_t n) {
  return std::vector<T>(n, T(0));
}

template <class A, class B>
double dot(const std::vector<A>& w, const std::vector<B>& v) {
  double s = 0.0;
  for (size_t i = 0; i < w.size() && i < v.size(); ++i)
    s += static_cast<double>(w[i]) * static_cast<double>(v[i]);
  return s;
}

// ------------------------------------------------------------ device memory
// A device copy of a host vector (cudaMalloc; emulated on the CPU).
template <class T>
class DeviceArray {
 public:
  explicit DeviceArray(const std::vector<T>& host) : n_(host.size()) {
    check_cuda(cudaMalloc(reinterpret_cast<void**>(&ptr), bytes()), "cudaMalloc");
    set(host);
  }
  DeviceArray(size_t n, T fill) : DeviceArray(std::vector<T>(n, fill)) {}
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() { cudaFree(ptr); }

  void set(const std::vector<T>& host) {
    if (host.size() != n_) {
      std::printf("DeviceArray::set: %zu values for %zu entries\n", host.size(), n_);
      std::exit(2);
    }
    check_cuda(cudaMemcpy(ptr, host.data(), bytes(), cudaMemcpyHostToDevice), "cudaMemcpy H2D");
  }
  std::vector<T> get() const {
    std::vector<T> host(n_);
    check_cuda(cudaMemcpy(host.data(), ptr, bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy D2H");
    return host;
  }
  size_t size() const { return n_; }

  T* ptr = nullptr;

 private:
  size_t bytes() const { return n_ * sizeof(T) == 0 ? 1 : n_ * sizeof(T); }
  size_t n_;
};

// A device scalar: one element.
template <class T>
class DeviceScalar : public DeviceArray<T> {
 public:
  explicit DeviceScalar(T v = T(0)) : DeviceArray<T>(std::vector<T>{v}) {}
  T value() const { return this->get()[0]; }
};

// ------------------------------------------------------------ tolerances
struct Tol {
  double atol;
  double rtol;
};

template <class T>
Tol default_tol() {
  if (std::is_same<T, float>::value) return Tol{2e-3, 1e-2};
  return Tol{1e-6, 1e-5};
}

// Relative finite-difference step for values of type T.
template <class T>
double fd_step() {
  return std::is_same<T, float>::value ? 2e-3 : 1e-6;
}

inline bool within_tol(double ad, double fd, Tol tol) {
  if (!std::isfinite(ad) || !std::isfinite(fd)) return false;
  double scale = std::fmax(std::fabs(ad), std::fabs(fd));
  return std::fabs(ad - fd) <= tol.atol + tol.rtol * scale;
}

// ------------------------------------------------------------ finite differences
inline int& noisy_differences() {
  static int n = 0;
  return n;
}

// Central difference of loss() with respect to x with step h, divided by the step actually
// representable in T.
template <class T, class F>
double central_difference_by(T& x, F&& loss, double h) {
  const T saved = x;
  const T plus = static_cast<T>(static_cast<double>(saved) + h);
  const T minus = static_cast<T>(static_cast<double>(saved) - h);
  x = plus;
  const double lp = loss();
  x = minus;
  const double lm = loss();
  x = saved;
  return (lp - lm) / (static_cast<double>(plus) - static_cast<double>(minus));
}

// The same with a step relative to max(1, |x|).
template <class T, class F>
double central_difference(T& x, F&& loss, double rel_step) {
  const double scale = std::fmax(1.0, std::fabs(static_cast<double>(x)));
  return central_difference_by(x, loss, rel_step * scale);
}

// d loss / d x for one scalar (a variable the loss lambda reads by reference).
template <class T, class F>
double fd(T& x, F&& loss) {
  static_assert(std::is_arithmetic<T>::value, "fd of a non-arithmetic value");
#if defined(CUAD_RACECHECK)
  (void)x;
  (void)loss;
  return 0.0;
#endif
  const double g = central_difference(x, loss, fd_step<T>());
#if CUAD_FD_CHECKS && !defined(__CUDACC__)
  const double g2 = central_difference(x, loss, 2.0 * fd_step<T>());
  if (!within_tol(g, g2, default_tol<T>())) {
    std::printf("  noisy finite difference: step h gives %.9e, step 2h gives %.9e\n", g, g2);
    ++noisy_differences();
  }
#endif
  return g;
}

// d loss / d v[i] for every entry.
template <class T, class F>
std::vector<double> fd(std::vector<T>& v, F&& loss) {
  std::vector<double> g(v.size());
  for (size_t i = 0; i < v.size(); ++i) g[i] = fd(v[i], loss);
  return g;
}

// d loss / d v[i] with a fixed step h, for inputs on a grid where x +- h is exact (16-bit
// storage). Skipped under CUAD_RACECHECK, like fd.
template <class T, class F>
std::vector<double> fd_fixed_step(std::vector<T>& v, F&& loss, double h) {
  std::vector<double> g(v.size(), 0.0);
#if defined(CUAD_RACECHECK)
  (void)loss;
  (void)h;
#else
  for (size_t i = 0; i < v.size(); ++i) g[i] = central_difference_by(v[i], loss, h);
#endif
  return g;
}

// ------------------------------------------------------------ forward mode
// x + t * v, entry by entry, in x's type: the inputs moved along the tangent direction v.
template <class T>
std::vector<T> along(const std::vector<T>& x, double t, const std::vector<T>& v) {
  std::vector<T> out(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    out[i] = static_cast<T>(static_cast<double>(x[i]) + t * static_cast<double>(v[i]));
  return out;
}
template <class T>
T along(T x, double t, T v) {
  return static_cast<T>(static_cast<double>(x) + t * static_cast<double>(v));
}

// Directional derivative of every output along the direction the driver moves its inputs:
// (outputs_at(h) - outputs_at(-h)) / 2h, where outputs_at(t) runs the primal on x + t v and
// returns its outputs as doubles. T is the precision of the inputs (it picks the step).
template <class T, class F>
std::vector<double> directional_fd(F&& outputs_at) {
#if defined(CUAD_RACECHECK)
  (void)outputs_at;
  return {};
#else
  auto at_step = [&](double h) {
    const std::vector<double> p = outputs_at(h), m = outputs_at(-h);
    std::vector<double> d(p.size());
    for (size_t i = 0; i < p.size(); ++i) d[i] = (p[i] - m[i]) / (2.0 * h);
    return d;
  };
  const std::vector<double> d = at_step(fd_step<T>());
#if CUAD_FD_CHECKS && !defined(__CUDACC__)
  const std::vector<double> d2 = at_step(2.0 * fd_step<T>());
  for (size_t i = 0; i < d.size(); ++i)
    if (!within_tol(d[i], d2[i], default_tol<T>())) {
      std::printf("  noisy directional difference [%zu]: h gives %.9e, 2h gives %.9e\n", i,
                  d[i], d2[i]);
      ++noisy_differences();
    }
#endif
  return d;
#endif
}

// A vector of doubles from any arithmetic vector (outputs for directional_fd).
template <class T>
std::vector<double> as_doubles(const std::vector<T>& v) {
  return std::vector<double>(v.begin(), v.end());
}

// "x" + 3 -> "x[3]": labels for values checked one by one.
inline std::string at(const std::string& label, size_t i) {
  return label + "[" + std::to_string(i) + "]";
}

// ------------------------------------------------------------ comparison and report
class Checker {
 public:
  explicit Checker(const char* name) : name_(name) {}

  // Compares adjoints `ad` with finite differences `fd` entry by entry.
  template <class T>
  void array(const std::string& label, const std::vector<T>& ad, const std::vector<double>& fd,
             Tol tol = default_tol<T>()) {
#if defined(CUAD_SELFTEST)
    (void)ad;
    (void)tol;
    selftest(label, fd);
#elif defined(CUAD_RACECHECK)
    (void)label;
    (void)tol;
    (void)fd;
    compared_ += ad.size();
#else
    if (ad.size() != fd.size()) {
      fail_line("%s: %zu adjoint entries but %zu finite differences", label.c_str(), ad.size(),
                fd.size());
      return;
    }
    for (size_t i = 0; i < ad.size(); ++i) {
      ++compared_;
      if (fd[i] != 0.0) ++nonzero_;
      const double a = static_cast<double>(ad[i]);
      if (!within_tol(a, fd[i], tol))
        fail_line("%s[%zu]: adjoint %.9e, finite difference %.9e (|diff| %.2e, atol %.0e, "
                  "rtol %.0e)",
                  label.c_str(), i, a, fd[i], std::fabs(a - fd[i]), tol.atol, tol.rtol);
    }
#endif
  }

  template <class T>
  void scalar(const std::string& label, T ad, double fd, Tol tol = default_tol<T>()) {
    array(label, std::vector<T>{ad}, std::vector<double>{fd}, tol);
  }

  // An extra condition a case wants to hold.
  void expect(bool ok, const std::string& what) {
    if (!ok) fail_line("expectation failed: %s", what.c_str());
  }

  // Prints the verdict; returns the process exit code.
  int finish() {
    // A failed runtime call anywhere (say cudaMalloc inside a host function) is a failure.
    const cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) fail_line("CUDA error during the test: %s", cudaGetErrorString(err));
#if CUAD_FD_CHECKS && !defined(CUAD_RACECHECK)
    // The finite differences themselves must be trustworthy, with or without a gradient.
    if (noisy_differences() > 0)
      fail_line("%d finite differences change with the step: loosen or rescale",
                noisy_differences());
    if (nonzero_ == 0) fail_line("%s", "every finite difference is zero: the objective ignores inputs");
#endif
#if defined(CUAD_SELFTEST)
    std::printf("%s %s (selftest: %zu finite differences, %zu nonzero)\n",
                failures_ ? "FAIL" : "PASS", name_.c_str(), compared_, nonzero_);
#elif defined(CUAD_RACECHECK)
    std::printf("%s %s (racecheck: gradient ran, %zu adjoint entries not compared)\n",
                failures_ ? "FAIL" : "PASS", name_.c_str(), compared_);
#else
    std::printf("%s %s (%zu entries compared, %zu mismatches)\n", failures_ ? "FAIL" : "PASS",
                name_.c_str(), compared_, failures_);
#endif
    std::fflush(stdout);
    return failures_ ? 1 : 0;
  }

 private:
  template <class... A>
  void fail_line(const char* fmt, A... args) {
    ++failures_;
    if (failures_ <= kMaxLines) {
      std::printf("  %s: ", name_.c_str());
      std::printf(fmt, args...);
      std::printf("\n");
    } else if (failures_ == kMaxLines + 1) {
      std::printf("  ... (further mismatches not shown)\n");
    }
  }

  void selftest(const std::string& label, const std::vector<double>& fd) {
    for (size_t i = 0; i < fd.size(); ++i) {
      ++compared_;
      if (!std::isfinite(fd[i]))
        fail_line("%s[%zu]: finite difference %g", label.c_str(), i, fd[i]);
      if (fd[i] != 0.0) ++nonzero_;
    }
  }

  static constexpr size_t kMaxLines = 20;
  std::string name_;
  size_t compared_ = 0;
  size_t nonzero_ = 0;
  size_t failures_ = 0;
};

}  // namespace cuad_test
