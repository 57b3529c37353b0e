// cuad: --fn k --wrt y,x
// Range-based for loops over arrays: by value, by reference (writing the elements), const auto&,
// and over a reference-to-array parameter.
__device__ float total(const float (&a)[3]) {
  float s = 0.0f;
  for (float v : a) s += v * v;
  return s;
}
__global__ void k(float* y, const float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float arr[3] = {x[i], 2.0f * x[i], x[(i + 1) % n]};
    float s = 0.0f;
    for (float& v : arr) { v *= v; s += v; }
    for (const auto& v : arr) s += sin(v);
    y[i] = s + total(arr);
  }
}
