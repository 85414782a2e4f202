/* PyTorch's C++ API as CUDA extensions use it, for rocport's analysis (not for
 * compiling): stands in for every torch/, ATen/ and c10/ header a tree does not carry
 * (a tree never carries PyTorch). Written from the API's documented shape, not from
 * PyTorch's headers: the names extensions use, with their usual types, and no bodies.
 * Limits: the types are simplified (Tensor is one class, ArrayRef a plain view); an
 * AT_DISPATCH_* macro stands one of its types in for scalar_t (float for the floating
 * sets, at::Half for the reduced ones, int for the integral ones) and looks at the
 * dispatched code once; C10_WARP_SIZE is CUDA's 32 (PyTorch built for ROCm gives 64);
 * names outside this list (torch::nn, autograd, the dispatcher) stay undeclared. */
#pragma once
#include "__rocport_pybind11.h"
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#define C10_WARP_SIZE 32
#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_API
#define TORCH_API
#define C10_LIKELY(expression) (expression)
#define C10_UNLIKELY(expression) (expression)
#define C10_RESTRICT __restrict
#define C10_ALWAYS_INLINE inline
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(1024)
#define C10_LAUNCH_BOUNDS_1(max_threads) __launch_bounds__(max_threads)
#define C10_LAUNCH_BOUNDS_2(max_threads, min_blocks) __launch_bounds__(max_threads, min_blocks)
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME __rocport_torch_extension
#endif

namespace c10 {
using std::optional;
using std::nullopt;
using std::nullopt_t;
using DeviceIndex = int8_t;
using StreamId = int64_t;

/* The 16-bit floats: convert from and to float, and to and from CUDA's own types. */
#define __ROCPORT_TORCH_HALF(T, CUDA_T) \
  struct alignas(2) T { \
    unsigned short x; \
    T() = default; \
    __host__ __device__ T(float value); \
    __host__ __device__ operator float() const; \
    __host__ __device__ T(const CUDA_T &value); \
    __host__ __device__ operator CUDA_T() const; \
  }; \
  __host__ __device__ T operator+(const T &a, const T &b); \
  __host__ __device__ T operator-(const T &a, const T &b); \
  __host__ __device__ T operator*(const T &a, const T &b); \
  __host__ __device__ T operator/(const T &a, const T &b); \
  __host__ __device__ T operator-(const T &a); \
  __host__ __device__ T &operator+=(T &a, const T &b); \
  __host__ __device__ T &operator-=(T &a, const T &b); \
  __host__ __device__ T &operator*=(T &a, const T &b); \
  __host__ __device__ T &operator/=(T &a, const T &b); \
  __host__ __device__ bool operator==(const T &a, const T &b); \
  __host__ __device__ bool operator!=(const T &a, const T &b); \
  __host__ __device__ bool operator<(const T &a, const T &b); \
  __host__ __device__ bool operator>(const T &a, const T &b); \
  __host__ __device__ bool operator<=(const T &a, const T &b); \
  __host__ __device__ bool operator>=(const T &a, const T &b); \
  __ROCPORT_TORCH_MIXED(T, float, float) \
  __ROCPORT_TORCH_MIXED(T, double, double) \
  __ROCPORT_TORCH_MIXED(T, int, T) \
  __ROCPORT_TORCH_MIXED(T, int64_t, T)
#define __ROCPORT_TORCH_MIXED(T, O, R) \
  __host__ __device__ R operator+(T a, O b); __host__ __device__ R operator+(O a, T b); \
  __host__ __device__ R operator-(T a, O b); __host__ __device__ R operator-(O a, T b); \
  __host__ __device__ R operator*(T a, O b); __host__ __device__ R operator*(O a, T b); \
  __host__ __device__ R operator/(T a, O b); __host__ __device__ R operator/(O a, T b);
__ROCPORT_TORCH_HALF(Half, __half)
__ROCPORT_TORCH_HALF(BFloat16, __nv_bfloat16)
#undef __ROCPORT_TORCH_MIXED
#undef __ROCPORT_TORCH_HALF

enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf, ComplexFloat,
  ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16, QUInt4x2, QUInt2x4, Bits1x8,
  Bits2x4, Bits4x2, Bits8, Bits16, Float8_e5m2, Float8_e4m3fn, Float8_e5m2fnuz,
  Float8_e4m3fnuz, UInt16, UInt32, UInt64, Undefined,
};
constexpr ScalarType kByte = ScalarType::Byte, kChar = ScalarType::Char,
    kShort = ScalarType::Short, kInt = ScalarType::Int, kLong = ScalarType::Long,
    kHalf = ScalarType::Half, kFloat = ScalarType::Float, kDouble = ScalarType::Double,
    kBool = ScalarType::Bool, kBFloat16 = ScalarType::BFloat16,
    kComplexFloat = ScalarType::ComplexFloat, kComplexDouble = ScalarType::ComplexDouble,
    kFloat8_e5m2 = ScalarType::Float8_e5m2, kFloat8_e4m3fn = ScalarType::Float8_e4m3fn,
    kInt8 = ScalarType::Char, kUInt8 = ScalarType::Byte, kInt16 = ScalarType::Short,
    kInt32 = ScalarType::Int, kInt64 = ScalarType::Long, kFloat16 = ScalarType::Half,
    kFloat32 = ScalarType::Float, kFloat64 = ScalarType::Double,
    kUInt16 = ScalarType::UInt16, kUInt32 = ScalarType::UInt32, kUInt64 = ScalarType::UInt64;
