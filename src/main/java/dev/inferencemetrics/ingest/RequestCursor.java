package dev.inferencemetrics.ingest;

import dev.inferencemetrics.base.UnusableValueException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/**
 * Where a drill-down page ended: the last row's sort key, time and request id, which order every row uniquely (the
 * request id and time are a sample's key). Opaque to callers: URL-safe Base64.
 */
public record RequestCursor(double key, Instant ts, String requestId) {

    public String encoded() {
        String plain = key + "|" + ts + "|" + requestId;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws UnusableValueException if the text is no cursor this service gave out */
    public static RequestCursor decode(String text) {
        try {
            String plain = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
            String[] parts = plain.split("\\|", 3);
            return new RequestCursor(Double.parseDouble(parts[0]), Instant.parse(parts[1]), parts[2]);
        } catch (RuntimeException e) {
            throw new UnusableValueException("after must be the next cursor of a previous page");
        }
    }
}
