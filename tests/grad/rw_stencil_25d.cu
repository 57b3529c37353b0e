// cuad: --fn stencil_25d --wrt out,in,c0,c1
// 2.5-D seven-point stencil: a 2-D grid of threads over (x, y) marches along z, keeping the
// planes below/current/above in registers that rotate each step.
__global__ void stencil_25d(float* __restrict__ out, const float* __restrict__ in, float c0,
                            float c1, int nx, int ny, int nz) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
  const int sz = nx * ny;
  const int id = y * nx + x;
  float below = in[id];
  float cur = in[id + sz];
  float above;
  for (int z = 1; z < nz - 1; ++z) {
    above = in[id + (z + 1) * sz];
    const int c = id + z * sz;
    out[c] = c0 * cur + c1 * (below + above + in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx]);
    below = cur;
    cur = above;
  }
}