const char *toString(ScalarType type);
size_t elementSize(ScalarType type);
bool isFloatingType(ScalarType type);
bool isIntegralType(ScalarType type, bool include_bool);
namespace impl {
template <ScalarType S> struct ScalarTypeToCPPType;
#define __ROCPORT_TORCH_CPP_TYPE(S, T) \
  template <> struct ScalarTypeToCPPType<ScalarType::S> { using type = T; };
__ROCPORT_TORCH_CPP_TYPE(Byte, uint8_t) __ROCPORT_TORCH_CPP_TYPE(Char, int8_t)
__ROCPORT_TORCH_CPP_TYPE(Short, int16_t) __ROCPORT_TORCH_CPP_TYPE(Int, int)
__ROCPORT_TORCH_CPP_TYPE(Long, int64_t) __ROCPORT_TORCH_CPP_TYPE(Half, ::c10::Half)
__ROCPORT_TORCH_CPP_TYPE(Float, float) __ROCPORT_TORCH_CPP_TYPE(Double, double)
__ROCPORT_TORCH_CPP_TYPE(Bool, bool) __ROCPORT_TORCH_CPP_TYPE(BFloat16, ::c10::BFloat16)
#undef __ROCPORT_TORCH_CPP_TYPE
template <ScalarType S> using ScalarTypeToCPPTypeT = typename ScalarTypeToCPPType<S>::type;
}  // namespace impl
template <class T> struct CppTypeToScalarType;
#define __ROCPORT_TORCH_SCALAR_TYPE(T, S) \
  template <> struct CppTypeToScalarType<T> { static constexpr ScalarType value = ScalarType::S; };
__ROCPORT_TORCH_SCALAR_TYPE(uint8_t, Byte) __ROCPORT_TORCH_SCALAR_TYPE(int8_t, Char)
__ROCPORT_TORCH_SCALAR_TYPE(int16_t, Short) __ROCPORT_TORCH_SCALAR_TYPE(int, Int)
__ROCPORT_TORCH_SCALAR_TYPE(int64_t, Long) __ROCPORT_TORCH_SCALAR_TYPE(::c10::Half, Half)
__ROCPORT_TORCH_SCALAR_TYPE(float, Float) __ROCPORT_TORCH_SCALAR_TYPE(double, Double)
__ROCPORT_TORCH_SCALAR_TYPE(bool, Bool) __ROCPORT_TORCH_SCALAR_TYPE(::c10::BFloat16, BFloat16)
#undef __ROCPORT_TORCH_SCALAR_TYPE
std::ostream &operator<<(std::ostream &stream, ScalarType type);

