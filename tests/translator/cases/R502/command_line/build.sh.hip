#!/bin/sh
cmake -S . -B build -DGPU_TARGETS="gfx942"
