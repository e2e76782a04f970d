package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentGoodput;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.GoodputTally;
import dev.inferencemetrics.rollup.RequestRollup;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Goodput over the window, exact because counted per request at ingest: the requests judged against the goodput SLO
 * ({@code countedRequests}: all of the window's, unless some were stored before goodput was counted), the good ones,
 * goodput % (good ÷ judged), token goodput % (output tokens of good requests ÷ all output tokens of the judged
 * requests, failed and cancelled ones included), and the breaches by kind with their share of all requests. The
 * rollups from {@code countedFrom} on (null: all) were counted with {@code thresholds}.
 */
public record GoodputFigures(
        GoodputSlo thresholds,
        @Nullable Instant countedFrom,
        long requests,
        long countedRequests,
        long goodRequests,
        double requestsPerSecond,
        double goodRequestsPerSecond,
        @Nullable Double goodputPct,
        long countedOutputTokens,
        long goodOutputTokens,
        @Nullable Double tokenGoodputPct,
        Breaches breaches,
        List<GoodputPoint> series) {

    /** The ways a request fails the goodput SLO; each request counts in at most one. */
    public record Breaches(
            BreachCount ttft,
            BreachCount itl,
            BreachCount e2e,
            BreachCount incomplete,
            BreachCount timeout,
            BreachCount error,
            BreachCount cancelled) {

        static Breaches of(RequestRollup rollup) {
            GoodputTally tally = rollup.goodput();
            long all = rollup.requests();
            return new Breaches(
                    BreachCount.of(tally.ttftBreaches(), all),
                    BreachCount.of(tally.itlBreaches(), all),
                    BreachCount.of(tally.e2eBreaches(), all),
                    BreachCount.of(tally.incomplete(), all),
                    BreachCount.of(rollup.failures(FailedStatus.TIMEOUT), all),
                    BreachCount.of(rollup.failures(FailedStatus.ERROR), all),
                    BreachCount.of(rollup.failures(FailedStatus.CANCELLED), all));
        }
    }

    /** How many requests breached so, and their share of all requests in percent (null without requests). */
    public record BreachCount(long count, @Nullable Double sharePct) {

        static BreachCount of(long count, long requests) {
            return new BreachCount(count, percent(count, requests));
        }
    }

    /** One interval: rates per second, goodput % and token goodput %, and its breaches. */
    public record GoodputPoint(
            Instant t,
            double requestsPerSecond,
            double goodRequestsPerSecond,
            @Nullable Double goodputPct,
            @Nullable Double tokenGoodputPct,
            Breaches breaches) {

        static GoodputPoint of(RequestRollup interval, double seconds) {
            GoodputTally tally = interval.goodput();
            return new GoodputPoint(
                    interval.bucket(),
                    interval.requests() / seconds,
                    tally.good() / seconds,
                    percent(tally.good(), tally.counted()),
                    percent(tally.goodOutputTokens(), tally.countedOutputTokens()),
                    Breaches.of(interval));
        }
    }

    static GoodputFigures of(
            DeploymentGoodput goodput, RequestRollup totals, double seconds, List<GoodputPoint> series) {
        GoodputTally tally = totals.goodput();
        return new GoodputFigures(
                goodput.slo(),
                goodput.countedFrom(),
                totals.requests(),
                tally.counted(),
                tally.good(),
                totals.requests() / seconds,
                tally.good() / seconds,
                percent(tally.good(), tally.counted()),
                tally.countedOutputTokens(),
                tally.goodOutputTokens(),
                percent(tally.goodOutputTokens(), tally.countedOutputTokens()),
                Breaches.of(totals),
                series);
    }

    private static @Nullable Double percent(long part, long whole) {
        return whole == 0 ? null : 100.0 * part / whole;
    }
}
