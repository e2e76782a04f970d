-- Why a request stopped generating, as its source said it (stop, length, abort, tool_calls, …): lower-case letters,
-- digits and underscores. Null when the source did not say.
alter table request_sample add column finish_reason text check (finish_reason ~ '^[a-z][a-z0-9_]{0,31}$');

-- Goodput and breaches by kind, counted per bucket at ingest with the deployment's goodput SLO. counted_requests and
-- counted_output_tokens are the requests (and all their output tokens) that were judged: rows written before this
-- migration judged none, until a change of the goodput SLO recounts them from the raw samples still kept.
-- Every ok request that is not good counts in exactly one breach: incomplete first, then TTFT, ITL, E2E.
alter table request_rollup
    add column counted_requests      integer not null default 0,
    add column counted_output_tokens bigint  not null default 0,
    add column good_requests         integer not null default 0,
    add column good_output_tokens    bigint  not null default 0,
    add column incomplete_requests   integer not null default 0,
    add column ttft_breaches         integer not null default 0,
    add column itl_breaches          integer not null default 0,
    add column e2e_breaches          integer not null default 0;

-- A deployment's goodput SLO: thresholds in ms, any subset (null: not judged). counted_from: the rollups from that
-- instant on were counted with these thresholds (null: since the deployment's first request).
create table deployment_goodput (
    tenant_id     bigint        not null,
    deployment_id bigint        not null,
    ttft_ms       numeric(12, 3) check (ttft_ms > 0),
    tpot_ms       numeric(12, 3) check (tpot_ms > 0),
    e2el_ms       numeric(12, 3) check (e2el_ms > 0),
    counted_from  timestamptz,
    changed_at    timestamptz   not null,
    primary key (tenant_id, deployment_id),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id)
);

-- Existing deployments start with their TTFT and ITL thresholds; their earlier rollups were counted by none, so the
-- figures use these from now on.
insert into deployment_goodput (tenant_id, deployment_id, ttft_ms, tpot_ms, e2el_ms, counted_from, changed_at)
select tenant_id, id, slo_ttft_p95_ms, slo_itl_p95_ms, null, now(), now() from deployment;

alter table deployment_goodput enable row level security;
alter table deployment_goodput force row level security;
create policy tenant_isolation on deployment_goodput
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, update on deployment_goodput to ${app_role};
