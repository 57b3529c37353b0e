// cuad: --fn nbody_accel --wrt acc,pos,mass
// All-pairs gravitational accelerations with softening: one thread per body (grid-stride),
// an inner loop over every body j, rsqrtf of the softened distance, float4 positions.
__global__ void nbody_accel(float4* __restrict__ acc, const float4* __restrict__ pos,
                            const float* __restrict__ mass, int n, float soft2) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const float4 pi = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < n; ++j) {
      const float4 pj = pos[j];
      const float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
      const float r2 = dx * dx + dy * dy + dz * dz + soft2;
      const float inv = rsqrtf(r2);
      const float s = mass[j] * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    acc[i] = make_float4(ax, ay, az, 0.0f);
  }
}
