package dev.inferencemetrics.billing;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The export formats. */
public enum UsageFormat {
    CSV("csv", "text/csv; charset=UTF-8; header=present"),
    JSON("json", "application/json");

    private final String code;
    private final String contentType;

    UsageFormat(String code, String contentType) {
        this.code = code;
        this.contentType = contentType;
    }

    /** The name in the API's format parameter, also the file extension. */
    public String code() {
        return code;
    }

    public String contentType() {
        return contentType;
    }

    public static Optional<UsageFormat> fromCode(String code) {
        String wanted = code.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.code.equals(wanted)).findFirst();
    }
}
