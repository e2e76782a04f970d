package dev.inferencemetrics.autoscale;

import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Writes a page of signals in the Prometheus text format 0.0.4: one gauge family per signal, one series per
 * deployment labelled with its tenant and slug. A figure without data is left out rather than written as NaN, so a
 * query for it finds no series (KEDA's prometheus scaler then reads 0, or fails with ignoreNullValues=false).
 */
final class PrometheusText {

    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private record Family(String name, String help, Function<ScalingSignals, @Nullable Number> value) {}

    private static final List<Family> FAMILIES = List.of(
            new Family(
                    "inferencemetrics_ttft_p99_seconds",
                    "TTFT p99 of the last five whole minutes' ok requests, in seconds.",
                    s -> seconds(s.ttftP99Ms())),
            new Family(
                    "inferencemetrics_itl_p99_seconds",
                    "ITL p99 of the last five whole minutes' token gaps, in seconds.",
                    s -> seconds(s.itlP99Ms())),
            new Family(
                    "inferencemetrics_ttft_burn_rate",
                    "Burn rate of the TTFT objective over the last five whole minutes.",
                    ScalingSignals::ttftBurnRate),
            new Family(
                    "inferencemetrics_requests_waiting_per_replica",
                    "Mean requests waiting per replica, from the scraped engines, over the last five whole minutes.",
                    ScalingSignals::waitingPerReplica),
            new Family(
                    "inferencemetrics_requests_running_per_replica",
                    "Mean requests running per replica, from the scraped engines, over the last five whole minutes.",
                    ScalingSignals::runningPerReplica),
            new Family(
                    "inferencemetrics_concurrency",
                    "Mean requests in flight over the deployment by Little's law, last five whole minutes.",
                    ScalingSignals::concurrency),
            new Family(
                    "inferencemetrics_window_requests",
                    "Requests that arrived in the last five whole minutes.",
                    ScalingSignals::requests),
            new Family(
                    "inferencemetrics_recommended_replicas",
                    "Replicas the busiest of the last five whole minutes needs at the utilisation ceiling of the TTFT"
                            + " target, from the measured service time.",
                    ScalingSignals::recommendedReplicas));

    private PrometheusText() {}

    static String write(ScalingPage page) {
        StringBuilder text = new StringBuilder(1024 + 512 * page.signals().size());
        text.append("# deployments ")
                .append(page.offset())
                .append(" to ")
                .append(page.offset() + page.signals().size())
                .append(" of ")
                .append(page.total())
                .append(
                        page.hasMore()
                                ? "; next page: offset="
                                        + (page.offset() + page.signals().size())
                                : "")
                .append('\n');
        // each deployment's labels are escaped once, not once per family
        List<String> labels = page.signals().stream()
                .map(signals -> "{tenant=\"" + escape(signals.tenant()) + "\",deployment=\""
                        + escape(signals.deployment()) + "\"} ")
                .toList();
        for (Family family : FAMILIES) {
            text.append("# HELP ")
                    .append(family.name())
                    .append(' ')
                    .append(family.help())
                    .append('\n');
            text.append("# TYPE ").append(family.name()).append(" gauge\n");
            for (int i = 0; i < labels.size(); i++) {
                Number value = family.value().apply(page.signals().get(i));
                if (value != null) {
                    text.append(family.name())
                            .append(labels.get(i))
                            .append(value)
                            .append('\n');
                }
            }
        }
        return text.toString();
    }

    /** A label value as the format needs it: backslash, double quote and line feed escaped. */
    static String escape(String value) {
        if (value.indexOf('\\') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0) {
            return value;
        }
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static @Nullable Double seconds(@Nullable Double millis) {
        return millis == null ? null : millis / 1000;
    }
}