/* caffe2's TypeMeta, what Tensor::dtype() returns: compares with a ScalarType. */
class TypeMeta {
 public:
  TypeMeta(ScalarType type);
  ScalarType toScalarType() const;
  operator ScalarType() const;
  const char *name() const;
  size_t itemsize() const;
};

enum class DeviceType : int8_t { CPU = 0, CUDA = 1, HIP = 6, Meta = 9, PrivateUse1 = 20,
                                 COMPILE_TIME_MAX_DEVICE_TYPES = 21 };
constexpr DeviceType kCPU = DeviceType::CPU, kCUDA = DeviceType::CUDA,
    kHIP = DeviceType::HIP, kMeta = DeviceType::Meta;
class Device {
 public:
  Device(DeviceType type, DeviceIndex index = -1);
  Device(const std::string &text);
  DeviceType type() const;
  DeviceIndex index() const;
  bool has_index() const;
  bool is_cuda() const;
  bool is_cpu() const;
  std::string str() const;
};
bool operator==(const Device &a, const Device &b);
bool operator!=(const Device &a, const Device &b);
std::ostream &operator<<(std::ostream &stream, const Device &device);
std::string DeviceTypeName(DeviceType type, bool lower_case = false);

enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };
enum class Layout : int8_t { Strided, Sparse };
constexpr Layout kStrided = Layout::Strided;

/* A view of contiguous values it does not own. */
template <class T> class ArrayRef {
 public:
  ArrayRef();
  ArrayRef(const T &one);
  ArrayRef(const T *data, size_t length);
  ArrayRef(const std::vector<T> &values);
  ArrayRef(std::initializer_list<T> values);
  const T *data() const;
  const T *begin() const;
  const T *end() const;
  size_t size() const;
  bool empty() const;
  const T &front() const;
  const T &back() const;
  const T &operator[](size_t index) const;
  std::vector<T> vec() const;
  ArrayRef slice(size_t start, size_t length) const;
  bool equals(ArrayRef other) const;
};
template <class T> bool operator==(ArrayRef<T> a, ArrayRef<T> b);
template <class T> bool operator!=(ArrayRef<T> a, ArrayRef<T> b);
template <class T> std::ostream &operator<<(std::ostream &stream, ArrayRef<T> values);
using IntArrayRef = ArrayRef<int64_t>;
using IntList = ArrayRef<int64_t>;

class Scalar {
 public:
  Scalar();
  Scalar(bool value);
  Scalar(int value);
  Scalar(long value);
  Scalar(long long value);
  Scalar(unsigned value);
  Scalar(unsigned long value);
  Scalar(float value);
  Scalar(double value);
  Scalar(Half value);
  Scalar(BFloat16 value);
  template <class T> T to() const;
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
  bool toBool() const;
};

class TensorOptions {
 public:
  TensorOptions();
  TensorOptions(ScalarType type);
  TensorOptions(TypeMeta type);
  TensorOptions(Device device);
  TensorOptions(DeviceType type);
  TensorOptions(Layout layout);
  TensorOptions dtype(ScalarType type) const;
  TensorOptions dtype(TypeMeta type) const;
  template <class T> TensorOptions dtype() const;
  TensorOptions device(Device device) const;
  TensorOptions device(DeviceType type, DeviceIndex index = -1) const;
  TensorOptions device_index(DeviceIndex index) const;
  TensorOptions layout(Layout layout) const;
  TensorOptions requires_grad(bool flag) const;
  TensorOptions pinned_memory(bool flag) const;
  TensorOptions memory_format(MemoryFormat format) const;
  TypeMeta dtype() const;
  Device device() const;
  Layout layout() const;
  bool requires_grad() const;
};
TensorOptions dtype(ScalarType type);
template <class T> TensorOptions dtype();
TensorOptions device(Device device);
TensorOptions device_index(DeviceIndex index);
TensorOptions requires_grad(bool flag = true);
TensorOptions layout(Layout layout);

