package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The first operator of a fresh installation, created at start-up while no operator exists.
 *
 * @param username the operator's user name; nothing is created while unset
 * @param password the initial password (at least 12 characters); change it after the first sign-in
 */
@ConfigurationProperties("inference-metrics.bootstrap-operator")
public record BootstrapOperatorProperties(
        @Nullable String username, @Nullable String password) {}
