-- API keys, raw samples (partitioned by day, dropped whole at the end of their retention) and rollups.

create table api_key (
    id           bigint generated always as identity primary key,
    tenant_id    bigint      not null references tenant (id),
    name         text        not null check (length(name) between 1 and 100),
    -- the first characters of the key, shown in lists and used to find the key; never enough to use it
    prefix       text        not null unique,
    sha256       bytea       not null check (length(sha256) = 32),
    scopes       text[]      not null check (scopes <@ array['ingest', 'metrics:read', 'usage:read']::text[]),
    created_at   timestamptz not null,
    last_used_at timestamptz,
    expires_at   timestamptz,
    revoked_at   timestamptz,
    unique (tenant_id, id)
);

create index api_key_tenant_idx on api_key (tenant_id);

-- One row per request a gateway reported. status: 0 ok, 1 error, 2 timeout, 3 cancelled.
-- The key makes a resent sample (same request id and time) a no-op.
create table request_sample (
    tenant_id     bigint      not null,
    deployment_id bigint      not null,
    ts            timestamptz not null,
    request_id    text        not null,
    status        smallint    not null check (status between 0 and 3),
    ttft_ms       real,
    e2e_ms        real,
    tpot_ms       real,
    itl_gaps_ms   bytea,
    input_tokens  integer     not null check (input_tokens >= 0),
    output_tokens integer     not null check (output_tokens >= 0),
    received_at   timestamptz not null,
    primary key (tenant_id, deployment_id, request_id, ts)
) partition by range (ts);

create table kv_sample (
    tenant_id     bigint      not null,
    deployment_id bigint      not null,
    replica       text        not null,
    ts            timestamptz not null,
    usage_pct     real        not null check (usage_pct between 0 and 100),
    primary key (tenant_id, deployment_id, replica, ts)
) partition by range (ts);

-- Per-deployment rollups at two resolutions (1 minute, 30 minutes). Sketches are LatencySketch storage forms;
-- the ITL sketch counts token gaps, not requests.
create table request_rollup (
    tenant_id      bigint      not null,
    deployment_id  bigint      not null,
    resolution_s   integer     not null check (resolution_s in (60, 1800)),
    bucket         timestamptz not null,
    requests       integer     not null,
    ok_requests    integer     not null,
    input_tokens   bigint      not null,
    output_tokens  bigint      not null,
    ttft           bytea       not null,
    itl            bytea       not null,
    e2e            bytea       not null,
    primary key (tenant_id, deployment_id, resolution_s, bucket)
);

create table kv_rollup (
    tenant_id     bigint           not null,
    deployment_id bigint           not null,
    resolution_s  integer          not null check (resolution_s in (60, 1800)),
    bucket        timestamptz      not null,
    samples       integer          not null,
    usage_sum     double precision not null,
    usage_min     real             not null,
    usage_max     real             not null,
    primary key (tenant_id, deployment_id, resolution_s, bucket)
);