/* An error of TORCH_CHECK and its kin: takes any message parts. */
namespace detail {
template <class... Parts> [[noreturn]] void __rocport_torch_fail(const Parts &...parts);
template <class... Parts> void __rocport_torch_warn(const Parts &...parts);
}  // namespace detail
class Error {
 public:
  const char *what() const noexcept;
};

namespace cuda {
/* A CUDA stream as PyTorch holds it: converts to cudaStream_t. */
class CUDAStream {
 public:
  cudaStream_t stream() const;
  operator cudaStream_t() const;
  DeviceIndex device_index() const;
  Device device() const;
  StreamId id() const;
  void synchronize() const;
  bool query() const;
};
CUDAStream getCurrentCUDAStream(DeviceIndex device = -1);
CUDAStream getDefaultCUDAStream(DeviceIndex device = -1);
CUDAStream getStreamFromPool(bool high_priority = false, DeviceIndex device = -1);
CUDAStream getStreamFromExternal(cudaStream_t stream, DeviceIndex device);
void setCurrentCUDAStream(CUDAStream stream);
DeviceIndex device_count();
DeviceIndex current_device();
void set_device(DeviceIndex device);
void device_synchronize();
/* Sets the current device for its lifetime. */
class CUDAGuard {
 public:
  explicit CUDAGuard(DeviceIndex device);
  explicit CUDAGuard(Device device);
  void set_device(Device device);
  void set_index(DeviceIndex device);
  Device current_device() const;
};
class OptionalCUDAGuard {
 public:
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(std::optional<Device> device);
  explicit OptionalCUDAGuard(Device device);
  explicit OptionalCUDAGuard(DeviceIndex device);
  void set_device(Device device);
  void set_index(DeviceIndex device);
  void reset();
};
class CUDAStreamGuard {
 public:
  explicit CUDAStreamGuard(CUDAStream stream);
};
void __rocport_cuda_check(cudaError_t error);
}  // namespace cuda
}  // namespace c10

namespace at {
using namespace ::c10;

template <class T> struct DefaultPtrTraits { typedef T *PtrType; };
template <class T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };

/* Indexing with [] gives an accessor of one dimension less, and then an element. */
template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits,
          class index_t = int64_t>
class TensorAccessor {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i);
  __host__ __device__ const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](
      index_t i) const;
  __host__ __device__ index_t size(index_t dimension) const;
  __host__ __device__ index_t stride(index_t dimension) const;
  __host__ __device__ PtrType data();
  __host__ __device__ const PtrType data() const;
  __host__ __device__ IntArrayRef sizes() const;
  __host__ __device__ IntArrayRef strides() const;
};
template <class T, template <class U> class PtrTraits, class index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ T &operator[](index_t i);
  __host__ __device__ const T &operator[](index_t i) const;
  __host__ __device__ index_t size(index_t dimension) const;
  __host__ __device__ index_t stride(index_t dimension) const;
  __host__ __device__ PtrType data();
  __host__ __device__ const PtrType data() const;
};
/* The accessor kernels take by value: sizes and strides copied into it. */
template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits,
          class index_t = int64_t>
