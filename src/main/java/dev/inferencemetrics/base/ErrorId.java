package dev.inferencemetrics.base;

import java.security.SecureRandom;
import org.slf4j.Logger;

/**
 * A short random id that ties what a person or an API caller is told about a failure of ours to its entry in the
 * log, so an operator finds the stack trace from the id someone reports.
 */
public final class ErrorId {

    private static final String ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
    private static final int LENGTH = 8;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ErrorId() {}

    /** Logs the failure at ERROR with its stack trace under a new id, and returns the id. */
    public static String logged(Logger log, String what, Throwable failure) {
        String id = next();
        log.error("[{}] {}", id, what, failure);
        return id;
    }

    /** The sentence a person or caller is told: plain, the same everywhere. */
    public static String sentence(String id) {
        return "Something went wrong on our side. If it happens again, tell your operator error id " + id + ".";
    }

    static String next() {
        char[] id = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            id[i] = ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length()));
        }
        return new String(id);
    }
}
