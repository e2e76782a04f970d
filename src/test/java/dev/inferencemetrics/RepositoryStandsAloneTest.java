package dev.inferencemetrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A clone with nothing beside it builds and passes its tests: nothing the build, the tests, the benchmarks or the
 * documentation use may name a folder outside the repository. Test data lives in {@code src/test/resources}.
 */
class RepositoryStandsAloneTest {

    /** Written in two parts so that this file does not name what it looks for. */
    private static final List<String> OUTSIDE =
            List.of(".." + "/shared", "\"..\", \"" + "shared\"", ".." + "\\\\shared");

    private static final List<Path> SCANNED = List.of(
            Path.of("src"),
            Path.of("pom.xml"),
            Path.of(".ci"),
            Path.of("bin"),
            Path.of("Dockerfile"),
            Path.of("docker-compose.yml"),
            Path.of("README.md"),
            Path.of("BENCHMARKS.md"),
            Path.of("docs"));

    @Test
    void nothing_in_the_build_the_tests_or_the_docs_names_a_folder_beside_the_repository() throws IOException {
        List<String> offenders;
        try (Stream<Path> files = SCANNED.stream().filter(Files::exists).flatMap(RepositoryStandsAloneTest::walk)) {
            offenders = files.filter(Files::isRegularFile)
                    .filter(RepositoryStandsAloneTest::namesOutside)
                    .map(Path::toString)
                    .toList();
        }
        assertThat(offenders)
                .as("files that read from outside the repository (copy the data into src/test/resources)")
                .isEmpty();
    }

    private static Stream<Path> walk(Path root) {
        try {
            return Files.walk(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean namesOutside(Path file) {
        try {
            String text = Files.readString(file);
            return OUTSIDE.stream().anyMatch(text::contains);
        } catch (MalformedInputException binary) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
