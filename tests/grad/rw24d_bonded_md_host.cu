// cuad: --fn md_bonded_run --wrt x0,v0,x_out,btypes,ang_k,ang_t0,mass
// A few velocity-Verlet steps of a bonded-only molecular model (a coarse-grained polymer
// melt without non-bonded terms), driven from the host. Bonds are int2 pairs with a type
// index into an array of BondType structs; a switch on the type's kind selects a harmonic
// spring or a Morse bond. Angles are int4 (i, j, k, unused) with per-angle stiffness and rest
// angle, through acos of the clamped cosine. Forces and the potential energy are
// accumulated with atomicAdd into buffers the host clears with cudaMemset before every force
// evaluation; device buffers live in a struct handled by a force helper. Returns the total
// (kinetic + potential) energy after the last step and copies the final positions out.
#include <cuda_runtime.h>
#include <cmath>

struct BondType {
  double k, r0;  // harmonic: k (r - r0)^2
  double D, a;   // Morse: D (1 - exp(-a (r - r0)))^2
  int kind;      // 0 harmonic, 1 Morse
};

struct DeviceSys {
  int n, nbonds, nang;
  double *x, *v, *f, *mass, *pe, *ke;
  int2* bonds;
  int* btype;
  BondType* btypes;
  int4* angles;
  double *ang_k, *ang_t0;
};

__global__ void bond_kernel(const double* __restrict__ x, const int2* __restrict__ bonds, const int* __restrict__ btype,
                            const BondType* __restrict__ btypes, int nbonds, double* __restrict__ f,
                            double* __restrict__ pe) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nbonds) return;
  const int2 ij = bonds[b];
  const BondType t = btypes[btype[b]];
  const double dx = x[3 * ij.y] - x[3 * ij.x], dy = x[3 * ij.y + 1] - x[3 * ij.x + 1],
               dz = x[3 * ij.y + 2] - x[3 * ij.x + 2];
  const double r = sqrt(dx * dx + dy * dy + dz * dz);
  double e = 0.0, dEdr = 0.0;
  switch (t.kind) {
    case 0:
      e = t.k * (r - t.r0) * (r - t.r0);
      dEdr = 2.0 * t.k * (r - t.r0);
      break;
    case 1: {
      const double ex = exp(-t.a * (r - t.r0));
      e = t.D * (1.0 - ex) * (1.0 - ex);
      dEdr = 2.0 * t.D * t.a * (1.0 - ex) * ex;
      break;
    }
  }
  const double s = dEdr / r;  // force on i is +s d, on j is -s d
  atomicAdd(&f[3 * ij.x], s * dx);
  atomicAdd(&f[3 * ij.x + 1], s * dy);
  atomicAdd(&f[3 * ij.x + 2], s * dz);
  atomicAdd(&f[3 * ij.y], -s * dx);
  atomicAdd(&f[3 * ij.y + 1], -s * dy);
  atomicAdd(&f[3 * ij.y + 2], -s * dz);
  atomicAdd(pe, e);
}

__global__ void angle_kernel(const double* __restrict__ x, const int4* __restrict__ angles, const double* __restrict__ ang_k,
                             const double* __restrict__ ang_t0, int nang, double* __restrict__ f, double* __restrict__ pe) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nang) return;
  const int4 a = angles[t];
  double u[3], v[3];
  for (int d = 0; d < 3; ++d) {
    u[d] = x[3 * a.x + d] - x[3 * a.y + d];
    v[d] = x[3 * a.z + d] - x[3 * a.y + d];
  }
  const double lu = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  const double lv = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  double c = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / (lu * lv);
  c = fmin(fmax(c, -1.0), 1.0);
  const double th = acos(c);
  const double dth = th - ang_t0[t];
  atomicAdd(pe, ang_k[t] * dth * dth);
  const double g = 2.0 * ang_k[t] * dth / sqrt(1.0 - c * c);  // -dE/dc
  for (int d = 0; d < 3; ++d) {
    const double fa = g * (v[d] / (lu * lv) - c * u[d] / (lu * lu));
    const double fc = g * (u[d] / (lu * lv) - c * v[d] / (lv * lv));
    atomicAdd(&f[3 * a.x + d], fa);
    atomicAdd(&f[3 * a.z + d], fc);
    atomicAdd(&f[3 * a.y + d], -fa - fc);
  }
}

