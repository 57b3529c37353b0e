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
// `clad::jacobian(f)` / `clad::hessian(f)` requests become `make_matrix_function(&f_jac, code)`:
// `execute(args..., matrix)` with a row-major `T*` (or `clad::array_ref`) or `&m` of a
// `clad::matrix<T>`.
#ifndef CUAD_CUAD_H
#define CUAD_CUAD_H

// When cuad itself reads the program (to find the requests) it needs none of this.
#ifndef __CUAD_PARSE__

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif

// Requests may sit in device code too (`clad::gradient(f)` inside a kernel, as in Clad):
// the function objects work on both sides.
#if defined(__CUDACC__)
#define CUAD_HD __host__ __device__
#else
#define CUAD_HD
#endif

// The generated source for getCode()/dump() lives in host memory; device code sees none.
#if defined(__CUDA_ARCH__)
#define CUAD_CODE_OF(code) nullptr
#else
#define CUAD_CODE_OF(code) code
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
  template <std::size_t I>
  using param = typename std::tuple_element<I, std::tuple<P...>>::type;
};

/// The `K`-th of a pack (device code has no std::get over forwarding references).
template <std::size_t K, typename First, typename... Rest>
CUAD_HD constexpr decltype(auto) nth_arg(First&& first, Rest&&... rest) {
  if constexpr (K == 0) {
    return static_cast<First&&>(first);
  } else {
    return nth_arg<K - 1>(static_cast<Rest&&>(rest)...);
  }
}

}  // namespace detail

/// The object returned by a gradient request: the generated function and its source.
/// `SharedFactor`: the gradient kernel needs that many times the dynamic shared memory of the
/// primal (2 when it keeps the adjoints of `extern __shared__` arrays in the second half);
/// `execute_kernel` takes the primal's size, as with Clad, and scales it.
/// `IsKernel` says the differentiated function is a `__global__` kernel, whose gradient is a
/// kernel too and must be launched with `execute_kernel`.
/// `DeviceFn`: the generated function again, as a constant: a function pointer taken in host
/// code is the host function's address, so an object made on the host and passed to a kernel
/// calls the device function through this instead (nullptr: none).
template <typename Fn, bool IsKernel, unsigned SharedFactor = 1, auto DeviceFn = nullptr>
class CladFunction {
 public:
  using return_type = typename detail::fn_traits<Fn>::return_type;
  static constexpr std::size_t arity = detail::fn_traits<Fn>::arity;

  CUAD_HD CladFunction(Fn function, const char* code) : m_Function(function), m_Code(code) {}

