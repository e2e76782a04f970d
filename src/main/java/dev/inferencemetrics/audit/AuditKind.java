package dev.inferencemetrics.audit;

/** What happened. Stored by name, so names never change; labels may. */
public enum AuditKind {
    SIGN_IN_SUCCEEDED("Signed in"),
    SIGN_IN_FAILED("Sign-in failed"),
    SIGNED_OUT("Signed out"),
    API_KEY_CREATED("API key created"),
    API_KEY_REVOKED("API key revoked"),
    USER_CREATED("User created"),
    USER_ROLE_CHANGED("User role changed"),
    USER_DISABLED("User disabled"),
    USER_ENABLED("User enabled"),
    USER_PASSWORD_SET("User password set"),
    SIGN_IN_UNLOCKED("Sign-in unlocked"),
    PASSWORD_CHANGED("Own password changed"),
    DEPLOYMENT_CHANGED("Deployment changed"),
    TENANT_CHANGED("Tenant changed"),
    CROSS_TENANT_ACCESS("Operator cross-tenant access"),
    SLO_CHANGED("SLO objective changed"),
    ALERT_RULE_CHANGED("Alert rule changed"),
    ALERT_SILENCED("Alerts silenced"),
    ALERT_ACKNOWLEDGED("Alert acknowledged"),
    CHANNEL_CHANGED("Notification channel changed"),
    SCRAPE_TARGET_CHANGED("Scrape target changed"),
    SCRAPE_ALLOW_LIST_CHANGED("Scrape allow-list changed"),
    ANNOTATION_CHANGED("Annotation changed"),
    GPU_COST_CHANGED("GPU cost changed");

    private final String label;

    AuditKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
