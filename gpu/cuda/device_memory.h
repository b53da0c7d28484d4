// RAII owners for device memory, CUDA events and library handles, so that a thrown
// GpuError never leaks GPU resources. Private to the CUDA build.
#pragma once

#include "gpu/cuda/check.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace fplab::gpu::cuda {

template <class T>
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) : m_count(count) {
        if (count) FPLAB_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&m_ptr), count * sizeof(T)));
    }
    explicit DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) { upload(host); }
    ~DeviceBuffer() {
        if (m_ptr) cudaFree(m_ptr); // a failure here cannot be reported from a destructor
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& o) noexcept
        : m_ptr(std::exchange(o.m_ptr, nullptr)), m_count(std::exchange(o.m_count, 0)) {}
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
        std::swap(m_ptr, o.m_ptr);
        std::swap(m_count, o.m_count);
        return *this;
    }

    T* get() const { return m_ptr; }
    std::size_t size() const { return m_count; }

    void upload(const std::vector<T>& host) {
        if (host.size() != m_count)
            throw GpuError(GpuError::Kind::InvalidArgument, "upload: host and device sizes differ");
        if (m_count) FPLAB_CUDA_CHECK(cudaMemcpy(m_ptr, host.data(), m_count * sizeof(T), cudaMemcpyHostToDevice));
    }
    std::vector<T> download() const {
        std::vector<T> host(m_count);
        if (m_count) FPLAB_CUDA_CHECK(cudaMemcpy(host.data(), m_ptr, m_count * sizeof(T), cudaMemcpyDeviceToHost));
        return host;
    }

private:
    T* m_ptr = nullptr;
    std::size_t m_count = 0;
};

class Event {
public:
    Event() { FPLAB_CUDA_CHECK(cudaEventCreate(&m_event)); }
    ~Event() { cudaEventDestroy(m_event); }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    cudaEvent_t get() const { return m_event; }

private:
    cudaEvent_t m_event = nullptr;
};

// Milliseconds of GPU time between two events recorded around the work on `stream`.
class GpuTimer {
public:
    explicit GpuTimer(cudaStream_t stream = nullptr) : m_stream(stream) {}
    void start() { FPLAB_CUDA_CHECK(cudaEventRecord(m_start.get(), m_stream)); }
    float stopMs() {
        FPLAB_CUDA_CHECK(cudaEventRecord(m_stop.get(), m_stream));
        FPLAB_CUDA_CHECK(cudaEventSynchronize(m_stop.get()));
        float ms = 0;
        FPLAB_CUDA_CHECK(cudaEventElapsedTime(&ms, m_start.get(), m_stop.get()));
        return ms;
    }

private:
    cudaStream_t m_stream;
    Event m_start;
    Event m_stop;
};

class CublasHandle {
public:
    CublasHandle() { FPLAB_CUBLAS_CHECK(cublasCreate(&m_handle)); }
    ~CublasHandle() { cublasDestroy(m_handle); }
    CublasHandle(const CublasHandle&) = delete;
    CublasHandle& operator=(const CublasHandle&) = delete;
    cublasHandle_t get() const { return m_handle; }

private:
    cublasHandle_t m_handle = nullptr;
};

class CublasLtHandle {
public:
    CublasLtHandle() { FPLAB_CUBLAS_CHECK(cublasLtCreate(&m_handle)); }
    ~CublasLtHandle() { cublasLtDestroy(m_handle); }
    CublasLtHandle(const CublasLtHandle&) = delete;
    CublasLtHandle& operator=(const CublasLtHandle&) = delete;
    cublasLtHandle_t get() const { return m_handle; }

private:
    cublasLtHandle_t m_handle = nullptr;
};

} // namespace fplab::gpu::cuda
