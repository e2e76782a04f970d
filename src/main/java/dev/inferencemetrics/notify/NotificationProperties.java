package dev.inferencemetrics.notify;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param mailFrom the sender address of alert e-mails
 * @param maxAttempts attempts per message before it is given up (recorded as abandoned)
 * @param firstRetry the wait after the first failed attempt; each further one doubles it, up to an hour
 * @param sendDeadline how long one send may take in all — connecting, the answer's headers and its body — before it
 *     is abandoned as a failed attempt (retried later)
 * @param concurrentSends messages being sent at once, over every tenant
 * @param concurrentSendsPerTenant messages of one tenant being sent at once, so a tenant whose receivers are slow holds
 *     only its own share of the senders
 * @param allowPrivateAddresses an operator's leave for every channel to reach private, loopback and link-local
 *     addresses (a receiver on the same host or network); off, only channels an operator allowed one by one may
 */
@ConfigurationProperties("inference-metrics.notifications")
public record NotificationProperties(
        String mailFrom,
        Integer maxAttempts,
        Duration firstRetry,
        Duration sendDeadline,
        Integer concurrentSends,
        Integer concurrentSendsPerTenant,
        boolean allowPrivateAddresses) {

    public NotificationProperties {
        mailFrom = mailFrom == null ? "alerts@inference-metrics.invalid" : mailFrom;
        maxAttempts = maxAttempts == null ? 8 : maxAttempts;
        firstRetry = firstRetry == null ? Duration.ofSeconds(30) : firstRetry;
        sendDeadline = sendDeadline == null ? Duration.ofSeconds(10) : sendDeadline;
        concurrentSends = concurrentSends == null ? 8 : concurrentSends;
        concurrentSendsPerTenant = concurrentSendsPerTenant == null ? 2 : concurrentSendsPerTenant;
    }

    /** The wait before attempt {@code attempts + 1}, after {@code attempts} failed ones. */
    Duration backoff(int attempts) {
        Duration wait = firstRetry.multipliedBy(1L << Math.min(attempts - 1, 16));
        return wait.compareTo(Duration.ofHours(1)) > 0 ? Duration.ofHours(1) : wait;
    }

    /** The deadline as people read it: "10 s", or "500 ms" below a second. */
    String deadlineText() {
        long millis = sendDeadline.toMillis();
        return millis % 1_000 == 0 ? millis / 1_000 + " s" : millis + " ms";
    }
}
