package dev.inferencemetrics.loadgen;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The deployments a load is spread over: one named deployment, or a fleet of {@code count} named
 * {@code <prefix>-0001} to {@code <prefix>-<count>}. Batches go to them in turn, so each receives the rate divided by
 * their number, in whole batches — as a fleet of gateways flushing every few seconds would send.
 */
record TargetDeployments(List<String> slugs) {

    /** Four digits at least, so a fleet's slugs sort in their numbers' order up to 9,999. */
    private static final int MINIMUM_DIGITS = 4;

    /** Enough for any fleet worth simulating; each slug is provisioned and kept in memory. */
    static final int MAX_FLEET = 100_000;

    TargetDeployments {
        if (slugs.isEmpty()) {
            throw new IllegalArgumentException("at least one deployment is needed");
        }
        slugs = List.copyOf(slugs);
    }

    static TargetDeployments one(String slug) {
        return new TargetDeployments(List.of(slug));
    }

    static TargetDeployments fleet(String prefix, int count) {
        if (count < 1 || count > MAX_FLEET) {
            throw new IllegalArgumentException("--deployments must be from 1 to 100,000");
        }
        int digits = Math.max(MINIMUM_DIGITS, Integer.toString(count).length());
        if (!(prefix + "-" + "0".repeat(digits)).matches(DeploymentDefinition.SLUG_PATTERN)) {
            throw new IllegalArgumentException("--deployment-prefix: " + prefix + "-" + "0".repeat(digits - 1) + "1"
                    + " is not a valid slug (lowercase letters, digits and hyphens, first a letter or digit,"
                    + " 63 characters at most)");
        }
        String format = "%s-%0" + digits + "d";
        return new TargetDeployments(IntStream.rangeClosed(1, count)
                .mapToObj(number -> String.format(Locale.ROOT, format, prefix, number))
                .toList());
    }

    int count() {
        return slugs.size();
    }

    /** The deployment the {@code index}-th batch (or query) goes to: round robin over the fleet. */
    String forCall(long index) {
        return slugs.get((int) Math.floorMod(index, (long) slugs.size()));
    }

    /** Samples per second each deployment receives of a load of {@code samplesPerSecond}. */
    double samplesPerSecondEach(double samplesPerSecond) {
        return samplesPerSecond / slugs.size();
    }

    /** For the report's first line: "deployment sandbox" or "1,000 deployments fleet-0001 … fleet-1000". */
    String describe() {
        return slugs.size() == 1
                ? "deployment " + slugs.getFirst()
                : String.format(
                        Locale.ROOT, "%,d deployments %s … %s", slugs.size(), slugs.getFirst(), slugs.getLast());
    }
}
