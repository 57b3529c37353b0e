// cuad: --fn wave_energy --wrt u0,speed,damping,snapshot
// A damped 2-D wave equation (leapfrog, fixed zero boundary) in the layout of a small
// seismic/acoustics code: a `Wave2D` struct holds three device time levels (previous,
// current, next) and the parameters; `wave_setup(Wave2D&, ...)` stages the initial field in
// a std::vector on the host (zero boundary ring) and uploads it to two levels;
// `wave_advance(Wave2D&)` launches the 2-D update and rotates the three buffers through a
// local pointer. The host reads the last field back into a std::vector, writes a snapshot
// and returns the discrete energy.
#include <cuda_runtime.h>
#include <vector>

struct Wave2D {
  double* prev;
  double* cur;
  double* next;
  double c2;     // (c dt / dx)^2
  double gamma;  // damping
  int nx, ny;
};

__global__ void leapfrog(const double* prev, const double* cur, double* next, double c2,
                         double gamma, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  const int i = y * nx + x;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
    next[i] = 0.0;
    return;
  }
  const double lap = cur[i - 1] + cur[i + 1] + cur[i - nx] + cur[i + nx] - 4.0 * cur[i];
  next[i] = ((2.0 - gamma * gamma) * cur[i] - (1.0 - gamma) * prev[i] + c2 * lap) / (1.0 + gamma);
}

static void wave_setup(Wave2D& s, const double* u0, int nx, int ny, double speed,
                       double damping) {
  s.nx = nx;
  s.ny = ny;
  s.c2 = speed * speed;
  s.gamma = damping;
  const int cells = nx * ny;
  std::vector<double> staging(cells, 0.0);
  for (int y = 1; y < ny - 1; ++y)
    for (int x = 1; x < nx - 1; ++x) staging[y * nx + x] = u0[(y - 1) * (nx - 2) + (x - 1)];
  cudaMalloc(&s.prev, cells * sizeof(double));
  cudaMalloc(&s.cur, cells * sizeof(double));
  cudaMalloc(&s.next, cells * sizeof(double));
  cudaMemcpy(s.prev, staging.data(), cells * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(s.cur, staging.data(), cells * sizeof(double), cudaMemcpyHostToDevice);
}

static void wave_advance(Wave2D& s) {
  dim3 block(8, 8);
  dim3 grid((s.nx + 7) / 8, (s.ny + 7) / 8);
  leapfrog<<<grid, block>>>(s.prev, s.cur, s.next, s.c2, s.gamma, s.nx, s.ny);
  double* oldest = s.prev;
  s.prev = s.cur;
  s.cur = s.next;
  s.next = oldest;
}

// u0: the (nx-2) x (ny-2) interior; snapshot: the full nx x ny field at the end.
double wave_energy(const double* u0, double speed, double damping, double* snapshot, int nx,
                   int ny, int steps) {
  Wave2D s;
  wave_setup(s, u0, nx, ny, speed, damping);
  for (int t = 0; t < steps; ++t) wave_advance(s);
  const int cells = nx * ny;
  std::vector<double> h_cur(cells), h_prev(cells);
  cudaMemcpy(h_cur.data(), s.cur, cells * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_prev.data(), s.prev, cells * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(s.prev);
  cudaFree(s.cur);
  cudaFree(s.next);
  double kinetic = 0.0, potential = 0.0;
  for (int y = 0; y < ny; ++y) {
    for (int x = 0; x < nx; ++x) {
      const int i = y * nx + x;
      const double v = h_cur[i] - h_prev[i];
      kinetic += 0.5 * v * v;
      if (x + 1 < nx) {
        const double g = h_cur[i + 1] - h_cur[i];
        potential += 0.5 * g * g;
      }
      if (y + 1 < ny) {
        const double g = h_cur[i + nx] - h_cur[i];
        potential += 0.5 * g * g;
      }
      snapshot[i] = h_cur[i];
    }
  }
  return kinetic + s.c2 * potential;
}
