package dev.inferencemetrics.imports;

import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.imports.BenchmarkRun.BenchmarkRecord;
import dev.inferencemetrics.ingest.IngestResult;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.ingest.Rejection;
import dev.inferencemetrics.security.Caller;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Imports a benchmark file as request samples of a deployment, through the ingest service in batches. Records
 * without timestamps are spread evenly over the run from a start time the user picks; records with real timestamps
 * (AIPerf) keep their places in the run. Request ids derive from
 * the file's content and the start, so importing the same file again is recognised and not counted twice.
 */
@Service
public class BenchmarkImportService {

    static final int BATCH = 1_000;
    /** About what a long benchmark run records; more is refused before anything is stored. */
    public static final int MAX_RECORDS = 200_000;
    /** An import that takes longer stops between batches: the batches stored are kept, and resending completes it. */
    static final Duration MAX_IMPORT_TIME = Duration.ofMinutes(2);

    static final int REJECTIONS_SHOWN = 20;
    public static final long MAX_FILE_BYTES = 50L * 1024 * 1024;
    static final Duration DEFAULT_SPREAD = Duration.ofMinutes(10);
    /** As long as raw samples are kept by default: an older import would be refused sample by sample anyway. */
    static final Duration MAX_SPREAD = Duration.ofDays(14);

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final IngestService ingest;
    private final DeploymentService deployments;
    private final ObjectMapper json;
    private final Clock clock;

    BenchmarkImportService(IngestService ingest, DeploymentService deployments, ObjectMapper json, Clock clock) {
        this.ingest = ingest;
        this.deployments = deployments;
        this.json = json;
        this.clock = clock;
    }

    /**
     * @param spread how long the run took; null means the file's own duration, or ten minutes if it has none
     * @param start when the run began; null means it ended now
     * @param progress told the share done (0–1) after every batch
     * @throws IllegalArgumentException if the file is not of the format, with a message for the user
     */
    public ImportSummary importRun(
            Caller caller,
            String deploymentSlug,
            BenchmarkFormat format,
            InputStream file,
            @Nullable Instant start,
            @Nullable Duration spread,
            Instant now,
            DoubleConsumer progress)
            throws IOException {
        if (spread != null && (spread.compareTo(Duration.ofSeconds(1)) < 0 || spread.compareTo(MAX_SPREAD) > 0)) {
            throw new IllegalArgumentException("spread must be between 1 second and " + MAX_SPREAD.toDays() + " days");
        }
        // an unknown, foreign or archived deployment is refused as on any ingest call, even for an empty file
        deployments.requireActive(caller.scope(), deploymentSlug);
        byte[] content = file.readNBytes((int) Math.min(MAX_FILE_BYTES + 1, Integer.MAX_VALUE - 8));
        if (content.length > MAX_FILE_BYTES) {
            throw new IllegalArgumentException(
                    "files up to " + MAX_FILE_BYTES / (1024 * 1024) + " MiB can be imported");
        }
        BenchmarkRun run =
                BenchmarkReaders.read(format, format == BenchmarkFormat.AIPERF ? lines(content) : parse(content));
        if (run.records().isEmpty()) {
            throw new IllegalArgumentException("the file holds no requests");
        }
        if (run.records().size() > MAX_RECORDS) {
            throw new IllegalArgumentException("a file may hold at most " + MAX_RECORDS + " requests; split it");
        }
        Instant deadline = clock.instant().plus(MAX_IMPORT_TIME);
        Duration runTime = spread != null ? spread : run.duration() != null ? run.duration() : DEFAULT_SPREAD;
        Instant from = start != null ? start : defaultStart(run, runTime, now);
        String runId = runId(content, from);
        List<BenchmarkRecord> records = run.records();
        Tally tally = new Tally();
        for (int first = 0; first < records.size(); first += BATCH) {
            if (clock.instant().isAfter(deadline)) {
                throw new ImportTimedOut(first, records.size(), MAX_IMPORT_TIME);
            }
            int last = Math.min(records.size(), first + BATCH);
            List<JsonNode> batch = new ArrayList<>(last - first);
            for (int i = first; i < last; i++) {
                batch.add(sample(
                        records.get(i), runId + "-" + i, timeOf(records.get(i), i, records.size(), from, runTime)));
            }
            tally.add(ingest.ingestRequests(caller, deploymentSlug, batch), records.subList(first, last), first);
            progress.accept((double) last / records.size());
        }
        return tally.summary(records.size(), from, from.plus(runTime), run.notes());
    }

