package dev.inferencemetrics.slo;

/** How many events an objective counted, and how many of them were good. */
public record EventCounts(long good, long total) {

    public static final EventCounts NONE = new EventCounts(0, 0);

    public EventCounts {
        if (good < 0 || total < good) {
            throw new IllegalArgumentException("need 0 ≤ good ≤ total: " + good + " of " + total);
        }
    }

    public long bad() {
        return total - good;
    }

    /** The share of bad events; 0 when nothing was counted, as no event has been bad. */
    public double badFraction() {
        return total == 0 ? 0 : (double) bad() / total;
    }
}
