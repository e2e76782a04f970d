package dev.inferencemetrics.demo;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param enabled whether to seed demo tenants, users, deployments and keys; unset means "only on the embedded
 *     database"
 * @param password the password of every demo account
 * @param apiKeys a fixed API key per demo tenant slug (scopes ingest, metrics:read, usage:read), so documented curl
 *     examples work as written; demo only
 * @param operatorKey a fixed operator key (scope admin) of the demo operator, so provisioning examples and the load
 *     generator's {@code --admin-key} work without a visit to the Operator keys page; demo only
 */
@ConfigurationProperties("inference-metrics.demo")
public record DemoProperties(
        @Nullable Boolean enabled,
        String password,
        Map<String, String> apiKeys,
        @Nullable String operatorKey) {

    public DemoProperties {
        if (password == null || password.isBlank()) {
            password = "demo";
        }
        apiKeys = apiKeys == null ? Map.of() : Map.copyOf(apiKeys);
    }
}
