// cuad: --fn cells --wrt u,vel,out
// cuad: --fn cells_local --wrt u,out
// Helpers handing their pointer arguments on: `velocities` stores each component and then
// reads it back (a load of what it stored, not of the entry value), `primitive` passes its
// output pointer to it. The inner pullback re-runs `velocities` safely, so cuad accepts the
// calls both into global memory and into a thread's local array.
__device__ double velocities(const double* mom, double inv_rho, double* vel) {
  double ke = 0.0;
  for (int d = 0; d < 3; ++d) {
    vel[d] = mom[d] * inv_rho;
    ke += 0.5 * mom[d] * vel[d];
  }
  return ke;
}

__device__ double primitive(const double* u, double* vel) {
  const double inv_rho = 1.0 / u[0];
  const double ke = velocities(u + 1, inv_rho, vel);
  return 0.4 * (u[4] - ke);
}

__global__ void cells(const double* u, double* vel, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const double p = primitive(u + 5 * i, vel + 3 * i);
    out[i] = p * vel[3 * i] + sqrt(p * u[5 * i]);
  }
}

__global__ void cells_local(const double* u, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v[3];
    const double p = primitive(u + 5 * i, v);
    out[i] = p * (v[0] * v[0] + v[1] * v[2]);
  }
}
