package dev.inferencemetrics.loadgen;

import java.time.Instant;
import java.util.Locale;
import java.util.SplittableRandom;

/** Builds an ingest body of realistic samples straight as JSON text, cheaply enough to drive high rates. */
final class SampleBatch {

    private SampleBatch() {}

    static String json(
            String deployment, String run, long firstSequence, int size, Instant now, SplittableRandom random) {
        StringBuilder body = new StringBuilder(size * 170 + 64);
        body.append("{\"deployment\":\"").append(deployment).append("\",\"samples\":[");
        String ts = now.toString();
        for (int i = 0; i < size; i++) {
            double ttft = 76 * Math.exp(0.43 * random.nextGaussian());
            double tpot = 18 * Math.exp(0.25 * random.nextGaussian());
            int output = 50 + random.nextInt(1_200);
            if (i > 0) {
                body.append(',');
            }
            body.append(String.format(
                    Locale.ROOT,
                    "{\"requestId\":\"load-%s-%d\",\"ts\":\"%s\",\"ttftMs\":%.2f,\"e2eMs\":%.2f,\"tpotMs\":%.2f,"
                            + "\"inputTokens\":%d,\"outputTokens\":%d,\"status\":\"ok\"}",
                    run,
                    firstSequence + i,
                    ts,
                    ttft,
                    ttft + tpot * (output - 1),
                    tpot,
                    100 + random.nextInt(3_000),
                    output));
        }
        return body.append("]}").toString();
    }
}
