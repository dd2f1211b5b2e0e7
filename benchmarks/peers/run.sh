#!/usr/bin/env bash
# Builds OMPEval (from the omp-wrapper sdist on PyPI), PokerHandEvaluator's seven-card
# evaluator (from the phevaluator sdist on PyPI) and splitpot's core with the same flags and
# times them side by side in one process: bench_peers.cpp.
#   benchmarks/peers/run.sh [portable|native|both] [bench_peers arguments]
# bench_peers arguments: [million hands, default 4] [repeats per chunk, default 5] [runs, default 1];
# with several runs each ratio's range over them is printed last (`run.sh both 4 5 3`).
# SPLITPOT_PEERS_PROGRAM=prebuilt_variants runs, instead of bench_peers, the variants tried for
# pre-built hands (prebuilt_variants.cpp; same arguments).
# SPLITPOT_PEERS_CXXFLAGS adds compiler flags to every contender alike, in build directories of
# their own (`SPLITPOT_PEERS_CXXFLAGS=-falign-loops=64`: every loop placed at a 64-byte line, to
# tell a change's effect from where the linker happened to place the loops).
# Needs pip, cmake, ninja and a C++17 compiler. Work files go to $SPLITPOT_PEERS_DIR
# (default: a temporary directory, removed at the end).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
builds=${1:-both}
program=${SPLITPOT_PEERS_PROGRAM:-bench_peers}
shift || true
work=${SPLITPOT_PEERS_DIR:-$(mktemp -d)}
[ -n "${SPLITPOT_PEERS_DIR:-}" ] || trap 'rm -rf "$work"' EXIT
if [ ! -d "$work/omp" ]; then
  python3 -m pip download --quiet --no-binary :all: --no-deps -d "$work/sdist" "omp-wrapper==0.7"
  mkdir -p "$work/omp"
  tar -xzf "$work"/sdist/omp_wrapper-*.tar.gz -C "$work/omp" --strip-components=3 --wildcards '*/src/omp_wrapper/*'
fi
if [ ! -d "$work/phe" ]; then
  # PokerHandEvaluator's C sources, from the phevaluator sdist (only the seven-card evaluator is built).
  python3 -m pip download --quiet --no-binary :all: --no-deps -d "$work/sdist" "phevaluator==0.6.0"
  mkdir -p "$work/phe"
  tar -xzf "$work"/sdist/phevaluator-*.tar.gz -C "$work/phe" --strip-components=2 --wildcards --exclude='*plo4*' '*/_pheval_csrc/*'
fi
case $builds in
  both) builds="portable native" ;;
  portable | native) ;;
  *) echo "usage: $0 [portable|native|both] [bench_peers arguments]" >&2; exit 2 ;;
esac
extra=${SPLITPOT_PEERS_CXXFLAGS:-}
for b in $builds; do
  native=OFF
  [ "$b" = native ] && native=ON
  dir="$work/build-$b"
  [ -z "$extra" ] || dir="$dir-$(printf '%s' "$extra" | cksum | cut -d' ' -f1)"
  cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DOMP_DIR="$work/omp" -DPHE_DIR="$work/phe" \
    -DSPLITPOT_NATIVE=$native -DCMAKE_CXX_FLAGS="$extra" >/dev/null
  cmake --build "$dir" -j 2 --target "$program" >/dev/null
  echo "== $b build (-O3$([ "$native" = ON ] && echo ' -march=native -mtune=generic')${extra:+ $extra}, $(c++ --version | head -n 1))"
  "$dir/$program" "$@"
done
