-- Tenants, the people who sign in, and the model deployments they watch.
-- tenant_id sits on every tenant-owned table so the data can later be sharded by tenant.

create table tenant (
    id         bigint generated always as identity primary key,
    slug       text        not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
    name       text        not null check (length(name) between 1 and 200),
    created_at timestamptz not null default now()
);

create table app_user (
    id            bigint generated always as identity primary key,
    tenant_id     bigint references tenant (id),
    username      text        not null unique check (length(username) between 1 and 100),
    display_name  text        not null check (length(display_name) between 1 and 200),
    password_hash text        not null,
    role          text        not null check (role in ('OPERATOR', 'TENANT_ADMIN', 'TENANT_VIEWER')),
    enabled       boolean     not null default true,
    created_at    timestamptz not null default now(),
    -- operators belong to no tenant; everybody else belongs to exactly one
    constraint app_user_tenant_matches_role check ((role = 'OPERATOR') = (tenant_id is null))
);

create index app_user_tenant_idx on app_user (tenant_id);

create table deployment (
    id                    bigint generated always as identity primary key,
    tenant_id             bigint        not null references tenant (id),
    slug                  text          not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
    display_name          text          not null check (length(display_name) between 1 and 200),
    model                 text          not null check (length(model) between 1 and 200),
    engine                text          not null check (length(engine) between 1 and 50),
    region                text          not null check (length(region) between 1 and 50),
    created_at            timestamptz   not null default now(),
    slo_ttft_p95_ms       numeric(12, 3) not null default 500 check (slo_ttft_p95_ms > 0),
    slo_itl_p95_ms        numeric(12, 3) not null default 250 check (slo_itl_p95_ms > 0),
    price_input_per_mtok  numeric(18, 6) not null default 0 check (price_input_per_mtok >= 0),
    price_output_per_mtok numeric(18, 6) not null default 0 check (price_output_per_mtok >= 0),
    currency              text          not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
    unique (tenant_id, id)
);

create index deployment_tenant_idx on deployment (tenant_id);
