package dev.inferencemetrics.loadgen;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the load generator was asked to do.
 *
 * @param adminKey an operator key (scope admin) to create or update the deployments with first; null to skip that
 * @param tenant the tenant the provisioned deployments belong to: the tenant of {@code key}
 * @param database a JDBC URL of the dashboard's database, to report its growth; null to skip that
 */
record LoadOptions(
        URI url,
        String key,
        TargetDeployments deployments,
        double samplesPerSecond,
        Duration duration,
        int batch,
        int concurrency,
        double queriesPerSecond,
        double fleetQueriesPerSecond,
        @Nullable String operator,
        @Nullable String adminKey,
        @Nullable String tenant,
        @Nullable String database) {

    static final String USAGE = """
            usage: java -jar inference-metrics.jar load --url URL --key KEY [options]
              --url URL               the dashboard, an absolute http or https URL: http://localhost:8080
              --key KEY               an API key with scopes ingest and metrics:read
              --deployment SLUG       the deployment to send to (default: sandbox)
              --deployments N         spread the load over N deployments instead (at most 100,000), in turn,
                                      a batch each: PREFIX-0001 … PREFIX-N (each gets the rate ÷ N)
              --deployment-prefix P   the slugs' prefix with --deployments (default: fleet): lowercase
                                      letters, digits and hyphens, so that PREFIX-0001 is a valid slug
              --admin-key KEY         an operator key (scope admin): first create or update the deployments
                                      with PUT /api/v1/deployments/{slug} (idempotent; needs --tenant)
              --tenant SLUG           the tenant of --key, which the provisioned deployments belong to
              --rate N/s              samples per second to send, at most 1,000,000/s (default: 2000/s)
              --duration D            how long to run, more than 0s: 60s, 5m, or ISO-8601 like PT2M
                                      (default: 60s)
              --batch N               samples per request (default: 1000, at most 10000)
              --concurrency N         requests in flight at most (default: 8)
              --queries N/s           Metrics page queries per second alongside the load, the last hour of
                                      each deployment in turn, at most 1,000/s (default: 0)
              --fleet-queries N/s     fleet overview reads per second, GET /api/v1/fleet, at most 1,000/s
                                      (default: 0); of each kind 32 at most wait for an answer at once,
                                      and one due beyond them is skipped and counted as failed
              --operator USER:PW      an operator's sign-in, to report the dashboard's heap use (default: none)
              --database JDBC_URL     the dashboard's PostgreSQL, to report how much the database grew
                                      (default: none); the password is better kept in ~/.pgpass (or the
                                      file PGPASSFILE names) than in the URL, where ps shows it to all;
                                      PGPASSWORD is not read by the driver, and messages never print it""";

    private static final Set<String> OPTIONS = Set.of(
            "--url",
            "--key",
            "--deployment",
            "--deployments",
            "--deployment-prefix",
            "--admin-key",
            "--tenant",
            "--rate",
            "--duration",
            "--batch",
            "--concurrency",
            "--queries",
            "--fleet-queries",
            "--operator",
            "--database");

    /** Far above what one dashboard stores; a typo such as 1e9 would only spin the sending loop. */
    static final double MAX_SAMPLES_PER_SECOND = 1_000_000;

    static final double MAX_QUERIES_PER_SECOND = 1_000;
    static final int MAX_BATCH = 10_000;

    LoadOptions {
        // written so that NaN fails every comparison, and the bounds keep infinity out
        if (!(samplesPerSecond > 0 && samplesPerSecond <= MAX_SAMPLES_PER_SECOND)) {
            throw new IllegalArgumentException("--rate must be above 0 and at most 1,000,000/s");
        }
        if (!(queriesPerSecond >= 0 && queriesPerSecond <= MAX_QUERIES_PER_SECOND)) {
            throw new IllegalArgumentException("--queries must be from 0 to 1,000/s");
        }
        if (!(fleetQueriesPerSecond >= 0 && fleetQueriesPerSecond <= MAX_QUERIES_PER_SECOND)) {
            throw new IllegalArgumentException("--fleet-queries must be from 0 to 1,000/s");
        }
        if (batch < 1 || batch > MAX_BATCH) {
            throw new IllegalArgumentException("--batch must be from 1 to 10,000");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1");
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--duration must be longer than 0s");
        }
        if (adminKey != null && tenant == null) {
            throw new IllegalArgumentException("--admin-key needs --tenant, the tenant of --key");
        }
    }

    /** Said at the start when the run has fewer batches than deployments, so that some receive nothing. */
    Optional<String> unreachedDeploymentsWarning() {
        long batches = (long) (samplesPerSecond * duration.toNanos() / 1e9 / batch);
        if (batches >= deployments.count()) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "warning: %,d batches of %,d in the run for %,d deployments: %,d of them receive nothing;"
                        + " raise --rate or --duration, or lower --batch",
                batches,
                batch,
                deployments.count(),
                deployments.count() - batches));
    }

    static LoadOptions parse(List<String> args) {
        Map<String, String> given = pairs(args);
        if (!given.containsKey("--url") || !given.containsKey("--key")) {
            throw new IllegalArgumentException("--url and --key are required");
        }
        return new LoadOptions(
                OptionValues.url(given.get("--url")),
                given.get("--key"),
                deployments(given),
                OptionValues.perSecond("--rate", given.getOrDefault("--rate", "2000")),
                OptionValues.duration(given.getOrDefault("--duration", "60s")),
                OptionValues.whole("--batch", given.getOrDefault("--batch", "1000")),
                OptionValues.whole("--concurrency", given.getOrDefault("--concurrency", "8")),
                OptionValues.perSecond("--queries", given.getOrDefault("--queries", "0")),
                OptionValues.perSecond("--fleet-queries", given.getOrDefault("--fleet-queries", "0")),
                given.get("--operator"),
                given.get("--admin-key"),
                given.get("--tenant"),
                given.get("--database"));
    }

    private static Map<String, String> pairs(List<String> args) {
        Map<String, String> given = new HashMap<>();
        for (Iterator<String> it = args.iterator(); it.hasNext(); ) {
            String option = it.next();
            if (!OPTIONS.contains(option)) {
                throw new IllegalArgumentException("unknown option " + option);
            }
            if (!it.hasNext()) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            given.put(option, it.next());
        }
        return given;
    }

    private static TargetDeployments deployments(Map<String, String> given) {
        if (!given.containsKey("--deployments")) {
            if (given.containsKey("--deployment-prefix")) {
                throw new IllegalArgumentException("--deployment-prefix names a fleet: give --deployments too");
            }
            return TargetDeployments.one(given.getOrDefault("--deployment", "sandbox"));
        }
        if (given.containsKey("--deployment")) {
            throw new IllegalArgumentException("give --deployment or --deployments, not both");
        }
        return TargetDeployments.fleet(
                given.getOrDefault("--deployment-prefix", "fleet"),
                OptionValues.whole("--deployments", given.get("--deployments")));
    }
}
