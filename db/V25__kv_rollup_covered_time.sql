-- The KV-cache mean weighs each reading by the time it covers (until the replica's next reading, at most 15 s),
-- so a bucket keeps the seconds its readings cover and their usage × seconds. Buckets written before this weigh as
-- they did: each one a whole bucket at its average reading.
alter table kv_rollup
    add column covered_s      double precision not null default 0,
    add column usage_time_sum double precision not null default 0;

update kv_rollup
   set covered_s = resolution_s,
       usage_time_sum = usage_sum / samples * resolution_s
 where samples > 0;
