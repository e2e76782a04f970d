package dev.inferencemetrics.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

@IntegrationTest
class FlywayMigrationIT {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    JdbcConnectionDetails connectionDetails;

    @Test
    void migrations_build_the_schema_on_an_empty_database() {
        String database = "flyway_empty_" + ProcessHandle.current().pid();
        jdbc.execute("drop database if exists " + database);
        jdbc.execute("create database " + database);
        String url = connectionDetails.getJdbcUrl().replaceFirst("/[^/?]+(\\?|$)", "/" + database + "$1");
        var dataSource = new SingleConnectionDataSource(
                url, connectionDetails.getUsername(), connectionDetails.getPassword(), true);
        try {
            MigrateResult result = Flyway.configure()
                    .dataSource(dataSource)
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();

            assertThat(result.success).isTrue();
            assertThat(result.initialSchemaVersion).isNull();
            assertThat(result.migrationsExecuted).isGreaterThanOrEqualTo(1);
            List<String> tables = new JdbcTemplate(dataSource)
                    .queryForList(
                            "select table_name from information_schema.tables where table_schema = 'public'",
                            String.class);
            assertThat(tables).contains("tenant", "app_user", "deployment", "flyway_schema_history");
        } finally {
            dataSource.destroy();
            jdbc.execute("drop database " + database);
        }
    }

    @Test
    void operators_have_no_tenant_and_tenant_users_have_one() {
        Integer violations = jdbc.queryForObject(
                "select count(*) from app_user where (role = 'OPERATOR') <> (tenant_id is null)", Integer.class);
        assertThat(violations).isZero();
    }
}
