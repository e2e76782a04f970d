-- Row-level security on every tenant-owned table. The application connects as ${app_role}, a role that owns no
-- table and bypasses nothing; these migrations run as the owner. Each transaction of the application first declares
-- whose rows it works on, with set_config(..., true) so the declaration ends with the transaction:
--   app.tenant_id   = '<id>'  one tenant's rows;
--   app.all_tenants = 'on'    every tenant's rows: operators (audited by the application) and system jobs.
-- A transaction that declares nothing sees no rows and can write none.

create function app_tenant_id() returns bigint
    language sql stable parallel safe as
$$ select nullif(current_setting('app.tenant_id', true), '')::bigint $$;

create function app_all_tenants() returns boolean
    language sql stable parallel safe as
$$ select coalesce(current_setting('app.all_tenants', true), '') = 'on' $$;

-- The sub-selects make PostgreSQL evaluate the settings once a statement instead of once a row.
alter table tenant enable row level security;
alter table tenant force row level security;
create policy tenant_isolation on tenant
    using (id = (select app_tenant_id()) or (select app_all_tenants()));

alter table app_user enable row level security;
alter table app_user force row level security;
create policy tenant_isolation on app_user
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table deployment enable row level security;
alter table deployment force row level security;
create policy tenant_isolation on deployment
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table api_key enable row level security;
alter table api_key force row level security;
create policy tenant_isolation on api_key
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table request_sample enable row level security;
alter table request_sample force row level security;
create policy tenant_isolation on request_sample
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table kv_sample enable row level security;
alter table kv_sample force row level security;
create policy tenant_isolation on kv_sample
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table request_rollup enable row level security;
alter table request_rollup force row level security;
create policy tenant_isolation on request_rollup
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table kv_rollup enable row level security;
alter table kv_rollup force row level security;
create policy tenant_isolation on kv_rollup
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table deployment_price enable row level security;
alter table deployment_price force row level security;
create policy tenant_isolation on deployment_price
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table tenant_billing enable row level security;
alter table tenant_billing force row level security;
create policy tenant_isolation on tenant_billing
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

-- Whether a deployment slug exists in any tenant, without showing its row: the API answers 403 for another
-- tenant's deployment and 404 for none (slugs are unique across tenants, so this tells nothing new).
create function deployment_slug_exists(p_slug text) returns boolean
    language sql stable security definer
    set search_path = pg_catalog, pg_temp
    set app.all_tenants = 'on'
as
$$ select exists (select 1 from public.deployment where slug = p_slug) $$;

-- Whether a username is taken in any tenant: usernames are unique across tenants, and a tenant admin creating a
-- user must hear "taken" rather than meet a constraint violation on a row it cannot see.
create function username_taken(p_username text) returns boolean
    language sql stable security definer
    set search_path = pg_catalog, pg_temp
    set app.all_tenants = 'on'
as
$$ select exists (select 1 from public.app_user where lower(username) = lower(p_username)) $$;

-- Raw-sample partitions are created and dropped by the application's hourly maintenance; only the owner may do
-- DDL, so these two functions do it on its behalf and nothing else.
create function create_sample_partitions(p_first date, p_last date) returns void
    language plpgsql security definer
    set search_path = pg_catalog, pg_temp
as
$$
declare
    parent text;
    day    date;
begin
    foreach parent in array array ['request_sample', 'kv_sample']
        loop
            day := p_first;
            while day <= p_last
                loop
                    execute format('create table if not exists public.%I partition of public.%I for values from (%L) to (%L)',
                                   parent || '_p' || to_char(day, 'YYYYMMDD'), parent, day, day + 1);
                    day := day + 1;
                end loop;
        end loop;
end
$$;

create function drop_sample_partitions_before(p_oldest_kept date) returns setof text
    language plpgsql security definer
    set search_path = pg_catalog, pg_temp
as
$$
declare
    partition text;
begin
    for partition in
        select c.relname
          from pg_inherits i
               join pg_class c on c.oid = i.inhrelid
         where i.inhparent in ('public.request_sample'::regclass, 'public.kv_sample'::regclass)
           and c.relname ~ '_p[0-9]{8}$'
           and right(c.relname, 8) < to_char(p_oldest_kept, 'YYYYMMDD')
         order by c.relname
        loop
            execute format('drop table public.%I', partition);
            return next partition;
        end loop;
end
$$;

revoke execute on function deployment_slug_exists(text) from public;
revoke execute on function username_taken(text) from public;
revoke execute on function create_sample_partitions(date, date) from public;
revoke execute on function drop_sample_partitions_before(date) from public;

-- What the application role may do: no DDL, no TRUNCATE, no access to partitions except through their parents.
grant usage on schema public to ${app_role};
grant select, insert, update on tenant, app_user, deployment, api_key to ${app_role};
grant select, insert on request_sample, kv_sample to ${app_role};
grant select, insert, update, delete on request_rollup, kv_rollup, deployment_price, tenant_billing to ${app_role};
grant execute on function app_tenant_id(), app_all_tenants() to ${app_role};
grant execute on function deployment_slug_exists(text) to ${app_role};
grant execute on function username_taken(text) to ${app_role};
grant execute on function create_sample_partitions(date, date) to ${app_role};
grant execute on function drop_sample_partitions_before(date) to ${app_role};
