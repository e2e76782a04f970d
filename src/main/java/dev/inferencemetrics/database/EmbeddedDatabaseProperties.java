package dev.inferencemetrics.database;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the embedded PostgreSQL keeps its data when no database URL is configured.
 *
 * @param dataDirectory the PostgreSQL data directory; created on first start and reused afterwards
 */
@ConfigurationProperties("inference-metrics.embedded-database")
public record EmbeddedDatabaseProperties(Path dataDirectory) {

    public EmbeddedDatabaseProperties {
        if (dataDirectory == null) {
            dataDirectory = Path.of("data");
        }
    }
}
