// cuad: --fn p2g_deposit --wrt rho,pos,q
// cuad: --fn g2p_push --wrt vel,pos,ex,ey
// Particle-in-cell on a periodic 2-D grid: cloud-in-cell charge deposit (floorf cell, bilinear
// weights, four atomicAdds per particle into the grid, grid-stride loop over particles) and
// the matching gather of a 2-D field with a velocity push written back in place.
struct Cic {
  int i0, j0, i1, j1;
  float wx, wy;
};

__device__ __forceinline__ Cic cic_weights(float x, float y, float inv_dx, int nx, int ny) {
  Cic c;
  const float gx = x * inv_dx, gy = y * inv_dx;
  const float fx = floorf(gx), fy = floorf(gy);
  c.i0 = ((int)fx % nx + nx) % nx;
  c.j0 = ((int)fy % ny + ny) % ny;
  c.i1 = (c.i0 + 1) % nx;
  c.j1 = (c.j0 + 1) % ny;
  c.wx = gx - fx;
  c.wy = gy - fy;
  return c;
}

__global__ void p2g_deposit(float* rho, const float2* pos, const float* q, float inv_dx, int np,
                            int nx, int ny) {
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < np; p += blockDim.x * gridDim.x) {
    const float2 xp = pos[p];
    const Cic c = cic_weights(xp.x, xp.y, inv_dx, nx, ny);
    const float qp = q[p] * inv_dx * inv_dx;
    atomicAdd(&rho[c.j0 * nx + c.i0], qp * (1.0f - c.wx) * (1.0f - c.wy));
    atomicAdd(&rho[c.j0 * nx + c.i1], qp * c.wx * (1.0f - c.wy));
    atomicAdd(&rho[c.j1 * nx + c.i0], qp * (1.0f - c.wx) * c.wy);
    atomicAdd(&rho[c.j1 * nx + c.i1], qp * c.wx * c.wy);
  }
}

__global__ void g2p_push(float2* vel, const float2* pos, const float* ex, const float* ey,
                         float qm_dt, float inv_dx, int np, int nx, int ny) {
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < np; p += blockDim.x * gridDim.x) {
    const Cic c = cic_weights(pos[p].x, pos[p].y, inv_dx, nx, ny);
    const int id[4] = {c.j0 * nx + c.i0, c.j0 * nx + c.i1, c.j1 * nx + c.i0, c.j1 * nx + c.i1};
    const float wt[4] = {(1.0f - c.wx) * (1.0f - c.wy), c.wx * (1.0f - c.wy), (1.0f - c.wx) * c.wy,
                         c.wx * c.wy};
    float epx = 0.0f, epy = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      epx += wt[k] * ex[id[k]];
      epy += wt[k] * ey[id[k]];
    }
    float2 v = vel[p];
    v.x += qm_dt * epx;
    v.y += qm_dt * epy;
    vel[p] = v;
  }
}
