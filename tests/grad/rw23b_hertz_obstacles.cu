// cuad: --fn bounce --wrt x0,v0,obs,k,gamma,x_out,v_out,impulse
// cuad: fwd --fn bounce --wrt x0,v0,obs,k,x_out,v_out,impulse
// Discrete-element particles (2-D disks) falling through a field of fixed circular
// obstacles, as in a Galton-board demo. The block first stages the obstacles (an array of
// structs) in shared memory, then each thread integrates its own particle for many substeps:
// Hertzian normal force k * overlap^1.5 with a linear dashpot, only for obstacles the disk
// overlaps (continue otherwise), gravity, semi-implicit Euler, then wall reflections with a
// restitution coefficient (if / else if on the side walls, the floor separately). The
// normal impulse each particle receives is summed into one number with atomicAdd.
#include <cuda_runtime.h>

#define MAX_OBS 16
#define GRAVITY 9.81
#define RESTITUTION 0.7

struct Obstacle {
  double x, y, r;
};

__global__ void bounce(const double2* __restrict__ x0, const double2* __restrict__ v0, int n,
                       const Obstacle* __restrict__ obs, int nobs, double k, double gamma,
                       double radius, double box, double dt, int substeps,
                       double2* __restrict__ x_out, double2* __restrict__ v_out,
                       double* __restrict__ impulse) {
  __shared__ Obstacle s_obs[MAX_OBS];
  for (int o = threadIdx.x; o < nobs; o += blockDim.x) s_obs[o] = obs[o];
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double2 x = x0[i], v = v0[i];
  double J = 0.0;
  for (int s = 0; s < substeps; ++s) {
    double fx = 0.0, fy = -GRAVITY;
    for (int o = 0; o < nobs; ++o) {
      const double dx = x.x - s_obs[o].x, dy = x.y - s_obs[o].y;
      const double d = sqrt(dx * dx + dy * dy);
      const double overlap = radius + s_obs[o].r - d;
      if (overlap <= 0.0) continue;
      const double nx = dx / d, ny = dy / d;
      const double vn = v.x * nx + v.y * ny;
      const double fn = k * pow(overlap, 1.5) - gamma * vn * overlap;
      fx += fn * nx;
      fy += fn * ny;
      J += fn * dt;
    }
    v.x += dt * fx;
    v.y += dt * fy;
    x.x += dt * v.x;
    x.y += dt * v.y;
    if (x.x < radius) {
      x.x = 2.0 * radius - x.x;
      v.x = -RESTITUTION * v.x;
    } else if (x.x > box - radius) {
      x.x = 2.0 * (box - radius) - x.x;
      v.x = -RESTITUTION * v.x;
    }
    if (x.y < radius) {
      x.y = 2.0 * radius - x.y;
      v.y = -RESTITUTION * v.y;
    }
  }
  x_out[i] = x;
  v_out[i] = v;
  atomicAdd(impulse, J);
}
