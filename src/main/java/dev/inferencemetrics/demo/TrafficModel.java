package dev.inferencemetrics.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generates one deployment's samples for a stretch of time, as a gateway would report them. The same anchor and
 * times give the same samples, however the time is cut into stretches, so a regenerated stretch is recognised as a
 * resend and not counted twice.
 */
final class TrafficModel {

    static final Duration KV_READING_EVERY = Duration.ofSeconds(15);
    static final List<String> REPLICAS = List.of("pod-0", "pod-1");
    private static final Duration MINUTE = Duration.ofMinutes(1);

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final DeploymentBehaviour behaviour;
    private final Instant anchor;

    /** @param anchor when the deployment was created; bursts and drifts are placed relative to it */
    TrafficModel(DeploymentBehaviour behaviour, Instant anchor) {
        this.behaviour = behaviour;
        this.anchor = anchor;
    }

    /** KV-cache usage (%) at {@code t}: base plus drift, raised by bursts, with a little noise. */
    double kvUsage(Instant t, SplittableRandom random) {
        double days = Duration.between(anchor.minus(Duration.ofDays(7)), t).toMinutes() / 1440.0;
        double usage = behaviour.kvBasePct() + behaviour.kvDriftPctPerDay() * Math.max(0, days);
        if (behaviour.burst() != null && behaviour.burst().covers(anchor, t)) {
            usage = 27 + 3 * random.nextDouble();
        }
        return clamp(usage * (1 + 0.05 * random.nextGaussian()), 0, 100);
    }

    /**
     * Request samples with arrival times in {@code [from, to)}. Each minute is generated whole from its own seed and
     * cut to the stretch, so any stretch yields the very samples any other stretch holds at the same times: a
     * simulator resuming mid-minute after a restart resends the minute's stored samples (recognised as resends) and
     * fills in the rest, leaving neither gap nor double count.
     */
    List<ObjectNode> requests(Instant from, Instant to) {
        List<ObjectNode> samples = new ArrayList<>();
        for (Instant minute = from.truncatedTo(ChronoUnit.MINUTES); minute.isBefore(to); minute = minute.plus(MINUTE)) {
            SplittableRandom random = new SplittableRandom(seed(minute));
            Instant end = minute.plus(MINUTE);
            Instant t = minute;
            int sequence = 0;
            while (true) {
                t = t.plusNanos((long) (exponential(random) / rate(t) * 1e9));
                if (!t.isBefore(end) || !t.isBefore(to)) {
                    break;
                }
                ObjectNode sample = request(t, random, minute.getEpochSecond() + "-" + sequence++);
                if (!t.isBefore(from)) {
                    samples.add(sample);
                }
            }
        }
        return samples;
    }

    /** KV readings of every replica at each 15-second tick in {@code [from, to)}, each tick from its own seed. */
    List<ObjectNode> kvReadings(Instant from, Instant to) {
        List<ObjectNode> readings = new ArrayList<>();
        long step = KV_READING_EVERY.getSeconds();
        long first = Math.ceilDiv(from.getEpochSecond(), step) * step;
        for (long s = first; s < to.getEpochSecond(); s += step) {
            Instant t = Instant.ofEpochSecond(s);
            SplittableRandom random = new SplittableRandom(seed(t) ^ 0x5EED);
            for (String replica : REPLICAS) {
                readings.add(JSON.objectNode()
                        .put("ts", t.toString())
                        .put("replica", replica)
                        .put("usagePct", round(kvUsage(t, random), 2)));
            }
        }
        return readings;
    }

    private ObjectNode request(Instant t, SplittableRandom random, String id) {
        int input = (int) Math.max(1, logNormal(random, behaviour.inputMedianTokens(), behaviour.lengthSigma()));
        int output = (int) Math.max(2, logNormal(random, behaviour.outputMedianTokens(), behaviour.lengthSigma()));
        double queueing = (1 + behaviour.queueingPerKvPct() * Math.max(0, kvUsage(t, random) - behaviour.kvBasePct()))
                * (behaviour.cycle() == null ? 1 : behaviour.cycle().queueing(rate(t)));
        double unqueued = logNormal(random, behaviour.ttftMedianMs(), behaviour.ttftSigma());
        double ttft = queueing * unqueued;
        double context = (input + output / 2.0) / 1000;
        double tpot = (1 + behaviour.tpotGrowthPerKiloToken() * context)
                * logNormal(random, behaviour.tpotMedianMs(), behaviour.tpotSigma());
        ObjectNode sample = JSON.objectNode()
                .put("requestId", behaviour.slug() + "-" + id)
                .put("ts", t.toString())
                .put("inputTokens", input);
        if (random.nextDouble() < behaviour.errorRate()) {
            return sample.put("status", "error").put("outputTokens", 0);
        }
        // the queue time is what queueing added to TTFT, as vLLM's traces report time in queue
        return sample.put("status", "ok")
                .put("outputTokens", output)
                .put("ttftMs", round(ttft, 3))
                .put("tpotMs", round(tpot, 3))
                .put("e2eMs", round(ttft + tpot * (output - 1), 3))
                .put("queueMs", round(ttft - unqueued, 3));
    }

    private double rate(Instant t) {
        Burst burst = behaviour.burst();
        LoadCycle cycle = behaviour.cycle();
        double usual =
                cycle == null ? behaviour.requestsPerSecond() : behaviour.requestsPerSecond() * cycle.rateFactor(t);
        return burst != null && burst.covers(anchor, t) ? usual * burst.multiplier() : usual;
    }

    private long seed(Instant from) {
        return behaviour.slug().hashCode() * 0x9E3779B97F4A7C15L ^ from.getEpochSecond();
    }

    private static double logNormal(SplittableRandom random, double median, double sigma) {
        return median * Math.exp(sigma * random.nextGaussian());
    }

    private static double exponential(SplittableRandom random) {
        return -Math.log(1 - random.nextDouble());
    }

    private static double clamp(double value, double low, double high) {
        return Math.max(low, Math.min(high, value));
    }

    private static double round(double value, int decimals) {
        return Double.parseDouble(String.format(Locale.ROOT, "%." + decimals + "f", value));
    }
}
