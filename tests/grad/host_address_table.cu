// cuad: --fn run --wrt x,y
// cuad: fwd --fn run --wrt x,y
// Pointers set through their addresses (llm.c's malloc_and_point_parameters): the fields of a
// struct passed whole to a kernel are pointed into one allocation through an array of their
// addresses with no written length, and one of them is read back through a pointer to it
// (grad and fwd).
#include <cuda_runtime.h>

struct View {
  float* a;
  float* b;
  int n;
};

__global__ void scale(float* p, int n, float c) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = c * p[i] * p[i];
}

__global__ void combine(View v, const float* extra, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < v.n) out[i] = v.a[i] * sinf(v.b[i]) + extra[i] * extra[i];
}

void run(const float* x, float* y, int n) {
  float *slab, *d_out;
  cudaMalloc(&slab, 2 * n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(slab, x, 2 * n * sizeof(float), cudaMemcpyHostToDevice);
  scale<<<1, 64>>>(slab + n, n, 0.5f);
  View v;
  v.n = n;
  float** fields[] = {&v.a, &v.b};
  const int sizes[2] = {n, n};
  float* it = slab;
  for (int k = 0; k < 2; ++k) {
    *(fields[k]) = it;
    it += sizes[k];
  }
  float** second = &v.b;
  combine<<<1, 64>>>(v, *second, d_out);
  cudaMemcpy(y, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(slab);
  cudaFree(d_out);
}
