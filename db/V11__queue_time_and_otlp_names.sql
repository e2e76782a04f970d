-- Queue time (waiting before scheduling), optional on every request sample from any source, and its rollup sketch.
-- Rollups written before this migration have no queue sketch: null reads as empty.
alter table request_sample add column queue_ms real;

alter table request_rollup add column queue bytea;

-- The OTLP resource service.name values and model names that route spans to a deployment. kind: 'service' or
-- 'model'. A name belongs to at most one deployment of a tenant, so a span never matches two.
create table deployment_otlp_name (
    tenant_id     bigint not null,
    deployment_id bigint not null,
    kind          text   not null check (kind in ('service', 'model')),
    name          text   not null check (length(name) between 1 and 200),
    primary key (tenant_id, kind, name),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id)
);

create index deployment_otlp_name_deployment_idx on deployment_otlp_name (tenant_id, deployment_id);

alter table deployment_otlp_name enable row level security;
alter table deployment_otlp_name force row level security;
create policy tenant_isolation on deployment_otlp_name
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, delete on deployment_otlp_name to ${app_role};
