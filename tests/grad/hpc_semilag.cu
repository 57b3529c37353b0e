// cuad: --fn semi_lagrangian --wrt qn,q,vel
// Semi-Lagrangian advection on a periodic 1-D grid: departure point, floor to a cell index
// (int cast), linear interpolation weights; gradient w.r.t. the field and the velocity.
__global__ void semi_lagrangian(float* qn, const float* q, const float* vel, float dt_dx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float xd = (float)i - dt_dx * vel[i];
  float fl = floorf(xd);
  float a = xd - fl;
  int j0 = ((int)fl % n + n) % n;
  int j1 = (j0 + 1) % n;
  qn[i] = (1.0f - a) * q[j0] + a * q[j1];
}
