#!/usr/bin/env bash
# The Neovim test: drives `cardc lsp` through a real, headless Neovim whose init.lua is the
# Neovim setup of docs/editors.md, extracted from the page (so the page is what is tested).
#
#   editors/neovim/test/run.sh [NVIM…]      default: nvim
#
# Each NVIM is a Neovim binary; each runs lsp.lua in a fresh copy of test/project/ with
# `cardc` (CARDC, default target/debug/cardc, built beforehand) first on the PATH. Exit code
# 1 when a check failed, 2 when the test could not run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
cardc=${CARDC:-$repo/target/debug/cardc}
if [ ! -x "$cardc" ]; then
  echo "no cardc binary at $cardc: run \`cargo build -p cardc\` first" >&2
  exit 2
fi
[ $# -gt 0 ] || set -- nvim

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/home"
ln -s "$(cd "$(dirname "$cardc")" && pwd)/$(basename "$cardc")" "$work/bin/cardc"

# The lua block after the marker line of the Neovim section, exactly as printed.
awk '
  /editors\/neovim\/test\/run\.sh/ { marked = 1 }
  marked && !inside && /^```lua$/ { inside = 1; next }
  inside && /^```$/ { exit }
  inside { print }
' "$repo/docs/editors.md" >"$work/init.lua"
if ! grep -q 'cardc' "$work/init.lua"; then
  echo "docs/editors.md: no Neovim setup block after the line naming editors/neovim/test/run.sh" >&2
  exit 2
fi

status=0
for nvim in "$@"; do
  # A path is made absolute: Neovim runs in the project's copy.
  case $nvim in */*) nvim=$(cd "$(dirname "$nvim")" && pwd)/$(basename "$nvim") ;; esac
  rm -rf "$work/project"
  cp -r "$here/project" "$work/project"
  # A home of its own: no user configuration, plugins or state but the page's init.lua.
  if ! (cd "$work/project" &&
    env PATH="$work/bin:$PATH" HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" \
      XDG_DATA_HOME="$work/home/.local/share" XDG_STATE_HOME="$work/home/.local/state" \
      XDG_CACHE_HOME="$work/home/.cache" \
      timeout 300 "$nvim" --headless -n -i NONE -u "$work/init.lua" \
      -c "luafile $here/lsp.lua" </dev/null); then
    status=1
  fi
done
exit $status
