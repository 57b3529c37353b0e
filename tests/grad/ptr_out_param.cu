// cuad: --fn stats --wrt out,in
// A __device__ helper with pointer out-parameters pointing at the caller's locals, reading a
// row of a global array through a pointer offset.
__device__ void accumulate(const double* v, int m, double* sum, double* sumsq) {
  *sum = 0.0;
  *sumsq = 0.0;
  for (int j = 0; j < m; ++j) {
    *sum += v[j];
    *sumsq += v[j] * v[j];
  }
}

__global__ void stats(double* out, const double* in, int rows, int m) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    double s, q;
    accumulate(in + r * m, m, &s, &q);
    out[r] = q / m - (s / m) * (s / m);
  }
}
