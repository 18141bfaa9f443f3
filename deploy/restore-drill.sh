#!/bin/sh
# Restore practised (docs/deploy.md, "Backups"): the newest backup in BACKUP_ROOT is restored into a scratch folder
# and served by a second shop on DRILL_PORT (loopback only), which must answer; then the scratch shop goes. The
# running shop is not touched. By hand, once a month: `sh deploy/restore-drill.sh` as the jepret user, with its settings.
set -eu
root="${BACKUP_ROOT:-/var/backups/jepret}"
port="${DRILL_PORT:-8181}"
latest=$(ls -1 "$root" | sort | tail -n 1)
if [ -z "$latest" ] || [ ! -f "$root/$latest/manifest.json" ]; then
  echo "✗ Tidak ada cadangan yang selesai di $root" >&2
  exit 1
fi
scratch=$(mktemp -d)
pid=""
# The scratch shop runs in a process group of its own (npm, the Node it picks, the server): all of it stops at the end.
trap 'if [ -n "$pid" ]; then kill -TERM "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; rm -rf "$scratch"' EXIT
export DATA_DIR="$scratch" PHOTOS_DIR="$scratch" HOST=127.0.0.1 PORT="$port"
npm run --silent restore -- "$root/$latest"
setsid npm start >"$scratch/shop.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  if node -e "fetch('http://127.0.0.1:$port/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
    echo "✓ Cadangan $latest dipulihkan dan toko darinya menjawab di port $port."
    exit 0
  fi
  sleep 1
done
echo "✗ Toko dari cadangan $latest tidak menjawab:" >&2
cat "$scratch/shop.log" >&2
exit 1
