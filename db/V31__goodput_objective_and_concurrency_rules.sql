-- Goodput as an objective: "target % of the requests judged against the deployment's goodput SLO were good". Like
-- availability it takes no threshold: the goodput SLO's thresholds say what good is.
alter table slo_objective drop constraint slo_objective_kind_check;
alter table slo_objective add constraint slo_objective_kind_check
    check (kind in ('TTFT', 'ITL', 'E2E', 'AVAILABILITY', 'GOODPUT'));
alter table slo_objective drop constraint slo_objective_check;
alter table slo_objective add constraint slo_objective_check
    check ((kind in ('AVAILABILITY', 'GOODPUT')) = (threshold_ms is null));

alter table alert_rule drop constraint alert_rule_objective_check;
alter table alert_rule add constraint alert_rule_objective_check
    check (objective in ('TTFT', 'ITL', 'E2E', 'AVAILABILITY', 'GOODPUT'));

-- kind CONCURRENCY_MEAN: value = the mean requests in flight over the long window as a percentage of the
-- deployment's scaling point (75 % of the knee of its TTFT tail); no value while no knee is found.
alter table alert_rule drop constraint alert_rule_kind_check;
alter table alert_rule add constraint alert_rule_kind_check
    check (kind in ('BURN_RATE', 'KV_MEAN', 'WAITING_MEAN', 'CONCURRENCY_MEAN'));
