#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet.
# `apt-get update` runs only when a package cannot be found in the current lists.
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "installing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! $sudo apt-get install -y --no-install-recommends "${missing[@]}" >&2; then
  $sudo apt-get update >&2
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi
