// Host wall-clock timer used by the samples that do not time with events.
#ifndef SAMPLES_COMMON_HELPER_TIMER_H_
#define SAMPLES_COMMON_HELPER_TIMER_H_

#include <chrono>

class StopWatch {
 public:
  void start() { begin_ = std::chrono::steady_clock::now(); running_ = true; }
  void stop() {
    total_ += std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - begin_).count();
    running_ = false;
  }
  void reset() { total_ = 0.0f; }
  float getTime() const { return total_; }

 private:
  std::chrono::steady_clock::time_point begin_;
  float total_ = 0.0f;
  bool running_ = false;
};

#endif  // SAMPLES_COMMON_HELPER_TIMER_H_