class GenericPackedTensorAccessor {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i);
  __host__ __device__ const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](
      index_t i) const;
  __host__ __device__ index_t size(index_t dimension) const;
  __host__ __device__ index_t stride(index_t dimension) const;
  __host__ __device__ PtrType data();
  __host__ __device__ const PtrType data() const;
 protected:
  PtrType data_;
  index_t sizes_[N];
  index_t strides_[N];
};
template <class T, template <class U> class PtrTraits, class index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ T &operator[](index_t i);
  __host__ __device__ const T &operator[](index_t i) const;
  __host__ __device__ index_t size(index_t dimension) const;
  __host__ __device__ index_t stride(index_t dimension) const;
  __host__ __device__ PtrType data();
  __host__ __device__ const PtrType data() const;
 protected:
  PtrType data_;
  index_t sizes_[1];
  index_t strides_[1];
};
template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits,
          class index_t = int64_t>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;

class Tensor;
using TensorList = ArrayRef<Tensor>;
/* What the deprecated Tensor::type() returns. */
class DeprecatedTypeProperties {
 public:
  bool is_cuda() const;
  ScalarType scalarType() const;
  const char *toString() const;
};

class Tensor {
 public:
  Tensor();
  int64_t dim() const;
  int64_t ndimension() const;
  int64_t size(int64_t dimension) const;
  int64_t stride(int64_t dimension) const;
  IntArrayRef sizes() const;
  IntArrayRef strides() const;
  int64_t numel() const;
  size_t nbytes() const;
  int64_t element_size() const;
  int64_t storage_offset() const;
  bool defined() const;
  bool is_cuda() const;
  bool is_cpu() const;
  bool is_contiguous(MemoryFormat format = MemoryFormat::Contiguous) const;
  bool requires_grad() const;
  Tensor contiguous(MemoryFormat format = MemoryFormat::Contiguous) const;
  TensorOptions options() const;
  ScalarType scalar_type() const;
  TypeMeta dtype() const;
  DeprecatedTypeProperties &type() const;
  Device device() const;
  int64_t get_device() const;
  Layout layout() const;
  void *data_ptr() const;
  template <class T> T *data_ptr() const;
  template <class T> T *data() const;
  const void *const_data_ptr() const;
  template <class T> const T *const_data_ptr() const;
  void *mutable_data_ptr() const;
  template <class T> T *mutable_data_ptr() const;
  template <class T> T item() const;
  Scalar item() const;
  template <class T, size_t N> TensorAccessor<T, N> accessor() const &;
  template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits,
            class index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> generic_packed_accessor() const &;
  template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits,
            class index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> packed_accessor() const &;
  template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const &;
  template <class T, size_t N, template <class U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const &;
  Tensor to(ScalarType type, bool non_blocking = false, bool copy = false) const;
  Tensor to(Device device, ScalarType type, bool non_blocking = false, bool copy = false) const;
  Tensor to(TensorOptions options, bool non_blocking = false, bool copy = false) const;
  Tensor to(const Tensor &other, bool non_blocking = false, bool copy = false) const;
  Tensor toType(ScalarType type) const;
  Tensor cpu() const;
  Tensor cuda() const;
  Tensor clone() const;
  Tensor detach() const;
  Tensor view(IntArrayRef sizes) const;
  Tensor reshape(IntArrayRef sizes) const;
  Tensor flatten(int64_t start = 0, int64_t end = -1) const;
  Tensor expand(IntArrayRef sizes) const;
  Tensor permute(IntArrayRef order) const;
  Tensor transpose(int64_t a, int64_t b) const;
  Tensor t() const;
  Tensor squeeze(int64_t dimension) const;
  Tensor unsqueeze(int64_t dimension) const;
  Tensor unsqueeze_(int64_t dimension) const;
  Tensor new_empty(IntArrayRef sizes, TensorOptions options = {}) const;
  Tensor new_zeros(IntArrayRef sizes, TensorOptions options = {}) const;
  MemoryFormat suggest_memory_format() const;
  bool is_same_size(const Tensor &other) const;
  Tensor select(int64_t dimension, int64_t index) const;
  Tensor slice(int64_t dimension = 0, std::optional<int64_t> start = std::nullopt,
               std::optional<int64_t> end = std::nullopt, int64_t step = 1) const;
  Tensor narrow(int64_t dimension, int64_t start, int64_t length) const;
  Tensor index_select(int64_t dimension, const Tensor &index) const;
  Tensor sum() const;
  Tensor sum(IntArrayRef dimensions, bool keep = false) const;
  Tensor mean() const;
  Tensor max() const;
  Tensor min() const;
  Tensor abs() const;
  Tensor sqrt() const;
  Tensor exp() const;
  Tensor zero_() const;
  Tensor fill_(const Scalar &value) const;
  Tensor copy_(const Tensor &source, bool non_blocking = false) const;
  Tensor add_(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor mul_(const Scalar &value) const;
  Tensor mul_(const Tensor &other) const;
  Tensor div_(const Scalar &value) const;
  Tensor resize_(IntArrayRef sizes) const;
  Tensor operator[](int64_t index) const;
  Tensor operator-() const;
  Tensor &operator+=(const Tensor &other);
  Tensor &operator+=(const Scalar &other);
  Tensor &operator-=(const Tensor &other);
  Tensor &operator*=(const Tensor &other);
  Tensor &operator*=(const Scalar &other);
  Tensor &operator/=(const Scalar &other);
};
Tensor operator+(const Tensor &a, const Tensor &b);
Tensor operator-(const Tensor &a, const Tensor &b);
Tensor operator*(const Tensor &a, const Tensor &b);
Tensor operator/(const Tensor &a, const Tensor &b);
Tensor operator+(const Tensor &a, const Scalar &b);
Tensor operator-(const Tensor &a, const Scalar &b);
Tensor operator*(const Tensor &a, const Scalar &b);
Tensor operator/(const Tensor &a, const Scalar &b);
Tensor operator*(const Scalar &a, const Tensor &b);
Tensor operator==(const Tensor &a, const Scalar &b);
Tensor operator>(const Tensor &a, const Scalar &b);
Tensor operator<(const Tensor &a, const Scalar &b);

Tensor empty(IntArrayRef sizes, TensorOptions options = {},
             std::optional<MemoryFormat> format = std::nullopt);
Tensor zeros(IntArrayRef sizes, TensorOptions options = {});
Tensor ones(IntArrayRef sizes, TensorOptions options = {});
Tensor full(IntArrayRef sizes, const Scalar &value, TensorOptions options = {});
Tensor rand(IntArrayRef sizes, TensorOptions options = {});
Tensor randn(IntArrayRef sizes, TensorOptions options = {});
Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, TensorOptions options = {});
Tensor empty_like(const Tensor &like, TensorOptions options = {},
                  std::optional<MemoryFormat> format = std::nullopt);
