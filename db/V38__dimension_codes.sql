-- Each deployment's values of a dimension as small codes, which its raw samples store in place of the text: three
-- smallints make a sample naming a consumer, adapter and priority about a third narrower, and PostgreSQL stores it
-- nearly as fast as one naming none. Codes run from 1 up to 32767 per deployment and dimension (the application
-- admits new values under an advisory lock per deployment and dimension) and are never reused or changed; a value
-- past the last code, and every value stored before this migration, stays in the sample's text column.
create table dimension_code (
    tenant_id     bigint   not null,
    deployment_id bigint   not null,
    dimension     text     not null check (dimension in ('consumer', 'adapter', 'priority')),
    code          smallint not null check (code > 0),
    value         text     not null check (length(value) between 1 and 128),
    primary key (tenant_id, deployment_id, dimension, code),
    unique (tenant_id, deployment_id, dimension, value)
);

alter table dimension_code enable row level security;
alter table dimension_code force row level security;
create policy tenant_isolation on dimension_code
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

-- no update or delete: a code once given names its value for as long as samples carry it
grant select, insert on dimension_code to ${app_role};

-- A sample's value of each dimension by its code, or null (then the text column holds it, or it has none).
alter table request_sample
    add column consumer_code smallint,
    add column adapter_code  smallint,
    add column priority_code smallint;
