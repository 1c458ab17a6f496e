#!/usr/bin/env bash
# `make install` / `make uninstall`: the programs, their manual pages and shell completions.
#   Tools/install.sh BUILD_DIR       install BUILD_DIR/signet and BUILD_DIR/signet-preview
#   Tools/install.sh --uninstall     remove what an install put there
# Where (the Makefile passes its variables through the environment; GNU names and defaults):
#   DESTDIR (staging root, empty by default), PREFIX (/usr/local), BINDIR ($PREFIX/bin),
#   MANDIR ($PREFIX/share/man), BASHCOMPDIR ($PREFIX/share/bash-completion/completions),
#   ZSHCOMPDIR ($PREFIX/share/zsh/site-functions).
# The pages and scripts are printed by the signet being installed (`signet --man`, `signet COMMAND --man`,
# `signet --completions bash|zsh`), so they always describe that binary's options. The pages are
# installed gzip'ed with `gzip -9n` (no name, no time stamp: the same bytes each time), as Debian wants;
# man reads them as they are.
set -euo pipefail
mode=install
if [ "${1:-}" = --uninstall ]; then
  mode=uninstall
  shift
fi
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
bindir=$DESTDIR${BINDIR:-$PREFIX/bin}
man1=$DESTDIR${MANDIR:-$PREFIX/share/man}/man1
bashdir=$DESTDIR${BASHCOMPDIR:-$PREFIX/share/bash-completion/completions}
zshdir=$DESTDIR${ZSHCOMPDIR:-$PREFIX/share/zsh/site-functions}

if [ "$mode" = uninstall ]; then
  rm -f "$bindir/signet" "$bindir/signet-preview" "$man1/signet.1.gz" "$man1"/signet-*.1.gz "$bashdir/signet" \
    "$zshdir/_signet"
  echo "removed signet from $bindir, $man1, $bashdir and $zshdir"
  exit 0
fi

build=${1:?usage: Tools/install.sh BUILD_DIR | --uninstall}
for program in signet signet-preview; do
  if [ ! -x "$build/$program" ]; then
    echo "install: $build/$program is not built; run 'make release' (make install does) first" >&2
    exit 1
  fi
done

# The pages' date: the last commit's (reproducible), unless the caller set SOURCE_DATE_EPOCH.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$(dirname "$0")" log -1 --format=%ct 2>/dev/null || date +%s)
  export SOURCE_DATE_EPOCH
fi
# Everything generated first, into a private folder: a failing binary installs nothing.
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
"$build/signet" --man >"$staging/signet.1"
for command in $("$build/signet" --commands); do
  "$build/signet" "$command" --man >"$staging/signet-$command.1"
done
gzip -9n "$staging"/*.1
"$build/signet" --completions bash >"$staging/signet.bash"
"$build/signet" --completions zsh >"$staging/_signet"

install -d -m 755 "$bindir" "$man1" "$bashdir" "$zshdir"
# Side by side: `signet preview` runs the signet-preview next to the signet it was started as.
install -m 755 "$build/signet" "$build/signet-preview" "$bindir/"
install -m 644 "$staging"/*.1.gz "$man1/"
install -m 644 "$staging/signet.bash" "$bashdir/signet"
install -m 644 "$staging/_signet" "$zshdir/_signet"
echo "installed signet and signet-preview in $bindir, $(ls "$staging"/*.1.gz | wc -l) manual pages in $man1,"
echo "completions in $bashdir/signet and $zshdir/_signet"
