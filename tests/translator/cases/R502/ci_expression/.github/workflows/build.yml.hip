name: build
on: [push]
jobs:
  gpu:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        arch: [80, 90]
    steps:
      - uses: actions/checkout@v4
      # The architecture comes from the matrix: the whole expression is the value.
      - run: cmake -B build -DGPU_TARGETS="gfx942" -DCMAKE_BUILD_TYPE=Release
      - run: cmake -B build2 -DGPU_TARGETS="gfx942" -G Ninja
      - run: cmake --build build
