package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoadReportTest {

    @Test
    void reads_still_unanswered_when_the_run_ends_are_reported_as_failing_it() {
        LoadOptions options = LoadOptions.parse(List.of(
                "--url", "http://127.0.0.1:8080", "--key", "imk_x", "--queries", "1/s", "--fleet-queries", "1/s"));
        LoadStatistics ingest = new LoadStatistics();
        ingest.sent(1_000);
        ingest.answered(200, 1_000, 0, 20);
        LoadStatistics metrics = new LoadStatistics();
        metrics.sent(1);
        metrics.sent(1);
        metrics.answered(200, 0, 0, 40);
        LoadStatistics fleet = new LoadStatistics();
        fleet.sent(1);
        fleet.answered(200, 0, 0, 30);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        new LoadReport(options, new PrintStream(printed, true, StandardCharsets.UTF_8))
                .print(60, ingest, metrics, fleet, Optional.empty(), Optional.empty());

        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("failed calls    0 {}")
                .contains("unanswered      1 metrics queries neither answered nor failed by the end: the run fails")
                .doesNotContain("ingest calls neither")
                .doesNotContain("fleet queries neither");
    }
}
