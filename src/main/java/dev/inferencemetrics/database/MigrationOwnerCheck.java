package dev.inferencemetrics.database;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;
import org.springframework.stereotype.Component;

/**
 * Before the migrations run, makes sure their owner may create the {@code SECURITY DEFINER} functions that declare
 * {@code app.all_tenants} (version 5): a superuser may; another owner needs PostgreSQL 15 or newer and {@code GRANT
 * SET ON PARAMETER app.all_tenants}. Without it, start-up stops here with the grant to run, instead of midway
 * through the migrations with PostgreSQL's bare "permission denied".
 */
@Component
class MigrationOwnerCheck implements Callback {

    private static final String PRIVILEGES = """
            select r.rolname, r.rolsuper,
                   to_regprocedure('deployment_slug_exists(text)') is not null as migrated,
                   current_setting('server_version_num')::int >= 150000 as grantable
              from pg_roles r
             where r.rolname = current_user""";

    @Override
    public boolean supports(Event event, Context context) {
        return event == Event.BEFORE_MIGRATE;
    }

    @Override
    public boolean canHandleInTransaction(Event event, Context context) {
        return true;
    }

    @Override
    public void handle(Event event, Context context) {
        try (Statement statement = context.getConnection().createStatement();
                ResultSet owner = statement.executeQuery(PRIVILEGES)) {
            if (!owner.next() || owner.getBoolean("rolsuper") || owner.getBoolean("migrated")) {
                return;
            }
            if (!owner.getBoolean("grantable")) {
                throw new FlywayException("The migrations need a superuser owner on PostgreSQL older than 15;"
                        + " use PostgreSQL 15 or newer with the README's database roles.");
            }
            if (!maySetAllTenants(context.getConnection())) {
                throw new FlywayException("The schema owner may not set app.all_tenants in a function. As an"
                        + " administrator, run: grant set on parameter app.all_tenants to "
                        + owner.getString("rolname") + "; (README, Security: Database roles for production)");
            }
        } catch (SQLException e) {
            throw new FlywayException("Could not read the schema owner's privileges", e);
        }
    }

    private static boolean maySetAllTenants(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet privilege =
                        statement.executeQuery("select has_parameter_privilege('app.all_tenants', 'SET')")) {
            return privilege.next() && privilege.getBoolean(1);
        }
    }

    @Override
    public String getCallbackName() {
        return "migration owner check";
    }
}
