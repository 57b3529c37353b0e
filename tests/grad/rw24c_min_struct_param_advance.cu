// cuad: --fn advance_param --wrt in,y
// cuad: fwd --fn advance_param --wrt in,y
// Minimal: a kernel advances the pointer field of its by-value struct parameter
// (`in.p += i`) and then reads through it. The gradient works on a copy of the struct whose
// adjoint pointer moves with it (before: it added into `(*_d_in).p[0]` without the offset,
// every thread's adjoint landing on x[0] and x[stride], silently wrong).
struct View {
  const float* p;
  int stride;
};

__global__ void advance_param(View in, float* y, int n) {
  const int i = threadIdx.x;
  if (i >= n) return;
  in.p += i;
  y[i] = in.p[0] * in.p[in.stride];
}