Tensor zeros_like(const Tensor &like, TensorOptions options = {});
Tensor ones_like(const Tensor &like, TensorOptions options = {});
Tensor full_like(const Tensor &like, const Scalar &value, TensorOptions options = {});
Tensor arange(const Scalar &end, TensorOptions options = {});
Tensor arange(const Scalar &start, const Scalar &end, TensorOptions options = {});
Tensor from_blob(void *data, IntArrayRef sizes, TensorOptions options = {});
Tensor from_blob(void *data, IntArrayRef sizes, IntArrayRef strides,
                 TensorOptions options = {});
Tensor cat(TensorList tensors, int64_t dimension = 0);
Tensor stack(TensorList tensors, int64_t dimension = 0);
Tensor matmul(const Tensor &a, const Tensor &b);
Tensor mm(const Tensor &a, const Tensor &b);
Tensor bmm(const Tensor &a, const Tensor &b);
Tensor sum(const Tensor &tensor, IntArrayRef dimensions = {}, bool keep = false);
Tensor where(const Tensor &condition, const Tensor &a, const Tensor &b);
std::optional<Device> device_of(const Tensor &tensor);

/* The type values are accumulated in: float for the 16-bit floats, as on CUDA. */
template <class T, bool is_cuda> struct AccumulateType { using type = T; };
template <bool is_cuda> struct AccumulateType<Half, is_cuda> { using type = float; };
template <bool is_cuda> struct AccumulateType<BFloat16, is_cuda> { using type = float; };
template <bool is_cuda> struct AccumulateType<int8_t, is_cuda> { using type = int64_t; };
template <bool is_cuda> struct AccumulateType<uint8_t, is_cuda> { using type = int64_t; };
template <bool is_cuda> struct AccumulateType<int16_t, is_cuda> { using type = int64_t; };
template <bool is_cuda> struct AccumulateType<int, is_cuda> { using type = int64_t; };
template <class T, bool is_cuda> using acc_type = typename AccumulateType<T, is_cuda>::type;

