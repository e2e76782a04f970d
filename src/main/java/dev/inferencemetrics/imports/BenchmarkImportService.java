package dev.inferencemetrics.imports;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestResult;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.ingest.Rejection;
import dev.inferencemetrics.tenancy.Caller;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
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
     * @throws UnusableValueException if the file is not of the format, with a message for the user
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
            throw new UnusableValueException("spread must be between 1 second and " + MAX_SPREAD.toDays() + " days");
        }
        // an unknown, foreign or archived deployment is refused as on any ingest call, even for an empty file
        deployments.requireActive(caller.scope(), deploymentSlug);
        Instant deadline = clock.instant().plus(MAX_IMPORT_TIME);
        try (SpooledFile content = SpooledFile.of(file, MAX_FILE_BYTES)) {
            RunOutline outline = RunOutline.of(BenchmarkReaders.open(format, json, content::open), MAX_RECORDS);
            Duration runTime =
                    spread != null ? spread : outline.duration() != null ? outline.duration() : DEFAULT_SPREAD;
            Instant from = start != null ? start : defaultStart(outline, runTime, now);
            Placement placement = new Placement(runId(content, from), from, runTime, outline);
            Tally tally = new Tally();
            try (RecordStream records = BenchmarkReaders.open(format, json, content::open)) {
                List<BenchmarkRecord> batch = new ArrayList<>(BATCH);
                int sent = 0;
                for (BenchmarkRecord record = records.next(); record != null; record = records.next()) {
                    batch.add(record);
                    if (batch.size() == BATCH || sent + batch.size() == outline.records()) {
                        if (clock.instant().isAfter(deadline)) {
                            throw new ImportTimedOut(sent, outline.records(), MAX_IMPORT_TIME);
                        }
                        tally.add(
                                ingest.ingestRequests(caller, deploymentSlug, placement.samples(batch, sent)),
                                batch,
                                sent);
                        sent += batch.size();
                        batch.clear();
                        progress.accept((double) sent / outline.records());
                    }
                }
            }
            return tally.summary(outline.records(), from, from.plus(runTime), outline.notes());
        }
    }

    /**
     * A run with real timestamps stays where it happened if ingestion still accepts that time; any other run (or one
     * older than the raw retention) is placed to end now.
     */
    private Instant defaultStart(RunOutline run, Duration runTime, Instant now) {
        Instant began = run.startedAt();
        if (began != null
                && !began.isBefore(ingest.oldestAccepted())
                && !began.plus(runTime).isAfter(now)) {
            return began;
        }
        return now.minus(runTime);
    }

    /** Where the run's requests go: their ids derive from the file and the start, so a re-import is recognised. */
    private record Placement(String runId, Instant from, Duration runTime, RunOutline outline) {

        List<JsonNode> samples(List<BenchmarkRecord> batch, int offset) {
            List<JsonNode> samples = new ArrayList<>(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                samples.add(sample(batch.get(i), runId + "-" + (offset + i), timeOf(batch.get(i), offset + i)));
            }
            return samples;
        }

        /** A record with a real send time keeps its place in the run; others are spread evenly over it. */
        private Instant timeOf(BenchmarkRecord record, int index) {
            if (record.sentAt() != null && outline.startedAt() != null) {
                return from.plus(Duration.between(outline.startedAt(), record.sentAt()));
            }
            return from.plusNanos(runTime.toNanos() / Math.max(1, outline.records()) * index);
        }
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

    /** The first 8 bytes of SHA-256 over the file and the start (as imports have always named their requests). */
    private static String runId(SpooledFile content, Instant from) throws IOException {
        try (InputStream file = content.open()) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            file.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), sha));
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
