package dev.inferencemetrics.scrape;

/** One engine's name for one of our metrics, and how to read it. */
sealed interface Alias {

    /** The engine (or engine version) that writes this name, for the README table. */
    String engine();

    /** A gauge; a ratio (0–1) becomes a percentage. */
    record Gauge(String engine, String name, boolean ratio) implements Alias {}

    /** A counter, reported as its rate per second between two scrapes. */
    record Counter(String engine, String name) implements Alias {}

    /** The ratio of two counters' increases between two scrapes, as a percentage. */
    record CounterRatio(String engine, String numerator, String denominator) implements Alias {}

    /** A histogram in seconds: {@code name_bucket} series with an {@code le} label. */
    record Histogram(String engine, String name) implements Alias {}

    /**
     * A gauge written once per GPU (told apart by its {@code gpu}, {@code UUID} and MIG {@code GPU_I_ID} labels): each GPU's reading counts, times {@code scale} (100
     * for a 0–1 ratio, 1 otherwise).
     */
    record PerGpu(String engine, String name, double scale) implements Alias {}

    /** Memory used of each GPU as a percentage of used + free, from the two gauges of that GPU. */
    record GpuMemory(String engine, String used, String free) implements Alias {}
}
