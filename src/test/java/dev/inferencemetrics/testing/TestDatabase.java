package dev.inferencemetrics.testing;

import dev.inferencemetrics.database.EmbeddedPostgresConnectionDetails;
import dev.inferencemetrics.database.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** The one way integration tests get a real PostgreSQL; see {@link TestDatabaseSource} for the order. */
@TestConfiguration(proxyBeanMethods = false)
public class TestDatabase {

    private static final TestDatabaseSource SOURCE = TestDatabaseSource.choose(dockerAvailable(), System.getenv());

    public static TestDatabaseSource source() {
        return SOURCE;
    }

    @Bean
    @ServiceConnection
    @Conditional(UsesDocker.class)
    PostgreSQLContainer postgresContainer() {
        return new PostgreSQLContainer("postgres:17");
    }

    @Bean
    @Conditional(UsesNoDocker.class)
    JdbcConnectionDetails testDatabaseConnectionDetails() {
        return switch (SOURCE) {
            case TestDatabaseSource.GivenUrl given -> new GivenUrlConnectionDetails(given);
            case TestDatabaseSource.Embedded embedded -> new EmbeddedPostgresConnectionDetails(SharedEmbedded.SERVER);
            case TestDatabaseSource.DockerContainer docker -> throw new IllegalStateException("Docker is in use");
        };
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** One embedded server for the whole test JVM, in a fresh directory; it stops when the JVM exits. */
    private static final class SharedEmbedded {
        static final EmbeddedPostgresServer SERVER = start();

        private static EmbeddedPostgresServer start() {
            try {
                return EmbeddedPostgresServer.start(Files.createTempDirectory("inference-metrics-test-pg"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private record GivenUrlConnectionDetails(TestDatabaseSource.GivenUrl given) implements JdbcConnectionDetails {
        @Override
        public String getUsername() {
            return given.username();
        }

        @Override
        public String getPassword() {
            return given.password();
        }

        @Override
        public String getJdbcUrl() {
            return given.url();
        }
    }

    static final class UsesDocker implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return SOURCE instanceof TestDatabaseSource.DockerContainer;
        }
    }

    static final class UsesNoDocker implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !(SOURCE instanceof TestDatabaseSource.DockerContainer);
        }
    }
}
