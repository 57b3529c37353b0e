// cuad: --fn cosine_similarity --wrt h_C,h_A,h_B
// The CUDA samples' scalarProd kernel (ACCUM_N partial accumulators in shared memory, __mul24
// index arithmetic through an IMUL macro, vectors strided over blocks with `vec += gridDim.x`,
// a tree reduction whose barrier sits at the top of the loop) used three times by a C host
// routine that computes cosine similarities: malloc'd host buffers for A.B, A.A, B.B, cudaMalloc
// and cudaMemcpy, the launches, copies back, and the final division done on the host.
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>

#define IMUL(a, b) __mul24(a, b)
#define ACCUM_N 64

__global__ void scalarProdGPU(float* d_C, const float* d_A, const float* d_B, int vectorN, int elementN)
{
    __shared__ float accumResult[ACCUM_N];
    int vec, iAccum, pos, stride;

    for (vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
        int vectorBase = IMUL(elementN, vec);
        int vectorEnd = vectorBase + elementN;

        for (iAccum = threadIdx.x; iAccum < ACCUM_N; iAccum += blockDim.x) {
            float sum = 0;
            for (pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
                sum += d_A[pos] * d_B[pos];
            accumResult[iAccum] = sum;
        }

        for (stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            for (iAccum = threadIdx.x; iAccum < stride; iAccum += blockDim.x)
                accumResult[iAccum] += accumResult[stride + iAccum];
        }
        if (threadIdx.x == 0) d_C[vec] = accumResult[0];
        __syncthreads();
    }
}

void cosine_similarity(float* h_C, const float* h_A, const float* h_B, int vectorN, int elementN)
{
    float *d_A, *d_B, *d_AB, *d_AA, *d_BB;
    float *h_AB, *h_AA, *h_BB;
    const size_t DATA_SZ = (size_t)vectorN * elementN * sizeof(float);
    const size_t RESULT_SZ = vectorN * sizeof(float);
    int i;

    h_AB = (float*)malloc(RESULT_SZ);
    h_AA = (float*)malloc(RESULT_SZ);
    h_BB = (float*)malloc(RESULT_SZ);
    cudaMalloc((void**)&d_A, DATA_SZ);
    cudaMalloc((void**)&d_B, DATA_SZ);
    cudaMalloc((void**)&d_AB, RESULT_SZ);
    cudaMalloc((void**)&d_AA, RESULT_SZ);
    cudaMalloc((void**)&d_BB, RESULT_SZ);
    cudaMemcpy(d_A, h_A, DATA_SZ, cudaMemcpyHostToDevice);
    cudaMemcpy(d_B, h_B, DATA_SZ, cudaMemcpyHostToDevice);

    scalarProdGPU<<<3, 32>>>(d_AB, d_A, d_B, vectorN, elementN);
    scalarProdGPU<<<3, 32>>>(d_AA, d_A, d_A, vectorN, elementN);
    scalarProdGPU<<<3, 32>>>(d_BB, d_B, d_B, vectorN, elementN);

    cudaMemcpy(h_AB, d_AB, RESULT_SZ, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_AA, d_AA, RESULT_SZ, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_BB, d_BB, RESULT_SZ, cudaMemcpyDeviceToHost);

    for (i = 0; i < vectorN; i++)
        h_C[i] = h_AB[i] / sqrt(h_AA[i] * h_BB[i] + 1e-12);

    cudaFree(d_BB); cudaFree(d_AA); cudaFree(d_AB);
    cudaFree(d_B); cudaFree(d_A);
    free(h_BB); free(h_AA); free(h_AB);
}
