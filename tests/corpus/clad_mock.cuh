// Minimal stand-in for the parts of Clad's API that the seed snippets call, so that those
// snippets are complete CUDA translation units. It computes nothing.
#ifndef CUAD_CORPUS_CLAD_MOCK_CUH
#define CUAD_CORPUS_CLAD_MOCK_CUH

#include <cuda_runtime.h>
#include <cstddef>

namespace clad {

template <typename F>
struct CladFunction {
  F fn;
  template <typename... Args>
  __host__ __device__ void execute(Args... args) const {}
  template <typename... Args>
  void execute_kernel(dim3 grid, dim3 block, Args... args) const {}
};

template <typename F>
__host__ __device__ CladFunction<F> gradient(F f, const char* args = "") {
  return CladFunction<F>{f};
}

namespace custom_derivatives {
inline void cudaMemcpy_pullback(void* destPtr, const void* srcPtr, size_t count,
                                cudaMemcpyKind kind, void* d_destPtr, void* d_srcPtr,
                                size_t* d_count, cudaMemcpyKind* d_kind) {}
inline void cudaMemcpy_pullback(double* destPtr, double* srcPtr, size_t count,
                                cudaMemcpyKind kind, double* d_destPtr, double* d_srcPtr,
                                unsigned long* d_count, cudaMemcpyKind* d_kind) {}
} // namespace custom_derivatives

} // namespace clad

#endif // CUAD_CORPUS_CLAD_MOCK_CUH
