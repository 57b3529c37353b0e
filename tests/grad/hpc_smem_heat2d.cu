// cuad: --fn heat_tile --wrt out,in,alpha
// 2-D five-point stencil with a shared-memory tile and a one-cell halo loaded by edge threads
// (2-D block, blockIdx.y/threadIdx.y), clamped at the domain boundary.
#define BX 8
#define BY 8
__global__ void heat_tile(double* out, const double* in, double alpha, int nx, int ny) {
  __shared__ double t[BY + 2][BX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.x * BX + tx;
  int j = blockIdx.y * BY + ty;
  int ic = min(i, nx - 1), jc = min(j, ny - 1);
  t[ty + 1][tx + 1] = in[jc * nx + ic];
  if (tx == 0) t[ty + 1][0] = in[jc * nx + max(ic - 1, 0)];
  if (tx == BX - 1) t[ty + 1][BX + 1] = in[jc * nx + min(ic + 1, nx - 1)];
  if (ty == 0) t[0][tx + 1] = in[max(jc - 1, 0) * nx + ic];
  if (ty == BY - 1) t[BY + 1][tx + 1] = in[min(jc + 1, ny - 1) * nx + ic];
  __syncthreads();
  if (i < nx && j < ny) {
    double c = t[ty + 1][tx + 1];
    double lap = t[ty + 1][tx] + t[ty + 1][tx + 2] + t[ty][tx + 1] + t[ty + 2][tx + 1] - 4.0 * c;
    out[j * nx + i] = c + alpha * lap * (1.0 + c * c);
  }
}
