// cuad: --fn istft_loss --wrt frames,win,target,recon
// Inverse STFT by weighted overlap-add, as a reconstruction loss in a speech-enhancement
// training loop: the host function uploads the (already inverse-transformed) frames and the
// synthesis window, clears the output and the window-energy buffers with cudaMemset, then
// launches one overlap-add kernel per frame on pointer offsets into the frame buffer
// (atomicAdd, since neighbouring frames overlap), normalises by the accumulated squared
// window in a second kernel, copies the signal back and returns the mean squared error
// against a target signal computed on the host; the reconstruction is also written out.
#include <cuda_runtime.h>
#include <vector>

__global__ void ola_frame(const double* __restrict__ frame, const double* __restrict__ win,
                          double* __restrict__ sig, double* __restrict__ wsum, int start, int n_fft,
                          int n_out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_fft) return;
  const int t = start + i;
  if (t < n_out) {
    atomicAdd(&sig[t], frame[i] * win[i]);
    atomicAdd(&wsum[t], win[i] * win[i]);
  }
}

__global__ void normalise(double* __restrict__ sig, const double* __restrict__ wsum, int n_out, double floor_eps) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n_out) sig[t] = sig[t] / (wsum[t] + floor_eps);
}

double istft_loss(const double* frames, const double* win, const double* target, double* recon,
                  int n_frames, int n_fft, int hop) {
  const int n_out = (n_frames - 1) * hop + n_fft;
  double *d_frames, *d_win, *d_sig, *d_wsum;
  cudaMalloc(&d_frames, n_frames * n_fft * sizeof(double));
  cudaMalloc(&d_win, n_fft * sizeof(double));
  cudaMalloc(&d_sig, n_out * sizeof(double));
  cudaMalloc(&d_wsum, n_out * sizeof(double));
  cudaMemcpy(d_frames, frames, n_frames * n_fft * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_win, win, n_fft * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_sig, 0, n_out * sizeof(double));
  cudaMemset(d_wsum, 0, n_out * sizeof(double));
  const int threads = 32;
  for (int f = 0; f < n_frames; ++f)
    ola_frame<<<(n_fft + threads - 1) / threads, threads>>>(d_frames + f * n_fft, d_win, d_sig, d_wsum, f * hop,
                                                             n_fft, n_out);
  normalise<<<(n_out + threads - 1) / threads, threads>>>(d_sig, d_wsum, n_out, 1e-3);
  cudaMemcpy(recon, d_sig, n_out * sizeof(double), cudaMemcpyDeviceToHost);
  double err = 0.0;
  for (int t = 0; t < n_out; ++t) {
    const double d = recon[t] - target[t];
    err += d * d;
  }
  cudaFree(d_frames);
  cudaFree(d_win);
  cudaFree(d_sig);
  cudaFree(d_wsum);
  return err / n_out;
}
