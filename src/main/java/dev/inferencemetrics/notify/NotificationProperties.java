package dev.inferencemetrics.notify;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param mailFrom the sender address of alert e-mails
 * @param maxAttempts attempts per message before it is given up (recorded as abandoned)
 * @param firstRetry the wait after the first failed attempt; each further one doubles it, up to an hour
 * @param sendBudget how long one round of sending may take, so a slow receiver never holds up the next evaluation
 * @param allowPrivateAddresses an operator's leave for every channel to reach private, loopback and link-local
 *     addresses (a receiver on the same host or network); off, only channels an operator allowed one by one may
 */
@ConfigurationProperties("inference-metrics.notifications")
public record NotificationProperties(
        String mailFrom, Integer maxAttempts, Duration firstRetry, Duration sendBudget, boolean allowPrivateAddresses) {

    public NotificationProperties {
        mailFrom = mailFrom == null ? "alerts@inference-metrics.invalid" : mailFrom;
        maxAttempts = maxAttempts == null ? 8 : maxAttempts;
        firstRetry = firstRetry == null ? Duration.ofSeconds(30) : firstRetry;
        sendBudget = sendBudget == null ? Duration.ofSeconds(30) : sendBudget;
    }

    /** The wait before attempt {@code attempts + 1}, after {@code attempts} failed ones. */
    Duration backoff(int attempts) {
        Duration wait = firstRetry.multipliedBy(1L << Math.min(attempts - 1, 16));
        return wait.compareTo(Duration.ofHours(1)) > 0 ? Duration.ofHours(1) : wait;
    }
}
