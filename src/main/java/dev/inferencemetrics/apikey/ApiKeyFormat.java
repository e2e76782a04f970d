package dev.inferencemetrics.apikey;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The shape of an API key: {@code imk_} + 32 random base-62 characters (190 bits) + a 6-character CRC-32 checksum.
 * The recognisable prefix lets secret scanners find leaked keys; the checksum rejects typos without a database
 * look-up. The first {@value #PREFIX_LENGTH} characters identify the key in lists; only a SHA-256 digest is stored.
 */
public final class ApiKeyFormat {

    public static final String MARKER = "imk_";
    public static final int PREFIX_LENGTH = 12;

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int RANDOM_LENGTH = 32;
    private static final int CHECKSUM_LENGTH = 6;
    private static final Pattern SHAPE = Pattern.compile("imk_[0-9A-Za-z]{" + (RANDOM_LENGTH + CHECKSUM_LENGTH) + "}");

    private ApiKeyFormat() {}

    public static String generate(SecureRandom random) {
        StringBuilder body = new StringBuilder(MARKER);
        for (int i = 0; i < RANDOM_LENGTH; i++) {
            body.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return body.append(checksum(body)).toString();
    }

    /** Whether the text has the shape of a key and its checksum matches. */
    public static boolean isWellFormed(String key) {
        if (!SHAPE.matcher(key).matches()) {
            return false;
        }
        int split = key.length() - CHECKSUM_LENGTH;
        return checksum(key.substring(0, split)).equals(key.substring(split));
    }

    public static String prefixOf(String key) {
        return key.substring(0, PREFIX_LENGTH);
    }

    public static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private static String checksum(CharSequence body) {
        CRC32 crc = new CRC32();
        crc.update(body.toString().getBytes(StandardCharsets.US_ASCII));
        long value = crc.getValue();
        char[] digits = new char[CHECKSUM_LENGTH];
        for (int i = CHECKSUM_LENGTH - 1; i >= 0; i--) {
            digits[i] = ALPHABET.charAt((int) (value % ALPHABET.length()));
            value /= ALPHABET.length();
        }
        return new String(digits);
    }
}
