// cuad: --fn adamw_then_loss --wrt params,grads,m,v,cfg
// One AdamW step followed by the loss at the updated parameters (a "look-ahead" objective
// for differentiating through the optimiser, e.g. to tune hyperparameters): llm.c's
// adamw_kernel3 update (lerp through fma, bias corrections computed on the host with powf,
// decoupled weight decay, an optional master copy checked against NULL) as a kernel template
// on the parameter and gradient types, then a weighted squared-error loss reduced with warp
// shuffles and one atomicAdd per warp into a device scalar that is cleared with cudaMemset
// and copied back. The host function copies the optimiser state in, writes the updated
// parameters and moments back into the caller's arrays, and returns the loss. The gradient
// is taken w.r.t. the parameters, gradients, moments and the hyperparameters in the struct.
#include <cuda_runtime.h>
#include <math.h>

struct AdamWConfig {
  float lr;
  float beta1;
  float beta2;
  float eps;
  float weight_decay;
};

__device__ __forceinline__ float lerp(float start, float end, float weight) {
  return fmaf(weight, end, fmaf(-weight, start, start));
}

template <typename Tp, typename Tg>
__global__ void adamw_kernel(Tp* params_memory, float* master_params_memory, const Tg* grads_memory,
                             float* m_memory, float* v_memory, int num_parameters, float learning_rate,
                             float beta1, float beta2, float beta1_correction, float beta2_correction, float eps,
                             float weight_decay, float grad_scale) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= num_parameters) return;
  const float grad = grad_scale * (float)grads_memory[idx];
  float m = m_memory[idx];
  float v = v_memory[idx];
  m = lerp(grad, m, beta1);
  m_memory[idx] = m;
  v = lerp(grad * grad, v, beta2);
  v_memory[idx] = v;
  m /= beta1_correction;
  v /= beta2_correction;
  const float old_param = (master_params_memory != NULL) ? master_params_memory[idx] : (float)params_memory[idx];
  const float param = old_param - (learning_rate * (m / (sqrtf(v) + eps) + weight_decay * old_param));
  params_memory[idx] = (Tp)param;
  if (master_params_memory != NULL) master_params_memory[idx] = param;
}

__global__ void weighted_sse(const float* __restrict__ p, const float* __restrict__ target,
                             const float* __restrict__ weight, float* __restrict__ loss, int n) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  float e = 0.0f;
  if (idx < n) {
    const float d = p[idx] - target[idx];
    e = 0.5f * weight[idx] * d * d;
  }
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(0xffffffffu, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(loss, e);
}

float adamw_then_loss(float* params, const float* grads, float* m, float* v, const float* target,
                      const float* weight, int n, int step, AdamWConfig cfg, float grad_scale) {
  float *d_p, *d_g, *d_m, *d_v, *d_t, *d_w, *d_loss;
  const size_t bytes = n * sizeof(float);
  cudaMalloc(&d_p, bytes);
  cudaMalloc(&d_g, bytes);
  cudaMalloc(&d_m, bytes);
  cudaMalloc(&d_v, bytes);
  cudaMalloc(&d_t, bytes);
  cudaMalloc(&d_w, bytes);
  cudaMalloc(&d_loss, sizeof(float));
  cudaMemcpy(d_p, params, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_g, grads, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_m, m, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_t, target, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, weight, bytes, cudaMemcpyHostToDevice);
  cudaMemset(d_loss, 0, sizeof(float));

  const float beta1_correction = 1.0f - powf(cfg.beta1, step);
  const float beta2_correction = 1.0f - powf(cfg.beta2, step);
  const int block = 64;
  const int grid = (n + block - 1) / block;
  adamw_kernel<float, float><<<grid, block>>>(d_p, NULL, d_g, d_m, d_v, n, cfg.lr, cfg.beta1, cfg.beta2,
                                              beta1_correction, beta2_correction, cfg.eps, cfg.weight_decay,
                                              grad_scale);
  weighted_sse<<<grid, block>>>(d_p, d_t, d_w, d_loss, n);

  float loss = 0.0f;
  cudaMemcpy(&loss, d_loss, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(params, d_p, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(m, d_m, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(v, d_v, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_p);
  cudaFree(d_g);
  cudaFree(d_m);
  cudaFree(d_v);
  cudaFree(d_t);
  cudaFree(d_w);
  cudaFree(d_loss);
  return loss;
}
