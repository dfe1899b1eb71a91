#!/bin/sh
# Run once by the postgres image when it makes its data folder (it runs every script in
# /docker-entrypoint-initdb.d/): lets the `replica` profile's streaming replica of
# docker-compose.yml connect for replication, with the password of POSTGRES_USER.
# A data folder made before this script was mounted needs the line added by hand.
set -e
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
