// cuad: --fn adamw_kernel2 --wrt params_memory,grads_memory,m_memory,v_memory,learning_rate,beta1,beta2,beta1_correction,eps,weight_decay
// cuad: --fn adamw_kernel3 --wrt params_memory,grads_memory,m_memory,v_memory,learning_rate,beta1,beta2,beta2_correction,eps,weight_decay
// Written for cuad in the style of karpathy/llm.c's AdamW kernels: one AdamW step with
// bias-corrected moments and decoupled weight decay. Exercises a lerp made of two nested fma
// calls, an early `return` guard against a `long` count, in-place read-modify-write of params,
// m and v (adamw_kernel2), and a grid-stride loop around a COARSE_FACTOR inner loop under
// #pragma unroll that leaves with `break` past the end (adamw_kernel3), plus the adjoints of
// every hyperparameter.
#define COARSE_FACTOR 2

// a + w * (b - a), evaluated as w*b + (a - w*a) with two fused multiply-adds
__device__ inline float lerp(float start, float end, float weight) {
    return fma(weight, end, fma(-weight, start, start));
}

__global__ void adamw_kernel2(float* params_memory, const float* grads_memory, float* m_memory, float* v_memory, long num_parameters,
                              float learning_rate, float beta1, float beta2, float beta1_correction, float beta2_correction, float eps, float weight_decay) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= num_parameters) return;
    float g = grads_memory[p];
    float mom = lerp(g, m_memory[p], beta1);
    float sq = lerp(g * g, v_memory[p], beta2);
    m_memory[p] = mom;
    v_memory[p] = sq;
    float mhat = mom / beta1_correction;
    float vhat = sq / beta2_correction;
    params_memory[p] -= learning_rate * (mhat / (sqrtf(vhat) + eps) + weight_decay * params_memory[p]);
}

__global__ void adamw_kernel3(float* params_memory, const float* grads_memory, float* m_memory, float* v_memory, long num_parameters,
                              float learning_rate, float beta1, float beta2, float beta1_correction, float beta2_correction, float eps, float weight_decay) {
    int step = blockDim.x * gridDim.x;
    for (int base = blockIdx.x * blockDim.x + threadIdx.x; base < num_parameters; base += step) {
        #pragma unroll
        for (int k = 0; k < COARSE_FACTOR; k++) {
            int p = base + k * step;
            if (p >= num_parameters) break;

            float w = params_memory[p];
            float g = grads_memory[p];
            float mom = lerp(g, m_memory[p], beta1);
            m_memory[p] = mom;
            float sq = lerp(g * g, v_memory[p], beta2);
            v_memory[p] = sq;

            float update = (mom / beta1_correction) / (sqrtf(sq / beta2_correction) + eps);
            w -= learning_rate * (update + weight_decay * w);
            params_memory[p] = w;
        }
    }
}
