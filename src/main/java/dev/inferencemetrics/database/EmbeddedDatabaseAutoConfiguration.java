package dev.inferencemetrics.database;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * With no database URL and no other connection details, the application runs on an embedded PostgreSQL whose data
 * lives on disk, so that one command starts a working dashboard and a restart keeps everything.
 */
@AutoConfiguration(before = DataSourceAutoConfiguration.class)
@Conditional(NoDatabaseUrlConfigured.class)
@ConditionalOnMissingBean(JdbcConnectionDetails.class)
@EnableConfigurationProperties(EmbeddedDatabaseProperties.class)
public class EmbeddedDatabaseAutoConfiguration {

    @Bean(destroyMethod = "close")
    EmbeddedPostgresServer embeddedPostgresServer(EmbeddedDatabaseProperties properties) {
        return EmbeddedPostgresServer.start(properties.dataDirectory(), EmbeddedPostgresServer.Durability.DURABLE);
    }

    /** The application connects as an unprivileged role, so row-level security applies to everything it does. */
    @Bean
    JdbcConnectionDetails embeddedPostgresConnectionDetails(
            EmbeddedPostgresServer server,
            @Value("${spring.flyway.placeholders.app_role:" + ApplicationRole.DEFAULT_NAME + "}")
                    String applicationRole) {
        return new EmbeddedPostgresConnectionDetails(server, server.ensureApplicationRole(applicationRole));
    }

    /** Migrations run as the superuser, who owns the schema. */
    @Bean
    FlywayConnectionDetails embeddedPostgresOwnerConnectionDetails(EmbeddedPostgresServer server) {
        return new EmbeddedPostgresOwnerConnectionDetails(server);
    }
}
