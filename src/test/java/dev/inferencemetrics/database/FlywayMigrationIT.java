package dev.inferencemetrics.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.FreshDatabase;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.util.List;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;

@IntegrationTest
class FlywayMigrationIT {

    @Autowired
    OwnerJdbc owner;

    @Autowired
    FlywayConnectionDetails ownerConnection;

    @Test
    void migrations_build_the_schema_on_an_empty_database() {
        try (FreshDatabase database = FreshDatabase.create(owner, ownerConnection, "flyway_empty")) {
            MigrateResult result = database.flyway("latest").migrate();

            assertThat(result.success).isTrue();
            assertThat(result.initialSchemaVersion).isNull();
            assertThat(result.migrationsExecuted).isGreaterThanOrEqualTo(1);
            List<String> tables = database.jdbc()
                    .queryForList(
                            "select table_name from information_schema.tables where table_schema = 'public'",
                            String.class);
            assertThat(tables).contains("tenant", "app_user", "deployment", "flyway_schema_history");
        }
    }

    @Test
    void operators_have_no_tenant_and_tenant_users_have_one() {
        Integer violations = owner.jdbc()
                .queryForObject(
                        "select count(*) from app_user where (role = 'OPERATOR') <> (tenant_id is null)",
                        Integer.class);
        assertThat(violations).isZero();
    }
}
