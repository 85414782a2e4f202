// POSIX shim for Windows builds: never seen by Linux builds.
#error "win/dev/unistd.h is for Windows builds"
