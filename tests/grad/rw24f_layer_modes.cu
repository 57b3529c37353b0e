// cuad: --fn dense_loss --wrt W,bias,X,act_out,loss -DUSE_FAST_EXP
// cuad: fwd --fn dense_loss --wrt W,bias,X,act_out,loss
// A dense layer plus loss from an old C neural-network code: activation and loss chosen by
// integer modes in switch statements (an enum of #defines, fall-through from SOFTSIGN into a
// shared scaling, a default), an #ifdef picking __expf over exp, Huber loss from nested
// ternaries, the row dot product by a do-while walking two pointers (`*w++ * *x++`), unsigned
// indices, compound /=, *=, -=, and the batch loss accumulated with atomicAdd.
#include <cuda_runtime.h>

#define ACT_SIGMOID 0
#define ACT_TANH 1
#define ACT_SOFTSIGN 2
#define ACT_SCALED_SOFTSIGN 3
#define ACT_ELU 4

#define LOSS_MSE 0
#define LOSS_HUBER 1
#define LOSS_LOGCOSH 2

#ifdef USE_FAST_EXP
#define EXPF(x) __expf(x)
#else
#define EXPF(x) exp(x)
#endif

#define HUBER_DELTA 0.5

static inline __device__ float activate(float z, int mode)
{
    float a;
    switch (mode) {
    case ACT_SIGMOID:
        a = 1.0 / (1.0 + EXPF(-z));
        break;
    case ACT_TANH:
        a = tanhf(z);
        break;
    case ACT_SCALED_SOFTSIGN:
        z *= 1.7159;
        /* fall through */
    case ACT_SOFTSIGN:
        a = z / (1.0 + fabsf(z));
        break;
    case ACT_ELU:
    default:
        a = z > 0.0 ? z : EXPF(z) - 1.0;
        break;
    }
    return a;
}

__global__ void dense_loss(const float* W, const float* bias, const float* X, const float* target,
                           float* act_out, float* loss, unsigned int nbatch, unsigned int nin,
                           unsigned int nout, int act_mode, int loss_mode)
{
    unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int b, o, k;
    const float *w, *x;
    float z, a, r, l;

    if (idx >= nbatch * nout) return;
    b = idx / nout;
    o = idx % nout;
    w = W + o * nin;
    x = X + b * nin;
    z = 0.0;
    k = nin;
    do {
        z += *w++ * *x++;
    } while (--k);
    z += bias[o];
    a = activate(z, act_mode);
    act_out[idx] = a;

    r = a - target[idx];
    switch (loss_mode) {
    case LOSS_MSE:
        l = r * r;
        l *= 0.5;
        break;
    case LOSS_HUBER:
        l = fabsf(r) <= HUBER_DELTA ? 0.5 * r * r
          : r > 0 ? HUBER_DELTA * (r - 0.5 * HUBER_DELTA)
                  : HUBER_DELTA * (-r - 0.5 * HUBER_DELTA);
        break;
    default:
        l = logf(coshf(r));
        break;
    }
    l /= nbatch;
    atomicAdd(loss, l);
}
