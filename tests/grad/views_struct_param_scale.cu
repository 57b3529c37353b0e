// cuad: --fn scaled_rows --wrt p,y
// cuad: fwd --fn scaled_rows --wrt p,y
// A by-value parameter struct holding pointers, a real scale and strides: each thread moves
// the struct's pointer to its row (`p.x += row * p.stride`) inside a loop over its rows,
// through a device helper that moves its own copy too. The real field's adjoint is summed over
// threads; the pointers' adjoints move with them.
struct Rows {
  const float* x;
  float scale;
  int stride;
};

__device__ float row_energy(Rows r, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; ++j) {
    s += r.scale * r.x[0] * r.x[0];
    r.x += 1;
  }
  return s;
}

__global__ void scaled_rows(Rows p, float* y, int rows_per_thread, int n) {
  const int t = threadIdx.x;
  p.x += t * rows_per_thread * p.stride;
  for (int k = 0; k < rows_per_thread; ++k) {
    y[t * rows_per_thread + k] = row_energy(p, n) + p.scale * p.x[n - 1];
    p.x += p.stride;
  }
}
