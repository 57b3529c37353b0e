// cuad: --fn pipeline --wrt out,x,b
// A chunked copy/compute pipeline over two streams: cudaMemcpyAsync at offsets into one device
// buffer, launches with a stream argument and a per-chunk offset, events, and copies with
// cudaMemcpyDefault (unified addressing decides the direction).
__global__ void chunk_kernel(float* y, const float* x, const float* b, int off, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < len) {
    float v = x[off + i];
    y[off + i] = v * v * b[0] + expf(-v) * b[1];
  }
}

void pipeline(float* out, const float* x, const float* b, int n) {
  const int nstreams = 2;
  cudaStream_t streams[nstreams];
  for (int s = 0; s < nstreams; ++s) cudaStreamCreate(&streams[s]);
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  float *d_x, *d_y, *d_b;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMalloc(&d_b, 2 * sizeof(float));
  cudaMemcpy(d_b, b, 2 * sizeof(float), cudaMemcpyDefault);
  const int chunk = (n + nstreams - 1) / nstreams;
  for (int s = 0; s < nstreams; ++s) {
    const int off = s * chunk;
    const int len = off + chunk <= n ? chunk : n - off;
    cudaMemcpyAsync(d_x + off, x + off, len * sizeof(float), cudaMemcpyHostToDevice, streams[s]);
    chunk_kernel<<<(len + 31) / 32, 32, 0, streams[s]>>>(d_y, d_x, d_b, off, len);
    cudaMemcpyAsync(out + off, d_y + off, len * sizeof(float), cudaMemcpyDefault, streams[s]);
  }
  cudaEventRecord(done, streams[nstreams - 1]);
  cudaEventSynchronize(done);
  for (int s = 0; s < nstreams; ++s) cudaStreamSynchronize(streams[s]);
  for (int s = 0; s < nstreams; ++s) cudaStreamDestroy(streams[s]);
  cudaEventDestroy(done);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_b);
}
