-- Who a request was for and how it was served, when its source said so: the gateway's consumer (a customer, project
-- or key label, never a secret), the LoRA adapter and the priority class. Letters, digits and . _ : / @ + - only,
-- starting with a letter or digit; null when the source did not say.
alter table request_sample
    add column consumer text check (consumer ~ '^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$'),
    add column adapter  text check (adapter ~ '^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$'),
    add column priority text check (priority ~ '^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,31}$');

-- The values of a dimension a deployment has counted on its own on one UTC day: at most 500 (the application holds
-- the cap under an advisory lock per deployment, dimension and day). Traffic with further values that day is rolled
-- up under the empty value, "other".
create table dimension_value (
    tenant_id     bigint not null,
    deployment_id bigint not null,
    dimension     text   not null check (dimension in ('consumer', 'adapter', 'priority')),
    day           date   not null,
    value         text   not null check (length(value) between 1 and 128),
    primary key (tenant_id, deployment_id, dimension, day, value)
);

-- Request rollups of one deployment by the value of one dimension, the same columns as request_rollup; value '' is
-- the traffic past the day's cap ("other"). Only requests that carry a value are counted here.
create table dimension_rollup (
    tenant_id             bigint      not null,
    deployment_id         bigint      not null,
    dimension             text        not null check (dimension in ('consumer', 'adapter', 'priority')),
    value                 text        not null check (length(value) <= 128),
    resolution_s          integer     not null check (resolution_s in (60, 1800)),
    bucket                timestamptz not null,
    requests              integer     not null,
    ok_requests           integer     not null,
    input_tokens          bigint      not null,
    output_tokens         bigint      not null,
    ttft                  bytea       not null,
    itl                   bytea       not null,
    e2e                   bytea       not null,
    queue                 bytea,
    error_requests        integer     not null default 0,
    timeout_requests      integer     not null default 0,
    cancelled_requests    integer     not null default 0,
    input_tokens_sketch   bytea,
    output_tokens_sketch  bytea,
    counted_requests      integer     not null default 0,
    counted_output_tokens bigint      not null default 0,
    good_requests         integer     not null default 0,
    good_output_tokens    bigint      not null default 0,
    incomplete_requests   integer     not null default 0,
    ttft_breaches         integer     not null default 0,
    itl_breaches          integer     not null default 0,
    e2e_breaches          integer     not null default 0,
    primary key (tenant_id, deployment_id, dimension, value, resolution_s, bucket)
);

alter table dimension_value enable row level security;
alter table dimension_value force row level security;
create policy tenant_isolation on dimension_value
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table dimension_rollup enable row level security;
alter table dimension_rollup force row level security;
create policy tenant_isolation on dimension_rollup
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, delete on dimension_value to ${app_role};
grant select, insert, update, delete on dimension_rollup to ${app_role};
