-- Security-relevant events, for operators to browse. The application role may add and read entries, never change
-- or remove them. An entry about one tenant carries its id and is visible in that tenant's scope; entries about no
-- tenant (an operator's sign-in, a failed sign-in of an unknown name) only to transactions declaring all tenants.
create table audit_event (
    id             bigint generated always as identity primary key,
    occurred_at    timestamptz not null,
    kind           text        not null check (kind ~ '^[A-Z_]{1,50}$'),
    tenant_id      bigint references tenant (id),
    actor          text        not null check (length(actor) between 1 and 120),
    client_address text check (length(client_address) <= 64),
    detail         text        not null check (length(detail) <= 1000)
);

create index audit_event_time_idx on audit_event (occurred_at desc, id desc);
create index audit_event_tenant_time_idx on audit_event (tenant_id, occurred_at desc);

alter table audit_event enable row level security;
alter table audit_event force row level security;
create policy tenant_isolation on audit_event
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert on audit_event to ${app_role};