/* The random state of a dropout: what kernels receive, and where it comes from. */
struct PhiloxCudaState {
  PhiloxCudaState();
  PhiloxCudaState(uint64_t seed, uint64_t offset);
};
class Generator {
 public:
  template <class Implementation> Implementation *get() const;
  std::mutex &mutex();
};
class CUDAGeneratorImpl {
 public:
  std::mutex mutex_;
  PhiloxCudaState philox_cuda_state(uint64_t increment);
  std::pair<uint64_t, uint64_t> philox_engine_inputs(uint64_t increment);
  uint64_t current_seed() const;
};
template <class Implementation>
Implementation *get_generator_or_default(const std::optional<Generator> &generator,
                                         const Generator &fallback);

/* The argument checks of ATen/TensorUtils.h. */
using CheckedFrom = const char *;
struct TensorArg {
  const Tensor &tensor;
  const char *name;
  int pos;
  TensorArg(const Tensor &tensor, const char *name, int pos);
};
void checkAllSameGPU(CheckedFrom from, ArrayRef<TensorArg> tensors);
void checkAllSameType(CheckedFrom from, ArrayRef<TensorArg> tensors);
void checkSameGPU(CheckedFrom from, const TensorArg &a, const TensorArg &b);
void checkContiguous(CheckedFrom from, const TensorArg &tensor);
void checkDim(CheckedFrom from, const TensorArg &tensor, int64_t dimensions);

/* Limits device code can ask for (ATen/cuda/NumericLimits.cuh). */
template <class T> struct numeric_limits {
  static __host__ __device__ T lowest();
  static __host__ __device__ T max();
  static __host__ __device__ T lower_bound();
  static __host__ __device__ T upper_bound();
};

namespace cuda {
using namespace ::c10::cuda;
cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(int64_t device);
int warp_size();
cublasHandle_t getCurrentCUDABlasHandle();
template <class T> __host__ __device__ T ATenCeilDiv(T a, T b);
namespace detail {
const Generator &getDefaultCUDAGenerator(DeviceIndex device = -1);
}  // namespace detail
namespace philox {
__host__ __device__ std::tuple<uint64_t, uint64_t> unpack(PhiloxCudaState state);
}  // namespace philox
}  // namespace cuda
}  // namespace at

/* The device helpers of ATen/cuda/Atomic.cuh and ATen/cuda/DeviceUtils.cuh, which are
 * in no namespace. */
template <class T, class V> __device__ T gpuAtomicAdd(T *address, V value);
template <class T, class V> __device__ void gpuAtomicAddNoReturn(T *address, V value);
template <class T, class V> __device__ T gpuAtomicMax(T *address, V value);
template <class T, class V> __device__ T gpuAtomicMin(T *address, V value);
template <class T, class I>
__device__ void fastAtomicAdd(T *tensor, I index, I numel, T value, bool fast_atomics);
template <class T>
__device__ T WARP_SHFL(T value, int lane, int width = warpSize, unsigned mask = 0xffffffff);
template <class T>
__device__ T WARP_SHFL_XOR(T value, int mask_of_lanes, int width = warpSize,
                           unsigned mask = 0xffffffff);
