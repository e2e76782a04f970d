package dev.inferencemetrics.autoscale;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One deployment's autoscaling signals over a {@link ScalingWindow}; a figure without data to rest on is null.
 *
 * @param requests requests that arrived in the window, whatever their status
 * @param ttftP99Ms TTFT p99 of the window's ok requests (exact within the sketches' 1 %)
 * @param itlP99Ms ITL p99 of the window's token gaps
 * @param ttftBurnRate the TTFT objective's burn rate over the window (bad fraction ÷ allowed bad fraction), the
 *     short window of the fast-burn page; null when the objective is off or no request had a TTFT
 * @param waitingPerReplica mean of the scraped engines' requests-waiting gauge, per replica; null unscraped
 * @param runningPerReplica mean of the scraped engines' requests-running gauge, per replica; null unscraped
 * @param concurrency mean requests in flight over the whole deployment by Little's law: the E2E time of the
 *     window's requests ÷ the window's length; null without requests that have an E2E
 * @param peakRequestsPerSecond the busiest whole minute's arrivals per second; null without requests
 * @param serviceTimeMs the window's mean service time per request: mean TTFT less mean queue time where most ok
 *     requests reported their queue time, else mean TTFT (an upper bound); null without ok requests
 * @param ttftTargetMs the TTFT target sized for: the deployment's TTFT SLO threshold, as on the Capacity tab
 * @param recommendedReplicas ⌈peak ÷ (ceiling ÷ service time)⌉ with the utilisation ceiling of the TTFT target;
 *     null without a service time, or when the target is not above it
 */
record ScalingSignals(
        String deployment,
        String tenant,
        Instant from,
        Instant to,
        long requests,
        @Nullable Double ttftP99Ms,
        @Nullable Double itlP99Ms,
        @Nullable Double ttftBurnRate,
        @Nullable Double waitingPerReplica,
        @Nullable Double runningPerReplica,
        @Nullable Double concurrency,
        @Nullable Double peakRequestsPerSecond,
        @Nullable Double serviceTimeMs,
        double ttftTargetMs,
        @Nullable Integer recommendedReplicas) {}
