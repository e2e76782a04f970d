package dev.inferencemetrics.database;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Refuses to start when the application connects to PostgreSQL as a role that row-level security would not hold:
 * a superuser, a role with BYPASSRLS, or the owner of the tables. Tenant isolation must not rest on the application
 * alone because somebody pointed it at the database with the administrator's credentials.
 */
@Component
class ApplicationRoleCheck implements InitializingBean {

    private static final String PRIVILEGES = """
            select r.rolname, r.rolsuper, r.rolbypassrls,
                   exists (select 1 from pg_class c
                            where c.relowner = r.oid and c.relnamespace = current_schema()::regnamespace) as owns_tables
              from pg_roles r
             where r.rolname = current_user""";

    private final JdbcClient jdbc;

    ApplicationRoleCheck(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void afterPropertiesSet() {
        jdbc.sql(PRIVILEGES).query((RowCallbackHandler) rs -> {
            String problem = rs.getBoolean("rolsuper")
                    ? "is a superuser"
                    : rs.getBoolean("rolbypassrls")
                            ? "has BYPASSRLS"
                            : rs.getBoolean("owns_tables") ? "owns the application's tables" : null;
            if (problem != null) {
                throw new IllegalStateException(("The application connects to PostgreSQL as %s, which %s, so"
                                + " row-level security would not separate tenants. Connect as the unprivileged"
                                + " application role and run migrations as the owner (spring.flyway.user);"
                                + " see the README's Security section.")
                        .formatted(rs.getString("rolname"), problem));
            }
        });
    }
}