__global__ void kick_drift(double* __restrict__ x, double* __restrict__ v, const double* __restrict__ f,
                           const double* __restrict__ mass, double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 3 * n) return;
  v[i] += 0.5 * dt * f[i] / mass[i / 3];
  x[i] += dt * v[i];
}

__global__ void kick(double* __restrict__ v, const double* __restrict__ f, const double* __restrict__ mass, double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 3 * n) return;
  v[i] += 0.5 * dt * f[i] / mass[i / 3];
}

__global__ void kinetic(const double* __restrict__ v, const double* __restrict__ mass, int n, double* __restrict__ ke) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 3 * n) return;
  atomicAdd(ke, 0.5 * mass[i / 3] * v[i] * v[i]);
}

static void compute_forces(const DeviceSys& s) {
  cudaMemset(s.f, 0, 3 * s.n * sizeof(double));
  cudaMemset(s.pe, 0, sizeof(double));
  bond_kernel<<<(s.nbonds + 31) / 32, 32>>>(s.x, s.bonds, s.btype, s.btypes, s.nbonds, s.f, s.pe);
  angle_kernel<<<(s.nang + 31) / 32, 32>>>(s.x, s.angles, s.ang_k, s.ang_t0, s.nang, s.f, s.pe);
}

double md_bonded_run(const double* x0, const double* v0, double* x_out, const int2* bonds, const int* btype, int nbonds,
                     const BondType* btypes, int nbt, const int4* angles, const double* ang_k, const double* ang_t0,
                     int nang, const double* mass, int n, double dt, int nsteps) {
  DeviceSys s;
  s.n = n;
  s.nbonds = nbonds;
  s.nang = nang;
  cudaMalloc(&s.x, 3 * n * sizeof(double));
  cudaMalloc(&s.v, 3 * n * sizeof(double));
  cudaMalloc(&s.f, 3 * n * sizeof(double));
  cudaMalloc(&s.mass, n * sizeof(double));
  cudaMalloc(&s.pe, sizeof(double));
  cudaMalloc(&s.ke, sizeof(double));
  cudaMalloc(&s.bonds, nbonds * sizeof(int2));
  cudaMalloc(&s.btype, nbonds * sizeof(int));
  cudaMalloc(&s.btypes, nbt * sizeof(BondType));
  cudaMalloc(&s.angles, nang * sizeof(int4));
  cudaMalloc(&s.ang_k, nang * sizeof(double));
  cudaMalloc(&s.ang_t0, nang * sizeof(double));
  cudaMemcpy(s.x, x0, 3 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(s.v, v0, 3 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(s.mass, mass, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(s.bonds, bonds, nbonds * sizeof(int2), cudaMemcpyHostToDevice);
  cudaMemcpy(s.btype, btype, nbonds * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(s.btypes, btypes, nbt * sizeof(BondType), cudaMemcpyHostToDevice);
  cudaMemcpy(s.angles, angles, nang * sizeof(int4), cudaMemcpyHostToDevice);
  cudaMemcpy(s.ang_k, ang_k, nang * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(s.ang_t0, ang_t0, nang * sizeof(double), cudaMemcpyHostToDevice);

  const int blocks = (3 * n + 63) / 64;
  compute_forces(s);
  for (int step = 0; step < nsteps; ++step) {
    kick_drift<<<blocks, 64>>>(s.x, s.v, s.f, s.mass, dt, n);
    compute_forces(s);
    kick<<<blocks, 64>>>(s.v, s.f, s.mass, dt, n);
  }
  cudaMemset(s.ke, 0, sizeof(double));
  kinetic<<<blocks, 64>>>(s.v, s.mass, n, s.ke);
  double pe = 0.0, ke = 0.0;
  cudaMemcpy(&pe, s.pe, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(&ke, s.ke, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(x_out, s.x, 3 * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(s.x);
  cudaFree(s.v);
  cudaFree(s.f);
  cudaFree(s.mass);
  cudaFree(s.pe);
  cudaFree(s.ke);
  cudaFree(s.bonds);
  cudaFree(s.btype);
  cudaFree(s.btypes);
  cudaFree(s.angles);
  cudaFree(s.ang_k);
  cudaFree(s.ang_t0);
  return pe + ke;
}
