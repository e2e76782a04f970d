package dev.inferencemetrics.demo;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param enabled whether to seed demo tenants, users and deployments; unset means "only on the embedded database"
 * @param password the password of every demo account
 */
@ConfigurationProperties("inference-metrics.demo")
public record DemoProperties(@Nullable Boolean enabled, String password) {

    public DemoProperties {
        if (password == null || password.isBlank()) {
            password = "demo";
        }
    }
}
