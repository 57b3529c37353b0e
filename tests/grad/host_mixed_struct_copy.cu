// cuad: --fn host_apply --wrt x,sites,y
// cuad: fwd --fn host_apply --wrt x,sites,y
// Host copies of arrays of structs with int and double fields. `Obs` records (an index and
// a weight) carry no derivative: the kernels only read them through `const Obs*`, so their
// copy stays primal code. `Site`s are differentiated (their doubles sit beside ints): the
// reverse of their H2D and D2D copies sums the adjoint buffers as arrays of double (the
// adjoint's int fields are unused), the forward copies the tangent buffers.
#include <cuda_runtime.h>

struct Obs {
  int idx;
  double weight;
};

struct Site {
  int cell, tag;
  double a, b;
};

// Moves each site in place; its int fields are bookkeeping.
__global__ void relax(Site* s, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    s[i].a = s[i].a * 1.5 + 0.25 * s[i].b * s[i].b;
    s[i].tag = s[i].cell + 1;
  }
}

__global__ void apply(const double* x, const Obs* obs, const Site* sites, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const Site s = sites[obs[i].idx % 4];
    y[i] = obs[i].weight * x[obs[i].idx] * x[obs[i].idx] * s.a + s.b * s.tag;
  }
}

void host_apply(const double* x, const Obs* obs, const Site* sites, double* y, int n) {
  double *d_x, *d_y;
  Obs* d_obs;
  Site *d_sites, *d_moved;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_obs, n * sizeof(Obs));
  cudaMalloc(&d_sites, 4 * sizeof(Site));
  cudaMalloc(&d_moved, 4 * sizeof(Site));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_obs, obs, n * sizeof(Obs), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sites, sites, 4 * sizeof(Site), cudaMemcpyHostToDevice);
  cudaMemcpy(d_moved, d_sites, 4 * sizeof(Site), cudaMemcpyDeviceToDevice);
  relax<<<1, 32>>>(d_moved, 4);
  apply<<<1, 32>>>(d_x, d_obs, d_moved, d_y, n);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_obs);
  cudaFree(d_sites);
  cudaFree(d_moved);
}
