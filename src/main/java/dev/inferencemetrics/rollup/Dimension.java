package dev.inferencemetrics.rollup;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a request may be broken down by: the consumer a gateway served it for (a customer, project or key label), the
 * LoRA adapter it ran with, and its priority class. A value is a label, never a secret: letters, digits and
 * {@code . _ : / @ + -}, starting with a letter or digit, at most {@link #maxLength()} characters.
 */
public enum Dimension {
    CONSUMER("consumer", 128),
    ADAPTER("adapter", 128),
    PRIORITY("priority", 32);

    /** How many values of one dimension a deployment counts on their own per UTC day; the rest count as "other". */
    public static final int VALUES_PER_DAY = 500;

    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/@+-]*");

    /** Prefixes of credentials that are never a label: our API keys, OpenAI-style keys, bearer tokens and JWTs. */
    private static final String[] SECRET_PREFIXES = {"imk_", "sk-", "Bearer", "bearer", "eyJ"};

    private final String code;
    private final int maxLength;

    Dimension(String code, int maxLength) {
        this.code = code;
        this.maxLength = maxLength;
    }

    /** The name in the API, the ingest body and the database. */
    public String code() {
        return code;
    }

    public int maxLength() {
        return maxLength;
    }

    public static Optional<Dimension> fromCode(String code) {
        for (Dimension dimension : values()) {
            if (dimension.code.equals(code)) {
                return Optional.of(dimension);
            }
        }
        return Optional.empty();
    }

    /** Why {@code value} is not a usable value of this dimension, or empty when it is. */
    public Optional<String> problem(String value) {
        if (value.isEmpty() || value.length() > maxLength) {
            return Optional.of(code + " must be 1 to " + maxLength + " characters");
        }
        if (!VALUE.matcher(value).matches()) {
            return Optional.of(
                    code + " may hold only letters, digits and . _ : / @ + -, starting with a letter or" + " digit");
        }
        for (String prefix : SECRET_PREFIXES) {
            if (value.startsWith(prefix)) {
                return Optional.of(code + " looks like a credential (it starts with " + prefix
                        + "); send a label that names the " + code + ", never a key or token");
            }
        }
        return Optional.empty();
    }
}
