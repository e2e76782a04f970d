-- KV-cache minima and maxima keep the reading as sent: as real, 47.1 came back as 47.099998…, below an
-- interval's average of the same single reading.
alter table kv_rollup
    alter column usage_min type double precision,
    alter column usage_max type double precision;
