#!/usr/bin/env bash
# Runs the README's start command the way a newcomer does (`pnpm start`, default port 3000, a
# fresh data dir), checks that the whole shop answers, then presses Ctrl-C (SIGINT to the session,
# as a terminal does) and expects a clean exit. Used by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

base="http://127.0.0.1:${PORT:-3000}"
data_dir=$(mktemp -d)
log=$(mktemp)
cleanup() { rm -rf "$data_dir"; }
trap cleanup EXIT

DATA_DIR="$data_dir" setsid pnpm start >"$log" 2>&1 &
pid=$!

fail() {
  echo "smoke-start: $1" >&2
  echo "--- server output ---" >&2
  cat "$log" >&2
  pkill -INT -s "$pid" 2>/dev/null || true
  exit 1
}

for _ in $(seq 1 240); do
  curl -fsS "$base/healthz" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || fail "pnpm start exited before serving"
  sleep 0.5
done
curl -fsS "$base/healthz" >/dev/null || fail "no answer on $base/healthz after 120 s"
# The server answers as soon as it listens, a moment before it prints its address: wait for it.
for _ in $(seq 1 20); do
  grep -q "Shop is running at http://127.0.0.1:${PORT:-3000}/" "$log" && break
  sleep 0.25
done
grep -q "Shop is running at http://127.0.0.1:${PORT:-3000}/" "$log" || fail "the URL was not printed"
# The shop runs on the Node 24 the workspace installs, whatever the system's own node is.
grep -q "Shop is running at .* (Node 24\." "$log" || fail "the shop does not run on Node 24"
grep -q "Built bot/dist/main.mjs" "$log" || [ -f bot/dist/main.mjs ] ||
  fail "the server was not built"
ready=$(curl -s "$base/readyz")
echo "$ready" | grep -q '"status":"ready"' || fail "/readyz is not ready: $ready"

location=$(curl -s -o /dev/null -w '%{redirect_url}' "$base/")
[ "$location" = "$base/uz" ] || fail "/ should redirect to /uz, got '$location'"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/uz")" = 200 ] || fail "/uz is not 200"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/uz/no-such-page")" = 404 ] || fail "unknown page is not 404"
curl -fsS -H 'x-lang: ru' "$base/backend/api/ext/v1/resources/home" | grep -q '"sections"' ||
  fail "the relay does not serve the catalogue home"
[ -s "$data_dir/catalog-api-key" ] || fail "no API key was generated in the data dir"
key=$(cat "$data_dir/catalog-api-key")
if grep -qF "$key" "$log"; then fail "the catalogue API key appears in the log"; fi

# A terminal's Ctrl-C reaches every process of the foreground job; pnpm puts the server in a
# process group of its own, so signal the whole session as the terminal would.
pkill -INT -s "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || fail "Ctrl-C did not stop the shop cleanly (exit $status)"
echo "smoke-start: pnpm start served $base and stopped cleanly on Ctrl-C"
