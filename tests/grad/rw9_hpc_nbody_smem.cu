// cuad: --fn nbody_kick --wrt vel,pos,mass,soft2
// All-pairs n-body velocity kick: positions (float3) and masses staged in __shared__ tiles,
// a partial last tile padded with zero mass, Plummer softening through rsqrtf.
#define BLOCK 32
__global__ void nbody_kick(float3* vel, const float3* pos, const float* mass, float soft2,
                           float dt, int n) {
  __shared__ float3 spos[BLOCK];
  __shared__ float smass[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 pi = (i < n) ? pos[i] : make_float3(0.0f, 0.0f, 0.0f);
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int base = 0; base < n; base += BLOCK) {
    int j = base + threadIdx.x;
    if (j < n) {
      spos[threadIdx.x] = pos[j];
      smass[threadIdx.x] = mass[j];
    } else {
      spos[threadIdx.x] = make_float3(0.0f, 0.0f, 0.0f);
      smass[threadIdx.x] = 0.0f;
    }
    __syncthreads();
    int cnt = min(BLOCK, n - base);
    for (int k = 0; k < cnt; ++k) {
      float dx = spos[k].x - pi.x;
      float dy = spos[k].y - pi.y;
      float dz = spos[k].z - pi.z;
      float r2 = dx * dx + dy * dy + dz * dz + soft2;
      float inv = rsqrtf(r2);
      float s = smass[k] * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) {
    vel[i].x += dt * ax;
    vel[i].y += dt * ay;
    vel[i].z += dt * az;
  }
}
