-- The share of a window's requests that may end other than ok (error, timeout, cancelled) before the deployment's
-- SLO state turns "breached": a percentage, 1 % unless set otherwise.
alter table deployment
    add column slo_error_rate_pct numeric(6, 3) not null default 1
        check (slo_error_rate_pct > 0 and slo_error_rate_pct <= 100);
