package dev.inferencemetrics.capacity;

/**
 * Intervals of similar concurrency merged into one point of the knee's curve: their mean concurrency and throughput,
 * and the p50 and p99 of all their ok requests' TTFT (milliseconds).
 */
public record LoadGroup(double concurrency, double requestsPerSecond, double ttftP50, double ttftP99, long requests) {

    /** ln(p99 ÷ throughput): falls while more requests in flight buy throughput, rises once they mostly wait. */
    double tailPerThroughput() {
        return Math.log(ttftP99 / requestsPerSecond);
    }
}
