package dev.inferencemetrics.rollup;

import java.util.Optional;

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

    /** The marks a value may hold besides letters and digits, though not as its first character. */
    private static final String MARKS = "._:/@+-";

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

    /**
     * Whether the value is letters, digits and {@link #MARKS}, starting with a letter or digit (ASCII only): the
     * pattern {@code [A-Za-z0-9][A-Za-z0-9._:/@+-]*} without a regular expression, which showed among ingest's costs
     * in a profile.
     */
    private static boolean isLabel(String value) {
        if (!isLetterOrDigit(value.charAt(0))) {
            return false;
        }
        for (int i = 1; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!isLetterOrDigit(c) && MARKS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLetterOrDigit(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }

    /** Why {@code value} is not a usable value of this dimension, or empty when it is. */
    public Optional<String> problem(String value) {
        if (value.isEmpty() || value.length() > maxLength) {
            return Optional.of(code + " must be 1 to " + maxLength + " characters");
        }
        if (!isLabel(value)) {
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
