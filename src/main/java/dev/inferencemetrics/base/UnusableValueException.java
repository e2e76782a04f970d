package dev.inferencemetrics.base;

/**
 * A value someone sent or typed that cannot be used (a window too wide, a date past the calendar), with a reason in
 * plain words for them. Pages and the API tell it apart from failures of ours by this type alone: they catch it, and
 * never {@link IllegalArgumentException} itself, which the JDK, the libraries and our own preconditions throw for
 * bugs. It stays an IllegalArgumentException by kind, so what promised one still holds.
 */
public class UnusableValueException extends IllegalArgumentException {

    private final String reason;

    public UnusableValueException(String reason) {
        super(reason);
        this.reason = reason;
    }

    /** Never null: the reason is what the caller is told. */
    @Override
    public String getMessage() {
        return reason;
    }

    public UnusableValueException(String reason, Throwable cause) {
        super(reason, cause);
        this.reason = reason;
    }
}
