package dev.inferencemetrics.billing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * How much of a window's GPU cost rests on scraped replicas: the minutes costed from scrapes (those under a GPU cost
 * whose replicas come from scrapes, up to the last minute that has ended), the minutes among them in which any engine
 * replica answered a scrape, and the replica-minutes counted (over those minutes, the replicas that answered in each).
 * A minute in which no replica answered costs nothing: when {@link #partial()}, the GPU cost covers only the scraped
 * minutes.
 */
public record ScrapedCoverage(long minutes, long scrapedMinutes, long replicaMinutes) {

    public static final ScrapedCoverage NONE = new ScrapedCoverage(0, 0, 0);

    public ScrapedCoverage {
        if (minutes < 0 || scrapedMinutes < 0 || scrapedMinutes > minutes || replicaMinutes < scrapedMinutes) {
            throw new IllegalArgumentException("minutes " + minutes + ", scraped " + scrapedMinutes
                    + ", replica-minutes " + replicaMinutes + " do not fit together");
        }
    }

    /** Whether any of the window was costed from scrapes. */
    public boolean any() {
        return minutes > 0;
    }

    /** Whether some minute costed from scrapes had no replica answering, so its cost is not in the figure. */
    public boolean partial() {
        return scrapedMinutes < minutes;
    }

    /** Replica-minutes ÷ 60, to the ten-thousandth of an hour (half to even). */
    public BigDecimal replicaHours() {
        return BigDecimal.valueOf(replicaMinutes).divide(BigDecimal.valueOf(60), 4, RoundingMode.HALF_EVEN);
    }

    public ScrapedCoverage plus(ScrapedCoverage other) {
        return new ScrapedCoverage(
                Math.addExact(minutes, other.minutes),
                Math.addExact(scrapedMinutes, other.scrapedMinutes),
                Math.addExact(replicaMinutes, other.replicaMinutes));
    }

    /** "58 of 60 minutes scraped, 95.5 replica-hours": what the figure rests on, in words. */
    public String text() {
        return String.format(
                Locale.ROOT,
                "%,d of %,d minutes scraped, %s replica-hours",
                scrapedMinutes,
                minutes,
                replicaHours().stripTrailingZeros().toPlainString());
    }
}
