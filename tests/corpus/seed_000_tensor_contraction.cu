// Seed 000, Figure 5: the tensor contraction kernel as printed in the paper
// (`_global_` restored to `__global__`; computeStartStep completed for contractDimA=2,
// contractDimB=0, the configuration the demo launches).
typedef unsigned long long int size_type;

__device__ void computeStartStep(size_type& A_start, size_type& A_step, size_type& B_start,
                                 size_type& B_step, const int idx, const size_type A_dim[3],
                                 const size_type B_dim[3], const int contractDimA,
                                 const int contractDimB) {
    size_type A_a = idx / (A_dim[1] * B_dim[1] * B_dim[2]);
    size_type A_b = (idx / (B_dim[1] * B_dim[2])) % A_dim[1];
    A_start = A_a * A_dim[1] * A_dim[2] + A_b * A_dim[2];
    A_step = 1;
    size_type B_e = (idx / B_dim[2]) % B_dim[1];
    size_type B_f = idx % B_dim[2];
    B_start = 0 + B_e * B_dim[2] + B_f;
    B_step = B_dim[1] * B_dim[2];
}

__global__ void tensorContraction3D(float* C, const float* A, const float* B, const
size_type* A_dim, const size_type* B_dim, const int contractDimA, const int
contractDimB) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    // Each thread computes one element of the output tensor
    int totalElements =
        A_dim[(contractDimA + 1) % 3] * A_dim[(contractDimA + 2) % 3] *
        B_dim[(contractDimB + 1) % 3] * B_dim[(contractDimB + 2) % 3];
    if (idx < totalElements) {
        size_type A_start, B_start, A_step, B_step;
        size_type A_a, A_b, A_c, B_d, B_e, B_f;
        computeStartStep(A_start, A_step, B_start, B_step, idx, A_dim, B_dim,
        contractDimA, contractDimB);
        float sum = 0.0f;
        // A_dim[contractDimA] == B_dim[contractDimB]
        for (int i = 0; i < A_dim[contractDimA]; i++)
            sum += A[A_start + (i * A_step)] * B[B_start + (i * B_step)];
        C[idx] = sum;
    }
}
