package dev.inferencemetrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The file and class names the documentation cites exist in the repository, so a rename or a move that forgets the
 * docs fails the build instead of leaving a reader to search for a class that is gone. Only what is clearly a name
 * is checked: file names with a source extension, paths under the source folders, migrations, and UpperCamelCase
 * identifiers of two humps or more in backticks. Names of other projects' classes are listed in {@link #EXTERNAL}
 * with the reason they may appear.
 */
class DocumentationNamesTest {

    /** Class-like names the docs may cite that are not ours: each with what it is. */
    private static final Map<String, String> EXTERNAL = Map.ofEntries(
            Map.entry("BigDecimal", "the JDK's exact decimal, how costs are computed"),
            Map.entry("HttpURLConnection", "the JDK's HTTP client the scraper uses"),
            Map.entry("HttpClient", "the JDK's java.net.http client, the scraper's baseline"),
            Map.entry("ThreadMXBean", "the JDK's thread CPU meter the scrape benchmark reads"),
            Map.entry("JdbcClient", "Spring's JDBC API"),
            Map.entry("SqlArrayValue", "Spring's JDBC API"),
            Map.entry("NamedParameterJdbcTemplate", "Spring's JDBC API"),
            Map.entry("JdbcTemplate", "Spring's older JDBC API"),
            Map.entry("SpringApplication", "Spring Boot's application starter"),
            Map.entry("ErrorResponseException", "Spring's exception that carries an HTTP status"),
            Map.entry("NullMarked", "JSpecify's annotation"),
            Map.entry("LitRenderer", "Vaadin's grid renderer"),
            Map.entry("CopyManager", "pgjdbc's COPY API, the ingest benchmark's baseline"),
            Map.entry("ExportTraceServiceRequest", "the OTLP protobuf message the trace receiver reads"),
            Map.entry("ExportTraceServiceResponse", "the OTLP protobuf message the trace receiver answers"),
            Map.entry(
                    "OtlpGrpcSpanExporter", "the OpenTelemetry Java SDK's OTLP/gRPC exporter the gRPC test sends with"),
            Map.entry("RetryInfo", "the gRPC status detail that tells an exporter when to resend"),
            Map.entry("GreenMail", "the in-process SMTP server of the alert tests"),
            Map.entry("OutOfMemoryError", "the JDK's error a flood must not cause"),
            Map.entry("HttpOnly", "the cookie attribute, not a class"));

    /** Paths the docs may cite that are not in the repository: each with what it is. */
    private static final Map<String, String> ELSEWHERE = Map.of(
            "db/migration", "where the jar carries the migrations of db/ (the resource's targetPath in pom.xml)");

    private static final Path ROOT = Path.of("");

    /** Folders a path in the docs may start with, each checked to exist as written. */
    private static final Pattern SOURCE_PATH = Pattern.compile("(?<![\\w/.-])(?:src|db|bin|frontend|\\.ci)/[\\w./-]*");

    private static final Pattern SOURCE_FILE =
            Pattern.compile("(?<![\\w/.-])[\\w-][\\w./-]*\\.(?:java|sql|ts|yml|yaml)(?![\\w-])");

    /** A name in our own packages, written out: {@code dev.inferencemetrics.benchmark.FleetBenchmark}. */
    private static final Pattern QUALIFIED = Pattern.compile("\\bdev\\.inferencemetrics(?:\\.[A-Za-z_]\\w*)*");

    private static final Pattern MIGRATION = Pattern.compile("V\\d+__\\w+\\.sql");

    private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");

    /** {@code Name}, {@code pkg.Name}, {@code pkg/Name}, {@code @Name}, each optionally with a member after it. */
    private static final Pattern CITED_TYPE = Pattern.compile("@?(?:[a-z][\\w]*[./])*([A-Z]\\w*)(?:[.#(:][^`]*)?");

    private static final Pattern UPPER_CAMEL = Pattern.compile("[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+");

    private static final Pattern DECLARED_TYPE =
            Pattern.compile("\\b(?:class|record|interface|enum|@interface)\\s+([A-Z]\\w*)");

    /** A Java file under a source root: {@code src/<set>/java/<package path>/<Name>.java}. */
    private static final Pattern JAVA_SOURCE = Pattern.compile("src/\\w+/java/(.+)/\\w+\\.java");

    private static final Set<String> SKIPPED_FOLDERS = Set.of(".git", "target", "node_modules", "data", ".idea");

    @Test
    void every_file_and_class_name_the_docs_cite_exists() throws IOException {
        Repository repository = Repository.read();
        List<String> missing = new ArrayList<>();
        for (Path doc : docs()) {
            List<String> lines = Files.readAllLines(doc);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                String where = doc + ":" + (i + 1);
                if (line.stripLeading().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                for (String problem : problems(line, fenced, repository)) {
                    missing.add(where + " " + problem);
                }
            }
        }
        assertThat(missing)
                .as(
                        "names cited in the docs that the repository does not have (rename them, or list a name of"
                                + " another project in EXTERNAL, or a path outside the repository in ELSEWHERE, with its reason)")
                .isEmpty();
    }

