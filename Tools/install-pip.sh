#!/usr/bin/env bash
# Installs PyPI packages when a check command fails: install-pip.sh 'CHECK' PACKAGE...
# e.g. install-pip.sh 'python3 -c "import PIL"' pillow
# Debian's own Python refuses pip installs into the system ("externally managed"); the tests
# only need the packages importable, so that refusal is retried with --break-system-packages.
set -euo pipefail
check=$1; shift
bash -c "$check" >/dev/null 2>&1 && exit 0
echo "installing from PyPI: $*" >&2
if ! said=$(python3 -m pip install --quiet "$@" 2>&1); then
  grep -q externally-managed <<<"$said" || { echo "$said" >&2; exit 1; }
  python3 -m pip install --quiet --break-system-packages "$@" >&2
fi
bash -c "$check" >/dev/null 2>&1 || { echo "still missing after installing $*: $check" >&2; exit 1; }
