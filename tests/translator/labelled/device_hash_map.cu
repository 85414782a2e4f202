// A header-only style open-addressing hash map, as container libraries write it: class
// templates whose members run on the device, qualifier macros with empty host
// alternatives, a warp-cooperative probe and locks taken per slot.
// Labels: "hazard: <category>" on lines a porting engineer must look at.
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdio>

#if defined(__CUDACC__)
#define MAP_HOST_DEVICE __host__ __device__
#define MAP_INLINE __forceinline__
#else
#define MAP_HOST_DEVICE
#define MAP_INLINE inline
#endif
#define MAP_DEVICE_INLINE __device__ MAP_INLINE
#define MAP_BLOCK 128

namespace container {

template <typename K, typename V>
struct Entry {
  K key;
  V value;
  int guard;
};

MAP_HOST_DEVICE inline unsigned mix(unsigned k) {
  k ^= k >> 16;
  k *= 0x45d9f3bu;
  return k ^ (k >> 16);
}

template <typename K, typename V>
class GpuMap {
 public:
  static constexpr K kEmpty = K(-1);

  MAP_HOST_DEVICE GpuMap(Entry<K, V> *entries, std::size_t capacity)
      : entries_(entries), capacity_(capacity) {}

  MAP_HOST_DEVICE std::size_t capacity() const { return capacity_; }

  // A window of 32 slots per probe step, one lane per slot; the lanes vote.
  MAP_DEVICE_INLINE bool insert_tile(K key, V value) {
    const unsigned lane = threadIdx.x % 32;  // hazard: warp-size
    std::size_t home = mix(static_cast<unsigned>(key)) % capacity_;
    for (std::size_t step = 0; step < capacity_; step += 32) {
      std::size_t at = (home + step + lane) % capacity_;
      bool free_slot = entries_[at].key == kEmpty;
      unsigned vote = __ballot_sync(0xffffffff, free_slot);  // hazard: lane-mask
      while (vote) {
        int leader = __ffs(vote) - 1;  // hazard: lane-mask
        bool won = false;
        if (lane == leader) {
          won = atomicCAS(&entries_[at].key, kEmpty, key) == kEmpty;
          if (won) entries_[at].value = value;
        }
        if (__shfl_sync(0xffffffff, won, leader)) return true;  // hazard: lane-mask
        vote &= vote - 1;
      }
    }
    return false;
  }

  // Every thread takes the guard of its own slot: two lanes of one wavefront that hash
  // to the same slot spin forever, the holder never gets to release it.
  MAP_DEVICE_INLINE void upsert(K key, V value) {
    Entry<K, V> &e = entries_[mix(static_cast<unsigned>(key)) % capacity_];
    while (atomicCAS(&e.guard, 0, 1) != 0) {  // hazard: warp-synchronous
    }
    e.key = key;
    e.value = value;
    __threadfence();
    atomicExch(&e.guard, 0);
  }

  // A compare-and-swap retry loop is lock-free: some lane always makes progress.
  MAP_DEVICE_INLINE V accumulate(K key, V amount) {
    Entry<K, V> &e = entries_[mix(static_cast<unsigned>(key)) % capacity_];
    V seen = e.value;
    V expected;
    do {
      expected = seen;
      seen = atomicCAS(&e.value, expected, expected + amount);
    } while (seen != expected);
    return seen;
  }

  // One elected lane per warp takes a map-wide lock: nobody else in its wavefront spins.
  MAP_DEVICE_INLINE void clear_locked(int *map_lock) {
    if (threadIdx.x % warpSize == 0) {
      while (atomicExch(map_lock, 1) != 0) {
      }
      for (std::size_t i = 0; i < capacity_; ++i) entries_[i].key = kEmpty;
      __threadfence();
      atomicExch(map_lock, 0);
    }
  }

 private:
  Entry<K, V> *entries_;
  std::size_t capacity_;
};

template <typename K, typename V>
__global__ void __launch_bounds__(MAP_BLOCK, 4) insert_all(GpuMap<K, V> map,  // hazard: block-size
                                                           const K *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) map.upsert(keys[i], V(1));
}

template <typename K, typename V>
__global__ void insert_tiles(GpuMap<K, V> map, const K *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) map.insert_tile(keys[i], V(i));
}

}  // namespace container

struct Options {
  int *data;
  int count;
};

int main() {
  using Map = container::GpuMap<int, int>;
  const std::size_t capacity = 1 << 20;
  container::Entry<int, int> *entries;
  cudaMalloc(&entries, capacity * sizeof(container::Entry<int, int>));
  cudaMemset(entries, 0xff, capacity * sizeof(container::Entry<int, int>));
  int *data;
  cudaMalloc(&data, 1024 * sizeof(int));
  Options options = {nullptr, 1024};
  int local[4] = {0, 1, 2, 3};
  options.data = local;
  options.data[0] = 7;  // a struct member, not the device pointer named data
  Map map(entries, capacity);
  std::printf("%zu\n", map.capacity());
  container::insert_all<int, int><<<8, MAP_BLOCK>>>(map, data, 1024);
  container::insert_tiles<int, int><<<8, 256>>>(map, data, 1024);
  cudaDeviceSynchronize();
  cudaFree(data);
  cudaFree(entries);
  return options.count > 0 ? 0 : 1;
}
