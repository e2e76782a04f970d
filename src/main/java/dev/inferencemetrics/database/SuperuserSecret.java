package dev.inferencemetrics.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The embedded PostgreSQL's superuser password: generated on first start, kept in the data directory readable by its
 * owner only (mode 600), and the only way in from the cluster's creation on — {@code initdb} sets it and asks every
 * connection for it (SCRAM), and {@code pg_hba.conf} is rewritten at every start to allow only local connections and
 * TCP from this machine, with the password.
 */
record SuperuserSecret(Path file, String password) {

    static final String FILE_NAME = "superuser-password";
    private static final String HBA = """
            # Written by Inference Metrics at every start: a password (SCRAM) for every connection, none from afar.
            local all all scram-sha-256
            host all all 127.0.0.1/32 scram-sha-256
            host all all ::1/128 scram-sha-256
            """;

    /** The data directory's secret, or a new one (written once the server has created the directory). */
    static SuperuserSecret of(Path dataDirectory) throws IOException {
        Path file = dataDirectory.resolve(FILE_NAME);
        String password = Files.exists(file)
                ? Files.readString(file, StandardCharsets.US_ASCII).strip()
                : ApplicationRole.withRandomPassword("postgres").password();
        return new SuperuserSecret(file, password);
    }

    /**
     * The password in a file of its own for {@code initdb --pwfile}, readable by its owner only; outside the data
     * directory, which initdb wants empty. The caller deletes it once the server has started.
     */
    Path initdbPasswordFile() throws IOException {
        Path file = Files.createTempFile(
                "inference-metrics-initdb-",
                "",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, password + "\n", StandardCharsets.US_ASCII);
        return file;
    }

    /**
     * Keeps the password on disk and lets nobody in without it: a cluster created before initdb was given the
     * password (whose initdb trusted every local user) gets it and the rules here at its next start.
     */
    void enforce(EmbeddedPostgres postgres) throws IOException {
        if (!Files.exists(file)) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, password, StandardCharsets.US_ASCII);
        }
        try (Connection superuser = postgres.getPostgresDatabase().getConnection();
                Statement statement = superuser.createStatement()) {
            // the password is letters and digits only (ApplicationRole's alphabet), so it needs no quoting
            statement.execute("alter role postgres with password '" + password + "'");
            Files.writeString(file.resolveSibling("pg_hba.conf"), HBA, StandardCharsets.US_ASCII);
            statement.execute("select pg_reload_conf()");
        } catch (SQLException e) {
            throw new IllegalStateException("Could not set the embedded PostgreSQL's password", e);
        }
    }
}
