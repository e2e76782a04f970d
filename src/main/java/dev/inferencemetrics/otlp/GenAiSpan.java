package dev.inferencemetrics.otlp;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.ingest.FinishReason;
import dev.inferencemetrics.ingest.RequestSample;
import dev.inferencemetrics.ingest.SampleStatus;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One request span as a request sample. vLLM's span attributes (seconds, names from vLLM's {@code vllm/tracing.py})
 * and the OpenTelemetry GenAI semantic conventions map the same way; the README has the table.
 */
final class GenAiSpan {

    static final String REQUEST_ID = "gen_ai.request.id";
    static final String TTFT = "gen_ai.latency.time_to_first_token";
    static final String E2E = "gen_ai.latency.e2e";
    static final String QUEUE = "gen_ai.latency.time_in_queue";
    static final String DECODE = "gen_ai.latency.time_in_model_decode";
    static final String PROMPT_TOKENS = "gen_ai.usage.prompt_tokens";
    static final String COMPLETION_TOKENS = "gen_ai.usage.completion_tokens";
    static final String INPUT_TOKENS = "gen_ai.usage.input_tokens";
    static final String OUTPUT_TOKENS = "gen_ai.usage.output_tokens";
    static final String RESPONSE_MODEL = "gen_ai.response.model";
    static final String REQUEST_MODEL = "gen_ai.request.model";
    static final String SERVER_TTFT = "gen_ai.server.time_to_first_token";
    static final String SERVER_TPOT = "gen_ai.server.time_per_output_token";
    static final String FINISH_REASONS = "gen_ai.response.finish_reasons";
    /** The consumer a gateway names (its customer, project or key label), before the end user's id. */
    static final String CONSUMER = "inference_metrics.consumer";

    static final String END_USER = "enduser.id";
    /** The LoRA adapter, where the requested model name does not say it. */
    static final String ADAPTER = "inference_metrics.adapter";

    static final String PRIORITY = "inference_metrics.priority";

    private final Span span;
    private final SpanAttributes attributes;

    GenAiSpan(Span span) {
        this.span = span;
        this.attributes = new SpanAttributes(span.getAttributesList());
    }

    /** Spans of other work (HTTP handlers, database calls) carry no {@code gen_ai.*} attribute and are ignored. */
    boolean isGenAi() {
        return attributes.anyStartsWith("gen_ai.");
    }

    @Nullable
    String model() {
        return attributes.firstText(RESPONSE_MODEL, REQUEST_MODEL);
    }

    /** The consumer the span names: the gateway's label, else the end user's id. Ingest checks its form. */
    @Nullable
    String consumer() {
        return attributes.firstText(CONSUMER, END_USER);
    }

    /**
     * The adapter the span names, else the requested model when it is neither the deployment's base model nor one of
     * the model names {@code ownModels} says route to it (vLLM names a LoRA adapter by the model the request asked for).
     */
    @Nullable
    String adapter(String baseModel, java.util.function.Predicate<String> ownModels) {
        String named = attributes.text(ADAPTER);
        if (named != null) {
            return named;
        }
        String requested = attributes.text(REQUEST_MODEL);
        return requested == null || requested.equals(baseModel) || ownModels.test(requested) ? null : requested;
    }

    @Nullable
    String priority() {
        return attributes.text(PRIORITY);
    }

    /**
     * @throws UnusableValueException saying what the span lacks
     */
    RequestSample sample() {
        SampleStatus status = span.getStatus().getCode() == Status.StatusCode.STATUS_CODE_ERROR
                ? SampleStatus.ERROR
                : SampleStatus.OK;
        Integer input = attributes.firstCount(PROMPT_TOKENS, INPUT_TOKENS);
        Integer output = attributes.firstCount(COMPLETION_TOKENS, OUTPUT_TOKENS);
        if (status == SampleStatus.OK && (input == null || output == null)) {
            throw new UnusableValueException(
                    "the span has no token counts (gen_ai.usage.prompt_tokens/completion_tokens or"
                            + " input_tokens/output_tokens)");
        }
        int outputTokens = output == null ? 0 : output;
        Double e2e = attributes.secondsAsMillis(E2E);
        return new RequestSample(
                requestId(),
                Instant.EPOCH.plusNanos(span.getStartTimeUnixNano()).truncatedTo(ChronoUnit.MICROS),
                status,
                attributes.secondsAsMillis(TTFT, SERVER_TTFT),
                e2e != null ? e2e : durationMillis(),
                tpotMillis(outputTokens),
                null,
                input == null ? 0 : input,
                outputTokens,
                attributes.secondsAsMillis(QUEUE),
                finishReason());
    }

    /**
     * One reason per choice; a request with several choices is incomplete when any ran out of tokens, so
     * {@code length} wins, else the first. Ingest checks its form.
     */
    private @Nullable String finishReason() {
        List<String> reasons = attributes.texts(FINISH_REASONS);
        if (reasons.isEmpty()) {
            return null;
        }
        return reasons.stream()
                .filter(reason -> FinishReason.LENGTH.equalsIgnoreCase(reason))
                .findFirst()
                .orElse(reasons.getFirst());
    }

    /** vLLM reports decode time: spread over its {@code completion tokens − 1} gaps, it is their mean. */
    private @Nullable Double tpotMillis(int outputTokens) {
        Double decode = attributes.secondsAsMillis(DECODE);
        if (decode != null) {
            return outputTokens > 1 ? decode / (outputTokens - 1) : null;
        }
        return outputTokens > 1 ? attributes.secondsAsMillis(SERVER_TPOT) : null;
    }

    private @Nullable Double durationMillis() {
        long nanos = span.getEndTimeUnixNano() - span.getStartTimeUnixNano();
        return span.getEndTimeUnixNano() == 0 || nanos < 0 ? null : nanos / 1e6;
    }

    private String requestId() {
        String id = attributes.text(REQUEST_ID);
        if (id != null) {
            return id;
        }
        HexFormat hex = HexFormat.of();
        return hex.formatHex(span.getTraceId().toByteArray()) + "-"
                + hex.formatHex(span.getSpanId().toByteArray());
    }
}
