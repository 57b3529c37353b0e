// cuad: --fn colsum --wrt out,x
// A strided walk whose second index advances in the for's increment with a comma
// expression (`++k, j += n`), the usual way to step down a column.
__global__ void colsum(double* out, const double* x, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  int j = i;
  for (int k = 0; k < m; ++k, j += n) acc += x[j] * x[j] * (k + 1);
  out[i] = acc;
}
