// cuad: --fn heat2d --wrt u,kappa
// 2-D explicit heat equation on an nx x ny grid with a 2-D launch, stepped by a host
// function that ping-pongs two device buffers with std::swap; Dirichlet boundary copied.
#include <utility>
__global__ void heat_step(double* un, const double* u, const double* kappa, double dt, int nx,
                          int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  int c = j * nx + i;
  if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
    un[c] = u[c];
    return;
  }
  double lap = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0 * u[c];
  un[c] = u[c] + dt * kappa[c] * lap;
}

void heat2d(double* u, const double* kappa, double dt, int nx, int ny, int steps) {
  size_t bytes = (size_t)nx * ny * sizeof(double);
  double *d_u, *d_un, *d_k;
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_un, bytes);
  cudaMalloc(&d_k, bytes);
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, kappa, bytes, cudaMemcpyHostToDevice);
  cudaMemset(d_un, 0, bytes);
  dim3 block(8, 8);
  dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  for (int s = 0; s < steps; ++s) {
    heat_step<<<grid, block>>>(d_un, d_u, d_k, dt, nx, ny);
    std::swap(d_u, d_un);
  }
  cudaMemcpy(u, d_u, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_un);
  cudaFree(d_k);
}
