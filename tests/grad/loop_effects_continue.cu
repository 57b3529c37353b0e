// cuad: --fn march --wrt sigma,out
// cuad: fwd --fn march
// `continue` in loops whose step or condition has side effects, as ray marchers write them:
// `for (...; ...; ++s, t += dt)` skipping empty samples, and a do-while whose condition
// advances a cursor (`while (++k < n && w[k] > 0)`). The lowering moves the step (or the
// condition) into the body, so each `continue` runs it first. (Before: an error.)
#include <cuda_runtime.h>

__global__ void march(const float* sigma, const float* w, float dt, int n, int steps,
                      float* out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  const float* sg = sigma + r * steps;
  float acc = 0.0f, t = 0.1f * r, trans = 1.0f;
  for (int s = 0; s < steps; ++s, t += dt) {
    if (sg[s] <= 0.05f) continue;
    const float alpha = 1.0f - expf(-sg[s] * dt);
    acc += trans * alpha * t;
    trans *= 1.0f - alpha;
    if (trans < 1e-3f) break;
  }
  int k = 0;
  float tail = 0.0f;
  do {
    if (k % 3 == 2) continue;
    tail += sg[k] * w[k];
  } while (++k < steps && w[k] > -0.9f);
  out[r] = acc + 0.5f * tail * out[r];
}
