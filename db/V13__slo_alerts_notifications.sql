-- Service-level objectives, alert rules, alerts (their state and history), silences, notification channels and
-- deliveries, and a lease that lets one application instance at a time run a scheduled job.

-- API keys may carry the new scope that changes rules, silences and channels.
alter table api_key drop constraint api_key_scopes_check;
alter table api_key add constraint api_key_scopes_check
    check (scopes <@ array ['ingest', 'metrics:read', 'usage:read', 'sources:write', 'alerts:write']::text[]);

-- An objective overrides the default a deployment gets from its p95 thresholds; a missing row means the default.
-- kind: TTFT, ITL, E2E (threshold_ms set) or AVAILABILITY (threshold_ms null: good means status ok).
create table slo_objective (
    tenant_id     bigint         not null,
    deployment_id bigint         not null,
    kind          text           not null check (kind in ('TTFT', 'ITL', 'E2E', 'AVAILABILITY')),
    target_pct    numeric(7, 4)  not null check (target_pct > 0 and target_pct < 100),
    threshold_ms  numeric(12, 3) check (threshold_ms > 0),
    enabled       boolean        not null default true,
    primary key (tenant_id, deployment_id, kind),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id),
    check ((kind = 'AVAILABILITY') = (threshold_ms is null))
);

-- kind BURN_RATE: value = the lower of the burn rates over the long and the short window of the objective;
-- kind KV_MEAN: value = the time-weighted mean KV-cache use (%) over the long window.
-- Fires once the value has been at least threshold for for_s seconds; resolves when it falls below clear_below.
create table alert_rule (
    id             bigint generated always as identity,
    tenant_id      bigint           not null,
    deployment_id  bigint           not null,
    name           text             not null check (length(name) between 1 and 80),
    kind           text             not null check (kind in ('BURN_RATE', 'KV_MEAN')),
    objective      text check (objective in ('TTFT', 'ITL', 'E2E', 'AVAILABILITY')),
    severity       text             not null check (severity in ('PAGE', 'TICKET')),
    threshold      double precision not null check (threshold > 0),
    clear_below    double precision not null check (clear_below > 0 and clear_below <= threshold),
    long_window_s  integer          not null check (long_window_s between 60 and 2419200),
    short_window_s integer check (short_window_s between 60 and 2419200 and short_window_s <= long_window_s),
    for_s          integer          not null default 0 check (for_s between 0 and 86400),
    enabled        boolean          not null default true,
    primary key (tenant_id, id),
    unique (tenant_id, deployment_id, name),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id),
    check ((kind = 'BURN_RATE') = (objective is not null and short_window_s is not null))
);

-- One row per alert: PENDING while the condition holds but not yet for long enough, FIRING, then RESOLVED.
-- At most one open (PENDING or FIRING) alert per rule, whatever instance evaluates.
create table alert (
    id              bigint generated always as identity,
    tenant_id       bigint           not null,
    deployment_id   bigint           not null,
    rule_id         bigint           not null,
    state           text             not null check (state in ('PENDING', 'FIRING', 'RESOLVED')),
    pending_since   timestamptz      not null,
    fired_at        timestamptz,
    resolved_at     timestamptz,
    value           double precision not null,
    peak_value      double precision not null,
    silenced        boolean          not null default false,
    acknowledged_by text check (length(acknowledged_by) <= 120),
    acknowledged_at timestamptz,
    primary key (tenant_id, id),
    foreign key (tenant_id, rule_id) references alert_rule (tenant_id, id)
);

create unique index alert_open_per_rule on alert (tenant_id, rule_id) where state <> 'RESOLVED';
create index alert_deployment_time_idx on alert (tenant_id, deployment_id, pending_since desc);
create index alert_time_idx on alert (pending_since desc);

-- A silence holds back notifications of a deployment's alerts (of one rule, or all) until it ends.
create table alert_silence (
    id            bigint generated always as identity,
    tenant_id     bigint      not null,
    deployment_id bigint      not null,
    rule_id       bigint,
    ends_at       timestamptz not null,
    reason        text        not null check (length(reason) between 1 and 500),
    created_by    text        not null check (length(created_by) between 1 and 120),
    created_at    timestamptz not null,
    primary key (tenant_id, id),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id),
    foreign key (tenant_id, rule_id) references alert_rule (tenant_id, id)
);

-- A channel of one tenant, or (tenant_id null) a global one that operators set up for every tenant's alerts;
-- global channels are visible only to transactions that declare all tenants.
create table notification_channel (
    id         bigint generated always as identity primary key,
    tenant_id  bigint references tenant (id),
    name       text        not null check (length(name) between 1 and 80),
    kind       text        not null check (kind in ('WEBHOOK', 'SLACK', 'EMAIL')),
    target     text        not null check (length(target) between 3 and 2000),
    -- an operator's explicit leave to reach a private, loopback or link-local address (refused otherwise)
    allow_private_address boolean not null default false,
    enabled    boolean     not null default true,
    created_at timestamptz not null
);

create index notification_channel_tenant_idx on notification_channel (tenant_id);

-- One row per message to send: an alert's FIRING or RESOLVED message to one channel, written with the state change
-- it announces, so it is sent once whatever instance (or restart) picks it up.
create table notification_delivery (
    id              bigint generated always as identity,
    tenant_id       bigint      not null,
    alert_id        bigint      not null,
    channel_id      bigint      not null references notification_channel (id),
    event           text        not null check (event in ('FIRING', 'RESOLVED')),
    payload         text        not null,
    created_at      timestamptz not null,
    attempts        integer     not null default 0,
    next_attempt_at timestamptz not null,
    delivered_at    timestamptz,
    abandoned_at    timestamptz,
    last_error      text check (length(last_error) <= 1000),
    primary key (tenant_id, id),
    unique (tenant_id, alert_id, channel_id, event),
    foreign key (tenant_id, alert_id) references alert (tenant_id, id)
);

create index notification_delivery_due_idx on notification_delivery (next_attempt_at)
    where delivered_at is null and abandoned_at is null;

-- Which instance runs a named scheduled job until when; belongs to no tenant.
create table scheduler_lease (
    name       text primary key check (length(name) between 1 and 80),
    holder     text        not null check (length(holder) between 1 and 200),
    expires_at timestamptz not null
);

alter table slo_objective enable row level security;
alter table slo_objective force row level security;
create policy tenant_isolation on slo_objective
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table alert_rule enable row level security;
alter table alert_rule force row level security;
create policy tenant_isolation on alert_rule
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table alert enable row level security;
alter table alert force row level security;
create policy tenant_isolation on alert
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table alert_silence enable row level security;
alter table alert_silence force row level security;
create policy tenant_isolation on alert_silence
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table notification_channel enable row level security;
alter table notification_channel force row level security;
create policy tenant_isolation on notification_channel
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

alter table notification_delivery enable row level security;
alter table notification_delivery force row level security;
create policy tenant_isolation on notification_delivery
    using (tenant_id = (select app_tenant_id()) or (select app_all_tenants()));

grant select, insert, update, delete on slo_objective to ${app_role};
grant select, insert, update on alert_rule, alert_silence, notification_channel, notification_delivery
    to ${app_role};
-- a pending alert whose condition stops holding before it fires is dropped, never heard of
grant select, insert, update, delete on alert to ${app_role};
grant select, insert, update on scheduler_lease to ${app_role};
