// cuad: --fn roi_align_forward_kernel<double> --wrt output,input,rois
// RoIAlign forward as in torchvision/detectron2 extensions (written without torch headers):
// one thread per output element (n, c, ph, pw) through a CUDA_KERNEL_LOOP over int64 indices,
// the roi row [batch, x1, y1, x2, y2] scaled by spatial_scale with the aligned -0.5 offset,
// an adaptive sampling grid (ceil(roi_h / pooled_h)) when sampling_ratio <= 0, and a
// bilinear_interpolate helper with the boundary masks (samples outside [-1, H] give 0, clamps
// at 0 and at H - 1) and floor-based corner indices. Differentiated with respect to the
// feature map and the box coordinates.
#include <cuda_runtime.h>
#include <cstdint>

#define CUDA_KERNEL_LOOP(i, n)                                                       \
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < (n); \
       i += (int64_t)blockDim.x * gridDim.x)

template <typename T>
__device__ T bilinear_interpolate(const T* input, int height, int width, T y, T x) {
  // a sample outside the feature map contributes nothing
  if (y < -1.0 || y > height || x < -1.0 || x > width) return 0;
  if (y <= 0) y = 0;
  if (x <= 0) x = 0;
  int y_low = (int)floor(y);
  int x_low = (int)floor(x);
  int y_high, x_high;
  if (y_low >= height - 1) {
    y_high = y_low = height - 1;
    y = (T)y_low;
  } else {
    y_high = y_low + 1;
  }
  if (x_low >= width - 1) {
    x_high = x_low = width - 1;
    x = (T)x_low;
  } else {
    x_high = x_low + 1;
  }
  const T ly = y - y_low, lx = x - x_low;
  const T hy = T(1) - ly, hx = T(1) - lx;
  const T v1 = input[y_low * width + x_low];
  const T v2 = input[y_low * width + x_high];
  const T v3 = input[y_high * width + x_low];
  const T v4 = input[y_high * width + x_high];
  return hy * hx * v1 + hy * lx * v2 + ly * hx * v3 + ly * lx * v4;
}

template <typename T>
__global__ void __launch_bounds__(256)
    roi_align_forward_kernel(int64_t nthreads, const T* __restrict__ input, T spatial_scale,
                             int channels, int height, int width, int pooled_height,
                             int pooled_width, int sampling_ratio, bool aligned,
                             const T* __restrict__ rois, T* __restrict__ output) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int pw = index % pooled_width;
    const int ph = (index / pooled_width) % pooled_height;
    const int c = (index / pooled_width / pooled_height) % channels;
    const int n = index / pooled_width / pooled_height / channels;

    const T* offset_rois = rois + n * 5;
    const int roi_batch_ind = (int)offset_rois[0];
    const T offset = aligned ? (T)0.5 : (T)0.0;
    const T roi_start_w = offset_rois[1] * spatial_scale - offset;
    const T roi_start_h = offset_rois[2] * spatial_scale - offset;
    const T roi_end_w = offset_rois[3] * spatial_scale - offset;
    const T roi_end_h = offset_rois[4] * spatial_scale - offset;
    T roi_width = roi_end_w - roi_start_w;
    T roi_height = roi_end_h - roi_start_h;
    if (!aligned) {
      roi_width = fmax(roi_width, (T)1.);
      roi_height = fmax(roi_height, (T)1.);
    }
    const T bin_size_h = roi_height / static_cast<T>(pooled_height);
    const T bin_size_w = roi_width / static_cast<T>(pooled_width);
    const T* offset_input =
        input + (int64_t)(roi_batch_ind * channels + c) * height * width;

    const int roi_bin_grid_h =
        (sampling_ratio > 0) ? sampling_ratio : (int)ceil(roi_height / pooled_height);
    const int roi_bin_grid_w =
        (sampling_ratio > 0) ? sampling_ratio : (int)ceil(roi_width / pooled_width);
    const T count = max(roi_bin_grid_h * roi_bin_grid_w, 1);

    T output_val = 0.;
    for (int iy = 0; iy < roi_bin_grid_h; iy++) {
      const T y = roi_start_h + ph * bin_size_h +
                  static_cast<T>(iy + .5f) * bin_size_h / static_cast<T>(roi_bin_grid_h);
      for (int ix = 0; ix < roi_bin_grid_w; ix++) {
        const T x = roi_start_w + pw * bin_size_w +
                    static_cast<T>(ix + .5f) * bin_size_w / static_cast<T>(roi_bin_grid_w);
        output_val += bilinear_interpolate(offset_input, height, width, y, x);
      }
    }
    output[index] = output_val / count;
  }
}
