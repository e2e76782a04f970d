-- What a deployment costs to run, with a history like its token prices: from effective_from on, until the next row of
-- the same deployment, it runs replicas × gpus_per_replica GPUs at price_per_gpu_hour each. Like a price, a change
-- takes effect at the start of a half hour (UTC), so every half hour is costed at one rate. No row: no cost is known.
create table deployment_gpu_cost (
    tenant_id          bigint         not null,
    deployment_id      bigint         not null,
    effective_from     timestamptz    not null check (extract(epoch from effective_from) % 1800 = 0),
    gpus_per_replica   integer        not null check (gpus_per_replica between 1 and 4096),
    replicas           integer        not null check (replicas between 0 and 100000),
    price_per_gpu_hour numeric(18, 6) not null check (price_per_gpu_hour >= 0),
    currency           text           not null check (currency ~ '^[A-Z]{3}$'),
    created_at         timestamptz    not null default now(),
    primary key (tenant_id, deployment_id, effective_from),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id)
);

alter table deployment_gpu_cost enable row level security;
alter table deployment_gpu_cost force row level security;
create policy tenant_isolation on deployment_gpu_cost
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, update, delete on deployment_gpu_cost to ${app_role};
