package dev.inferencemetrics.alert;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param evaluator whether this instance takes part in evaluating rules (one instance at a time evaluates; the
 *     others stand by)
 * @param publicUrl where people open the dashboard: the base of the links in notifications
 */
@ConfigurationProperties("inference-metrics.alerts")
public record AlertProperties(Boolean evaluator, URI publicUrl) {

    public AlertProperties {
        evaluator = evaluator == null || evaluator;
        publicUrl = publicUrl == null ? URI.create("http://localhost:8080") : publicUrl;
    }
}
