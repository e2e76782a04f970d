package dev.inferencemetrics.security;

/**
 * A sign-in was refused. {@code reason} is {@value #BAD_CREDENTIALS} (unknown user or wrong password),
 * {@value #DISABLED} or {@value #THROTTLED} (too many recent failures; the password was not checked).
 */
public record SignInFailed(String username, String address, String reason) {

    public static final String BAD_CREDENTIALS = "bad-credentials";
    public static final String DISABLED = "disabled";
    public static final String THROTTLED = "throttled";
}
