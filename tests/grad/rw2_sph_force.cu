// cuad: --fn sph_pressure_force --wrt acc,pos,rho,mass
// SPH pressure forces with a spiky kernel gradient: float3 positions with user-defined
// operators, a fixed-width neighbour list padded with -1 (break at the pad), a cutoff test
// with `continue`, pressure from a Tait-like EOS with powf.
__host__ __device__ inline float3 operator-(float3 a, float3 b) {
  return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}
__host__ __device__ inline float3 operator*(float s, float3 a) {
  return make_float3(s * a.x, s * a.y, s * a.z);
}
__host__ __device__ inline float3& operator+=(float3& a, float3 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
  return a;
}
__host__ __device__ inline float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__device__ float eos(float rho, float rho0, float B) { return B * (powf(rho / rho0, 7.0f) - 1.0f); }

__global__ void sph_pressure_force(float3* acc, const float3* __restrict__ pos,
                                   const float* __restrict__ rho, const float* __restrict__ mass,
                                   const int* __restrict__ nbr, int max_nbr, int n, float h,
                                   float rho0, float B) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float3 pi = pos[i];
  const float Pi = eos(rho[i], rho0, B);
  const float coef = -45.0f / (3.14159265f * h * h * h * h * h * h);
  float3 a = make_float3(0.0f, 0.0f, 0.0f);
  for (int k = 0; k < max_nbr; ++k) {
    const int j = nbr[i * max_nbr + k];
    if (j < 0) break;
    const float3 rij = pi - pos[j];
    const float r2 = dot3(rij, rij);
    if (r2 >= h * h || r2 < 1e-12f) continue;
    const float r = sqrtf(r2);
    const float Pj = eos(rho[j], rho0, B);
    const float hr = h - r;
    const float f = -mass[j] * (Pi / (rho[i] * rho[i]) + Pj / (rho[j] * rho[j])) * coef * hr * hr / r;
    a += f * rij;
  }
  acc[i] = a;
}
