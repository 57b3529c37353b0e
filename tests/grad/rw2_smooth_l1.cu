// cuad: --fn smooth_l1_fwd --wrt out,pred,target,beta
// Smooth-L1 / Huber loss per element (box regression, no reduction), with the branch on
// |d| < beta written as an if/else, a beta == 0 fast path (plain L1), and per-row weights
// read through a 2-D launch: threadIdx.y over rows of 4 box coordinates.
__global__ void smooth_l1_fwd(float* out, const float* pred, const float* target,
                              const float* row_w, float beta, int n_rows) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  int c = threadIdx.x;  // 0..3: x1, y1, x2, y2
  if (row >= n_rows || c >= 4) return;
  int idx = row * 4 + c;
  float d = pred[idx] - target[idx];
  float ad = fabsf(d);
  float l;
  if (beta == 0.0f) {
    l = ad;
  } else if (ad < beta) {
    l = 0.5f * d * d / beta;
  } else {
    l = ad - 0.5f * beta;
  }
  out[idx] = row_w[row] * l;
}
