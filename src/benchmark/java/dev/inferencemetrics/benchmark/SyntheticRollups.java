package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.Resolution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Request rollups of made-up traffic, for benchmarks that need many deployments' worth quickly: TTFT log-normal
 * around 300 ms, ITL around 20 ms over 299 gaps, 1 % errors, 800 input and 300 output tokens a request.
 */
final class SyntheticRollups {

    private SyntheticRollups() {}

    /** One rollup per bucket of {@code resolution} from the one holding {@code from} until {@code to}. */
    static List<RequestRollup> of(
            Resolution resolution, Instant from, Instant to, int requestsPerBucket, SplittableRandom random) {
        List<RequestRollup> rows = new ArrayList<>();
        for (Instant bucket = resolution.bucketOf(from);
                bucket.isBefore(to);
                bucket = bucket.plus(resolution.duration())) {
            RequestRollup rollup = new RequestRollup(bucket);
            for (int r = 0; r < requestsPerBucket; r++) {
                double ttft = 300 * Math.exp(0.5 * random.nextGaussian());
                boolean ok = random.nextDouble() > 0.01;
                rollup.addRequest(ok, 800, 300);
                if (ok) {
                    rollup.ttft().add(ttft);
                    rollup.itl().add(20 * Math.exp(0.2 * random.nextGaussian()), 299);
                    rollup.e2e().add(ttft + 6_000);
                }
            }
            rows.add(rollup);
        }
        return rows;
    }
}
