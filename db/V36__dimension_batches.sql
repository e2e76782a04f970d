-- The ingest batches whose samples name a consumer, adapter or priority and are not yet counted in dimension_rollup.
-- An ingest batch stores one row here and tags its samples with the row's id, in its own transaction; a background
-- fold takes many rows at once, reads their samples back, adds their rollups to dimension_rollup and deletes the rows,
-- in one transaction. A row carries what counting its samples needs beyond the samples: where they lie in time, and
-- the goodput thresholds the batch counted the deployment's own rollups with.
alter table request_sample add column dimension_batch bigint;

-- V29's checks of the three values, said in a form PostgreSQL's regular expressions match about ten times as fast: a
-- bounded repetition such as {0,127} costs some 10 µs a value, which made a sample naming all three values cost about
-- three times as much to store as one naming none. The same strings pass (each character is one of the class, so the
-- length bounds the repetition); every stored row met the old checks, so the new ones are not validated again, which
-- would read every retained sample under the migration's lock.
alter table request_sample
    drop constraint request_sample_consumer_check,
    drop constraint request_sample_adapter_check,
    drop constraint request_sample_priority_check;
alter table request_sample
    add constraint request_sample_consumer_check
        check (consumer ~ '^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$' and length(consumer) <= 128) not valid,
    add constraint request_sample_adapter_check
        check (adapter ~ '^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$' and length(adapter) <= 128) not valid,
    add constraint request_sample_priority_check
        check (priority ~ '^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$' and length(priority) <= 32) not valid;

create table dimension_batch (
    tenant_id       bigint           not null,
    id              bigint           generated always as identity,
    deployment_id   bigint           not null,
    first_ts        timestamptz      not null,
    last_ts         timestamptz      not null check (last_ts >= first_ts),
    goodput_ttft_ms double precision,
    goodput_tpot_ms double precision,
    goodput_e2el_ms double precision,
    primary key (tenant_id, id)
);

alter table dimension_batch enable row level security;
alter table dimension_batch force row level security;
create policy tenant_isolation on dimension_batch
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

-- update: a fold locks the rows it takes (select … for update skip locked) before it deletes them
grant select, insert, update, delete on dimension_batch to ${app_role};

-- As V22's, but a sample of a batch still waiting for the fold stays until the fold has counted it.
create or replace function delete_raw_samples_past_deployment_retention()
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
               and s.ts < now() - make_interval(hours => d.raw_retention_hours)
               and not exists (select 1 from public.dimension_batch b
                                where b.tenant_id = s.tenant_id and b.id = s.dimension_batch);
            get diagnostics n = row_count;
            deployment_id := d.id;
            removed := n;
            return next;
        end loop;
end
$$;
