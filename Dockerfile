# seedpost in a container: `docker compose up` (see docker-compose.yml and the README,
# "Running with Docker").

# --- build ------------------------------------------------------------------------
FROM rust:1.95-bookworm AS builder
WORKDIR /src

# Dependencies first, against stub sources, so that this layer stays cached until
# Cargo.toml or Cargo.lock change.
COPY Cargo.toml Cargo.lock build.rs ./
COPY rules/Cargo.toml rules/Cargo.toml
# sqlx-core with one upstream fix (vendor/README.md), patched in by Cargo.toml.
COPY vendor vendor
RUN mkdir -p src rules/src rules/benches migrations \
    && echo 'fn main() {}' > src/main.rs \
    && touch src/lib.rs rules/src/lib.rs \
    && echo 'fn main() {}' > rules/benches/playouts.rs \
    && cargo build --release --locked --bin seedpost \
    && rm -rf src rules/src rules/benches

# Then the real sources; templates, static files and migrations are compiled in.
COPY rules rules
COPY src src
COPY migrations migrations
COPY templates templates
COPY static static
COPY RULES.md README.md ./
# Cargo compares modification times: make sure the stubs' artifacts are stale.
RUN touch src/main.rs src/lib.rs rules/src/lib.rs \
    && cargo build --release --locked --bin seedpost \
    && install -m 0755 target/release/seedpost /usr/local/bin/seedpost

# --- run --------------------------------------------------------------------------
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 seedpost \
    && useradd --system --uid 10001 --gid seedpost --home-dir /var/lib/seedpost \
       --create-home --shell /usr/sbin/nologin seedpost
COPY --from=builder /usr/local/bin/seedpost /usr/local/bin/seedpost

USER seedpost:seedpost
WORKDIR /var/lib/seedpost
# The embedded SQLite default lands in the volume; docker-compose.yml sets
# DATABASE_URL to its Postgres instead.
VOLUME ["/var/lib/seedpost"]
# MALLOC_ARENA_MAX=2: glibc's allocator keeps a heap per busy thread; two of them hold
# a loaded server's memory a quarter to a third lower (docs/operations.md, "Production settings").
ENV SEEDPOST_BIND=0.0.0.0:8080 \
    SEEDPOST_LOG_FORMAT=json \
    MALLOC_ARENA_MAX=2 \
    DATABASE_URL=sqlite:///var/lib/seedpost/seedpost.db
EXPOSE 8080
# `seedpost healthcheck` GETs http://127.0.0.1:8080/healthz and exits 0 or 1: no curl
# in the image.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["seedpost", "healthcheck"]
ENTRYPOINT ["seedpost"]
CMD ["serve"]
