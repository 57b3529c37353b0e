// Seed 000, Figure 5 (right): the reverse sweep Clad generates for the contraction loop,
// wrapped in a device function that declares the names the fragment uses.
typedef unsigned long long int size_type;

__device__ void tensorContraction3D_reverse_tail(float *_d_C, float *_d_A, float *_d_B,
                                                 const float *A, const float *B, int idx,
                                                 size_type A_start, size_type A_step,
                                                 size_type B_start, size_type B_step,
                                                 int i, unsigned long _t0) {
    float _d_sum = 0.0f;
    {
        float _r_d1 = _d_C[idx];
        _d_C[idx] = 0.0f;
        _d_sum += _r_d1;
    }
    for (; _t0; _t0--) {
        i--;
        float _r_d0 = _d_sum;
        atomicAdd(&_d_A[A_start + (i * A_step)], _r_d0 *
        B[B_start + (i * B_step)]);
        atomicAdd(&_d_B[B_start + (i * B_step)],
        A[A_start + (i * A_step)] * _r_d0);
    }
}
