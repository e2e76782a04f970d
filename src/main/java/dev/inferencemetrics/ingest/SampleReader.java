package dev.inferencemetrics.ingest;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Turns the JSON samples of one batch into validated samples, or says why not. */
final class SampleReader {

    private final IngestLimits limits;
    private final Instant oldestAccepted;
    private final Instant newestAccepted;

    SampleReader(IngestLimits limits, Instant now, Instant oldestAccepted) {
        this.limits = limits;
        this.oldestAccepted = oldestAccepted;
        this.newestAccepted = now.plus(limits.maxFutureSkew());
    }

    RequestSample requestSample(JsonNode json) {
        SampleFields fields = new SampleFields(json);
        String requestId = fields.requiredText("requestId", limits.maxRequestIdLength());
        Instant ts = timestamp(fields);
        SampleStatus status = fields.has("status")
                ? SampleStatus.fromCode(fields.requiredText("status", 16))
                        .orElseThrow(() -> new InvalidSample("status must be one of ok, error, timeout, cancelled"))
                : SampleStatus.OK;
        Double ttft = fields.optionalMillis("ttftMs");
        Double e2e = fields.optionalMillis("e2eMs");
        Double tpot = fields.optionalMillis("tpotMs");
        float[] gaps = fields.optionalMillisArray("itlMs", limits.maxItlGaps());
        int inputTokens = fields.requiredCount("inputTokens");
        int outputTokens = fields.requiredCount("outputTokens");
        checkLatencies(status, ttft, e2e, tpot, gaps, outputTokens);
        return new RequestSample(requestId, ts, status, ttft, e2e, tpot, gaps, inputTokens, outputTokens);
    }

    KvSample kvSample(JsonNode json) {
        SampleFields fields = new SampleFields(json);
        Instant ts = timestamp(fields);
        String replica = fields.requiredText("replica", limits.maxRequestIdLength());
        double usage = fields.requiredNumber("usagePct");
        if (usage < 0 || usage > 100) {
            throw new InvalidSample("usagePct must be between 0 and 100");
        }
        return new KvSample(ts, replica, usage);
    }

    private Instant timestamp(SampleFields fields) {
        // PostgreSQL keeps microseconds; truncating here makes a resent sample match the stored one exactly
        Instant ts = fields.requiredInstant("ts").truncatedTo(ChronoUnit.MICROS);
        if (ts.isAfter(newestAccepted)) {
            throw new InvalidSample("ts is more than " + limits.maxFutureSkew().toMinutes() + " minutes in the future");
        }
        if (ts.isBefore(oldestAccepted)) {
            throw new InvalidSample(
                    "ts is older than the raw-sample retention (oldest accepted: " + oldestAccepted + ")");
        }
        return ts;
    }

    private static void checkLatencies(
            SampleStatus status,
            @Nullable Double ttft,
            @Nullable Double e2e,
            @Nullable Double tpot,
            float @Nullable [] gaps,
            int outputTokens) {
        if (status == SampleStatus.OK && (ttft == null || e2e == null)) {
            throw new InvalidSample("an ok request needs ttftMs and e2eMs");
        }
        if (ttft != null && e2e != null && ttft > e2e) {
            throw new InvalidSample("ttftMs must not exceed e2eMs");
        }
        if (tpot != null && gaps != null) {
            throw new InvalidSample("send either itlMs (the gaps) or tpotMs (their mean), not both");
        }
        if (gaps != null && gaps.length > Math.max(0, outputTokens - 1)) {
            throw new InvalidSample("itlMs lists more gaps than outputTokens − 1");
        }
    }
}
