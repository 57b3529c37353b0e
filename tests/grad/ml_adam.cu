// cuad: --fn adam_step --wrt p,m,v,g,lr
// AdamW step, in place on parameters and both moments, bias correction with powf of the
// step count, decoupled weight decay.
__global__ void adam_step(float* __restrict__ p, float* __restrict__ m, float* __restrict__ v,
                          const float* __restrict__ g, float lr, float b1, float b2, float eps, float wd,
                          int step, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float gi = g[i];
  const float mi = b1 * m[i] + (1.f - b1) * gi;
  const float vi = b2 * v[i] + (1.f - b2) * gi * gi;
  m[i] = mi;
  v[i] = vi;
  const float mhat = mi / (1.f - powf(b1, (float)step));
  const float vhat = vi / (1.f - powf(b2, (float)step));
  float pi = p[i];
  pi -= lr * wd * pi;
  pi -= lr * mhat / (sqrtf(vhat) + eps);
  p[i] = pi;
}
