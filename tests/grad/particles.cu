// cuad: --fn integrate --wrt p,force,dt
// An in-place particle update: a struct of float3 fields read, updated with free float3
// operators and written back; early return.
struct Particle { float3 pos; float3 vel; float mass; };
__device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ float3 operator*(float s, float3 a) { return make_float3(s * a.x, s * a.y, s * a.z); }
__global__ void integrate(Particle* p, const float3* force, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle q = p[i];
  float3 acc = (1.0f / q.mass) * force[i];
  q.vel = q.vel + dt * acc;
  q.pos = q.pos + dt * q.vel;
  p[i] = q;
}
