-- Annotations of deployments, and the index that serves drill-downs into raw request samples.

-- Annotations: a marked moment or range on a deployment ("vLLM 0.11 rolled out"), drawn on every chart of its
-- Metrics tab. A moment has ends_at null. Tags are short labels callers filter or group by.
create table annotation (
    tenant_id     bigint      not null,
    id            bigint generated always as identity,
    deployment_id bigint      not null,
    starts_at     timestamptz not null,
    ends_at       timestamptz check (ends_at >= starts_at),
    body          text        not null check (length(body) between 1 and 500),
    tags          text[]      not null default '{}' check (cardinality(tags) <= 10),
    created_by    text        not null check (length(created_by) between 1 and 120),
    created_at    timestamptz not null,
    primary key (tenant_id, id),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id)
);

-- the charts ask for the annotations of one deployment that overlap a window
create index annotation_deployment_time_idx on annotation (tenant_id, deployment_id, starts_at);

alter table annotation enable row level security;
alter table annotation force row level security;
create policy tenant_isolation on annotation
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, delete on annotation to ${app_role};

-- A drill-down lists the raw requests of one deployment's interval, a page at a time. The primary key leads with the
-- request id, so without this index an interval would read every sample of its day's partition.
create index request_sample_deployment_time_idx on request_sample (tenant_id, deployment_id, ts);
