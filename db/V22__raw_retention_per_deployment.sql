-- "Rollups only" for high-volume deployments: their raw request samples are kept this many hours instead of the
-- global raw retention (whichever is shorter wins). Null: the global retention. Rollups are kept as for every
-- deployment, so charts, cards, usage and alerts are unchanged; what goes is the drill-down to requests and the
-- recognition of a resend once its first copy is gone.
alter table deployment
    add column raw_retention_hours integer check (raw_retention_hours between 1 and 8760);

-- The application role may not delete raw samples (they are append-only for it; whole days go with their partitions).
-- This function, owned by the schema owner, removes just what is past each deployment's own hours, computed here from
-- the stored setting and the database's clock, so no caller can widen what it removes.
create function delete_raw_samples_past_deployment_retention()
    returns table (deployment_id bigint, removed bigint)
    language plpgsql security definer
    set search_path = pg_catalog, pg_temp
as
$$
declare
    d record;
    n bigint;
begin
    for d in select dep.tenant_id, dep.id, dep.raw_retention_hours
               from public.deployment dep
              where dep.raw_retention_hours is not null
        loop
            delete from public.request_sample s
             where s.tenant_id = d.tenant_id and s.deployment_id = d.id
               and s.ts < now() - make_interval(hours => d.raw_retention_hours);
            get diagnostics n = row_count;
            deployment_id := d.id;
            removed := n;
            return next;
        end loop;
end
$$;

revoke execute on function delete_raw_samples_past_deployment_retention() from public;
grant execute on function delete_raw_samples_past_deployment_retention() to ${app_role};
