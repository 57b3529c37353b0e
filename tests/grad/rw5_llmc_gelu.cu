// cuad: --fn gelu_forward_kernel1 --wrt out,inp
// cuad: --fn gelu_backward1 --wrt dinp,inp,dout
// Written for cuad in the style of karpathy/llm.c's GELU kernels (floatX = float): the tanh
// approximation of GELU, one thread per element, and its hand-written derivative kernel (the
// second request differentiates that backward kernel, so it checks second order). Exercises a
// function-like constant macro over M_PI (GELU_SCALING_FACTOR), tanhf/coshf, float casts
// around a floatX typedef, and an `if (i < N)` bounds guard.
#include <math.h>

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

typedef float floatX;

// out = x/2 * (1 + tanh(k * (x + 0.044715 x^3)))
__global__ void gelu_forward_kernel1(floatX* out, const floatX* inp, int N) {
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < N) {
        float u = inp[e];
        float poly = u + 0.044715f * u * u * u;
        float th = tanhf(GELU_SCALING_FACTOR * poly);
        out[e] = 0.5f * u * (1.0f + th);
    }
}

// dinp = gelu'(x) * dout, with sech^2 written as 1 / cosh^2
__global__ void gelu_backward1(floatX* dinp, const floatX* inp, const floatX* dout, int N) {
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < N) {
        float u = (float)inp[e];
        float arg = GELU_SCALING_FACTOR * (u + 0.044715f * u * u * u);
        float ch = coshf(arg);
        float sech2 = 1.0f / (ch * ch);
        float th = tanhf(arg);
        float dpoly = 1.0f + 3.0f * 0.044715f * u * u;
        float slope = 0.5f * (1.0f + th) + 0.5f * u * sech2 * GELU_SCALING_FACTOR * dpoly;
        dinp[e] = (floatX)(slope * (float)dout[e]);
    }
}
