// check: nvcc hipcc
#include <cstdio>

template <int N> struct Bits { static const int value = N >> 1; };

int main() {
  int a = 1 << 3, b = a >> 1;
  int c = Bits<Bits<8>::value>::value;
  std::printf("%d %d %d <<<text>>>\n", a, b, c);
  return 0;
}
