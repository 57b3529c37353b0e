// cuad: --fn adamw_step --wrt param,grad,m,v,hyper
// cuad: fwd --fn adamw_step --wrt param,grad,m,v,hyper
// Written for cuad in the style of a fused optimizer kernel (PyTorch's fused AdamW, llm.c's
// adamw_kernel) used for hyper-parameter learning: the hyper-parameters (learning rate, betas,
// epsilon, weight decay) live in device memory and get gradients, bias corrections use powf of
// the betas at the step, a 64-bit grid-stride loop updates parameters and both moments in place
// through __restrict__ pointers, and an RMSprop-style branch selected at run time shares the
// second moment.
__global__ void adamw_step(double* __restrict__ param, const double* __restrict__ grad,
                           double* __restrict__ m, double* __restrict__ v,
                           const double* __restrict__ hyper, int step, int rmsprop, long n) {
  const double lr = hyper[0], beta1 = hyper[1], beta2 = hyper[2], eps = hyper[3], wd = hyper[4];
  const double bc1 = 1.0 - pow(beta1, (double)step);
  const double bc2 = 1.0 - pow(beta2, (double)step);
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
       i += (long)gridDim.x * blockDim.x) {
    const double g = grad[i];
    const double vi = beta2 * v[i] + (1.0 - beta2) * g * g;
    v[i] = vi;
    double update;
    if (rmsprop) {
      update = g / (sqrt(vi) + eps);
    } else {
      const double mi = beta1 * m[i] + (1.0 - beta1) * g;
      m[i] = mi;
      update = (mi / bc1) / (sqrt(vi / bc2) + eps);
    }
    param[i] -= lr * (update + wd * param[i]);
  }
}