  /// Calls the generated function (host function, or device function from device code).
  template <typename... Args>
  CUAD_HD return_type execute(Args&&... args) const {
    if constexpr (IsKernel) {
      printf("Use execute_kernel() for global CUDA kernels\n");
      return return_type();
    } else {
#if defined(__CUDA_ARCH__)
      if constexpr (!std::is_same_v<decltype(DeviceFn), std::nullptr_t>) {
        return DeviceFn(static_cast<Args&&>(args)...);
      }
#endif
      if (!m_Function) {
        printf("CladFunction is invalid\n");
        return return_type();
      }
      return m_Function(static_cast<Args&&>(args)...);
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
  CUAD_HD const char* getCode() const { return m_Code ? m_Code : "<invalid>"; }

  /// Prints the generated code, like Clad's `dump()`.
  CUAD_HD void dump() const { printf("The code is: \n%s\n", getCode()); }

  CUAD_HD Fn getFunctionPtr() const { return m_Function; }

 protected:
  template <typename Shm, typename Stream, typename... Args>
  void launch(dim3 grid, dim3 block, Shm&& shared_mem, Stream&& stream, Args&&... args) const {
#if defined(__CUDACC__)
    m_Function<<<grid, block, static_cast<std::size_t>(shared_mem) * SharedFactor,
                 as_stream(stream)>>>(
        std::forward<Args>(args)...);
#elif defined(CUAD_CPU)
    // CPU emulation of CUDA for tests (include/cuad_cpu.h, force-included with g++).
    ::cuad_cpu::launch(m_Function,
                       ::cuad_cpu::config(grid, block,
                                          static_cast<std::size_t>(shared_mem) * SharedFactor,
                                          as_stream(stream)),
                       std::forward<Args>(args)...);
#else
    (void)grid, (void)block, (void)shared_mem, (void)stream;
    static_assert(detail::always_false<Fn>::value,
                  "launching a gradient kernel needs nvcc (or a CUDA emulation header)");
#endif
  }

#if defined(__CUDACC__) || defined(CUAD_CPU)
  /// The stream argument as Clad's `cudaStream_t` parameter takes it: `0` (an `int` once
  /// forwarded) is the default stream.
  template <typename Stream>
  static cudaStream_t as_stream(Stream&& stream) {
    if constexpr (std::is_integral<typename std::decay<Stream>::type>::value) {
      return reinterpret_cast<cudaStream_t>(static_cast<std::uintptr_t>(stream));
    } else {
      return stream;
    }
  }
#endif

  Fn m_Function;
  const char* m_Code;
};

namespace detail {

/// What `cuad build` rewrites every request into.
template <bool IsKernel, unsigned SharedFactor = 1, auto DeviceFn = nullptr, typename Fn>
CUAD_HD CladFunction<Fn, IsKernel, SharedFactor, DeviceFn> make_gradient(Fn function,
                                                                         const char* code) {
  return CladFunction<Fn, IsKernel, SharedFactor, DeviceFn>(function, code);
}

}  // namespace detail

/// The gradient of a member function `&S::f`: cuad differentiates it as a free function
/// whose first parameter is the object, so, as in Clad, `execute(obj, args..., &d_obj,
/// &d_args...)`. `NPrimal` counts the object and the parameters. Clad's older form without
/// the object's adjoint, `execute(obj, args..., &d_args...)`, works too: the object's adjoint
/// then goes to a zeroed temporary.
template <typename Fn, std::size_t NPrimal>
class CladMethodFunction : public CladFunction<Fn, false> {
  using Base = CladFunction<Fn, false>;
  using Obj = typename std::remove_pointer<
      typename detail::fn_traits<Fn>::template param<NPrimal>>::type;

 public:
  using typename Base::return_type;
  using Base::arity;
  using Base::Base;

  template <typename... Args>
  CUAD_HD return_type execute(Args&&... args) const {
    static_assert(sizeof...(Args) == arity || sizeof...(Args) + 1 == arity,
                  "execute(object, args..., [&d_object,] &d_args...): pass the object, the "
                  "member function's arguments, then the adjoints");
    if (!this->m_Function) {
      printf("CladFunction is invalid\n");
      return return_type();
    }
    if constexpr (sizeof...(Args) == arity) {
      return this->m_Function(static_cast<Args&&>(args)...);
    } else {
      Obj d_object{};
      return call_with_object_adjoint(&d_object, std::make_index_sequence<NPrimal>(),
                                      std::make_index_sequence<arity - 1 - NPrimal>(),
                                      static_cast<Args&&>(args)...);
    }
  }

 private:
  template <std::size_t... P, std::size_t... A, typename... Args>
  CUAD_HD return_type call_with_object_adjoint(Obj* d_object, std::index_sequence<P...>,
                                               std::index_sequence<A...>,
                                               Args&&... args) const {
    return this->m_Function(detail::nth_arg<P>(static_cast<Args&&>(args)...)..., d_object,
                            detail::nth_arg<NPrimal + A>(static_cast<Args&&>(args)...)...);
  }
};

namespace detail {

template <std::size_t NPrimal, typename Fn>
CUAD_HD CladMethodFunction<Fn, NPrimal> make_method_gradient(Fn function, const char* code) {
  return CladMethodFunction<Fn, NPrimal>(function, code);
}

}  // namespace detail

/// The gradient of a functor object's `operator()` (`clad::gradient(E)` / `(&E)`, as in
/// Clad): cuad differentiates the operator's free stand-in, whose first parameter is the
/// object; this object holds a pointer to `E` (later changes of `E` are seen, as with Clad)
/// and is executed without it: `execute(args..., [&d_E,] &d_args...)`.
template <typename Fn, std::size_t NPrimal, typename Obj>
class CladFunctorFunction : public CladFunction<Fn, false> {
  using Base = CladFunction<Fn, false>;
  using DObj = typename std::remove_pointer<
      typename detail::fn_traits<Fn>::template param<NPrimal>>::type;

 public:
  using typename Base::return_type;
  using Base::arity;

  CUAD_HD CladFunctorFunction(Fn function, const char* code, Obj* object)
      : Base(function, code), m_Object(object) {}

  template <typename... Args>
  CUAD_HD return_type execute(Args&&... args) const {
    static_assert(sizeof...(Args) + 1 == arity || sizeof...(Args) + 2 == arity,
                  "execute(args..., [&d_object,] &d_args...): pass the call operator's "
                  "arguments, then the adjoints");
    if (!this->m_Function) {
      printf("CladFunction is invalid\n");
      return return_type();
    }
    if constexpr (sizeof...(Args) + 1 == arity) {
      return this->m_Function(*m_Object, static_cast<Args&&>(args)...);
    } else {
      DObj d_object{};
      return call_with_object_adjoint(&d_object, std::make_index_sequence<NPrimal - 1>(),
                                      std::make_index_sequence<arity - 1 - NPrimal>(),
                                      static_cast<Args&&>(args)...);
    }
  }

 private:
  template <std::size_t... P, std::size_t... A, typename... Args>
  CUAD_HD return_type call_with_object_adjoint(DObj* d_object, std::index_sequence<P...>,
                                               std::index_sequence<A...>,
                                               Args&&... args) const {
    return this->m_Function(*m_Object, detail::nth_arg<P>(static_cast<Args&&>(args)...)...,
                            d_object,
                            detail::nth_arg<NPrimal - 1 + A>(static_cast<Args&&>(args)...)...);
  }

  Obj* m_Object;
};

namespace detail {

template <std::size_t NPrimal, typename Fn, typename Obj>
CUAD_HD CladFunctorFunction<Fn, NPrimal, Obj> make_functor_gradient(Fn function,
                                                                    const char* code,
                                                                    Obj* object) {
  return CladFunctorFunction<Fn, NPrimal, Obj>(function, code, object);
}

/// Pointers to a lambda's captured variables (no std::tuple: device code uses it too).
template <typename... T>
struct ptr_pack {};
template <typename H, typename... T>
struct ptr_pack<H, T...> {
  H* head;
  ptr_pack<T...> tail;
};
CUAD_HD inline ptr_pack<> make_ptr_pack() { return {}; }
template <typename H, typename... T>
CUAD_HD ptr_pack<H, T...> make_ptr_pack(H* h, T*... t) {
  return ptr_pack<H, T...>{h, make_ptr_pack(t...)};
}
template <std::size_t K, typename Pack>
CUAD_HD decltype(auto) pack_get(const Pack& p) {
  if constexpr (K == 0) {
    return *p.head;
  } else {
    return pack_get<K - 1>(p.tail);
  }
}

}  // namespace detail

/// The gradient of a lambda with captures (`clad::gradient(f)` for `auto f = [&](double x)
/// {...}`): cuad lifts the lambda into a function whose captures follow its parameters and
/// differentiates it with respect to the parameters; this object holds pointers to the
/// captured variables, so `execute(args..., &d_args...)` is called as in Clad.
template <typename Fn, std::size_t NParams, typename... Captured>
class CladCaptureFunction : public CladFunction<Fn, false> {
  using Base = CladFunction<Fn, false>;

 public:
  using typename Base::return_type;
  using Base::arity;

  CUAD_HD CladCaptureFunction(Fn function, const char* code, Captured*... captured)
      : Base(function, code), m_Captured(detail::make_ptr_pack(captured...)) {}

  template <typename... Args>
  CUAD_HD return_type execute(Args&&... args) const {
    static_assert(sizeof...(Args) + sizeof...(Captured) == arity,
                  "execute(args..., &d_args...): pass the lambda's arguments, then the "
                  "adjoints");
    if (!this->m_Function) {
      printf("CladFunction is invalid\n");
      return return_type();
    }
    return call(std::make_index_sequence<NParams>(), std::index_sequence_for<Captured...>(),
                std::make_index_sequence<sizeof...(Args) - NParams>(),
                static_cast<Args&&>(args)...);
  }

 private:
  template <std::size_t... P, std::size_t... C, std::size_t... A, typename... Args>
  CUAD_HD return_type call(std::index_sequence<P...>, std::index_sequence<C...>,
                           std::index_sequence<A...>, Args&&... args) const {
    return this->m_Function(detail::nth_arg<P>(static_cast<Args&&>(args)...)...,
                            detail::pack_get<C>(m_Captured)...,
                            detail::nth_arg<NParams + A>(static_cast<Args&&>(args)...)...);
  }

  detail::ptr_pack<Captured...> m_Captured;
};

namespace detail {

template <std::size_t NParams, typename Fn, typename... Captured>
CUAD_HD CladCaptureFunction<Fn, NParams, Captured...> make_capture_gradient(
    Fn function, const char* code, Captured*... captured) {
  return CladCaptureFunction<Fn, NParams, Captured...>(function, code, captured...);
}

}  // namespace detail

/// Clad's options for requests (`clad::gradient<clad::opts::disable_tbr>(f)`): cuad's
/// reverse mode needs none of them; `cuad build` accepts and drops them.
namespace opts {
struct use_enzyme {};
struct vector_mode {};
struct enable_tbr {};
struct disable_tbr {};
struct enable_va {};
struct disable_va {};
struct diagonal_only {};
}  // namespace opts

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

/// Clad's `matrix`: rows x cols values, zeroed, row-major; `m[r][c]`. A Jacobian or Hessian
/// request's `execute(..., &m)` fills it (the generated function takes `m.data()`).
template <typename T>
class matrix {
 public:
  CUAD_HD matrix(std::size_t rows, std::size_t cols)
      : m_Data(new T[rows * cols]()), m_Rows(rows), m_Cols(cols) {}
  matrix(const matrix&) = delete;
  matrix& operator=(const matrix&) = delete;
  CUAD_HD ~matrix() { delete[] m_Data; }
  CUAD_HD T* operator[](std::size_t r) const { return m_Data + r * m_Cols; }
  CUAD_HD T& operator()(std::size_t r, std::size_t c) const { return m_Data[r * m_Cols + c]; }
  CUAD_HD T* data() const { return m_Data; }
  CUAD_HD std::size_t rows() const { return m_Rows; }
  CUAD_HD std::size_t cols() const { return m_Cols; }

 private:
  T* m_Data;
  std::size_t m_Rows, m_Cols;
};

namespace detail {
/// A `matrix<T>*` argument becomes its data pointer; others pass unchanged.
template <typename T>
CUAD_HD T* matrix_arg(matrix<T>* m) {
  return m->data();
}
template <typename A>
CUAD_HD A&& matrix_arg(A&& a) {
  return static_cast<A&&>(a);
}
}  // namespace detail

/// The object returned by `clad::jacobian` / `clad::hessian`: the generated function fills a
/// row-major matrix given as a pointer (or `clad::array_ref`) or as `&m` of a `clad::matrix`.
template <typename Fn, auto DeviceFn = nullptr>
class CladMatrixFunction : public CladFunction<Fn, false, 1, DeviceFn> {
  using Base = CladFunction<Fn, false, 1, DeviceFn>;

 public:
  using typename Base::return_type;
  using Base::Base;

  template <typename... Args>
  CUAD_HD return_type execute(Args&&... args) const {
    return Base::execute(detail::matrix_arg(static_cast<Args&&>(args))...);
  }
};

namespace detail {
template <auto DeviceFn = nullptr, typename Fn>
CUAD_HD CladMatrixFunction<Fn, DeviceFn> make_matrix_function(Fn function, const char* code) {
  return CladMatrixFunction<Fn, DeviceFn>(function, code);
}
}  // namespace detail

/// Clad's view of an adjoint array (pointer and length); converts to the pointer the
/// gradient takes.
template <typename T>
class array_ref {
 public:
  // As Clad's: a bare pointer is a view of one element (a scalar's adjoint).
  CUAD_HD array_ref(T* data, std::size_t size = 1) : m_Data(data), m_Size(size) {}
  CUAD_HD operator T*() const { return m_Data; }
  CUAD_HD T& operator[](std::size_t i) const { return m_Data[i]; }
  CUAD_HD T* ptr() const { return m_Data; }
  CUAD_HD std::size_t size() const { return m_Size; }

 private:
  T* m_Data;
  std::size_t m_Size;
};

/// What Clad's custom pushforwards of value functions return (`clad::ValueAndPushforward<T,
/// U>`, in `clad::custom_derivatives`): the value and its tangent.
template <typename T, typename U>
struct ValueAndPushforward {
  T value;
  U pushforward;
};

/// Clad's `zero_init`: a value reset to zero, as Clad initializes adjoints. A type that can
/// be default-constructed is rebuilt by value-initialization (`T()`); one that cannot (only
/// user constructors taking arguments) has all its bytes cleared. Types with a destructor are
/// refused: rebuilding them in place would skip it.
template <typename T>
CUAD_HD void zero_init(T& x) {
  static_assert(std::is_trivially_destructible<T>::value,
                "clad::zero_init requires trivially destructible types");
  if constexpr (std::is_default_constructible<T>::value) {
    new (&x) T();
  } else {
    unsigned char* bytes = reinterpret_cast<unsigned char*>(&x);
    for (std::size_t i = 0; i < sizeof(T); ++i) bytes[i] = 0;
  }
}
template <typename T>
CUAD_HD void zero_init(T* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) zero_init(x[i]);
}
template <typename T, std::size_t N>
CUAD_HD void zero_init(T (&arr)[N]) {
  zero_init(&arr[0], N);
}

#ifndef CUAD_RESTORE_TRACKER_RECORDS
#define CUAD_RESTORE_TRACKER_RECORDS 64
#endif
#ifndef CUAD_RESTORE_TRACKER_BYTES
#define CUAD_RESTORE_TRACKER_BYTES 1024
#endif

/// Clad's `restore_tracker`: `store(v)` remembers the bytes of `v` (the first store of an
/// address wins), `restore()` writes every remembered value back and keeps them, `clear()`
/// forgets them. Fixed capacity, so it works in device code too
/// (`-DCUAD_RESTORE_TRACKER_RECORDS=N`, `-DCUAD_RESTORE_TRACKER_BYTES=N` to change);
/// overflowing it stops the program instead of losing a value.
class restore_tracker {
 public:
  template <typename T>
  CUAD_HD void store(const T& val) {
    const unsigned char* addr = reinterpret_cast<const unsigned char*>(&val);
    for (std::size_t i = 0; i < m_Count; ++i)
      if (m_Records[i].addr == addr) return;
    if (m_Count == CUAD_RESTORE_TRACKER_RECORDS ||
        m_Used + sizeof(T) > CUAD_RESTORE_TRACKER_BYTES) {
      printf("cuad: clad::restore_tracker full (raise CUAD_RESTORE_TRACKER_RECORDS/BYTES)\n");
#if defined(__CUDA_ARCH__)
      __trap();
#else
      std::abort();
#endif
    }
    m_Records[m_Count++] = {const_cast<unsigned char*>(addr), sizeof(T), m_Used};
    for (std::size_t i = 0; i < sizeof(T); ++i) m_Bytes[m_Used++] = addr[i];
  }
  CUAD_HD void restore() const {
    for (std::size_t r = 0; r < m_Count; ++r)
      for (std::size_t i = 0; i < m_Records[r].size; ++i)
        m_Records[r].addr[i] = m_Bytes[m_Records[r].offset + i];
  }
  CUAD_HD void clear() { m_Count = m_Used = 0; }

