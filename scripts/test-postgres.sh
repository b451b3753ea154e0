#!/usr/bin/env bash
# The PostgreSQL the tests run their PostgreSQL half on: prints a URL of a superuser that may
# create databases (each test file makes its own). One that already answers on the port is used as
# it is; otherwise a private cluster is made and started, trust-authenticated and listening on
# 127.0.0.1 only. initdb refuses root, so as root the cluster belongs to the `postgres` user.
# PostgreSQL 15 comes from Debian (apt-get, as root) when missing.
#   export ENGAGE_DESK_TEST_POSTGRES_URL="$(bash scripts/test-postgres.sh)"
#   bash scripts/test-postgres.sh stop
set -euo pipefail
PORT="${ENGAGE_DESK_PG_PORT:-54329}"
DIR="${ENGAGE_DESK_PG_DIR:-${TMPDIR:-/tmp}/engage-desk-postgres-$PORT}"
BIN="${ENGAGE_DESK_PG_BIN:-/usr/lib/postgresql/15/bin}"
URL="postgres://postgres@127.0.0.1:$PORT/postgres"

# As root, everything the cluster does runs as `postgres`; otherwise as the caller.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ ! -x "$BIN/pg_ctl" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "PostgreSQL 15 is not installed ($BIN); install Debian's postgresql package" >&2
    exit 1
  fi
  echo "Installing PostgreSQL from Debian for the PostgreSQL half of the tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >/dev/null
fi

if [ "${1:-start}" = stop ]; then
  [ -d "$DIR/data" ] && as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >&2 || true
  exit 0
fi

if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
  echo "$URL"
  exit 0
fi

mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
if [ ! -f "$DIR/data/PG_VERSION" ]; then
  as_owner "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 \
    --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 || {
    cat "$DIR/initdb.log" >&2
    exit 1
  }
fi
# fsync off: a test cluster is thrown away, and the suites run faster without waiting for the
# disk. A killed server or client still loses nothing committed (the kernel has the writes); only
# a power cut would, and no test makes one.
as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start -o \
  "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" >&2 || {
  cat "$DIR/server.log" >&2
  exit 1
}
echo "$URL"
