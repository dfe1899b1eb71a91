#!/usr/bin/env bash
# A streaming read replica of the local Postgres, for the tests of the read path
# (tests/replica/) and for trying `--read-database-url` by hand.
#
#   scripts/replica.sh up      make it if need be (pg_basebackup -R), start it; idempotent
#   scripts/replica.sh stop    stop it (the fail-over test's "replica down")
#   scripts/replica.sh down    stop it and remove its folder
#   scripts/replica.sh url     print its URL
#
# Environment: SEEDPOST_REPLICA_PORT (default 5433), SEEDPOST_PRIMARY_PORT (5432),
# SEEDPOST_REPLICA_DIR (default /tmp/seedpost-replica-$PORT). Needs root (or the
# postgres user): the replica's folder belongs to postgres, and the primary's
# pg_hba.conf gains a `host replication` line if it has none (then reloaded, never
# restarted).
set -euo pipefail

port=${SEEDPOST_REPLICA_PORT:-5433}
primary_port=${SEEDPOST_PRIMARY_PORT:-5432}
dir=${SEEDPOST_REPLICA_DIR:-/tmp/seedpost-replica-$port}
bin=${SEEDPOST_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
log=$dir.log

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

primary() {
  psql -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -tAXc "$1"
}

running() {
  [ -f "$dir/postmaster.pid" ] && as_postgres "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1
}

allow_replication() {
  local hba
  hba=$(primary 'show hba_file')
  if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]' "$hba"; then
    echo 'host replication all 127.0.0.1/32 trust' >>"$hba"
    primary 'select pg_reload_conf()' >/dev/null
    sleep 1
  fi
  local level
  level=$(primary 'show wal_level')
  if [ "$level" = minimal ]; then
    echo "FATAL: the primary's wal_level is minimal: set it to replica and restart it" >&2
    exit 1
  fi
}

make_replica() {
  allow_replication
  rm -rf "$dir"
  install -d -o postgres -g postgres -m 700 "$dir"
  as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres \
    -D "$dir" -R -X stream -c fast >/dev/null
  # Debian keeps postgresql.conf and pg_hba.conf outside the data folder, so the copy
  # has neither: the replica gets its own. A hot standby needs these settings at least
  # as high as the primary's.
  {
    echo "port = $port"
    echo "listen_addresses = '127.0.0.1'"
    echo "unix_socket_directories = '$dir'"
    echo "hot_standby = on"
    echo "max_standby_streaming_delay = 5s"
    for setting in max_connections max_worker_processes max_wal_senders \
      max_prepared_transactions max_locks_per_transaction; do
      echo "$setting = $(primary "show $setting")"
    done
  } | as_postgres tee "$dir/postgresql.conf" >/dev/null
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' |
    as_postgres tee "$dir/pg_hba.conf" >/dev/null
  : >"$dir/pg_ident.conf"
  chown postgres:postgres "$dir/pg_ident.conf"
}

# Whether the running replica receives the primary's log. Without a replication slot
# (which would keep the primary's log without bound for a replica left stopped), a
# replica that fell too far behind finds the log it needs removed and never catches
# up: it is made again.
streaming() {
  for _ in $(seq 1 10); do
    if [ "$(psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAXc \
      "select count(*) from pg_stat_wal_receiver where status = 'streaming'" 2>/dev/null)" = 1 ]; then
      return 0
    fi
    sleep 0.5
  done
  return 1
}

up() {
  if running; then
    if streaming; then
      return
    fi
    echo "the replica on port $port does not stream (too far behind?): making it again" >&2
    stop
    rm -rf "$dir"
  fi
  if [ ! -f "$dir/standby.signal" ]; then
    make_replica
  fi
  touch "$log" && chown postgres:postgres "$log"
  as_postgres "$bin/pg_ctl" -D "$dir" -l "$log" -w -t 60 start >/dev/null
  for _ in $(seq 1 60); do
    if [ "$(psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAXc 'select pg_is_in_recovery()' 2>/dev/null)" = t ]; then
      return
    fi
    sleep 0.5
  done
  echo "FATAL: the replica on port $port did not come up (see $log)" >&2
  exit 1
}

stop() {
  if running; then
    as_postgres "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
  fi
}

case ${1:-} in
  up) up ;;
  stop) stop ;;
  down) stop; rm -rf "$dir" "$log" ;;
  url) echo "postgres://postgres@127.0.0.1:$port/test" ;;
  *) echo "usage: $0 up|stop|down|url" >&2; exit 2 ;;
esac
