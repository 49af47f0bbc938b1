#!/bin/sh
# Entry point of the PostgreSQL stand-in image scripts/verify-image.sh builds from Debian's package for
# docker-compose.yml: honours POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB like the official image.
set -eu
D=/var/lib/postgresql/data
if [ ! -s "$D/PG_VERSION" ]; then
  printf '%s\n' "${POSTGRES_PASSWORD:?}" > /tmp/pwfile
  initdb -D "$D" -U "${POSTGRES_USER:-postgres}" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$D/pg_hba.conf"
  pg_ctl -D "$D" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != postgres ]; then createdb -U "${POSTGRES_USER:-postgres}" "$POSTGRES_DB"; fi
  pg_ctl -D "$D" -m fast -w stop >/dev/null
fi
exec postgres -D "$D" -c listen_addresses='*'
