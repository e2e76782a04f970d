package dev.inferencemetrics.notify;

/** A message could not be sent; the message is what the delivery records as its last error. */
public class DeliveryException extends Exception {

    public DeliveryException(String message) {
        super(message);
    }
}
