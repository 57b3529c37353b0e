// cuad: fwd --fn integrate
// Struct values updated with user-defined float3 operators: each operator application is a
// call of the operator's pushforward (in-place particle update, early return).
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
