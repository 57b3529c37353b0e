// cuad/cuad.h - the runtime side of in-source gradient requests.
//
// A program writes `auto g = cuad::gradient(f, "out, in");` (or `clad::gradient`, see
// clad/Differentiator/Differentiator.h) and then `g.execute(args...)` for host/device
// functions or `g.execute_kernel(grid, block, [shared_mem, stream,] args...)` for
// `__global__` kernels. `cuad build FILE.cu -o OUT.cu` generates the derivatives and rewrites
// each request into `::cuad::detail::make_gradient<IsKernel>(&f_grad_0_1, code)`, so OUT
// compiles with plain nvcc. The arguments of execute/execute_kernel are those of the
// generated function: the primal's parameters, then one adjoint per requested parameter
// (a pointer, also for scalar parameters), as in Clad.
#ifndef CUAD_CUAD_H
#define CUAD_CUAD_H

// When cuad itself reads the program (to find the requests) it needs none of this.
#ifndef __CUAD_PARSE__

#include <cstddef>
#include <cstdio>
#include <type_traits>
#include <utility>

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif

namespace cuad {
namespace detail {

template <typename... T>
struct always_false : std::false_type {};

template <typename Fn>
struct fn_traits;

template <typename R, typename... P>
struct fn_traits<R (*)(P...)> {
  using return_type = R;
  static constexpr std::size_t arity = sizeof...(P);
};

}  // namespace detail

/// The object returned by a gradient request: the generated function and its source.
/// `IsKernel` says the differentiated function is a `__global__` kernel, whose gradient is a
/// kernel too and must be launched with `execute_kernel`.
template <typename Fn, bool IsKernel>
class CladFunction {
 public:
  using return_type = typename detail::fn_traits<Fn>::return_type;
  static constexpr std::size_t arity = detail::fn_traits<Fn>::arity;

  CladFunction(Fn function, const char* code) : m_Function(function), m_Code(code) {}

  /// Calls the generated function (host function, or device function from device code).
  template <typename... Args>
  return_type execute(Args&&... args) const {
    if constexpr (IsKernel) {
      std::printf("Use execute_kernel() for global CUDA kernels\n");
      return return_type();
    } else {
      if (!m_Function) {
        std::printf("CladFunction is invalid\n");
        return return_type();
      }
      return m_Function(std::forward<Args>(args)...);
    }
  }

  /// Launches the generated kernel: `execute_kernel(grid, block, args...)` or
  /// `execute_kernel(grid, block, shared_mem, stream, args...)`. Which form is meant is told
  /// by the number of arguments, so `0` works as the shared memory size.
  template <typename... Args>
  void execute_kernel(dim3 grid, dim3 block, Args&&... args) const {
    if constexpr (!IsKernel) {
      std::printf("Use execute() for non-global CUDA kernels\n");
    } else {
      static_assert(sizeof...(Args) == arity || sizeof...(Args) == arity + 2,
                    "execute_kernel(grid, block, [shared_mem, stream,] args...): pass every "
                    "parameter of the gradient kernel (the primal's, then the adjoints)");
      if (!m_Function) {
        std::printf("CladFunction is invalid\n");
        return;
      }
      if constexpr (sizeof...(Args) == arity + 2) {
        launch(grid, block, std::forward<Args>(args)...);
      } else {
        launch(grid, block, std::size_t(0), cudaStream_t(0), std::forward<Args>(args)...);
      }
    }
  }

  /// Source code of the generated function(s).
  const char* getCode() const { return m_Code ? m_Code : "<invalid>"; }

  /// Prints the generated code, like Clad's `dump()`.
  void dump() const { std::printf("The code is: \n%s\n", getCode()); }

  Fn getFunctionPtr() const { return m_Function; }

 private:
  template <typename Shm, typename Stream, typename... Args>
  void launch(dim3 grid, dim3 block, Shm&& shared_mem, Stream&& stream, Args&&... args) const {
#if defined(__CUDACC__)
    m_Function<<<grid, block, static_cast<std::size_t>(shared_mem), stream>>>(
        std::forward<Args>(args)...);
#elif defined(CUAD_CPU)
    // CPU emulation of CUDA for tests (include/cuad_cpu.h, force-included with g++).
    ::cuad_cpu::launch(m_Function,
                       ::cuad_cpu::config(grid, block, static_cast<std::size_t>(shared_mem), stream),
                       std::forward<Args>(args)...);
#else
    (void)grid, (void)block, (void)shared_mem, (void)stream;
    static_assert(detail::always_false<Fn>::value,
                  "launching a gradient kernel needs nvcc (or a CUDA emulation header)");
#endif
  }

  Fn m_Function;
  const char* m_Code;
};

namespace detail {

/// What `cuad build` rewrites every request into.
template <bool IsKernel, typename Fn>
CladFunction<Fn, IsKernel> make_gradient(Fn function, const char* code) {
  return CladFunction<Fn, IsKernel>(function, code);
}

}  // namespace detail

namespace detail {
#define CUAD_UNPROCESSED_MESSAGE \
  "gradient requests must be processed first: cuad build FILE.cu -o OUT.cu, then compile OUT.cu"
/// What an unprocessed request returns: every use fails with the same clear message.
struct unprocessed_request {
  template <typename... Args>
  void execute(Args&&...) const {
    static_assert(always_false<Args...>::value, CUAD_UNPROCESSED_MESSAGE);
  }
  template <typename... Args>
  void execute_kernel(Args&&...) const {
    static_assert(always_false<Args...>::value, CUAD_UNPROCESSED_MESSAGE);
  }
};
}  // namespace detail

/// Clad's view of an adjoint array (pointer and length); converts to the pointer the
/// gradient takes.
template <typename T>
class array_ref {
 public:
  array_ref(T* data, std::size_t size) : m_Data(data), m_Size(size) {}
  operator T*() const { return m_Data; }
  T& operator[](std::size_t i) const { return m_Data[i]; }
  T* ptr() const { return m_Data; }
  std::size_t size() const { return m_Size; }

 private:
  T* m_Data;
  std::size_t m_Size;
};

/// Only reached when a program with requests is compiled without `cuad build`.
template <typename F, typename... Rest>
detail::unprocessed_request gradient(F&&, Rest&&...) {
  static_assert(detail::always_false<F>::value, CUAD_UNPROCESSED_MESSAGE);
  return {};
}

}  // namespace cuad

#endif  // __CUAD_PARSE__
#endif  // CUAD_CUAD_H
