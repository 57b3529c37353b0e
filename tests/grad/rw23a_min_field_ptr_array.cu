// cuad: --fn mul_slab --wrt x,y
// Minimal repro: a host function points the fields of a struct into one device allocation
// through an array of pointers to the fields, as llm.c's malloc_and_point_parameters does
// (`float** ptrs[2] = {&s.a, &s.b}; for (...) *(ptrs[i]) = slab + i * n;`), then launches a
// kernel on the fields. The gradient compiles and runs but treats s.a and s.b as constants:
// it launches mul_grad_0 (w.r.t. out only) and x gets a zero gradient, silently. With a
// single `float** pa = &s.a; *pa = slab;` cuad reports that it cannot tell what `pa` points
// to; with `float** ptrs[] = {...}` (no length, as llm.c writes it) the generated
// declaration `float** ptrs[];` does not compile.
#include <cuda_runtime.h>

struct Bufs {
  float* a;
  float* b;
};

__global__ void mul(float* out, const float* a, const float* b, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] * b[i];
}

void mul_slab(const float* x, float* y, int n) {
  float *slab, *d_y;
  cudaMalloc(&slab, 2 * n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMemcpy(slab, x, 2 * n * sizeof(float), cudaMemcpyHostToDevice);
  Bufs s;
  float** ptrs[2] = {&s.a, &s.b};
  for (int i = 0; i < 2; ++i) *(ptrs[i]) = slab + i * n;
  mul<<<1, 32>>>(d_y, s.a, s.b, n);
  cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(slab);
  cudaFree(d_y);
}
