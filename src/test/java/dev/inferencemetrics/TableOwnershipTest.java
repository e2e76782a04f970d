package dev.inferencemetrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each table belongs to one package, and only that package's SQL names it: another package asks the owner's store or
 * service. Two kinds of reads are let through, each for a stated reason: any store may join {@code tenant} and
 * {@code deployment} to name the rows it returns, and the reads in {@link #READS_ACROSS} are single statements that
 * splitting would move millions of rows out of PostgreSQL.
 */
class TableOwnershipTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/inferencemetrics");
    private static final Path MIGRATIONS = Path.of("db");

    private static final Map<String, String> OWNER = Map.ofEntries(
            Map.entry("tenant", "tenant"),
            Map.entry("app_user", "security"),
            Map.entry("sign_in_failure", "security"),
            Map.entry("sign_in_known_address", "security"),
            Map.entry("audit_event", "audit"),
            Map.entry("deployment", "deployment"),
            Map.entry("deployment_otlp_name", "deployment"),
            Map.entry("deployment_goodput", "deployment"),
            Map.entry("api_key", "apikey"),
            Map.entry("request_sample", "ingest"),
            Map.entry("dimension_batch", "ingest"),
            Map.entry("dimension_code", "ingest"),
            Map.entry("kv_sample", "ingest"),
            Map.entry("request_rollup", "rollup"),
            Map.entry("kv_rollup", "rollup"),
            Map.entry("engine_gauge_rollup", "rollup"),
            Map.entry("engine_latency_rollup", "rollup"),
            Map.entry("engine_replica_rollup", "rollup"),
            Map.entry("dimension_rollup", "rollup"),
            Map.entry("dimension_rollup_delta", "rollup"),
            Map.entry("dimension_rollup_live", "rollup"),
            Map.entry("dimension_value", "rollup"),
            Map.entry("scrape_target", "scrape"),
            Map.entry("scrape_allowed_network", "scrape"),
            Map.entry("deployment_price", "billing"),
            Map.entry("tenant_billing", "billing"),
            Map.entry("deployment_gpu_cost", "billing"),
            Map.entry("slo_objective", "slo"),
            Map.entry("alert", "alert"),
            Map.entry("alert_rule", "alert"),
            Map.entry("alert_silence", "alert"),
            Map.entry("annotation", "annotation"),
            Map.entry("notification_channel", "notify"),
            Map.entry("notification_delivery", "notify"),
            Map.entry("scheduler_lease", "lease"));

    /** Joined by any store to name its rows (a tenant's slug, a deployment's name); written by their owners only. */
    private static final Set<String> NAMING_TABLES = Set.of("tenant", "deployment");

    /**
     * {@code billing} prices each half hour of the rollups with the price in effect then and sums them per tenant-local
     * day, streamed from one statement; done in Java, every half-hour row of every deployment would leave the database.
     * Usage by consumer or adapter prices the dimension rollups the same way.
     */
    private static final Set<String> READS_ACROSS =
            Set.of("billing reads request_rollup", "billing reads dimension_rollup_live");

    private static final Pattern CREATED_TABLE =
            Pattern.compile("create table (?:if not exists )?(\\w+)\\s*\\(", Pattern.CASE_INSENSITIVE);
    private static final Pattern WRITE = Pattern.compile(
            "\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+(\\w+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern READ = Pattern.compile("\\b(?:from|join)\\s+(\\w+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    @Test
    void every_table_the_migrations_create_has_an_owning_package() {
        Set<String> created = new TreeSet<>();
        for (Path migration : files(MIGRATIONS, ".sql")) {
            Matcher table = CREATED_TABLE.matcher(read(migration));
            while (table.find()) {
                created.add(table.group(1).toLowerCase());
            }
        }
        assertThat(OWNER.keySet()).containsAll(created);
    }

    @Test
    void only_the_owning_package_writes_a_table() {
        assertThat(uses(WRITE).stream()
                        .filter(use -> !use.feature().equals(OWNER.get(use.table())))
                        .toList())
                .isEmpty();
    }

    @Test
    void another_package_reads_a_table_only_to_name_its_rows_or_for_a_stated_reason() {
        assertThat(uses(READ).stream()
                        .filter(use -> !use.feature().equals(OWNER.get(use.table())))
                        .filter(use -> !NAMING_TABLES.contains(use.table()))
                        .filter(use -> !READS_ACROSS.contains(use.feature() + " reads " + use.table()))
                        .toList())
                .isEmpty();
    }

    /** A table named by SQL in a main source file, and the feature package of that file. */
    record Use(String feature, String table, String file) {}

    private static List<Use> uses(Pattern statement) {
        List<Use> uses = new ArrayList<>();
        for (Path source : files(SOURCES, ".java")) {
            String code = COMMENT.matcher(read(source)).replaceAll("");
            Matcher matcher = statement.matcher(code);
            while (matcher.find()) {
                String table = matcher.group(1).toLowerCase();
                if (OWNER.containsKey(table)) {
                    String feature = SOURCES.relativize(source).getName(0).toString();
                    uses.add(new Use(feature, table, source.getFileName().toString()));
                }
            }
        }
        return uses;
    }

    private static List<Path> files(Path root, String suffix) {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(path -> path.toString().endsWith(suffix)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
