-- Operators archive tenants and deployments instead of deleting them: the history stays for usage and billing,
-- while an archived deployment (or any deployment of an archived tenant) is hidden by default and takes no samples.
-- null means active; restoring sets it back to null.

alter table tenant add column archived_at timestamptz;

alter table deployment add column archived_at timestamptz;
