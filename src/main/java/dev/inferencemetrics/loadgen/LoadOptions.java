package dev.inferencemetrics.loadgen;

import java.net.URI;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** What the load generator was asked to do. */
record LoadOptions(
        URI url,
        String key,
        String deployment,
        double samplesPerSecond,
        Duration duration,
        int batch,
        int concurrency,
        double queriesPerSecond,
        @Nullable String operator) {

    static final String USAGE = """
            usage: java -jar inference-metrics.jar load --url URL --key KEY [options]
              --url URL            the dashboard, e.g. http://localhost:8080
              --key KEY            an API key with scope ingest
              --deployment SLUG    the deployment to send to (default: sandbox)
              --rate N/s           samples per second to send (default: 2000/s)
              --duration D         how long to run: 60s, 5m, or ISO-8601 like PT2M (default: 60s)
              --batch N            samples per request (default: 1000, at most 10000)
              --concurrency N      requests in flight at most (default: 8)
              --queries N/s        dashboard metrics queries per second alongside the load (default: 0)
              --operator USER:PW   an operator's sign-in, to report the dashboard's heap use (default: none)""";

    LoadOptions {
        if (queriesPerSecond < 0) {
            throw new IllegalArgumentException("--queries must not be negative");
        }
        if (samplesPerSecond <= 0 || batch <= 0 || batch > 10_000 || concurrency <= 0 || duration.isNegative()) {
            throw new IllegalArgumentException("rate, batch (1–10000), concurrency and duration must be positive");
        }
    }

    static LoadOptions parse(List<String> args) {
        String url = null;
        String key = null;
        String deployment = "sandbox";
        double rate = 2_000;
        Duration duration = Duration.ofSeconds(60);
        int batch = 1_000;
        int concurrency = 8;
        double queries = 0;
        String operator = null;
        for (Iterator<String> it = args.iterator(); it.hasNext(); ) {
            String option = it.next();
            if (!it.hasNext()) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = it.next();
            switch (option) {
                case "--url" -> url = value;
                case "--key" -> key = value;
                case "--deployment" -> deployment = value;
                case "--rate" -> rate = Double.parseDouble(value.replace("/s", ""));
                case "--duration" -> duration = duration(value);
                case "--batch" -> batch = Integer.parseInt(value);
                case "--concurrency" -> concurrency = Integer.parseInt(value);
                case "--queries" -> queries = Double.parseDouble(value.replace("/s", ""));
                case "--operator" -> operator = value;
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (url == null || key == null) {
            throw new IllegalArgumentException("--url and --key are required");
        }
        return new LoadOptions(URI.create(url), key, deployment, rate, duration, batch, concurrency, queries, operator);
    }

    static Duration duration(String value) {
        if (value.startsWith("P") || value.startsWith("p")) {
            return Duration.parse(value);
        }
        if (value.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
        }
        long amount = Long.parseLong(value.substring(0, value.length() - 1));
        return switch (value.charAt(value.length() - 1)) {
            case 's' -> Duration.ofSeconds(amount);
            case 'm' -> Duration.ofMinutes(amount);
            case 'h' -> Duration.ofHours(amount);
            default -> Duration.ofSeconds(Long.parseLong(value));
        };
    }
}
