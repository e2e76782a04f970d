package dev.inferencemetrics.database;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/** Matches when {@code spring.datasource.url} (or {@code SPRING_DATASOURCE_URL}) is absent or blank. */
class NoDatabaseUrlConfigured extends SpringBootCondition {

    static final String URL_PROPERTY = "spring.datasource.url";

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String url = context.getEnvironment().getProperty(URL_PROPERTY);
        return StringUtils.hasText(url)
                ? ConditionOutcome.noMatch(URL_PROPERTY + " is set")
                : ConditionOutcome.match(URL_PROPERTY + " is not set");
    }
}
