// cuad: --fn srad_run --wrt image,lambda
// cuad: --fn srad_cuda_1 --wrt E_C,W_C,N_C,S_C,J_cuda,C_cuda,q0sqr
// Written for cuad in the style of Rodinia's srad (speckle-reducing anisotropic diffusion,
// v2): an `extract` kernel (J = exp(I / 255)), then per iteration the host copies J back,
// reduces the sums of J and J^2 over a region of interest into q0sqr (the speckle
// statistics), and launches two 2-D-block kernels: srad_cuda_1 stages the BLOCK_SIZE x
// BLOCK_SIZE tile of J and its north/south/west/east halo rows in shared memory (clamped at
// the image border), writes the four directional derivatives and the diffusion coefficient
// c = 1 / (1 + (q^2 - q0^2) / (q0^2 (1 + q0^2))) clamped to [0, 1] with if/else; srad_cuda_2
// stages c with its south/east halo and adds 0.25 * lambda * divergence to J. A `compress`
// kernel (255 log J) ends it. Double precision.
#include <cuda_runtime.h>
#include <stdlib.h>
#define BLOCK_SIZE 8

__global__ void extract(double* J, int size) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < size) J[i] = exp(J[i] / 255.0);
}

__global__ void compress(double* J, int size) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < size) J[i] = log(J[i]) * 255.0;
}

__global__ void srad_cuda_1(double* E_C, double* W_C, double* N_C, double* S_C, double* J_cuda,
                            double* C_cuda, int cols, int rows, double q0sqr) {
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = BLOCK_SIZE * by + ty, col = BLOCK_SIZE * bx + tx;
  int index = cols * row + col;
  __shared__ double temp[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ double north[BLOCK_SIZE], south[BLOCK_SIZE], west[BLOCK_SIZE], east[BLOCK_SIZE];
  temp[ty][tx] = J_cuda[index];
  // halo rows and columns of the neighbouring blocks; the image border repeats itself
  if (ty == 0) {
    int r = (by == 0) ? row : row - 1;
    north[tx] = J_cuda[cols * r + col];
  }
  if (ty == BLOCK_SIZE - 1) {
    int r = (by == gridDim.y - 1) ? row : row + 1;
    south[tx] = J_cuda[cols * r + col];
  }
  if (tx == 0) {
    int c = (bx == 0) ? col : col - 1;
    west[ty] = J_cuda[cols * row + c];
  }
  if (tx == BLOCK_SIZE - 1) {
    int c = (bx == gridDim.x - 1) ? col : col + 1;
    east[ty] = J_cuda[cols * row + c];
  }
  __syncthreads();
  double jc = temp[ty][tx];
  double n = (ty == 0) ? north[tx] : temp[ty - 1][tx];
  double s = (ty == BLOCK_SIZE - 1) ? south[tx] : temp[ty + 1][tx];
  double w = (tx == 0) ? west[ty] : temp[ty][tx - 1];
  double e = (tx == BLOCK_SIZE - 1) ? east[ty] : temp[ty][tx + 1];
  double dN = n - jc, dS = s - jc, dW = w - jc, dE = e - jc;
  double g2 = (dN * dN + dS * dS + dW * dW + dE * dE) / (jc * jc);
  double l = (dN + dS + dW + dE) / jc;
  double num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
  double den = 1 + (.25 * l);
  double qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
  double c = 1.0 / (1.0 + den);
  if (c < 0)
    c = 0;
  else if (c > 1)
    c = 1;
  N_C[index] = dN;
  S_C[index] = dS;
  W_C[index] = dW;
  E_C[index] = dE;
  C_cuda[index] = c;
}

__global__ void srad_cuda_2(double* E_C, double* W_C, double* N_C, double* S_C, double* J_cuda,
                            double* C_cuda, int cols, int rows, double lambda) {
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = BLOCK_SIZE * by + ty, col = BLOCK_SIZE * bx + tx;
  int index = cols * row + col;
  __shared__ double c_tile[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ double south_c[BLOCK_SIZE], east_c[BLOCK_SIZE];
  c_tile[ty][tx] = C_cuda[index];
  if (ty == BLOCK_SIZE - 1) {
    int r = (by == gridDim.y - 1) ? row : row + 1;
    south_c[tx] = C_cuda[cols * r + col];
  }
  if (tx == BLOCK_SIZE - 1) {
    int c = (bx == gridDim.x - 1) ? col : col + 1;
    east_c[ty] = C_cuda[cols * row + c];
  }
  __syncthreads();
  double cc = c_tile[ty][tx];
  double cN = cc, cW = cc;
  double cS = (ty == BLOCK_SIZE - 1) ? south_c[tx] : c_tile[ty + 1][tx];
  double cE = (tx == BLOCK_SIZE - 1) ? east_c[ty] : c_tile[ty][tx + 1];
  double d_sum = cN * N_C[index] + cS * S_C[index] + cW * W_C[index] + cE * E_C[index];
  J_cuda[index] = J_cuda[index] + 0.25 * lambda * d_sum;
}

void srad_run(double* image, int rows, int cols, int niter, double lambda, int r1, int r2,
              int c1, int c2) {
  int size_I = rows * cols;
  int size_R = (r2 - r1 + 1) * (c2 - c1 + 1);
  double *J_cuda, *C_cuda, *E_C, *W_C, *N_C, *S_C;
  cudaMalloc((void**)&J_cuda, sizeof(double) * size_I);
  cudaMalloc((void**)&C_cuda, sizeof(double) * size_I);
  cudaMalloc((void**)&E_C, sizeof(double) * size_I);
  cudaMalloc((void**)&W_C, sizeof(double) * size_I);
  cudaMalloc((void**)&N_C, sizeof(double) * size_I);
  cudaMalloc((void**)&S_C, sizeof(double) * size_I);
  double* J = (double*)malloc(sizeof(double) * size_I);
  cudaMemcpy(J_cuda, image, sizeof(double) * size_I, cudaMemcpyHostToDevice);
  extract<<<(size_I + 63) / 64, 64>>>(J_cuda, size_I);
  dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
  dim3 dimGrid(cols / BLOCK_SIZE, rows / BLOCK_SIZE);
  for (int iter = 0; iter < niter; iter++) {
    cudaMemcpy(J, J_cuda, sizeof(double) * size_I, cudaMemcpyDeviceToHost);
    double sum = 0, sum2 = 0;
    for (int i = r1; i <= r2; i++) {
      for (int j = c1; j <= c2; j++) {
        double tmp = J[i * cols + j];
        sum += tmp;
        sum2 += tmp * tmp;
      }
    }
    double meanROI = sum / size_R;
    double varROI = (sum2 / size_R) - meanROI * meanROI;
    double q0sqr = varROI / (meanROI * meanROI);
    srad_cuda_1<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda, cols, rows, q0sqr);
    srad_cuda_2<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda, cols, rows, lambda);
  }
  compress<<<(size_I + 63) / 64, 64>>>(J_cuda, size_I);
  cudaMemcpy(image, J_cuda, sizeof(double) * size_I, cudaMemcpyDeviceToHost);
  free(J);
  cudaFree(J_cuda);
  cudaFree(C_cuda);
  cudaFree(E_C);
  cudaFree(W_C);
  cudaFree(N_C);
  cudaFree(S_C);
}
