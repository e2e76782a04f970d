package dev.inferencemetrics.scrape;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Looks for due targets every poll interval (half a second by default), unless scraping is switched off. */
@Component
@ConditionalOnProperty(name = "inference-metrics.scrape.enabled", havingValue = "true", matchIfMissing = true)
class ScrapeSchedule {

    private final ScrapeRunner runner;

    ScrapeSchedule(ScrapeRunner runner) {
        this.runner = runner;
    }

    @Scheduled(fixedDelayString = "${inference-metrics.scrape.poll:PT0.5S}", initialDelayString = "PT10S")
    void launchDue() {
        runner.launchDue();
    }
}
