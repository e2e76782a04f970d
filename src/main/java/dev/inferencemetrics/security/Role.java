package dev.inferencemetrics.security;

/** What a signed-in person may do. Operators run the platform; the two tenant roles see one tenant only. */
public enum Role {
    OPERATOR,
    TENANT_ADMIN,
    TENANT_VIEWER;

    /** The Spring Security authority for this role, as {@code @RolesAllowed} expects it. */
    public String authority() {
        return "ROLE_" + name();
    }

    public boolean isTenantScoped() {
        return this != OPERATOR;
    }
}
