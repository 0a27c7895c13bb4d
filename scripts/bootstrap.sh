#!/usr/bin/env bash
# Prepares a fresh machine (Debian, any Node >= 20 with npm) to run or test the shop on Node 24:
#   bash scripts/bootstrap.sh            -> pnpm + workspace dependencies
#   bash scripts/bootstrap.sh --browser  -> the same, plus Debian's Chromium for the end-to-end tests
#   bash scripts/bootstrap.sh --cluster  -> the same, plus Debian's Caddy for `pnpm start:cluster`
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=false
want_cluster=false
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=true ;;
    --cluster) want_cluster=true ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version | cut -d. -f1)" -lt 12 ]; then
  echo "==> installing pnpm 12 with npm"
  # corepack's signature check fails on some machines; npm is always there with Node.
  npm install --global --no-fund --no-audit pnpm@12
fi

sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
apt_updated=false
apt_install() {
  $apt_updated || $sudo_cmd apt-get update -qq
  apt_updated=true
  $sudo_cmd apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
}

if $want_browser && [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Debian's Chromium (the end-to-end tests drive it with Playwright)"
  apt_install chromium
fi

if $want_cluster && ! command -v caddy >/dev/null 2>&1; then
  echo "==> installing Debian's Caddy (the proxy in front of pnpm start:cluster's servers)"
  apt_install caddy
  # The package enables and starts a caddy service of its own on ports 80 and 2019; the cluster
  # runs its own Caddy as a child with its own Caddyfile, so that one is stopped and disabled.
  if [ -d /run/systemd/system ]; then
    $sudo_cmd systemctl disable --now caddy.service >/dev/null 2>&1 || true
  else
    $sudo_cmd systemctl disable caddy.service >/dev/null 2>&1 || true
  fi
fi

echo "==> installing workspace dependencies (with Node 24 for the shop's own scripts)"
pnpm install --frozen-lockfile --reporter=append-only

# The root's optional node-linux-* package is Node 24 from the npm registry: every `pnpm` script
# finds it first on its PATH, so the system's own node is left as it is. A platform without such a
# package uses the system's node, which must then be 24 or later.
runtime=$(pnpm exec node --version)
case "$runtime" in
  v2[4-9].* | v[3-9][0-9].*) echo "==> the shop's scripts run on Node $runtime" ;;
  *)
    echo "The shop needs Node 24 or later; pnpm scripts here run on $runtime." >&2
    exit 1
    ;;
esac
