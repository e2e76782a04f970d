-- The role the application connects as: it owns nothing and row-level security applies to it. Migrations run as
-- POSTGRES_USER, which owns the schema.
create role inference_metrics_app login password 'inference_metrics_app'
    nosuperuser nobypassrls nocreatedb nocreaterole;
