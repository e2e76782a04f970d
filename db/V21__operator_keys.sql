-- Operator API keys: a key of scope admin lets automation provision tenants and deployments. It belongs to no
-- tenant but to the operator who created it, and works only while that operator is enabled. Tenant keys never
-- carry admin.
alter table api_key alter column tenant_id drop not null;
alter table api_key add column operator_id bigint references app_user (id);
alter table api_key drop constraint api_key_scopes_check;
alter table api_key add constraint api_key_scopes_check
    check (scopes <@ array ['ingest', 'metrics:read', 'usage:read', 'sources:write', 'alerts:write', 'admin']::text[]);
alter table api_key add constraint api_key_owner_check check (
    (tenant_id is null and operator_id is not null and scopes = array ['admin']::text[])
        or (tenant_id is not null and operator_id is null and not ('admin' = any (scopes))));
create index api_key_operator_idx on api_key (operator_id) where operator_id is not null;
