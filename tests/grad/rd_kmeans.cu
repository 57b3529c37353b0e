// cuad: --fn kmeans_step --wrt features,clusters,beta
// cuad: --fn kmeans_soft --wrt feature_d,clusters_d,weights_d,beta
// Written for cuad in the style of Rodinia's kmeans, with a soft assignment: invert_mapping
// transposes the point-major features into feature-major order (coalesced reads), then
// kmeans_soft stages the centroids in `extern __shared__` memory with a block-strided loop,
// computes each point's squared distance to every centroid into a local array, keeps the
// nearest one (an int membership with a FLT_MAX start) and turns the distances into softmin
// weights with `__expf` shifted by the minimum. The host function copies weights and
// memberships back into malloc'd buffers and updates the centroids as weighted means on the
// host, in place.
#include <cuda_runtime.h>
#include <float.h>
#include <stdlib.h>
#define BLOCK_SIZE 64
#define MAX_CLUSTERS 8

__global__ void invert_mapping(float* input, float* output, int npoints, int nfeatures) {
  int point_id = threadIdx.x + blockDim.x * blockIdx.x;
  int i;
  if (point_id < npoints) {
    for (i = 0; i < nfeatures; i++) output[point_id + npoints * i] = input[point_id * nfeatures + i];
  }
}

__global__ void kmeans_soft(float* feature_d, float* clusters_d, float* weights_d,
                            int* membership_d, int npoints, int nclusters, int nfeatures,
                            float beta) {
  extern __shared__ float s_clusters[];
  for (int k = threadIdx.x; k < nclusters * nfeatures; k += blockDim.x)
    s_clusters[k] = clusters_d[k];
  __syncthreads();
  unsigned int point_id = blockIdx.x * blockDim.x + threadIdx.x;
  if (point_id < npoints) {
    int index = -1;
    float min_dist = FLT_MAX;
    float dist[MAX_CLUSTERS];
    for (int i = 0; i < nclusters; i++) {
      float d = 0.0f;
      for (int l = 0; l < nfeatures; l++) {
        float diff = feature_d[l * npoints + point_id] - s_clusters[i * nfeatures + l];
        d += diff * diff;
      }
      dist[i] = d;
      if (d < min_dist) {
        min_dist = d;
        index = i;
      }
    }
    float sum = 0.0f;
    for (int i = 0; i < nclusters; i++) {
      float e = __expf(-beta * (dist[i] - min_dist));
      dist[i] = e;
      sum += e;
    }
    for (int i = 0; i < nclusters; i++) weights_d[point_id * nclusters + i] = dist[i] / sum;
    membership_d[point_id] = index;
  }
}

void kmeans_step(float* features, float* clusters, int* membership, int npoints, int nclusters,
                 int nfeatures, float beta) {
  float *feature_flipped_d, *feature_d, *clusters_d, *weights_d;
  int* membership_d;
  cudaMalloc((void**)&feature_flipped_d, npoints * nfeatures * sizeof(float));
  cudaMalloc((void**)&feature_d, npoints * nfeatures * sizeof(float));
  cudaMalloc((void**)&clusters_d, nclusters * nfeatures * sizeof(float));
  cudaMalloc((void**)&weights_d, npoints * nclusters * sizeof(float));
  cudaMalloc((void**)&membership_d, npoints * sizeof(int));
  cudaMemcpy(feature_flipped_d, features, npoints * nfeatures * sizeof(float),
             cudaMemcpyHostToDevice);
  cudaMemcpy(clusters_d, clusters, nclusters * nfeatures * sizeof(float), cudaMemcpyHostToDevice);
  int num_blocks = (npoints + BLOCK_SIZE - 1) / BLOCK_SIZE;
  invert_mapping<<<num_blocks, BLOCK_SIZE>>>(feature_flipped_d, feature_d, npoints, nfeatures);
  kmeans_soft<<<num_blocks, BLOCK_SIZE, nclusters * nfeatures * sizeof(float)>>>(
      feature_d, clusters_d, weights_d, membership_d, npoints, nclusters, nfeatures, beta);
  float* weights = (float*)malloc(npoints * nclusters * sizeof(float));
  cudaMemcpy(weights, weights_d, npoints * nclusters * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(membership, membership_d, npoints * sizeof(int), cudaMemcpyDeviceToHost);
  // new centroids: weighted means of the points
  for (int c = 0; c < nclusters; c++) {
    float wsum = 0.0f;
    for (int p = 0; p < npoints; p++) wsum += weights[p * nclusters + c];
    for (int f = 0; f < nfeatures; f++) {
      float acc = 0.0f;
      for (int p = 0; p < npoints; p++) acc += weights[p * nclusters + c] * features[p * nfeatures + f];
      clusters[c * nfeatures + f] = acc / wsum;
    }
  }
  free(weights);
  cudaFree(feature_flipped_d);
  cudaFree(feature_d);
  cudaFree(clusters_d);
  cudaFree(weights_d);
  cudaFree(membership_d);
}
