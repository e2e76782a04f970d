-- Price history for token-metered billing, and the time zone in which each tenant's billing days run.

-- A deployment's prices per million tokens from effective_from on, until the next row of the same deployment.
-- Usage is priced per half-hour rollup, so a price takes effect at the start of a half hour (UTC); every
-- half-hour of usage is then priced entirely at one price.
create table deployment_price (
    tenant_id             bigint         not null,
    deployment_id         bigint         not null,
    effective_from        timestamptz    not null check (extract(epoch from effective_from) % 1800 = 0),
    price_input_per_mtok  numeric(18, 6) not null check (price_input_per_mtok >= 0),
    price_output_per_mtok numeric(18, 6) not null check (price_output_per_mtok >= 0),
    currency              text           not null check (currency ~ '^[A-Z]{3}$'),
    created_at            timestamptz    not null default now(),
    primary key (tenant_id, deployment_id, effective_from),
    foreign key (tenant_id, deployment_id) references deployment (tenant_id, id)
);

-- Every deployment is priced from the start: existing ones at their current prices, new ones at the prices they
-- are created with, whoever inserts them. Later changes are added as rows with a later effective_from.
insert into deployment_price (tenant_id, deployment_id, effective_from, price_input_per_mtok, price_output_per_mtok,
                              currency)
select tenant_id, id, timestamptz '1970-01-01 00:00:00+00', price_input_per_mtok, price_output_per_mtok, currency
  from deployment;

create function deployment_initial_price() returns trigger
    language plpgsql as
$$
begin
    insert into deployment_price (tenant_id, deployment_id, effective_from, price_input_per_mtok,
                                  price_output_per_mtok, currency)
    values (new.tenant_id, new.id, timestamptz '1970-01-01 00:00:00+00', new.price_input_per_mtok,
            new.price_output_per_mtok, new.currency);
    return null;
end
$$;

create trigger deployment_initial_price
    after insert on deployment
    for each row execute function deployment_initial_price();

-- The IANA time zone whose calendar days a tenant's usage is summed by; no row means UTC. Only zones whose UTC
-- offset is a whole number of half hours qualify, as days are assembled from half-hour rollups.
create table tenant_billing (
    tenant_id bigint primary key references tenant (id),
    time_zone text   not null check (length(time_zone) between 1 and 64)
);
