package dev.inferencemetrics.security;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/** Creates the first operator from configuration, so an installation without demo data can be signed in to. */
@Component
@EnableConfigurationProperties(BootstrapOperatorProperties.class)
class BootstrapOperator implements ApplicationRunner {

    static final int MIN_PASSWORD_LENGTH = PasswordRules.MIN_LENGTH;
    private static final Logger log = LoggerFactory.getLogger(BootstrapOperator.class);

    private final BootstrapOperatorProperties properties;
    private final UserAccounts users;

    BootstrapOperator(BootstrapOperatorProperties properties, UserAccounts users) {
        this.properties = properties;
        this.users = users;
    }

    @Override
    public void run(ApplicationArguments args) {
        String username = properties.username();
        if (!StringUtils.hasText(username) || users.anyOperatorExists()) {
            return;
        }
        String password = properties.password();
        if (password == null || password.length() < MIN_PASSWORD_LENGTH) {
            throw new IllegalStateException("inference-metrics.bootstrap-operator.password must have at least "
                    + MIN_PASSWORD_LENGTH + " characters");
        }
        users.createIfAbsent(null, username, username, password, Role.OPERATOR);
        log.info("Created the first operator '{}'", username);
    }
}