    private JsonNode parse(byte[] content) {
        try {
            return json.readTree(content);
        } catch (JacksonException e) {
            // the parser's own message names its internals; say where the file breaks and what to do
            throw new IllegalArgumentException("the file is not readable JSON: it breaks off or has an unexpected"
                    + " character near line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ". Pick the run's results file, or export it again.");
        }
    }

    /** A record with a real send time keeps its place in the run; others are spread evenly over it. */
    private static Instant timeOf(BenchmarkRecord record, int index, int count, Instant from, Duration runTime) {
        if (record.sentAfter() != null) {
            return from.plus(record.sentAfter());
        }
        return from.plusNanos(runTime.toNanos() / Math.max(1, count) * index);
    }

    /**
     * A run with real timestamps stays where it happened if ingestion still accepts that time; any other run (or one
     * older than the raw retention) is placed to end now.
     */
    private Instant defaultStart(BenchmarkRun run, Duration runTime, Instant now) {
        Instant began = run.startedAt();
        if (began != null
                && !began.isBefore(ingest.oldestAccepted())
                && !began.plus(runTime).isAfter(now)) {
            return began;
        }
        return now.minus(runTime);
    }

    /** JSON Lines: one JSON document a line, blank lines skipped, read into one array. */
    private JsonNode lines(byte[] content) {
        ArrayNode records = JSON.arrayNode();
        for (String line : new String(content, StandardCharsets.UTF_8).split("\\R")) {
            if (!line.isBlank()) {
                records.add(parse(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return records;
    }

    private static ObjectNode sample(BenchmarkRecord record, String requestId, Instant ts) {
        ObjectNode sample = JSON.objectNode()
                .put("requestId", requestId)
                .put("ts", ts.toString())
                .put("status", record.ok() ? "ok" : "error")
                .put("inputTokens", record.inputTokens())
                .put("outputTokens", record.outputTokens());
        putIfPresent(sample, "ttftMs", record.ttftMs());
        putIfPresent(sample, "e2eMs", record.e2eMs());
        putIfPresent(sample, "tpotMs", record.tpotMs());
        if (record.itlGapsMs() != null) {
            ArrayNode gaps = sample.putArray("itlMs");
            for (double gap : record.itlGapsMs()) {
                gaps.add(gap);
            }
        }
        return sample;
    }

    private static void putIfPresent(ObjectNode sample, String field, @Nullable Double value) {
        if (value != null) {
            sample.put(field, value);
        }
    }

    private static String runId(byte[] content, Instant from) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(content);
            sha.update(from.toString().getBytes(StandardCharsets.UTF_8));
            return "import-" + HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** Adds up batch results; tokens and failures count only what was stored. */
    private static final class Tally {
        private int imported;
        private int duplicates;
        private int rejected;
        private long failed;
        private long inputTokens;
        private long outputTokens;
        private final List<Rejection> rejections = new ArrayList<>();

        void add(IngestResult result, List<BenchmarkRecord> batch, int offset) {
            imported += result.accepted();
            duplicates += result.duplicates();
            rejected += result.rejected();
            boolean[] refused = new boolean[batch.size()];
            for (Rejection rejection : result.errors()) {
                refused[rejection.index()] = true;
                if (rejections.size() < REJECTIONS_SHOWN) {
                    rejections.add(new Rejection(offset + rejection.index(), rejection.reason()));
                }
            }
            for (int i = 0; i < batch.size(); i++) {
                if (!refused[i]) {
                    BenchmarkRecord record = batch.get(i);
                    failed += record.ok() ? 0 : 1;
                    inputTokens += record.inputTokens();
                    outputTokens += record.outputTokens();
                }
            }
        }

        ImportSummary summary(int records, Instant from, Instant to, List<String> notes) {
            return new ImportSummary(
                    records,
                    imported,
                    duplicates,
                    rejected,
                    failed,
                    inputTokens,
                    outputTokens,
                    from,
                    to,
                    rejections,
                    notes);
        }
    }
}
