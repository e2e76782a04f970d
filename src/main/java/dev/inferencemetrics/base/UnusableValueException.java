package dev.inferencemetrics.base;

/**
 * A value someone sent or typed that cannot be used (a window too wide, a date past the calendar), with a reason in
 * plain words for them. Pages and the API tell it apart from failures of ours by this type alone; it stays an
 * {@link IllegalArgumentException} so a form that catches those still shows the reason beside its field.
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
}
