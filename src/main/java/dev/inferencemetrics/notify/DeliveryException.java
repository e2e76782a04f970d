package dev.inferencemetrics.notify;

/** A message could not be sent; the message is what the delivery records as its last error. */
public class DeliveryException extends Exception {

    private final String reason;

    public DeliveryException(String message) {
        super(message);
        this.reason = message;
    }

    /** Never null: every delivery failure says why. */
    @Override
    public String getMessage() {
        return reason;
    }
}
