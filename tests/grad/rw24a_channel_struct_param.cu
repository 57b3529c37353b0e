// cuad: --fn channel_run --wrt ch
// cuad: fwd --fn channel_run --wrt ch
// A river-channel model object passed by const reference: device pointers to the caller's depth
// and discharge arrays next to the physical parameters (gravity, Manning coefficient) and the
// sizes, the way a C++ solver keeps its state. channel_run advances the caller's arrays in place
// by nsteps explicit steps: a face-flux kernel (local Lax-Friedrichs with the speed from fmax,
// periodic) into scratch buffers allocated here, and an update kernel with implicit-in-time
// Manning friction q / (1 + dt g n^2 |q| / h^(7/3)). Kernels get the fields as plain arguments.
#include <cuda_runtime.h>

struct Channel {
  double* h;
  double* q;
  double g;
  double manning;
  double dx;
  int n;
};

__global__ void channel_faces(const double* h, const double* q, double* fh, double* fq, double g, int n) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;  // face between f and f + 1 (periodic)
  if (f >= n) return;
  const int r = (f + 1) % n;
  const double hl = h[f], hr = h[r], ql = q[f], qr = q[r];
  const double a = fmax(fabs(ql / hl) + sqrt(g * hl), fabs(qr / hr) + sqrt(g * hr));
  fh[f] = 0.5 * (ql + qr) - 0.5 * a * (hr - hl);
  fq[f] = 0.5 * (ql * ql / hl + 0.5 * g * hl * hl + qr * qr / hr + 0.5 * g * hr * hr) - 0.5 * a * (qr - ql);
}

__global__ void channel_update(double* h, double* q, const double* fh, const double* fq, double g,
                               double manning, double dt, double dx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int l = (i + n - 1) % n;
  const double hn = h[i] - dt / dx * (fh[i] - fh[l]);
  const double qs = q[i] - dt / dx * (fq[i] - fq[l]);
  const double k = dt * g * manning * manning * fabs(qs) / pow(hn, 7.0 / 3.0);
  h[i] = hn;
  q[i] = qs / (1.0 + k);
}

void channel_run(const Channel& ch, double dt, int nsteps) {
  double *fh, *fq;
  cudaMalloc(&fh, ch.n * sizeof(double));
  cudaMalloc(&fq, ch.n * sizeof(double));
  const int tpb = 32, nb = (ch.n + tpb - 1) / tpb;
  for (int s = 0; s < nsteps; ++s) {
    channel_faces<<<nb, tpb>>>(ch.h, ch.q, fh, fq, ch.g, ch.n);
    channel_update<<<nb, tpb>>>(ch.h, ch.q, fh, fq, ch.g, ch.manning, dt, ch.dx, ch.n);
  }
  cudaFree(fh);
  cudaFree(fq);
}
