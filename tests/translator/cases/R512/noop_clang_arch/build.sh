#!/bin/sh
clang -arch=sm_80 not_nvcc.c