template <class T>
__device__ T WARP_SHFL_DOWN(T value, unsigned delta, int width = warpSize,
                            unsigned mask = 0xffffffff);
template <class T>
__device__ T WARP_SHFL_UP(T value, unsigned delta, int width = warpSize,
                          unsigned mask = 0xffffffff);
__device__ unsigned WARP_BALLOT(int predicate, unsigned mask = 0xffffffff);

namespace torch {
using namespace ::at;
/* The operator library of TORCH_LIBRARY: def() and impl() take anything. */
class Library {
 public:
  template <class... Parts> Library &def(Parts &&...parts);
  template <class... Parts> Library &impl(Parts &&...parts);
};
using Dtype = ::c10::ScalarType;
}  // namespace torch

#define TORCH_CHECK(condition, ...) \
  if (!(condition)) { ::c10::detail::__rocport_torch_fail(__VA_ARGS__); }
#define TORCH_CHECK_ARG(condition, argument, ...) \
  TORCH_CHECK(condition, argument, ##__VA_ARGS__)
#define TORCH_CHECK_VALUE(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define TORCH_CHECK_TYPE(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define TORCH_CHECK_INDEX(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define TORCH_CHECK_NOT_IMPLEMENTED(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define TORCH_INTERNAL_ASSERT(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define AT_ASSERT(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define AT_ASSERTM(condition, ...) TORCH_CHECK(condition, __VA_ARGS__)
#define AT_ERROR(...) ::c10::detail::__rocport_torch_fail(__VA_ARGS__)
#define TORCH_WARN(...) ::c10::detail::__rocport_torch_warn(__VA_ARGS__)
#define TORCH_WARN_ONCE(...) ::c10::detail::__rocport_torch_warn(__VA_ARGS__)
#define C10_CUDA_CHECK(expression) ::c10::cuda::__rocport_cuda_check(expression)
#define AT_CUDA_CHECK(expression) C10_CUDA_CHECK(expression)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
#define TORCH_CUDABLAS_CHECK(expression) ((void)(expression))

/* The dispatch macros: the code is looked at once, with one of the dispatched types as
 * scalar_t (PyTorch compiles it once per type). */
#define __ROCPORT_DISPATCH(TYPE, NAME, CPP_TYPE, ...) \
  [&] { (void)(TYPE); (void)(NAME); using scalar_t = CPP_TYPE; return __VA_ARGS__(); }()
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND(S1, TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND2(S1, S2, TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, ::at::Half, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES(TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND(S1, TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND2(S1, S2, TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX(TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, float, __VA_ARGS__)
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...) \
  __ROCPORT_DISPATCH(TYPE, NAME, int, __VA_ARGS__)
#define AT_DISPATCH_INDEX_TYPES(TYPE, NAME, ...) \
  [&] { (void)(TYPE); (void)(NAME); using index_t = int64_t; return __VA_ARGS__(); }()
/* The case-by-case form: each case is the user's own, so each is looked at with its type. */
#define AT_DISPATCH_CASE(ENUM_TYPE, ...) \
  case ENUM_TYPE: { \
    using scalar_t = ::c10::impl::ScalarTypeToCPPTypeT<ENUM_TYPE>; \
    return __VA_ARGS__(); \
  }
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...) \
  [&] { (void)(NAME); switch (::c10::ScalarType(TYPE)) { __VA_ARGS__ default: break; } }()

#define TORCH_LIBRARY(ns, variable) void __rocport_torch_library_##ns(::torch::Library &variable)
#define TORCH_LIBRARY_FRAGMENT(ns, variable) \
  void __rocport_torch_library_fragment_##ns(::torch::Library &variable)
#define TORCH_LIBRARY_IMPL(ns, key, variable) \
  void __rocport_torch_library_impl_##ns##_##key(::torch::Library &variable)
