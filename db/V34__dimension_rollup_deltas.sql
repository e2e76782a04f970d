-- The dimension rollup deltas of ingest batches that are not yet folded into dimension_rollup. An ingest batch appends
-- its deltas here in its own transaction, reading and locking no stored row; a background fold merges them into
-- dimension_rollup and deletes them in one transaction. Readers read dimension_rollup_live, which holds both, so every
-- answer counts each request exactly once whether or not its delta has been folded yet.
create table dimension_rollup_delta (like dimension_rollup including defaults including constraints);
alter table dimension_rollup_delta
    add column id bigint generated always as identity,
    add primary key (tenant_id, id);

create index dimension_rollup_delta_key
    on dimension_rollup_delta (tenant_id, deployment_id, dimension, value, resolution_s, bucket);

alter table dimension_rollup_delta enable row level security;
alter table dimension_rollup_delta force row level security;
create policy tenant_isolation on dimension_rollup_delta
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

-- update: a fold locks the deltas it takes (select … for update skip locked) before it deletes them
grant select, insert, update, delete on dimension_rollup_delta to ${app_role};

-- Several rows may hold one key (the folded row and deltas); readers add them up. The view runs with the reader's
-- rights, so row-level security applies to both tables.
create view dimension_rollup_live with (security_invoker = true) as
    select * from dimension_rollup
    union all
    select tenant_id, deployment_id, dimension, value, resolution_s, bucket, requests, ok_requests, input_tokens,
           output_tokens, ttft, itl, e2e, queue, error_requests, timeout_requests, cancelled_requests,
           input_tokens_sketch, output_tokens_sketch, counted_requests, counted_output_tokens, good_requests,
           good_output_tokens, incomplete_requests, ttft_breaches, itl_breaches, e2e_breaches
      from dimension_rollup_delta;

grant select on dimension_rollup_live to ${app_role};
