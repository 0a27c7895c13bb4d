#!/usr/bin/env bash
# Prepares a fresh machine (Debian, Node >= 20.19 with npm) to run or test the shop:
#   bash scripts/bootstrap.sh            -> pnpm + workspace dependencies
#   bash scripts/bootstrap.sh --browser  -> the same, plus Debian's Chromium for the end-to-end tests
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=false
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=true ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version | cut -d. -f1)" -lt 12 ]; then
  echo "==> installing pnpm 12 with npm"
  # corepack's signature check fails on some machines; npm is always there with Node.
  npm install --global --no-fund --no-audit pnpm@12
fi

if $want_browser && [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Debian's Chromium (the end-to-end tests drive it with Playwright)"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
fi

echo "==> installing workspace dependencies"
pnpm install --frozen-lockfile --reporter=append-only
