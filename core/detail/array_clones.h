// The array loops' build for the processor: with GCC on x86-64 each marked function is built for AVX2 and for
// the baseline (and, with the _WIDE mark, for AVX-512 too), and the loader picks one at run time
// (target_clones); elsewhere one baseline build. AVX-512 pays only for some loops on the machine measured
// (docs/performance.md, "Python module"): the mark says which.
#pragma once

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
#define FPLAB_ARRAY_CLONES [[gnu::target_clones("avx2", "default")]]
#define FPLAB_ARRAY_CLONES_WIDE [[gnu::target_clones("avx512f", "avx2", "default")]]
#define FPLAB_ARRAY_INLINE [[gnu::always_inline]] inline
#else
#define FPLAB_ARRAY_CLONES
#define FPLAB_ARRAY_CLONES_WIDE
#define FPLAB_ARRAY_INLINE inline
#endif
