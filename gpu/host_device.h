// FPLAB_HD marks a function compiled for the host and, under nvcc, for the device too: code written once for a
// kernel and for its host-side check (fp8_cast_math.h, the transformer kernels' bodies).
#pragma once

#ifdef __CUDACC__
#define FPLAB_HD __host__ __device__
#else
#define FPLAB_HD
#endif
