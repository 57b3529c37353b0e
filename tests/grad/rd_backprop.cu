// cuad: --fn bpnn_train_cuda --wrt input_units,input_weights,hidden_weights,prev_weights,target,err
// cuad: --fn bpnn_layerforward_CUDA --wrt input_cuda,input_hidden_cuda,hidden_partial_sum
// Written for cuad in the style of Rodinia's backprop: a two-layer perceptron trained one step.
// bpnn_layerforward_CUDA runs 16 x 16 blocks over the input-to-hidden weight matrix (one block
// row of 16 inputs per blockIdx.y), stages the inputs and the weight tile in shared memory,
// scales each weight by its input and sums columns with a reduction tree whose loop bound is
// `__log2f(HEIGHT)` and stride `__powf(2, i)` converted to int, then writes one partial sum
// per block and hidden unit (read transposed from the tile). The host finishes the sums, adds
// the bias row, squashes with a sigmoid, runs the output layer, the output and hidden errors
// on the host (malloc'd staging buffers), and bpnn_adjust_weights_cuda updates weights and
// momentum in place (ETA/MOMENTUM macros, a bias row updated by the first block row after a
// barrier).
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#define WIDTH 16
#define HEIGHT 16
#define ETA 0.3f
#define MOMENTUM 0.3f

__global__ void bpnn_layerforward_CUDA(float* input_cuda, float* output_hidden_cuda,
                                       float* input_hidden_cuda, float* hidden_partial_sum,
                                       int in, int hid) {
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_in = HEIGHT * by + ty + 1;
  __shared__ float input_node[HEIGHT];
  __shared__ float weight_matrix[HEIGHT][WIDTH];
  if (tx == 0) input_node[ty] = input_cuda[index_in];
  __syncthreads();
  weight_matrix[ty][tx] = input_hidden_cuda[index];
  __syncthreads();
  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  __syncthreads();
  for (int i = 1; i <= __log2f(HEIGHT); i++) {
    int power_two = __powf(2, i);
    if (ty % power_two == 0)
      weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
    __syncthreads();
  }
  if (tx == 0) {
    hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
  }
}

__global__ void bpnn_adjust_weights_cuda(float* delta, int hid, float* ly, int in, float* w,
                                         float* oldw) {
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_y = HEIGHT * by + ty + 1;
  int index_x = tx + 1;
  w[index] += ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
  oldw[index] = ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
  __syncthreads();
  if (ty == 0 && by == 0) {
    w[index_x] += ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
    oldw[index_x] = ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
  }
}

static float squash(float x) { return (1.0f / (1.0f + expf(-x))); }

// One training step. input_units[0] is the bias input (1); weights are (rows + 1) x (cols + 1)
// row-major with the bias in row 0. Returns the squared output error through err.
void bpnn_train_cuda(float* input_units, float* input_weights, float* hidden_weights,
                     float* prev_weights, float* target, float* err, int in, int hid, int out) {
  int num_blocks = in / 16;
  dim3 grid(1, num_blocks);
  dim3 threads(16, 16);
  float* partial_sum = (float*)malloc(num_blocks * WIDTH * sizeof(float));
  float* hidden_units = (float*)malloc((hid + 1) * sizeof(float));
  float* output_units = (float*)malloc((out + 1) * sizeof(float));
  float* output_delta = (float*)malloc((out + 1) * sizeof(float));
  float* hidden_delta = (float*)malloc((hid + 1) * sizeof(float));
  float *input_cuda, *output_hidden_cuda, *input_hidden_cuda, *hidden_partial_sum;
  float *hidden_delta_cuda, *input_prev_weights_cuda;
  cudaMalloc((void**)&input_cuda, (in + 1) * sizeof(float));
  cudaMalloc((void**)&output_hidden_cuda, (hid + 1) * sizeof(float));
  cudaMalloc((void**)&input_hidden_cuda, (in + 1) * (hid + 1) * sizeof(float));
  cudaMalloc((void**)&hidden_partial_sum, num_blocks * WIDTH * sizeof(float));
  cudaMemcpy(input_cuda, input_units, (in + 1) * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(input_hidden_cuda, input_weights, (in + 1) * (hid + 1) * sizeof(float),
             cudaMemcpyHostToDevice);
  bpnn_layerforward_CUDA<<<grid, threads>>>(input_cuda, output_hidden_cuda, input_hidden_cuda,
                                            hidden_partial_sum, in, hid);
  cudaMemcpy(partial_sum, hidden_partial_sum, num_blocks * WIDTH * sizeof(float),
             cudaMemcpyDeviceToHost);
  hidden_units[0] = 1.0f;
  for (int j = 1; j <= hid; j++) {
    float sum = 0.0f;
    for (int k = 0; k < num_blocks; k++) sum += partial_sum[k * hid + j - 1];
    sum += input_weights[j];
    hidden_units[j] = squash(sum);
  }
  // output layer and errors on the host
  output_units[0] = 1.0f;
  for (int k = 1; k <= out; k++) {
    float sum = hidden_weights[k];
    for (int j = 1; j <= hid; j++) sum += hidden_units[j] * hidden_weights[j * (out + 1) + k];
    output_units[k] = squash(sum);
  }
  float errsum = 0.0f;
  for (int k = 1; k <= out; k++) {
    float o = output_units[k];
    output_delta[k] = o * (1.0f - o) * (target[k] - o);
    errsum += output_delta[k] * output_delta[k];
  }
  *err = errsum;
  hidden_delta[0] = 0.0f;
  for (int j = 1; j <= hid; j++) {
    float h = hidden_units[j];
    float sum = 0.0f;
    for (int k = 1; k <= out; k++) sum += output_delta[k] * hidden_weights[j * (out + 1) + k];
    hidden_delta[j] = h * (1.0f - h) * sum;
  }
  cudaMalloc((void**)&hidden_delta_cuda, (hid + 1) * sizeof(float));
  cudaMalloc((void**)&input_prev_weights_cuda, (in + 1) * (hid + 1) * sizeof(float));
  cudaMemcpy(hidden_delta_cuda, hidden_delta, (hid + 1) * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(input_prev_weights_cuda, prev_weights, (in + 1) * (hid + 1) * sizeof(float),
             cudaMemcpyHostToDevice);
  bpnn_adjust_weights_cuda<<<grid, threads>>>(hidden_delta_cuda, hid, input_cuda, in,
                                              input_hidden_cuda, input_prev_weights_cuda);
  cudaMemcpy(input_weights, input_hidden_cuda, (in + 1) * (hid + 1) * sizeof(float),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(prev_weights, input_prev_weights_cuda, (in + 1) * (hid + 1) * sizeof(float),
             cudaMemcpyDeviceToHost);
  cudaFree(input_cuda);
  cudaFree(output_hidden_cuda);
  cudaFree(input_hidden_cuda);
  cudaFree(hidden_partial_sum);
  cudaFree(hidden_delta_cuda);
  cudaFree(input_prev_weights_cuda);
  free(partial_sum);
  free(hidden_units);
  free(output_units);
  free(output_delta);
  free(hidden_delta);
}
