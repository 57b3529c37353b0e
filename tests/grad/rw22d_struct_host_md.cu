// cuad: fwd --fn run_md
// cuad: fwd --fn substep
// cuad: --fn run_md
// A small particle code driven from the host: the parameters are a struct passed by value
// holding a nested struct, a fixed-size array of spring constants indexed by each particle's
// int type, a species struct and an int sub-step count; an external field's polynomial
// coefficients are uploaded to __constant__ memory with cudaMemcpyToSymbol from a host array
// that carries tangents; particles are structs {x, v, int type} copied to the device and back
// with cudaMemcpy; the host sums the kinetic energy of the copied-back particles and returns
// it. 1: the host function in forward mode (tangents of the struct, the field coefficients
// and the particles); 2: the kernel alone (the symbol is a constant there); 3: the host
// function in reverse mode.
#include <cuda_runtime.h>

struct Box {
  double center;
  double stiff;
};
struct Species {
  double mass;
  double charge;
};
struct SimParams {
  Box box;
  double dt;
  double k_spring[3];
  Species sp;
  int nsub;
};
struct Particle {
  double x;
  double v;
  int type;
};

__constant__ double c_field[3];

__device__ double field_at(double x) { return c_field[0] + c_field[1] * x + c_field[2] * x * x; }

__device__ double wall_force(const Box& b, double x) {
  return -b.stiff * tanh(x - b.center) * (1.0 + 0.1 * (x - b.center) * (x - b.center));
}

__global__ void substep(int n, SimParams p, Particle* ps) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle q = ps[i];
  const double inv_m = 1.0 / p.sp.mass;
  for (int s = 0; s < p.nsub; ++s) {
    const double f = -p.k_spring[q.type] * q.x + p.sp.charge * field_at(q.x) + wall_force(p.box, q.x);
    q.v += 0.5 * p.dt * inv_m * f;
    q.x += p.dt * q.v;
    const double f2 =
        -p.k_spring[q.type] * q.x + p.sp.charge * field_at(q.x) + wall_force(p.box, q.x);
    q.v += 0.5 * p.dt * inv_m * f2;
  }
  ps[i] = q;
}

double run_md(int n, SimParams p, const double* field, const Particle* host_p, int steps,
              Particle* out) {
  cudaMemcpyToSymbol(c_field, field, 3 * sizeof(double));
  Particle* d_p;
  cudaMalloc(&d_p, n * sizeof(Particle));
  cudaMemcpy(d_p, host_p, n * sizeof(Particle), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) substep<<<(n + 31) / 32, 32>>>(n, p, d_p);
  cudaMemcpy(out, d_p, n * sizeof(Particle), cudaMemcpyDeviceToHost);
  double ke = 0.0;
  for (int i = 0; i < n; ++i) ke += 0.5 * p.sp.mass * out[i].v * out[i].v;
  cudaFree(d_p);
  return ke;
}
