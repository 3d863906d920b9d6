#!/usr/bin/env bash
# Installs what the real-VS-Code tests need on a fresh machine: Debian's chromium and ripgrep, and
# code-server (a full VS Code build) cached in .vscode-test/code-server. Idempotent.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
version="4.99.4"
cache="$root/.vscode-test/code-server"
entry="$cache/node_modules/code-server/out/node/entry.js"

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v rg >/dev/null 2>&1 || need_apt+=(ripgrep)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "[setup] installing ${need_apt[*]} from Debian"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ -f "$cache/.ready-$version" ] && [ -f "$entry" ]; then
  echo "[setup] code-server $version cached in $cache"
  exit 0
fi
echo "[setup] installing code-server $version into $cache (a few minutes, once)"
rm -rf "$cache"; mkdir -p "$cache"; cd "$cache"
npm init -y >/dev/null
npm install --no-audit --no-fund --ignore-scripts "code-server@$version" >/dev/null
cd node_modules/code-server/lib/vscode
npm install --no-audit --no-fund --omit=dev --ignore-scripts >/dev/null
npm_config_yes=true npm rebuild @parcel/watcher @vscode/spdlog node-pty native-watchdog >/dev/null
mkdir -p node_modules/@vscode/ripgrep/bin && ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
ln -sfn node_modules node_modules.asar
cd "$cache"
npm_config_yes=true npm rebuild argon2 >/dev/null
node "$entry" --version
touch "$cache/.ready-$version"