    @Test
    void a_retired_name_is_caught() {
        Repository repository = Repository.read();
        assertThat(problems("the schema in `db/V3__prices_and_billing_time_zones.sql`", false, repository))
                .containsExactly(
                        "db/V3__prices_and_billing_time_zones.sql: no such file or folder",
                        "V3__prices_and_billing_time_zones.sql: no such migration in db/");
        assertThat(problems("`TenantScopeThatNeverWas.require` and `LatencySketch`", false, repository))
                .containsExactly("TenantScopeThatNeverWas: no such class under src/");
        assertThat(problems("-Dexec.mainClass=dev.inferencemetrics.benchmark.GoneBenchmark", true, repository))
                .containsExactly("dev.inferencemetrics.benchmark.GoneBenchmark: no such class or package under src/");
        assertThat(problems("`DDSketch`, `ttftMs`, `JdbcClient`, `BETTER`, `Retry-After`", false, repository))
                .isEmpty();
    }

    private static Set<String> problems(String line, boolean fenced, Repository repository) {
        Set<String> problems = new LinkedHashSet<>();
        Matcher path = SOURCE_PATH.matcher(line);
        while (path.find()) {
            String cited = path.group().replaceAll("[./]+$", "");
            if (!ELSEWHERE.containsKey(cited) && !Files.exists(ROOT.resolve(cited))) {
                problems.add(cited + ": no such file or folder");
            }
        }
        Matcher file = SOURCE_FILE.matcher(line);
        while (file.find()) {
            String cited = file.group();
            String name = cited.substring(cited.lastIndexOf('/') + 1);
            if (MIGRATION.matcher(name).matches()) {
                if (!repository.migrations().contains(name)) {
                    problems.add(name + ": no such migration in db/");
                }
            } else if (repository.paths().stream().noneMatch(p -> p.equals(cited) || p.endsWith("/" + cited))) {
                problems.add(cited + ": no such file");
            }
        }
        Matcher qualified = QUALIFIED.matcher(line);
        while (qualified.find()) {
            String cited = qualified.group();
            String type = Stream.of(cited.split("\\."))
                    .filter(part -> Character.isUpperCase(part.charAt(0)))
                    .findFirst()
                    .orElse("");
            boolean found = type.isEmpty()
                    ? repository.packages().contains(cited)
                    : repository.types().contains(type);
            if (!found) {
                problems.add(cited + ": no such class or package under src/");
            }
        }
        if (!fenced) {
            Matcher span = CODE_SPAN.matcher(line);
            while (span.find()) {
                Matcher type = CITED_TYPE.matcher(span.group(1));
                if (type.matches()) {
                    String name = type.group(1);
                    if (UPPER_CAMEL.matcher(name).matches()
                            && !EXTERNAL.containsKey(name)
                            && !repository.types().contains(name)) {
                        problems.add(name + ": no such class under src/");
                    }
                }
            }
        }
        return problems;
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md"), Path.of("BENCHMARKS.md")));
        try (Stream<Path> files = Files.walk(Path.of("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /**
     * Every file's path (relative, with forward slashes), the migrations, and the Java types and packages declared
     * under src/.
     */
    private record Repository(Set<String> paths, Set<String> migrations, Set<String> types, Set<String> packages) {

        static Repository read() {
            Set<String> paths = new HashSet<>();
            Set<String> migrations = new HashSet<>();
            Set<String> types = new HashSet<>();
            Set<String> packages = new HashSet<>();
            try (Stream<Path> files = Files.walk(ROOT.toAbsolutePath())) {
                Path base = ROOT.toAbsolutePath();
                files.filter(Files::isRegularFile)
                        .map(base::relativize)
                        .filter(DocumentationNamesTest::inRepository)
                        .forEach(relative -> {
                            String path = relative.toString().replace('\\', '/');
                            paths.add(path);
                            if (path.startsWith("db/") || path.startsWith("src/main/resources/db/migration/")) {
                                migrations.add(relative.getFileName().toString());
                            }
                            Matcher javaFile = JAVA_SOURCE.matcher(path);
                            if (javaFile.matches()) {
                                types.addAll(declaredTypes(relative));
                                packages.add(javaFile.group(1).replace('/', '.'));
                            }
                        });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new Repository(paths, migrations, types, packages);
        }

        /** The file's own name and every type declared in it, nested ones included. */
        private static Set<String> declaredTypes(Path javaFile) {
            Set<String> types = new HashSet<>();
            String fileName = javaFile.getFileName().toString();
            types.add(fileName.substring(0, fileName.length() - ".java".length()));
            try {
                Matcher declared = DECLARED_TYPE.matcher(Files.readString(javaFile));
                while (declared.find()) {
                    types.add(declared.group(1));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return types;
        }
    }

    private static boolean inRepository(Path relative) {
        return !SKIPPED_FOLDERS.contains(relative.getName(0).toString());
    }
}
