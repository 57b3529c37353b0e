// cuad: --fn leapfrog --wrt bodies,fx,fy,fz,dt
// Array-of-structs bodies with float3 fields, forces in struct-of-arrays layout; a
// velocity-Verlet style kick-drift with a drag term and a device helper returning float3.
struct Body {
  float3 pos;
  float3 vel;
  float inv_mass;
};

__device__ float3 axpy3(float a, float3 x, float3 y) {
  return make_float3(a * x.x + y.x, a * x.y + y.y, a * x.z + y.z);
}

__device__ float norm3(float3 v) { return sqrtf(v.x * v.x + v.y * v.y + v.z * v.z); }

__global__ void leapfrog(Body* bodies, const float* fx, const float* fy, const float* fz, float dt,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Body b = bodies[i];
    float3 f = make_float3(fx[i], fy[i], fz[i]);
    float drag = 0.1f * norm3(b.vel);
    f = axpy3(-drag, b.vel, f);
    b.vel = axpy3(dt * b.inv_mass, f, b.vel);
    b.pos = axpy3(dt, b.vel, b.pos);
    bodies[i].pos = b.pos;
    bodies[i].vel.x = b.vel.x;
    bodies[i].vel.y = b.vel.y;
    bodies[i].vel.z = b.vel.z;
  }
}
