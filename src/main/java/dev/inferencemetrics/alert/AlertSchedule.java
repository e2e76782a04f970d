package dev.inferencemetrics.alert;

import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.notify.DeliveryWorker;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Runs the alerting job every minute on this instance, unless {@code inference-metrics.alerts.evaluator=false}. */
@Component
@ConditionalOnBooleanProperty(name = "inference-metrics.alerts.evaluator", matchIfMissing = true)
class AlertSchedule {

    private static final Logger log = LoggerFactory.getLogger(AlertSchedule.class);

    private final AlertTicker ticker;
    private final SchedulerLease lease;

    AlertSchedule(SchedulerLease lease, AlertEvaluator evaluator, DeliveryWorker deliveries, Clock clock) {
        this.lease = lease;
        this.ticker = new AlertTicker(lease, evaluator, deliveries, clock);
    }

    @Scheduled(initialDelayString = "PT20S", fixedDelayString = "PT1M")
    void tick() {
        try {
            ticker.tick()
                    .filter(run -> run.failed() > 0)
                    .ifPresent(run -> log.warn("Alert evaluation: {} deployments failed", run.failed()));
        } catch (RuntimeException e) {
            log.warn("Alert evaluation failed; the next turn tries again: {}", e.toString());
        }
    }

    /** Hands the lease on at shutdown, so another instance evaluates from its next turn on. */
    @PreDestroy
    void stop() {
        try {
            lease.release(AlertTicker.LEASE);
        } catch (RuntimeException e) {
            log.debug("The alert lease could not be released; it expires by itself", e);
        }
    }
}
