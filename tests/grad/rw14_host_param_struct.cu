// cuad: --fn relax_apply --wrt x,alpha,beta,y
// A parameter block passed the way many codes do it: the host fills a struct of physical
// parameters from its arguments, cudaMemcpy's it into a device `Params*` (one allocation of
// sizeof(Params)), and the kernel reads `p->alpha` etc. through the pointer. A 2-D dim3 grid
// over an nx x ny field (sizes as kernel arguments, the struct holds only reals), each thread
// applying a nonlinear 5-point relaxation.

struct Params {
  double alpha;
  double beta;
  double h2inv;
};

__global__ void relax2d(const Params* __restrict__ p, const double* __restrict__ x,
                        double* __restrict__ y, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const double c = x[j * nx + i];
  const double w = i > 0 ? x[j * nx + i - 1] : 0.0;
  const double e = i < nx - 1 ? x[j * nx + i + 1] : 0.0;
  const double s = j > 0 ? x[(j - 1) * nx + i] : 0.0;
  const double nn = j < ny - 1 ? x[(j + 1) * nx + i] : 0.0;
  const double lap = (w + e + s + nn - 4.0 * c) * p->h2inv;
  y[j * nx + i] = c + p->alpha * lap - p->beta * c * c * c;
}

void relax_apply(const double* x, double alpha, double beta, double* y, int nx, int ny, double h) {
  Params hp;
  hp.alpha = alpha;
  hp.beta = beta;
  hp.h2inv = 1.0 / (h * h);
  Params* dp;
  double *dx, *dy;
  cudaMalloc(&dp, sizeof(Params));
  cudaMalloc(&dx, nx * ny * sizeof(double));
  cudaMalloc(&dy, nx * ny * sizeof(double));
  cudaMemcpy(dp, &hp, sizeof(Params), cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x, nx * ny * sizeof(double), cudaMemcpyHostToDevice);
  dim3 block(8, 8);
  dim3 grid((nx + 7) / 8, (ny + 7) / 8);
  relax2d<<<grid, block>>>(dp, dx, dy, nx, ny);
  cudaMemcpy(y, dy, nx * ny * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dp);
  cudaFree(dx);
  cudaFree(dy);
}
