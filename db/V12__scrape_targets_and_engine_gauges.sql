-- Scraping engine /metrics endpoints: the targets of each deployment (with a lease so that one application instance
-- scrapes each target at a time), the operators' allow-list of where targets may point, and what scrapes yield
-- besides KV-cache readings (which go to kv_sample and kv_rollup like pushed ones): gauge rollups for requests
-- running and waiting, prefix-cache hit rate and counter rates, and bucketed latency rollups from engine histograms.

-- Networks (CIDR) and host names that scrape targets may point to. Operators keep it; it belongs to no tenant.
create table scrape_allowed_network (
    id         bigint generated always as identity primary key,
    entry      text        not null unique check (length(entry) between 1 and 253),
    created_at timestamptz not null,
    created_by text        not null check (length(created_by) between 1 and 120)
);

create table scrape_target (
    tenant_id        bigint      not null references tenant (id),
    id               bigint generated always as identity,
    deployment_id    bigint      not null,
    url              text        not null check (url ~ '^https?://' and length(url) <= 2000),
    replica          text        not null check (length(replica) between 1 and 100),
    interval_s       integer     not null default 15 check (interval_s between 5 and 3600),
    timeout_s        integer     not null default 5 check (timeout_s between 1 and 60 and timeout_s < interval_s),
    -- sent as Authorization: Bearer …; stored to be sent, never shown again
    bearer_token     text check (length(bearer_token) <= 4000),
    created_at       timestamptz not null,
    next_scrape_at   timestamptz not null,
    lease_owner      text check (length(lease_owner) <= 120),
    lease_expires_at timestamptz,
    failures         integer     not null default 0,
    last_attempt_at  timestamptz,
    last_success_at  timestamptz,
    last_error       text check (length(last_error) <= 500),
    series_read      integer,
    counter_memory   jsonb,
    primary key (tenant_id, id),
    unique (tenant_id, deployment_id, replica),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id)
);

create index scrape_target_due_idx on scrape_target (next_scrape_at);

create table engine_gauge_rollup (
    tenant_id     bigint           not null,
    deployment_id bigint           not null,
    metric        text             not null check (metric in ('running', 'waiting', 'prefix_hit', 'preemptions',
                                                              'prompt_tokens', 'generation_tokens')),
    resolution_s  integer          not null check (resolution_s in (60, 1800)),
    bucket        timestamptz      not null,
    samples       integer          not null,
    value_sum     double precision not null,
    value_min     double precision not null,
    value_max     double precision not null,
    primary key (tenant_id, deployment_id, metric, resolution_s, bucket)
);

-- Engine latency histograms (seconds), per bucket: how many observations fell at or below each bound and above the
-- one before. Only a deployment without a per-request source shows them, always marked approximate.
create table engine_latency_rollup (
    tenant_id     bigint             not null,
    deployment_id bigint             not null,
    metric        text               not null check (metric in ('ttft', 'itl', 'e2e')),
    resolution_s  integer            not null check (resolution_s in (60, 1800)),
    bucket        timestamptz        not null,
    upper_bounds  double precision[] not null,
    counts        bigint[]           not null check (cardinality(counts) = cardinality(upper_bounds)),
    primary key (tenant_id, deployment_id, metric, resolution_s, bucket)
);

alter table scrape_target enable row level security;
alter table scrape_target force row level security;
create policy tenant_isolation on scrape_target
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table engine_gauge_rollup enable row level security;
alter table engine_gauge_rollup force row level security;
create policy tenant_isolation on engine_gauge_rollup
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table engine_latency_rollup enable row level security;
alter table engine_latency_rollup force row level security;
create policy tenant_isolation on engine_latency_rollup
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, delete on scrape_allowed_network to ${app_role};
grant select, insert, update, delete on scrape_target, engine_gauge_rollup, engine_latency_rollup to ${app_role};

-- Keys may carry the new scope sources:write (manage scrape targets through the API).
alter table api_key drop constraint api_key_scopes_check;
alter table api_key add constraint api_key_scopes_check
    check (scopes <@ array ['ingest', 'metrics:read', 'usage:read', 'sources:write']::text[]);
