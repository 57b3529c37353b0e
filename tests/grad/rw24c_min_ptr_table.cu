// cuad: --fn write_table --wrt x,a,b
// cuad: --fn local_table --wrt x
// Minimal: a kernel's local array of pointers (a pointer table) initialized from pointer
// parameters (write_table) or from local arrays (local_table), then indexed to store or load.
// The adjoint table `_d_dst` is filled where the table is (before: it stayed null and the
// reverse pass dereferenced it).
__global__ void write_table(const float* x, float* a, float* b, int n) {
  const int i = threadIdx.x;
  if (i >= n) return;
  float* dst[2] = {a, b};
  dst[i & 1][i / 2] = x[i] * x[i];
}

__global__ void local_table(float* x, int n) {
  const int i = threadIdx.x;
  if (i >= n) return;
  float A[2], B[2];
  float* bufs[2] = {A, B};
  bufs[0][0] = x[i];
  bufs[0][1] = 2.0f * x[i];
  bufs[1][0] = sinf(bufs[0][0] + bufs[0][1]);
  bufs[1][1] = bufs[0][0] * bufs[0][1];
  x[i] = bufs[1][0] + bufs[1][1];
}
