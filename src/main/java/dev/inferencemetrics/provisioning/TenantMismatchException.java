package dev.inferencemetrics.provisioning;

/** A provisioning call named another tenant than the one the deployment belongs to; a deployment never moves. */
public class TenantMismatchException extends RuntimeException {

    TenantMismatchException(String deploymentSlug, String askedTenantSlug) {
        super("deployment " + deploymentSlug + " belongs to another tenant than " + askedTenantSlug
                + "; a deployment never changes tenant (archive it and create one under a new slug)");
    }
}
