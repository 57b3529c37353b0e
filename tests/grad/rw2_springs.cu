// cuad: --fn spring_forces --wrt force,pos,rest,k
// Mass-spring cloth forces, one thread per edge: int2 endpoints, float2 positions, hypotf length,
// Hooke's law, and atomicAdd scatter of equal and opposite forces onto float2 fields in the primal.
__global__ void spring_forces(float2* force, const float2* pos, const int2* edges, const float* rest, float k, int ne) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= ne) return;
  int2 ij = edges[e];
  float2 d = make_float2(pos[ij.y].x - pos[ij.x].x, pos[ij.y].y - pos[ij.x].y);
  float len = hypotf(d.x, d.y);
  float f = k * (len - rest[e]) / len;
  atomicAdd(&force[ij.x].x, f * d.x);
  atomicAdd(&force[ij.x].y, f * d.y);
  atomicAdd(&force[ij.y].x, -f * d.x);
  atomicAdd(&force[ij.y].y, -f * d.y);
}
