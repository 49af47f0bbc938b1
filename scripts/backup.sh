#!/usr/bin/env bash
# Backs up what cannot be rebuilt: the ledger and the accounts tables listed in backup-tables.txt (not
# the read models), in one consistent snapshot, as a pg_dump custom-format archive of their rows.
#   DATABASE_URL=postgres://user:password@host:5432/parliamo scripts/backup.sh parliamo.dump
# pg_dump must be of the server's major version or newer; PG_BIN=/usr/lib/postgresql/17/bin picks one.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:?usage: DATABASE_URL=... scripts/backup.sh FILE.dump}"
: "${DATABASE_URL:?DATABASE_URL must name the database to back up}"
pg_dump="${PG_BIN:+$PG_BIN/}pg_dump"

tables=()
while IFS= read -r line || [ -n "$line" ]; do
  name="${line%%#*}"
  name="${name//[[:space:]]/}"
  [ -n "$name" ] && tables+=("--table=public.$name")
done < "$here/backup-tables.txt"

# --strict-names: a table missing from the database (renamed, not migrated) fails the backup loudly.
"$pg_dump" --dbname="$DATABASE_URL" --format=custom --data-only --no-owner --no-privileges \
  --strict-names "${tables[@]}" --file="$out.partial"
mv "$out.partial" "$out"
echo "Backed up ${#tables[@]} tables to $out"