 private:
  struct Record {
    unsigned char* addr;
    std::size_t size;
    std::size_t offset;
  };
  Record m_Records[CUAD_RESTORE_TRACKER_RECORDS];
  unsigned char m_Bytes[CUAD_RESTORE_TRACKER_BYTES];
  std::size_t m_Count = 0;
  std::size_t m_Used = 0;
};

/// Only reached when a program with requests is compiled without `cuad build`.
template <typename F, typename... Rest>
detail::unprocessed_request gradient(F&&, Rest&&...) {
  static_assert(detail::always_false<F>::value, CUAD_UNPROCESSED_MESSAGE);
  return {};
}

/// Only reached when a program with requests is compiled without `cuad build`.
template <typename F, typename... Rest>
detail::unprocessed_request differentiate(F&&, Rest&&...) {
  static_assert(detail::always_false<F>::value, CUAD_UNPROCESSED_MESSAGE);
  return {};
}

/// Only reached when a program with requests is compiled without `cuad build`.
template <typename F, typename... Rest>
detail::unprocessed_request jacobian(F&&, Rest&&...) {
  static_assert(detail::always_false<F>::value, CUAD_UNPROCESSED_MESSAGE);
  return {};
}

/// Only reached when a program with requests is compiled without `cuad build`.
template <typename F, typename... Rest>
detail::unprocessed_request hessian(F&&, Rest&&...) {
  static_assert(detail::always_false<F>::value, CUAD_UNPROCESSED_MESSAGE);
  return {};
}

}  // namespace cuad

#endif  // __CUAD_PARSE__
#endif  // CUAD_CUAD_H
