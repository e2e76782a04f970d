package dev.inferencemetrics.testing;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * SQL as the schema owner (a superuser on test databases), which row-level security does not restrict: for tests
 * that check what is stored across tenants, or set up rows no application path writes.
 */
public record OwnerJdbc(JdbcTemplate jdbc) {}
