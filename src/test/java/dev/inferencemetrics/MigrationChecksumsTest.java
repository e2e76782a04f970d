package dev.inferencemetrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A migration that has landed is never edited or renamed: an installation that ran the earlier text refuses to start
 * on Flyway's checksum mismatch. {@code migration-checksums.sha256} (the output of {@code sha256sum db/*.sql}) holds
 * every landed migration; a new one is added to it in the commit that adds the migration.
 */
class MigrationChecksumsTest {

    private static final Path MIGRATIONS = Path.of("db");
    private static final Path LANDED = Path.of("src", "test", "resources", "migration-checksums.sha256");

    @Test
    void every_landed_migration_keeps_its_name_and_its_exact_text() throws IOException {
        Map<String, String> landed = landed();
        Map<String, String> present = present();

        landed.forEach((file, checksum) -> assertThat(present.get(file))
                .as("%s has landed: it may not be edited, renamed or removed (write a new migration instead)", file)
                .isEqualTo(checksum));
    }

    @Test
    void every_migration_in_the_tree_is_recorded_as_landed() throws IOException {
        assertThat(landed().keySet())
                .as("add new migrations to %s (sha256sum db/V<n>__<what>.sql)", LANDED)
                .containsAll(present().keySet());
    }

    @Test
    void no_two_migrations_share_a_version() throws IOException {
        Map<String, Long> versions = present().keySet().stream()
                .collect(Collectors.groupingBy(file -> file.substring(0, file.indexOf("__")), Collectors.counting()));
        assertThat(versions).allSatisfy((version, count) -> assertThat(count)
                .as("migrations of version %s", version)
                .isOne());
    }

    private static Map<String, String> landed() throws IOException {
        Map<String, String> landed = new TreeMap<>();
        for (String line : Files.readAllLines(LANDED)) {
            if (!line.isBlank()) {
                String[] parts = line.trim().split("\\s+\\*?", 2);
                landed.put(parts[1], parts[0]);
            }
        }
        return landed;
    }

    private static Map<String, String> present() throws IOException {
        Map<String, String> present = new TreeMap<>();
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".sql")).toList()) {
                present.put(file.getFileName().toString(), sha256(Files.readAllBytes(file)));
            }
        }
        return present;
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
