package dev.inferencemetrics.otlp;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import org.springframework.stereotype.Component;

/** The answer to a committed export, the same over OTLP/HTTP and OTLP/gRPC, and the span counters behind it. */
@Component
class ExportReplies {

    private final MeterRegistry meters;

    ExportReplies(MeterRegistry meters) {
        this.meters = meters;
    }

    /** Counted once the export is committed, so the figures never run ahead of what is stored. */
    ExportTraceServiceResponse committed(SpanOutcomes outcomes) {
        spans("stored").increment(outcomes.stored());
        spans("duplicate").increment(outcomes.duplicates());
        spans("rejected").increment(outcomes.rejected());
        spans("ignored").increment(outcomes.ignored());
        return answer(outcomes);
    }

    /** partial_success is set only when something was rejected or ignored, as the specification asks. */
    private static ExportTraceServiceResponse answer(SpanOutcomes outcomes) {
        String message = outcomes.message();
        if (message.isEmpty()) {
            return ExportTraceServiceResponse.getDefaultInstance();
        }
        return ExportTraceServiceResponse.newBuilder()
                .setPartialSuccess(ExportTracePartialSuccess.newBuilder()
                        .setRejectedSpans(outcomes.rejected())
                        .setErrorMessage(message))
                .build();
    }

    private Counter spans(String outcome) {
        return Counter.builder("inference.metrics.otlp.spans")
                .description("OTLP spans received: stored, resent, rejected, or ignored for lack of gen_ai attributes")
                .tag("outcome", outcome)
                .register(meters);
    }
}
