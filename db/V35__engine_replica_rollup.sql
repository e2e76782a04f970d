-- How many engine replicas of a deployment answered its scrapes: per minute, the replicas (a target's engines, as
-- scrapes name them) that a scrape of the deployment read engine series of; per half hour, the sum of its minutes'
-- counts. replica_minutes / 60 are the replica-hours a GPU cost read from scrapes charges; minutes are the minutes in
-- which any replica answered (1 in a minute row), so minutes short of the bucket's length mark minutes no scrape
-- covered; replicas_max is the largest count of one minute.
create table engine_replica_rollup (
    tenant_id       bigint      not null,
    deployment_id   bigint      not null,
    resolution_s    integer     not null check (resolution_s in (60, 1800)),
    bucket          timestamptz not null,
    -- an upsert whose minutes were all counted before adds 0 minutes; its proposed row is checked before it merges
    minutes         integer     not null check (minutes >= 0),
    replica_minutes bigint      not null check (replica_minutes >= 1),
    replicas_max    integer     not null check (replicas_max >= 1),
    primary key (tenant_id, deployment_id, resolution_s, bucket)
);

alter table engine_replica_rollup enable row level security;
alter table engine_replica_rollup force row level security;
create policy tenant_isolation on engine_replica_rollup
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, update, delete on engine_replica_rollup to ${app_role};

-- A GPU cost without replicas takes them from scrapes: the replica-minutes engine_replica_rollup counted.
alter table deployment_gpu_cost alter column replicas drop not null;
