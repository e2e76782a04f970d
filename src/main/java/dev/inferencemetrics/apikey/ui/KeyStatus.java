package dev.inferencemetrics.apikey.ui;

import dev.inferencemetrics.apikey.ApiKeyInfo;
import java.time.Instant;

/** Whether a key still opens the API. */
enum KeyStatus {
    ACTIVE("Active"),
    EXPIRED("Expired"),
    REVOKED("Revoked");

    private final String label;

    KeyStatus(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    static KeyStatus of(ApiKeyInfo key, Instant now) {
        if (key.revokedAt() != null) {
            return REVOKED;
        }
        return key.expiresAt() != null && !now.isBefore(key.expiresAt()) ? EXPIRED : ACTIVE;
    }
}
