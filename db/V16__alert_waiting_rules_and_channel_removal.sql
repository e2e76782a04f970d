-- Threshold rules on the requests waiting that engines' /metrics report (scraped into engine_gauge_rollup), beside
-- the KV-cache ones: kind WAITING_MEAN, value = the mean reading per replica over the long window.
alter table alert_rule drop constraint alert_rule_kind_check;
alter table alert_rule add constraint alert_rule_kind_check check (kind in ('BURN_RATE', 'KV_MEAN', 'WAITING_MEAN'));

-- A removed channel hears of no alert and is listed nowhere; the row stays so its deliveries keep their history.
alter table notification_channel add column removed_at timestamptz;
