#!/bin/sh
# One dated backup of the shop into BACKUP_ROOT (`npm run backup`: every database and every photo, docs/fulfilment.md),
# then only the newest BACKUP_KEEP are kept. Run by jepret-backup.service; by hand: `sh deploy/backup.sh`.
set -eu
root="${BACKUP_ROOT:-/var/backups/jepret}"
keep="${BACKUP_KEEP:-14}"
mkdir -p "$root"
dir="$root/$(date -u +%Y-%m-%dT%H%M%SZ)"
npm run --silent backup -- "$dir"
# Names sort by date; a backup that failed half-way has no manifest.json and goes first.
for old in $(ls -1 "$root" | sort); do
  [ -f "$root/$old/manifest.json" ] || rm -rf "${root:?}/$old"
done
ls -1 "$root" | sort | head -n "-$keep" | while read -r old; do rm -rf "${root:?}/$old"; done
