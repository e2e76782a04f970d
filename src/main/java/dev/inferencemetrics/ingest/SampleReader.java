package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.Dimension;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Turns the JSON samples of one batch into validated samples, or says why not. A batch names few consumers, adapters
 * and priorities many times over: each distinct value is checked once, and its samples share one string, which the
 * dimension fold then groups by without reading a thousand copies of it from memory.
 */
final class SampleReader {

    private final IngestLimits limits;
    private final Instant oldestAccepted;
    private final Instant newestAccepted;
    private final Map<Dimension, Map<String, String>> checkedValues = new EnumMap<>(Dimension.class);

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
        Double queue = fields.optionalMillis("queueMs");
        String finishReason = FinishReason.normalised(fields.optionalText("finishReason", 32));
        if (status == SampleStatus.OK && (ttft == null || e2e == null)) {
            throw new InvalidSample("an ok request needs ttftMs and e2eMs");
        }
        checkLatencies(status, ttft, e2e, tpot, gaps, outputTokens);
        checkQueue(queue, ttft, e2e);
        return new RequestSample(
                requestId,
                ts,
                status,
                ttft,
                e2e,
                tpot,
                gaps,
                inputTokens,
                outputTokens,
                queue,
                finishReason,
                dimension(fields, Dimension.CONSUMER),
                dimension(fields, Dimension.ADAPTER),
                dimension(fields, Dimension.PRIORITY));
    }

    private @Nullable String dimension(SampleFields fields, Dimension dimension) {
        return checkedDimension(dimension, fields.optionalText(dimension.code(), dimension.maxLength()));
    }

    /** The value, once checked, as the first string of this batch that carried it. */
    private @Nullable String checkedDimension(Dimension dimension, @Nullable String value) {
        if (value == null) {
            return null;
        }
        Map<String, String> checked = checkedValues.computeIfAbsent(dimension, d -> new HashMap<>());
        String known = checked.get(value);
        if (known != null) {
            return known;
        }
        dimension.problem(value).ifPresent(problem -> {
            throw new InvalidSample(problem);
        });
        checked.put(value, value);
        return value;
    }

    /**
     * Checks a sample built from another source (OTLP spans, benchmark files) by the same rules as a JSON one, except
     * that an ok request may lack TTFT: a span of a non-streamed request has none.
     *
     * @throws InvalidSample saying which rule it breaks
     */
    RequestSample checked(RequestSample sample) {
        if (sample.requestId().isBlank() || sample.requestId().length() > limits.maxRequestIdLength()) {
            throw new InvalidSample("the request id must be 1 to " + limits.maxRequestIdLength() + " characters");
        }
        checkTime(sample.ts());
        checkMillis("ttftMs", sample.ttftMs());
        checkMillis("e2eMs", sample.e2eMs());
        checkMillis("tpotMs", sample.tpotMs());
        checkMillis("queueMs", sample.queueMs());
        checkLatencies(
                sample.status(),
                sample.ttftMs(),
                sample.e2eMs(),
                sample.tpotMs(),
                sample.itlGapsMs(),
                sample.outputTokens());
        checkQueue(sample.queueMs(), sample.ttftMs(), sample.e2eMs());
        return sample.withFinishReason(FinishReason.normalised(sample.finishReason()))
                .withDimensions(
                        checkedDimension(Dimension.CONSUMER, sample.consumer()),
                        checkedDimension(Dimension.ADAPTER, sample.adapter()),
                        checkedDimension(Dimension.PRIORITY, sample.priority()));
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
        checkTime(ts);
        return ts;
    }

    private void checkTime(Instant ts) {
        if (ts.isAfter(newestAccepted)) {
            throw new InvalidSample("ts is more than " + limits.maxFutureSkew().toMinutes() + " minutes in the future");
        }
        if (ts.isBefore(oldestAccepted)) {
            throw new InvalidSample(
                    "ts is older than the raw-sample retention (oldest accepted: " + oldestAccepted + ")");
        }
    }

    private static void checkMillis(String name, @Nullable Double millis) {
        if (millis != null && (!Double.isFinite(millis) || millis < 0)) {
            throw new InvalidSample(name + " must be finite and not negative");
        }
    }

    /** Queueing happens before the first token, so it is part of TTFT (and of E2E). */
    private static void checkQueue(@Nullable Double queue, @Nullable Double ttft, @Nullable Double e2e) {
        if (queue != null && ttft != null && queue > ttft) {
            throw new InvalidSample("queueMs must not exceed ttftMs");
        }
        if (queue != null && e2e != null && queue > e2e) {
            throw new InvalidSample("queueMs must not exceed e2eMs");
        }
    }

    private static void checkLatencies(
            SampleStatus status,
            @Nullable Double ttft,
            @Nullable Double e2e,
            @Nullable Double tpot,
            float @Nullable [] gaps,
            int outputTokens) {
        if (status == SampleStatus.OK && e2e == null) {
            throw new InvalidSample("an ok request needs e2eMs");
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
