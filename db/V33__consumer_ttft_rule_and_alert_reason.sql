-- kind CONSUMER_TTFT: value = the requests over the last hour of the busiest consumer whose share of ok requests
-- within the TTFT objective's threshold is below the objective's target; the threshold is the least number of
-- requests a consumer must have for its breach to count. Like KV and waiting rules it has no objective column.
alter table alert_rule drop constraint alert_rule_kind_check;
alter table alert_rule add constraint alert_rule_kind_check
    check (kind in ('BURN_RATE', 'KV_MEAN', 'WAITING_MEAN', 'CONCURRENCY_MEAN', 'CONSUMER_TTFT'));

-- Why an alert's value is what it is, where its rule says more than the value (the consumers it names), as of its
-- last evaluation while open.
alter table alert add column reason text check (length(reason) <= 2000);
