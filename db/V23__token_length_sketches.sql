-- The distributions of input and output token counts of a bucket's ok requests, as sketches beside the latency
-- ones, so a heatmap shows prompt and completion lengths per interval. Rollups written before this migration (and
-- buckets without an ok request) have none: null reads as empty.
alter table request_rollup add column input_tokens_sketch bytea;
alter table request_rollup add column output_tokens_sketch bytea;
